/**
 * The rules that end a game at once, whatever moves there are (Fairy-Stockfish's immediate game
 * end): a side without royal pieces where they may be captured, extinction, a bare king, a piece
 * in a flag zone, facing royal pieces left facing (janggi's bikjang), two passes in a row. In such
 * a position there are no legal moves.
 */
import type { Outcome } from './model.js';
import type { Position } from './position.js';

export interface GameEnd {
    /** The side the outcome is for (0 White, 1 Black). */
    side: number;
    outcome: Outcome;
    reason: string;
    /** Decided by counting material when the outcome is a draw and the game counts it. */
    counted?: boolean;
}

const NAMES = ['White', 'Black'];

export function immediateEnd(pos: Position): GameEnd | undefined {
    const game = pos.game;
    const results = game.results;
    const us = pos.side;
    // The side that just moved first: what it did decides before what the side to move lacks.
    for (let k = 1; k >= 0; k--) {
        const side = us ^ k;
        if (game.royalRule === 'capture' && pos.royalCount[side] === 0) {
            return { side, outcome: 'loss', reason: `${NAMES[side]} has no royal piece left` };
        }
        if (results.extinction && !hasAny(pos, side, results.extinction.types)) {
            return { side, outcome: results.extinction.outcome, reason: `${NAMES[side]} has none of its ${letters(pos, results.extinction.types)} left` };
        }
    }
    if (results.bareKing !== undefined) {
        for (const side of [us ^ 1, us]) {
            if (bare(pos, side)) return { side, outcome: results.bareKing, reason: `${NAMES[side]} has nothing left but its royal pieces` };
        }
    }
    if (results.flag) {
        for (const side of [us ^ 1, us]) {
            for (const sq of game.cells) {
                const code = pos.cells[sq];
                if (code !== 0 && (code & 1) === side && results.flag.types[code >> 1] === 1 && results.flag.masks[side][sq] === 1) {
                    return { side, outcome: 'win', reason: `${NAMES[side]} reached its goal on ${game.squareName(sq)}` };
                }
            }
        }
    }
    const ply = pos.ply;
    if (ply >= 1 && game.facing === 'bikjang' && pos.facingAt(ply) && pos.facingAt(ply - 1)) {
        return counted(pos, 'the royal pieces face each other (bikjang)');
    }
    if (ply >= 2 && results.doublePass && pos.passedAt(ply) && pos.passedAt(ply - 1)) {
        return counted(pos, 'both sides passed');
    }
    return undefined;
}

/** A draw, unless the game counts material (janggi): then the side with more than the other's bonus wins. */
export function counted(pos: Position, reason: string): GameEnd {
    const material = pos.game.results.material;
    if (!material) return { side: pos.side, outcome: 'draw', reason };
    let white = 0;
    let black = 0;
    for (let t = 1; t < pos.game.types.length; t++) {
        white += material.values[t] * (pos.counts[t * 2] + pos.hand[t * 2]);
        black += material.values[t] * (pos.counts[t * 2 + 1] + pos.hand[t * 2 + 1]);
    }
    const score = white - black - material.blackBonus;
    const outcome = score > 0 ? 'win' : score < 0 ? 'loss' : 'draw';
    return { side: 0, outcome, reason: `${reason}: decided by material (White ${white}, Black ${black} + ${material.blackBonus})`, counted: true };
}

function hasAny(pos: Position, side: number, types: Uint8Array): boolean {
    for (let t = 1; t < types.length; t++) if (types[t] === 1 && pos.counts[t * 2 + side] + pos.hand[t * 2 + side] > 0) return true;
    return false;
}

function bare(pos: Position, side: number): boolean {
    for (let t = 1; t < pos.game.types.length; t++) {
        if (!pos.game.types[t].royal && pos.counts[t * 2 + side] + pos.hand[t * 2 + side] > 0) return false;
    }
    return true;
}

function letters(pos: Position, types: Uint8Array): string {
    return pos.game.types.filter((_, t) => types[t] === 1).map((t) => t.letter).join(' ');
}
