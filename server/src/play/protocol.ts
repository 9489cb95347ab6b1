/**
 * The messages between a caller (the CLI, the language server, a Play view) and the opponent's
 * worker, the same for a Node worker_threads worker (worker-node.ts) and a browser Web Worker
 * (worker-web.ts). A search is stopped through `stop`, an Int32Array on a SharedArrayBuffer whose
 * first element the caller sets to 1 (a worker busy searching reads no messages); where shared
 * memory is not available (a page without cross-origin isolation) the caller ends the worker.
 */
import type { BestMove, SearchInfo } from './opponent.js';
import type { GameSpec } from './spec.js';

export interface BestMoveRequest {
    type: 'bestmove';
    /** The caller's number for the request; the answers carry it. */
    id: number;
    game: GameSpec;
    /** The position: a start (FEN) and the moves played from it (UCI), so that repetitions count. */
    start: string;
    moves: readonly string[];
    movetime?: number;
    depth?: number;
    /** Set element 0 to 1 to stop the search (it then answers with its best move so far). */
    stop?: Int32Array;
}

export type ToOpponent = BestMoveRequest;

export type FromOpponent =
    /** After each depth searched. */
    | { type: 'info'; id: number; info: SearchInfo }
    | { type: 'bestmove'; id: number; result: BestMove }
    /** The request could not be served: the game does not compile, the FEN or a move is wrong. */
    | { type: 'error'; id: number; message: string };
