/**
 * Step-vector sets and how to write them in LCPN. Both parsers first compute the exact set
 * of step vectors a notation selects, then ask `selectMove` for the most readable LCPN
 * expression selecting exactly that set; both printers compute sets from the model and look
 * for a spelling of them. Keeping "what it means" (sets) apart from "how it is written"
 * (keywords, letters) is what makes the conversions checkable.
 *
 * Conventions (issue 2 §3): (dx, dy), x toward the h-file, y forward.
 *
 * Betza and Parlett describe pieces on the square board: their meaning is the square lattice's
 * (the geometry seam's SQUARE: its images of [m n] and its direction keywords), whatever board a
 * piece is later evaluated on.
 */
import type { Move, Qualifier } from '../model/piece.js';
import { normalizeKeyword } from '../model/names.js';
import { SQUARE } from '../geometry/square.js';

export type Vec = readonly [number, number];

export const key = (v: Vec): string => `${v[0]},${v[1]}`;

/** Every sign and order permutation of (m, n), without duplicates, in the engine's order: the square lattice's images. */
export function permutations(m: number, n: number): Vec[] {
    return SQUARE.images(m, n);
}

/** The canonical leap of a vector's family: [min |.|, max |.|]. */
export function family(v: Vec): [number, number] {
    const a = Math.abs(v[0]);
    const b = Math.abs(v[1]);
    return [Math.min(a, b), Math.max(a, b)];
}

export function sameSet(a: readonly Vec[], b: readonly Vec[]): boolean {
    if (a.length !== b.length) return false;
    const keys = new Set(a.map(key));
    return b.every((v) => keys.has(key(v)));
}

export function sortVecs(list: Vec[]): Vec[] {
    return list.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

/**
 * The LCPN square-board direction keywords this module writes, in order of preference. Their
 * meaning is the square lattice's (server/src/geometry/square.ts), the same the engine reads.
 */
const PREFERRED = ['forward', 'backward', 'left', 'right', 'sideways', 'vertical', 'narrow', 'wide',
    'forward-most', 'forward-shallow', 'backward-most', 'backward-shallow', 'orthogonal', 'diagonal'];

export const KEYWORDS: readonly [string, (dx: number, dy: number) => boolean][] = PREFERRED.map((name) => {
    const test = SQUARE.direction(name)!.test;
    return [name, (dx: number, dy: number) => test([dx, dy])];
});

/** The steps of `all` selected by a keyword (undefined for a keyword that is not a direction). */
export function selectByKeyword(all: readonly Vec[], name: string): Vec[] | undefined {
    const word = SQUARE.direction(normalizeKeyword(name));
    return word ? all.filter((step) => word.test(step)) : undefined;
}

function subsets<T>(items: readonly T[], maxSize: number): T[][] {
    const out: T[][] = [];
    const walk = (start: number, acc: T[]) => {
        if (acc.length > 0) out.push([...acc]);
        if (acc.length === maxSize) return;
        for (let i = start; i < items.length; i++) walk(i + 1, [...acc, items[i]]);
    };
    walk(0, []);
    return out.sort((a, b) => a.length - b.length);
}

const GROUPS = subsets(KEYWORDS.map(([name]) => name), 3);
const SMALL_GROUPS = GROUPS.filter((g) => g.length <= 2);

/**
 * Keyword groups selecting exactly `target` from `all`: one group (keywords add up), or two
 * nested groups (they intersect). Null when no such spelling exists (a chiral set, say).
 * Selections are bit masks over `all`'s indices (a leap family has at most 8 steps), so the
 * hundreds of candidate groups cost a few microseconds, and no answer needs remembering.
 */
export function keywordGroups(all: readonly Vec[], target: readonly Vec[]): string[][] | null {
    if (sameSet(all, target)) return [];
    // Each step of `target` as the indices of `all` where it stands; one that is not there has no spelling.
    const at = new Map<string, number>();
    all.forEach((v, i) => at.set(key(v), (at.get(key(v)) ?? 0) | (1 << i)));
    const wanted = target.map((v) => at.get(key(v)) ?? 0);
    if (wanted.includes(0)) return null;
    // As sameSet(selection, target) reads it: as many steps, and every step of the target among them.
    const selects = (mask: number) => bitCount(mask) === target.length && wanted.every((w) => (w & mask) !== 0);
    const byKeyword = new Map(KEYWORDS.map(([name, test]) => [name, all.reduce((mask, [dx, dy], i) => (test(dx, dy) ? mask | (1 << i) : mask), 0)]));
    const maskOf = (group: readonly string[]) => group.reduce((mask, name) => mask | byKeyword.get(name)!, 0);
    for (const g of GROUPS) if (selects(maskOf(g))) return [g];
    for (const inner of SMALL_GROUPS) {
        const first = maskOf(inner);
        const size = bitCount(first);
        if (size === target.length || size === 0) continue;
        for (const outer of SMALL_GROUPS) if (selects(first & maskOf(outer))) return [inner, outer];
    }
    return null;
}

function bitCount(mask: number): number {
    let count = 0;
    for (let m = mask; m !== 0; m &= m - 1) count++;
    return count;
}

export const leap = (m: number, n: number): Move => ({ kind: 'leap', vector: [m, n] });

const dirs = (names: readonly string[]): Qualifier[] => names.map((name) => ({ kind: 'direction', name }));

/**
 * An LCPN expression for the steps `target` of the leap family [m n], with `extra`
 * qualifiers (a range) on its outermost qualifier list. Falls back to a union of literal
 * `:only` vectors when no keyword spelling selects exactly `target`.
 */
export function selectMove(m: number, n: number, target: readonly Vec[], extra: Qualifier[] = []): Move {
    const all = permutations(m, n);
    const groups = keywordGroups(all, target);
    if (groups) {
        let move: Move = leap(m, n);
        groups.forEach((g, i) => {
            const last = i === groups.length - 1;
            move = { kind: 'qualified', base: move, qualifiers: [...dirs(g), ...(last ? extra : [])] };
        });
        if (groups.length === 0 && extra.length > 0) move = { kind: 'qualified', base: move, qualifiers: extra };
        return move;
    }
    const literals: Move[] = sortVecs([...target]).map((v) => ({
        kind: 'qualified', base: { kind: 'leap', vector: [v[0], v[1]] }, qualifiers: [{ kind: 'only' }, ...extra]
    }));
    return literals.length === 1 ? literals[0] : { kind: 'union', parts: literals };
}

export function union(parts: Move[]): Move {
    const flat = parts.flatMap((p) => (p.kind === 'union' ? p.parts : [p]));
    return flat.length === 1 ? flat[0] : { kind: 'union', parts: flat };
}
