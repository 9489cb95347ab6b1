/**
 * Through the server process: file B imports A and uses `deep`, which only A defines, with a syntax error.
 * B's published diagnostics say each use names a definition with a syntax error in A (its line),
 * and follow A: fixed (none), broken again (back, on A's new line), closed (unknown again), opened
 * again (back). In process the same is checked against fresh builds (incremental/broken-uses-across-files).
 * Needs `node esbuild.mjs` (built here when the bundle is missing).
 */
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Diagnostic } from 'vscode-languageserver';
import { IssueCodes } from '../../src/semantics/issue-codes.js';
import { bundleExists, root, startServer, type ServerProcess } from '../server/lsp-process.js';

const code = (d: Diagnostic) => (d.data as { code?: string } | undefined)?.code;
const UNKNOWN = [IssueCodes.NotAZone, IssueCodes.UnknownKeyword, IssueCodes.UnknownPiece];

const STYLES = {
    lisp: { broken: '(def deep zone a1)', fixed: '(def deep (zone a1 b2))', users: '(def mover (cond ((in deep) rook) (t bishop)))\n(def m-ii (rook :deep))\n(def x (-> deep rook))\n(import a)' },
    c: { broken: 'deep := zone a1', fixed: 'deep := zone(a1, b2)', users: 'mover := if (in(deep)) { rook } else { bishop }\nm_ii := rook:deep\nx := deep -> rook\nimport a' },
    sql: { broken: 'deep IS zone a1', fixed: 'deep IS zone(a1, b2)', users: 'mover IS IF in(deep) THEN rook ELSE bishop END\nm_ii IS rook:deep\nx IS deep THEN rook\nIMPORT a' }
};

let server: ServerProcess;
beforeAll(async () => {
    if (!bundleExists()) execFileSync(process.execPath, ['esbuild.mjs'], { cwd: root });
    server = await startServer();
}, 120_000);
afterAll(async () => { await server?.stop(); });

/** B's diagnostics once they are the broken-definition warnings naming `where` on the three use lines, nothing else said of the uses. */
const warnedFrom = (where: string) => (ds: Diagnostic[]) => {
    const broken = ds.filter((d) => code(d) === IssueCodes.BrokenDefinitionUse);
    return broken.length === 3 && broken.every((d) => String(d.message).includes(`(${where})`)) && !ds.some((d) => UNKNOWN.includes(code(d) ?? ''))
        && new Set(broken.map((d) => d.range.start.line)).size === 3;
};
const fine = (ds: Diagnostic[]) => !ds.some((d) => code(d) === IssueCodes.BrokenDefinitionUse || UNKNOWN.includes(code(d) ?? ''));
const unknownAgain = (ds: Diagnostic[]) => !ds.some((d) => code(d) === IssueCodes.BrokenDefinitionUse) && new Set(ds.filter((d) => UNKNOWN.includes(code(d) ?? '')).map((d) => d.range.start.line)).size === 3;

/** Waits for B's diagnostics to be as `accept` wants; a failure names the step and shows the last ones published. */
async function expectB(b: string, step: string, accept: (ds: Diagnostic[]) => boolean): Promise<Diagnostic[]> {
    try {
        return await server.diagnosticsFor(b, accept);
    } catch {
        const last = (server.diagnostics.get(b) ?? []).map((d) => `${d.range.start.line}: ${code(d)}: ${d.message}`);
        throw new Error(`${step}: B's diagnostics are\n${last.join('\n')}`);
    }
}

describe.each(Object.entries(STYLES))('%s through the server', (style, lines) => {
    test('B\'s published diagnostics follow A\'s broken definition: fixed, broken again, closed, opened again', async () => {
        const a = `file:///nowhere/broken-uses-${style}/a.lcpn`;
        const b = `file:///nowhere/broken-uses-${style}/b.lcpn`;
        let version = 1;
        const change = (text: string) => void server.connection.sendNotification('textDocument/didChange', { textDocument: { uri: a, version: ++version }, contentChanges: [{ text }] });
        server.open(a, lines.broken);
        server.open(b, lines.users);
        await expectB(b, 'A broken', warnedFrom('a.lcpn, line 1'));
        change(lines.fixed);
        await expectB(b, 'A fixed', fine);
        change(`(def other wazir)\n${lines.broken}`);
        await expectB(b, 'A broken again', warnedFrom('a.lcpn, line 2'));
        server.close(a);
        await expectB(b, 'A closed', unknownAgain);
        server.open(a, `\n\n${lines.broken}`);
        const back = await expectB(b, 'A opened again', warnedFrom('a.lcpn, line 3'));
        // Each warning points at A's definition.
        for (const d of back.filter((x) => code(x) === IssueCodes.BrokenDefinitionUse)) {
            expect(d.relatedInformation?.[0]?.location).toMatchObject({ uri: a, range: { start: { line: 2 } } });
        }
        server.close(a);
        server.close(b);
    }, 60_000);
});
