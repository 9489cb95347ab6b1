/**
 * Which documents an edit relinks and revalidates (document-builder.ts): those that import the
 * edited document, directly or through other imports; not every document with a failed
 * reference (nearly all: function names link to nothing), as Langium did. After every edit each
 * document's diagnostics must equal those of a fresh build of the same files.
 */
import { DocumentState, EmptyFileSystem, URI, type LangiumDocument } from 'langium';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { describe, expect, test } from 'vitest';
import { createLcpnServices, type LcpnSharedServices } from '../../src/semantics/module.js';

interface Workspace {
    shared: LcpnSharedServices;
    /** Documents validated by the last build, by URI. */
    validated: string[];
    texts: Map<string, string>;
    edit(uri: string, text: string): Promise<void>;
}

async function workspace(files: Record<string, string>): Promise<Workspace> {
    const { shared } = createLcpnServices(EmptyFileSystem);
    const prelude = shared.lcpn.Prelude.document();
    const texts = new Map(Object.entries(files));
    const documents: LangiumDocument[] = [prelude];
    for (const [uri, text] of texts) {
        shared.workspace.TextDocuments.set(TextDocument.create(uri, 'lcpn', 1, text));
        const document = shared.workspace.LangiumDocumentFactory.fromString(text, URI.parse(uri));
        shared.workspace.LangiumDocuments.addDocument(document);
        documents.push(document);
    }
    await shared.workspace.DocumentBuilder.build(documents, { validation: true });
    const ws: Workspace = {
        shared, texts, validated: [],
        async edit(uri, text) {
            texts.set(uri, text);
            shared.workspace.TextDocuments.set(TextDocument.create(uri, 'lcpn', 2, text));
            ws.validated = [];
            await shared.workspace.DocumentBuilder.update([URI.parse(uri)], []);
        }
    };
    shared.workspace.DocumentBuilder.onDocumentPhase(DocumentState.Validated, (document) => {
        ws.validated.push(shared.lcpn.Prelude.isPrelude(document.uri) ? 'prelude' : document.uri.toString());
    });
    return ws;
}

/** Every document's diagnostics (message, line) by URI. */
function diagnosticsOf(shared: LcpnSharedServices): Record<string, string[]> {
    const result: Record<string, string[]> = {};
    for (const document of shared.workspace.LangiumDocuments.all) {
        if (shared.lcpn.Prelude.isPrelude(document.uri)) continue;
        result[document.uri.toString()] = (document.diagnostics ?? []).map((d) => `${d.range.start.line}: ${d.message}`).sort();
    }
    return result;
}

async function expectSameAsFreshBuild(ws: Workspace): Promise<void> {
    const fresh = await workspace(Object.fromEntries(ws.texts));
    expect(diagnosticsOf(ws.shared)).toEqual(diagnosticsOf(fresh.shared));
}

describe('an edit relinks what it can affect, and only that', () => {
    test('unrelated documents with failed names (function names, an unknown piece) and the prelude are not revalidated', async () => {
        const ws = await workspace({
            'file:///w/a.lcpn': '(def alpha [1 2])\n',
            'file:///w/b.lcpn': '(def beta (capture (/ rook nosuchpiece)))\n',
            'file:///w/c.lcpn': 'gamma := alpha / wazir\nimport a\n'
        });
        await ws.edit('file:///w/a.lcpn', '(def alpha [1 3])\n(def delta (move ferz))\n');
        expect(ws.validated.sort()).toEqual(['file:///w/a.lcpn', 'file:///w/c.lcpn']);
        await expectSameAsFreshBuild(ws);
    });

    test('a document reaching the edited one through another is revalidated (a cycle closed two files away)', async () => {
        const ws = await workspace({
            'file:///w/x.lcpn': '(def xp (yp :forward))\n(import y)\n',
            'file:///w/y.lcpn': 'yp := zp / wazir\nimport z\n',
            'file:///w/z.lcpn': 'zp IS [1, 2]\n'
        });
        await ws.edit('file:///w/z.lcpn', 'zp IS xp\nIMPORT x\n');
        expect(ws.validated.sort()).toEqual(['file:///w/x.lcpn', 'file:///w/y.lcpn', 'file:///w/z.lcpn']);
        await expectSameAsFreshBuild(ws);
        expect(diagnosticsOf(ws.shared)['file:///w/x.lcpn'].join('\n')).toMatch(/cycl/i);
    });

    test('an ambiguity is gone when one of the two definitions is removed; a name newly defined resolves', async () => {
        const ws = await workspace({
            'file:///w/a.lcpn': '(def twin [1 2])\n',
            'file:///w/b.lcpn': '(def twin [2 2])\n',
            'file:///w/user.lcpn': '(def user (/ twin later))\n(import a)\n(import b)\n'
        });
        expect(diagnosticsOf(ws.shared)['file:///w/user.lcpn'].join('\n')).toMatch(/several files/);
        await ws.edit('file:///w/a.lcpn', '(def other [1 2])\n');
        expect(ws.validated).toContain('file:///w/user.lcpn');
        await expectSameAsFreshBuild(ws);
        expect(diagnosticsOf(ws.shared)['file:///w/user.lcpn'].join('\n')).not.toMatch(/several files/);
        await ws.edit('file:///w/b.lcpn', '(def twin [2 2])\n(def later [3 3])\n');
        await expectSameAsFreshBuild(ws);
        expect(diagnosticsOf(ws.shared)['file:///w/user.lcpn']).toEqual([]);
    });
});
