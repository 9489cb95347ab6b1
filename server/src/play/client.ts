/**
 * The caller's side of the protocol (protocol.ts): asks a worker for best moves and gets them as
 * promises, with each depth's info as it comes. One client per worker; the worker is started on
 * the first request, and again after `stop` had to end it (without shared memory).
 */
import type { BestMove, SearchInfo } from './opponent.js';
import type { BestMoveRequest, FromOpponent, ToOpponent } from './protocol.js';

/** A started worker, as the client needs it (node-client.ts makes one of a worker_threads Worker; a page, of a Web Worker). */
export interface OpponentPort {
    postMessage(message: ToOpponent): void;
    /** Calls `listener` with each answer, and `failed` when the worker fails (it then answers nothing more). */
    listen(listener: (answer: FromOpponent) => void, failed: (error: Error) => void): void;
    terminate(): void;
}

export type OpponentQuestion = Omit<BestMoveRequest, 'type' | 'id' | 'stop'>;

interface Pending {
    resolve(result: BestMove): void;
    reject(error: Error): void;
    onInfo?: (info: SearchInfo) => void;
    stop?: Int32Array;
}

export class OpponentClient {
    private port: OpponentPort | undefined;
    private next = 1;
    private readonly pending = new Map<number, Pending>();

    constructor(private readonly start: () => OpponentPort) {}

    /** The best move of the position; rejected when the worker cannot serve it or was stopped without shared memory. */
    bestMove(question: OpponentQuestion, onInfo?: (info: SearchInfo) => void): Promise<BestMove> {
        const id = this.next++;
        const stop = typeof SharedArrayBuffer === 'function' ? new Int32Array(new SharedArrayBuffer(4)) : undefined;
        return new Promise<BestMove>((resolve, reject) => {
            this.pending.set(id, { resolve, reject, ...(onInfo ? { onInfo } : {}), ...(stop ? { stop } : {}) });
            this.ensurePort().postMessage({ type: 'bestmove', id, ...question, ...(stop ? { stop } : {}) });
        });
    }

    /** Stops the searches under way: each answers at once with its best move so far (or, without shared memory, is rejected). */
    stop(): void {
        const all = [...this.pending.values()];
        if (all.every((p) => p.stop)) {
            for (const p of all) Atomics.store(p.stop!, 0, 1);
            return;
        }
        this.fail(new Error('the search was stopped'));
    }

    /** Ends the worker; searches under way are rejected. */
    dispose(): void {
        this.fail(new Error('the opponent was closed'));
    }

    private ensurePort(): OpponentPort {
        if (this.port) return this.port;
        const port = this.start();
        port.listen((answer) => this.answer(answer), (error) => {
            if (this.port === port) this.fail(error);
        });
        return (this.port = port);
    }

    private answer(answer: FromOpponent): void {
        const p = this.pending.get(answer.id);
        if (!p) return;
        if (answer.type === 'info') {
            p.onInfo?.(answer.info);
            return;
        }
        this.pending.delete(answer.id);
        if (answer.type === 'bestmove') p.resolve(answer.result);
        else p.reject(new Error(answer.message));
    }

    private fail(error: Error): void {
        const port = this.port;
        this.port = undefined;
        port?.terminate();
        const all = [...this.pending.values()];
        this.pending.clear();
        for (const p of all) p.reject(error);
    }
}
