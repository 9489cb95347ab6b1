/**
 * A command about a document sent right after an edit (the fuzzer's "applyEdit: an edit outside
 * the document"): `lcpn.convertDocument` must convert the edited text, not the previous parse.
 * Needs `node esbuild.mjs`.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { TextEdit } from 'vscode-languageserver';
import { afterEach, beforeAll, expect, test } from 'vitest';
import { bundleExists, startServer, type ServerProcess } from './lsp-process.js';

const servers: ServerProcess[] = [];
beforeAll(() => {
    if (!bundleExists()) execFileSync(process.execPath, ['esbuild.mjs'], { cwd: join(import.meta.dirname, '../../..') });
});
afterEach(async () => { await Promise.all(servers.splice(0).map((s) => s.stop())); });

test('lcpn.convertDocument right after an edit converts the edited text (the edit sent while the first build finishes)', async () => {
    const server = await startServer();
    servers.push(server);
    const edits: TextEdit[][] = [];
    server.connection.onRequest('workspace/applyEdit', (params: { edit: { changes: Record<string, TextEdit[]> } }) => {
        edits.push(Object.values(params.edit.changes)[0]);
        return { applied: true };
    });
    // The first build of each file is still running when the edit and the command arrive; in
    // some of them it has just validated the first text, which the command then converted.
    for (let i = 0; i < 12; i++) {
        const uri = `file:///command/after-edit-${i}.lcpn`;
        server.open(uri, `${'(def x (/ wazir ferz))\n'.repeat(i * 20)}(def a (/ wazir ferz))\n`);
        await new Promise((r) => setTimeout(r, i * 3));
        // Two lines inserted above, and the command sent at once.
        void server.connection.sendNotification('textDocument/didChange', {
            textDocument: { uri, version: 2 },
            contentChanges: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: ';; two lines\n(def b [1 2])\n' }]
        });
        await server.connection.sendRequest('workspace/executeCommand', { command: 'lcpn.convertDocument', arguments: [uri, 'c'] });
        expect(edits).toHaveLength(i + 1);
        // The edited text is converted (its comment too), each line where it is in that text.
        expect(edits[i].slice(0, 2).map((e) => [e.range.start.line, e.newText])).toEqual([[0, '// two lines'], [1, 'b := [1, 2]']]);
    }
});
