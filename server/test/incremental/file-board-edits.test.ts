// The file's declared board is carried across edits that re-read no text mentioning `board`
// (file-geometry.ts), and found again when one does: the keywords of every definition are
// judged on the board a fresh build would find, after each edit.
import { describe, expect, test } from 'vitest';
import { IssueCodes } from '../../src/semantics/issue-codes.js';
import { diagnosticsFromScratch, edit, services } from './workspace.js';

const code = (d: { data?: unknown }) => (d.data as { code?: string } | undefined)?.code;

describe('the declared board after an edit', () => {
    test('kept through edits elsewhere, changed with the board definitions (one :narrow on a hexagon is meaningless)', async () => {
        const s = await services();
        const uri = 'file:///file-board.lcpn';
        const piece = '(def p (wazir :narrow))';
        // [text, whether p's :narrow is reported as meaning nothing on the file's board]
        const steps: [string, boolean][] = [
            [[piece, '(def hex (board (hexagon 6)))', '(def q knight)'].join('\n'), true],
            [[piece, '(def hex (board (hexagon 6)))', '(def q camel)'].join('\n'), true],
            [[piece, 'hex := board(8, 8)', '(def q camel)'].join('\n'), false],
            [[piece, 'hex := board(8, 8)', 'q IS camel', 'later IS board(hexagon(5))'].join('\n'), false],
            [[piece, 'q IS camel', 'later IS board(hexagon(5))'].join('\n'), true],
            [[piece, 'q IS zebra', 'later IS board(hexagon(5))'].join('\n'), true],
            [[piece, '(def sq (board 9 10))', 'q IS zebra', 'later IS board(hexagon(5))'].join('\n'), false],
            [[piece, 'q IS zebra'].join('\n'), false]
        ];
        let version = 1;
        for (const [text, hexagonal] of steps) {
            const document = await edit(s, uri, text, version++);
            const diagnostics = document.diagnostics ?? [];
            expect(diagnostics.some((d) => code(d) === IssueCodes.DirectionNotOnBoard), text).toBe(hexagonal);
            expect(JSON.stringify(diagnostics)).toEqual((await diagnosticsFromScratch(new Map([[uri, text]]))).get(uri));
        }
    });
});
