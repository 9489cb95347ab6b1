/**
 * The blockers the user places on the diagram, by cell name. Pure functions, no `vscode`:
 * unit-tested on their own. The client never reads a cell name (`f5`, Glinski's `f6`, a
 * cylinder's or a hexagon's cells are all just names): the server says which cells exist, and
 * answers with the blockers it placed.
 */
import type { Blocker, Side } from '../../../server/src/lsp/protocol.js';

/** The longest cell name the webview may send (the server's names are a few characters). */
export const MAX_CELL_NAME = 16;

/**
 * Whether a message from the webview is shaped like a cell name of the protocol (letters, then
 * a number: `f5`, `aa12`, Glinski's `f6`). Whether the cell exists is the server's answer.
 */
export function isCellName(value: unknown): value is string {
    return typeof value === 'string' && value.length <= MAX_CELL_NAME && /^[A-Za-z]+[0-9]+$/.test(value);
}

/** The next state of a cell when it is clicked: empty -> friend -> enemy -> empty. */
export function nextSide(current: Side | undefined): Side | undefined {
    switch (current) {
        case undefined: return 'friend';
        case 'friend': return 'enemy';
        case 'enemy': return undefined;
    }
}

/** The blockers after a click on `cell` (a friend turned enemy keeps its name and its place in the list; a new one goes last). */
export function cycleBlocker(blockers: readonly Blocker[], cell: string): Blocker[] {
    const index = blockers.findIndex((b) => b.square === cell);
    const current = index >= 0 ? blockers[index] : undefined;
    const side = nextSide(current?.side);
    const next = side ? (current?.piece ? { square: cell, side, piece: current.piece } : { square: cell, side }) : undefined;
    const rest = blockers.map((b) => ({ ...b }));
    if (index < 0) return next ? [...rest, next] : rest;
    if (next) rest[index] = next;
    else rest.splice(index, 1);
    return rest;
}

/** The longest name a blocker may be given in the panel. */
export const MAX_BLOCKER_NAME = 200;

/** The blockers with the one on `cell` named `piece` (unnamed when `piece` is undefined). */
export function nameBlocker(blockers: readonly Blocker[], cell: string, piece: string | undefined): Blocker[] {
    return blockers.map((b) => (b.square !== cell ? b : piece ? { square: b.square, side: b.side, piece } : { square: b.square, side: b.side }));
}

/**
 * The blockers as the server placed them: those on cells of its board and not on the piece's
 * cell. `placed` is the answer's list (undefined from an older server: then only the piece's
 * cell is dropped). Names and order stay the user's.
 */
export function keepBlockers(blockers: readonly Blocker[], placed: readonly Blocker[] | undefined, pieceAt?: string): Blocker[] {
    const on = placed ? new Set(placed.map((b) => b.square)) : undefined;
    return blockers.filter((b) => b.square !== pieceAt && (on === undefined || on.has(b.square))).map((b) => ({ ...b }));
}
