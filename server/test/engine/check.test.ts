// The validator's helpers (dead and unknown direction keywords) and the vocabulary table.
import { describe, expect, test } from 'vitest';
import { baseSteps, checkDirections, isKnownKeyword } from '../../src/engine/index.js';
import { RefCache } from '../../src/engine/compile.js';
import type { Move } from '../../src/model/piece.js';
import { DIRECTIONS, FUNCTIONS, directionWord, functionWord, keywordWord, propertyWord } from '../../src/model/vocabulary.js';
import { free, leap, pieces, q, ref, STANDARD, union } from './helpers.js';
import { SQUARE } from '../../src/geometry/index.js';
import { HEX_FILES } from '../../src/geometry/hex.js';

const summary = (move: Parameters<typeof checkDirections>[0]) =>
    checkDirections(move, STANDARD).map((c) => [c.keyword, c.known, c.selectsNothing, c.selected.length]);

describe('checkDirections', () => {
    test('(knight :sideways) selects nothing', () => {
        expect(summary(q(ref('knight'), 'sideways'))).toEqual([['sideways', true, true, 0]]);
    });
    test('one dead keyword among live ones: (wazir :forward :narrow)', () => {
        expect(summary(q(ref('wazir'), 'forward', 'narrow'))).toEqual([['forward', true, false, 1], ['narrow', true, true, 0]]);
    });
    test('the crab\'s keywords both select', () => {
        expect(summary(q(leap(2, 1), 'forward-most', 'backwards-shallow'))).toEqual([['forward-most', true, false, 2], ['backwards-shallow', true, false, 2]]);
    });
    test('an unknown keyword is reported as unknown, a known informal one is not a direction', () => {
        expect(summary(q(ref('wazir'), 'forward-left', 'within-fortress'))).toEqual([['forward-left', false, false, 0]]);
    });
    test('keywords inside compounds are found, the node is the model object itself', () => {
        const inner = q(ref('knight'), 'vertical');
        const checks = checkDirections(union(ref('rook'), inner), STANDARD);
        expect(checks.map((c) => [c.node === inner, c.index, c.selectsNothing])).toEqual([[true, 0, true]]);
    });
    test('a keyword over a base whose own keywords left nothing is not blamed again', () => {
        expect(summary(q(q(ref('knight'), 'sideways'), 'forward'))).toEqual([['forward', true, false, 0], ['sideways', true, true, 0]]);
    });
    test('isKnownKeyword', () => {
        expect([':forward', 'backwards-most', ':Forward_Most', ':4', ':*', ':rider', ':within-fortress', ':forward-left', ':royal']
            .map(isKnownKeyword)).toEqual([true, true, true, true, true, true, true, false, false]);
    });
});

describe('vocabulary', () => {
    test('every direction predicate, on (1, 2), (2, -1), (0, 1), (-1, -1)', () => {
        const vectors: [number, number][] = [[1, 2], [2, -1], [0, 1], [-1, -1]];
        const table = Object.fromEntries(DIRECTIONS.map((d) => [d.name, vectors.map(([x, y]) => (SQUARE.direction(d.name)!.test([x, y]) ? 1 : 0)).join('')]));
        expect(table).toEqual({
            forward: '1010', backward: '0101', backwards: '0101', left: '0001', right: '1100',
            sideways: '0000', vertical: '0010', orthogonal: '0010', diagonal: '0001',
            narrow: '1000', wide: '0100', 'forward-most': '1000', 'forward-shallow': '0000',
            'backward-most': '0000', 'backwards-most': '0000', 'backward-shallow': '0100', 'backwards-shallow': '0100'
        });
    });
    test('lookups normalize spelling', () => {
        expect(directionWord(':Backwards_Shallow')?.name).toBe('backwards-shallow');
        expect(functionWord('No_Jump')?.name).toBe('no-jump');
        expect(propertyWord('::royal')?.name).toBe('royal');
        expect(keywordWord(':12')?.name).toBe('N');
    });
    test('machine-evaluated functions', () => {
        expect(FUNCTIONS.filter((f) => f.evaluated).map((f) => f.name)).toEqual([
            'move', 'capture', 'cannon', 'no-jump', 'igui', 'rank', 'file', 'first-move', 'in', 'occupied-by',
            'empty', 'friend', 'enemy', 'and', 'or', 'not', 'betza', 'path', 'parlett'
        ]);
    });
});

describe('baseSteps on a movement too large to compile quickly', () => {
    test('is empty (unknown) rather than partial', () => {
        const bodies: Record<string, Move> = { l: union(ref('wazir'), ref('ferz')) };
        for (let i = 1; i <= 20; i++) bodies['l'.repeat(i + 1)] = free(ref('l'.repeat(i)), q(ref('l'.repeat(i)), 'any'));
        const resolve = pieces(bodies, STANDARD);
        expect(baseSteps(ref('l'.repeat(21)), resolve)).toEqual([]);
        expect(baseSteps(ref('ll'), resolve)).toHaveLength(8);
    });
});

describe('baseSteps of a name, remembered in its resolver\'s plan cache per lattice', () => {
    test('the same name gives the same steps again, and its own on another lattice with the same resolver', () => {
        const resolve = pieces({}, STANDARD);
        const cache = new RefCache();
        const square = baseSteps(ref('knight'), resolve, SQUARE, cache);
        expect(square).toHaveLength(8);
        // A knight on a hexagon has twelve images of [1 2] (geometry/hex.ts), not the square's eight.
        const hex = baseSteps(ref('knight'), resolve, HEX_FILES, cache);
        expect(hex).toHaveLength(12);
        expect(cache.steps.size).toBe(2);
        expect(baseSteps(ref('knight'), resolve, SQUARE, cache)).toEqual(square);
        expect(baseSteps(ref('knight'), resolve, HEX_FILES, cache)).toEqual(hex);
    });
    test('changing the list a call returned does not change the next answer', () => {
        const resolve = pieces({}, STANDARD);
        const cache = new RefCache();
        const first = baseSteps(ref('wazir'), resolve, SQUARE, cache);
        first.length = 0;
        expect(baseSteps(ref('wazir'), resolve, SQUARE, cache)).toHaveLength(4);
    });
    test('another resolver (with its own cache) is asked again: its name may mean something else', () => {
        const wazir = baseSteps(ref('x'), pieces({ x: ref('wazir') }, STANDARD), SQUARE, new RefCache());
        const ferz = baseSteps(ref('x'), pieces({ x: ref('ferz') }, STANDARD), SQUARE, new RefCache());
        expect(wazir.map(([m, n]) => Math.abs(m) + Math.abs(n))).toEqual([1, 1, 1, 1]);
        expect(ferz.map(([m, n]) => Math.abs(m) + Math.abs(n))).toEqual([2, 2, 2, 2]);
    });
});
