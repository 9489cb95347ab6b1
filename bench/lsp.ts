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
import { createLcpnServices } from '../server/src/semantics/module.js';
import type { Case, Row } from './report.js';

interface Diagnostic { range: { start: { line: number } }; severity?: number }
interface PublishDiagnosticsParams { uri: string; version?: number; diagnostics: Diagnostic[] }

export interface Server {
    connection: MessageConnection;
    pid: number;
    /** Resolves with the first diagnostics published for `uri` at `version` or later. */
    diagnosed(uri: string, version: number): Promise<PublishDiagnosticsParams>;
    /** Calls `listener` with every publish for `uri` until disposed. */
    watch(uri: string, listener: (p: PublishDiagnosticsParams) => void): { dispose(): void };
    close(): Promise<void>;
}

/** Starts the bundled server over stdio (`nodeFlags` before the bundle's path, for the profiling drivers) and initializes it. */
export async function startServer(serverPath: string, root: string, nodeFlags: string[] = []): Promise<Server> {
    const child = spawn(process.execPath, [...nodeFlags, serverPath, '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
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

/**
 * Edits timed at each place (the best counts): the first after an open also pays the edit
 * path's JIT, and on a loaded machine three left the chained middle edit at the mercy of one
 * preemption; an edit costs milliseconds, so five cost nothing.
 */
const EDIT_SAMPLES = 5;

const ratio = (ms: number, full: number) => `${(ms / full).toFixed(3)} of a full rebuild`;

interface SessionGoals {
    /** Goal for an edit to new diagnostics (ms). */
    edit: number;
    /** Goal for each request after an edit (ms); `null`: the requests are timed without a goal. */
    requests?: number | null;
    /** Goal for the open (a full build, ms). */
    open?: number;
    /** Samples per request (each after a fresh edit). */
    samples?: number;
}

/**
 * Opens `text`, edits its last line EDIT_SAMPLES times and a line in the middle as often (the best
 * edit counts) and, when `requests` is set, sends each request VS Code sends after an edit:
 * every sample after a fresh edit of the middle line (its new diagnostics published), so an
 * answer cached per document version never makes a sample free. `full` is the open time (a
 * full build), which the ratios compare with.
 */
async function session(server: Server, root: string, label: string, text: string, goals: SessionGoals): Promise<Row[]> {
    const { connection } = server;
    const rows: Row[] = [];
    const uri = `${root}/generated-${label.replace(/\W+/g, '-')}.lcpn`;
    let next = server.diagnosed(uri, 1);
    const [full, first] = await timed(async () => {
        connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'lcpn', version: 1, text } });
        return next;
    });
    rows.push({ name: `${label}: open -> diagnostics`, value: full, unit: 'ms', goal: goals.open, extra: `${first.diagnostics.length} diagnostics; the full rebuild the ratios below compare with` });

    const lines = text.split('\n');
    const lineLengths = lines.map((l) => l.length);
    let version = 1;
    /** Replaces line `line` with a one-line definition and waits for its new diagnostics. */
    const edit = async (line: number, name: string): Promise<number> => {
        version++;
        const newText = `(def ${name} (/ knight (rook :${version})))`;
        next = server.diagnosed(uri, version);
        const [ms] = await timed(async () => {
            connection.sendNotification('textDocument/didChange', {
                textDocument: { uri, version },
                contentChanges: [{ range: { start: { line, character: 0 }, end: { line, character: lineLengths[line] } }, text: newText }]
            });
            return next;
        });
        lineLengths[line] = newText.length;
        return ms;
    };

    // A one-line edit: the last definition changes its movement (EDIT_SAMPLES times; the best counts).
    const lastLine = lines.length - 2;
    const edits: number[] = [];
    for (let i = 0; i < EDIT_SAMPLES; i++) edits.push(await edit(lastLine, 'edited-piece'));
    const best = Math.min(...edits);
    rows.push({ name: `${label}: one-line edit -> new diagnostics`, value: best, unit: 'ms', goal: goals.edit, extra: `${ratio(best, full)}; best of ${edits.map((e) => e.toFixed(0)).join(', ')}` });

    // The same in the middle of the file: every later line moves (the incremental update shifts them).
    const middleLine = Math.floor(lastLine / 2);
    const middleEdits: number[] = [];
    for (let i = 0; i < EDIT_SAMPLES; i++) middleEdits.push(await edit(middleLine, 'edited-middle'));
    const middle = Math.min(...middleEdits);
    rows.push({ name: `${label}: one-line edit in the middle -> new diagnostics`, value: middle, unit: 'ms', goal: goals.edit, extra: `${ratio(middle, full)}; best of ${middleEdits.map((e) => e.toFixed(0)).join(', ')}` });

    if (goals.requests !== undefined) {
        const textDocument = { uri };
        const lineRange = () => ({ start: { line: middleLine, character: 0 }, end: { line: middleLine, character: lineLengths[middleLine] } });
        const requests: [string, string, () => object][] = [
            ['semantic tokens', 'textDocument/semanticTokens/full', () => ({ textDocument })],
            ['document symbols', 'textDocument/documentSymbol', () => ({ textDocument })],
            ['folding ranges', 'textDocument/foldingRange', () => ({ textDocument })],
            ['code actions', 'textDocument/codeAction', () => ({ textDocument, range: lineRange(), context: { diagnostics: [] } })],
            ['hover with diagrams', 'textDocument/hover', () => ({ textDocument, position: { line: middleLine, character: 6 } })]
        ];
        // The server advertises semantic tokens deltas, so after the first answer VS Code asks for
        // `full/delta` with the last answer's resultId (vscode-languageclient's hasEditProvider):
        // that is the goal row; the whole answer is timed too, without a goal.
        let resultId: string | undefined;
        const keepResultId = (answer: unknown) => {
            resultId = (answer as { resultId?: string } | null)?.resultId;
            return answer;
        };
        const deltaParams = () => ({ textDocument, previousResultId: resultId ?? '' });
        const semanticTokens = requests[0];
        requests[0] = ['semantic tokens', 'textDocument/semanticTokens/full/delta', deltaParams];
        requests.push(['semantic tokens (whole answer)', semanticTokens[1], semanticTokens[2]]);
        const samples = goals.samples ?? 3;
        // VS Code sends each of these once the file is open: what a provider keeps from that answer is warm before the first edit.
        for (const [, method, params] of requests) {
            if (method.endsWith('/delta')) continue;
            const answer = await connection.sendRequest(method, params());
            if (method === semanticTokens[1]) keepResultId(answer);
        }
        for (const [name, method, params] of requests) {
            const times: number[] = [];
            for (let i = 0; i < samples; i++) {
                await edit(middleLine, 'edited-middle');
                // Each sample's params are made before the clock starts (the delta's previousResultId is the last answer's).
                const sent = params();
                times.push((await timed(async () => keepResultId(await connection.sendRequest(method, sent))))[0]);
            }
            const ms = Math.min(...times);
            const goal = name.endsWith('(whole answer)') ? undefined : goals.requests ?? undefined;
            rows.push({ name: `${label}: ${name} after an edit`, value: ms, unit: 'ms', goal, extra: `${ratio(ms, full)}; ${samples === 1 ? 'one sample' : `best of ${times.map((t) => t.toFixed(1)).join(', ')}`}, each after a fresh edit in the middle${method.endsWith('/delta') ? '; full/delta from the last answer, as VS Code asks' : ''}` });
        }
    } else {
        const [ms] = await timed(() => connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: lastLine, character: 6 } }));
        rows.push({ name: `${label}: hover with diagrams`, value: ms, unit: 'ms', extra: ratio(ms, full) });
    }
    rows.push({ name: `${label}: server resident memory`, value: residentMegabytes(server.pid), unit: 'MB' });
    connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
    return rows;
}

/**
 * The parts of the bench that drive the bundled server. The sessions share one server process
 * (started by the first that runs, as an editor keeps one), closed by `close`.
 */
export function lspCases(serverPath: string): { cases: Case[]; close(): Promise<void> } {
    const root = pathToFileURL(resolve('bench')).toString();
    let started: Promise<Server> | undefined;
    const server = () => (started ??= startServer(serverPath, root));
    return {
        cases: [
            { name: 'spawn', run: async () => [await spawnToDiagnostics(serverPath, root)] },
            { name: 'check examples', run: async () => [checkExamples(join(serverPath, '..', '..', 'cli.cjs'))] },
            { name: 'lsp 100 KB', run: async () => session(await server(), root, '100 KB', generateBytes(100_000, 'small'), { edit: 15, requests: 20 }) },
            // At 1 MB the requests have no goal of their own ("sensible at 1 MB"): one sample each.
            { name: 'lsp 1 MB', run: async () => session(await server(), root, '1 MB', generateBytes(1_000_000, 'big'), { edit: 50, open: 2000, requests: null, samples: 1 }) },
            { name: 'lsp chained 100 KB', run: async () => session(await server(), root, 'chained 100 KB', generateChainedBytes(100_000), { edit: 15 }) },
            { name: 'lsp syntax errors 1 MB', run: async () => syntaxErrorsFirst(await server(), root) }
        ],
        async close() {
            if (started) await (await started).close();
        }
    };
}

/** Milliseconds to parse `text` in this process (after a parse of a tenth of it: the parser's JIT and lookahead). */
function parseTime(text: string): number {
    const parser = createLcpnServices().Lcpn.parser.LangiumParser;
    parser.parse(text.slice(0, text.indexOf('\n', text.length / 10) + 1));
    const start = performance.now();
    parser.parse(text);
    const ms = performance.now() - start;
    parser.parse('');
    return ms;
}

/**
 * A 1 MB file whose last two definitions are an unclosed bracket and an unknown piece: the
 * syntax error is published as soon as the file is parsed, the full list (two) once validated.
 * "As soon as parsed" is read as: within 1.25 times the time this process takes to parse the
 * same text (measured here, in the same run).
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
    const parseMs = parseTime(text);
    const goal = Math.round(parseMs * 1.25);
    return [
        { name: '1 MB with a syntax error: open -> syntax errors published', value: firstMs, unit: 'ms', goal, goalText: `as soon as parsed: <= 1.25x the parse, ${goal} ms`, extra: `${firstCount} diagnostic${firstCount === 1 ? '' : 's'}; ${(firstMs / fullMs).toFixed(2)} of the full diagnostics' time; parse in process ${parseMs.toFixed(0)} ms, ${(firstMs / parseMs).toFixed(2)}x` },
        { name: '1 MB with a syntax error: open -> full diagnostics', value: fullMs, unit: 'ms', goal: 2000, extra: `${publishes.length} publishes` }
    ];
}

/** CPU time (user + system, ms) a live process has used so far; 10 ms resolution. */
export function processCpuMs(pid: number): number {
    // /proc/PID/stat: fields after the command's closing parenthesis; utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** CPU time (ms) of this process's children that have exited and been waited for. */
function childrenCpuMs(): number {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[13]) + Number(fields[14])) * 10;
}

/** "cpu N ms": the least CPU time of the runs, which load on a shared machine barely changes (wall time doubles). */
const cpuNote = (cpu: number[]) => (cpu.every((c) => Number.isFinite(c)) ? `; cpu ${Math.min(...cpu)} ms` : '');

/** A fresh server process to the first diagnostics of a 1 KB file (best of three). */
async function spawnToDiagnostics(serverPath: string, root: string): Promise<Row> {
    const text = generateBytes(1_000, 'tiny');
    const times: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < 3; i++) {
        const uri = `${root}/spawn-${i}.lcpn`;
        const start = performance.now();
        const server = await startServer(serverPath, root);
        const diagnosed = server.diagnosed(uri, 1);
        server.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'lcpn', version: 1, text } });
        await diagnosed;
        times.push(performance.now() - start);
        try { cpu.push(processCpuMs(server.pid)); } catch { cpu.push(NaN); }
        await server.close();
    }
    return { name: 'spawn -> first diagnostics of a 1 KB file', goal: 350, value: Math.min(...times), unit: 'ms', extra: `best of ${times.map((t) => t.toFixed(0)).join(', ')}${cpuNote(cpu)}` };
}

/** `lcpn check examples/` as a user runs it (best of three). */
function checkExamples(cliPath: string): Row {
    const times: number[] = [];
    const cpu: number[] = [];
    let status: number | null = null;
    for (let i = 0; i < 3; i++) {
        let before = NaN;
        try { before = childrenCpuMs(); } catch { /* no /proc */ }
        const start = performance.now();
        status = spawnSync(process.execPath, [cliPath, 'check', 'examples/'], { stdio: 'ignore' }).status;
        times.push(performance.now() - start);
        try { cpu.push(childrenCpuMs() - before); } catch { cpu.push(NaN); }
    }
    return { name: 'lcpn check examples/', goal: 400, value: Math.min(...times), unit: 'ms', extra: `exit ${status}; best of ${times.map((t) => t.toFixed(0)).join(', ')}${cpuNote(cpu)}` };
}

function residentMegabytes(pid: number): number {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return kb / 1024;
}
