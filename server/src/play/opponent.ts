/**
 * The computer opponent: iterative deepening over the search (search.ts) within a time limit per
 * move and an optional depth limit. It always answers with a legal move when there is one: the
 * best move of the deepest search finished (or of the current one, once its first move is
 * searched), else the first move in the search's order.
 */
import { MoveList, gameResult, legalMoves, uciMove, type Game, type GameResult, type Position } from '../game/index.js';
import { findKey, playMove } from './move-key.js';
import { INFINITE, mateIn, resultScore } from './score.js';
import { MAX_PLY, Search } from './search.js';
import { TranspositionTable } from './tt.js';
import { pieceValues } from './values.js';

export interface BestMoveOptions {
    /** Milliseconds to think (default 1000 unless `depth` is given). */
    movetime?: number;
    /** Plies to search at most. */
    depth?: number;
    /** Stops the search when `aborted` turns true (checked every 1024 nodes); an AbortSignal will do. */
    signal?: { readonly aborted: boolean };
    /** Called after each depth is searched. */
    onInfo?: (info: SearchInfo) => void;
}

export interface SearchInfo {
    depth: number;
    /** From the side to move's view: in hundredths of the game's cheapest piece, or beyond ±MATE_BOUND for a won or lost game. */
    score: number;
    /** Moves to a won (positive) or lost (negative) game end, when the score is one. */
    mate?: number;
    nodes: number;
    /** Milliseconds since the search began. */
    time: number;
    /** The expected line, in UCI, the best move first. */
    pv: string[];
}

export interface BestMove extends SearchInfo {
    /** The move in Fairy-Stockfish's UCI notation; null when the side to move has no legal move. */
    move: string | null;
    /** The game's result when it has ended in this position (then `move` is null, unless the end is a claim: a repetition or the move rule). */
    result?: GameResult;
}

/** Strength levels: time per move. */
export const LEVELS = [
    { name: 'beginner', movetime: 50, depth: 2 },
    { name: 'casual', movetime: 300 },
    { name: 'club', movetime: 1000 },
    { name: 'strong', movetime: 4000 }
] as const;

const DEFAULT_MOVETIME = 1000;

/** The opponent for one game: the pieces' values and the transposition table, kept from move to move. */
export class Opponent {
    private readonly search: Search;

    constructor(readonly game: Game, options: { hashBits?: number } = {}) {
        this.search = new Search(game, pieceValues(game), new TranspositionTable(options.hashBits));
    }

    get values() {
        return this.search.values;
    }

    /** The best move for the side to move in `pos` (which is left as it was). */
    bestMove(pos: Position, options: BestMoveOptions = {}): BestMove {
        const started = performance.now();
        const root = new MoveList();
        legalMoves(pos, root);
        const ended = gameResult(pos);
        if (root.length === 0) {
            const score = ended ? resultScore(ended, pos.side, 0) : 0;
            return { move: null, score, ...mateField(score), depth: 0, nodes: 0, time: 0, pv: [], ...(ended ? { result: ended } : {}) };
        }
        const movetime = options.movetime ?? (options.depth === undefined ? DEFAULT_MOVETIME : Infinity);
        const maxDepth = Math.max(1, Math.min(options.depth ?? MAX_PLY - 1, MAX_PLY - 1));
        const search = this.search;
        const rootPly = pos.ply;
        search.begin(pos, started + movetime, options.signal);
        let best: SearchInfo | undefined;
        try {
            for (let depth = 1; depth <= maxDepth; depth++) {
                const score = search.search(depth, -INFINITE, INFINITE, 0);
                const finished = !search.stopped;
                // An unfinished depth counts once a root move has been searched and found best.
                if (search.pvLength[0] > 0) {
                    // `| 0`: a draw negated up the tree is -0.
                    const found = (finished ? score : search.rootScore) | 0;
                    best = {
                        depth, score: found, ...mateField(found),
                        nodes: search.nodes, time: performance.now() - started, pv: this.principalVariation(pos)
                    };
                    if (finished) options.onInfo?.(best);
                }
                if (!finished) break;
                const elapsed = performance.now() - started;
                const mate = best?.mate;
                // A forced end found within this depth will not come sooner; a next depth would not finish in time.
                if (root.length === 1 || (mate !== undefined && Math.abs(mate) * 2 <= depth) || elapsed > movetime * 0.5) break;
            }
        } finally {
            while (pos.ply > rootPly) pos.unmake();
        }
        if (!best) {
            // Not even the first move searched in time: the first move the search would have tried.
            return { move: uciMove(pos, root, 0), score: 0, depth: 0, nodes: search.nodes, time: performance.now() - started, pv: [uciMove(pos, root, 0)], ...(ended ? { result: ended } : {}) };
        }
        return { move: best.pv[0], ...best, nodes: search.nodes, time: performance.now() - started, ...(ended ? { result: ended } : {}) };
    }

    /** The search's principal variation from `pos` in UCI, each move checked against the legal moves. */
    private principalVariation(pos: Position): string[] {
        const search = this.search;
        const size = this.game.size;
        const line: string[] = [];
        const list = new MoveList();
        const rootPly = pos.ply;
        try {
            for (let j = 0; j < search.pvLength[0]; j++) {
                legalMoves(pos, list);
                const i = findKey(list, search.pv[j], size);
                if (i < 0) break;
                line.push(uciMove(pos, list, i));
                playMove(pos, list, i);
            }
        } finally {
            while (pos.ply > rootPly) pos.unmake();
        }
        return line;
    }
}

function mateField(score: number): { mate?: number } {
    const mate = mateIn(score);
    return mate === undefined ? {} : { mate };
}

/** The best move for the side to move in `pos`, by a fresh opponent (`Opponent` keeps what it learns between moves). */
export function bestMove(game: Game, pos: Position, options: BestMoveOptions = {}): BestMove {
    return new Opponent(game).bestMove(pos, options);
}
