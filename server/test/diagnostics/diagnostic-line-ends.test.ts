/**
 * Diagnostics and their related information lie inside the document whatever ends its lines
 * (issue 9: with lone '\r' line ends, the "never closed" error's related range was computed
 * on one long line, past the end of line 0; the fuzz test's `crOnly` mutation found it).
 */
import type { Range } from 'vscode-languageserver';
import { describe, expect, test } from 'vitest';
import { validated } from '../lsp-helpers.js';


const BROKEN: string[][] = [
    ['(def a (/ wazir', '(def b ferz)', ''],
    ['(def a [1 2])', '(def q (/ (wazir ', ' ferz', '', '(def b ferz)', ''],
    ['x := (wazir', 'y := ferz', '(def c "abc', 'd', ''],
    ['p IS IF rank() = 2 THEN wazir', 'q IS ferz OR', '', 'r IS (wazir', ''],
    ['(def a (/ wazir ferz', '   ; a comment (', '   (=> knight', '(def b [1 2]))))', 'c := {', '']
];

describe.each([['\\n', '\n'], ['\\r\\n', '\r\n'], ['\\r', '\r']])('line ends %s', (_name, eol) => {
    test.each(BROKEN.map((lines, i) => [i, lines] as const))('broken text %i: every range is inside its line', async (_i, lines) => {
        const text = lines.join(eol);
        const document = await validated(text);
        const actual = text.split(/\r\n|\r|\n/);
        const diagnostics = document.diagnostics ?? [];
        expect(diagnostics.some((d) => d.severity === 1)).toBe(true);
        const ranges: [string, Range][] = diagnostics.flatMap((d) => [
            [d.message, d.range] as [string, Range],
            ...(d.relatedInformation ?? []).map((r) => [`related: ${r.message}`, r.location.range] as [string, Range])
        ]);
        for (const [message, range] of ranges) {
            for (const position of [range.start, range.end]) {
                expect(position.line, message).toBeLessThan(actual.length);
                expect(position.character, `${message} at ${JSON.stringify(position)} on ${JSON.stringify(actual[position.line])}`).toBeLessThanOrEqual(actual[position.line].length);
            }
        }
    });
});
