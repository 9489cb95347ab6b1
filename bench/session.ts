/**
 * A language server timed as a user feels it, from the client's side over stdio: open a file,
 * edit it, ask what an editor asks after an edit. The same steps for lcpn's server and for the
 * peer (stock Langium), so each figure has its peer's beside it.
 *
 * An edit types one character after a use of a name the file defines (the use no longer
 * resolves: one more diagnostic) and the next edit deletes it again; "edit -> diagnostics" is
 * the time from the change to the diagnostics published for it. Requests are sent after the
 * second edit of each sample (the text as generated, its diagnostics published), so an answer
 * remembered for an earlier version is never free. Each figure is the best of its samples
 * (the cost; on a shared machine the slower ones measure the other processes), the median in
 * the note.
 */
import { readFileSync } from 'node:fs';
import type { Catalogue } from './catalogue.js';
import { startLspClient, type LspClient, type Publish } from './lsp-client.js';

export interface Timings {
    /** Best and median of the samples, ms. */
    best: number;
    median: number;
}

export interface SessionResult {
    open: number;
    diagnostics: { errors: number; others: number };
    edit: Timings;
    /** Whether every edit's diagnostics changed as expected (one more, then as before). */
    editsSeen: boolean;
    /** Per request the server offers. */
    requests: Map<string, Timings>;
}

interface RequestSpec {
    name: string;
    method: string;
    /** The server capability that offers it; a server without it is not asked (stock Langium has no semantic tokens, formatter, code actions or diagram). */
    capability: string;
    params: (uri: string, use: Catalogue['use']) => unknown;
}

const doc = (uri: string) => ({ textDocument: { uri } });

/** What an editor asks after an edit (VS Code: semantic tokens, outline, folding, code actions at the cursor; the user: hover, completion, navigation, format, the diagram). */
export const REQUESTS: RequestSpec[] = [
    { name: 'hover', method: 'textDocument/hover', capability: 'hoverProvider', params: (uri, use) => ({ ...doc(uri), position: use.start }) },
    { name: 'completion', method: 'textDocument/completion', capability: 'completionProvider', params: (uri, use) => ({ ...doc(uri), position: use.end, context: { triggerKind: 1 } }) },
    { name: 'semantic tokens', method: 'textDocument/semanticTokens/full', capability: 'semanticTokensProvider', params: (uri) => doc(uri) },
    { name: 'outline', method: 'textDocument/documentSymbol', capability: 'documentSymbolProvider', params: (uri) => doc(uri) },
    { name: 'folding', method: 'textDocument/foldingRange', capability: 'foldingRangeProvider', params: (uri) => doc(uri) },
    { name: 'code actions', method: 'textDocument/codeAction', capability: 'codeActionProvider', params: (uri, use) => ({ ...doc(uri), range: { start: use.start, end: use.end }, context: { diagnostics: [] } }) },
    { name: 'definition', method: 'textDocument/definition', capability: 'definitionProvider', params: (uri, use) => ({ ...doc(uri), position: use.start }) },
    { name: 'references', method: 'textDocument/references', capability: 'referencesProvider', params: (uri, use) => ({ ...doc(uri), position: use.start, context: { includeDeclaration: true } }) },
    { name: 'format', method: 'textDocument/formatting', capability: 'documentFormattingProvider', params: (uri) => ({ ...doc(uri), options: { tabSize: 4, insertSpaces: true } }) },
    // lcpn's own request: lcpn's server serves it with hover (its diagrams are the hover's).
    { name: 'diagram', method: 'lcpn/pieceDiagram', capability: 'lcpn', params: (uri, use) => ({ uri, position: use.start }) }
];

/** Whether the server offers a request (its `initialize` answer; `lcpn`: lcpn's own server, which offers semantic tokens). */
function offers(client: LspClient, request: RequestSpec): boolean {
    const capabilities = (client.initializeResult as { capabilities: Record<string, unknown> }).capabilities;
    return Boolean(request.capability === 'lcpn' ? capabilities.semanticTokensProvider : capabilities[request.capability]);
}

/** Best and median; NaN when a sample failed. */
export function timings(samples: number[]): Timings {
    if (samples.some((s) => Number.isNaN(s))) return { best: NaN, median: NaN };
    const sorted = [...samples].sort((a, b) => a - b);
    return { best: sorted[0], median: sorted[Math.floor((sorted.length - 1) / 2)] };
}

function counts(p: Publish): { errors: number; others: number } {
    const errors = (p.diagnostics as { severity?: number }[]).filter((d) => d.severity === 1).length;
    return { errors, others: p.diagnostics.length - errors };
}

/** Sends a notification and times it to the next diagnostics published for `uri`. */
async function untilPublished(client: LspClient, uri: string, send: () => void): Promise<[number, Publish]> {
    const before = client.publishes(uri).length;
    const start = performance.now();
    send();
    const publish = await client.published(uri, (p) => client.publishes(uri).indexOf(p) >= before, 600_000);
    return [performance.now() - start, publish];
}

/** Opens `text` as `uri` and times it to its first diagnostics (a full build). */
export async function timeOpen(client: LspClient, uri: string, text: string): Promise<[number, Publish]> {
    return untilPublished(client, uri, () => client.open(uri, text));
}

export interface SessionOptions {
    samples: number;
    /** Requests to time; none: edits only. */
    requests: RequestSpec[];
    /** Opens before the measured one (each a file of its own, closed again): the best open counts. */
    opens?: number;
}

/** One server, one file: the open, `samples` pairs of edits, the requests after each pair. */
export async function runSession(server: string, file: Catalogue, label: string, options: SessionOptions): Promise<SessionResult> {
    const client = await startLspClient(server);
    try {
        const opens: number[] = [];
        for (let i = 1; i < (options.opens ?? 1); i++) {
            const uri = `file:///bench/${label}-open-${i}.lcpn`;
            opens.push((await timeOpen(client, uri, file.text))[0]);
            client.close(uri);
        }
        const uri = `file:///bench/${label}.lcpn`;
        const [open, first] = await timeOpen(client, uri, file.text);
        opens.push(open);
        const base = counts(first);
        const edits: number[] = [];
        const asked = options.requests.filter((r) => offers(client, r));
        const requests = new Map<string, number[]>(asked.map((r) => [r.name, []]));
        let version = 1;
        let editsSeen = true;
        const at = file.use.end;
        for (let s = 0; s < options.samples; s++) {
            for (const broken of [true, false]) {
                const change = broken
                    ? { range: { start: at, end: at }, text: 'x' }
                    : { range: { start: at, end: { line: at.line, character: at.character + 1 } }, text: '' };
                const [ms, publish] = await untilPublished(client, uri, () => client.change(uri, ++version, [change]));
                edits.push(ms);
                const seen = counts(publish);
                // Up with the broken use (by more than one where other definitions or games use the edited one), back when mended.
                const total = seen.errors + seen.others;
                const before = base.errors + base.others;
                if (broken ? total <= before : total !== before) editsSeen = false;
            }
            for (const request of asked) {
                const start = performance.now();
                const answer = await client.request(request.method, request.params(uri, file.use), 600_000);
                const ms = performance.now() - start;
                requests.get(request.name)!.push('error' in answer ? NaN : ms);
            }
        }
        if (client.exited()) throw new Error(`the server stopped (${client.exited()}): ${client.stderr()}`);
        return {
            open: Math.min(...opens),
            diagnostics: base,
            edit: timings(edits),
            editsSeen,
            requests: new Map([...requests].map(([name, samples]) => [name, timings(samples)]))
        };
    } finally {
        await client.stop();
    }
}

/** Spawn to the first diagnostics, per server: wall time, and the server's CPU time by then. */
export interface SpawnTimings {
    wall: Timings;
    /** User + system CPU of the server process when its first diagnostics arrived (NaN where /proc is missing). */
    cpu: Timings;
}

/**
 * Spawn to the first diagnostics of `text`: a new process each time, `samples` rounds of every
 * server in turn, so that a change in the machine's load falls on each of them alike. The CPU
 * time says what the server itself spent; on a loaded machine the wall time is mostly waiting
 * for a core.
 */
export async function timeSpawns(servers: string[], text: string, samples: number): Promise<SpawnTimings[]> {
    const walls: number[][] = servers.map(() => []);
    const cpus: number[][] = servers.map(() => []);
    for (let s = 0; s < samples; s++) {
        for (const [i, server] of servers.entries()) {
            const start = performance.now();
            const client = await startLspClient(server);
            try {
                await timeOpen(client, `file:///bench/spawn-${s}.lcpn`, text);
                walls[i].push(performance.now() - start);
                cpus[i].push(processCpuMs(client.pid));
            } finally {
                await client.stop();
            }
        }
    }
    return servers.map((_, i) => ({ wall: timings(walls[i]), cpu: timings(cpus[i]) }));
}

/** A running process's user + system CPU time, ms, from Linux's /proc (ticks of 10 ms: USER_HZ is 100); NaN elsewhere. */
function processCpuMs(pid: number): number {
    try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        // The fields after the command name (which may hold spaces), from the 3rd: utime is the 14th, stime the 15th.
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
        return NaN;
    }
}
