/**
 * Piece model -> the path notation of seed 002, where expressible. The model is flattened
 * (flatten.ts) into leaves; each leaf (a leap or a ride of one family, some of its images, a
 * range) becomes a path that starts facing forward:
 * - turns first, choosing which of the lattice's turns (quarter turns on squares, sixths on
 *   hexagons) the vector is written in (`L*` when all, `R?` for "forward or turned right", ...);
 * - then one step walked cell by cell: `F` for [0 1], `FLFR|LFRF` for [1 1] (either side of the
 *   diagonal, as the seed writes it), `F{n}LF{m}R` for an oblique [m n] (the seed's knight is
 *   `FF(L|R)F`), repeated for a multiple ([0 2] is `FF`, [2 2] two diagonal steps);
 *   everything is read from the geometry's `units` (class Frame), on the square lattice or the
 *   lattice of the board the export context declares (a hexagon's pieces with its images);
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
import { contextBoard, flatten, mergeLeaves, type Chain, type ExportContext, type Leaf, type Resolver } from './flatten.js';
import type { Vec } from './geometry.js';
import { parsePath } from './path-parse.js';
import { MAX_RECTANGLE_SIDE } from '../geometry/limits.js';
import type { Geometry } from '../geometry/geometry.js';
import { SQUARE } from '../geometry/square.js';
import { geometryOf } from '../geometry/index.js';

const WHO = 'paths';
const MOVE_ONLY = 'that some moves may not capture (a path ends on an empty cell or an enemy alike: they are written as moving or capturing)';
const CAPTURE_ONLY = 'that some moves only capture (a path ends on an empty cell or an enemy alike: they are written as moving or capturing)';

/** `F` n times, short counts written out as the seed does. */
const forward = (n: number): string => (n <= 3 ? 'F'.repeat(n) : `F{${n}}`);

/** One part of the exported path: the turns it starts with and its alternatives after them. */
interface Written {
    prefix: string;
    alternatives: string[];
}

export function toPath(target: PieceDef | Move, resolve: Resolver, context: ExportContext = {}): ExportResult {
    // The declared board's lattice: a hexagon's pieces are written with its own images and keywords.
    const board = contextBoard(context);
    const lattice = board ? geometryOf(board) : SQUARE;
    const frame = new Frame(lattice);
    const { parts, lost, paths } = flatten(target, resolve, context, { who: WHO, paths: true, lattice });
    const lose = (what: string) => {
        if (!lost.includes(what)) lost.push(what);
    };
    const written: Written[] = [];
    const firstMove: string[] = [];
    for (const part of mergeLeaves(parts)) {
        if (part.kind === 'chain') {
            const text = chainPath(part, frame, lose);
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
        // Crooked parts come from paths, which this export keeps as written (FlattenOptions.paths): none here.
        if (part.kind === 'crooked') continue;
        if (part.end.cannon) {
            lose('the cannon moves, over exactly one piece (a path cannot count the pieces it passes)');
            continue;
        }
        const leaf = leafPaths(part, frame);
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

/**
 * How a vector is walked from forward: `a` cells along the facing, then `b` cells after one turn
 * to the left or the right (`b` = 0: straight on; `a` = `b`: the diagonal, walked either side).
 */
interface Base {
    side: 'left' | 'right';
    a: number;
    b: number;
}

/**
 * The lattice as a path turns on it: its units counter-clockwise from forward (4 on squares, 6
 * on hexagons); `L` turns to the next. Any lattice vector lies between two neighbouring units,
 * so it is written as turns, then `a` cells one way and `b` cells the next (a >= b).
 */
class Frame {
    readonly units: readonly Vec[];
    readonly count: number;

    constructor(readonly lattice: Geometry) {
        this.units = lattice.units;
        this.count = lattice.units.length;
    }

    /** Integer coordinates of v in the basis (x, y), or undefined. */
    private coords(v: Vec, x: Vec, y: Vec): [number, number] | undefined {
        const det = x[0] * y[1] - x[1] * y[0];
        const alpha = (v[0] * y[1] - v[1] * y[0]) / det;
        const beta = (x[0] * v[1] - x[1] * v[0]) / det;
        return Number.isInteger(alpha) && Number.isInteger(beta) ? [alpha + 0, beta + 0] : undefined;
    }

    /** v turned k units counter-clockwise. */
    turn(v: Vec, k: number): Vec {
        const [u0, u1] = this.units;
        let w = v;
        for (let i = 0; i < ((k % this.count) + this.count) % this.count; i++) {
            const [alpha, beta] = this.coords(w, u0, u1)!;
            const u2 = this.units[2 % this.count];
            w = [alpha * u1[0] + beta * u2[0] + 0, alpha * u1[1] + beta * u2[1] + 0];
        }
        return w;
    }

    /** The vector a base walks to from forward. */
    vector(base: Base): Vec {
        const side = base.side === 'left' ? this.units[1] : this.units[this.count - 1];
        return [base.a * this.units[0][0] + base.b * side[0] + 0, base.a * this.units[0][1] + base.b * side[1] + 0];
    }

    /** How `v` is written: the turns first (k units counter-clockwise) and the base walked after them. */
    write(v: Vec): { k: number; base: Base } | undefined {
        const [u0, left] = this.units;
        const right = this.units[this.count - 1];
        for (let k = 0; k < this.count; k++) {
            const w = this.turn(v, this.count - k);
            const l = this.coords(w, u0, left);
            if (l && l[1] >= 0 && l[0] >= 1 && l[0] >= l[1]) return { k, base: { side: 'left', a: l[0], b: l[1] } };
            const r = this.coords(w, u0, right);
            if (r && r[1] >= 1 && r[0] > r[1]) return { k, base: { side: 'right', a: r[0], b: r[1] } };
        }
        return undefined;
    }

    /** The turns for a set of k (units counter-clockwise): `L*` for all, `R?` for none or one clockwise, ... */
    prefix(turns: readonly number[]): string {
        if (turns.length === this.count) return 'L*';
        const options = turns.filter((k) => k !== 0).map((k) => (k <= this.count / 2 ? 'L'.repeat(k) : 'R'.repeat(this.count - k)));
        const optional = turns.includes(0);
        if (options.length === 0) return '';
        const group = options.length === 1 && options[0].length === 1 ? options[0] : `(${options.join('|')})`;
        return optional ? `${group}?` : group;
    }

    /** The steps grouped by how they are written (left side first), each with its turns. */
    groups(steps: readonly Vec[]): { base: Base; turns: number[] }[] | undefined {
        const out = new Map<string, { base: Base; turns: number[] }>();
        for (const step of steps) {
            const w = this.write(step);
            if (!w) return undefined;
            const id = `${w.base.side},${w.base.a},${w.base.b}`;
            const group = out.get(id) ?? { base: w.base, turns: [] };
            if (!group.turns.includes(w.k)) group.turns.push(w.k);
            out.set(id, group);
        }
        const list = [...out.values()];
        for (const g of list) g.turns.sort((x, y) => x - y);
        return [...list.filter((g) => g.base.side === 'left'), ...list.filter((g) => g.base.side === 'right')];
    }
}

function gcd(a: number, b: number): number {
    let [x, y] = [Math.abs(a), Math.abs(b)];
    while (y !== 0) [x, y] = [y, x % y];
    return x;
}

/**
 * One unit of the base walked from forward (its cells divided by their common factor), as
 * alternatives (the diagonal may be walked on either side). `restore`: turn back to the starting
 * facing at the end, for a step that repeats or a leg that another follows.
 */
function unitAlternatives(base: Base, restore: boolean): string[] {
    const g = gcd(base.a, base.b);
    const [a, b] = [base.a / g, base.b / g];
    if (b === 0) return ['F'];
    if (a === b) return ['FLFR', 'LFRF'];
    const [turn, back] = base.side === 'left' ? ['L', 'R'] : ['R', 'L'];
    return [`${forward(a)}${turn}${forward(b)}${restore ? back : ''}`];
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

/** The leaf as path parts, one per base (or one for both sides of a symmetric oblique leaper, as the seed's knight). */
function leafPaths(leaf: Leaf, frame: Frame): Written[] {
    const groups = frame.groups(leaf.steps);
    if (!groups || groups.length === 0) return [];
    // A leap longer than the largest board goes nowhere, and so does a ride that must go further.
    if (groups.some((g) => g.base.a > MAX_RECTANGLE_SIDE) || leaf.min > MAX_RECTANGLE_SIDE) return [];
    const { rider, max } = rideOf(leaf);
    const out: Written[] = [];
    const [first, second] = groups;
    if (!rider && groups.length === 2 && first.base.a === second.base.a && first.base.b === second.base.b && first.base.b > 0
        && gcd(first.base.a, first.base.b) === 1 && first.turns.join() === second.turns.join()) {
        return [{ prefix: frame.prefix(first.turns), alternatives: [`${forward(first.base.a)}(L|R)${forward(first.base.b)}$`] }];
    }
    for (const { base, turns } of groups) {
        const prefix = frame.prefix(turns);
        const g = gcd(base.a, base.b);
        if (!rider && g === 1) {
            out.push({ prefix, alternatives: unitAlternatives(base, false).map((u) => `${u}$`) });
            continue;
        }
        const units = unitAlternatives(base, true);
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
    const units = unitAlternatives(base, true);
    const g = gcd(base.a, base.b);
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
function chainPath(chain: Chain, frame: Frame, lose: (what: string) => void): string | undefined {
    const sign = chain.mode === 'blocked' ? '=>' : '->';
    const legGroups: { base: Base; turns: number[] }[][] = [];
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
        const groups = frame.groups(leg.steps);
        if (!groups || groups.length === 0 || groups.some((g) => g.base.a > MAX_RECTANGLE_SIDE) || leg.min > MAX_RECTANGLE_SIDE) return undefined;
        // A later leg turns relative to the previous one: it must go every way the lattice turns.
        if (i > 0 && groups.some((g) => g.turns.length !== frame.count)) {
            lose(`the ${sign} sequences whose later legs keep some directions only (a path turns relative to the previous leg)`);
            return undefined;
        }
        legGroups.push(groups);
    }
    const check = chain.mode === 'blocked';
    /** The alternatives for legs i.. when the previous leg went along `previous` in the current facing's frame. */
    const rest = (i: number, previous: Vec): string[] => {
        const leg = chain.legs[i];
        const last = i === chain.legs.length - 1;
        const out: string[] = [];
        for (const { base } of legGroups[i]) {
            // The turns that point this base outward (all of them with :any).
            const turns: number[] = [];
            for (let k = 0; k < frame.count; k++) {
                if (leg.turn === 'any' || frame.lattice.isOutward(frame.turn(frame.vector(base), k), previous)) turns.push(k);
            }
            if (turns.length === 0) continue;
            out.push(frame.prefix(turns) + legBody(leg, base, last || check) + (last ? '' : then(rest(i + 1, frame.vector(base)))));
        }
        return [...new Set(out)];
    };
    /** What follows a leg: the next legs (optional after `->`). */
    const then = (alternatives: string[]): string => {
        const group = alternatives.length === 1 && !check ? `(${alternatives[0]})` : alternatives.length === 1 ? alternatives[0] : `(${alternatives.join('|')})`;
        return check ? group : `${group}?`;
    };
    const out: string[] = [];
    for (const { base, turns } of legGroups[0]) {
        out.push(frame.prefix(turns) + legBody(chain.legs[0], base, check) + then(rest(1, frame.vector(base))));
    }
    if (!check) {
        // After `->` the chain may stop on any leg: the landing there is checked like every end.
        return out.length === 0 ? undefined : out.map((o) => `${o}$`).join('|');
    }
    return out.length === 0 ? undefined : out.join('|');
}
