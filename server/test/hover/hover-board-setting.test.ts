/**
 * The board a hover draws on (issue 10: the declared board by default, "flags and settings still
 * override it"), over JSON-RPC on the bundled server as an editor drives it: with
 * `lcpn.diagram.files`/`ranks` unset (null, their default) the hover uses the board the file
 * declares; once the client sets a size, that size. Needs `node esbuild.mjs` (`npm test` builds first).
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, beforeAll, expect, test } from 'vitest';
import { bundleExists, startServer, type ServerProcess } from '../server/lsp-process.js';

const servers: ServerProcess[] = [];
beforeAll(() => {
    if (!bundleExists()) execFileSync(process.execPath, ['esbuild.mjs'], { cwd: join(import.meta.dirname, '../../..') });
});
afterEach(async () => { await Promise.all(servers.splice(0).map((s) => s.stop())); });

const TEXT = [
    'xiangqi := board(9, 10, confine(elephant, own_side))',
    'own_side := zone(a1-i5)',
    'elephant := no_jump([2, 2])',
    ''
].join('\n');

test('the declared board unless the user set a size', async () => {
    const server = await startServer();
    servers.push(server);
    const uri = 'untitled:Board';
    server.open(uri, TEXT);
    await server.diagnosticsFor(uri);
    const hover = async () => {
        const answer = await server.connection.sendRequest<{ contents: { value: string } } | null>('textDocument/hover', {
            textDocument: { uri }, position: { line: 2, character: 2 }
        });
        return answer?.contents.value ?? '';
    };
    // A client without images gets text diagrams: the elephant on e3 reaches c1, g1, c5 and g5.
    // Counted in the first diagram (the piece alone; the others add blockers or Black's side).
    const marks = (text: string) => (text.split('```')[1] ?? '').split('\n')
        .filter((line) => /^[-.X!: ]+$/.test(line)).join('').split('X').length - 1;
    const declared = await hover();
    expect(declared).toContain('*on e3 (in own-side)*');
    expect(marks(declared)).toBe(4);

    await server.connection.sendNotification('workspace/didChangeConfiguration', { settings: { lcpn: { diagram: { files: 9, ranks: 4 } } } });
    // The set size wins. The zone a1-i5 does not fit on 4 ranks: the elephant is not confined to
    // it there, and the hover says so (as `lcpn show --board 9x4` and the panel do); it stands on
    // the centre, e3, and reaches c1 and g1.
    let chosen = '';
    for (let i = 0; i < 50 && marks(chosen = await hover()) === 4; i++) await new Promise((r) => setTimeout(r, 100));
    expect(marks(chosen)).toBe(2);
    expect(chosen).toContain('*on an empty board*');
    // (Markdown-escaped, `lcpn\.diagram`, so that no client links it.)
    expect(chosen).toContain('*Board xiangqi is 9x10; its zone own-side does not fit on the 9x4 board of the lcpn\\.diagram setting, so elephant is not confined to it.*');

    await server.connection.sendNotification('workspace/didChangeConfiguration', { settings: { lcpn: { diagram: { files: null, ranks: null } } } });
    let back = '';
    for (let i = 0; i < 50 && marks(back = await hover()) !== 4; i++) await new Promise((r) => setTimeout(r, 100));
    expect(back).toBe(declared);
    expect(server.exited()).toBeUndefined();
}, 60_000);
