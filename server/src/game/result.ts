/**
 * How a position ends the game, if it does: the rules that end it at once (ends.ts), then no
 * legal move (checkmate, stalemate; a mate by a forbidden drop loses for the side that made it),
 * then repetition and the move rule.
 */
import { counted, immediateEnd, type GameEnd } from './ends.js';
import type { Outcome } from './model.js';
import { DROP, MoveList } from './moves.js';
import { inCheck, legalMoves } from './movegen.js';
import type { Position } from './position.js';

export interface GameResult {
    /** null: a draw. */
    winner: 'white' | 'black' | null;
    reason: string;
}

const SIDES = ['white', 'black'] as const;

export function gameResult(pos: Position): GameResult | undefined {
    const game = pos.game;
    const end = immediateEnd(pos);
    if (end) return resultOf(end);
    const list = new MoveList();
    legalMoves(pos, list);
    const checked = inCheck(pos);
    if (list.length === 0) {
        if (checked) {
            const mate = game.dropMate;
            const last = pos.ply > 0 ? pos.lastMove() : undefined;
            if (mate?.rule === 'loses' && last?.kind === DROP && mate.types[last.aux] === 1) {
                return resultOf({ side: pos.side, outcome: 'win', reason: `checkmate by a drop of ${game.types[last.aux].letter}, which the rules forbid` });
            }
            return resultOf({ side: pos.side, outcome: game.results.checkmate ?? 'loss', reason: 'checkmate' });
        }
        return resultOf({ side: pos.side, outcome: game.results.stalemate, reason: 'no legal move (stalemate)' });
    }
    const repetition = repeated(pos);
    if (repetition) return resultOf(repetition);
    const rule = game.results.moveRule;
    if (rule && pos.halfmove >= rule.plies) {
        const end: GameEnd = { side: pos.side, outcome: rule.outcome, reason: `${rule.plies / 2} moves by each side without a capture, a drop, a promotion or an irreversible move` };
        return resultOf(rule.outcome === 'draw' && game.results.material ? counted(pos, end.reason) : end);
    }
    return undefined;
}

function repeated(pos: Position): GameEnd | undefined {
    const rule = pos.game.results.repetition;
    if (!rule) return undefined;
    const ply = pos.ply;
    const now = pos.history(ply);
    const end = pos.game.capturesToHand ? ply : Math.min(pos.halfmove, ply);
    let count = 1;
    let them = rule.perpetualCheck && now.check === 1 && ply >= 2 && pos.history(ply - 2).check === 1;
    let us = rule.perpetualCheck && ply >= 1 && pos.history(ply - 1).check === 1 && ply >= 3 && pos.history(ply - 3).check === 1;
    for (let i = 4; i <= end; i += 2) {
        const before = pos.history(ply - i);
        them &&= before.check === 1;
        if (before.lo === now.lo && before.hi === now.hi && ++count >= rule.count) {
            const reason = `the same position for the ${ordinal(rule.count)} time`;
            if (them || us) {
                const outcome: Outcome = !us ? 'win' : !them ? 'loss' : 'draw';
                return { side: pos.side, outcome, reason: `${reason}, with perpetual check` };
            }
            const side = rule.forWhite ? 0 : pos.side;
            return rule.outcome === 'draw' && pos.game.results.material ? counted(pos, reason) : { side, outcome: rule.outcome, reason };
        }
        if (i + 1 <= end) us &&= pos.history(ply - i - 1).check === 1;
    }
    return undefined;
}

function resultOf(end: GameEnd): GameResult {
    const winner = end.outcome === 'draw' ? null : end.outcome === 'win' ? SIDES[end.side] : SIDES[end.side ^ 1];
    return { winner, reason: end.reason };
}

function ordinal(n: number): string {
    return n === 2 ? 'second' : n === 3 ? 'third' : n === 4 ? 'fourth' : `${n}th`;
}
