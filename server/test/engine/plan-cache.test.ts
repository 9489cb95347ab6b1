// The plans of referenced definitions shared between compiles (RefCache): the same plan and
// the same problems as a fresh compile, and a chain of definitions compiled in linear time.
import { describe, expect, test } from 'vitest';
import { compile, MAX_COMPILED_NODES, RefCache } from '../../src/engine/compile.js';
import { Problems } from '../../src/engine/plan.js';
import type { Move } from '../../src/model/piece.js';
import { apply, pieces, q, ref, STANDARD, text, union } from './helpers.js';
import { HEX_FILES, HEX_ROWS, SQUARE } from '../../src/geometry/index.js';

const bodies: Record<string, Move> = {
    a: union(ref('knight'), q(ref('rook'), 'forward')),
    b: union(ref('a'), apply('move', ref('a')), text('and more')),
    c: union(ref('b'), q(ref('b'), 'forward'), ref('nothing')),
    d: union(ref('c'), ref('e')),
    e: union(ref('d'), ref('ferz'))
};

function both(key: string, resolve: ReturnType<typeof pieces>) {
    const fresh = new Problems();
    const cached = new Problems();
    const cache = new RefCache();
    compile(ref(key), resolve, new Problems(), undefined, cache); // fill the cache
    return {
        fresh: { plan: compile(ref(key), resolve, fresh), problems: fresh.list },
        cached: { plan: compile(ref(key), resolve, cached, undefined, cache), problems: cached.list }
    };
}

describe('RefCache', () => {
    test.each(['a', 'b', 'c'])('%s: the same plan and problems as a fresh compile', (key) => {
        const { fresh, cached } = both(key, pieces(bodies, STANDARD));
        expect(cached.plan).toEqual(fresh.plan);
        expect(cached.problems.map((p) => p.message).sort()).toEqual(fresh.problems.map((p) => p.message).sort());
    });
    test('a cycle is not cached: each compile cuts it where it starts', () => {
        const { fresh, cached } = both('d', pieces(bodies, STANDARD));
        expect(cached.plan).toEqual(fresh.plan);
        expect(cached.problems.map((p) => p.rule)).toContain('cycle');
    });
    test('a chain of 400 definitions, each using two before it, compiles every one in linear work', () => {
        const chain: Record<string, Move> = { l0: union(ref('wazir'), ref('ferz')) };
        for (let i = 1; i < 400; i++) chain[`l${i}`] = union(ref(`l${i - 1}`), q(ref(`l${Math.max(0, i - 3)}`), 'forward'));
        const resolve = pieces(chain, STANDARD);
        const cache = new RefCache();
        for (let i = 0; i < 400; i++) compile(ref(`l${i}`), resolve, new Problems(), 2_000, cache);
        // One entry per definition and context met: a few per definition, not one per path.
        expect(cache.size).toBeLessThan(400 * 4);
    });
});

describe('a cache serves one cap (RefCache.cap)', () => {
    // d0 is 3 parts; each next level uses the one before twice: d10 is over 3,000 parts.
    const doubling: Record<string, Move> = { d0: union(ref('wazir'), ref('ferz')) };
    for (let i = 1; i <= 10; i++) doubling[`d${i}`] = union(ref(`d${i - 1}`), q(ref(`d${i - 1}`), 'forward'));
    const resolve = pieces(doubling, STANDARD);
    const rules = (problems: Problems) => problems.list.map((p) => p.rule);

    test('a reference over the default cap (the checks\' 2,000 parts) is too large in its cache', () => {
        const problems = new Problems();
        compile(ref('d10'), resolve, problems, MAX_COMPILED_NODES, new RefCache());
        expect(rules(problems)).toContain('limit');
    });
    test('a cache of the engine\'s cap (the hover\'s) compiles it whole: the plan and problems of a compile without a cache', () => {
        const cache = new RefCache(undefined, undefined, MAX_COMPILED_NODES);
        const fresh = new Problems();
        const cached = new Problems();
        const plan = compile(ref('d10'), resolve, fresh, MAX_COMPILED_NODES);
        compile(ref('d9'), resolve, new Problems(), MAX_COMPILED_NODES, cache); // d9 and below now cached
        expect(compile(ref('d10'), resolve, cached, MAX_COMPILED_NODES, cache)).toEqual(plan);
        expect(rules(cached)).toEqual(rules(fresh));
        expect(rules(cached)).not.toContain('limit');
    });
});

describe('the cache is keyed by lattice (issue 11)', () => {
    test('a reference compiled on squares and then on the hexagon gets each lattice its own plan', () => {
        const resolve = pieces(bodies, STANDARD);
        const cache = new RefCache();
        const steps = (geometry: typeof SQUARE) => {
            const plan = compile(q(ref('knight'), 'forward'), resolve, new Problems(), undefined, cache, geometry);
            return plan.kind === 'leaf' ? plan.steps.length : -1;
        };
        expect(steps(SQUARE)).toBe(4);
        expect(steps(HEX_FILES)).toBe(6); // Glinski's knight: 12 leaps, 6 of them forward (files orientation)
        expect(steps(HEX_ROWS)).toBe(6);
        expect(steps(SQUARE)).toBe(4);
        // The two orientations share their images but not their keywords' meaning.
        const vertical = (geometry: typeof SQUARE) => {
            const plan = compile(q(ref('wazir'), 'vertical'), resolve, new Problems(), undefined, cache, geometry);
            return plan.kind === 'leaf' ? plan.steps : plan.kind;
        };
        expect(vertical(HEX_FILES)).toEqual([[0, 1], [0, -1]]);
        expect(vertical(HEX_ROWS)).toBe('none');
    });
});
