// Boards the geometry seam makes cheap (issue 11): a cylinder (files wrap round), holes (cells
// that do not exist), rectangles larger than the old 32 a side.
import { describe, expect, test } from 'vitest';
import { destinations, movesReport, type SetUp } from '../../src/engine/index.js';
import { type Board, boardGeometry } from '../../src/geometry/index.js';
import type { Move } from '../../src/model/piece.js';
import { apply, blocked, leap, q, ref, STANDARD } from './helpers.js';

function names(piece: Move | string, board: Board, at: string, options: { friends?: string[]; enemies?: string[]; side?: 'black' } = {}): string[] {
    const g = boardGeometry(board);
    const parse = (n: string) => g.parse(n)!;
    const setup: SetUp = {
        board, at: parse(at), friends: (options.friends ?? []).map(parse), enemies: (options.enemies ?? []).map(parse),
        ...(options.side ? { side: options.side } : {})
    };
    const r = destinations(typeof piece === 'string' ? ref(piece) : piece, setup, STANDARD);
    expect(r.problems).toEqual([]);
    return r.destinations.map((d) => g.name(d.square)).sort();
}
const sorted = (list: string) => list.split(' ').sort();

const CYLINDER: Board = { files: 8, ranks: 8, shape: { kind: 'rectangle', cylinder: true } };
const HOLES: Board = { files: 8, ranks: 8, shape: { kind: 'rectangle', holes: [{ file: 3, rank: 3 }, { file: 4, rank: 4 }] } };

describe('cylinder: the a-file and the h-file touch', () => {
    test('ferz on a1 reaches b2 and, round the edge, h2', () => {
        expect(names('ferz', CYLINDER, 'a1')).toEqual(['b2', 'h2']);
    });
    test('rook on d1 with a friend on f1: round the back to g1 and stops at its own friend', () => {
        expect(names('rook', CYLINDER, 'd1', { friends: ['f1'] })).toEqual(sorted('a1 b1 c1 e1 g1 h1 d2 d3 d4 d5 d6 d7 d8'));
    });
    test('rook on an empty rank goes round once and stops before its own square', () => {
        expect(names('rook', { files: 8, ranks: 1, shape: { kind: 'rectangle', cylinder: true } }, 'c1')).toEqual(sorted('a1 b1 d1 e1 f1 g1 h1'));
    });
    test('bishop on a1: both diagonals, one wrapping round', () => {
        expect(names('bishop', CYLINDER, 'a1')).toEqual(sorted('b2 c3 d4 e5 f6 g7 h8 h2 g3 f4 e5 d6 c7 b8').filter((x, i, a) => a.indexOf(x) === i));
    });
    test('a knight near the edge lands across it', () => {
        expect(names('knight', CYLINDER, 'a4')).toEqual(sorted('b2 b6 c3 c5 h2 h6 g3 g5'));
    });
    test('a [3 0] no-jump rider comes round onto squares it passed over: captures there are re-checked', () => {
        // On an 8x1 cylinder from a1 it lands on d1, g1, b1, e1, h1, c1, f1 and stops back at a1.
        const board: Board = { files: 8, ranks: 1, shape: { kind: 'rectangle', cylinder: true } };
        const rider = apply('no-jump', q(leap(3, 0), 'only', 'rider'));
        expect(names(rider, board, 'a1')).toEqual(sorted('b1 c1 d1 e1 f1 g1 h1'));
        // An enemy placed on b1, c1 (passed by the first leap), e1, f1 (by the second) or h1 (by the third)
        // blocks the ride before it lands there: only d1 and g1 would be captures. The one-pass answer
        // (every landing) would have said all seven.
        const report = movesReport(rider, { board, at: { file: 0, rank: 0 }, friends: [], enemies: [] }, STANDARD);
        expect(report.captureSquares).toEqual(['d1', 'g1']);
        expect(names(rider, board, 'a1', { enemies: ['e1'] })).toEqual(sorted('d1'));
    });
    test('a leap of a whole turn or more goes nowhere', () => {
        expect(names(q(leap(8, 0), 'only'), CYLINDER, 'a1')).toEqual([]);
        expect(names(q(leap(9, 0), 'only'), CYLINDER, 'a1')).toEqual([]);
    });
    test('Black is turned: a Black ferz on h8 reaches g7 and a7', () => {
        expect(names('ferz', CYLINDER, 'h8', { side: 'black' })).toEqual(['a7', 'g7']);
    });
    test('moveSquares name the wrapped squares', () => {
        const report = movesReport(ref('ferz'), { board: CYLINDER, at: { file: 0, rank: 0 }, friends: [], enemies: [] }, STANDARD);
        expect(report.moveSquares.sort()).toEqual(['b2', 'h2']);
    });
});

describe('holes: d4 and e5 do not exist', () => {
    test('a rook stops before a hole', () => {
        expect(names('rook', HOLES, 'd1')).toEqual(sorted('a1 b1 c1 e1 f1 g1 h1 d2 d3'));
    });
    test('a bishop stops before a hole', () => {
        expect(names('bishop', HOLES, 'a1')).toEqual(['b2', 'c3']);
    });
    test('a knight never lands in one', () => {
        expect(names('knight', HOLES, 'c2')).toEqual(sorted('a1 a3 b4 e1 e3'));
    });
    test('a leaper jumps over one: dabbabah d3 -> d5 over the hole d4', () => {
        expect(names('dabbabah', HOLES, 'd3')).toEqual(sorted('b3 d1 d5 f3'));
    });
    test('a chain cannot stop in a hole to go on', () => {
        // Forward, then right (a turn: :any, or the right step would never be taken).
        const forwardThenRight = blocked(q(leap(0, 1), 'only'), q(leap(1, 0), 'only', 'any'));
        expect(names(forwardThenRight, HOLES, 'd3')).toEqual([]); // d4 is a hole
        expect(names(forwardThenRight, HOLES, 'c3')).toEqual([]); // c4, then the hole d4
        expect(names(forwardThenRight, HOLES, 'a3')).toEqual(['b4']);
    });
    test('Black sees the holes where they are: a Black rook on b8 stops before the hole b4', () => {
        const oneHole: Board = { files: 8, ranks: 8, shape: { kind: 'rectangle', holes: [{ file: 1, rank: 3 }] } };
        expect(names('rook', oneHole, 'b8', { side: 'black' })).toEqual(sorted('a8 c8 d8 e8 f8 g8 h8 b7 b6 b5'));
        expect(names('rook', oneHole, 'b1', { side: 'black' })).toEqual(sorted('a1 c1 d1 e1 f1 g1 h1 b2 b3'));
    });
    test('a piece placed on a hole is said to be off the board', () => {
        const r = destinations(ref('wazir'), { board: HOLES, at: { file: 3, rank: 3 }, friends: [], enemies: [] }, STANDARD);
        expect(r.problems[0].message).toBe("the piece's square is not on the 8x8 board with 2 holes");
    });
});

describe('large rectangles', () => {
    test('40x40: a rook in the corner reaches 78 squares, a bishop 39', () => {
        const board: Board = { files: 40, ranks: 40 };
        expect(names('rook', board, 'a1')).toHaveLength(78);
        expect(names('bishop', board, 'a1')).toHaveLength(39);
        expect(names('bishop', board, 'a1')).toContain('an40');
    });
    test('64x64 is the largest', () => {
        expect(names('rook', { files: 64, ranks: 64 }, 'a1')).toHaveLength(126);
    });
});
