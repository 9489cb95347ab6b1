/**
 * The language server's browser entry point: the same services as server/src/main.ts, run in
 * a web worker (the VS Code web extension and the playground start it). The connection
 * speaks LSP over the worker's postMessage; files are read through the client
 * (client-file-system.ts: a browser has no disk), and the prelude is the text bundled in
 * the server, named by the client's `initializationOptions.preludeUri` or else the virtual
 * `lcpn-prelude:/standard.lcpn` (see prelude-file.ts, which esbuild puts in place of the
 * node module that writes a read-only copy to the user's cache directory).
 */
import { BrowserMessageReader, BrowserMessageWriter, createConnection } from 'vscode-languageserver/browser';
import { createLcpnServices } from '../semantics/module.js';
import { startLcpnLanguageServer } from '../lsp/language-server.js';
import { ClientFileSystemProvider } from './client-file-system.js';

/** The worker's global scope (this project's TypeScript has no DOM library: what is used is typed here). */
interface WorkerScope {
    addEventListener(type: 'unhandledrejection', listener: (event: { reason: unknown; preventDefault(): void }) => void): void;
}
declare const self: WorkerScope;
/** The worker's MessageChannel (Node's typings describe worker_threads' ports, which have no `onmessage`). */
declare const MessageChannel: new () => { port1: { onmessage: (() => void) | null }; port2: { postMessage(message: undefined): void } };
type Port = ConstructorParameters<typeof BrowserMessageReader>[0];

// Node's setImmediate, which shared server code uses to yield to pending messages: in a worker,
// a macrotask through a MessageChannel (setTimeout is clamped to 4 ms when nested).
if (typeof globalThis.setImmediate !== 'function') {
    const channel = new MessageChannel();
    const queue: (() => void)[] = [];
    channel.port1.onmessage = () => queue.shift()?.();
    (globalThis as { setImmediate: unknown }).setImmediate = (callback: (...args: unknown[]) => void, ...args: unknown[]) => {
        queue.push(() => callback(...args));
        channel.port2.postMessage(undefined);
    };
}

const reader = new BrowserMessageReader(self as unknown as Port);
const writer = new BrowserMessageWriter(self as unknown as Port);
const connection = createConnection(reader, writer);
// As in the node server, nothing that escapes a handler ends the worker.
self.addEventListener('unhandledrejection', (event) => {
    event.preventDefault();
    console.error('LCPN: an operation failed; the server goes on.', event.reason instanceof Error ? event.reason.stack ?? event.reason.message : event.reason);
});
const { shared } = createLcpnServices({ connection, fileSystemProvider: () => new ClientFileSystemProvider(connection) });
startLcpnLanguageServer(shared);
