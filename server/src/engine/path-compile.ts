/**
 * A path expression (seed 002, model PathRegex) as an automaton the walker can step: a Thompson
 * NFA over the four letters F, L, R, $, determinized lazily (a deterministic state is a set of
 * NFA states, built the first time the walk reaches it). One evaluation compiles each expression
 * once (evaluate.ts `WalkOptions.automata`): its walks share the states, which go with it.
 *
 * Sizes are bounded by the parser's limits (notation/path-parse.ts: MAX_PATH_SIZE letters once
 * counted repetitions are written out), so the NFA has at most a few states per letter. The
 * number of deterministic states the walk builds is bounded by the walk's own budget.
 */
import type { PathRegex } from '../model/piece.js';

/** The letters, as indexes into `PathState.next`. */
export const F = 0;
export const L = 1;
export const R = 2;
export const CHECK = 3;
const LETTERS = 4;

/** One deterministic state: a set of NFA states. */
export interface PathState {
    /** Dense number, from 0, for visited sets. */
    readonly id: number;
    /** A whole match may end here. */
    readonly accepting: boolean;
    /** Which letters lead somewhere (the walk skips the others without building states). */
    readonly live: readonly boolean[];
}

export interface PathAutomaton {
    readonly start: PathState;
    /** The state after `letter` from `state`; undefined when no string of the expression continues so. */
    next(state: PathState, letter: number): PathState | undefined;
    /** Deterministic states built so far. */
    readonly size: number;
}

/** NFA: per state, its epsilon successors and at most one letter edge. */
interface Nfa {
    eps: number[][];
    letter: number[];
    to: number[];
    accept: number;
    start: number;
}

function buildNfa(regex: PathRegex): Nfa {
    const nfa: Nfa = { eps: [], letter: [], to: [], accept: 0, start: 0 };
    const state = (): number => {
        nfa.eps.push([]);
        nfa.letter.push(-1);
        nfa.to.push(-1);
        return nfa.eps.length - 1;
    };
    const eps = (from: number, to: number) => nfa.eps[from].push(to);
    /** Adds the fragment for `r` between `from` and a new state, which it returns. */
    const frag = (r: PathRegex, from: number): number => {
        switch (r.kind) {
            case 'forward': case 'left': case 'right': case 'check': {
                const out = state();
                const mid = state();
                eps(from, mid);
                nfa.letter[mid] = r.kind === 'forward' ? F : r.kind === 'left' ? L : r.kind === 'right' ? R : CHECK;
                nfa.to[mid] = out;
                return out;
            }
            case 'sequence': {
                let at = from;
                for (const item of r.items) at = frag(item, at);
                return at;
            }
            case 'choice': {
                const out = state();
                for (const option of r.options) eps(frag(option, from), out);
                return out;
            }
            case 'repeat': {
                let at = from;
                for (let k = 0; k < r.min; k++) at = frag(r.item, at);
                if (r.max === null) {
                    // at -> loop entry; the item's end goes back to the entry; the entry may leave.
                    const entry = state();
                    eps(at, entry);
                    eps(frag(r.item, entry), entry);
                    return entry;
                }
                const out = state();
                eps(at, out);
                for (let k = r.min; k < r.max; k++) {
                    at = frag(r.item, at);
                    eps(at, out);
                }
                return out;
            }
        }
    };
    nfa.start = state();
    nfa.accept = frag(regex, nfa.start);
    return nfa;
}

class LazyDfa implements PathAutomaton {
    readonly start: PathState;
    private readonly byKey = new Map<string, Dstate>();
    private readonly states: Dstate[] = [];

    constructor(private readonly nfa: Nfa) {
        this.start = this.state([nfa.start]);
    }

    get size(): number {
        return this.states.length;
    }

    next(state: PathState, letter: number): PathState | undefined {
        const s = state as Dstate;
        if (!s.live[letter]) return undefined;
        let to = s.next[letter];
        if (to === undefined) {
            const targets: number[] = [];
            for (const n of s.members) if (this.nfa.letter[n] === letter) targets.push(this.nfa.to[n]);
            to = s.next[letter] = this.state(targets);
        }
        return to;
    }

    /** The deterministic state of the epsilon closure of `seeds`. */
    private state(seeds: readonly number[]): Dstate {
        const seen = new Set<number>();
        const stack = [...seeds];
        while (stack.length > 0) {
            const n = stack.pop()!;
            if (seen.has(n)) continue;
            seen.add(n);
            for (const m of this.nfa.eps[n]) if (!seen.has(m)) stack.push(m);
        }
        // Only states with a letter edge, and acceptance, decide the future: the key keeps just those.
        const members = [...seen].filter((n) => this.nfa.letter[n] !== -1).sort((a, b) => a - b);
        const accepting = seen.has(this.nfa.accept);
        const key = `${accepting ? 1 : 0}:${members.join(',')}`;
        let found = this.byKey.get(key);
        if (!found) {
            const live = new Array<boolean>(LETTERS).fill(false);
            for (const n of members) live[this.nfa.letter[n]] = true;
            found = { id: this.states.length, accepting, live, members, next: new Array(LETTERS).fill(undefined) };
            this.states.push(found);
            this.byKey.set(key, found);
        }
        return found;
    }
}

interface Dstate extends PathState {
    readonly members: readonly number[];
    readonly next: (Dstate | undefined)[];
}

/** The automaton of `regex` (a new one: its states are built as walks reach them). */
export function compilePath(regex: PathRegex): PathAutomaton {
    return new LazyDfa(buildNfa(regex));
}

/** Whether the expression matches `letters` exactly (a string over F, L, R, $): for tests and the exporter's checks. */
export function matchesPath(regex: PathRegex, letters: string): boolean {
    const automaton = compilePath(regex);
    let state: PathState | undefined = automaton.start;
    for (const c of letters) {
        const letter = 'FLR$'.indexOf(c);
        if (letter < 0 || !state) return false;
        state = automaton.next(state, letter);
    }
    return !!state && state.accepting;
}
