/**
 * State that outlives its document (issue 9): the real services with the LSP document update
 * handler, driven through the text-document manager as the connection drives it. A closed
 * buffer that is not a workspace file leaves the workspace (its pieces no longer resolve,
 * hover or list, and it takes no memory); a closed workspace file reverts to its text on disk.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { DocumentState, URI, type LangiumDocument } from 'langium';
import { addDocumentUpdateHandler } from 'langium/lsp';
import { NodeFileSystem } from 'langium/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { FileChangeType, LSPErrorCodes, type Connection, type Location, type LocationLink } from 'vscode-languageserver';
import { afterAll, describe, expect, test } from 'vitest';
import { createLcpnServices, type LcpnServices, type LcpnSharedServices } from '../../src/semantics/module.js';
import { preludeText } from '../../src/workspace/prelude.js';
import { hoverOf } from '../lsp-helpers.js';

const folders: string[] = [];
afterAll(() => folders.forEach((f) => rmSync(f, { recursive: true, force: true })));

interface Workspace {
    shared: LcpnSharedServices;
    Lcpn: LcpnServices;
    open(uri: string, text: string): Promise<LangiumDocument>;
    close(uri: string): Promise<void>;
}

/** Services on the real file system, a workspace folder (or none), the update handler listening. */
async function workspace(folder?: string): Promise<Workspace> {
    const { shared, Lcpn } = createLcpnServices(NodeFileSystem);
    addDocumentUpdateHandler({ onDidChangeWatchedFiles: () => undefined } as unknown as Connection, shared);
    const manager = shared.workspace.WorkspaceManager;
    manager.initialize({ processId: null, rootUri: null, capabilities: {}, workspaceFolders: folder ? [{ uri: URI.file(folder).toString(), name: 'w' }] : null });
    await manager.initialized({});
    const versions = new Map<string, number>();
    const settled = async () => {
        await new Promise((r) => setTimeout(r, 0));
        await shared.workspace.WorkspaceLock.read(() => undefined);
    };
    return {
        shared,
        Lcpn,
        async open(uri, text) {
            const version = (versions.get(uri) ?? 0) + 1;
            versions.set(uri, version);
            shared.workspace.TextDocuments.set(TextDocument.create(uri, 'lcpn', version, text));
            await settled();
            await shared.workspace.DocumentBuilder.waitUntil(DocumentState.Validated, URI.parse(uri));
            return shared.workspace.LangiumDocuments.getDocument(URI.parse(uri))!;
        },
        async close(uri) {
            shared.workspace.TextDocuments.delete(uri);
            await settled();
        }
    };
}

async function definitionTarget(ws: Workspace, document: LangiumDocument, name: string): Promise<string | undefined> {
    const text = document.textDocument.getText();
    const offset = text.lastIndexOf(name);
    const result = await ws.Lcpn.lsp.DefinitionProvider!.getDefinition(document, {
        textDocument: { uri: document.uri.toString() }, position: document.textDocument.positionAt(offset + 1)
    });
    const first = result?.[0] as LocationLink | Location | undefined;
    return first && ('targetUri' in first ? first.targetUri : first.uri);
}

async function symbolNames(ws: Workspace, query: string): Promise<string[]> {
    const symbols = await ws.shared.lsp.WorkspaceSymbolProvider!.getSymbols({ query });
    return symbols.map((s) => `${s.name} ${'uri' in s.location ? s.location.uri : ''}`);
}

describe('a closed buffer that is not a workspace file', () => {
    test('leaves the workspace: its piece no longer links, hovers or lists; the standard piece is back', async () => {
        const ws = await workspace();
        const buffer = 'untitled:/buffers/pieces.lcpn';
        await ws.open(buffer, '(def knight ([0 1] :rider))\n');
        const user = await ws.open('untitled:/buffers/user.lcpn', '(def horse knight)\n(import pieces)\n');
        expect(await definitionTarget(ws, user, 'knight')).toBe(buffer);

        await ws.close(buffer);
        expect(ws.shared.workspace.LangiumDocuments.hasDocument(URI.parse(buffer))).toBe(false);
        expect(ws.shared.workspace.IndexManager.allElements().filter((e) => e.documentUri.toString() === buffer).toArray()).toEqual([]);
        // The document that used it was relinked: `knight` is the prelude's again.
        const relinked = ws.shared.workspace.LangiumDocuments.getDocument(URI.parse('untitled:/buffers/user.lcpn'))!;
        await ws.shared.workspace.DocumentBuilder.waitUntil(DocumentState.Validated, relinked.uri);
        const target = await definitionTarget(ws, relinked, 'knight');
        expect(target && ws.shared.lcpn.Prelude.isPrelude(target), `definition of knight went to ${target}`).toBe(true);
        expect((await symbolNames(ws, 'knight')).filter((s) => s.includes('untitled:'))).toEqual([]);
        const hover = await hoverOf(relinked, { line: 0, character: 13 }, { services: ws.Lcpn });
        expect(JSON.stringify(hover)).not.toContain('rider');
    });

    test('an untitled buffer closed while its first build runs, and opened again at once, is served', async () => {
        const ws = await workspace();
        const uri = 'untitled:Untitled-3';
        ws.shared.workspace.TextDocuments.set(TextDocument.create(uri, 'lcpn', 1, '(def a [1 2])\n'));
        ws.shared.workspace.TextDocuments.delete(uri);
        const reopened = await ws.open(uri, '(def b [1 2])\n');
        expect(reopened.textDocument.getText()).toBe('(def b [1 2])\n');
        await ws.close(uri);
        expect(ws.shared.workspace.LangiumDocuments.hasDocument(URI.parse(uri))).toBe(false);
    });

    test('a file outside every workspace folder leaves the workspace when closed', async () => {
        const inside = mkdtempSync(join(tmpdir(), 'lcpn-ws-'));
        const outside = mkdtempSync(join(tmpdir(), 'lcpn-out-'));
        folders.push(inside, outside);
        writeFileSync(join(outside, 'loose.lcpn'), '(def loose [1 2])\n');
        const ws = await workspace(inside);
        const uri = URI.file(join(outside, 'loose.lcpn')).toString();
        await ws.open(uri, '(def loose [1 2])\n');
        await ws.close(uri);
        expect(ws.shared.workspace.LangiumDocuments.hasDocument(URI.parse(uri))).toBe(false);
    });
});

describe('a closed workspace file', () => {
    test('reverts to its content on disk, and documents using it are relinked', async () => {
        const folder = mkdtempSync(join(tmpdir(), 'lcpn-ws-'));
        folders.push(folder);
        writeFileSync(join(folder, 'pieces.lcpn'), '(def alpha [1 2])\n');
        writeFileSync(join(folder, 'user.lcpn'), '(def gamma (/ alpha beta))\n(import pieces)\n');
        const ws = await workspace(folder);
        const pieces = URI.file(join(folder, 'pieces.lcpn')).toString();
        const userUri = URI.file(join(folder, 'user.lcpn'));
        const unresolved = () => {
            const user = ws.shared.workspace.LangiumDocuments.getDocument(userUri)!;
            return user.references.filter((r) => r.error !== undefined).map((r) => r.$refText).sort();
        };
        expect(unresolved()).toEqual(['beta']);

        await ws.open(pieces, '(def beta [1 2])\n'); // unsaved: alpha renamed to beta
        await ws.shared.workspace.DocumentBuilder.waitUntil(DocumentState.Validated, userUri);
        expect(unresolved()).toEqual(['alpha']);

        await ws.close(pieces); // closed without saving
        const reverted = ws.shared.workspace.LangiumDocuments.getDocument(URI.parse(pieces))!;
        expect(reverted.textDocument.getText()).toBe('(def alpha [1 2])\n');
        await ws.shared.workspace.DocumentBuilder.waitUntil(DocumentState.Validated, userUri);
        expect(unresolved()).toEqual(['beta']);
        expect((await symbolNames(ws, 'alpha')).length).toBe(1);
        expect(await symbolNames(ws, 'beta')).toEqual([]);
    });
});

describe('requests waiting for a build', () => {
    /** `promise`, or a failure after a bound generous enough to mean "it hangs". */
    const withinBound = <T>(promise: Promise<T>) => Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('still waiting after 10 s')), 10_000))]);

    test('a wait for the workspace is answered when a build with nothing to rebuild ends (closing a buffer)', async () => {
        const ws = await workspace();
        await ws.open('untitled:Waiting-1', '(def a [1 2])\n');
        const builder = ws.shared.workspace.DocumentBuilder;
        let waiting: Promise<void> | undefined;
        const listening = builder.onUpdate(() => { waiting ??= builder.waitUntil(DocumentState.IndexedContent); });
        await ws.close('untitled:Waiting-1');
        listening.dispose();
        expect(waiting).toBeDefined();
        await expect(withinBound(waiting!)).resolves.toBeUndefined();
    });

    test('a wait for a document that is closed before it is built ends with ServerCancelled', async () => {
        const ws = await workspace();
        const builder = ws.shared.workspace.DocumentBuilder;
        const uri = 'untitled:Waiting-2';
        let waiting: Promise<unknown> | undefined;
        const listening = builder.onUpdate((changed) => {
            if (changed.some((u) => u.toString() === uri)) {
                waiting ??= builder.waitUntil(DocumentState.Validated, URI.parse(uri));
                waiting.catch(() => undefined); // asserted below
                ws.shared.workspace.TextDocuments.delete(uri); // closed while its first build starts
            }
        });
        ws.shared.workspace.TextDocuments.set(TextDocument.create(uri, 'lcpn', 1, '(def b [1 2])\n'));
        await new Promise((r) => setTimeout(r, 0));
        await ws.shared.workspace.WorkspaceLock.read(() => undefined);
        listening.dispose();
        expect(waiting).toBeDefined();
        await expect(withinBound(waiting!)).rejects.toMatchObject({ code: LSPErrorCodes.ServerCancelled });
        expect(ws.shared.workspace.LangiumDocuments.hasDocument(URI.parse(uri))).toBe(false);
    });
});

describe('a workspace file deleted on disk', () => {
    test('while open in an editor: it stays until closed, then leaves the workspace', async () => {
        const folder = mkdtempSync(join(tmpdir(), 'lcpn-ws-'));
        folders.push(folder);
        const path = join(folder, 'open.lcpn');
        writeFileSync(path, '(def alpha [1 2])\n');
        const ws = await workspace(folder);
        const uri = URI.file(path).toString();
        await ws.open(uri, '(def alpha [1 2])\n(def beta [2 2])\n');
        rmSync(path);
        ws.shared.lsp.DocumentUpdateHandler.didChangeWatchedFiles!({ changes: [{ uri, type: FileChangeType.Deleted }] });
        await new Promise((r) => setTimeout(r, 0));
        await ws.shared.workspace.WorkspaceLock.read(() => undefined);
        expect(ws.shared.workspace.LangiumDocuments.getDocument(URI.parse(uri))?.textDocument.getText()).toContain('beta');
        await ws.close(uri);
        expect(ws.shared.workspace.LangiumDocuments.hasDocument(URI.parse(uri))).toBe(false);
        expect(await symbolNames(ws, 'alpha')).toEqual([]);
    });
});

describe('the prelude', () => {
    test('opened by the client (go to definition), edited and closed: it stays, with its own text', async () => {
        const ws = await workspace();
        const uri = ws.shared.lcpn.Prelude.uri;
        const document = await ws.open(uri, '(def rook [1 2])\n');
        expect(document.textDocument.getText()).toBe('(def rook [1 2])\n');
        await ws.close(uri);
        const prelude = ws.shared.workspace.LangiumDocuments.getDocument(URI.parse(uri));
        expect(prelude?.textDocument.getText()).toBe(preludeText);
        const user = await ws.open('untitled:Uses-rook', '(def x rook)\n');
        const target = await definitionTarget(ws, user, 'rook');
        expect(target && ws.shared.lcpn.Prelude.isPrelude(target)).toBe(true);
        expect((await symbolNames(ws, 'bishop')).length).toBe(1);
    });
});

describe('open/close churn', () => {
    test('1,000 buffers opened and closed leave no documents behind and the heap bounded', async () => {
        setFlagsFromString('--expose-gc');
        const gc = runInNewContext('gc') as () => void;
        const ws = await workspace();
        const count = () => ws.shared.workspace.LangiumDocuments.all.count();
        const heap = () => { gc(); gc(); return process.memoryUsage().heapUsed; };
        const text = (i: number) => `(def piece-${i} (/ [1 2] ([0 1] :rider) (=> wazir ferz)))\n(def other-${i} (move piece-${i}))\n`;
        for (let i = 0; i < 50; i++) { await ws.open(`untitled:Warm-${i}`, text(i)); await ws.close(`untitled:Warm-${i}`); }
        const documentsBefore = count();
        const heapBefore = heap();
        for (let i = 0; i < 1000; i++) {
            await ws.open(`untitled:Untitled-${i}`, text(i));
            await ws.close(`untitled:Untitled-${i}`);
        }
        const growth = heap() - heapBefore;
        expect(count()).toBe(documentsBefore);
        expect(ws.shared.workspace.IndexManager.allElements().filter((e) => e.documentUri.scheme === 'untitled').count()).toBe(0);
        // Kept, every document used ~40 KB here (1,000 of them: ~40 MB); dropped, the heap stays within noise.
        expect(growth, `heap grew by ${(growth / 1e6).toFixed(1)} MB`).toBeLessThan(15e6);
    }, 120_000);

    test('a closed buffer is unreachable once its close is built (not only after the next build)', async () => {
        setFlagsFromString('--expose-gc');
        const gc = runInNewContext('gc') as () => void;
        const ws = await workspace();
        await ws.open('untitled:Stays', '(def stays [1 2])\n');
        const uri = 'untitled:Closed';
        // Held weakly only (a local of this function would keep them alive).
        const held = await (async () => {
            const document = await ws.open(uri, '(def closed-piece (/ [1 2] (wazir :forward)))\n(def user (=> closed-piece ferz))\n');
            return [new WeakRef(document), new WeakRef(document.parseResult.value)];
        })();
        await ws.close(uri);
        expect(ws.shared.workspace.LangiumDocuments.hasDocument(URI.parse(uri))).toBe(false);
        // A turn of the event loop: a WeakRef's target is kept until the job that made it ends.
        await new Promise((r) => setTimeout(r, 0));
        gc();
        expect(held.map((ref) => ref.deref() === undefined)).toEqual([true, true]);
    });
});
