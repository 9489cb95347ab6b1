// What a chain loses to its turns (issue 25): a leg after the first goes on only outward from the
// step before it unless it says :any, so some parts of a chain are never taken and some steps of
// a `=>` leg lead nowhere. The compiler reports each at the written part (rules leg-never-taken
// and leg-leads-nowhere); the walker drops exactly those moves, which the differential tests
// below check on the square and hexagonal lattices.
import { describe, expect, test } from 'vitest';
import { compile } from '../../src/engine/compile.js';
import { Problems, type LocatedProblem } from '../../src/engine/plan.js';
import { destinations, type SetUp } from '../../src/engine/index.js';
import { boardGeometry, hexagonBoard, HEX_FILES, SQUARE, type Geometry } from '../../src/geometry/index.js';
import type { Board } from '../../src/geometry/board.js';
import type { Move } from '../../src/model/piece.js';
import { printLispMove } from '../../src/model/print-lisp.js';
import { parseParlett } from '../../src/notation/index.js';
import { apply, blocked, free, leap, moves, q, ref, STANDARD, union, type Q } from './helpers.js';

const TURN_RULES = new Set(['leg-never-taken', 'leg-leads-nowhere']);

/** `rule @ written part` for each turn problem of `move`, in Lisp. */
function lost(move: Move, geometry: Geometry = SQUARE): string[] {
    return located(move, geometry).map((l) => `${l.problem.rule} @ ${printLispMove(l.path[l.path.length - 1])}`);
}

function located(move: Move, geometry: Geometry = SQUARE): LocatedProblem[] {
    const problems = new Problems();
    compile(move, STANDARD, problems, undefined, undefined, geometry);
    return problems.located.filter((l) => TURN_RULES.has(l.problem.rule));
}

const sideCaptureThenForward = blocked(apply('capture', q(ref('wazir'), 'sideways')), apply('move', q(ref('wazir'), 'forward')));

describe('a part no step before it goes on to is never taken', () => {
    test('the issue\'s example: after a sideways capture, a forward step is not outward', () => {
        expect(lost(sideCaptureThenForward)).toEqual(['leg-never-taken @ (move (wazir :forward))']);
        const [problem] = located(sideCaptureThenForward);
        expect(problem.problem.message).toBe("this leg is never taken: a later leg goes on only outward from the step before it (LCPN's default; :any lets it turn), and none of its steps (:forward) is outward after the :sideways steps before it");
        // The walker agrees: an enemy beside the piece, and still no move.
        expect(moves(sideCaptureThenForward, { enemies: [[1, 0]] }).moves).toEqual([]);
    });
    test(':any on the leg lets it turn: the en passant geometry captures beside and lands in front of the captured piece', () => {
        const withAny = blocked(apply('capture', q(ref('wazir'), 'sideways')), apply('move', q(ref('wazir'), 'forward', 'any')));
        expect(lost(withAny)).toEqual([]);
        expect(moves(withAny, { enemies: [[1, 0]] }).moves).toEqual([[1, 1]]);
    });
    test('Parlett c1=.o1> (seed 003) reads as the same chain, and loses its second part the same way', () => {
        const { move } = parseParlett('c1=.o1>');
        expect(lost(move!)).toEqual(['leg-never-taken @ (move (0 1 :forward))']);
    });
    test('a branch of a later leg: only that branch is reported, the ferz still goes on', () => {
        const chain = blocked(apply('capture', q(ref('wazir'), 'sideways')), union(apply('move', q(ref('wazir'), 'forward')), ref('ferz')));
        expect(lost(chain)).toEqual(['leg-never-taken @ (move (wazir :forward))']);
        expect(located(chain)[0].problem.message).toMatch(/^this part of the leg is never taken/);
        // From d4 (centre of 9x9: [0 0]) with an enemy on [1 0]: capture, then the outward ferz steps [1 1] and [1 -1].
        expect(moves(chain, { enemies: [[1, 0]] }).moves).toEqual([[2, -1], [2, 1]]);
    });
    test('a later leg that is a chain: the chain is the leg never taken', () => {
        const chain = blocked(q(ref('wazir'), 'forward'), blocked(q(ref('wazir'), 'sideways'), ref('ferz')));
        expect(lost(chain)).toEqual(['leg-never-taken @ (=> (wazir :sideways) ferz)']);
    });
    test('with -> too: the piece may stop after the first leg, but the second is still never taken', () => {
        const chain = free(apply('capture', q(ref('wazir'), 'sideways')), apply('move', q(ref('wazir'), 'forward')));
        expect(lost(chain)).toEqual(['leg-never-taken @ (move (wazir :forward))']);
    });
    test('the third leg of three', () => {
        // Forward, forward again, then sideways: never outward.
        const chain = blocked(q(ref('wazir'), 'forward'), q(ref('wazir'), 'forward'), q(ref('wazir'), 'sideways'));
        expect(lost(chain)).toEqual(['leg-never-taken @ (wazir :sideways)']);
    });
});

describe('steps of a => leg that no later leg goes on from lead nowhere', () => {
    test('Parlett 1<>.nX>: after a backward step, a forward diagonal is not outward', () => {
        const { move } = parseParlett('1<>.nX>');
        expect(lost(move!)).toEqual(['leg-leads-nowhere @ (0 1 :vertical)']);
        expect(located(move!)[0].problem.message).toBe("nothing can follow the :backward steps here: the next leg goes on only outward from the step before it (LCPN's default; :any on it lets it turn), and none of its steps (:forward) is outward after them, so a => move that goes this way ends nowhere");
    });
    test('a whole branch of the first leg', () => {
        const chain = blocked(union(q(ref('wazir'), 'sideways'), q(ref('wazir'), 'forward')), q(ref('wazir'), 'forward'));
        expect(lost(chain)).toEqual(['leg-leads-nowhere @ (wazir :sideways)']);
    });
    test('a named piece\'s steps: at the name', () => {
        expect(lost(blocked(ref('king'), q(ref('knight'), 'forward')))).toEqual(['leg-leads-nowhere @ king']);
    });
    test('with -> the piece may stop after the leg: nothing leads nowhere', () => {
        expect(lost(free(q(ref('wazir'), 'vertical'), q(ref('bishop'), 'forward')))).toEqual([]);
    });
});

describe('pieces whose chains lose nothing', () => {
    test.each<[string, Move]>([
        ['the aanca (=> ferz rook)', blocked(ref('ferz'), ref('rook'))],
        ['the Chinese horse', blocked(ref('wazir'), q(leap(1, 1), 'outward'))],
        ['the janggi elephant', blocked(ref('wazir'), q(leap(1, 1), 'outward'), q(leap(1, 1), 'outward'))],
        ['the lion\'s two king steps', free(ref('king'), ref('king'))],
        ['the checker\'s jump', blocked(apply('capture', ref('ferz')), apply('move', q(ref('ferz'), 'outward')))],
        ['a locust rook', blocked(apply('capture', ref('rook')), apply('move', ref('wazir')))],
        ['a turn allowed by :any', blocked(ref('wazir'), q(ref('wazir'), 'any'))],
        ['a path as the later leg (it starts afresh)', blocked(q(ref('wazir'), 'sideways'), { kind: 'path', text: 'F', regex: { kind: 'forward' } })]
    ])('%s', (_name, move) => {
        expect(lost(move)).toEqual([]);
    });
});

/**
 * Differential: the static analysis against the walker, on random two-leg chains of one leaf
 * each (a random leap, keywords, :any, a range). On a board large enough that no step leaves
 * it, the walker's chain has a move exactly when its second leg is not reported never taken,
 * and its first leg restricted to one step has a move exactly when that step is not reported
 * leading nowhere.
 */
describe('the analysis and the walker agree', () => {
    const cases: [string, Geometry, Board][] = [
        ['squares', SQUARE, { files: 15, ranks: 15 }],
        ['hexagon', HEX_FILES, hexagonBoard(10)]
    ];
    test.each(cases)('on %s', (_name, geometry, board) => {
        const random = seeded(25);
        const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
        const words = geometry.directions.map((d) => d.name);
        const vectors: [number, number][] = [[0, 1], [1, 1], [1, 2], [0, 2]];
        const leafOf = (later: boolean): { move: Move; vector: [number, number]; qualifiers: Q[] } => {
            const vector = pick(vectors);
            const qualifiers: Q[] = [];
            const n = Math.floor(random() * 3);
            for (let k = 0; k < n; k++) qualifiers.push(pick(words));
            if (later && random() < 0.15) qualifiers.push('any');
            if (random() < 0.3) qualifiers.push('rider');
            return { move: qualifiers.length > 0 ? q(leap(...vector), ...qualifiers) : leap(...vector), vector, qualifiers };
        };
        const at = boardGeometry(board).centre;
        const setup: SetUp = { board, at, friends: [], enemies: [] };
        // A chain that comes back to its start square moves too (the lion's pass), though that is not a destination.
        const reaches = (move: Move) => {
            const r = destinations(move, setup, STANDARD);
            return r.destinations.length > 0 || r.returnsToStart;
        };
        let neverTaken = 0;
        let deadEnds = 0;
        for (let i = 0; i < 600; i++) {
            const first = leafOf(false);
            const second = leafOf(true);
            // Keywords that select no step make a leg that never moves: not a matter of turning.
            const stepsOf = (move: Move) => {
                const plan = compile(move, STANDARD, new Problems(), undefined, undefined, geometry);
                return plan.kind === 'leaf' ? plan.steps : [];
            };
            const steps = stepsOf(first.move);
            if (steps.length === 0 || stepsOf(second.move).length === 0) continue;
            const chain = blocked(first.move, second.move);
            const found = located(chain, geometry);
            const whole = found.some((l) => l.problem.rule === 'leg-never-taken');
            if (whole) neverTaken++;
            expect(reaches(chain), printLispMove(chain)).toBe(!whole);
            if (whole) continue;
            // Each step of the first leg alone (:only, the same range): leads nowhere exactly when reported.
            const dead = found.filter((l) => l.problem.rule === 'leg-leads-nowhere').length > 0;
            let someDead = false;
            for (const step of steps) {
                const ranged = first.qualifiers.includes('rider') ? q(leap(step[0], step[1]), 'only', 'rider') : q(leap(step[0], step[1]), 'only');
                if (!reaches(blocked(ranged, second.move))) someDead = true;
            }
            if (dead) deadEnds++;
            expect(dead, printLispMove(chain)).toBe(someDead);
        }
        // The generator makes both kinds often enough to test them.
        expect(neverTaken).toBeGreaterThan(10);
        expect(deadEnds).toBeGreaterThan(10);
    });
});

/** A small seeded generator (mulberry32), so that the random chains are the same on every run. */
function seeded(seed: number): () => number {
    let a = seed;
    return () => {
        a = (a + 0x6d2b79f5) | 0;
        let t = Math.imul(a ^ (a >>> 15), 1 | a);
        t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
}
