/** Diagnostics through Langium's validation helpers, in the three styles. */
import { messageText } from './message-text.js';
import { readdirSync, readFileSync } from 'node:fs';
import { expectError, expectNoIssues, expectWarning, } from 'langium/test';
import { describe, expect, test } from 'vitest';
import type { Diagnostic } from 'vscode-languageserver-types';
import { IssueCodes } from '../../src/semantics/issue-codes.js';
import { validate } from '../lsp-helpers.js';
import { createLcpnServices } from '../../src/semantics/module.js';
import { LcpnFileSystem } from '../../src/workspace/file-system.js';
import { URI } from 'langium';
import { fileURLToPath } from 'node:url';


const summary = (diagnostics: Diagnostic[]) => diagnostics.map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${(d.data as { code?: string })?.code}`);
const fixture = (name: string) => readFileSync(new URL(`../fixtures/spec/${name}`, import.meta.url), 'utf8');
const example = (name: string) => readFileSync(new URL(`../../../examples/${name}`, import.meta.url), 'utf8');
/** Errors and warnings only: information (informal text) and hints are not complaints. */
const complaints = (diagnostics: Diagnostic[]) => summary(diagnostics.filter((d) => d.severity === 1 || d.severity === 2));

describe('the spec examples and examples/ have no false diagnostics', () => {
    // Each complaint below is one of the specification's own defects (docs/language.md, Decisions), or
    // one of the informal words it leaves undefined, whose moves are shown unrestricted (issue 25).
    const general = (keyword: string, fn: string, advisor: string) => [`${keyword} informal-keyword`, `${fn} informal-function`, `${advisor} informal-keyword`];
    test.each([
        ['c.lcpn', ['14:1 duplicate-definition', '17:1 duplicate-definition', '21:4 missing-brace', '23:4 missing-brace', ...general('28:25', '28:44', '29:16')]],
        ['sql.lcpn', ['10:1 duplicate-definition', '13:1 duplicate-definition', ...general('21:25', '21:45', '22:16'), '25:8 misspelled-gerund']],
        ['lisp.lcpn', ['13:6 duplicate-definition', '18:6 duplicate-definition', '35:6 duplicate-definition', '36:6 duplicate-definition', '49:6 duplicate-definition', ...general('44:24', '45:17', '46:20')]]
    ])('spec %s: only the specification\'s defects and informal words', async (name, expected) => {
        expect(complaints((await validate(fixture(name))).diagnostics)).toEqual(expected);
    });

    test.each(readdirSync(new URL('../../../examples/', import.meta.url)).filter((f) => f.endsWith('.lcpn')))('examples/%s: no error or warning (its imports read from disk)', async (name) => {
        const { shared } = createLcpnServices(LcpnFileSystem);
        const document = shared.workspace.LangiumDocumentFactory.fromString(example(name), URI.file(fileURLToPath(new URL(`../../../examples/${name}`, import.meta.url))));
        shared.workspace.LangiumDocuments.addDocument(document);
        await shared.workspace.DocumentBuilder.build([shared.lcpn.Prelude.document(), document], { validation: true });
        expect(complaints(document.diagnostics ?? [])).toEqual([]);
    });

    test('C style: only the pawn\'s missing braces', async () => {
        const result = await validate(fixture('c.lcpn'));
        const codes = result.diagnostics.filter((d) => d.severity === 1 || d.severity === 2).map((d) => (d.data as { code?: string }).code);
        const informal: string[] = [IssueCodes.DuplicateDefinition, IssueCodes.InformalKeyword, IssueCodes.InformalFunction];
        expect(codes.filter((c) => !informal.includes(c!))).toEqual([IssueCodes.MissingBrace, IssueCodes.MissingBrace]);
    });

    test('SQL style: moveing is flagged with a fix', async () => {
        const result = await validate(fixture('sql.lcpn'));
        expectWarning(result, /'moveing' is the spec's misspelling of 'moving'/, { code: IssueCodes.MisspelledGerund });
        expect(result.diagnostics.filter((d) => d.severity === 1)).toEqual([]);
    });

    test('Lisp style: duplicates are warned, nothing is an error', async () => {
        const result = await validate(fixture('lisp.lcpn'));
        expect(result.diagnostics.filter((d) => d.severity === 1)).toEqual([]);
        expect(summary(result.diagnostics.filter((d) => (d.data as { code?: string }).code === IssueCodes.DuplicateDefinition)))
            .toEqual(['13:6 duplicate-definition', '18:6 duplicate-definition', '35:6 duplicate-definition', '36:6 duplicate-definition', '49:6 duplicate-definition']);
    });

    test('the unbalanced Lisp pawn gets one located parse error', async () => {
        const result = await validate(fixture('pawn-unbalanced.lcpn'));
        const errors = result.diagnostics.filter((d) => d.severity === 1);
        expect(errors.length).toBe(1);
        expect(errors[0].message).toBe("the '(' on line 3, column 5 (and 1 more) is never closed: expected ')' before the end of the file");
        expect((errors[0].data as { code?: string }).code).toBe(IssueCodes.UnclosedBracket);
        expect(errors[0].relatedInformation?.[0].location.range.start).toEqual({ line: 2, character: 4 });
    });
});

describe.each([
    ['lisp', '(def knight [1 2])\n(def nightrider (knigth :rider))'],
    ['c', 'knight := [1, 2]\nnightrider := knigth:rider'],
    ['sql', 'knight IS [1, 2]\nnightrider IS knigth:rider']
])('unknown piece in %s style', (_style, text) => {
    test('suggests the close name', async () => {
        const result = await validate(text);
        expectError(result, "unknown piece 'knigth': no definition in this file, the files it imports or the standard prelude; did you mean 'knight'?", { code: IssueCodes.UnknownPiece } as never);
    });
});

describe('checks', () => {
    test('duplicates compare case-insensitively with - = _', async () => {
        const result = await validate('(def chinese-horse (=> wazir (ferz :outward)))\nCHINESE_HORSE := wazir -> ferz:outward');
        expectWarning(result, "'CHINESE_HORSE' is already defined on line 1 (as 'chinese-horse'); names ignore case and treat '-' and '_' alike. Uses of 'CHINESE_HORSE' refer to the first definition.", { code: IssueCodes.DuplicateDefinition } as never);
    });

    test('cyclic definitions, direct and through others', async () => {
        const result = await validate('(def a (/ b wazir))\nb := a / ferz\nc IS c:forward');
        expectError(result, 'cyclic definition: a -> b -> a; a piece cannot be defined in terms of itself', { code: IssueCodes.CyclicDefinition } as never);
        expectError(result, 'cyclic definition: b -> a -> b; a piece cannot be defined in terms of itself', { code: IssueCodes.CyclicDefinition } as never);
        expectError(result, 'cyclic definition: c -> c; a piece cannot be defined in terms of itself', { code: IssueCodes.CyclicDefinition } as never);
    });

    test('a function named like a piece is not a cycle (Lisp-2)', async () => {
        const result = await validate('(def cannon (/ (move rook) ((& capture cannon) rook)))');
        expectNoIssues(result);
    });

    test('digits in names', async () => {
        const result = await validate('(def rook2 (wazir :rider))');
        expectError(result, "names may not contain digits ('rook2'); the spec suggests Roman numerals instead, e.g. 'rook-ii'", { code: IssueCodes.DigitInName } as never);
    });

    test('unknown keywords get suggestions', async () => {
        const result = await validate('x := wazir:fowrard');
        expectWarning(result, "unknown keyword ':fowrard': kept and shown, but it does not restrict the moves; did you mean ':forward'?", { code: IssueCodes.UnknownKeyword } as never);
    });

    test.each([
        ['(def x (wazir :sidewise))', ':sidewise', ':sideways'],
        ['x := wazir:sidewise', ':sidewise', ':sideways'],
        ['x IS wazir:leftwards', ':leftwards', ':left'],
        ['(def x (rook :orthogonally))', ':orthogonally', ':orthogonal'],
        ['(def x (ferz :diagonals))', ':diagonals', ':diagonal'],
        ['(def x (rook :horizontal))', ':horizontal', ':sideways'],
        ['(def x (rook :ahead))', ':ahead', ':forward'],
        ['(def x (=> wazir (ferz :outwards)))', ':outwards', ':outward'],
        ['(def x (=> wazir (ferz :anywhere)))', ':anywhere', ':any'],
        ['(def x (knight :widely))', ':widely', ':wide']
    ])('a keyword of the same stem or meaning as a known one is suggested (issue 25): %s', async (text, typed, meant) => {
        const result = await validate(text);
        expectWarning(result, `unknown keyword '${typed}': kept and shown, but it does not restrict the moves; did you mean '${meant}'?`, { code: IssueCodes.UnknownKeyword } as never);
    });

    test('a word of no known stem or meaning gets no suggestion', async () => {
        const result = await validate('(def x (rook :sparkly))');
        expectWarning(result, "unknown keyword ':sparkly': kept and shown, but it does not restrict the moves", { code: IssueCodes.UnknownKeyword } as never);
    });

    test('a direction keyword that selects nothing, in each style', async () => {
        for (const text of ['(def x (knight :sideways))', 'x := knight:sideways', 'x IS [1, 2]:sideways']) {
            const result = await validate(text);
            expectWarning(result, /^':sideways' selects none of the steps it restricts \(\(1,2\) \(1,-2\) \(-1,2\) \(-1,-2\) \(2,1\) \(2,-1\) \(-2,1\) \(-2,-1\)\), so it adds no move$/, { code: IssueCodes.KeywordSelectsNothing } as never);
        }
        expectNoIssues(await validate('(def crab ([2 1] :forward-most :backwards-shallow))'));
    });

    test('unknown modifier functions are warnings', async () => {
        const result = await validate('(def x (captur ferz))');
        expectWarning(result, "unknown modifier function 'captur': kept and shown, but its effect is not computed (the spec lets inventors define their own; describe it in the text); did you mean 'capture'?", { code: IssueCodes.UnknownFunction } as never);
    });

    test('Betza and Parlett strings inside LCPN: problems point at the character', async () => {
        const result = await validate('(def x (betza "fmWxQ"))\ny := parlett("o1>, c1X>")');
        expect(result.diagnostics.map((d) => `${d.range.start.line}:${d.range.start.character}-${d.range.end.character} ${d.message}`))
            .toEqual(["0:18-19 Betza: 'x' (relay/teleport) has no LCPN equivalent"]);
    });

    test('range with min > max', async () => {
        const result = await validate('(def x (rook :5 :2))');
        expectError(result, "this range's minimum (5) is larger than its maximum (2): write :2 :5", { code: 'range-min-max' } as never);
    });

    test.each([
        ['(def x (/ ferz (/ ::royal wazir)))', '(def x (/ ::royal ferz wazir))'],
        ['(def x (=> ::royal wazir))', '(def x (/ ::royal wazir))'],
        ['(def x (/ (move ::royal) wazir))', '(def x (/ ::royal wazir))'],
        ['x := ferz / ::royal / wazir', 'x := ::royal ferz / wazir'],
        ['x := ferz / ::royal wazir', 'x := ::royal ferz / wazir'],
        ['x := wazir -> ::royal', 'x := ::royal wazir'],
        ['x IS ferz OR ::royal', 'x IS ::royal ferz'],
        ['x IS wazir THEN ::royal', 'x IS ::royal wazir'],
        ['x IS ferz OR (::royal OR wazir)', 'x IS ::royal ferz OR wazir'],
        ['x IS ferz OR ::royal wazir', 'x IS ::royal ferz OR wazir']
    ])('::royal in the wrong place: the definition as it must be written, which has no error (issue 25): %s', async (text, fixed) => {
        const errors = (await validate(text)).diagnostics.filter((d) => d.severity === 1);
        expect(errors.length).toBeGreaterThan(0);
        expect(errors.map((d) => messageText(d).split(', as in ')[1])).toContain(fixed);
        expect((await validate(fixed)).diagnostics.filter((d) => d.severity === 1)).toEqual([]);
    });

    test('informal strings are information, "see text" marks an incomplete definition', async () => {
        const result = await validate('(def coordinator (=> (move queen) (igui "see text")))\n(def x "moves like the wind")');
        const codes = summary(result.diagnostics);
        expect(codes).toContain('1:41 incomplete-definition');
        expect(codes).toContain('2:8 informal-text');
        expect(result.diagnostics.filter((d) => d.severity === 1 || d.severity === 2)).toEqual([]);
    });

    test('missing } before else in C style', async () => {
        const result = await validate('p := if (rank() = 2) { wazir else { ferz }');
        expectWarning(result, "missing '}' to close this branch before 'else' (accepted, as in the spec's pawn)", { code: IssueCodes.MissingBrace } as never);
    });

    test('stray text after a definition that ended early is one error, and the definitions after it still count', async () => {
        const result = await validate('nightrider := knight:rider /\ncamel IS [1, 3]\n(def zebra [2 3]])\n(def x (/ zebra nightrider))');
        // The dangling '/' is reported at the '/', on its own line (whether the parser took 'camel' from the next line
        // as its operand and left 'IS [1, 3]' over, or stopped before the next definition).
        const errors = result.diagnostics.filter((d) => d.severity === 1);
        expect(errors.map((d) => `${d.range.start.line}:${d.range.start.character} ${(d.data as { code?: string }).code}`)).toEqual(['0:27 missing-operand', '2:17 stray-text']);
        expect(errors[0].message).toMatch(/^'\/' at the end of line 1 has nothing after it/);
        expect(errors[1].message).toBe("this ')' closes nothing: remove it, or look for a bracket closed too early before it");
    });

    test('a stray token nothing explains keeps the general message', async () => {
        const result = await validate('(def a wazir)\n:forward (def b ferz)');
        expect(result.diagnostics.filter((d) => d.severity === 1).map((d) => `${d.range.start.line}:${d.range.start.character} ${(d.data as { code?: string }).code} ${d.message}`)).toEqual([
            "1:0 stray-text unexpected ':forward': a definition starts with '(def NAME', 'NAME :=' or 'NAME IS' (did the definition before it end too early, or is an operator missing?)"
        ]);
    });

    test('a missing ) names the bracket that is open', async () => {
        const result = await validate('(def knight [1 2])\n(def rook (wazir :rider)\n(def queen (/ rook bishop))');
        expect(result.diagnostics.filter((d) => d.severity === 1).map((d) => d.message)).toEqual(["the '(' on line 2, column 1 is never closed: expected ')' before the next definition"]);
    });

    test('a syntax error does not cascade into the next definition', async () => {
        const result = await validate('(def a (/ wazir ferz)\n(def b [1 2])\nc := b / ');
        // Each unfinished definition is reported on its own line, where it is unfinished; line 2 is fine.
        expect(summary(result.diagnostics.filter((d) => d.severity === 1))).toEqual(['1:21 unclosed-bracket', '3:8 missing-operand']);
        expect(result.diagnostics[0].relatedInformation?.[0].location.range.start).toEqual({ line: 0, character: 0 });
    });
});

describe('a syntax error leaves parts of the tree missing, and lowering accepts that', () => {
    test.each(['x := ()', 'x := (', 'x IS moving', 'x IS IF THEN wazir END', 'x := (:forward)', '(def x (cond ((= ) wazir)))'])('%s: a syntax error, not a crash', async (text) => {
        const result = await validate(text);
        // Lowering used to throw on the missing expression; Langium turned that into "An error occurred during validation".
        expect(result.diagnostics.map(messageText).filter((m) => m.includes('An error occurred'))).toEqual([]);
        expect(result.diagnostics.filter((d) => d.severity === 1).length).toBeGreaterThan(0);
    });
});
