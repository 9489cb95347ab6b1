/**
 * The panel's board from the user's settings, over JSON-RPC on the bundled server (issue 11):
 * `lcpn/pieceDiagram` without a board reads `lcpn.diagram.board` the way the hover does (the
 * VS Code client no longer reads board settings), says where the board came from, says why a
 * spec cannot be used, and a board chosen in the panel still wins. Needs `node esbuild.mjs`.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, beforeAll, expect, test } from 'vitest';
import { bundleExists, startServer, type ServerProcess } from '../server/lsp-process.js';
import type { PieceDiagramResult } from '../../src/lsp/protocol.js';

const servers: ServerProcess[] = [];
beforeAll(() => {
    if (!bundleExists()) execFileSync(process.execPath, ['esbuild.mjs'], { cwd: join(import.meta.dirname, '../../..') });
});
afterEach(async () => { await Promise.all(servers.splice(0).map((s) => s.stop())); });

test('the settings\' board (hex6) is the panel\'s board, until the panel chooses one; a bad spec is said', async () => {
    const server = await startServer();
    servers.push(server);
    const uri = 'untitled:Panel';
    server.open(uri, '(def hex-rook (wazir :rider))\n');
    await server.diagnosticsFor(uri);
    const ask = (board?: string) => server.connection.sendRequest<PieceDiagramResult | null>('lcpn/pieceDiagram',
        { uri, position: { line: 0, character: 6 }, ...(board ? { board } : {}) });
    /** Asks until the answer has the settled setting (a notification has no answer to wait for). */
    const settled = async (accept: (r: PieceDiagramResult) => boolean) => {
        let answer = await ask();
        for (let i = 0; i < 50 && !(answer && accept(answer)); i++) {
            await new Promise((r) => setTimeout(r, 100));
            answer = await ask();
        }
        return answer!;
    };

    expect(await ask()).toMatchObject({ boardSpec: '9x9', boardSource: 'default', at: 'e5' });

    await server.connection.sendNotification('workspace/didChangeConfiguration', { settings: { lcpn: { diagram: { board: 'hex6' } } } });
    const hex = await settled((r) => r.boardSource === 'settings');
    expect(hex).toMatchObject({ boardSpec: 'hex6', boardLabel: 'hexagon of side 6', boardSource: 'settings', at: 'f6', board: { files: 11, ranks: 11 } });
    expect(hex.boardProblem).toBeUndefined();
    // The panel's own choice wins over the setting.
    expect(await ask('8x8-cylinder')).toMatchObject({ boardSpec: '8x8-cylinder', boardSource: 'request' });

    await server.connection.sendNotification('workspace/didChangeConfiguration', { settings: { lcpn: { diagram: { board: 'hexagon' } } } });
    const bad = await settled((r) => r.boardProblem !== undefined);
    expect(bad).toMatchObject({ boardSpec: '9x9', boardSource: 'default' });
    expect(bad.boardProblem).toMatch(/^The lcpn\.diagram\.board setting 'hexagon' cannot be used: /);
    expect(server.exited()).toBeUndefined();
}, 60_000);
