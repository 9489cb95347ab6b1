/**
 * Piece model -> the path notation of seed 002, where expressible. The model is flattened
 * (flatten.ts) into leaves; each leaf (a leap or a ride of one family, some of its images, a
 * range) becomes a path that starts facing forward:
 * - turns first, choosing which of the square board's four quarter-turns the vector is written
 *   in (`L*` when all four, `R?` for "forward or turned right", ...);
 * - then one step walked cell by cell: `F` for [0 1], `FLFR|LFRF` for [1 1] (either side of the
 *   diagonal, as the seed writes it), `F{n}LF{m}R` for an oblique [m n] (the seed's knight is
 *   `FF(L|R)F`), repeated for a multiple ([0 2] is `FF`, [2 2] two diagonal steps);
 * - `$` where a piece stops it: after each landing of a ride, between the steps of a leap that
 *   must not jump, and at the end.
 * The paths mean the same moves on the square board (the tests walk them against the engine);
 * on other boards they mean their rotation-graph analogue, the point of the notation.
 *
 * Sequences are written leg after leg, each leg turning relative to the previous one (chainPath).
 * `(path ...)` parts of the piece are written as they are.
 *
 * What a path cannot say is listed in `lost`, in words, as Betza and Parlett exports do: the
 * difference between moving and capturing, hopping over a piece (cannon), first-move-only moves
 * (written out in the loss: the seed gives them as a separate expression), capturing on the way,
 * later legs of a sequence with absolute directions.
 */
import type { Move, PieceDef } from '../model/piece.js';
import type { ExportResult } from './betza-print.js';
import { flatten, mergeLeaves, type Chain, type ExportContext, type Leaf, type Resolver } from './flatten.js';
import { key, permutations, sameSet, type Vec } from './geometry.js';
import { parsePath } from './path-parse.js';
import { MAX_RECTANGLE_SIDE } from '../geometry/limits.js';

const WHO = 'paths';
const MOVE_ONLY = 'that some moves may not capture (a path ends on an empty cell or an enemy alike: they are written as moving or capturing)';
const CAPTURE_ONLY = 'that some moves only capture (a path ends on an empty cell or an enemy alike: they are written as moving or capturing)';

/** A quarter turn counter-clockwise (L) on the square lattice. */
const rotate = ([x, y]: Vec): Vec => [-y + 0, x + 0];

/** The turns that face the vector's quarter, from forward: none, L, LL, R. */
const TURNS = ['', 'L', 'LL', 'R'];

/** `F` n times, short counts written out as the seed does. */
const forward = (n: number): string => (n <= 3 ? 'F'.repeat(n) : `F{${n}}`);

/** One part of the exported path: the turns it starts with and its alternatives after them. */
interface Written {
    prefix: string;
    alternatives: string[];
}

export function toPath(target: PieceDef | Move, resolve: Resolver, context: ExportContext = {}): ExportResult {
    const { parts, lost, paths } = flatten(target, resolve, context, { who: WHO, paths: true });
    const lose = (what: string) => {
        if (!lost.includes(what)) lost.push(what);
    };
    const written: Written[] = [];
    const firstMove: string[] = [];
    for (const part of mergeLeaves(parts)) {
        if (part.kind === 'chain') {
            const text = chainPath(part, lose);
            if (text === undefined) continue;
            if (part.initial) firstMove.push(text);
            else {
                const end = part.legs[part.legs.length - 1].end;
                if (!end.capture) lose(MOVE_ONLY);
                if (!end.move) lose(CAPTURE_ONLY);
                written.push({ prefix: '', alternatives: [text] });
            }
            continue;
        }
        if (part.end.cannon) {
            lose('the cannon moves, over exactly one piece (a path cannot count the pieces it passes)');
            continue;
        }
        const leaf = leafPaths(part);
        if (leaf.length === 0) continue;
        if (part.initial) {
            firstMove.push(...leaf.map(show));
            continue;
        }
        if (!part.end.capture) lose(MOVE_ONLY);
        if (!part.end.move) lose(CAPTURE_ONLY);
        written.push(...leaf);
    }
    // Paths in the piece are written as they are, under what applies to them.
    for (const path of paths) {
        if (path.end.cannon) {
            lose('the cannon moves, over exactly one piece (a path cannot count the pieces it passes)');
            continue;
        }
        if (path.qualified) lose(`the direction keywords and ranges applied to the path ${path.text} (a path says its own directions: it is written without them)`);
        if (path.initial) {
            firstMove.push(path.text);
            continue;
        }
        if (!path.end.capture) lose(MOVE_ONLY);
        if (!path.end.move) lose(CAPTURE_ONLY);
        written.push({ prefix: '', alternatives: [path.text] });
    }
    if (firstMove.length > 0) {
        lose(`the moves allowed only on the first move, ${firstMove.join('|')} (a path has no first move: the seed writes them as an expression of their own)`);
    }
    const text = join(written);
    if (text !== '' && parsePath(text).problems.some((p) => p.severity === 'error')) {
        // Only a piece whose counted rides are too long for the path limits gets here.
        lose('the whole movement (too large for a path expression)');
        return { text: '', lost };
    }
    return { text, lost };
}

/** The parts with the same turns share them: `L*(F$|FLFR$|LFRF$)`. */
function join(written: readonly Written[]): string {
    const byPrefix = new Map<string, string[]>();
    for (const w of written) {
        const list = byPrefix.get(w.prefix) ?? [];
        for (const a of w.alternatives) if (!list.includes(a)) list.push(a);
        byPrefix.set(w.prefix, list);
    }
    const out: string[] = [];
    for (const [prefix, alternatives] of byPrefix) {
        if (prefix === '') out.push(...alternatives);
        else out.push(show({ prefix, alternatives }));
    }
    return out.join('|');
}

function show(w: Written): string {
    return w.alternatives.length === 1 ? w.prefix + w.alternatives[0] : `${w.prefix}(${w.alternatives.join('|')})`;
}

/** How a family's vectors are written: the base vector(s) facing forward, and their unit step. */
interface Base {
    /** The vector written with no turn first: (0, n), (-n, n), (-m, n) (left) or (m, n) (right). */
    vector: Vec;
    side: 'left' | 'right' | 'none';
}

function bases(family: readonly [number, number]): Base[] {
    const [a, b] = family;
    if (a === 0) return [{ vector: [0, b], side: 'none' }];
    if (a === b) return [{ vector: [-b, b], side: 'none' }];
    return [{ vector: [-a, b], side: 'left' }, { vector: [a, b], side: 'right' }];
}

/** The quarter turns k (0..3) for which rotate^k(base) is one of `steps`. */
function turnsOf(base: Vec, steps: ReadonlySet<string>): number[] {
    const out: number[] = [];
    let v = base;
    for (let k = 0; k < 4; k++) {
        if (steps.has(key(v))) out.push(k);
        v = rotate(v);
    }
    return out;
}

function prefixOf(turns: readonly number[]): string {
    if (turns.length === 4) return 'L*';
    const options = turns.filter((k) => k !== 0).map((k) => TURNS[k]);
    const optional = turns.includes(0);
    if (options.length === 0) return '';
    const group = options.length === 1 && options[0].length === 1 ? options[0] : `(${options.join('|')})`;
    return optional ? `${group}?` : group;
}

function gcd(a: number, b: number): number {
    let [x, y] = [Math.abs(a), Math.abs(b)];
    while (y !== 0) [x, y] = [y, x % y];
    return x;
}

/**
 * One unit of the family walked from forward, as alternatives (the diagonal may be walked on
 * either side). `restore`: turn back to the starting facing at the end, for a step that repeats.
 */
function unitAlternatives(family: readonly [number, number], side: Base['side'], restore: boolean): string[] {
    const g = gcd(family[0], family[1]);
    const [a, b] = [family[0] / g, family[1] / g];
    if (a === 0) return ['F'];
    if (a === b) return ['FLFR', 'LFRF'];
    const [turn, back] = side === 'left' ? ['L', 'R'] : ['R', 'L'];
    return [`${forward(b)}${turn}${forward(a)}${restore ? back : ''}`];
}

/** Alternatives as one item: a bracketed choice, or the single alternative. */
const item = (alternatives: readonly string[]): string => (alternatives.length === 1 ? alternatives[0] : `(${alternatives.join('|')})`);

/** `x` n times: written out when short, counted otherwise. */
function times(x: string, n: number): string {
    if (n === 1) return x;
    if (x.length * n <= 8) return x.repeat(n);
    const single = x.length === 1 || (x.startsWith('(') && x.endsWith(')') && closes(x) === x.length - 1);
    return `${single ? x : `(${x})`}{${n}}`;
}

/** Index of the bracket closing the one at 0. */
function closes(x: string): number {
    let depth = 0;
    for (let i = 0; i < x.length; i++) {
        if (x[i] === '(') depth++;
        else if (x[i] === ')' && --depth === 0) return i;
    }
    return -1;
}

function quantifier(min: number, max: number | null): string {
    if (max === null) return min === 0 ? '*' : min === 1 ? '+' : `{${min},}`;
    if (min === 0 && max === 1) return '?';
    return min === max ? `{${min}}` : `{${min},${max}}`;
}

/** The leaf as path parts, one per base vector (or one for both sides of a symmetric oblique leaper). */
function leafPaths(leaf: Leaf): Written[] {
    const [a, b] = leaf.family;
    // A leap longer than the largest board goes nowhere, and so does a ride that must go further.
    if (b > MAX_RECTANGLE_SIDE || leaf.min > MAX_RECTANGLE_SIDE) return [];
    const max = leaf.max !== null && leaf.max >= MAX_RECTANGLE_SIDE ? null : leaf.max;
    const rider = max !== 1;
    const steps = new Set(leaf.steps.map(key));
    const sides = bases(leaf.family).map((base) => ({ base, turns: turnsOf(base.vector, steps) })).filter((s) => s.turns.length > 0);
    const g = gcd(a, b);
    const out: Written[] = [];
    // The seed's knight: both sides in the same quarters, one leap: FF(L|R)F$.
    if (!rider && g === 1 && sides.length === 2 && sides[0].turns.join() === sides[1].turns.join()) {
        return [{ prefix: prefixOf(sides[0].turns), alternatives: [`${forward(b)}(L|R)${forward(a)}$`] }];
    }
    for (const { base, turns } of sides) {
        const prefix = prefixOf(turns);
        if (!rider && g === 1) {
            out.push({ prefix, alternatives: unitAlternatives(leaf.family, base.side, false).map((u) => `${u}$`) });
            continue;
        }
        const units = unitAlternatives(leaf.family, base.side, true);
        // One whole step: g units, checked between them when the leap must not jump.
        const step = leaf.end.noJump ? times(item(units.map((u) => `${u}$`)), g) : `${times(item(units), g)}$`;
        if (!rider) {
            out.push({ prefix, alternatives: [step] });
            continue;
        }
        // A ride: the step, checked at every landing, repeated. A single-step bracketed choice takes the count directly.
        const body = g === 1 && units.length > 1 ? item(units.map((u) => `${u}$`)) : `(${step})`;
        out.push({ prefix, alternatives: [`${body}${quantifier(leaf.min, max)}`] });
    }
    return out;
}

/** The legs' range: a ride when it may take more than one step, with the rectangle maximum as "unbounded". */
function rideOf(leaf: Leaf): { rider: boolean; max: number | null } {
    const max = leaf.max !== null && leaf.max >= MAX_RECTANGLE_SIDE ? null : leaf.max;
    return { rider: max !== 1, max };
}

/**
 * One leg walked from the current facing along `base`, ending facing as it started (so the next
 * leg's turns are relative to this leg's direction): g units (checked between them when it must
 * not jump), a ride checked at every landing; `check`: a `$` on the landing.
 */
function legBody(leg: Leaf, base: Base, check: boolean): string {
    const units = unitAlternatives(leg.family, base.side, true);
    const g = gcd(leg.family[0], leg.family[1]);
    const { rider, max } = rideOf(leg);
    const checkedUnit = item(units.map((u) => `${u}$`));
    const plainUnit = item(units);
    /** One whole step of g units (cells between them checked when it must not jump); `end`: its landing checked. */
    const whole = (end: boolean): string => {
        if (leg.end.noJump) return end ? times(checkedUnit, g) : times(checkedUnit, g - 1) + plainUnit;
        return times(plainUnit, g) + (end ? '$' : '');
    };
    if (!rider) return whole(check);
    const group = (x: string) => (g === 1 && units.length > 1 && x === checkedUnit ? x : `(${x})`);
    if (check) return group(whole(true)) + quantifier(leg.min, max);
    // A ride that goes on whatever stands where it stops: every landing but the last is checked.
    const before = max === 1 ? '' : group(whole(true)) + quantifier(leg.min - 1, max === null ? null : max - 1);
    return before + whole(false);
}

/**
 * A chain as one path: each leg walks relative to the facing the previous one left, so a later
 * leg must be symmetric (every image of its family: its directions are then relative, `:outward`
 * = the images whose dot product with the previous step is positive, `:any` = all of them).
 * `=>` checks each landing (`$`: the chain goes on only from an empty cell); `->` goes on over
 * whatever stands there and may stop after any leg. Capturing on the way, cannons and later legs
 * with absolute directions are lost.
 */
function chainPath(chain: Chain, lose: (what: string) => void): string | undefined {
    const sign = chain.mode === 'blocked' ? '=>' : '->';
    for (const [i, leg] of chain.legs.entries()) {
        const last = i === chain.legs.length - 1;
        if (leg.end.cannon) {
            lose(`the ${sign} sequences with a cannon leg (a path cannot count the pieces it passes)`);
            return undefined;
        }
        if (!last && !leg.end.move && leg.end.capture) {
            lose(`the ${sign} sequences that capture on the way (a path captures only where it ends)`);
            return undefined;
        }
        if (i > 0 && !sameSet(leg.steps, permutations(leg.family[0], leg.family[1]))) {
            lose(`the ${sign} sequences whose later legs keep some directions only (a path turns relative to the previous leg)`);
            return undefined;
        }
        const [a, b] = leg.family;
        if (b > MAX_RECTANGLE_SIDE || leg.min > MAX_RECTANGLE_SIDE || (a === 0 && b === 0)) return undefined;
    }
    const check = chain.mode === 'blocked';
    /** The alternatives for legs i.. when the previous leg went along `previous` in the current facing's frame. */
    const rest = (i: number, previous: Vec): string[] => {
        const leg = chain.legs[i];
        const last = i === chain.legs.length - 1;
        const out: string[] = [];
        for (const base of bases(leg.family)) {
            // The quarter turns that point this base outward (all four with :any).
            const turns: number[] = [];
            let w = base.vector;
            for (let k = 0; k < 4; k++, w = rotate(w)) {
                if (leg.turn === 'any' || w[0] * previous[0] + w[1] * previous[1] > 0) turns.push(k);
            }
            if (turns.length === 0) continue;
            out.push(prefixOf(turns) + legBody(leg, base, last || check) + (last ? '' : then(rest(i + 1, base.vector))));
        }
        return [...new Set(out)];
    };
    /** What follows a leg: the next legs (optional after `->`). */
    const then = (alternatives: string[]): string => {
        const group = alternatives.length === 1 && !check ? `(${alternatives[0]})` : alternatives.length === 1 ? alternatives[0] : `(${alternatives.join('|')})`;
        return check ? group : `${group}?`;
    };
    const first = chain.legs[0];
    const steps = new Set(first.steps.map(key));
    const out: string[] = [];
    for (const base of bases(first.family)) {
        const turns = turnsOf(base.vector, steps);
        if (turns.length === 0) continue;
        out.push(prefixOf(turns) + legBody(first, base, check) + then(rest(1, base.vector)));
    }
    if (!check) {
        // After `->` the chain may stop on any leg: the landing there is checked like every end.
        return out.length === 0 ? undefined : out.map((o) => `${o}$`).join('|');
    }
    return out.length === 0 ? undefined : out.join('|');
}

