// Problems the engine reports instead of failing: unknown names, cycles, informal parts,
// impossible set-ups, and definitions too large to evaluate (which must end quickly).
import { describe, expect, test } from 'vitest';
import { apply, blocked, def, dests, free, leap, moves, pieces, q, ref, STANDARD, text, union } from './helpers.js';
import { destinations } from '../../src/engine/index.js';
import type { Move } from '../../src/model/piece.js';

const WAZIR = [[-1, 0], [0, -1], [0, 1], [1, 0]];

describe('names', () => {
    test('an unknown piece moves nowhere and is named', () => {
        const r = moves(union(ref('wazir'), ref('unicorn')));
        expect(r.moves).toEqual(WAZIR);
        expect(r.problems).toEqual([{ kind: 'unknown-piece', message: 'unknown piece "unicorn"' }]);
    });
    test('a cycle through two definitions is reported once and the rest still moves', () => {
        const resolve = pieces({ a: union(ref('b'), ref('wazir')), b: union(ref('a'), ref('ferz')) }, STANDARD);
        const r = moves('a', {}, resolve);
        expect(r.moves).toEqual([[-1, -1], [-1, 0], [-1, 1], [0, -1], [0, 1], [1, -1], [1, 0], [1, 1]]);
        expect(r.problems).toEqual([{ kind: 'cycle', message: 'cyclic definition: a -> b -> a' }]);
    });
    test('a definition that is its own body', () => {
        const resolve = pieces({ loop: q(ref('loop'), 'rider') });
        const r = destinations(def('loop', q(ref('loop'), 'rider')), { board: { files: 8, ranks: 8 }, at: { file: 0, rank: 0 }, friends: [], enemies: [] }, resolve);
        expect(r.destinations).toEqual([]);
        expect(r.problems).toEqual([{ kind: 'cycle', message: 'cyclic definition: loop -> loop', rule: 'cycle' }]);
    });
    test('a definition without a body', () => {
        const resolve = (key: string) => (key === 'ghost' ? { name: 'ghost', key: 'ghost', properties: [], style: 'lisp' as const } : undefined);
        expect(moves('ghost', {}, resolve).problems).toEqual([{ kind: 'invalid', message: '"ghost" has no movement' }]);
    });
});

describe('informal and unknown parts are kept and reported', () => {
    test('capture-a-general (informal): the rook\'s moves, noted', () => {
        const r = dests(apply('capture-a-general', ref('rook')), { board: [3, 3] });
        expect(r.destinations.map((d) => d.notes)).toEqual([['not evaluated: capture-a-general'], ['not evaluated: capture-a-general'], ['not evaluated: capture-a-general'], ['not evaluated: capture-a-general']]);
        expect(r.problems).toEqual([{ kind: 'informal', message: "capture-a-general is informal: its argument's moves are shown unrestricted" }]);
    });
    test('an unknown function', () => {
        const r = moves(apply('hop-twice', ref('wazir')));
        expect(r.moves).toEqual(WAZIR);
        expect(r.problems).toEqual([{ kind: 'unknown-function', message: "unknown function hop-twice: its argument's moves are shown unrestricted" }]);
    });
    test(':within-fortress is informal and does not select', () => {
        const r = dests(q(ref('wazir'), 'within-fortress'));
        expect(r.destinations.length).toBe(4);
        expect(r.destinations[0].notes).toEqual(['not evaluated: :within-fortress']);
        expect(r.problems).toEqual([{ kind: 'informal', message: ':within-fortress is informal: kept, not evaluated' }]);
    });
    test('an unknown keyword next to a known one: the known one still selects', () => {
        const r = moves(q(ref('wazir'), 'forward', 'forward-left'));
        expect(r.moves).toEqual([[0, 1]]);
        expect(r.problems).toEqual([{ kind: 'unknown-keyword', message: 'unknown keyword :forward-left: not evaluated' }]);
    });
    test('a text description as a later leg: the legs before it are shown (the coordinator moves as a queen)', () => {
        const coordinator = blocked(apply('move', ref('queen')), apply('igui', text('On the rectangle formed by itself and the friendly King')));
        const r = moves(coordinator, { board: [5, 5] });
        // The queen from c3 on an empty 5x5 board: 16 squares, move only; no capture is computed.
        expect(r.moves).toEqual([[-2, -2], [-2, 0], [-2, 2], [-1, -1], [-1, 0], [-1, 1], [0, -2], [0, -1], [0, 1], [0, 2], [1, -1], [1, 0], [1, 1], [2, -2], [2, 0], [2, 2]]);
        expect(r.captures).toEqual([]);
        expect(r.problems).toEqual([
            { kind: 'informal', message: 'informal description "On the rectangle formed by itself and the friendly King" is not evaluated' },
            { kind: 'informal', message: 'a later leg is informal ("On the rectangle formed by itself and the friendly King"): only the moves before it are shown' }
        ]);
        const d = dests(coordinator, { board: [5, 5] }).destinations;
        expect(d.every((x) => x.notes.includes('then "On the rectangle formed by itself and the friendly King": informal, not evaluated'))).toBe(true);
    });
    test('a text description as the only leg moves nowhere', () => {
        const r = moves(blocked(text('see text'), ref('wazir')));
        expect([r.moves, r.captures]).toEqual([[], []]);
    });
    test('promote-to on its own has no movement', () => {
        const r = moves(apply('promote-to', ref('queen')));
        expect(r.moves).toEqual([]);
        expect(r.problems[0].kind).toBe('invalid');
    });
    test('promote-to names an unknown piece', () => {
        const r = moves(blocked(ref('wazir'), apply('promote-to', ref('dragon'))));
        expect(r.moves).toEqual(WAZIR);
        expect(r.problems).toEqual([{ kind: 'unknown-piece', message: 'unknown piece "dragon"' }]);
    });
    test('vectors that are not two-dimensional, and the null vector', () => {
        expect(moves({ kind: 'leap', vector: [1, 2, 3] }).problems[0].kind).toBe('invalid');
        expect(moves(leap(0, 0)).problems).toEqual([{ kind: 'invalid', message: '[0 0] does not move' }]);
    });
});

describe('set-ups', () => {
    test('a board larger than 64 is refused (issue 11 raised the limit from 32)', () => {
        const r = moves('wazir', { board: [65, 65] });
        expect(r.moves).toEqual([]);
        expect(r.problems[0].message).toBe('board 65x65: each side must be a whole number from 1 to 64');
    });
    test('a piece off the board', () => {
        expect(moves('wazir', { board: [8, 8], at: [9, 0] }).problems[0].kind).toBe('invalid');
    });
    test('a 1x1 board: nowhere to go', () => {
        expect(moves('queen', { board: [1, 1] })).toEqual({ moves: [], captures: [], problems: [] });
    });
    test('a rectangular 26x10 board', () => {
        expect(moves('rook', { board: [26, 10], at: [25, 9] }).moves.length).toBe(25 + 9);
    });
});

describe('limits: never hangs, never overflows the stack', () => {
    test('an exponentially branching definition stops at the node limit', () => {
        const bodies: Record<string, Move> = { p: ref('wazir') };
        for (let i = 1; i <= 40; i++) bodies['p'.repeat(i + 1)] = union(ref('p'.repeat(i)), ref('p'.repeat(i)));
        const r = moves('p'.repeat(41), {}, pieces(bodies, STANDARD));
        expect(r.problems.map((p) => p.kind)).toEqual(['limit']);
        expect(r.moves).toEqual(WAZIR);
    });
    test('huge leaps go nowhere, at once (the path of [2^40 2^40] was listed square by square before the board edge was checked)', () => {
        for (const n of [2 ** 40, 2 ** 53, Number.MAX_VALUE, Infinity]) {
            expect(moves(leap(n, n)).moves).toEqual([]);
            expect(moves(apply('no-jump', leap(0, n))).moves).toEqual([]);
            expect(moves(apply('cannon', q(leap(n, -n), 'rider'))).captures).toEqual([]);
        }
    });
    test('sequences nested 25 deep stop at the budget quickly (endpoints passing up through each level were not counted: 7 s)', () => {
        const bodies: Record<string, Move> = { l: union(ref('wazir'), ref('ferz')) };
        for (let i = 1; i <= 25; i++) bodies['l'.repeat(i + 1)] = free(ref('l'.repeat(i)), q(ref('l'.repeat(i)), 'any'));
        const r = moves('l'.repeat(26), {}, pieces(bodies, STANDARD));
        // A bound to catch the old behaviour (7 s alone), generous for a shared, loaded machine.
        expect(r.problems.map((p) => p.kind)).toContain('limit');
    });
    test('very deep nesting is cut off with a problem', () => {
        let move: Move = ref('wazir');
        for (let i = 0; i < 5000; i++) move = q(move, 'forward');
        const r = moves(move);
        expect(r.problems.map((p) => p.kind)).toEqual(['limit']);
    });
    test('a chain of riders that turn back on a 32x32 board: re-checks stop at their budget, moves stay complete', () => {
        const any = q(ref('nightrider'), 'any');
        const r = moves(blocked(any, any, any, any, any), { board: [32, 32] });
        expect(r.moves.length).toBe(32 * 32 - 1);
        expect(r.problems.map((p) => p.kind)).toEqual(['limit']);
        expect(r.problems[0].message).toMatch(/^\d+ capture squares were not re-checked/);
    });
    test('a long chain of unblocked riders finishes without hitting any limit (26x26)', () => {
        const r = moves(free(ref('nightrider'), ref('nightrider'), ref('nightrider'), ref('nightrider')),
            { board: [26, 26], friends: [[3, 3], [-5, 2]], enemies: [[4, 0]] });
        expect(r.problems).toEqual([]);
        expect(r.moves.length).toBeGreaterThan(500);
    });
});
