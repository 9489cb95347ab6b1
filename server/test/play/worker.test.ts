/**
 * The opponent off the caller's thread: the bundled Node worker (dist/play/worker.cjs) and the
 * bundled Web Worker (dist/play/worker.js, run here in a worker thread whose `self` speaks
 * through the thread's port), both through the one protocol and client. Needs `node esbuild.mjs`
 * (`npm test` builds first).
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { OpponentClient } from '../../src/play/client.js';
import { nodeOpponent } from '../../src/play/node-client.js';
import type { FromOpponent } from '../../src/play/protocol.js';
import { gameSpec } from '../../src/play/spec.js';
import { legalUci, positionFromFen } from '../../src/game/index.js';
import { loadGame } from '../game/games.js';

const root = join(import.meta.dirname, '../../..');
const nodeWorker = join(root, 'dist/play/worker.cjs');
const webWorker = join(root, 'dist/play/worker.js');

beforeAll(() => {
    if (!existsSync(nodeWorker) || !existsSync(webWorker)) execFileSync(process.execPath, ['esbuild.mjs'], { cwd: root });
}, 120_000);

/** The Web Worker bundle in a worker thread: `self` is the thread's port, as a page's worker scope would be. */
function webOpponent(): OpponentClient {
    const shim = `
        const { parentPort } = require('node:worker_threads');
        globalThis.self = {
            addEventListener: (type, listener) => parentPort.on('message', (data) => listener({ data })),
            postMessage: (message) => parentPort.postMessage(message)
        };
        require(${JSON.stringify(webWorker)});`;
    return new OpponentClient(() => {
        const worker = new Worker(shim, { eval: true });
        return {
            postMessage: (message) => worker.postMessage(message),
            listen(listener, failed) {
                worker.on('message', (answer: FromOpponent) => listener(answer));
                worker.on('error', failed);
            },
            terminate: () => void worker.terminate()
        };
    });
}

const clients: OpponentClient[] = [];
afterEach(() => clients.splice(0).forEach((c) => c.dispose()));

describe.each([['Node worker', () => nodeOpponent(nodeWorker)], ['Web Worker', webOpponent]] as const)('the opponent in a %s', (_, start) => {
    test('answers with the mate in one, after each depth an info; a move that is not legal is refused with its number', async () => {
        const client = start();
        clients.push(client);
        const game = gameSpec(loadGame('chess'));
        const infos: number[] = [];
        const answer = await client.bestMove({ game, start: '6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1', moves: [], depth: 3 }, (info) => infos.push(info.depth));
        expect(answer).toMatchObject({ move: 'a1a8', mate: 1 });
        expect(infos[0]).toBe(1);
        // The position after moves from a start: Black mates at once in the fool's mate.
        const fools = await client.bestMove({ game, start: loadGame('chess').model.start, moves: ['f2f3', 'e7e5', 'g2g4'], depth: 2 });
        expect(fools.move).toBe('d8h4');
        await expect(client.bestMove({ game, start: loadGame('chess').model.start, moves: ['e2e4', 'e2e4'], depth: 1 }))
            .rejects.toThrow(/move 2 after the start position: 'e2e4': there is no piece on e2/);
    }, 60_000);

    test('a search without a depth limit stops when asked, with a legal move', async () => {
        const client = start();
        clients.push(client);
        const chess = loadGame('chess');
        const answer = client.bestMove({ game: gameSpec(chess), start: chess.model.start, moves: ['e2e4'], movetime: 600_000 }, () => client.stop());
        const result = await answer;
        const pos = positionFromFen(chess, chess.model.start);
        legalUci(pos);
        expect(legalUci(positionFromFen(chess, 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1')).texts).toContain(result.move);
        expect(result.depth).toBeGreaterThanOrEqual(1);
    }, 60_000);
});

test('a game compiled from its spec (the model and the definitions it uses) plays the same moves', () => {
    const shogi = loadGame('shogi');
    const spec = gameSpec(shogi);
    expect(spec.definitions.map((d) => d.key)).toContain('tokin');
    expect(JSON.parse(JSON.stringify(spec))).toEqual(spec);
});
