// Leapers, riders, ranges and compounds on an empty board: every capture square is also a move
// square, so each case asserts both lists, exactly and in the engine's sorted order.
import { describe, expect, test } from 'vitest';
import { leap, moves, q, ref, union, type Offset } from './helpers.js';

function expectBoth(report: { moves: Offset[]; captures: Offset[]; problems: unknown[] }, expected: Offset[]) {
    expect(report.moves).toEqual(expected);
    expect(report.captures).toEqual(expected);
    expect(report.problems).toEqual([]);
}

describe('leapers (9x9 board, piece on e5)', () => {
    test('wazir [0 1]', () => expectBoth(moves('wazir'), [[-1, 0], [0, -1], [0, 1], [1, 0]]));
    test('ferz [1 1]', () => expectBoth(moves('ferz'), [[-1, -1], [-1, 1], [1, -1], [1, 1]]));
    test('dabbabah [0 2]', () => expectBoth(moves('dabbabah'), [[-2, 0], [0, -2], [0, 2], [2, 0]]));
    test('alfil [2 2]', () => expectBoth(moves('alfil'), [[-2, -2], [-2, 2], [2, -2], [2, 2]]));
    test('threeleaper [0 3]', () => expectBoth(moves('threeleaper'), [[-3, 0], [0, -3], [0, 3], [3, 0]]));
    test('tripper [3 3]', () => expectBoth(moves('tripper'), [[-3, -3], [-3, 3], [3, -3], [3, 3]]));
    test('knight [1 2]', () => expectBoth(moves('knight'),
        [[-2, -1], [-2, 1], [-1, -2], [-1, 2], [1, -2], [1, 2], [2, -1], [2, 1]]));
    test('camel [1 3]', () => expectBoth(moves('camel'),
        [[-3, -1], [-3, 1], [-1, -3], [-1, 3], [1, -3], [1, 3], [3, -1], [3, 1]]));
    test('zebra [2 3]', () => expectBoth(moves('zebra'),
        [[-3, -2], [-3, 2], [-2, -3], [-2, 3], [2, -3], [2, 3], [3, -2], [3, 2]]));
    test('giraffe [1 4]', () => expectBoth(moves('giraffe'),
        [[-4, -1], [-4, 1], [-1, -4], [-1, 4], [1, -4], [1, 4], [4, -1], [4, 1]]));
    test('antelope [3 4] (written [4 3] in the spec)', () => expectBoth(moves(leap(4, 3)),
        [[-4, -3], [-4, 3], [-3, -4], [-3, 4], [3, -4], [3, 4], [4, -3], [4, 3]]));
    test('a leap that does not fit on the board goes nowhere', () => expectBoth(moves(leap(0, 5)), []));
    test('near the edge only on-board squares are listed (knight on a1)', () =>
        expectBoth(moves('knight', { at: [0, 0] }), [[1, 2], [2, 1]]));
});

describe('riders and ranges', () => {
    test('rook (wazir :rider) on 5x5', () => expectBoth(moves('rook', { board: [5, 5] }),
        [[-2, 0], [-1, 0], [0, -2], [0, -1], [0, 1], [0, 2], [1, 0], [2, 0]]));
    test('bishop (ferz :rider) on 5x5', () => expectBoth(moves('bishop', { board: [5, 5] }),
        [[-2, -2], [-2, 2], [-1, -1], [-1, 1], [1, -1], [1, 1], [2, -2], [2, 2]]));
    test('queen (/ rook bishop) on 5x5', () => expectBoth(moves('queen', { board: [5, 5] }), [
        [-2, -2], [-2, 0], [-2, 2], [-1, -1], [-1, 0], [-1, 1], [0, -2], [0, -1],
        [0, 1], [0, 2], [1, -1], [1, 0], [1, 1], [2, -2], [2, 0], [2, 2]
    ]));
    test('nightrider (knight :rider) on 9x9: one and two knight steps', () => expectBoth(moves('nightrider'), [
        [-4, -2], [-4, 2], [-2, -4], [-2, -1], [-2, 1], [-2, 4], [-1, -2], [-1, 2],
        [1, -2], [1, 2], [2, -4], [2, -1], [2, 1], [2, 4], [4, -2], [4, 2]
    ]));
    test('short rook (rook :2) re-limits the rider', () => expectBoth(moves(q(ref('rook'), 2), { board: [7, 7] }),
        [[-2, 0], [-1, 0], [0, -2], [0, -1], [0, 1], [0, 2], [1, 0], [2, 0]]));
    test('wagon (rook :2 :*) takes at least two steps', () => expectBoth(moves(q(ref('rook'), [2, null]), { board: [7, 7] }),
        [[-3, 0], [-2, 0], [0, -3], [0, -2], [0, 2], [0, 3], [2, 0], [3, 0]]));
    test('(wazir :2 :3): between two and three steps', () => expectBoth(moves(q(ref('wazir'), [2, 3])),
        [[-3, 0], [-2, 0], [0, -3], [0, -2], [0, 2], [0, 3], [2, 0], [3, 0]]));
    test('(short-rook :rider): an outer range overrides the inner one', () => expectBoth(
        moves(q(q(ref('rook'), 1), 'rider'), { board: [5, 5] }),
        [[-2, 0], [-1, 0], [0, -2], [0, -1], [0, 1], [0, 2], [1, 0], [2, 0]]));
    test('(dabbabah :rider) jumps over the squares between its landings', () => expectBoth(
        moves(q(ref('dabbabah'), 'rider'), { friends: [[0, 1], [1, 0]] }),
        [[-4, 0], [-2, 0], [0, -4], [0, -2], [0, 2], [0, 4], [2, 0], [4, 0]]));
});

describe('compounds', () => {
    test('king (/ ferz wazir)', () => expectBoth(moves('king'),
        [[-1, -1], [-1, 0], [-1, 1], [0, -1], [0, 1], [1, -1], [1, 0], [1, 1]]));
    test('squirrel (/ knight dabbabah [2 2])', () => expectBoth(moves(union(ref('knight'), ref('dabbabah'), leap(2, 2))), [
        [-2, -2], [-2, -1], [-2, 0], [-2, 1], [-2, 2], [-1, -2], [-1, 2], [0, -2],
        [0, 2], [1, -2], [1, 2], [2, -2], [2, -1], [2, 0], [2, 1], [2, 2]
    ]));
    test('fibnif (/ [1 1] (knight :narrow))', () => expectBoth(moves(union(leap(1, 1), q(ref('knight'), 'narrow'))),
        [[-1, -2], [-1, -1], [-1, 1], [-1, 2], [1, -2], [1, -1], [1, 1], [1, 2]]));
    test('archbishop (/ bishop knight) on 5x5', () => expectBoth(moves(union(ref('bishop'), ref('knight')), { board: [5, 5] }), [
        [-2, -2], [-2, -1], [-2, 1], [-2, 2], [-1, -2], [-1, -1], [-1, 1], [-1, 2],
        [1, -2], [1, -1], [1, 1], [1, 2], [2, -2], [2, -1], [2, 1], [2, 2]
    ]));
    test('chancellor (/ rook knight) on 5x5', () => expectBoth(moves(union(ref('rook'), ref('knight')), { board: [5, 5] }), [
        [-2, -1], [-2, 0], [-2, 1], [-1, -2], [-1, 0], [-1, 2], [0, -2], [0, -1],
        [0, 1], [0, 2], [1, -2], [1, 0], [1, 2], [2, -1], [2, 0], [2, 1]
    ]));
    test('amazon (/ queen knight) on 5x5: every square', () => expectBoth(moves(union(ref('queen'), ref('knight')), { board: [5, 5] }), [
        [-2, -2], [-2, -1], [-2, 0], [-2, 1], [-2, 2], [-1, -2], [-1, -1], [-1, 0], [-1, 1], [-1, 2],
        [0, -2], [0, -1], [0, 1], [0, 2],
        [1, -2], [1, -1], [1, 0], [1, 1], [1, 2], [2, -2], [2, -1], [2, 0], [2, 1], [2, 2]
    ]));
});

describe('blocking and board size', () => {
    test('a rook stops at the first piece; enemy squares are not listed (they are not empty)', () => {
        const r = moves('rook', { board: [7, 7], friends: [[0, 2]], enemies: [[2, 0]] });
        expect(r.moves).toEqual([[-3, 0], [-2, 0], [-1, 0], [0, -3], [0, -2], [0, -1], [0, 1], [1, 0]]);
        expect(r.captures).toEqual(r.moves);
    });
    test('a rook in the corner of a 26x26 board reaches both edges', () => {
        const r = moves('rook', { board: [26, 26], at: [0, 0] });
        const file = Array.from({ length: 25 }, (_, i): Offset => [0, i + 1]);
        const rank = Array.from({ length: 25 }, (_, i): Offset => [i + 1, 0]);
        expect(r.moves).toEqual([...file, ...rank]);
    });
    test('a bishop on the largest board (32x32) crosses the whole diagonal', () => {
        const r = moves('bishop', { board: [32, 32], at: [0, 0] });
        expect(r.moves).toEqual(Array.from({ length: 31 }, (_, i): Offset => [i + 1, i + 1]));
    });
});
