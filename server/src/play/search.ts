/**
 * The search: negamax alpha-beta with principal variation search, a transposition table on the
 * position's hash, late move reductions (of quiet moves late in the order, outside the principal
 * variation), a check extension, and quiescence on captures (every
 * move when in check). Move ordering: the table's move, captures and promotions by victim value
 * less attacker value, two killer moves per ply, then history.
 *
 * Game ends are the game layer's: a position with no legal move (checkmate, stalemate, a royal
 * piece captured, any immediate end) or a repetition or move-count result is scored by
 * `gameResult` as a win, loss or draw for the side to move. A position repeated inside the
 * search is scored a draw only where the game's repetition rule is a plain draw (chess): with
 * perpetual check, material counting or a side that loses by repetition, only the game layer's
 * verdict on the actual count ends a line.
 */
import { DROP, EN_PASSANT, IGUI, LOCUST, MoveList, NORMAL, gameResult, inCheck, legalMoves, type Game, type Position } from '../game/index.js';
import { immediateEnd } from '../game/ends.js';
import { evaluate } from './evaluate.js';
import { moveKey, playMove } from './move-key.js';
import { INFINITE, resultScore } from './score.js';
import { EXACT, LOWER, TranspositionTable, UPPER } from './tt.js';
import type { PieceValues } from './values.js';

export const MAX_PLY = 128;
/** Plies of check evasions quiescence follows before it trusts the static evaluation. */
const MAX_EVASIONS = 4;
/** A capture that leaves the side this far below alpha, even winning the piece, is not tried in quiescence. */
const DELTA_MARGIN = 200;

const TT_MOVE = 2 ** 30;
const CAPTURE = 2 ** 28;
const KILLER = 2 ** 27;
const HISTORY_MAX = 2 ** 26;
/** A move's rank in the order is `score * INDEX + index`. */
const INDEX = 2 ** 20;

export class Search {
    nodes = 0;
    stopped = false;
    /** The score of the root's best move so far in the current iteration. */
    rootScore = 0;
    private pos!: Position;
    private readonly lists: MoveList[] = [];
    /** Per ply: the order in which its moves are tried, as `score * INDEX + index`, best last. */
    private readonly order: Float64Array[] = [];
    private readonly killers = new Float64Array(MAX_PLY * 2);
    private readonly history: Int32Array;
    /** The principal variation from each ply, as move keys (a triangular table). */
    readonly pv = new Float64Array(MAX_PLY * MAX_PLY);
    readonly pvLength = new Int32Array(MAX_PLY);
    /** The hashes of the positions since the set-up, by the position's ply (repetitions). */
    private hashLo = new Int32Array(256);
    private hashHi = new Int32Array(256);
    private rootPly = 0;
    private deadline = Infinity;
    private signal: { readonly aborted: boolean } | undefined;
    private readonly checkRule: boolean;
    /** A position repeated inside the search may be scored a draw (the rule is a plain draw). */
    private readonly plainDraw: boolean;

    constructor(readonly game: Game, readonly values: PieceValues, readonly tt: TranspositionTable) {
        for (let ply = 0; ply < MAX_PLY; ply++) {
            this.lists.push(new MoveList(64));
            this.order.push(new Float64Array(64));
        }
        this.history = new Int32Array(game.stride * game.size);
        this.checkRule = game.royalRule === 'check';
        const repetition = game.results.repetition;
        this.plainDraw = repetition !== undefined && repetition.outcome === 'draw' && !repetition.perpetualCheck && !repetition.forWhite && !game.results.material;
    }

    /** Starts a search of `pos`: clears the counters, records the positions that led to it. */
    begin(pos: Position, deadline: number, signal?: { readonly aborted: boolean }): void {
        this.pos = pos;
        this.nodes = 0;
        this.stopped = false;
        this.deadline = deadline;
        this.signal = signal;
        this.rootPly = pos.ply;
        this.killers.fill(0);
        for (let i = 0; i < this.history.length; i++) this.history[i] >>= 2;
        this.growHashes(pos.ply + MAX_PLY + 1);
        for (let ply = 0; ply <= pos.ply; ply++) {
            const h = pos.history(ply);
            this.hashLo[ply] = h.lo;
            this.hashHi[ply] = h.hi;
        }
        this.tt.nextSearch();
    }

    /** Every 1024 nodes: past the deadline, or asked to stop. */
    private checkTime(): void {
        if (performance.now() >= this.deadline || this.signal?.aborted === true) this.stopped = true;
    }

    /**
     * The score of the position `ply` plies from the root, searched `depth` plies deep (plus
     * quiescence) within (alpha, beta). After `stopped`, the value means nothing.
     */
    search(depth: number, alpha: number, beta: number, ply: number): number {
        const pos = this.pos;
        this.pvLength[ply] = 0;
        if (ply >= MAX_PLY - 1) return evaluate(pos, this.values);
        if (ply > 0) {
            const ended = this.ruleScore(ply);
            if (ended !== undefined) return ended;
        }
        const checked = this.checkRule && inCheck(pos);
        if (checked && ply < MAX_PLY / 2) depth++;
        if (depth <= 0) return this.quiesce(alpha, beta, ply, 0);
        if ((++this.nodes & 1023) === 0) this.checkTime();
        if (this.stopped) return 0;

        const lo = pos.hashLo;
        const hi = pos.hashHi;
        let ttKey = 0;
        const slot = this.tt.probe(lo, hi);
        if (slot >= 0) {
            ttKey = this.tt.move(slot);
            if (ply > 0 && beta - alpha === 1 && this.tt.depth(slot) >= depth) {
                const score = this.tt.score(slot, ply);
                const bound = this.tt.bound(slot);
                if (bound === EXACT || (bound === LOWER && score >= beta) || (bound === UPPER && score <= alpha)) return score;
            }
        }
        const list = this.lists[ply];
        legalMoves(pos, list);
        if (list.length === 0) return this.endScore(ply);
        const order = this.sortMoves(list, ply, ttKey, false);

        const size = this.game.size;
        const alphaAtStart = alpha;
        let best = -INFINITE;
        let bestKey = 0;
        for (let k = 0; k < list.length; k++) {
            const i = order[order.length - 1 - k] % INDEX;
            const key = moveKey(list, i, size);
            const quiet = !this.isCapture(list, i) && list.promotion(i) === 0;
            playMove(pos, list, i);
            this.recordHash();
            let score: number;
            if (k === 0) {
                score = -this.search(depth - 1, -beta, -alpha, ply + 1);
            } else {
                let reduce = 0;
                if (depth >= 3 && k >= 3 && quiet && !checked && beta - alpha === 1 && key !== this.killers[ply * 2] && key !== this.killers[ply * 2 + 1]) {
                    reduce = Math.min(k >= 8 ? 2 : 1, depth - 2);
                    if (this.checkRule && inCheck(pos)) reduce = 0;
                }
                score = -this.search(depth - 1 - reduce, -alpha - 1, -alpha, ply + 1);
                if (score > alpha && reduce > 0) score = -this.search(depth - 1, -alpha - 1, -alpha, ply + 1);
                if (score > alpha && score < beta) score = -this.search(depth - 1, -beta, -alpha, ply + 1);
            }
            pos.unmake();
            if (this.stopped) return 0;
            if (score <= best) continue;
            best = score;
            bestKey = key;
            if (score <= alpha) continue;
            alpha = score;
            this.updatePv(ply, key);
            if (ply === 0) this.rootScore = score;
            if (score >= beta) {
                if (quiet) this.rewardQuiet(list, i, key, ply, depth);
                break;
            }
        }
        this.tt.store(lo, hi, depth, ply, best, best >= beta ? LOWER : best > alphaAtStart ? EXACT : UPPER, bestKey);
        return best;
    }

    /**
     * Quiescence: captures and promotions until the position is quiet (every move while in check,
     * for a few plies). A side not in check may stand on the static evaluation: when that is good
     * enough, the moves are not even generated (a game that has ended at once is still seen).
     */
    private quiesce(alpha: number, beta: number, ply: number, evasions: number): number {
        const pos = this.pos;
        this.pvLength[ply] = 0;
        if ((++this.nodes & 1023) === 0) this.checkTime();
        if (this.stopped) return 0;
        if (ply >= MAX_PLY - 1) return evaluate(pos, this.values);
        const allMoves = evasions < MAX_EVASIONS && this.checkRule && inCheck(pos);
        let best = -INFINITE;
        let stand = 0;
        if (!allMoves) {
            if (immediateEnd(pos)) return this.endScore(ply);
            stand = evaluate(pos, this.values);
            if (stand >= beta) return stand;
            if (stand > alpha) alpha = stand;
            best = stand;
        }
        const list = this.lists[ply];
        legalMoves(pos, list);
        if (list.length === 0) return this.endScore(ply);
        const order = this.sortMoves(list, ply, 0, !allMoves);
        for (let k = order.length - 1; k >= 0; k--) {
            const i = order[k] % INDEX;
            if (!allMoves && list.promotion(i) === 0 && stand + this.victimValue(list, i) + DELTA_MARGIN <= alpha) continue;
            playMove(pos, list, i);
            const score = -this.quiesce(-beta, -alpha, ply + 1, allMoves ? evasions + 1 : evasions);
            pos.unmake();
            if (this.stopped) return 0;
            if (score <= best) continue;
            best = score;
            if (score <= alpha) continue;
            alpha = score;
            this.updatePv(ply, moveKey(list, i, this.game.size));
            if (score >= beta) break;
        }
        return best;
    }

    /**
     * The moves' order, best last, as `score * INDEX + index`: all moves, or with `noisyOnly`
     * only captures and promotions (quiescence).
     */
    private sortMoves(list: MoveList, ply: number, ttKey: number, noisyOnly: boolean): Float64Array {
        const n = list.length;
        if (this.order[ply].length < n) this.order[ply] = new Float64Array(n * 2);
        const all = this.order[ply];
        const size = this.game.size;
        const cells = this.pos.cells;
        const value = this.values.value;
        const k1 = this.killers[ply * 2];
        const k2 = this.killers[ply * 2 + 1];
        let count = 0;
        for (let i = 0; i < n; i++) {
            const promotion = list.promotion(i);
            let score: number;
            if (this.isCapture(list, i) || promotion !== 0) {
                const from = list.from(i);
                const attacker = from >= 0 ? value[cells[from] >> 1] : 0;
                score = CAPTURE + (this.victimValue(list, i) + value[promotion]) * 16 - (attacker >> 4);
            } else if (noisyOnly) {
                continue;
            } else {
                score = this.history[this.historyIndex(list, i)];
            }
            if (ttKey !== 0 || k1 !== 0) {
                const key = moveKey(list, i, size);
                if (key === ttKey) score = TT_MOVE;
                else if (score < CAPTURE && key === k1) score = KILLER + 1;
                else if (score < CAPTURE && key === k2) score = KILLER;
            }
            all[count++] = score * INDEX + i;
        }
        const order = all.subarray(0, count);
        order.sort();
        return order;
    }

    private isCapture(list: MoveList, i: number): boolean {
        const kind = list.kind(i);
        return kind === EN_PASSANT || kind === IGUI || kind === LOCUST || (kind === NORMAL && this.pos.cells[list.to(i)] !== 0);
    }

    /** The value of what move i captures (0 for none). */
    private victimValue(list: MoveList, i: number): number {
        const cells = this.pos.cells;
        const value = this.values.value;
        switch (list.kind(i)) {
            case NORMAL:
            case IGUI: return value[cells[list.to(i)] >> 1];
            case EN_PASSANT: return value[cells[list.aux(i)] >> 1];
            case LOCUST: {
                let total = value[cells[list.to(i)] >> 1];
                for (const sq of list.extra[list.aux(i)]) total += value[cells[sq] >> 1];
                return total;
            }
            default: return 0;
        }
    }

    /** History is kept per piece (code) and destination. */
    private historyIndex(list: MoveList, i: number): number {
        const code = list.kind(i) === DROP ? (list.aux(i) << 1) | this.pos.side : this.pos.cells[list.from(i)];
        return code * this.game.size + list.to(i);
    }

    private rewardQuiet(list: MoveList, i: number, key: number, ply: number, depth: number): void {
        if (this.killers[ply * 2] !== key) {
            this.killers[ply * 2 + 1] = this.killers[ply * 2];
            this.killers[ply * 2] = key;
        }
        const h = this.historyIndex(list, i);
        this.history[h] = Math.min(HISTORY_MAX, this.history[h] + depth * depth);
    }

    private updatePv(ply: number, key: number): void {
        const row = ply * MAX_PLY;
        const next = (ply + 1) * MAX_PLY;
        this.pv[row] = key;
        const n = ply + 1 < MAX_PLY ? this.pvLength[ply + 1] : 0;
        for (let j = 0; j < n; j++) this.pv[row + 1 + j] = this.pv[next + j];
        this.pvLength[ply] = n + 1;
    }

    /** The game layer's verdict on a position without legal moves. */
    private endScore(ply: number): number {
        const result = gameResult(this.pos);
        return result ? resultScore(result, this.pos.side, ply) : 0;
    }

    /** A repetition or move-count end, or a repetition inside the search where the rule is a plain draw; undefined: play on. */
    private ruleScore(ply: number): number | undefined {
        const pos = this.pos;
        const results = this.game.results;
        if (results.repetition) {
            const now = pos.ply;
            const lo = pos.hashLo;
            const hi = pos.hashHi;
            const window = this.game.capturesToHand ? now : Math.min(pos.halfmove, now);
            for (let back = 4; back <= window; back += 2) {
                const at = now - back;
                if (this.hashLo[at] !== lo || this.hashHi[at] !== hi) continue;
                const result = gameResult(pos);
                if (result) return resultScore(result, pos.side, ply);
                if (at >= this.rootPly && this.plainDraw) return 0;
                break;
            }
        }
        if (results.moveRule && pos.halfmove >= results.moveRule.plies) {
            const result = gameResult(pos);
            if (result) return resultScore(result, pos.side, ply);
        }
        return undefined;
    }

    /** Records the hash of the position just reached. */
    recordHash(): void {
        const pos = this.pos;
        this.hashLo[pos.ply] = pos.hashLo;
        this.hashHi[pos.ply] = pos.hashHi;
    }

    private growHashes(n: number): void {
        if (this.hashLo.length >= n) return;
        this.hashLo = new Int32Array(n * 2);
        this.hashHi = new Int32Array(n * 2);
    }
}
