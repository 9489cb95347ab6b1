/**
 * The opponent in a Node worker_threads worker: for the CLI and the language server, so that a
 * search never blocks the thread that answers the editor. `workerFile` is the bundled
 * worker-node.ts (dist/play/worker.cjs beside dist/cli.cjs and dist/server/main.cjs).
 */
import { Worker, type WorkerOptions } from 'node:worker_threads';
import { OpponentClient } from './client.js';
import type { FromOpponent } from './protocol.js';

export function nodeOpponent(workerFile: string | URL, options: WorkerOptions = {}): OpponentClient {
    return new OpponentClient(() => {
        const worker = new Worker(workerFile, options);
        return {
            postMessage: (message) => worker.postMessage(message),
            listen(listener, failed) {
                worker.on('message', (answer: FromOpponent) => listener(answer));
                worker.on('error', failed);
                worker.on('exit', (code) => failed(new Error(`the opponent's worker stopped (exit code ${code})`)));
            },
            terminate: () => void worker.terminate()
        };
    });
}
