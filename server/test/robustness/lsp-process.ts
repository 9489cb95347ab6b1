/**
 * A minimal LSP client for black-box tests: spawns the built server (`dist/server/main.cjs
 * --stdio`), speaks JSON-RPC over its pipes, answers the server's own requests the way an
 * editor does, and records what a test must judge: notifications (diagnostics, log and show
 * messages), whether the process exited, its stderr, and its resident memory.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import {
    CancellationTokenSource, createMessageConnection, ResponseError, StreamMessageReader, StreamMessageWriter, type MessageConnection
} from 'vscode-jsonrpc/node.js';

export interface Answer {
    method: string;
    /** The result, when the server answered with one (may be null). */
    result?: unknown;
    /** The JSON-RPC error the server answered with. */
    error?: { code: number; message: string };
    /** No answer within the bound. */
    timedOut?: boolean;
    /** The connection ended before an answer (the process died). */
    lost?: string;
    ms: number;
}

export interface Notification {
    method: string;
    params: unknown;
}

/** What the client answers to `workspace/applyEdit` (the server's convert command applies its edits through it). */
export type ApplyEditHandler = (params: unknown) => { applied: boolean };

export class LspProcess {
    readonly child: ChildProcess;
    readonly connection: MessageConnection;
    readonly notifications: Notification[] = [];
    /** Requests the server sent to the client, by method (count). */
    readonly serverRequests = new Map<string, number>();
    exit?: { code: number | null; signal: NodeJS.Signals | null };
    private stderrTail = '';
    applyEdit: ApplyEditHandler = () => ({ applied: false });

    constructor(serverPath: string, args: string[] = ['--stdio']) {
        this.child = spawn(process.execPath, [serverPath, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
        this.child.on('exit', (code, signal) => { this.exit = { code, signal }; });
        this.child.stderr!.setEncoding('utf8');
        this.child.stderr!.on('data', (chunk: string) => { this.stderrTail = (this.stderrTail + chunk).slice(-8000); });
        // Writing to a dead process must not crash the test runner: the exit is what the test reports.
        this.child.stdin!.on('error', () => undefined);
        this.connection = createMessageConnection(new StreamMessageReader(this.child.stdout!), new StreamMessageWriter(this.child.stdin!));
        this.connection.onNotification((method, params) => { this.notifications.push({ method, params }); });
        this.connection.onRequest((method, params) => {
            this.serverRequests.set(method, (this.serverRequests.get(method) ?? 0) + 1);
            switch (method) {
                case 'workspace/configuration':
                    return ((params as { items?: unknown[] })?.items ?? []).map(() => null);
                case 'workspace/applyEdit':
                    return this.applyEdit(params);
                case 'workspace/workspaceFolders':
                    return null;
                default:
                    // client/registerCapability, window/workDoneProgress/create, the refresh requests, ...
                    return null;
            }
        });
        this.connection.onError(() => undefined);
        this.connection.listen();
    }

    get pid(): number {
        return this.child.pid!;
    }

    get stderr(): string {
        return this.stderrTail;
    }

    get alive(): boolean {
        return this.exit === undefined;
    }

    /** Resident memory of the server process in MB (from /proc; undefined where there is none). */
    rssMb(): number | undefined {
        try {
            const status = readFileSync(`/proc/${this.pid}/status`, 'utf8');
            const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
            return kb ? Number(kb[1]) / 1024 : undefined;
        } catch {
            return undefined;
        }
    }

    notify(method: string, params: unknown): void {
        if (!this.alive) return;
        void this.connection.sendNotification(method, params).catch(() => undefined);
    }

    /**
     * Sends a request and waits at most `boundMs` for its answer. With `cancelAfterMs`, a
     * `$/cancelRequest` follows after that delay (0: at once); the server must still answer.
     */
    async request(method: string, params: unknown, boundMs: number, cancelAfterMs?: number): Promise<Answer> {
        const start = performance.now();
        const elapsed = () => Math.round(performance.now() - start);
        if (!this.alive) return { method, lost: 'the server process had exited', ms: 0 };
        const source = new CancellationTokenSource();
        let timer: NodeJS.Timeout | undefined;
        let cancelTimer: NodeJS.Timeout | undefined;
        if (cancelAfterMs !== undefined) cancelTimer = setTimeout(() => source.cancel(), cancelAfterMs);
        const answer = this.connection.sendRequest(method, params, source.token).then(
            (result): Answer => ({ method, result, ms: elapsed() }),
            (error: unknown): Answer => error instanceof ResponseError
                ? { method, error: { code: error.code, message: error.message }, ms: elapsed() }
                : { method, lost: error instanceof Error ? error.message : String(error), ms: elapsed() }
        );
        const timeout = new Promise<Answer>((resolve) => { timer = setTimeout(() => resolve({ method, timedOut: true, ms: elapsed() }), boundMs); });
        try {
            return await Promise.race([answer, timeout]);
        } finally {
            clearTimeout(timer);
            clearTimeout(cancelTimer);
            source.dispose();
        }
    }

    /** Notifications received since index `from`, of one method. */
    since(from: number, method: string): Notification[] {
        return this.notifications.slice(from).filter((n) => n.method === method);
    }

    async shutdown(): Promise<void> {
        if (this.alive) {
            await this.request('shutdown', null, 5000);
            this.notify('exit', null);
            await new Promise((resolve) => setTimeout(resolve, 200));
        }
        this.connection.dispose();
        if (this.alive) this.child.kill('SIGKILL');
    }
}

/** One client action, as recorded for replay. */
export type Action =
    | { open: { uri: string; languageId: string; text: string } }
    | { change: { uri: string; version: number; changes: { range: { start: { line: number; character: number }; end: { line: number; character: number } }; text: string }[] } }
    | { close: string }
    | { request: { method: string; params: unknown; cancelAfterMs?: number } };

/**
 * Replays recorded actions against a server, in order (requests one at a time), and returns the
 * first request that did not answer within the bound or found the process gone, if any.
 */
export async function replayActions(proc: LspProcess, actions: Action[], boundMs: number): Promise<{ index: number; answer: Answer } | undefined> {
    const pending: Promise<{ index: number; answer: Answer }>[] = [];
    for (const [index, action] of actions.entries()) {
        if ('open' in action) proc.notify('textDocument/didOpen', { textDocument: { ...action.open, version: 1 } });
        else if ('change' in action) proc.notify('textDocument/didChange', { textDocument: { uri: action.change.uri, version: action.change.version }, contentChanges: action.change.changes });
        else if ('close' in action) proc.notify('textDocument/didClose', { textDocument: { uri: action.close } });
        else if (action.request.cancelAfterMs !== undefined) {
            // Cancelled requests were sent in bursts, without waiting: so here.
            pending.push(proc.request(action.request.method, action.request.params, boundMs, action.request.cancelAfterMs).then((answer) => ({ index, answer })));
        } else {
            const answer = await proc.request(action.request.method, action.request.params, boundMs);
            if (answer.timedOut || answer.lost || !proc.alive) return { index, answer };
        }
    }
    return (await Promise.all(pending)).find(({ answer }) => answer.timedOut || answer.lost);
}
