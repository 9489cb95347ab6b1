/**
 * What the user is told after `lcpn.convertDocument`, through the server process: a
 * `window/showMessage` with the summary, except to a client that shows the command's result
 * itself (`initializationOptions.showsConversionResult`, the VS Code extension: its
 * notifications cut a long summary off; client/src/conversion-report.ts).
 */
import { execFileSync } from 'node:child_process';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { CONVERT_DOCUMENT_COMMAND, type ConvertDocumentResult, type LcpnInitializationOptions } from '../../../src/lsp/protocol.js';
import { bundleExists, root, startServer, type ServerProcess } from '../../server/lsp-process.js';

let server: ServerProcess | undefined;

beforeAll(() => {
    if (!bundleExists()) execFileSync(process.execPath, ['esbuild.mjs'], { cwd: root });
}, 60_000);

afterEach(async () => {
    await server?.stop();
    server = undefined;
});

const uri = 'file:///convert-message/pieces.lcpn';
const text = '(def knight [1 2])\nbad := (wazir / \n(def g (/))\n(def q (/ rook bishop))\n';
const summary = "Converted 2 definitions to SQL style; left 2 as written because they have errors: 'bad' (line 2), 'g' (line 3).";

async function convert(options?: LcpnInitializationOptions): Promise<{ result: ConvertDocumentResult; messages: string[] }> {
    server = await startServer(undefined, options);
    server.open(uri, text);
    await server.diagnosticsFor(uri, (d) => d.length > 0);
    const result = await server.connection.sendRequest<ConvertDocumentResult>('workspace/executeCommand', { command: CONVERT_DOCUMENT_COMMAND, arguments: [uri, 'sql'] });
    // A request after it: the notification, sent before the answer, has arrived.
    await server.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 6 } });
    return { result, messages: server.messages.filter((m) => m.startsWith('Converted')) };
}

describe('the conversion summary', () => {
    test('is shown by the server to a client that does not show the result', async () => {
        const { result, messages } = await convert();
        expect(result.message).toBe(summary);
        expect(messages).toEqual([summary]);
    }, 60_000);

    test('is left to a client that shows the result itself; the result carries it', async () => {
        const { result, messages } = await convert({ showsConversionResult: true });
        expect(result.message).toBe(summary);
        expect(result.leftAsWritten.map((l) => [l.name, l.line])).toEqual([['bad', 2], ['g', 3]]);
        expect(messages).toEqual([]);
    }, 60_000);
});
