// A square the board declares a hole is said to be a hole, not "not on the board" (geometry's
// notACell), where a zone lists it and where a position places a piece on it.
import { describe, expect, test } from 'vitest';
import { zoneSquares } from '../../src/engine/rules.js';
import type { Board } from '../../src/geometry/index.js';

const holed: Board = { files: 8, ranks: 8, shape: { kind: 'rectangle', holes: [{ file: 3, rank: 3 }, { file: 4, rank: 4 }] } };

describe('a hole is named as a hole', () => {
    test('a zone square that is a hole of the board', () => {
        expect(zoneSquares(['d4', 'a1'], holed).problems.map((p) => [p.index, p.message])).toEqual([[0, 'd4 is a hole of the 8x8 board']]);
    });
    test('a square off the board is still off the board', () => {
        expect(zoneSquares(['j1'], holed).problems.map((p) => p.message)).toEqual(['j1 is not on the 8x8 board with 2 holes']);
    });
});
