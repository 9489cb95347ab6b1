/**
 * Step-vector geometry: the permutations of `[m n]`, selection by direction keywords, the
 * outward test for continuation legs, and the squares a single leap passes over.
 */
import type { DirectionWord } from '../model/vocabulary.js';
import type { Vec } from './plan.js';

/** Every sign and order permutation of (m, n), without duplicates, in a fixed order. */
export function permutations(m: number, n: number): Vec[] {
    const out: Vec[] = [];
    const seen = new Set<string>();
    for (const [a, b] of [[m, n], [n, m]]) {
        for (const sa of [1, -1]) {
            for (const sb of [1, -1]) {
                const v: Vec = [sa * a + 0, sb * b + 0]; // `+ 0` turns -0 into 0
                const key = `${v[0]},${v[1]}`;
                if (!seen.has(key)) {
                    seen.add(key);
                    out.push(v);
                }
            }
        }
    }
    return out;
}

/**
 * Keeps the steps selected by every group: each group is a union of keywords (written in one
 * qualifier list), and nested qualifier lists select among what the inner ones left.
 */
export function selectSteps(steps: readonly Vec[], groups: readonly (readonly DirectionWord[])[]): Vec[] {
    return steps.filter(([dx, dy]) => groups.every((group) => group.some((word) => word.test(dx, dy))));
}

/** A continuation step is outward when it does not turn back: positive dot product. */
export function isOutward(step: Vec, previous: Vec): boolean {
    return step[0] * previous[0] + step[1] * previous[1] > 0;
}

function gcd(a: number, b: number): number {
    let x = Math.abs(a);
    let y = Math.abs(b);
    while (y !== 0) [x, y] = [y, x % y];
    return x;
}

/**
 * The path of one leap: the squares whose centres lie strictly between its start and its
 * landing on the straight line joining them, as offsets from the start. Straight leaps pass
 * over the squares between ([0 2] over [0 1], [3 3] over [1 1] and [2 2]); oblique leaps with
 * coprime components (knight, camel, zebra) pass over none, so a lame knight is written with
 * `=>`, not with `no-jump`.
 */
export function pathOffsets(step: Vec): Vec[] {
    const g = gcd(step[0], step[1]);
    const unit: Vec = [step[0] / g, step[1] / g];
    const out: Vec[] = [];
    for (let i = 1; i < g; i++) out.push([unit[0] * i, unit[1] * i]);
    return out;
}
