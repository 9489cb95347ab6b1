/**
 * Cyclic definitions: pieces whose movement refers back to themselves through piece names.
 * Tarjan's strongly connected components, iteratively (a generated file may chain thousands
 * of definitions, deeper than the call stack), linear in the number of references.
 */
import type { Move } from './piece.js';

/** Piece names a movement refers to. */
export function references(move: Move): string[] {
    const found: string[] = [];
    collectReferences(move, found);
    return found;
}

function collectReferences(move: Move, found: string[]): void {
    switch (move.kind) {
        case 'ref': found.push(move.key); return;
        case 'leap': case 'text': case 'path': return;
        case 'qualified': collectReferences(move.base, found); return;
        case 'union': for (const part of move.parts) collectReferences(part, found); return;
        case 'sequence': for (const leg of move.legs) collectReferences(leg, found); return;
        case 'apply': for (const arg of move.args) collectReferences(arg, found); return;
        case 'conditional':
            for (const branch of move.branches) collectReferences(branch.body, found);
            if (move.otherwise) collectReferences(move.otherwise, found);
            return;
    }
}

/**
 * For every key (among `starts` and what they reach) that lies on a cycle, one cycle through it
 * as a list of keys that starts and ends with the key itself.
 */
export function findCycles(starts: Iterable<string>, edges: (key: string) => string[]): Map<string, string[]> {
    return cycleComponents(starts, edges).cycles;
}

/** What `cycleComponents` finds from some starts. */
export interface CycleSearch {
    /** Every key on a cycle (among those visited): one cycle through it, starting and ending with it. */
    cycles: Map<string, string[]>;
    /** Every key on a cycle: the members of its strongly connected component. */
    components: Map<string, readonly string[]>;
    /** Every key visited (`starts` and all they reach), in the order visited. Their answers are complete; no other key was looked at. */
    visited: ReadonlyMap<string, number>;
}

/**
 * Tarjan from `starts`: the cycles of every key the starts reach, with their components. A key's
 * answer depends only on what it reaches, so a search from some keys answers exactly as a search
 * from all keys would for every key it visits (the edit path re-searches from changed keys only).
 */
export function cycleComponents(starts: Iterable<string>, edges: (key: string) => string[]): CycleSearch {
    // One Map lookup per edge: a key's number is its index; its key, `low` and `onStack` are arrays by that number.
    const index = new Map<string, number>();
    const low: number[] = [];
    const onStack: boolean[] = [];
    const keys: string[] = [];
    const stack: number[] = [];
    const components: string[][] = [];
    const work: { key: string; at: number; next: string[]; i: number }[] = [];
    const open = (key: string) => {
        const at = index.size;
        index.set(key, at); keys.push(key); low.push(at); onStack.push(true);
        stack.push(at);
        work.push({ key, at, next: edges(key), i: 0 });
    };
    for (const root of starts) {
        if (index.has(root)) continue;
        open(root);
        while (work.length > 0) {
            const frame = work[work.length - 1];
            if (frame.i < frame.next.length) {
                const to = frame.next[frame.i++];
                const seen = index.get(to);
                if (seen === undefined) open(to);
                else if (onStack[seen] && seen < low[frame.at]) low[frame.at] = seen;
                continue;
            }
            work.pop();
            if (work.length > 0) {
                const parent = work[work.length - 1].at;
                if (low[frame.at] < low[parent]) low[parent] = low[frame.at];
            }
            if (low[frame.at] === frame.at) {
                const component: string[] = [];
                let member: number;
                do { member = stack.pop()!; onStack[member] = false; component.push(keys[member]); } while (member !== frame.at);
                // Only components holding a cycle are kept (a lone key without an edge to itself is none).
                if (component.length > 1 || frame.next.includes(frame.key)) components.push(component);
            }
        }
    }
    const cycles = new Map<string, string[]>();
    const members = new Map<string, readonly string[]>();
    for (const component of components) {
        const set = new Set(component);
        for (const key of component) {
            cycles.set(key, cycleThrough(key, set, edges));
            members.set(key, component);
        }
    }
    return { cycles, components: members, visited: index };
}

/** A shortest cycle from `key` back to itself inside its component (breadth-first). */
function cycleThrough(key: string, members: Set<string>, edges: (key: string) => string[]): string[] {
    const previous = new Map<string, string>();
    const queue = [key];
    for (let i = 0; i < queue.length; i++) {
        const at = queue[i];
        for (const to of edges(at)) {
            if (!members.has(to)) continue;
            if (to === key) {
                const path = [key];
                for (let n = at; n !== key; n = previous.get(n)!) path.unshift(n);
                path.unshift(key);
                return path;
            }
            if (!previous.has(to)) { previous.set(to, at); queue.push(to); }
        }
    }
    return [key, key];
}
