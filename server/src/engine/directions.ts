/**
 * Step selection by direction keywords. The lattice's own rules (images of [m n], paths,
 * outwardness, what each keyword selects) live in server/src/geometry/; the square lattice's
 * are re-exported here for callers that only ever meant the square board.
 */
import type { DirectionTest } from '../geometry/geometry.js';
import { SQUARE } from '../geometry/square.js';
import type { Vec } from './plan.js';

/** The square lattice's 8 images of (m, n) (geometry/square.ts). */
export const permutations = (m: number, n: number): Vec[] => SQUARE.images(m, n);
/** The square lattice's outward test (geometry/square.ts). */
export const isOutward = (step: Vec, previous: Vec): boolean => SQUARE.isOutward(step, previous);
/**
 * The cells a leap passes over, as offsets: the squares whose centres lie strictly between its
 * start and its landing ([0 2] over [0 1], [3 3] over [1 1] and [2 2]); oblique leaps with
 * coprime components (knight, camel, zebra) pass over none, so a lame knight is written with
 * `=>`, not with `no-jump`. The same rule holds on the hexagon's axial coordinates.
 */
export const pathOffsets = (step: Vec): Vec[] => SQUARE.pathOffsets(step);

/**
 * Keeps the steps selected by every group: each group is a union of keywords (written in one
 * qualifier list), and nested qualifier lists select among what the inner ones left.
 */
export function selectSteps(steps: readonly Vec[], groups: readonly (readonly DirectionTest[])[]): Vec[] {
    if (groups.length === 0) return steps.slice(); // most contexts select nothing: a copy, without the filter
    return steps.filter((step) => groups.every((group) => group.some((word) => word.test(step))));
}
