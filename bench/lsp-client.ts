/**
 * A language server bundle started over stdio and driven like an editor drives it (the
 * differential run and the bench): initialize, open/change/close, requests with a time limit,
 * and every `publishDiagnostics` kept per URI.
 */
import { spawn } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { createMessageConnection, ResponseError, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node.js';

export interface Publish {
    uri: string;
    version?: number;
    diagnostics: unknown[];
}

/** A request's outcome: its result, or the error the server answered (or a time-out). */
export type Answer = { result: unknown } | { error: { code?: number; message: string } };

export interface LspClient {
    connection: MessageConnection;
    pid: number;
    initializeResult: unknown;
    /** Every publish for `uri` since it was last opened, in order. */
    publishes(uri: string): Publish[];
    /** Resolves with the first publish for `uri` (already received or to come) that `accept`s. */
    published(uri: string, accept?: (p: Publish) => boolean, timeoutMs?: number): Promise<Publish>;
    request(method: string, params: unknown, timeoutMs?: number): Promise<Answer>;
    open(uri: string, text: string, version?: number): void;
    change(uri: string, version: number, contentChanges: unknown[]): void;
    close(uri: string): void;
    /** The server's heap once its garbage is collected (a process started with `heapProbe`). */
    heapUsed(): Promise<number>;
    /** Whether the process has exited (a crash), and how. */
    exited(): string | undefined;
    stderr(): string;
    stop(): Promise<void>;
}

export interface StartOptions {
    /** A workspace folder (path) the server loads, as an editor with that folder open. */
    folder?: string;
    /** Node options before the bundle's path. */
    nodeFlags?: string[];
    /** Client capabilities sent in `initialize`. */
    capabilities?: object;
    /** The bench's heap probe bundle (heap-probe.ts), loaded into the server with --expose-gc. */
    heapProbe?: string;
}

/** Starts `node <serverBundle> --stdio` and initializes it. */
export async function startLspClient(serverBundle: string, options: StartOptions = {}): Promise<LspClient> {
    const probe = options.heapProbe ? ['--expose-gc', '--require', options.heapProbe] : [];
    const child = spawn(process.execPath, [...(options.nodeFlags ?? []), ...probe, serverBundle, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
    child.stdin!.on('error', () => undefined); // a message racing the server's exit
    let stderr = '';
    const stderrWaiters = new Set<() => void>();
    child.stderr!.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        for (const wake of [...stderrWaiters]) wake();
    });
    let exit: string | undefined;
    child.on('exit', (code, signal) => { exit = `exit code ${code}${signal ? `, signal ${signal}` : ''}`; });
    const connection = createMessageConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
    const publishes = new Map<string, Publish[]>();
    const waiters = new Set<() => void>();
    connection.onNotification('textDocument/publishDiagnostics', (p: Publish) => {
        const list = publishes.get(p.uri) ?? [];
        list.push(p);
        publishes.set(p.uri, list);
        for (const wake of [...waiters]) wake();
    });
    // workspace/configuration: no settings (each item null); registrations: accepted.
    connection.onRequest('workspace/configuration', (params: { items: unknown[] }) => params.items.map(() => null));
    connection.onRequest(() => null);
    connection.listen();
    const folderUri = options.folder ? pathToFileURL(options.folder).toString() : null;
    const initializeResult = await connection.sendRequest('initialize', {
        processId: process.pid,
        rootUri: folderUri,
        capabilities: options.capabilities ?? {},
        workspaceFolders: folderUri ? [{ uri: folderUri, name: 'workspace' }] : null
    });
    await connection.sendNotification('initialized', {});
    return {
        connection,
        pid: child.pid!,
        initializeResult,
        publishes: (uri) => publishes.get(uri) ?? [],
        published(uri, accept = () => true, timeoutMs = 60_000) {
            return new Promise((resolve, reject) => {
                const timer = setTimeout(() => {
                    waiters.delete(check);
                    reject(new Error(`no diagnostics for ${uri} within ${timeoutMs} ms${exit ? ` (server: ${exit})` : ''}`));
                }, timeoutMs);
                const check = () => {
                    const found = (publishes.get(uri) ?? []).find(accept);
                    if (!found) return;
                    waiters.delete(check);
                    clearTimeout(timer);
                    resolve(found);
                };
                waiters.add(check);
                check();
            });
        },
        async request(method, params, timeoutMs = 60_000) {
            let timer: NodeJS.Timeout | undefined;
            const timeout = new Promise<Answer>((resolve) => {
                timer = setTimeout(() => resolve({ error: { message: `no answer within ${timeoutMs} ms` } }), timeoutMs);
            });
            const answer = connection.sendRequest(method, params).then(
                (result): Answer => ({ result: result ?? null }),
                (error: unknown): Answer => ({ error: error instanceof ResponseError ? { code: error.code, message: error.message } : { message: String(error) } })
            );
            try {
                return await Promise.race([answer, timeout]);
            } finally {
                clearTimeout(timer);
            }
        },
        open(uri, text, version = 1) {
            publishes.delete(uri);
            void connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'lcpn', version, text } });
        },
        change(uri, version, contentChanges) {
            void connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges });
        },
        close(uri) {
            void connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
        },
        heapUsed() {
            const from = stderr.length;
            return new Promise((resolve, reject) => {
                const check = () => {
                    const match = /lcpn-bench-heap (\d+|failed.*)\n/.exec(stderr.slice(from));
                    if (!match) return;
                    stderrWaiters.delete(check);
                    if (match[1].startsWith('failed')) reject(new Error(match[1]));
                    else resolve(Number(match[1]));
                };
                stderrWaiters.add(check);
                child.kill('SIGUSR2');
            });
        },
        exited: () => exit,
        stderr: () => stderr,
        async stop() {
            if (!exit) {
                const exited = new Promise((resolve) => child.once('exit', resolve));
                await Promise.race([connection.sendRequest('shutdown').catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 2_000))]);
                void connection.sendNotification('exit').catch(() => undefined);
                await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 2_000))]);
                if (!exit) child.kill();
            }
            connection.dispose();
        }
    };
}
