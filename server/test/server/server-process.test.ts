/**
 * The bundled server as a process (issue 9 "Crashes"): each reproduction of the fuzzing run
 * is sent over JSON-RPC, and the process must stay alive and keep answering. Needs
 * `node esbuild.mjs` (`npm test` builds first).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ErrorCodes, LSPErrorCodes, ResponseError, type Hover } from 'vscode-languageserver';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { bundleExists, startServer, type ServerProcess } from './lsp-process.js';

const folders: string[] = [];
const servers: ServerProcess[] = [];
const scratch = () => { const folder = mkdtempSync(join(tmpdir(), 'lcpn-server-')); folders.push(folder); return folder; };
const start = async (folder?: string) => { const server = await startServer(folder); servers.push(server); return server; };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(() => {
    if (!bundleExists()) execFileSync(process.execPath, ['esbuild.mjs'], { cwd: join(import.meta.dirname, '../../..') });
});
afterEach(async () => { await Promise.all(servers.splice(0).map((s) => s.stop())); });
afterAll(() => folders.forEach((f) => rmSync(f, { recursive: true, force: true })));

/** A hover on `uri` at `position`, or the error the server answered. */
async function hover(server: ServerProcess, uri: string, position: unknown): Promise<Hover | null | ResponseError<unknown>> {
    try {
        return await server.connection.sendRequest<Hover | null>('textDocument/hover', { textDocument: { uri }, position });
    } catch (error) {
        return error as ResponseError<unknown>;
    }
}

const hoverText = (result: Hover | null | ResponseError<unknown>) => JSON.stringify(result);

describe('documents whose URI does not end in .lcpn', () => {
    test('closed during their first build: the process stays alive and serves the next document', async () => {
        const server = await start();
        await sleep(500); // the prelude's build
        const body = '(def a [1 2])\n'.repeat(200);
        // The close has to land between two build phases; a range of delays covers that window.
        for (let delay = 0; delay < 25; delay++) {
            for (const uri of [`untitled:Untitled-${delay}`, `file:///tmp/A${delay}.LCPN`, `file:///tmp/notes${delay}.txt`]) {
                server.open(uri, body);
                await sleep(delay);
                server.close(uri);
            }
            await sleep(30);
            expect(server.exited(), server.stderr()).toBeUndefined();
        }
        const uri = 'untitled:Untitled-last';
        server.open(uri, '(def camel [1 3])\n(def x camel)\n');
        await server.diagnosticsFor(uri);
        expect(hoverText(await hover(server, uri, { line: 1, character: 8 }))).toContain('camel');
        expect(server.exited()).toBeUndefined();
    }, 60_000);

    test('notes.txt opened as lcpn is validated like any LCPN document', async () => {
        const server = await start();
        const uri = 'file:///tmp/notes.txt';
        server.open(uri, '(def a [1 2]\n');
        const diagnostics = await server.diagnosticsFor(uri, (d) => d.length > 0);
        expect(diagnostics[0].message).toMatch(/\)/);
    });
});

describe('workspace files that cannot be loaded', () => {
    test('a pipe, broken links, a link loop, an oversized and a 600 MB file are skipped by name; the rest works', async () => {
        const folder = scratch();
        writeFileSync(join(folder, 'good.lcpn'), '(def camel [1 3])\n(def x camel)\n');
        mkdirSync(join(folder, 'folder.lcpn'));
        writeFileSync(join(folder, 'folder.lcpn', 'inner.lcpn'), '(def zebra [2 3])\n');
        execFileSync('mkfifo', [join(folder, 'pipe.lcpn')]);
        symlinkSync(join(folder, 'missing.lcpn'), join(folder, 'dangling.lcpn'));
        symlinkSync(join(folder, 'loop-b.lcpn'), join(folder, 'loop-a.lcpn'));
        symlinkSync(join(folder, 'loop-a.lcpn'), join(folder, 'loop-b.lcpn'));
        execFileSync('truncate', ['-s', '17M', join(folder, 'big.lcpn')]);
        execFileSync('truncate', ['-s', '600M', join(folder, 'huge.lcpn')]);
        const server = await start(folder);
        const good = pathToFileURL(join(folder, 'good.lcpn')).toString();
        const result = await hover(server, good, { line: 1, character: 8 });
        expect(hoverText(result)).toContain('camel');
        const symbols = await server.connection.sendRequest<{ name: string }[]>('workspace/symbol', { query: 'zebra' });
        expect(symbols.map((s) => s.name)).toContain('zebra');
        await sleep(200);
        const said = server.messages.join('\n');
        for (const name of ['pipe.lcpn', 'dangling.lcpn', 'loop-a.lcpn', 'big.lcpn', 'huge.lcpn']) {
            expect(said, `no message names ${name}`).toContain(join(folder, name));
        }
        expect(said).toMatch(/huge\.lcpn: it is too large \(600 MB; files over 16 MB are not read\)/);
        expect(said).toMatch(/pipe\.lcpn: it is not a regular file/);
        expect(said).not.toContain('good.lcpn');
        expect(server.exited()).toBeUndefined();
    }, 60_000);
});

describe('URIs and params as the client sends them', () => {
    test('a URI with an invalid escape: diagnostics, related information and results use the URI the client sent', async () => {
        const server = await start();
        const uri = 'file:///tmp/caf%E9.lcpn';
        server.open(uri, '(def alpha [1 2])\n(def b (/ alpha\n');
        const diagnostics = await server.diagnosticsFor(uri, (d) => d.length > 0);
        expect(diagnostics.length).toBeGreaterThan(0);
        expect([...server.diagnostics.keys()]).not.toContain('file:///tmp/caf%25E9.lcpn');
        const related = diagnostics.flatMap((d) => d.relatedInformation ?? []).map((r) => r.location.uri);
        expect(related.length).toBeGreaterThan(0);
        expect(new Set(related)).toEqual(new Set([uri]));
        const definition = await server.connection.sendRequest<{ targetUri?: string; uri?: string }[]>('textDocument/definition', { textDocument: { uri }, position: { line: 1, character: 12 } });
        expect(definition.map((d) => d.targetUri ?? d.uri)).toEqual([uri]);
        const edit = await server.connection.sendRequest<{ changes: Record<string, unknown> }>('textDocument/rename', { textDocument: { uri }, position: { line: 1, character: 12 }, newName: 'beta' });
        expect(Object.keys(edit.changes)).toEqual([uri]);
    });

    test('a request without a position, or with a malformed one, is InvalidParams', async () => {
        const server = await start();
        const uri = 'untitled:Params';
        server.open(uri, '(def camel [1 3])\n(def b camel)\n');
        await server.diagnosticsFor(uri);
        for (const method of ['textDocument/hover', 'textDocument/definition', 'textDocument/completion', 'textDocument/references', 'textDocument/prepareRename', 'textDocument/documentHighlight']) {
            for (const position of [undefined, { line: -1, character: 0 }, { line: 'x', character: 0 }, null]) {
                const error = await server.connection.sendRequest(method, { textDocument: { uri }, position, context: { includeDeclaration: true } }).then(() => undefined, (e: ResponseError<unknown>) => e);
                expect(error?.code, `${method} ${JSON.stringify(position)}`).toBe(ErrorCodes.InvalidParams);
            }
        }
        for (const [method, params] of [
            ['textDocument/hover', {}],
            ['textDocument/documentSymbol', { textDocument: {} }],
            ['textDocument/semanticTokens/full', null],
            ['textDocument/formatting', { textDocument: { uri } }],
            ['textDocument/rename', { textDocument: { uri }, position: { line: 0, character: 6 } }],
            ['textDocument/codeAction', { textDocument: { uri }, range: { start: { line: 0, character: 0 } } }],
            ['workspace/symbol', {}],
            ['workspace/executeCommand', { arguments: [] }],
            ['lcpn/pieceDiagram', { uri }]
        ] as const) {
            const error = await server.connection.sendRequest(method, params).then(() => undefined, (e: ResponseError<unknown>) => e);
            expect(error?.code, `${method} ${JSON.stringify(params)}`).toBe(ErrorCodes.InvalidParams);
        }
        // Well-formed requests still answer.
        expect(hoverText(await hover(server, uri, { line: 1, character: 8 }))).toContain('camel');
        expect(server.exited()).toBeUndefined();
    });

    test('rename refusals use RequestFailed', async () => {
        const server = await start();
        const uri = 'untitled:Rename';
        server.open(uri, '(def a [1 2])\n(def b (/ a rook))\n');
        await server.diagnosticsFor(uri);
        const refusal = (params: object) => server.connection.sendRequest(Object.hasOwn(params, 'newName') ? 'textDocument/rename' : 'textDocument/prepareRename', params)
            .then(() => undefined, (e: ResponseError<unknown>) => e);
        const badName = await refusal({ textDocument: { uri }, position: { line: 0, character: 5 }, newName: 'a2' });
        expect(badName?.code).toBe(LSPErrorCodes.RequestFailed);
        const prelude = await refusal({ textDocument: { uri }, position: { line: 1, character: 13 } });
        expect(prelude?.code).toBe(LSPErrorCodes.RequestFailed);
    });
});

describe('requests right after didOpen', () => {
    test('a hover sent right after opening a document answers with the hover, never "no document found"', async () => {
        const server = await start();
        // Each close queues a build (the closed buffer leaves the workspace); the next open and
        // its hover arrive while that build still runs, before the new document's build starts.
        for (let i = 0; i < 150; i++) {
            const uri = `untitled:Fresh-${i}`;
            server.open(uri, `(def camel-${i} [1 3])\n(def x camel-${i})\n`);
            const result = await hover(server, uri, { line: 1, character: 8 });
            expect(result instanceof ResponseError ? `error ${result.code}: ${result.message}` : hoverText(result)).toContain(`camel-${i}`);
            server.close(uri);
        }
    }, 60_000);
});

describe('requests right after didChange', () => {
    test('a hover sent right after an edit answers from the edited text', async () => {
        const server = await start();
        const uri = 'untitled:Edited';
        server.open(uri, '(def camel [1 3])\n(def x camel)\n');
        await server.diagnosticsFor(uri);
        for (let i = 0; i < 60; i++) {
            // A closed buffer's build is under way when the edit and the hover arrive.
            server.open(`untitled:Other-${i}`, '(def other [1 1])\n');
            server.close(`untitled:Other-${i}`);
            const name = i % 2 === 0 ? `zebra-${i}` : `camel-${i}`;
            void server.connection.sendNotification('textDocument/didChange', {
                textDocument: { uri, version: i + 2 }, contentChanges: [{ text: `(def ${name} [2 3])\n(def x ${name})\n` }]
            });
            const result = await hover(server, uri, { line: 1, character: 8 });
            expect(result instanceof ResponseError ? `error ${result.code}: ${result.message}` : hoverText(result)).toContain(name);
        }
    }, 60_000);

    test('an outline and a hover asked right after a burst of edits answer from the last text (the edits arrive while earlier builds run)', async () => {
        const server = await start();
        const uri = 'untitled:Burst';
        const lines = Array.from({ length: 400 }, (_, i) => `(def piece-${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))} (/ wazir ferz))`);
        lines.push('(def last [1 3])', '(def user (/ last knight))');
        server.open(uri, lines.join('\n') + '\n');
        await server.diagnosticsFor(uri);
        const lastLine = lines.length - 2;
        let version = 1;
        let lineLength = lines[lastLine + 1].length;
        for (let i = 0; i < 20; i++) {
            // Three edits in a row renaming the definition the last line uses, then the requests at once.
            let name = '';
            for (let k = 0; k < 3; k++) {
                name = `renamed-${String.fromCharCode(97 + i)}${String.fromCharCode(97 + k)}`;
                const definition = `(def ${name} [1 3])`;
                const use = `(def user (/ ${name} knight))`;
                void server.connection.sendNotification('textDocument/didChange', {
                    textDocument: { uri, version: ++version },
                    contentChanges: [{ range: { start: { line: lastLine, character: 0 }, end: { line: lastLine + 1, character: lineLength } }, text: `${definition}\n${use}` }]
                });
                lineLength = use.length;
            }
            const [symbols, result] = await Promise.all([
                server.connection.sendRequest<{ name: string }[]>('textDocument/documentSymbol', { textDocument: { uri } }),
                hover(server, uri, { line: lastLine + 1, character: 15 })
            ]);
            expect(symbols.map((s) => s.name)).toContain(name);
            expect(symbols.map((s) => s.name).filter((n) => n.startsWith('renamed-'))).toEqual([name]);
            expect(result instanceof ResponseError ? `error ${result.code}: ${result.message}` : hoverText(result)).toContain(name);
        }
    }, 60_000);
});

describe('requests waiting for a build', () => {
    test('workspace/symbol after a completion and the close of a buffer answers (it waited forever)', async () => {
        const folder = scratch();
        writeFileSync(join(folder, 'good.lcpn'), '(def camel [1 3])\n');
        const server = await start(folder);
        for (const uri of ['untitled:Untitled-1', pathToFileURL(join(folder, 'notes.txt')).toString()]) {
            server.open(uri, '(def a wazir)\n');
            await server.connection.sendRequest('textDocument/completion', { textDocument: { uri }, position: { line: 0, character: 8 } });
            server.close(uri);
            const symbols = await Promise.race([
                server.connection.sendRequest<{ name: string }[]>('workspace/symbol', { query: 'zz' }),
                sleep(10_000).then(() => 'no answer within 10 s')
            ]);
            expect(symbols).toEqual([]);
        }
    }, 60_000);
});

describe('state that outlives its document', () => {
    test('a closed unsaved buffer no longer defines knight for other documents', async () => {
        const server = await start();
        const buffer = 'untitled:Untitled-1';
        server.open(buffer, '(def knight ([0 1] :rider))\n');
        await server.diagnosticsFor(buffer);
        const other = 'untitled:Untitled-2';
        server.open(other, '(def horse knight)\n');
        await server.diagnosticsFor(other);
        server.close(buffer);
        const cleared = await server.diagnosticsFor(buffer, (d) => d.length === 0);
        expect(cleared).toEqual([]);
        await sleep(200);
        const definition = await server.connection.sendRequest<{ targetUri?: string; uri?: string }[]>('textDocument/definition', { textDocument: { uri: other }, position: { line: 0, character: 13 } });
        expect(JSON.stringify(definition)).not.toContain(buffer);
        const symbols = await server.connection.sendRequest<{ location: { uri: string } }[]>('workspace/symbol', { query: 'knight' });
        expect(symbols.map((s) => s.location.uri)).not.toContain(buffer);
    });
});
