/**
 * `lcpn/positionDiagram` over JSON-RPC on the bundled server: registered like `lcpn/pieceDiagram`
 * (same handler: params checked, answered once the document is linked, null for an unknown
 * document). What the answer holds is tested in-process in position-request.test.ts.
 * Needs `node esbuild.mjs` (`npm test` builds first).
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { ErrorCodes, ResponseError } from 'vscode-languageserver';
import { afterEach, beforeAll, expect, test } from 'vitest';
import { bundleExists, startServer, type ServerProcess } from './lsp-process.js';

const servers: ServerProcess[] = [];
beforeAll(() => {
    if (!bundleExists()) execFileSync(process.execPath, ['esbuild.mjs'], { cwd: join(import.meta.dirname, '../../..') });
});
afterEach(async () => { await Promise.all(servers.splice(0).map((s) => s.stop())); });

test('the position view request answers, checks its params, and says null for a document it does not have', async () => {
    const server = await startServer();
    servers.push(server);
    const uri = 'untitled:Position';
    server.open(uri, '(def my-pawn (/ (move (wazir :forward)) (capture (ferz :forward))))\n');
    await server.diagnosticsFor(uri);
    const send = (params: unknown) => server.connection.sendRequest<{ selected?: { name: string; moves: string[]; captures: string[] }; error?: unknown } | null>('lcpn/positionDiagram', params)
        .then((r) => r, (e: ResponseError<unknown>) => e);

    const answer = await send({ uri, position: '8x8 w:rook@a1,my-pawn@a4 b:my-pawn@d1,my-pawn@b5', select: 'a1' });
    expect(answer).toMatchObject({ selected: { name: 'rook', moves: ['a2', 'a3', 'b1', 'c1'], captures: ['d1'] } });
    expect(await send({ uri, position: 'w:rook@a9' })).toMatchObject({ error: { message: 'a9 is not on the 8x8 board', column: 7 } });
    expect(await send({ uri: 'untitled:Nowhere', position: 'w:rook@a1' })).toBeNull();
    for (const params of [{ uri }, { uri, position: 3 }, { uri, position: 'w:rook@a1', select: 5 }, { position: 'w:rook@a1' }]) {
        const error = await send(params);
        expect(error instanceof ResponseError ? error.code : error, JSON.stringify(params)).toBe(ErrorCodes.InvalidParams);
    }
    expect(server.exited()).toBeUndefined();
}, 60_000);
