/**
 * Which parts of a chain can never be taken because of how a later leg turns (issue 25). A leg
 * after the first goes on from the step before it only outward, unless it says `:any`
 * (docs/engine-semantics.md, "Sequences"); so `(=> (capture (wazir :sideways)) (move (wazir
 * :forward)))` has no move: after a sideways step no forward step is outward. The walker
 * (evaluate.ts) and this analysis ask the same question, `goesOn`, so what is reported here is
 * exactly what the walker drops.
 *
 * Between two adjacent legs of a compiled chain:
 * - a way of starting the later leg (a leaf, or a path, which starts afresh) that no way of
 *   ending the earlier leg can go on to is never taken;
 * - in a `=>` chain, where a move cannot stop before the last leg, a step ending the earlier leg
 *   that no way of starting the later one goes on from leads nowhere.
 * The compiler (compile.ts) maps these ways back to the written parts and reports them.
 */
import type { Geometry } from '../geometry/geometry.js';
import type { LeafPlan, PathPlan, Plan, SequencePlan, Vec } from './plan.js';

/** A way a leg starts or ends: one leaf (its steps), or a path expression (walked afresh, from any step). */
export type Way = LeafPlan | PathPlan;

/**
 * Whether `leaf` may take `step` after `previous` (null: nothing came before): the rule the
 * walker applies on every continuation.
 */
export function goesOn(leaf: LeafPlan, step: Vec, previous: Vec | null, lattice: Geometry): boolean {
    return previous === null || leaf.turn === 'any' || lattice.isOutward(step, previous);
}

/** The ways `plan` may take its first step. */
export function startingWays(plan: Plan, into: Way[] = []): Way[] {
    switch (plan.kind) {
        case 'leaf': case 'path': into.push(plan); break;
        case 'union': for (const part of plan.parts) startingWays(part, into); break;
        case 'sequence': startingWays(plan.legs[0], into); break;
        case 'conditional':
            for (const branch of plan.branches) startingWays(branch.body, into);
            if (plan.otherwise) startingWays(plan.otherwise, into);
            break;
        case 'notes': startingWays(plan.base, into); break;
        case 'none': break;
    }
    return into;
}

/** The ways `plan` may end and go on with a later leg (igui does not move, so nothing goes on from it). */
export function endingWays(plan: Plan, into: Way[] = []): Way[] {
    switch (plan.kind) {
        case 'leaf': case 'path': if (!plan.end.igui) into.push(plan); break;
        case 'union': for (const part of plan.parts) endingWays(part, into); break;
        case 'sequence':
            if (plan.mode === 'free') for (const leg of plan.legs) endingWays(leg, into);
            else endingWays(plan.legs[plan.legs.length - 1], into);
            break;
        case 'conditional':
            for (const branch of plan.branches) endingWays(branch.body, into);
            if (plan.otherwise) endingWays(plan.otherwise, into);
            break;
        case 'notes': endingWays(plan.base, into); break;
        case 'none': break;
    }
    return into;
}

/** What one pair of adjacent legs loses. */
export interface LegPair {
    /** Ways of starting the later leg that nothing ending the earlier one goes on to. */
    neverTaken: Set<Way>;
    /** `=>` chains: per leaf ending the earlier leg, its steps that no way of starting the later one goes on from. */
    deadEnds: Map<LeafPlan, Vec[]>;
    /** The distinct steps that end the earlier leg (for messages); undefined when some path ends it (any step). */
    endSteps: Vec[] | undefined;
}

/** What is lost between legs `i` and `i + 1` of `chain`, or undefined when nothing is. */
export function legPair(chain: SequencePlan, i: number, lattice: Geometry): LegPair | undefined {
    const ending = endingWays(chain.legs[i]);
    const starting = startingWays(chain.legs[i + 1]);
    // An earlier leg that never moves, or a later one that never moves, is not a matter of turning.
    if (ending.length === 0 || starting.length === 0) return undefined;
    const endSteps = distinctSteps(ending);
    const neverTaken = new Set<Way>();
    if (endSteps) {
        for (const way of starting) {
            if (way.kind === 'leaf' && !way.steps.some((step) => endSteps.some((previous) => goesOn(way, step, previous, lattice)))) neverTaken.add(way);
        }
    }
    const deadEnds = new Map<LeafPlan, Vec[]>();
    // Only a `=>` move must go on; a dead end is not worth a word when the later leg is never taken at all.
    if (chain.mode === 'blocked' && neverTaken.size < starting.length) {
        const alive = starting.filter((way) => !neverTaken.has(way));
        for (const way of ending) {
            if (way.kind !== 'leaf') continue;
            const dead = way.steps.filter((previous) => !alive.some((next) => next.kind === 'path' || next.steps.some((step) => goesOn(next, step, previous, lattice))));
            if (dead.length > 0) deadEnds.set(way, dead);
        }
    }
    return neverTaken.size === 0 && deadEnds.size === 0 ? undefined : { neverTaken, deadEnds, endSteps };
}

/** The distinct last steps of these ways; undefined when a path is among them (it may end with any step). */
function distinctSteps(ways: readonly Way[]): Vec[] | undefined {
    const steps = new Map<string, Vec>();
    for (const way of ways) {
        if (way.kind === 'path') return undefined;
        for (const step of way.steps) steps.set(`${step[0]},${step[1]}`, step);
    }
    return [...steps.values()];
}

/**
 * Steps in words for a message: the direction keyword that selects exactly them among the
 * lattice images of their leaps (`:sideways` for (1,0) and (-1,0) of a wazir), else the steps
 * themselves, `(1,0) (-1,0)` as the keyword checks write them.
 */
export function describeSteps(steps: readonly Vec[], lattice: Geometry): string {
    const key = (v: Vec) => `${v[0]},${v[1]}`;
    const wanted = new Set(steps.map(key));
    const among = new Map<string, Vec>();
    for (const [dx, dy] of steps) for (const image of lattice.images(dx, dy)) among.set(key(image), image);
    if (among.size > wanted.size) {
        for (const word of lattice.directions) {
            const picked = [...among.values()].filter((v) => word.test(v));
            if (picked.length === wanted.size && picked.every((v) => wanted.has(key(v)))) return `:${word.name}`;
        }
    }
    const shown = steps.slice(0, 8).map(([dx, dy]) => `(${dx},${dy})`).join(' ');
    return steps.length > 8 ? `${shown} ...` : shown;
}
