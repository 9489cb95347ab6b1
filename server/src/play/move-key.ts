/**
 * A move as one number (for the transposition table, killer moves and the principal variation):
 * from, to, kind and promotion, and the type dropped or the castling move's index. 0 is no move.
 * A locust's squares captured on the way are left out: two locust moves between the same squares
 * share a key, and the one found first in the list of legal moves is taken.
 */
import { CASTLE, DROP, LOCUST, MoveList, type Position } from '../game/index.js';

export function moveKey(list: MoveList, i: number, size: number): number {
    const d = list.data;
    const flags = d[i * 4 + 2];
    const kind = flags & 15;
    const aux = kind === DROP || kind === CASTLE ? d[i * 4 + 3] : 0;
    return ((flags | (aux << 10)) * (size + 1) + d[i * 4] + 1) * size + d[i * 4 + 1] + 1;
}

/** The index of the move with this key in `list`, or -1. */
export function findKey(list: MoveList, key: number, size: number): number {
    for (let i = 0; i < list.length; i++) if (moveKey(list, i, size) === key) return i;
    return -1;
}

/** Plays move `i` of `list` (legal moves of `pos`). */
export function playMove(pos: Position, list: MoveList, i: number): void {
    const d = list.data;
    const flags = d[i * 4 + 2];
    pos.make(d[i * 4], d[i * 4 + 1], flags, d[i * 4 + 3], (flags & 15) === LOCUST ? list.extra[d[i * 4 + 3]] : undefined);
}
