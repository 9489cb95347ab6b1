/**
 * The opponent as a Node worker_threads worker (for the CLI and the language server): bundled as
 * dist/play/worker.cjs; node-client.ts starts it.
 */
import { parentPort } from 'node:worker_threads';
import { OpponentHost } from './host.js';
import type { ToOpponent } from './protocol.js';

const host = new OpponentHost();
parentPort!.on('message', (message: ToOpponent) => host.handle(message, (answer) => parentPort!.postMessage(answer)));
