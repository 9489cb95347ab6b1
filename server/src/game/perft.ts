/**
 * Perft: the number of leaf positions of legal play `depth` plies deep, the standard test of a
 * move generator. The last ply is counted from the list of legal moves (bulk counting), as the
 * comparison with Fairy-Stockfish counts it.
 */
import { LOCUST, MoveList } from './moves.js';
import { legalMoves } from './movegen.js';
import type { Position } from './position.js';
import { uciMove } from './uci.js';

export function perft(pos: Position, depth: number): number {
    if (depth <= 0) return 1;
    return count(pos, depth, lists(depth));
}

/** Perft per first move, by the move's UCI text (in the order the moves are generated). */
export function divide(pos: Position, depth: number): Map<string, number> {
    const out = new Map<string, number>();
    if (depth <= 0) return out;
    const stack = lists(depth);
    const list = stack[depth - 1];
    legalMoves(pos, list);
    for (let i = 0; i < list.length; i++) {
        const text = uciMove(pos, list, i);
        if (depth === 1) {
            out.set(text, 1);
            continue;
        }
        play(pos, list, i);
        out.set(text, count(pos, depth - 1, stack));
        pos.unmake();
    }
    return out;
}

function lists(depth: number): MoveList[] {
    return Array.from({ length: depth }, () => new MoveList());
}

function play(pos: Position, list: MoveList, i: number): void {
    const d = list.data;
    const kind = d[i * 4 + 2] & 15;
    pos.make(d[i * 4], d[i * 4 + 1], d[i * 4 + 2], d[i * 4 + 3], kind === LOCUST ? list.extra[d[i * 4 + 3]] : undefined);
}

function count(pos: Position, depth: number, stack: MoveList[]): number {
    const list = stack[depth - 1];
    legalMoves(pos, list);
    if (depth === 1) return list.length;
    let nodes = 0;
    for (let i = 0; i < list.length; i++) {
        play(pos, list, i);
        nodes += count(pos, depth - 1, stack);
        pos.unmake();
    }
    return nodes;
}
