/**
 * Scores, from the side to move's view: material in hundredths of the cheapest piece (values.ts),
 * and game ends as MATE less the plies from the root to the end (a nearer win scores higher).
 */
import type { GameResult } from '../game/index.js';

export const MATE = 10_000_000;
/** Scores beyond this are won or lost games (a game end at most 100,000 plies away). */
export const MATE_BOUND = MATE - 100_000;
export const INFINITE = MATE + 1;

/** The score of a game that has ended, for the side to move `side`, `ply` plies from the root. */
export function resultScore(result: GameResult, side: number, ply: number): number {
    if (result.winner === null) return 0;
    return (result.winner === 'white') === (side === 0) ? MATE - ply : -(MATE - ply);
}

/** Moves (not plies) to the end of a won (positive) or lost (negative: 0 when it has ended) game; undefined for other scores. */
export function mateIn(score: number): number | undefined {
    if (score > MATE_BOUND) return Math.ceil((MATE - score) / 2);
    if (score < -MATE_BOUND) return -Math.ceil((MATE + score) / 2) | 0;
    return undefined;
}
