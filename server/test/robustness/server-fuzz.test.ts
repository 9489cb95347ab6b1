/**
 * Black-box fuzzing of the built language server (issue 9, "Done means"): `dist/server/main.cjs
 * --stdio` is spawned and driven over JSON-RPC like an editor would. Documents are generated
 * from the grammar in the three styles, or mutated from the spec's and the examples' files;
 * every advertised request is sent at random positions, with incremental edits, cancellations,
 * untitled and odd URIs, and open/close churn. Asserted: the process never exits, every request
 * answers within its bound, no InternalError, no "An error occurred" diagnostic, no log message
 * of type Error, memory bounded after churn, and no link, image or HTML from user text in any
 * markdown answer. Failures print a shrunk reproduction and write it as JSON (replay it with
 * `LCPN_FUZZ_REPLAY=<file>`).
 *
 * Knobs: LCPN_FUZZ_SECONDS (default 35: the random phase; the churn phase adds ~10 s),
 * LCPN_FUZZ_SEED, LCPN_FUZZ_BOUND_MS (10000), LCPN_FUZZ_CHURN (documents, 160),
 * LCPN_FUZZ_SERVER (another bundle), LCPN_FUZZ_VERBOSE=1 (progress and figures on stderr).
 * See docs/robustness.md.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hostileDocuments, mutate, Random, root, seedFiles } from './fuzz-inputs.js';
import { randomDocument } from './fuzz-generate.js';
import { FuzzSession, type Reproduction } from './fuzz-session.js';
import { LspProcess, replayActions, type Action } from './lsp-process.js';

const SECONDS = Number(process.env.LCPN_FUZZ_SECONDS ?? 35);
const SEED = Number(process.env.LCPN_FUZZ_SEED ?? 20_251_123);
const BOUND_MS = Number(process.env.LCPN_FUZZ_BOUND_MS ?? 10_000);
const CHURN = Number(process.env.LCPN_FUZZ_CHURN ?? 160);
/**
 * Growth of the server's resident memory allowed over the measured churn. Each of these buffers
 * costs ~0.7 MB while open (measured: 120 left open grow RSS by 80 MB); closed, 120 of them
 * grew it by 0 to 26 MB. A server that keeps closed buffers (the issue: ~1 MB each) fails.
 */
const CHURN_GROWTH_MB = Number(process.env.LCPN_FUZZ_CHURN_GROWTH_MB ?? 50);
const SERVER = process.env.LCPN_FUZZ_SERVER ?? join(root, 'dist/server/main.cjs');
const VERBOSE = process.env.LCPN_FUZZ_VERBOSE === '1';
const log = (line: string) => { if (VERBOSE) process.stderr.write(`[fuzz] ${line}\n`); };

const temporary: string[] = [];
let workspace: string;
let session: FuzzSession;
const reportDir = join(tmpdir(), `lcpn-fuzz-${SEED}-${process.pid}`);

function describeFailure(f: Reproduction): string {
    const parts = [`✗ ${f.kind}`, `  ${f.detail}`];
    if (f.uri) parts.push(`  document ${f.uri} (languageId ${f.languageId ?? 'lcpn'}):`, `  ${JSON.stringify(f.text && f.text.length > 3000 ? f.text.slice(0, 1500) + ' … ' + f.text.slice(-1500) : f.text)}`);
    if (f.request) parts.push(`  request: ${JSON.stringify(f.request).slice(0, 1500)}`);
    if (f.history) parts.push('  last actions:', ...f.history.map((h) => `    ${h.slice(0, 600)}`));
    return parts.join('\n');
}

/** A workspace folder like a user's: example files, a sub-folder, a file of another language. */
function makeWorkspace(): string {
    const dir = mkdtempSync(join(tmpdir(), 'lcpn-fuzz-ws-'));
    temporary.push(dir);
    mkdirSync(join(dir, 'sub'));
    copyFileSync(join(root, 'examples/orthodox.lcpn'), join(dir, 'orthodox.lcpn'));
    copyFileSync(join(root, 'examples/xiangqi.lcpn'), join(dir, 'sub/xiangqi.lcpn'));
    writeFileSync(join(dir, 'notes.txt'), 'not LCPN: (def x [1 2])\n');
    return dir;
}

beforeAll(async () => {
    expect(existsSync(SERVER), `${SERVER} is missing: run node esbuild.mjs (npm test builds it)`).toBe(true);
    workspace = makeWorkspace();
    // The session draws positions and edits from its own stream, not a copy of the documents' one.
    session = new FuzzSession({ server: SERVER, workspace, boundMs: BOUND_MS, reportDir, log }, new Random(SEED ^ 0x5bd1e995));
    for (const f of ['orthodox.lcpn', 'sub/xiangqi.lcpn']) session.knownUris.add(`file://${join(workspace, f)}`);
    await session.start();
    // The workspace's files are loaded before the first answer: the workspace symbols name them.
    const symbols = await session.proc.request('workspace/symbol', { query: '' }, 30_000);
    const uris = new Set(((symbols.result ?? []) as { location: { uri: string } }[]).map((s) => s.location.uri));
    expect(uris.has(`file://${join(workspace, 'orthodox.lcpn')}`), `the workspace was not loaded: ${JSON.stringify(symbols).slice(0, 300)}; exit ${JSON.stringify(session.proc.exit)}, stderr: ${session.proc.stderr}`).toBe(true);
}, 60_000);

afterAll(async () => {
    await session?.stop();
    for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
    if (session) log(`figures: ${JSON.stringify(session.stats)}`);
});

describe.skipIf(!!process.env.LCPN_FUZZ_REPLAY)('black-box fuzzing of the built language server', () => {
    test(`random documents, edits and requests for ${SECONDS} s (seed ${SEED})`, async () => {
        const r = new Random(SEED);
        const seeds = seedFiles();
        const hostile = hostileDocuments();
        const deadline = performance.now() + SECONDS * 1000;
        let iteration = 0;
        while (performance.now() < deadline) {
            iteration++;
            const source = r.int(20);
            let text: string;
            if (source < 8) text = randomDocument(r).text;
            else if (source < 16) text = mutate(r.pick(seeds).text, r).text;
            else if (source < 18) text = r.pick(seeds).text;
            else text = r.pick(hostile).text;
            const { uri, languageId } = session.uriFor(r.int(9));
            session.openDocument(uri, languageId, text);
            if (r.int(8) === 0) {
                // Closed during its first build (the untitled-buffer crash).
                session.closeDocument(uri);
            } else {
                for (let step = 2 + r.int(8); step > 0 && performance.now() < deadline; step--) {
                    const current = session.openDoc(uri);
                    if (!current) break;
                    const action = r.int(12);
                    if (action < 7) {
                        const { method, params } = session.randomRequest(current);
                        await session.send(method, params, current);
                    } else if (action < 9) {
                        session.change(current, session.randomEdit(current));
                    } else if (action < 11) {
                        // A burst, as a typing user's editor sends it: requests, an edit, cancellations.
                        const pending: Promise<unknown>[] = [];
                        for (let k = 1 + r.int(3); k > 0; k--) {
                            const { method, params } = session.randomRequest(current);
                            pending.push(session.send(method, params, current, r.int(2) === 0 ? r.pick([0, 1, 5, 20]) : undefined, false));
                            if (r.int(3) === 0) session.change(current, session.randomEdit(current));
                        }
                        await Promise.all(pending);
                    } else {
                        const others = session.openUris.filter((u) => u !== uri);
                        const other = others.length > 0 ? session.openDoc(r.pick(others)) : undefined;
                        const { method, params } = session.randomRequest(other ?? current);
                        await session.send(method, params, other ?? current);
                    }
                }
                if (r.int(10) < 7) session.closeDocument(uri);
            }
            while (session.openUris.length > 4) session.closeDocument(session.openUris[0]);
            await session.canary();
            session.checkNotifications();
            if (iteration % 50 === 0) log(`${iteration} documents, ${session.stats.requests} requests, ${session.failures.length} failures, rss ${session.proc.rssMb()?.toFixed(0)} MB`);
        }
        // Anything still pending is answered, then the last notifications are read.
        await session.send('workspace/symbol', { query: '' });
        session.checkNotifications();
        log(`random phase: ${JSON.stringify(session.stats)}`);
        expect(session.failures.map(describeFailure)).toEqual([]);
    }, (SECONDS + 120) * 1000);

    test(`open/close churn of ${CHURN} buffers: memory bounded, closed buffers forgotten`, async () => {
        const earlier = session.failures.length;
        for (const uri of session.openUris) session.closeDocument(uri);
        // The spec's definitions in the three styles (4.5 KB): a leak of every closed buffer shows at once.
        const body = ['lisp.lcpn', 'c.lcpn', 'sql.lcpn'].map((f) => readFileSync(join(root, 'server/test/fixtures/spec', f), 'utf8')).join('\n');
        const churn = async (from: number, to: number) => {
            for (let i = from; i < to; i++) {
                const uri = i % 3 === 0 ? `untitled:Churn-${i}` : `file://${workspace}/unsaved-churn-${i}.lcpn`;
                const mark = session.proc.notifications.length;
                session.openDocument(uri, 'lcpn', `(def churn-piece-${i} ([0 1] :rider))\n${body}`);
                // Every other one is closed during its first build, the rest once diagnosed.
                if (i % 2 === 1) await session.diagnosticsFor(uri, BOUND_MS, mark);
                session.closeDocument(uri);
            }
            await session.send('workspace/symbol', { query: 'churn' });
            session.checkNotifications();
        };
        const warm = Math.floor(CHURN / 4);
        await churn(0, warm);
        const before = session.proc.rssMb();
        await churn(warm, CHURN);
        const after = session.proc.rssMb();
        log(`churn: rss ${before?.toFixed(0)} MB after ${warm} buffers, ${after?.toFixed(0)} MB after ${CHURN}`);
        expect(session.proc.alive, `the server exited: ${session.proc.stderr}`).toBe(true);
        if (before !== undefined && after !== undefined) {
            expect(after - before, `resident memory grew from ${before.toFixed(0)} MB to ${after.toFixed(0)} MB over ${CHURN - warm} opened and closed buffers`).toBeLessThan(CHURN_GROWTH_MB);
        }
        // A closed buffer that is not a file on disk is no longer in the index.
        const symbols = await session.send('workspace/symbol', { query: 'churn-piece' });
        const names = ((symbols.result ?? []) as { name: string }[]).map((s) => s.name);
        expect(names, 'workspace symbols of closed, never saved buffers').toEqual([]);
        expect(session.failures.slice(earlier).map(describeFailure)).toEqual([]);
    }, 240_000);
});

/** `LCPN_FUZZ_REPLAY=<reproduction.json>`: sends one recorded reproduction to a fresh server and prints the answer. */
describe.runIf(!!process.env.LCPN_FUZZ_REPLAY)('replay a fuzz reproduction', () => {
    test('replay', async () => {
        // The run's workspace folder is gone: its paths are replaced by this run's folder.
        const here = (json: string, from?: string) => (from ? json.replaceAll(from, workspace) : json);
        const recorded = JSON.parse(readFileSync(process.env.LCPN_FUZZ_REPLAY!, 'utf8')) as Reproduction;
        const failure = JSON.parse(here(JSON.stringify(recorded), recorded.workspace)) as Reproduction;
        const proc = new LspProcess(SERVER);
        try {
            const folder = `file://${workspace}`;
            await proc.request('initialize', { processId: process.pid, rootUri: folder, workspaceFolders: [{ uri: folder, name: 'replay' }], capabilities: {} }, 30_000);
            proc.notify('initialized', {});
            if (failure.actionsFile) {
                const actions = JSON.parse(here(readFileSync(recorded.actionsFile!, 'utf8'), recorded.workspace)) as Action[];
                const stuck = await replayActions(proc, actions, BOUND_MS);
                process.stdout.write(`${describeFailure(failure)}\n\nreplayed ${actions.length} actions: ${stuck ? `action ${stuck.index} ${JSON.stringify(actions[stuck.index]).slice(0, 500)} -> ${JSON.stringify(stuck.answer)}` : 'every request answered'}\nexit: ${JSON.stringify(proc.exit)}\nstderr: ${proc.stderr}\n`);
                return;
            }
            if (failure.uri && failure.text !== undefined) proc.notify('textDocument/didOpen', { textDocument: { uri: failure.uri, languageId: failure.languageId ?? 'lcpn', version: 1, text: failure.text } });
            const answer = failure.request ? await proc.request(failure.request.method, failure.request.params, BOUND_MS) : undefined;
            await new Promise((resolve) => setTimeout(resolve, 500));
            process.stdout.write(`${describeFailure(failure)}\n\nanswer: ${JSON.stringify(answer).slice(0, 5000)}\n`);
            process.stdout.write(`notifications: ${JSON.stringify(proc.notifications).slice(0, 5000)}\nexit: ${JSON.stringify(proc.exit)}\nstderr: ${proc.stderr}\n`);
        } finally {
            await proc.shutdown();
        }
    }, 60_000);
});
