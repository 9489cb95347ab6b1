/**
 * Shrinks the recorded actions of a fuzz failure that depends on history (a hang, an exit, a
 * log message of type Error, a diagnostic that reports an internal error):
 * replays subsets against fresh servers and keeps the smallest that still fails, then prints
 * it and writes it next to the input as `*.min.json` (replayable like the original).
 *
 *   npx tsx server/test/robustness/shrink-actions.ts /tmp/lcpn-fuzz-.../failure-3.json [server.cjs]
 *
 * LCPN_FUZZ_BOUND_MS (default 3000) is the bound a request must answer in while shrinking.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Reproduction } from './fuzz-session.js';
import { LspProcess, replayActions, type Action } from './lsp-process.js';

const root = join(import.meta.dirname, '../../..');

const [failureFile, server = join(root, 'dist/server/main.cjs')] = process.argv.slice(2);
const bound = Number(process.env.LCPN_FUZZ_BOUND_MS ?? 3000);
const failure = JSON.parse(readFileSync(failureFile, 'utf8')) as Reproduction;
const workspace = mkdtempSync(join(tmpdir(), 'lcpn-shrink-ws-'));
const load = (json: string) => JSON.parse(failure.workspace ? json.replaceAll(failure.workspace, workspace) : json) as Action[];
let actions = load(readFileSync(failure.actionsFile!, 'utf8'));

async function fails(candidate: Action[]): Promise<boolean> {
    const proc = new LspProcess(server);
    try {
        const folder = `file://${workspace}`;
        await proc.request('initialize', { processId: process.pid, rootUri: folder, workspaceFolders: [{ uri: folder, name: 'w' }], capabilities: {} }, 30_000);
        proc.notify('initialized', {});
        // The end of every replay asks for something that needs the whole workspace built.
        const stuck = await replayActions(proc, [...candidate, { request: { method: 'workspace/symbol', params: { query: '' } } }], bound);
        if (stuck !== undefined) return true;
        // Failures seen in notifications: a log message of type Error, a diagnostic reporting an internal error.
        await new Promise((resolve) => setTimeout(resolve, 300));
        return proc.notifications.some(({ method, params }) => {
            if (failure.kind.startsWith(method) && method.startsWith('window/')) return (params as { type: number }).type === 1;
            if (failure.kind.startsWith('diagnostic reports') && method === 'textDocument/publishDiagnostics') {
                return (params as { diagnostics: { message: string }[] }).diagnostics.some((d) => /An error occurred|Maximum call stack|TypeError|RangeError|ReferenceError|internal error/i.test(d.message));
            }
            return false;
        });
    } finally {
        await proc.shutdown();
    }
}

let tries = 0;
if (!(await fails(actions))) {
    process.stdout.write('the recorded actions do not fail when replayed\n');
} else {
    // Delta debugging over actions; an open is removed together with the actions on its URI.
    let chunk = Math.ceil(actions.length / 2);
    while (chunk >= 1) {
        let removed = false;
        for (let start = 0; start < actions.length;) {
            const candidate = [...actions.slice(0, start), ...actions.slice(start + chunk)];
            tries++;
            if (await fails(candidate)) { actions = candidate; removed = true; process.stdout.write(`${actions.length} actions still fail (try ${tries})\n`); } else start += chunk;
        }
        if (!removed) chunk = Math.floor(chunk / 2);
    }
    const out = failureFile.replace(/\.json$/, '.min.json');
    writeFileSync(out.replace(/\.min\.json$/, '.min.actions.json'), JSON.stringify(actions));
    writeFileSync(out, JSON.stringify({ ...failure, workspace, actionsFile: out.replace(/\.min\.json$/, '.min.actions.json') }, null, 2));
    process.stdout.write(`${actions.length} actions (${tries} tries), written to ${out}:\n${actions.map((a) => JSON.stringify(a).slice(0, 800)).join('\n')}\n`);
}
rmSync(workspace, { recursive: true, force: true });
