/**
 * Builders for piece-model values and a compact way to run the engine, so that engine tests
 * read like the LCPN they stand for: `q(ref('knight'), 'narrow')` is `(knight :narrow)`.
 */
import type { Move, PieceDef, Qualifier, Test } from '../../src/model/piece.js';
import { destinations, movesReport, type EngineResult, type MovesReport, type Resolver } from '../../src/engine/index.js';

export type Offset = [number, number];

export const leap = (m: number, n: number): Move => ({ kind: 'leap', vector: [m, n] });
export const ref = (key: string): Move => ({ kind: 'ref', key });
export const text = (t: string): Move => ({ kind: 'text', text: t });
export const union = (...parts: Move[]): Move => ({ kind: 'union', parts });
/** `(=> a b ...)` */
export const blocked = (...legs: Move[]): Move => ({ kind: 'sequence', mode: 'blocked', legs });
/** `(-> a b ...)`. (Not named `then`: a module exporting `then` is a thenable and never finishes importing.) */
export const free = (...legs: Move[]): Move => ({ kind: 'sequence', mode: 'free', legs });
/** `((& f g) args...)`; a single name for `(f args...)`. */
export const apply = (functions: string | string[], ...args: Move[]): Move =>
    ({ kind: 'apply', functions: typeof functions === 'string' ? [functions] : functions, args });

/** Qualifier shorthand: 'only' | 'rider' | 'outward' | 'any' | a direction name; N = `:N`; [N, M|null] = `:N :M` / `:N :*`. */
export type Q = string | number | [number, number | null];

export function q(base: Move, ...qualifiers: Q[]): Move {
    return { kind: 'qualified', base, qualifiers: qualifiers.map(qualifier) };
}

function qualifier(x: Q): Qualifier {
    if (typeof x === 'number') return { kind: 'range', min: 1, max: x };
    if (Array.isArray(x)) return { kind: 'range', min: x[0], max: x[1] };
    if (x === 'only') return { kind: 'only' };
    if (x === 'rider') return { kind: 'range', min: 1, max: null };
    if (x === 'outward') return { kind: 'outward' };
    if (x === 'any') return { kind: 'any' };
    return { kind: 'direction', name: x };
}

export const rankIs = (n: number): Test =>
    ({ kind: 'compare', op: '=', left: { kind: 'call', fn: 'rank', args: [] }, right: { kind: 'number', value: n } });
export const textTest = (t: string): Test => ({ kind: 'text', text: t });

export function cond(branches: [Test, Move][], otherwise?: Move): Move {
    const move: Move = { kind: 'conditional', branches: branches.map(([test, body]) => ({ test, body })) };
    return otherwise ? { ...move, otherwise } : move;
}

export function def(key: string, body: Move, properties: string[] = []): PieceDef {
    return { name: key, key, properties, body, style: 'lisp' };
}

/** A resolver over definitions given as name -> body. */
export function pieces(bodies: Record<string, Move>, fallback?: Resolver): Resolver {
    const map = new Map(Object.entries(bodies).map(([key, body]) => [key, def(key, body)]));
    return (key) => map.get(key) ?? fallback?.(key);
}

/** The standard pieces, built by hand the way the prelude writes them. */
export const STANDARD: Resolver = pieces({
    wazir: leap(0, 1),
    ferz: leap(1, 1),
    dabbabah: leap(0, 2),
    alfil: leap(2, 2),
    threeleaper: leap(0, 3),
    knight: leap(1, 2),
    camel: leap(1, 3),
    zebra: leap(2, 3),
    tripper: leap(3, 3),
    giraffe: leap(1, 4),
    antelope: leap(3, 4),
    rook: q(ref('wazir'), 'rider'),
    bishop: q(ref('ferz'), 'rider'),
    queen: union(ref('rook'), ref('bishop')),
    king: union(ref('ferz'), ref('wazir')),
    nightrider: q(ref('knight'), 'rider')
});

/** Where to evaluate: board size, the piece's square, and other pieces as offsets from it. */
export interface Where {
    board?: [number, number];
    at?: [number, number];
    friends?: Offset[];
    enemies?: Offset[];
}

function setUp(where: Where) {
    const [files, ranks] = where.board ?? [9, 9];
    const [file, rank] = where.at ?? [Math.floor(files / 2), Math.floor(ranks / 2)];
    const square = ([dx, dy]: Offset) => ({ file: file + dx, rank: rank + dy });
    return {
        board: { files, ranks },
        at: { file, rank },
        friends: (where.friends ?? []).map(square),
        enemies: (where.enemies ?? []).map(square)
    };
}

/** The offsets and problems (kind and message) of `movesReport`: what most engine tests assert. */
export interface Moves {
    moves: Offset[];
    captures: Offset[];
    problems: { kind: string; message: string }[];
}

/** `movesReport` of a move (or a name, looked up in `resolve`), as offsets. Default: 9x9 board, centre square. */
export function moves(target: Move | string, where: Where = {}, resolve: Resolver = STANDARD): Moves {
    const r = report(target, where, resolve);
    return { moves: r.moves, captures: r.captures, problems: r.problems.map(({ kind, message }) => ({ kind, message })) };
}

/** The whole `movesReport` (square names, igui, promotions, rules of problems). */
export function report(target: Move | string, where: Where = {}, resolve: Resolver = STANDARD): MovesReport {
    return movesReport(typeof target === 'string' ? ref(target) : target, setUp(where), resolve);
}

/** `destinations`, with problems as kind and message. */
export function dests(target: Move | string, where: Where = {}, resolve: Resolver = STANDARD): EngineResult {
    const r = destinations(typeof target === 'string' ? ref(target) : target, setUp(where), resolve);
    return { ...r, problems: r.problems.map(({ kind, message }) => ({ kind, message }) as EngineResult['problems'][number]) };
}

/** Lexicographically sorted copy, for writing expectations in any order. */
export function sorted(list: Offset[]): Offset[] {
    return [...list].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}
