/**
 * Capturing on the way as Betza/Parlett import it: a hop along one line that captures the first
 * piece it meets and lands one step beyond (Parlett `^`, XBetza `cafX`-like forms). Written per
 * direction, so the landing goes straight on whatever the continuation rule:
 *   `^nX` = for each diagonal v, `(=> (capture (v :rider)) (move v))`.
 * The engine's rule (docs/engine-semantics.md): a capture-only leg that another leg follows needs
 * an enemy there, removes it, and the move goes on.
 */
import type { Move, Qualifier } from '../model/piece.js';
import { family, selectMove, union, type Vec } from './geometry.js';

/** Step vectors, and how many steps (min..max, null = any) from the start to the piece hopped over. */
export interface Hop {
    steps: Vec[];
    min: number;
    max: number | null;
}

/** One direction as a movement: `(ferz :forward :right)`, or `([1 2] :only)` when no keyword says it. */
function along(v: Vec, extra: Qualifier[] = []): Move {
    const [m, n] = family(v);
    return selectMove(m, n, [v], extra);
}

function range(min: number, max: number | null): Qualifier[] {
    return min === 1 && max === 1 ? [] : [{ kind: 'range', min, max }];
}

const apply = (fn: string, arg: Move): Move => ({ kind: 'apply', functions: [fn], args: [arg] });

/**
 * The hop `times` times in one direction (every count from `least` to `times`), per step vector.
 * `hopOnly` (Parlett `o^`): it hops over one piece of either side without capturing it (the
 * landing, one step beyond, must be empty): `(move (cannon 2v))` after riding up to the piece.
 */
export function locustHops(hop: Hop, times: number, hopOnly: boolean, least = 1): Move {
    const parts: Move[] = [];
    for (const v of hop.steps) {
        const legs = hopOnly ? hurdleLegs(v, hop) : [apply('capture', along(v, range(hop.min, hop.max))), apply('move', along(v))];
        for (let k = Math.max(1, least); k <= times; k++) {
            const chain: Move[] = [];
            for (let i = 0; i < k; i++) chain.push(...legs);
            parts.push(chain.length === 1 ? chain[0] : { kind: 'sequence', mode: 'blocked', legs: chain });
        }
    }
    return union(parts);
}

/** Hopping over one piece without capturing: ride over empty squares, then the cannon's two-step leap over the piece. */
function hurdleLegs(v: Vec, hop: Hop): Move[] {
    const over = apply('move', apply('cannon', along([v[0] * 2, v[1] * 2])));
    const options: Move[] = [];
    if (hop.min <= 1) options.push(over);
    const rideMax = hop.max === null ? null : hop.max - 1;
    if (rideMax === null || rideMax >= 1) {
        options.push({ kind: 'sequence', mode: 'blocked', legs: [apply('move', along(v, range(Math.max(1, hop.min - 1), rideMax))), over] });
    }
    return [union(options)];
}
