/**
 * A file opened with syntax errors gets them published as soon as it is parsed, then the full
 * list once it is validated (issue 12: on a 1 MB file linking and the checks take seconds
 * more). Edits publish once per build (the full list), so no diagnostic vanishes while a build
 * runs. Needs `node esbuild.mjs`.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { Diagnostic } from 'vscode-languageserver';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { IssueCodes } from '../../src/semantics/issue-codes.js';
import { bundleExists, startServer, type ServerProcess } from './lsp-process.js';

const servers: ServerProcess[] = [];
beforeAll(() => {
    if (!bundleExists()) execFileSync(process.execPath, ['esbuild.mjs'], { cwd: join(import.meta.dirname, '../../..') });
});
afterEach(async () => { await Promise.all(servers.splice(0).map((s) => s.stop())); });

/** A server whose publishes for each URI are all kept, in order. */
async function recordingServer(): Promise<{ server: ServerProcess; publishes: Map<string, Diagnostic[][]>; until: (uri: string, count: number) => Promise<void> }> {
    const server = await startServer();
    servers.push(server);
    const publishes = new Map<string, Diagnostic[][]>();
    const wake: (() => void)[] = [];
    server.connection.onNotification('textDocument/publishDiagnostics', (params: { uri: string; diagnostics: Diagnostic[] }) => {
        publishes.set(params.uri, [...(publishes.get(params.uri) ?? []), params.diagnostics]);
        wake.splice(0).forEach((w) => w());
    });
    const until = (uri: string, count: number) => new Promise<void>((resolve) => {
        const check = () => ((publishes.get(uri)?.length ?? 0) >= count ? resolve() : wake.push(check));
        check();
    });
    return { server, publishes, until };
}

const codes = (diagnostics: Diagnostic[]) => diagnostics.map((d) => (d.data as { code?: string } | undefined)?.code ?? d.code).sort();
const lines = (diagnostics: Diagnostic[]) => diagnostics.map((d) => d.range.start.line).sort();

describe('syntax errors first', () => {
    test('an unclosed bracket is published before linking; then the full list adds the unknown piece', async () => {
        const { server, publishes, until } = await recordingServer();
        const uri = 'file:///early/broken.lcpn';
        server.open(uri, '(def fine [1 2])\n(def broken (/ wazir ferz\nlater := nosuchpiece / wazir\n(def also-fine (/ fine knight))\n');
        await until(uri, 2);
        const [early, full] = publishes.get(uri)!;
        expect(codes(early)).toEqual([IssueCodes.UnclosedBracket]);
        expect(lines(early)).toEqual([1]);
        expect(codes(full)).toEqual([IssueCodes.UnclosedBracket, IssueCodes.UnknownPiece].sort());
        // The early error is the full list's own syntax error, word for word.
        expect(full).toContainEqual(early[0]);
    });

    test('a file without syntax errors is published once per build; so is an edit that breaks it (its other diagnostics never vanish)', async () => {
        const { server, publishes, until } = await recordingServer();
        const uri = 'file:///early/clean.lcpn';
        server.open(uri, '(def fine [1 2])\nlater := nosuchpiece / wazir\n');
        await until(uri, 1);
        await new Promise((r) => setTimeout(r, 300));
        expect(publishes.get(uri)!.map(codes)).toEqual([[IssueCodes.UnknownPiece]]);
        await server.connection.sendNotification('textDocument/didChange', {
            textDocument: { uri, version: 2 },
            contentChanges: [{ range: { start: { line: 0, character: 15 }, end: { line: 0, character: 16 } }, text: '' }]
        });
        await until(uri, 2);
        await new Promise((r) => setTimeout(r, 300));
        expect(publishes.get(uri)!.map(codes)).toEqual([[IssueCodes.UnknownPiece], [IssueCodes.UnclosedBracket, IssueCodes.UnknownPiece].sort()]);
    });
});
