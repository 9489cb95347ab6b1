/**
 * The TextMate grammar against the hand-written scope assertions in syntaxes/test/*.test.lcpn
 * (run by vscode-tmgrammar-test, the same tokenizer VS Code uses), and the language
 * configuration's patterns.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { gerundSpellings } from '../../server/src/model/gerunds.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const grammarPath = join(root, 'syntaxes', 'lcpn.tmLanguage.json');
const readJson = (path: string) => JSON.parse(readFileSync(join(root, path), 'utf8'));

describe('TextMate grammar', () => {
    const fixtures = readdirSync(join(root, 'syntaxes', 'test')).filter((f) => f.endsWith('.test.lcpn'));

    it('has a fixture per style', () => {
        expect(fixtures.sort()).toEqual(['c.test.lcpn', 'lisp.test.lcpn', 'sql.test.lcpn']);
    });

    it('meets every scope assertion of the fixtures', () => {
        const cli = createRequire(import.meta.url).resolve('vscode-tmgrammar-test/dist/unit.js');
        const run = spawnSync(process.execPath, [cli, '--compact', '--grammar', grammarPath, 'syntaxes/test/*.test.lcpn'], { cwd: root, encoding: 'utf8', timeout: 60_000 });
        const output = `${run.stdout}${run.stderr}`;
        expect(output).not.toMatch(/ERROR/);
        expect(run.status, output).toBe(0);
        for (const fixture of fixtures) expect(output).toContain(`${fixture} run successfuly`);
    });

    it('colours every SQL gerund the lexer reads, and no other word', () => {
        const gerund = new RegExp(`^(?:${JSON.parse(readFileSync(grammarPath, 'utf8')).repository.gerunds.match})$`, 'u');
        for (const spelling of gerundSpellings()) expect(gerund.test(spelling), spelling).toBe(true);
        for (const word of ['king', 'capture', 'fooing', 'Capturing', 'moving_on']) expect(gerund.test(word), word).toBe(false);
    });

    it('resolves every include and is what the manifest contributes', () => {
        const grammar = JSON.parse(readFileSync(grammarPath, 'utf8'));
        const includes = [...JSON.stringify(grammar).matchAll(/"include":"#([\w-]+)"/g)].map((m) => m[1]);
        for (const name of includes) expect(grammar.repository, name).toHaveProperty(name);
        const manifest = readJson('package.json');
        expect(manifest.contributes.grammars).toContainEqual({ language: 'lcpn', scopeName: grammar.scopeName, path: './syntaxes/lcpn.tmLanguage.json' });
    });
});

describe('language configuration', () => {
    const config = readJson('language-configuration.json');
    const words = (text: string) => text.match(new RegExp(config.wordPattern.pattern, `${config.wordPattern.flags}g`)) ?? [];
    const increase = new RegExp(config.indentationRules.increaseIndentPattern);
    const decrease = new RegExp(config.indentationRules.decreaseIndentPattern);

    it('keeps hyphenated names, keywords and properties whole', () => {
        expect(words('(def chinese-horse (=> wazir (ferz :forward-most)))')).toEqual(['def', 'chinese-horse', 'wazir', 'ferz', ':forward-most']);
        expect(words('king := ::royal ferz / wazir:4 / rook:2:*')).toEqual(['king', '::royal', 'ferz', 'wazir', ':4', 'rook', ':2', ':*']);
        expect(words('$is IS CHINESE_HORSE [-1, 2] pièce-ancienne')).toEqual(['$is', 'IS', 'CHINESE_HORSE', '-1', '2', 'pièce-ancienne']);
        expect(words('a->b')).toEqual(['a', 'b']);
    });

    it('indents after an open Lisp form, a C block and a SQL THEN/ELSE/IS', () => {
        for (const line of ['(def pawn', '    (cond ((= (rank) 2) (/ simple-pawn', '[def x ; comment (', 'pawn := if (rank() = 2) {',
            'pawn IS IF rank() = 2 THEN', 'ELSE', 'pawn IS', 'pawn :=  // later']) {
            expect(increase.test(line), line).toBe(true);
        }
        for (const line of ['(def knight [1 2])', '(def knight [1 2]) ; the knight', 'knight := [1, 2]', 'queen IS rook OR bishop', '; (def', '  simple_pawn / wazir']) {
            expect(increase.test(line), line).toBe(false);
        }
    });

    it('outdents closing brackets and SQL/C branch words', () => {
        for (const line of ['  }', '} else {', '  ELSE simple_pawn END', '  END', '  )']) expect(decrease.test(line), line).toBe(true);
        for (const line of ['  else_piece IS wazir', '  ENDING', '  (def']) expect(decrease.test(line), line).toBe(false);
    });

    it('pairs every bracket kind and quotes', () => {
        expect(config.brackets).toEqual([['(', ')'], ['[', ']'], ['{', '}']]);
        expect(config.surroundingPairs).toContainEqual(['"', '"']);
        expect(config.autoClosingPairs.map((p: { open: string }) => p.open)).toEqual(['(', '[', '{', '"']);
        expect(config.comments.lineComment).toBe(';');
    });
});
