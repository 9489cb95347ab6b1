/**
 * Issue 10 "Capturing on the way": a leg that may end only by capturing, followed by another leg,
 * removes the enemy there and the move goes on (the locust). Destinations worked out by hand on
 * a 9x9 board, the piece on e5 (offsets [dx, dy], White moving up).
 */
import { describe, expect, test } from 'vitest';
import { apply, blocked, dests, free, q, ref, report, union } from './helpers.js';

/** The checker's jump: `(=> (capture ferz) (move ferz))` (the second leg goes straight on). */
const CHECKER = blocked(apply('capture', ref('ferz')), apply('move', ref('ferz')));

describe('the locust leg needs an enemy and removes it', () => {
    test('no enemy, no move: a locust leg never lands on an empty square', () => {
        const r = report(CHECKER);
        expect([r.moves, r.captures, r.locustSquares, r.problems]).toEqual([[], [], [], []]);
    });

    test('an enemy on f6: captures f6 and lands on g7 (one move, listed as a pair)', () => {
        const r = report(CHECKER, { enemies: [[1, 1]] });
        expect(r.moveSquares).toEqual(['g7']);
        expect(r.captureSquares).toEqual([]);
        expect(r.takeSquares).toEqual([]);
        expect(r.locustSquares).toEqual([{ capture: ['f6'], to: 'g7' }]);
        expect(r.problems).toEqual([]);
    });

    test('a friend on f6 is not captured, and the landing square must be free', () => {
        expect(report(CHECKER, { friends: [[1, 1]] }).locustSquares).toEqual([]);
        expect(report(CHECKER, { enemies: [[1, 1]], friends: [[2, 2]] }).locustSquares).toEqual([]);
        // (move ferz) as the last leg: an enemy on g7 blocks the landing too.
        expect(report(CHECKER, { enemies: [[1, 1], [2, 2]] }).locustSquares).toEqual([]);
    });

    test('(=> (capture ferz) rook): after capturing f6 the rook rides on outward from f6', () => {
        const r = report(blocked(apply('capture', ref('ferz')), ref('rook')), { enemies: [[1, 1]] });
        // From f6, outward of (1,1): east g6 h6 i6 and north f7 f8 f9.
        expect(r.moveSquares).toEqual(['f7', 'f8', 'f9', 'g6', 'h6', 'i6']);
        expect(r.captureSquares).toEqual(['f7', 'f8', 'f9', 'g6', 'h6', 'i6']);
        expect(r.locustSquares.map((l) => l.to)).toEqual(['f7', 'f8', 'f9', 'g6', 'h6', 'i6']);
        expect(r.locustSquares.every((l) => l.capture.join() === 'f6')).toBe(true);
        expect(r.problems.map((p) => p.rule)).toEqual([]);
    });

    test('a captured square is empty for the rest of the path', () => {
        // Capture f5, step to g5, then ride west back over f5 (now empty) and e5 (vacated) to a5.
        const piece = blocked(apply('capture', ref('wazir')), q(ref('wazir'), 'any'), q(ref('rook'), 'any'));
        const r = report(piece, { enemies: [[1, 0]] });
        expect(r.moveSquares).toContain('a5');
        expect(r.locustSquares).toContainEqual({ capture: ['f5'], to: 'a5' });
        // A second enemy on d5 stops the ride there, capturing it (a double capture).
        const two = report(piece, { enemies: [[1, 0], [-1, 0]] });
        expect(two.locustSquares).not.toContainEqual({ capture: ['f5'], to: 'c5' });
        expect(two.locustSquares).toContainEqual({ capture: ['f5'], to: 'd5' });
        expect(two.takeSquares).toContain('d5');
    });
});

describe('locustOnly: whether a destination is reached only by capturing on the way', () => {
    test("the checker's jump reaches g7 only over f6: locustOnly", () => {
        const g7 = dests(CHECKER, { enemies: [[1, 1]] }).destinations.find((d) => d.square.file === 6 && d.square.rank === 6);
        expect(g7).toMatchObject({ move: true, locusts: [[{ file: 5, rank: 5 }]], locustOnly: true });
    });

    test('with an alfil beside it, g7 is also a plain leap: not locustOnly', () => {
        const g7 = dests(union(CHECKER, ref('alfil')), { enemies: [[1, 1]] }).destinations.find((d) => d.square.file === 6 && d.square.rank === 6);
        expect(g7?.locusts).toHaveLength(1);
        expect(g7?.locustOnly).toBeUndefined();
    });
});

describe('the Chu Shogi lion: (-> (/ king (capture king)) (king :any))', () => {
    const lion = free(union(ref('king'), apply('capture', ref('king'))), q(ref('king'), 'any'));

    test('empty board: the 24 squares of the 5x5 around it, no locusts', () => {
        const r = report(lion);
        expect(r.moves).toHaveLength(24);
        expect(r.locustSquares).toEqual([]);
        expect(r.iguiSquares).toEqual([]);
    });

    test('two enemies in a row (d5, c5): double capture d5 then c5, capture and return (igui) on d5', () => {
        const r = report(lion, { enemies: [[-1, 0], [-2, 0]] });
        expect(r.takeSquares).toEqual(['c5', 'd5']);
        expect(r.locustSquares).toContainEqual({ capture: ['d5'], to: 'c5' });
        expect(r.iguiSquares).toEqual(['d5']);
        // After taking d5 it may step to any neighbour of d5 except e5 (its start: that is the igui).
        const fromD5 = r.locustSquares.filter((l) => l.capture.join() === 'd5').map((l) => l.to);
        expect(fromD5).toEqual(['c4', 'c5', 'c6', 'd4', 'd6', 'e4', 'e6']);
    });

    test('the destination records each way of capturing on the way', () => {
        const r = dests(lion, { enemies: [[-1, 0], [0, 1]] });
        const e6 = r.destinations.find((d) => d.square.file === 4 && d.square.rank === 5)!;
        // e6 holds an enemy: the lion takes it directly, or after taking d5 first.
        expect(e6.capture).toBe(true);
        expect(e6.locusts).toEqual([[{ file: 3, rank: 4 }]]);
        expect(r.returnsToStart).toBe(true);
    });
});
