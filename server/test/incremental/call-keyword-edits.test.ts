/**
 * Typing a keyword after a call's `)` (`move(rook)` -> `move(rook):forward`), and taking it
 * away, in an open document: the keyword joins the definition before it (it was a stray token
 * before the grammar read it), so the re-parse of the edited region must reach across the
 * definition's old end. Each step's spliced parse equals a full parse, and the diagnostics after
 * the editor's edits equal those of the same text built from scratch.
 */
import type { ParseResult } from 'langium';
import { describe, expect, test } from 'vitest';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type * as ast from '../../src/syntax/generated/ast.js';
import { createLcpnServices } from '../../src/semantics/module.js';
import { spliceParse } from '../../src/syntax/incremental-parse.js';
import { firstDifference, parseSnapshot } from './snapshot.js';
import { diagnosticsFromScratch, edit, services } from './workspace.js';

const parser = createLcpnServices().Lcpn.parser.LangiumParser;

/** Definitions around the edited ones, so that the edit is re-parsed in place (a small file is parsed whole). */
const around = (prefix: string) => Array.from({ length: 6 }, (_, i) => `${prefix}${'abcdef'[i]} := knight / wazir:forward\n`).join('');
const BEFORE = around('p');
const AFTER = around('q');

/** Texts an author goes through, one edit apart: typing the keyword, a second one, then removing them. */
function steps(before: string, call: string, after: string, keywords: string): string[] {
    const texts: string[] = [];
    const text = (i: number) => BEFORE + before + call + keywords.slice(0, i) + after + AFTER;
    for (let i = 0; i <= keywords.length; i++) texts.push(text(i));
    for (let i = keywords.length - 1; i >= 0; i--) texts.push(text(i));
    return texts;
}

const SEQUENCES: string[][] = [
    steps('a := wazir\nx := ', 'move(rook)', '\ny := ferz\n', ':forward:2'),
    steps('x IS ', 'capture AND cannon(rook)', ' OR ferz\n(def y wazir)\n', ':backward'),
    // The keyword on a line of its own, under the call, and before the next definition's name.
    steps('x := ', 'move(rook)\n', 'y := ferz\n', '    :forward'),
    steps('x := wazir => ', 'promote_to(queen)', '\n\nz IS knight\n', ':only'),
    // Inside a call's argument list, and in a conditional's branch.
    steps('x := capture(', 'move(rook)', ', ferz)\ny := wazir\n', ':sideways'),
    steps('x := if (rank() = 2) { ', 'move(rook)', ' } else { ferz }\ny := wazir\n', ':forward')
];

describe('typing a keyword after a call', () => {
    test('each spliced parse equals a full parse of the same text', () => {
        let spliced = 0;
        for (const texts of SEQUENCES) {
            let text = texts[0];
            let current = parser.parse<ast.Document>(text);
            for (const next of texts.slice(1)) {
                const doc = TextDocument.create('file:///x.lcpn', 'lcpn', 0, next);
                const result = spliceParse(parser, current, text, next, (offset) => doc.positionAt(offset).line);
                const full = parser.parse<ast.Document>(next);
                if (result) {
                    spliced++;
                    const expected = parseSnapshot(full);
                    const actual = parseSnapshot(result.parseResult);
                    if (expected !== actual) expect.fail(`${JSON.stringify(text)} -> ${JSON.stringify(next)}\n${firstDifference(expected, actual)}`);
                    current = result.parseResult as ParseResult<ast.Document>;
                } else {
                    current = full;
                }
                text = next;
            }
        }
        // Most steps are spliced (a lone ':' is a lexer error: those parse in full).
        expect(spliced).toBeGreaterThan(SEQUENCES.length * 5);
    });

    test('the diagnostics after each edit equal those of the text built from scratch', async () => {
        const s = await services();
        const uri = 'file:///call-keyword-edits.lcpn';
        let version = 0;
        for (const texts of SEQUENCES) {
            for (const text of texts) {
                const document = await edit(s, uri, text, ++version);
                await s.shared.workspace.DocumentBuilder.build([document], { validation: true });
                const scratch = await diagnosticsFromScratch(new Map([[uri, text]]));
                expect(JSON.stringify(document.diagnostics), JSON.stringify(text)).toBe(scratch.get(uri));
            }
        }
        // The last text of each sequence is the first again; with the keyword typed it is clean.
        const typed = SEQUENCES[0][':forward:2'.length];
        expect(typed).toBe(BEFORE + 'a := wazir\nx := move(rook):forward:2\ny := ferz\n' + AFTER);
        const document = await edit(s, uri, typed, ++version);
        await s.shared.workspace.DocumentBuilder.build([document], { validation: true });
        expect(document.diagnostics).toEqual([]);
    }, 120_000);
});
