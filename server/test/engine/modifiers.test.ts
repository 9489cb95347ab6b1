// move, capture, cannon, no-jump, igui and their compositions.
import { describe, expect, test } from 'vitest';
import { apply, dests, leap, moves, q, ref, union } from './helpers.js';

describe('move and capture', () => {
    test('sergeant (/ (capture ferz) (move wazir))', () => {
        const r = moves(union(apply('capture', ref('ferz')), apply('move', ref('wazir'))));
        expect(r.moves).toEqual([[-1, 0], [0, -1], [0, 1], [1, 0]]);
        expect(r.captures).toEqual([[-1, -1], [-1, 1], [1, -1], [1, 1]]);
    });
    test('(move rook) does not capture the enemy that blocks it (5x5)', () => {
        const r = dests(apply('move', ref('rook')), { board: [5, 5], enemies: [[0, 1]] });
        expect(r.destinations.map((d) => [d.square.file - 2, d.square.rank - 2])).toEqual(
            [[-2, 0], [-1, 0], [0, -2], [0, -1], [1, 0], [2, 0]]);
        expect(r.destinations.every((d) => d.move && !d.capture && !d.igui)).toBe(true);
    });
    test('(capture rook) captures the enemy that stands in its way', () => {
        const r = dests(apply('capture', ref('rook')), { board: [5, 5], enemies: [[0, 1]] });
        const up = r.destinations.find((d) => d.square.file === 2 && d.square.rank === 3);
        expect(up).toEqual({ square: { file: 2, rank: 3 }, move: false, capture: true, igui: false, notes: [] });
        expect(moves(apply('capture', ref('rook')), { board: [5, 5], enemies: [[0, 1]] }).captures)
            .toEqual([[-2, 0], [-1, 0], [0, -2], [0, -1], [1, 0], [2, 0]]);
    });
    test('(& move capture) allows nothing and says so', () => {
        const r = moves(apply(['move', 'capture'], ref('wazir')));
        expect([r.moves, r.captures]).toEqual([[], []]);
        expect(r.problems.map((p) => p.kind)).toEqual(['invalid']);
    });
    test('nested modifiers accumulate: (capture (move wazir)) allows nothing', () => {
        expect(moves(apply('capture', apply('move', ref('wazir')))).captures).toEqual([]);
    });
});

describe('cannon', () => {
    // Screens: a friend two squares up, an enemy two squares right, friends one and three squares down.
    const where = { friends: [[0, 2], [0, -1], [0, -3]] as [number, number][], enemies: [[2, 0]] as [number, number][] };
    const xiangqiCannon = union(apply('move', ref('rook')), apply(['capture', 'cannon'], ref('rook')));

    test('Xiangqi cannon (/ (move rook) ((& capture cannon) rook)): slides, and captures over exactly one screen', () => {
        const r = moves(xiangqiCannon, where);
        expect(r.moves).toEqual([[-4, 0], [-3, 0], [-2, 0], [-1, 0], [0, 1], [1, 0]]);
        expect(r.captures).toEqual([[0, -2], [0, 3], [0, 4], [3, 0], [4, 0]]);
    });
    test('the cannon cannot capture its own screen', () => {
        const r = dests(xiangqiCannon, where);
        expect(r.destinations.find((d) => d.square.file === 6 && d.square.rank === 4)).toBeUndefined();
    });
    test('(cannon rook) hops a screen to move or to capture', () => {
        const r = moves(apply('cannon', ref('rook')), { friends: [[0, 2]] });
        expect(r.moves).toEqual([[0, 3], [0, 4]]);
        expect(r.captures).toEqual([[0, 3], [0, 4]]);
    });
    test('(cannon dabbabah) needs a piece on the midpoint', () => {
        expect(moves(apply('cannon', ref('dabbabah')), { enemies: [[1, 0]] }).moves).toEqual([[2, 0]]);
    });
    test('(cannon knight) never moves: a knight leap passes over no square', () => {
        expect(moves(apply('cannon', ref('knight')), { friends: [[0, 1], [1, 0], [1, 1]] }).moves).toEqual([]);
    });
});

describe('no-jump', () => {
    test('Xiangqi elephant (no-jump [2 2]) is blocked on its midpoint by either side', () => {
        const r = moves(apply('no-jump', leap(2, 2)), { friends: [[1, 1]], enemies: [[-1, -1]] });
        expect(r.moves).toEqual([[-2, 2], [2, -2]]);
        expect(r.captures).toEqual([[-2, 2], [2, -2]]);
    });
    test('(no-jump knight) is still a knight: an oblique leap has no path', () => {
        expect(moves(apply('no-jump', ref('knight')), { friends: [[0, 1], [1, 0], [1, 1], [0, -1]] }).moves)
            .toEqual([[-2, -1], [-2, 1], [-1, -2], [-1, 2], [1, -2], [1, 2], [2, -1], [2, 1]]);
    });
    test('(no-jump (dabbabah :rider)) stops before an occupied midpoint', () => {
        const r = moves(apply('no-jump', q(ref('dabbabah'), 'rider')), { friends: [[0, 3], [1, 0]] });
        expect(r.moves).toEqual([[-4, 0], [-2, 0], [0, -4], [0, -2], [0, 2]]);
    });
    test('cannon and no-jump together allow nothing, reported', () => {
        const r = moves(apply(['cannon', 'no-jump'], ref('rook')));
        expect(r.moves).toEqual([]);
        expect(r.problems).toEqual([{ kind: 'invalid', message: 'cannon and no-jump together allow no move' }]);
    });
});

describe('igui', () => {
    test('(igui king) captures around itself without moving', () => {
        const r = moves(apply('igui', ref('king')), { friends: [[0, 1]] });
        expect(r.moves).toEqual([]);
        expect(r.captures).toEqual([[-1, -1], [-1, 0], [-1, 1], [0, -1], [1, -1], [1, 0], [1, 1]]);
    });
    test('an enemy on an igui square is an igui destination, not a landing capture', () => {
        const r = dests(apply('igui', ref('wazir')), { enemies: [[1, 0]] });
        expect(r.destinations.find((d) => d.square.file === 5 && d.square.rank === 4))
            .toEqual({ square: { file: 5, rank: 4 }, move: false, capture: false, igui: true, notes: [] });
    });
    test('(& move igui) allows nothing', () => {
        expect(moves(apply(['move', 'igui'], ref('wazir'))).captures).toEqual([]);
    });
});
