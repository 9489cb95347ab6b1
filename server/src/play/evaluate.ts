/**
 * The static evaluation: the worth of every piece on its square and in hand (values.ts), White's
 * less Black's, seen from the side to move.
 */
import type { Position } from '../game/index.js';
import type { PieceValues } from './values.js';

export function evaluate(pos: Position, values: PieceValues): number {
    const game = pos.game;
    const cells = pos.cells;
    const onSquare = values.onSquare;
    const size = game.size;
    let score = 0;
    for (const sq of game.cells) {
        const code = cells[sq];
        if (code === 0) continue;
        const worth = onSquare[code * size + sq];
        score += (code & 1) === 0 ? worth : -worth;
    }
    if (game.drops) {
        const hand = pos.hand;
        const inHand = values.inHand;
        for (let t = 1; t < inHand.length; t++) score += (hand[t * 2] - hand[t * 2 + 1]) * inHand[t];
    }
    return pos.side === 0 ? score : -score;
}
