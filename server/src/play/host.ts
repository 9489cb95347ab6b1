/**
 * The worker's side of the protocol (protocol.ts), shared by the Node and the browser entries:
 * compiles each game once (the last few kept, with their opponents' transposition tables), sets
 * up the position and answers with the best move.
 */
import { playUci, positionFromFen } from '../game/index.js';
import { Opponent } from './opponent.js';
import type { FromOpponent, ToOpponent } from './protocol.js';
import { gameOf } from './spec.js';

/** Games kept compiled at once. */
const KEPT = 4;

export class OpponentHost {
    private readonly opponents = new Map<string, Opponent>();

    handle(message: ToOpponent, post: (answer: FromOpponent) => void): void {
        const id = message.id;
        try {
            const opponent = this.opponentFor(message);
            const pos = positionFromFen(opponent.game, message.start);
            message.moves.forEach((uci, n) => {
                try {
                    playUci(pos, uci);
                } catch (error) {
                    throw new Error(`move ${n + 1} after the start position: ${(error as Error).message}`);
                }
            });
            const stop = message.stop;
            const result = opponent.bestMove(pos, {
                ...(message.movetime !== undefined ? { movetime: message.movetime } : {}),
                ...(message.depth !== undefined ? { depth: message.depth } : {}),
                ...(stop ? { signal: { get aborted() { return Atomics.load(stop, 0) === 1; } } } : {}),
                onInfo: (info) => post({ type: 'info', id, info })
            });
            post({ type: 'bestmove', id, result });
        } catch (error) {
            post({ type: 'error', id, message: error instanceof Error ? error.message : String(error) });
        }
    }

    private opponentFor(message: ToOpponent): Opponent {
        const key = JSON.stringify(message.game);
        let opponent = this.opponents.get(key);
        if (opponent) {
            this.opponents.delete(key);
        } else {
            opponent = new Opponent(gameOf(message.game));
            if (this.opponents.size >= KEPT) this.opponents.delete(this.opponents.keys().next().value!);
        }
        this.opponents.set(key, opponent);
        return opponent;
    }
}
