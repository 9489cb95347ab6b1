/**
 * The outline (Langium's, each definition with its style as detail) and folding (Langium's
 * node foldings, one per start line, and runs of whole-line comments), on hand-written files.
 */
import type { LcpnServices } from '../../src/semantics/module.js';
import { beforeAll, describe, expect, test } from 'vitest';
import { FoldingRangeKind, type DocumentSymbol, type FoldingRange } from 'vscode-languageserver';
import { createTestServices } from '../test-services.js';
import { validated } from '../lsp-helpers.js';

let services: LcpnServices;
beforeAll(async () => {
    services = (await createTestServices()).Lcpn;
});

async function answers(text: string): Promise<{ symbols: DocumentSymbol[]; foldings: string[] }> {
    const document = await validated(text, { services: services, validation: false });
    const textDocument = { uri: document.uri.toString() };
    const symbols = await services.lsp.DocumentSymbolProvider!.getSymbols(document, { textDocument });
    const foldings = await services.lsp.FoldingRangeProvider!.getFoldingRanges(document, { textDocument });
    return { symbols, foldings: foldings.map(describeFolding) };
}

const describeFolding = (f: FoldingRange) => `${f.startLine}-${f.endLine}${f.kind === FoldingRangeKind.Comment ? ' comment' : ''}`;
const describeSymbol = (s: DocumentSymbol): string =>
    `${s.name} ${s.detail} ${s.range.start.line}:${s.range.start.character}-${s.range.end.line}:${s.range.end.character} name ${s.selectionRange.start.line}:${s.selectionRange.start.character}`;

describe('outline and folding', () => {
    test('multi-line definitions in the three styles, comment runs inside and between, a broken definition', async () => {
        const { symbols, foldings } = await answers([
            ';;; header', ';;; second', '(def cannon', '  ;; why', '  ;; and why not', '  (/ (move rook)', '     (capture rook)))',
            '// c comment', 'pawn := if (rank() = 2) {', '    wazir', '} else {', '    ferz', '}',
            'knight IS [1, 2] # trailing', '# one', '# two', 'gold IS IF rank() = 2', '    THEN wazir', '    ELSE ferz END',
            '(def broken (/ wazir', '  ferz', '  ;; inside', '(def after [1 1])', ''
        ].join('\n'));
        expect(symbols.map(describeSymbol)).toEqual([
            'cannon Lisp 2:0-6:21 name 2:5', 'pawn C 8:0-12:1 name 8:0', 'knight SQL 13:0-13:16 name 13:0',
            'gold SQL 16:0-18:17 name 16:0', 'broken Lisp 19:0-20:6 name 19:5', 'after Lisp 22:0-22:17 name 22:5'
        ]);
        expect(symbols.every((s) => s.children === undefined)).toBe(true);
        // A node ending in a bracket folds without its last line; SQL's END is kept. A comment after a token is not a whole-line comment.
        expect(foldings).toEqual(['2-5', '8-11', '16-18', '0-1 comment', '3-4 comment', '14-15 comment']);
    });

    test('nested nodes starting on one line fold once, the largest', async () => {
        const { foldings } = await answers(['(def a (/ wazir', '  ferz', '  knight)', '  )', 'b := wazir', '  / ferz', '  / knight'].join('\n'));
        expect(foldings).toEqual(['0-2', '4-6']);
    });

    test('a comment run ends at a token and starts again after it; a single comment line does not fold', async () => {
        const { foldings } = await answers(['; one', '; two', '(def a wazir)', '; three', '', '; four', '; five', '(def b ferz) ; six', '; seven'].join('\n'));
        expect(foldings).toEqual(['0-1 comment', '5-6 comment']);
    });
});
