/**
 * The language server as an editor sees it: the bundled server started over stdio, files of
 * 100 KB and 1 MB opened and edited, the requests VS Code sends after each edit, and the
 * latencies a user feels measured from the client side. Also: spawn to first diagnostics of a
 * small file, and `lcpn check examples/` (a process each).
 *
 * Every figure an issue sets a goal for is printed on a row starting with GOAL, with its goal
 * and its ratio to a full rebuild of the same file in the same run (opening it).
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node.js';
import { generateBytes, generateChainedBytes } from './generate.js';
import type { Row } from './report.js';

interface Diagnostic { range: { start: { line: number } }; severity?: number }
interface PublishDiagnosticsParams { uri: string; version?: number; diagnostics: Diagnostic[] }

interface Server {
    connection: MessageConnection;
    pid: number;
    /** Resolves with the first diagnostics published for `uri` at `version` or later. */
    diagnosed(uri: string, version: number): Promise<PublishDiagnosticsParams>;
    /** Calls `listener` with every publish for `uri` until disposed. */
    watch(uri: string, listener: (p: PublishDiagnosticsParams) => void): { dispose(): void };
    close(): Promise<void>;
}

async function startServer(serverPath: string, root: string): Promise<Server> {
    const child = spawn(process.execPath, [serverPath, '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
    child.stdin!.on('error', () => undefined); // a reply racing the server's exit
    const connection = createMessageConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
    const waiting = new Map<string, (p: PublishDiagnosticsParams) => void>();
    connection.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => waiting.get(p.uri)?.(p));
    connection.onRequest(() => null); // workspace/configuration and the like
    connection.listen();
    await connection.sendRequest('initialize', { processId: process.pid, rootUri: root, capabilities: {}, workspaceFolders: null });
    connection.sendNotification('initialized', {});
    return {
        connection,
        pid: child.pid!,
        diagnosed: (uri, version) => new Promise((done) => waiting.set(uri, (p) => { if (p.version === undefined || p.version >= version) done(p); })),
        watch(uri, listener) {
            waiting.set(uri, listener);
            return { dispose: () => waiting.delete(uri) };
        },
        async close() {
            const exited = new Promise((done) => child.once('exit', done));
            try {
                await connection.sendRequest('shutdown');
                await connection.sendNotification('exit');
                await Promise.race([exited, new Promise((done) => setTimeout(done, 2_000))]);
            } finally {
                connection.dispose();
                child.kill();
            }
        }
    };
}

async function timed<T>(work: () => Promise<T>): Promise<[number, T]> {
    const start = performance.now();
    const result = await work();
    return [performance.now() - start, result];
}

const ratio = (ms: number, full: number) => `${(ms / full).toFixed(3)} of a full rebuild`;

/**
 * Opens `text`, edits its last line three times (the best edit counts) and, when `requests`,
 * sends what VS Code sends after an edit. `full` is the open time (a full build).
 */
async function session(server: Server, root: string, label: string, text: string, goals: { edit: number; requests?: number; open?: number }): Promise<Row[]> {
    const { connection } = server;
    const rows: Row[] = [];
    const uri = `${root}/generated-${label.replace(/\W+/g, '-')}.lcpn`;
    let next = server.diagnosed(uri, 1);
    const [full, first] = await timed(async () => {
        connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'lcpn', version: 1, text } });
        return next;
    });
    rows.push({ name: `${goals.open ? 'GOAL ' : ''}${label}: open -> diagnostics${goals.open ? ` (goal <= ${goals.open} ms)` : ''}`, value: full, unit: 'ms', extra: `${first.diagnostics.length} diagnostics; the full rebuild the ratios below compare with` });

    // A one-line edit: the last definition changes its movement (three times; the best counts).
    const lines = text.split('\n');
    const lastLine = lines.length - 2;
    const edits: number[] = [];
    let lineLength = lines[lastLine].length;
    for (let version = 2; version <= 4; version++) {
        const newText = `(def edited-piece (/ knight (rook :${version})))`;
        next = server.diagnosed(uri, version);
        const [ms] = await timed(async () => {
            connection.sendNotification('textDocument/didChange', {
                textDocument: { uri, version },
                contentChanges: [{ range: { start: { line: lastLine, character: 0 }, end: { line: lastLine, character: lineLength } }, text: newText }]
            });
            return next;
        });
        edits.push(ms);
        lineLength = newText.length;
    }
    const edit = Math.min(...edits);
    rows.push({ name: `GOAL ${label}: one-line edit -> new diagnostics (goal <= ${goals.edit} ms)`, value: edit, unit: 'ms', extra: `${ratio(edit, full)}; best of ${edits.map((e) => e.toFixed(0)).join(', ')}` });

    // The same in the middle of the file: every later line moves (the incremental update shifts them).
    const middleLine = Math.floor(lastLine / 2);
    const middleEdits: number[] = [];
    let middleLength = lines[middleLine].length;
    for (let version = 5; version <= 7; version++) {
        const newText = `(def edited-middle (/ knight (rook :${version})))`;
        next = server.diagnosed(uri, version);
        const [ms] = await timed(async () => {
            connection.sendNotification('textDocument/didChange', {
                textDocument: { uri, version },
                contentChanges: [{ range: { start: { line: middleLine, character: 0 }, end: { line: middleLine, character: middleLength } }, text: newText }]
            });
            return next;
        });
        middleEdits.push(ms);
        middleLength = newText.length;
    }
    const middle = Math.min(...middleEdits);
    rows.push({ name: `GOAL ${label}: one-line edit in the middle -> new diagnostics (goal <= ${goals.edit} ms)`, value: middle, unit: 'ms', extra: `${ratio(middle, full)}; best of ${middleEdits.map((e) => e.toFixed(0)).join(', ')}` });

    if (goals.requests) {
        const textDocument = { uri };
        const lineRange = { start: { line: lastLine, character: 0 }, end: { line: lastLine, character: lineLength } };
        const requests: [string, string, object][] = [
            ['semantic tokens', 'textDocument/semanticTokens/full', { textDocument }],
            ['document symbols', 'textDocument/documentSymbol', { textDocument }],
            ['folding ranges', 'textDocument/foldingRange', { textDocument }],
            ['code actions', 'textDocument/codeAction', { textDocument, range: lineRange, context: { diagnostics: [] } }],
            ['hover with diagrams', 'textDocument/hover', { textDocument, position: { line: lastLine, character: 6 } }]
        ];
        for (const [name, method, params] of requests) {
            const times: number[] = [];
            for (let i = 0; i < 3; i++) times.push((await timed(() => connection.sendRequest(method, params)))[0]);
            const ms = Math.min(...times);
            rows.push({ name: `GOAL ${label}: ${name} after an edit (goal <= ${goals.requests} ms)`, value: ms, unit: 'ms', extra: `${ratio(ms, full)}; best of 3` });
        }
    } else {
        const [ms] = await timed(() => connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: lastLine, character: 6 } }));
        rows.push({ name: `${label}: hover with diagrams`, value: ms, unit: 'ms', extra: ratio(ms, full) });
    }
    rows.push({ name: `${label}: server resident memory`, value: residentMegabytes(server.pid), unit: 'MB' });
    connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
    return rows;
}

export async function lspBenchmarks(serverPath: string): Promise<Row[]> {
    const root = pathToFileURL(resolve('bench')).toString();
    const rows: Row[] = [];
    rows.push(await spawnToDiagnostics(serverPath, root));
    rows.push(checkExamples(join(serverPath, '..', '..', 'cli.cjs')));
    const server = await startServer(serverPath, root);
    try {
        rows.push(...await session(server, root, '100 KB', generateBytes(100_000, 'small'), { edit: 15, requests: 20 }));
        rows.push(...await session(server, root, '1 MB', generateBytes(1_000_000, 'big'), { edit: 50, open: 2000 }));
        rows.push(...await session(server, root, 'chained 100 KB', generateChainedBytes(100_000), { edit: 15 }));
        rows.push(...await syntaxErrorsFirst(server, root));
    } finally {
        await server.close();
    }
    return rows;
}

/**
 * A 1 MB file whose last two definitions are an unclosed bracket and an unknown piece: the
 * syntax error is published as soon as the file is parsed, the full list (two) once validated.
 */
async function syntaxErrorsFirst(server: Server, root: string): Promise<Row[]> {
    const uri = `${root}/generated-broken-1MB.lcpn`;
    const text = `${generateBytes(1_000_000, 'broken')}(def unclosed (/ wazir ferz\nlater := nosuchpiece / wazir\n`;
    const publishes: [number, number][] = [];
    let full: () => void = () => undefined;
    const validated = new Promise<void>((done) => (full = done));
    const start = performance.now();
    const watching = server.watch(uri, (p) => {
        publishes.push([performance.now() - start, p.diagnostics.length]);
        if (p.diagnostics.length >= 2) full();
    });
    server.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'lcpn', version: 1, text } });
    await validated;
    watching.dispose();
    server.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
    const [firstMs, firstCount] = publishes[0];
    const fullMs = publishes[publishes.length - 1][0];
    return [
        { name: 'GOAL 1 MB with a syntax error: open -> syntax errors published', value: firstMs, unit: 'ms', extra: `${firstCount} diagnostic${firstCount === 1 ? '' : 's'}; ${(firstMs / fullMs).toFixed(2)} of the full diagnostics' time` },
        { name: 'GOAL 1 MB with a syntax error: open -> full diagnostics (goal <= 2000 ms)', value: fullMs, unit: 'ms', extra: `${publishes.length} publishes` }
    ];
}

/** A fresh server process to the first diagnostics of a 1 KB file (best of three). */
async function spawnToDiagnostics(serverPath: string, root: string): Promise<Row> {
    const text = generateBytes(1_000, 'tiny');
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
        const uri = `${root}/spawn-${i}.lcpn`;
        const start = performance.now();
        const server = await startServer(serverPath, root);
        const diagnosed = server.diagnosed(uri, 1);
        server.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'lcpn', version: 1, text } });
        await diagnosed;
        times.push(performance.now() - start);
        await server.close();
    }
    return { name: 'GOAL spawn -> first diagnostics of a 1 KB file (goal <= 350 ms)', value: Math.min(...times), unit: 'ms', extra: `best of ${times.map((t) => t.toFixed(0)).join(', ')}` };
}

/** `lcpn check examples/` as a user runs it (best of three). */
function checkExamples(cliPath: string): Row {
    const times: number[] = [];
    let status: number | null = null;
    for (let i = 0; i < 3; i++) {
        const start = performance.now();
        status = spawnSync(process.execPath, [cliPath, 'check', 'examples/'], { stdio: 'ignore' }).status;
        times.push(performance.now() - start);
    }
    return { name: 'GOAL lcpn check examples/ (goal <= 400 ms)', value: Math.min(...times), unit: 'ms', extra: `exit ${status}; best of ${times.map((t) => t.toFixed(0)).join(', ')}` };
}

function residentMegabytes(pid: number): number {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return kb / 1024;
}
