/**
 * cycleComponents (model/cycles.ts) on random graphs: its components are exactly the sets of
 * keys that reach each other (a lone key only with an edge to itself), each reported cycle is a
 * shortest walk inside the component from the key back to it, and `visited` is everything the
 * starts reach, in depth-first order. The answers are also compared with the textbook Tarjan
 * (Maps and a Set, as the function was written before it kept its numbers in arrays).
 */
import { describe, expect, test } from 'vitest';
import { cycleComponents, findCycles } from '../../src/model/cycles.js';

function random(seed: number): () => number {
    let s = seed >>> 0;
    return () => {
        s = (s * 1664525 + 1013904223) >>> 0;
        return s / 2 ** 32;
    };
}

type Graph = Map<string, string[]>;

function randomGraph(seed: number): Graph {
    const next = random(seed);
    const size = 1 + Math.floor(next() * 14);
    const keys = Array.from({ length: size }, (_, i) => `k${i}`);
    const graph: Graph = new Map();
    const density = next() * 0.35;
    for (const from of keys) {
        const out: string[] = [];
        for (const to of keys) if (next() < density) out.push(to);
        // Sometimes a name defined nowhere (an edge to a key without edges of its own) or a repeated edge.
        if (next() < 0.2) out.push('undefined-name');
        if (out.length > 0 && next() < 0.1) out.push(out[0]);
        graph.set(from, out);
    }
    return graph;
}

const edgesOf = (graph: Graph) => (key: string) => graph.get(key) ?? [];

function reaches(graph: Graph, from: string): Set<string> {
    const seen = new Set<string>();
    const todo = [...edgesOf(graph)(from)];
    while (todo.length > 0) {
        const key = todo.pop()!;
        if (seen.has(key)) continue;
        seen.add(key);
        todo.push(...edgesOf(graph)(key));
    }
    return seen;
}

function distance(graph: Graph, from: string, to: string, inside: Set<string>): number {
    let frontier = [from];
    const seen = new Set([from]);
    for (let d = 1; frontier.length > 0; d++) {
        const next: string[] = [];
        for (const at of frontier) {
            for (const k of edgesOf(graph)(at)) {
                if (!inside.has(k)) continue;
                if (k === to) return d;
                if (!seen.has(k)) { seen.add(k); next.push(k); }
            }
        }
        frontier = next;
    }
    return Infinity;
}

/** The function as it was (Maps for index and low, a Set for the stack's members): the oracle. */
function textbook(starts: Iterable<string>, edges: (key: string) => string[]) {
    const index = new Map<string, number>();
    const low = new Map<string, number>();
    const onStack = new Set<string>();
    const stack: string[] = [];
    const components: string[][] = [];
    let counter = 0;
    for (const root of starts) {
        if (index.has(root)) continue;
        const work: { key: string; next: string[]; i: number }[] = [];
        const open = (key: string) => {
            index.set(key, counter); low.set(key, counter); counter++;
            stack.push(key); onStack.add(key);
            work.push({ key, next: edges(key), i: 0 });
        };
        open(root);
        while (work.length > 0) {
            const frame = work[work.length - 1];
            if (frame.i < frame.next.length) {
                const to = frame.next[frame.i++];
                if (!index.has(to)) open(to);
                else if (onStack.has(to)) low.set(frame.key, Math.min(low.get(frame.key)!, index.get(to)!));
                continue;
            }
            work.pop();
            if (work.length > 0) {
                const parent = work[work.length - 1].key;
                low.set(parent, Math.min(low.get(parent)!, low.get(frame.key)!));
            }
            if (low.get(frame.key) === index.get(frame.key)) {
                const component: string[] = [];
                let member: string;
                do { member = stack.pop()!; onStack.delete(member); component.push(member); } while (member !== frame.key);
                if (component.length > 1 || edges(component[0]).includes(component[0])) components.push(component);
            }
        }
    }
    return { components, visited: index };
}

describe('cycleComponents', () => {
    test('a hand-written graph: a three-cycle, a self-loop, a chain into the cycle, a name defined nowhere', () => {
        const graph: Graph = new Map([
            ['a', ['b']], ['b', ['c', 'ghost']], ['c', ['a']],
            ['s', ['s']], ['d', ['a']], ['e', []]
        ]);
        const search = cycleComponents(['d', 's', 'e'], edgesOf(graph));
        expect([...search.visited.keys()]).toEqual(['d', 'a', 'b', 'c', 'ghost', 's', 'e']);
        expect(search.cycles.get('a')).toEqual(['a', 'b', 'c', 'a']);
        expect(search.cycles.get('c')).toEqual(['c', 'a', 'b', 'c']);
        expect(search.cycles.get('s')).toEqual(['s', 's']);
        expect([...search.components.get('b')!].sort()).toEqual(['a', 'b', 'c']);
        expect(search.cycles.has('d')).toBe(false);
        expect(search.cycles.has('e')).toBe(false);
        expect(search.cycles.has('ghost')).toBe(false);
        expect(findCycles(['e'], edgesOf(graph)).size).toBe(0);
    });

    test('a chain deeper than the call stack is searched without recursion', () => {
        // k0 -> k1 -> ... -> k99999 -> end <-> loop: one cycle at the bottom of a long chain.
        const n = 100_000;
        const graph: Graph = new Map(Array.from({ length: n }, (_, i) => [`k${i}`, [i + 1 < n ? `k${i + 1}` : 'end']]));
        graph.set('end', ['loop']);
        graph.set('loop', ['end']);
        const search = cycleComponents(['k0'], edgesOf(graph));
        expect(search.visited.size).toBe(n + 2);
        expect([...search.components.keys()].sort()).toEqual(['end', 'loop']);
        expect(search.cycles.get('loop')).toEqual(['loop', 'end', 'loop']);
    });

    test('500 random graphs: components, shortest cycles and visit order as defined, and as the textbook Tarjan finds them', () => {
        for (let seed = 1; seed <= 500; seed++) {
            const graph = randomGraph(seed);
            const keys = [...graph.keys()];
            const pick = random(seed * 7919);
            const starts = keys.filter(() => pick() < 0.4);
            if (starts.length === 0) starts.push(keys[0]);
            const search = cycleComponents(starts, edgesOf(graph));
            const oracle = textbook(starts, edgesOf(graph));

            expect([...search.visited], `seed ${seed}`).toEqual([...oracle.visited]);
            const fromOracle = new Map<string, string[]>();
            for (const component of oracle.components) for (const key of component) fromOracle.set(key, component);
            expect(new Map([...search.components].map(([k, c]) => [k, [...c]])), `seed ${seed}`).toEqual(fromOracle);

            const reached = new Set<string>();
            for (const s of starts) { reached.add(s); for (const k of reaches(graph, s)) reached.add(k); }
            expect(new Set(search.visited.keys()), `seed ${seed}`).toEqual(reached);
            for (const key of reached) {
                const onCycle = reaches(graph, key).has(key);
                expect(search.cycles.has(key), `seed ${seed} ${key}`).toBe(onCycle);
                if (!onCycle) continue;
                const component = new Set([...reached].filter((k) => reaches(graph, key).has(k) && reaches(graph, k).has(key)));
                expect(new Set(search.components.get(key)), `seed ${seed} ${key}`).toEqual(component);
                const cycle = search.cycles.get(key)!;
                expect(cycle[0]).toBe(key);
                expect(cycle[cycle.length - 1]).toBe(key);
                for (let i = 0; i + 1 < cycle.length; i++) {
                    expect(component.has(cycle[i])).toBe(true);
                    expect(edgesOf(graph)(cycle[i])).toContain(cycle[i + 1]);
                }
                expect(cycle.length - 1, `seed ${seed} ${key}`).toBe(distance(graph, key, key, component));
            }
        }
    });
});
