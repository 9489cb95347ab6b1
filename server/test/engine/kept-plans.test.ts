// Plans kept across resolvers (KeptPlans, engine/compile.ts): a later resolver reuses a
// referenced definition's plan only while every name it read resolves to the same definition,
// and the plans it reused are still valid; otherwise it compiles it again, as a fresh compile would.
import { describe, expect, test } from 'vitest';
import { compile, KeptPlans, RefCache } from '../../src/engine/compile.js';
import { Problems, type Plan, type Resolver } from '../../src/engine/plan.js';
import type { Move, PieceDef } from '../../src/model/piece.js';
import { apply, blocked, def, leap, q, ref, STANDARD, union } from './helpers.js';

/** A workspace state: each name's definition, as the editor's resolver and identities give them. */
class State {
    readonly defs: Map<string, PieceDef>;

    constructor(definitions: Record<string, PieceDef>) {
        this.defs = new Map(Object.entries(definitions));
    }

    /** A new state where `key` is defined anew (a new identity, as an edit re-reads a definition). */
    with(key: string, definition: PieceDef): State {
        return new State({ ...Object.fromEntries(this.defs), [key]: definition });
    }

    /** A resolver of this state and its plan cache, with the kept plans and identities (a new pair per state, as piece-models.ts makes them). */
    resolver(kept: KeptPlans): { resolve: Resolver; cache: RefCache } {
        const resolve: Resolver = (key) => this.defs.get(key) ?? STANDARD(key);
        return { resolve, cache: new RefCache(kept, (key) => this.defs.get(key) ?? STANDARD(key)) };
    }
}

function compiled(target: Move, { resolve, cache }: { resolve: Resolver; cache: RefCache }): { plan: Plan; rules: string[] } {
    const problems = new Problems();
    const plan = compile(target, resolve, problems, undefined, cache);
    return { plan, rules: problems.list.map((p) => p.rule).sort() };
}

function fresh(target: Move, state: State): { plan: Plan; rules: string[] } {
    const problems = new Problems();
    const plan = compile(target, (key) => state.defs.get(key) ?? STANDARD(key), problems);
    return { plan, rules: problems.list.map((p) => p.rule).sort() };
}

const base = new State({
    a: def('a', union(ref('knight'), apply('igui', ref('ferz')))),
    b: def('b', union(ref('a'), q(ref('wazir'), 'forward'))),
    c: def('c', blocked(ref('b'), ref('rook'))),
    other: def('other', union(ref('camel'), ref('zebra'))),
    palace: { name: 'palace', key: 'palace', properties: [], style: 'lisp', declaration: { kind: 'zone', squares: ['d1', 'e1', 'f1'] } },
    inside: def('inside', q(ref('steps'), 'palace')),
    steps: def('steps', union(ref('wazir'), ref('ferz')))
});

describe('plans kept across resolvers', () => {
    test('an unchanged definition is not compiled again: the next resolver reuses its plan', () => {
        const kept = new KeptPlans();
        const first = compiled(ref('c'), base.resolver(kept));
        // Another workspace state in which nothing `c` reaches changed.
        const second = compiled(ref('c'), base.with('other', def('other', leap(1, 0))).resolver(kept));
        expect(second.plan).toBe(first.plan);
        expect(second).toEqual(fresh(ref('c'), base));
    });

    test('a change two references down is seen: every plan that reached it is compiled again', () => {
        const kept = new KeptPlans();
        const before = compiled(ref('c'), base.resolver(kept));
        expect(before.rules).toContain('igui-on-the-way');
        const edited = base.with('a', def('a', union(ref('knight'), ref('ferz'))));
        const after = compiled(ref('c'), edited.resolver(kept));
        expect(after).toEqual(fresh(ref('c'), edited));
        expect(after.rules).not.toContain('igui-on-the-way');
        // And back: the kept plans of the first state are not taken for the new `a` either.
        const again = base.with('a', def('a', union(ref('knight'), apply('igui', ref('ferz')))));
        expect(compiled(ref('c'), again.resolver(kept))).toEqual(fresh(ref('c'), again));
    });

    test('a name that stops resolving, or starts to, is seen', () => {
        const kept = new KeptPlans();
        compiled(ref('c'), base.resolver(kept));
        const removed = new State(Object.fromEntries([...base.defs].filter(([key]) => key !== 'a')));
        const gone = compiled(ref('c'), removed.resolver(kept));
        expect(gone).toEqual(fresh(ref('c'), removed));
        expect(gone.rules).toContain('unknown-piece');
        expect(compiled(ref('c'), base.resolver(kept))).toEqual(fresh(ref('c'), base));
    });

    test('a zone of the context a reference was compiled in: a change of its squares is seen', () => {
        const kept = new KeptPlans();
        // d1, as the plan holds a zone's squares.
        const hasD1 = (plan: Plan): boolean => JSON.stringify(plan).includes('{"file":3,"rank":0}');
        const before = compiled(ref('inside'), base.resolver(kept));
        expect(hasD1(before.plan)).toBe(true);
        const moved = base.with('palace', { name: 'palace', key: 'palace', properties: [], style: 'lisp', declaration: { kind: 'zone', squares: ['a8', 'b8'] } });
        const after = compiled(ref('inside'), moved.resolver(kept));
        expect(after).toEqual(fresh(ref('inside'), moved));
        expect(hasD1(after.plan)).toBe(false);
    });

    test('a cycle is never kept: each state compiles it and finds it', () => {
        const kept = new KeptPlans();
        const cyclic = base.with('a', def('a', union(ref('c'), ref('knight'))));
        expect(compiled(ref('c'), cyclic.resolver(kept)).rules).toContain('cycle');
        const again = compiled(ref('c'), cyclic.with('other', def('other', leap(2, 0))).resolver(kept));
        expect(again).toEqual(fresh(ref('c'), cyclic));
        expect(again.rules).toContain('cycle');
    });
});
