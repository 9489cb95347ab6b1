/**
 * The language server in a web worker, and a JSON-RPC connection to it (vscode-jsonrpc).
 * The worker's code is bundled into the page as text and started from a Blob URL, so the
 * playground also runs from file://, where a page may not start a worker from a file.
 */
import { BrowserMessageReader, BrowserMessageWriter, createMessageConnection, type MessageConnection } from 'vscode-jsonrpc/browser.js';
import workerSource from 'lcpn-worker-source';

export function startServer(): { connection: MessageConnection; worker: Worker } {
    const url = URL.createObjectURL(new Blob([workerSource], { type: 'text/javascript' }));
    const worker = new Worker(url, { name: 'lcpn-language-server' });
    const connection = createMessageConnection(new BrowserMessageReader(worker), new BrowserMessageWriter(worker));
    connection.listen();
    return { connection, worker };
}
