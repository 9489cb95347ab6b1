/**
 * The opponent as a browser Web Worker (the VS Code web extension, the playground): bundled as
 * dist/play/worker.js; the page starts it with `new Worker(url)` and talks to it through
 * client.ts.
 */
import { OpponentHost } from './host.js';
import type { FromOpponent, ToOpponent } from './protocol.js';

/** The worker's global scope (this project's TypeScript has no DOM library: what is used is typed here). */
interface WorkerScope {
    addEventListener(type: 'message', listener: (event: { data: ToOpponent }) => void): void;
    postMessage(message: FromOpponent): void;
}
declare const self: WorkerScope;

const host = new OpponentHost();
self.addEventListener('message', (event) => host.handle(event.data, (answer) => self.postMessage(answer)));
