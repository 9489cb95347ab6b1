/**
 * Semantic tokens deltas through the server process, as VS Code asks for them: the server
 * advertises `full.delta`, and after each `didChange` a `full/delta` request naming the last
 * answer's resultId gets edits that, applied to that answer, give the whole answer the server
 * sends for the same text.
 */
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { SemanticTokens, SemanticTokensDelta } from 'vscode-languageserver';
import { generateDefinitions } from '../../../bench/generate.js';
import { bundleExists, root, startServer, type ServerProcess } from '../server/lsp-process.js';

let server: ServerProcess;

beforeAll(async () => {
    if (!bundleExists()) execFileSync(process.execPath, ['esbuild.mjs'], { cwd: root });
    server = await startServer();
}, 60_000);

afterAll(async () => {
    await server?.stop();
});

function applied(data: readonly number[], delta: SemanticTokensDelta): number[] {
    const out = data.slice();
    for (const edit of [...delta.edits].reverse()) out.splice(edit.start, edit.deleteCount, ...(edit.data ?? []));
    return out;
}

describe('semantic tokens deltas over the protocol', () => {
    test('advertised, and each delta after an edit gives the whole answer', async () => {
        const full = server.initializeResult.capabilities.semanticTokensProvider as { full?: unknown } | undefined;
        expect(full?.full).toEqual({ delta: true });
        const uri = 'file:///delta-process/edited.lcpn';
        const lines = generateDefinitions(60, 'piece').trimEnd().split('\n');
        server.open(uri, lines.join('\n'));
        await server.diagnosticsFor(uri);
        const textDocument = { uri };
        let previous = await server.connection.sendRequest<SemanticTokens>('textDocument/semanticTokens/full', { textDocument });
        expect(previous.data.length).toBeGreaterThan(60 * 5);
        let version = 1;
        const edits: [number, number, string][] = [
            // [line, how many lines replaced, new text]
            [30, 1, '(def piece-edited (/ knight (rook :4)))'],
            [10, 0, '; a comment\n'],
            [45, 1, 'piece_x := wazir / ferz'],
            [0, 2, '']
        ];
        for (const [line, count, text] of edits) {
            version++;
            const range = { start: { line, character: 0 }, end: { line: line + count, character: 0 } };
            const replacement = count > 0 && text !== '' ? `${text}\n` : text;
            void server.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ range, text: replacement }] });
            const delta = await server.connection.sendRequest<SemanticTokensDelta | SemanticTokens>('textDocument/semanticTokens/full/delta', { textDocument, previousResultId: previous.resultId });
            expect('edits' in delta, 'a delta, not the whole answer').toBe(true);
            const data = applied(previous.data, delta as SemanticTokensDelta);
            const whole = await server.connection.sendRequest<SemanticTokens>('textDocument/semanticTokens/full', { textDocument });
            expect(data).toEqual(whole.data);
            previous = whole;
        }
    }, 60_000);
});
