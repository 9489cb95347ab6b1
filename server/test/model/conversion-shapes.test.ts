/**
 * Converting a file between styles keeps board shapes and paths (issue 11): every definition
 * converts (none is left as written) and reads back as the same model, declarations included.
 */
import type { LangiumDocument } from 'langium';
import { clearDocuments } from 'langium/test';
import { beforeAll, describe, expect, test } from 'vitest';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { LcpnServices } from '../../src/semantics/module.js';
import { parsePieceText } from '../parse-text.js';
import type { PieceDef, Style } from '../../src/model/piece.js';
import { createTestServices } from '../test-services.js';
import { validated } from '../lsp-helpers.js';

let services: LcpnServices;
beforeAll(async () => {
    services = (await createTestServices()).Lcpn as LcpnServices;
});

/** A file declares one board: one file per shape. */
const FILES = {
    hexagon: [
        '; Glinski-like pieces on a hexagon',
        '(def glinski (board (hexagon 6 rows) (promotion-zone far)))',
        '(def far (zone a11 b10 c9))',
        '(def rook-path (path "L*(F$)+"))',
        'pawn_path IS moving (path("F$")) OR capturing (path("F(LFR|RFL)$"))',
        'hex_piece := wazir:forward_left:forward_right / path("L*FF(L|R)F$")'
    ].join('\n'),
    cylinder: [
        'cyl := board(8, 8, cylinder(), holes(d4, c3-d3))',
        '(def round-rook (path "L*(F$)+"))'
    ].join('\n')
};

const meaning = ({ key, properties, body, declaration }: PieceDef) => ({ key, properties, body, declaration });

async function convert(text: string, style: Style): Promise<{ output: string; left: number }> {
    const document: LangiumDocument = await validated(text, { services: services });
    try {
        const conversion = services.lcpn.Conversion.convertDocument(document, style);
        return { output: TextDocument.applyEdits(document.textDocument, conversion.edits), left: conversion.leftAsWritten.length };
    } finally {
        await clearDocuments(services.shared, [document]);
    }
}

describe('board shapes and paths survive conversion', () => {
    test.each((['lisp', 'c', 'sql'] as Style[]).flatMap((style) => Object.entries(FILES).map(([name, text]) => [style, name, text] as const)))('to %s and back to every style: %s', async (style, _name, text) => {
        const before = parsePieceText(text).pieces.map(meaning);
        const { output, left } = await convert(text, style);
        expect(left).toBe(0);
        expect(parsePieceText(output).pieces.map(meaning)).toEqual(before);
        for (const again of ['lisp', 'c', 'sql'] as Style[]) {
            const second = await convert(output, again);
            expect(second.left).toBe(0);
            expect(parsePieceText(second.output).pieces.map(meaning), `${style} -> ${again}`).toEqual(before);
        }
    });

    test('the converted text spells shapes and paths in the target style', async () => {
        const sql = (await convert(FILES.hexagon, 'sql')).output;
        expect(sql).toContain('glinski IS board(hexagon(6, rows), promotion_zone(far))');
        expect(sql).toContain('rook_path IS path("L*(F$)+")');
        expect((await convert(FILES.cylinder, 'sql')).output).toContain('cyl IS board(8, 8, cylinder(), holes(d4, c3, d3))');
        const lisp = (await convert(FILES.hexagon, 'lisp')).output;
        expect(lisp).toContain('(def hex-piece (/ (wazir :forward-left :forward-right) (path "L*FF(L|R)F$")))');
    });
});
