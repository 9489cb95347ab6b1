// `=>` (blocked) and `->` (free) sequences, :outward / :any, and the "enemy added on T" re-check.
import { describe, expect, test } from 'vitest';
import { apply, blocked, dests, free, leap, moves, q, ref } from './helpers.js';

const KNIGHT_SQUARES = [[-2, -1], [-2, 1], [-1, -2], [-1, 2], [1, -2], [1, 2], [2, -1], [2, 1]];

describe('=> (must land on an empty square, then continue)', () => {
    test('chinese horse (=> wazir (ferz :outward)): the spec\'s diagram', () => {
        // . . X . X .
        // . X . . . .
        // . . ! : . .    a piece right of the horse blocks both moves to the right
        // . X : . . .    a piece on a diagonal blocks nothing
        // . . X . X .
        const horse = blocked(ref('wazir'), q(ref('ferz'), 'outward'));
        const r = moves(horse, { friends: [[1, 0], [-1, -1]] });
        expect(r.moves).toEqual([[-2, -1], [-2, 1], [-1, -2], [-1, 2], [1, -2], [1, 2]]);
        expect(r.captures).toEqual(r.moves);
    });
    test('Xiangqi horse (=> wazir (1 1 :outward)) is blocked by an enemy too, and never stops after one step', () => {
        const r = moves(blocked(ref('wazir'), q(leap(1, 1), 'outward')), { enemies: [[0, 1]] });
        expect(r.moves).toEqual([[-2, -1], [-2, 1], [-1, -2], [1, -2], [2, -1], [2, 1]]);
    });
    test(':outward is the default on the continuation leg', () => {
        expect(moves(blocked(ref('wazir'), ref('ferz'))).moves).toEqual(KNIGHT_SQUARES);
    });
    test('(=> wazir wazir): a right-angle turn is not outward, so it goes straight on; a piece blocks', () => {
        expect(moves(blocked(ref('wazir'), ref('wazir')), { friends: [[0, 1]] }).moves)
            .toEqual([[-2, 0], [0, -2], [2, 0]]);
    });
    test('(=> ferz rook): a blocked gryphon cannot stop on the ferz square nor pass a piece there (7x7)', () => {
        expect(moves(blocked(ref('ferz'), ref('rook')), { board: [7, 7], friends: [[1, 1]] }).moves).toEqual([
            [-3, -1], [-3, 1], [-2, -1], [-2, 1], [-1, -3], [-1, -2], [-1, 2], [-1, 3],
            [1, -3], [1, -2], [2, -1], [3, -1]
        ]);
    });
});

describe('-> (may stop after the first leg, continues whatever stands there)', () => {
    test('rhino (-> wazir (ferz :outward)) is never blocked at its first step', () => {
        const r = moves(free(ref('wazir'), q(ref('ferz'), 'outward')), { friends: [[1, 0], [-1, -1]] });
        expect(r.moves).toEqual([
            [-2, -1], [-2, 1], [-1, -2], [-1, 0], [-1, 2], [0, -1], [0, 1], [1, -2], [1, 2], [2, -1], [2, 1]
        ]);
        expect(r.captures).toEqual(r.moves);
    });
    test('the rhino captures an enemy on its first step by stopping there', () => {
        const r = dests(free(ref('wazir'), ref('ferz')), { enemies: [[0, 1]] });
        expect(r.destinations.find((d) => d.square.file === 4 && d.square.rank === 5))
            .toEqual({ square: { file: 4, rank: 5 }, move: false, capture: true, igui: false, notes: [] });
    });
    test('gryphon (-> ferz rook) on 7x7', () => {
        expect(moves(free(ref('ferz'), ref('rook')), { board: [7, 7] }).moves).toEqual([
            [-3, -1], [-3, 1], [-2, -1], [-2, 1], [-1, -3], [-1, -2], [-1, -1], [-1, 1], [-1, 2], [-1, 3],
            [1, -3], [1, -2], [1, -1], [1, 1], [1, 2], [1, 3], [2, -1], [2, 1], [3, -1], [3, 1]
        ]);
    });
    test('gryphon: a piece on a ray blocks it; a piece on the ferz square does not', () => {
        expect(moves(free(ref('ferz'), ref('rook')), { board: [7, 7], friends: [[2, 1], [-1, -1]] }).moves).toEqual([
            [-3, -1], [-3, 1], [-2, -1], [-2, 1], [-1, -3], [-1, -2], [-1, 1], [-1, 2], [-1, 3],
            [1, -3], [1, -2], [1, -1], [1, 1], [1, 2], [1, 3], [2, -1], [3, -1]
        ]);
    });
    test('lion (-> king (king :any)): every square within two, and it may return to its square', () => {
        const lion = free(ref('king'), q(ref('king'), 'any'));
        const r = dests(lion);
        expect(r.returnsToStart).toBe(true);
        expect(moves(lion).moves).toEqual([
            [-2, -2], [-2, -1], [-2, 0], [-2, 1], [-2, 2], [-1, -2], [-1, -1], [-1, 0], [-1, 1], [-1, 2],
            [0, -2], [0, -1], [0, 1], [0, 2], [1, -2], [1, -1], [1, 0], [1, 1], [1, 2],
            [2, -2], [2, -1], [2, 0], [2, 1], [2, 2]
        ]);
    });
    test('a lion surrounded by friends still reaches the outer ring', () => {
        const ring = [[-1, -1], [-1, 0], [-1, 1], [0, -1], [0, 1], [1, -1], [1, 0], [1, 1]] as [number, number][];
        expect(moves(free(ref('king'), q(ref('king'), 'any')), { friends: ring }).moves).toEqual([
            [-2, -2], [-2, -1], [-2, 0], [-2, 1], [-2, 2], [-1, -2], [-1, 2], [0, -2], [0, 2],
            [1, -2], [1, 2], [2, -2], [2, -1], [2, 0], [2, 1], [2, 2]
        ]);
    });
    test('(-> (move wazir) (igui wazir)): step, then capture one square further without moving there', () => {
        const piece = free(apply('move', ref('wazir')), apply('igui', ref('wazir')));
        const r = moves(piece);
        expect(r.moves).toEqual([[-1, 0], [0, -1], [0, 1], [1, 0]]);
        expect(r.captures).toEqual([[-2, 0], [0, -2], [0, 2], [2, 0]]);
        expect(dests(piece).destinations.filter((d) => d.igui).map((d) => [d.square.file - 4, d.square.rank - 4]))
            .toEqual([[-2, 0], [0, -2], [0, 2], [2, 0]]);
    });
    test('longbow cavalryman (-> (move knight) (igui (queen :3))) on a 7x7 corner', () => {
        // From a1: knight to b3 or c2 (moves); from there igui up to three queen steps outward
        // (from b3 along (1,0) (0,1) (1,1) (-1,1); from c2 along (1,0) (0,1) (1,1) (1,-1)).
        const r = moves(free(apply('move', ref('knight')), apply('igui', q(ref('queen'), 3))), { board: [7, 7], at: [0, 0] });
        expect(r.moves).toEqual([[1, 2], [2, 1]]);
        expect(r.captures).toEqual([
            [0, 3], [1, 3], [1, 4], [1, 5], [2, 2], [2, 3], [2, 4], [3, 0], [3, 1],
            [3, 2], [3, 4], [4, 1], [4, 2], [4, 3], [4, 5], [5, 1], [5, 4]
        ]);
    });
});

describe('the "enemy added on T" answer is exact when a path can come back over T', () => {
    // (=> (wazir :forward) (wazir :any) (wazir :any)): every path to the square ahead passes
    // over it first; with an enemy there the first leg would be blocked, so it is a move, not a capture.
    const piece = blocked(q(ref('wazir'), 'forward'), q(ref('wazir'), 'any'), q(ref('wazir'), 'any'));
    test('moves and captures differ on the square ahead', () => {
        const r = moves(piece);
        expect(r.moves).toEqual([[-2, 1], [-1, 0], [-1, 2], [0, -1], [0, 1], [0, 3], [1, 0], [1, 2], [2, 1]]);
        expect(r.captures).toEqual([[-2, 1], [-1, 0], [-1, 2], [0, -1], [0, 3], [1, 0], [1, 2], [2, 1]]);
    });
    test('the square ahead is a move destination only', () => {
        const ahead = dests(piece).destinations.find((d) => d.square.file === 4 && d.square.rank === 5);
        expect(ahead).toEqual({ square: { file: 4, rank: 5 }, move: true, capture: false, igui: false, notes: [] });
    });
    test('with the enemy really there, the engine agrees', () => {
        expect(dests(piece, { enemies: [[0, 1]] }).destinations).toEqual([]);
    });
});
