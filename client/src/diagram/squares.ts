/**
 * Algebraic squares and the blockers the user places on the diagram. Pure functions,
 * no `vscode`: unit-tested on their own.
 */
import type { Blocker, BoardSize, Side } from '../protocol.js';

/** The largest board side, as the server's (a file may declare a board up to 32 x 32). */
export const MAX_BOARD_SIDE = 32;

/** Files a..z, then aa..af; ranks 1..32. */
const SQUARE = /^([a-z]|a[a-f])([1-9][0-9]?)$/;

/** `f5` -> `{ file: 5, rank: 4 }`, `aa1` -> `{ file: 26, rank: 0 }` (zero-based), or undefined if it is not a square name. */
export function parseSquare(name: string): { file: number; rank: number } | undefined {
    const match = SQUARE.exec(name);
    if (!match) return undefined;
    const rank = Number(match[2]) - 1;
    if (rank >= MAX_BOARD_SIDE) return undefined;
    const letters = match[1];
    return { file: letters.length === 1 ? letters.charCodeAt(0) - 97 : 26 + letters.charCodeAt(1) - 97, rank };
}

export function isSquareName(value: unknown): value is string {
    return typeof value === 'string' && parseSquare(value) !== undefined;
}

export function onBoard(name: string, board: BoardSize): boolean {
    const square = parseSquare(name);
    return square !== undefined && square.file < board.files && square.rank < board.ranks;
}

/** The next state of a square when it is clicked: empty -> friend -> enemy -> empty. */
export function nextSide(current: Side | undefined): Side | undefined {
    switch (current) {
        case undefined: return 'friend';
        case 'friend': return 'enemy';
        case 'enemy': return undefined;
    }
}

/** The blockers after a click on `square` (a friend turned enemy keeps its name); sorted by square for stable requests. */
export function cycleBlocker(blockers: readonly Blocker[], square: string): Blocker[] {
    const current = blockers.find((b) => b.square === square);
    const rest = blockers.filter((b) => b.square !== square);
    const side = nextSide(current?.side);
    if (side) rest.push(current?.piece ? { square, side, piece: current.piece } : { square, side });
    return rest.sort(compareSquares);
}

/** The longest name a blocker may be given in the panel. */
export const MAX_BLOCKER_NAME = 200;

/** The blockers with the one on `square` named `piece` (unnamed when `piece` is undefined). */
export function nameBlocker(blockers: readonly Blocker[], square: string, piece: string | undefined): Blocker[] {
    return blockers.map((b) => (b.square !== square ? b : piece ? { square: b.square, side: b.side, piece } : { square: b.square, side: b.side }));
}

/** Drops blockers that a smaller board no longer has, and the square the piece stands on. */
export function keepBlockers(blockers: readonly Blocker[], board: BoardSize, pieceAt?: string): Blocker[] {
    return blockers.filter((b) => onBoard(b.square, board) && b.square !== pieceAt);
}

function compareSquares(a: Blocker, b: Blocker): number {
    const sa = parseSquare(a.square)!;
    const sb = parseSquare(b.square)!;
    return sa.rank - sb.rank || sa.file - sb.file;
}

/** A board size from settings, clamped to what square names can address. */
export function clampBoard(files: unknown, ranks: unknown, fallback: BoardSize = { files: 8, ranks: 8 }): BoardSize {
    const side = (value: unknown, otherwise: number): number =>
        typeof value === 'number' && Number.isInteger(value) ? Math.min(MAX_BOARD_SIDE, Math.max(1, value)) : otherwise;
    return { files: side(files, fallback.files), ranks: side(ranks, fallback.ranks) };
}
