/**
 * A brute-force solver for the opponent's tests, independent of the search: whether the side to
 * move can force a win (the game layer's result) within n of its own moves, and which first moves do.
 */
import { gameResult, legalUci, playUci, type Position } from '../../src/game/index.js';

/** Whether the side to move wins by force, its n-th move at the latest ending the game. */
export function winsWithin(pos: Position, n: number): boolean {
    return winningMoves(pos, n, true).length > 0;
}

/** The moves of the side to move that force a win within n of its moves (`first`: stop at the first found). */
export function winningMoves(pos: Position, n: number, first = false): string[] {
    const side = pos.side === 0 ? 'white' : 'black';
    const found: string[] = [];
    for (const move of legalUci(pos).texts) {
        playUci(pos, move);
        try {
            if (forced(pos, side, n)) {
                found.push(move);
                if (first) break;
            }
        } finally {
            pos.unmake();
        }
    }
    return found;
}

/** After a move of `winner`: the game is won, or (n > 1) every reply leaves a win within n - 1 moves. */
function forced(pos: Position, winner: 'white' | 'black', n: number): boolean {
    const result = gameResult(pos);
    if (result) return result.winner === winner;
    if (n <= 1) return false;
    for (const reply of legalUci(pos).texts) {
        playUci(pos, reply);
        try {
            if (!winsWithin(pos, n - 1)) return false;
        } finally {
            pos.unmake();
        }
    }
    return true;
}
