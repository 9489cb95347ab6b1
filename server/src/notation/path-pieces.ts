/**
 * What Betza and Parlett can say of a path (seed 002, issue 25):
 * - a path whose moves on the square board are those of straight leaps and rides, as the seed's
 *   knight `L*FF(L|R)F$` is the knight's, is written as those leaps (`pathAsLeaps`: `N`, not
 *   nothing);
 * - Betza's crooked pieces (`z`: zB, zR, zF7, ...), which zig-zag and so are no leap, read as the
 *   path that walks the zig-zag and are written back from it (`crookedPath`, `crookedOf`).
 *
 * A path's moves are found by the engine itself, on a 15x15 board from its centre: where it goes
 * on an empty board, which single piece stops it going where (the squares each destination
 * needs empty), and that it goes there when every other square is full. Those are the moves of
 * leaps (needing nothing empty) and rides (needing the squares before the last empty) exactly
 * when each destination needs one set of squares, on the line to it. The leaps found are then
 * compared with the path on a 31x31 board, empty and in seeded positions of pieces of both sides,
 * so a path that goes further than the first board shows is not taken for them.
 */
import { evaluatePrepared, prepare, type Prepared } from '../engine/report.js';
import type { Occupant, SetUp } from '../engine/board.js';
import type { Move, PathMove, Qualifier } from '../model/piece.js';
import { key, type Vec } from './geometry.js';
import { parsePath } from './path-parse.js';

/** The board the destinations and the squares they need are read on: room for a ride of 7 each way. */
const SIDE = 15;
/** The board the leaps found are compared with the path on. */
const CHECK_SIDE = 31;
/** Seeded positions of that comparison. */
const CHECK_POSITIONS = 12;

/** The leaps and rides `path` moves as on the square board, as a movement; undefined when it moves otherwise. */
export function pathAsLeaps(path: PathMove): Move | undefined {
    const centre = (SIDE - 1) / 2;
    const start: Vec = [centre, centre];
    // Moving only: which squares a path reaches does not depend on capturing, and no capture needs re-checking.
    const moving = prepare({ kind: 'apply', functions: ['move'], args: [path] }, () => undefined);
    const reach = (friends: readonly Vec[]) => reached(moving, SIDE, start, friends, []);
    const empty = reach([]);
    if (empty.size === 0) return undefined;
    // Each destination's line from the start: the squares a ride to it passes.
    const lines = new Map([...empty].map(([k, d]) => [k, lineTo(d.offset)]));
    // Which squares of its line a destination needs empty: a single piece there keeps the path from it.
    const needed = new Map<string, Vec[]>([...empty.keys()].map((k) => [k, []]));
    const onLines = new Map<string, Vec>();
    for (const line of lines.values()) for (const cell of line) onLines.set(key(cell), cell);
    for (const cell of onLines.values()) {
        const blocked = reach([cell]);
        for (const [k, line] of lines) if (!blocked.has(k) && line.some((c) => key(c) === key(cell))) needed.get(k)!.push(cell);
    }
    const leaps: Vec[] = [];
    const rides = new Map<string, { unit: Vec; counts: number[] }>();
    for (const [k, destination] of empty) {
        const line = lines.get(k)!;
        const needs = needed.get(k)!;
        // A leap needs nothing, a ride its whole line: anything between is no standard piece.
        if (needs.length > 0 && needs.length < line.length) return undefined;
        // And one way there needs nothing else: with every other square full, it still goes.
        const kept = new Set([key([0, 0]), k, ...needs.map(key)]);
        const full: Vec[] = [];
        for (let x = 0; x < SIDE; x++) for (let y = 0; y < SIDE; y++) {
            const cell: Vec = [x - centre, y - centre];
            if (!kept.has(key(cell))) full.push(cell);
        }
        if (!reach(full).has(k)) return undefined;
        if (needs.length === 0 && line.length > 0) leaps.push(destination.offset);
        else {
            const unit = primitive(destination.offset);
            const ride = rides.get(key(unit)) ?? { unit, counts: [] };
            ride.counts.push(line.length + 1);
            rides.set(key(unit), ride);
        }
    }
    const parts: Move[] = leaps.map((v) => only(v, []));
    for (const { unit, counts } of rides.values()) {
        counts.sort((a, b) => a - b);
        const upTo = counts.length === counts[counts.length - 1] ? counts.length : 0;
        // From 1 up to the board's edge: a rider; from 1 up to m: a range; otherwise each count on its own.
        const toEdge = upTo > 0 && !onBoard([start[0] + unit[0] * (upTo + 1), start[1] + unit[1] * (upTo + 1)], SIDE);
        if (upTo === 1) parts.push(only(unit, []));
        else if (toEdge) parts.push(only(unit, [{ kind: 'range', min: 1, max: null }]));
        else if (upTo > 1) parts.push(only(unit, [{ kind: 'range', min: 1, max: upTo }]));
        else for (const n of counts) parts.push(only(unit, n === 1 ? [] : [{ kind: 'range', min: n, max: n }]));
    }
    const move: Move = parts.length === 1 ? parts[0] : { kind: 'union', parts };
    return sameMoves(path, move) ? move : undefined;
}

/** The squares strictly between the start and `offset` on the line joining them (a ride's intermediate landings). */
function lineTo(offset: Vec): Vec[] {
    const unit = primitive(offset);
    const count = unit[0] !== 0 ? offset[0] / unit[0] : offset[1] / unit[1];
    return Array.from({ length: count - 1 }, (_, j): Vec => [unit[0] * (j + 1), unit[1] * (j + 1)]);
}

/** Whether `path` and `move` go to the same squares, moving or capturing alike, on the larger board, empty and in seeded positions. */
function sameMoves(path: PathMove, move: Move): boolean {
    const centre = (CHECK_SIDE - 1) / 2;
    const start: Vec = [centre, centre];
    const [a, b] = [prepare(path, () => undefined), prepare(move, () => undefined)];
    let seed = 25;
    const random = () => {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        return seed / 2147483648;
    };
    for (let i = 0; i <= CHECK_POSITIONS; i++) {
        const friends: Vec[] = [];
        const enemies: Vec[] = [];
        if (i > 0) {
            for (let x = 0; x < CHECK_SIDE; x++) for (let y = 0; y < CHECK_SIDE; y++) {
                if (x === centre && y === centre) continue;
                const r = random();
                if (r < 0.12) friends.push([x - centre, y - centre]);
                else if (r < 0.24) enemies.push([x - centre, y - centre]);
            }
        }
        const there = reached(a, CHECK_SIDE, start, friends, enemies);
        const here = reached(b, CHECK_SIDE, start, friends, enemies);
        if (there.size !== here.size) return false;
        for (const [k, d] of there) {
            const other = here.get(k);
            if (!other || other.move !== d.move || other.capture !== d.capture) return false;
        }
    }
    return true;
}

interface Reached {
    offset: Vec;
    move: boolean;
    capture: boolean;
}

/** Where a prepared movement goes from `start` (a square of a side x side board) with pieces on these offsets from it, by offset. */
function reached(prepared: Prepared, side: number, start: Vec, friends: readonly Vec[], enemies: readonly Vec[]): Map<string, Reached> {
    const square = ([dx, dy]: Vec): Occupant => ({ file: start[0] + dx, rank: start[1] + dy });
    const setup: SetUp = { board: { files: side, ranks: side }, at: { file: start[0], rank: start[1] }, friends: friends.map(square), enemies: enemies.map(square) };
    const out = new Map<string, Reached>();
    for (const d of evaluatePrepared(prepared, setup).destinations) {
        const offset: Vec = [d.square.file - start[0], d.square.rank - start[1]];
        out.set(key(offset), { offset, move: d.move, capture: d.capture });
    }
    return out;
}

function primitive([dx, dy]: Vec): Vec {
    let a = Math.abs(dx);
    let b = Math.abs(dy);
    while (b !== 0) [a, b] = [b, a % b];
    return [dx / a + 0, dy / a + 0];
}

function onBoard([x, y]: Vec, side: number): boolean {
    return x >= 0 && y >= 0 && x < side && y < side;
}

/** `([dx dy] :only ...)`: one step, as written. */
function only([dx, dy]: Vec, more: Qualifier[]): Move {
    return { kind: 'qualified', base: { kind: 'leap', vector: [dx, dy] }, qualifiers: [{ kind: 'only' }, ...more] };
}

/** Betza's crooked atoms: the orthogonal (zW, zR) and the diagonal (zF, zB) zig-zag. */
export type CrookedAtom = 'W' | 'F';

/**
 * The path of a crooked piece (Betza `z`): from any facing (`L*`), a step and then steps turning
 * alternately right and left (or left and right), `$` at each landing, so the piece zig-zags and
 * is stopped by the first piece on its way. An orthogonal step is `F`; a diagonal one is the
 * seed's `FLFR|LFRF` (to the forward left) or `FRFL|RFLF` (to the forward right). `max`: at most
 * that many steps (null: any number).
 */
export function crookedPath(atom: CrookedAtom, max: number | null): string {
    const more = max === null ? null : max - 1;
    // W turns before each step after the first (right then left, or left then right); F's diagonal steps turn inside themselves.
    const zigs = atom === 'W'
        ? [`F$${alternating('RF$', 'LF$', more)}`, `F$${alternating('LF$', 'RF$', more)}`]
        : [`${LEFT_DIAGONAL}${alternating(RIGHT_DIAGONAL, LEFT_DIAGONAL, more)}`, `${RIGHT_DIAGONAL}${alternating(LEFT_DIAGONAL, RIGHT_DIAGONAL, more)}`];
    return parsePath(`L*(${zigs.join('|')})`).text;
}

const LEFT_DIAGONAL = '(FLFR|LFRF)$';
const RIGHT_DIAGONAL = '(FRFL|RFLF)$';

/** At most `more` steps (null: any number) alternating `next`, `back`, `next`, ... */
function alternating(next: string, back: string, more: number | null): string {
    const pair = `(${next}${back})`;
    if (more === null) return `${pair}*(${next})?`;
    if (more <= 0) return '';
    const pairs = Math.floor(more / 2);
    if (more === 1) return `(${next})?`;
    if (more % 2 === 1) return `${pair}{0,${pairs}}(${next})?`;
    // An even most: whole pairs, or fewer pairs and one `next`.
    return pairs === 1 ? `(${pair}|${next})?` : `(${pair}{0,${pairs}}|${pair}{0,${pairs - 1}}${next})`;
}

/** The crooked atom and range a path is the crooked path of, as `crookedPath` writes it; undefined for any other path. */
export function crookedOf(text: string): { atom: CrookedAtom; max: number | null } | undefined {
    if (!text.startsWith('L*(')) return undefined;
    // A count of steps shows in the path's counted repetitions: {0,n} is written for 2n to 2n+3 steps; 2 and 3 steps have none.
    const counted = [...text.matchAll(/\{0,(\d+)\}/g)].flatMap((m) => [0, 1, 2, 3].map((k) => 2 * Number(m[1]) + k));
    for (const max of new Set([null, 2, 3, ...counted])) {
        for (const atom of ['W', 'F'] as const) if (crookedPath(atom, max) === text) return { atom, max };
    }
    return undefined;
}
