/**
 * Capturing on the way in the three spellings (issue 10): each reads as the same piece, prints
 * back in every style, and the printed text reads again as the same piece that captures on the way.
 */
import { describe, expect, test } from 'vitest';
import { parsePieceText } from '../parse-text.js';
import { printPiece } from '../../src/model/print.js';
import { movesReport } from '../../src/engine/report.js';
import { STANDARD } from '../engine/helpers.js';
import type { PieceDef } from '../../src/model/piece.js';

const SPELLINGS: [string, string][] = [
    ['lisp', '(def locust (=> (capture ferz) wazir))'],
    ['c', 'locust := capture(ferz) => wazir'],
    ['sql', 'locust IS capturing ferz AND_THEN wazir']
];

const piece = (text: string): PieceDef => {
    const { pieces, problems } = parsePieceText(text);
    expect(problems).toEqual([]);
    expect(pieces).toHaveLength(1);
    return pieces[0];
};

/** 9x9, e5, an enemy on f6: captures f6, then a wazir step outward from f6 (east or north). */
const locusts = (p: PieceDef) => movesReport(p, {
    board: { files: 9, ranks: 9 }, at: { file: 4, rank: 4 }, friends: [], enemies: [{ file: 5, rank: 5 }]
}, STANDARD).locustSquares;

describe('(=> (capture ferz) wazir) in three styles', () => {
    test.each(SPELLINGS)('%s reads as the locust', (_style, text) => {
        expect(piece(text).body).toEqual(piece(SPELLINGS[0][1]).body);
        expect(locusts(piece(text))).toEqual([{ capture: ['f6'], to: 'f7' }, { capture: ['f6'], to: 'g6' }]);
    });

    test.each(SPELLINGS)('%s prints in every style and reads back the same', (_from, text) => {
        const original = piece(text);
        for (const style of ['lisp', 'c', 'sql'] as const) {
            const printed = printPiece(original, style);
            expect(piece(printed).body, printed).toEqual(original.body);
        }
    });

    test('the printed spellings are the documented ones', () => {
        const p = piece(SPELLINGS[0][1]);
        expect(printPiece(p, 'lisp')).toBe(SPELLINGS[0][1]);
        expect(printPiece(p, 'c')).toBe(SPELLINGS[1][1]);
        expect(printPiece(p, 'sql')).toBe(SPELLINGS[2][1]);
    });
});
