/**
 * A build cancelled after linking leaves documents linked but with no reference entry in the
 * index; when another document then loses a definition they link to, they are relinked all the
 * same (LcpnIndexManager.isAffected answers from their links): diagnostics equal a from-scratch build.
 */
import { Cancellation, DocumentState, EmptyFileSystem, URI, type LangiumDocument } from 'langium';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { describe, expect, test } from 'vitest';
import { createLcpnServices } from '../../src/language/lcpn-module.js';
import { ensurePrelude } from '../../src/language/lcpn-prelude.js';

const A = 'file:///w/a.lcpn';
const B = 'file:///w/b.lcpn';

type Services = ReturnType<typeof createLcpnServices>;

async function services(): Promise<Services> {
    const s = createLcpnServices(EmptyFileSystem);
    await s.shared.workspace.DocumentBuilder.build([ensurePrelude(s.shared)]);
    return s;
}

async function edit(s: Services, uri: string, text: string, version: number, token?: Cancellation.CancellationToken): Promise<void> {
    const { TextDocuments, LangiumDocuments, LangiumDocumentFactory, DocumentBuilder } = s.shared.workspace;
    TextDocuments.set(TextDocument.create(uri, 'lcpn', version, text));
    if (!LangiumDocuments.hasDocument(URI.parse(uri))) LangiumDocuments.addDocument(LangiumDocumentFactory.fromString(text, URI.parse(uri)));
    await DocumentBuilder.update([URI.parse(uri)], [], token);
}

async function fromScratch(files: Map<string, string>): Promise<Map<string, string>> {
    const s = await services();
    const { LangiumDocuments, LangiumDocumentFactory, DocumentBuilder } = s.shared.workspace;
    const documents: LangiumDocument[] = [];
    for (const [uri, text] of files) {
        const document = LangiumDocumentFactory.fromString(text, URI.parse(uri));
        LangiumDocuments.addDocument(document);
        documents.push(document);
    }
    await DocumentBuilder.build(documents, { validation: true });
    return new Map(documents.map((d) => [d.uri.toString(), JSON.stringify(d.diagnostics)]));
}

describe('a build cancelled after linking', () => {
    test('a document linked then cancelled is relinked when the definition it uses goes away', async () => {
        const s = await services();
        const aText = 'north_c := [1, 1]\nq := [0, 1]\n';
        await edit(s, A, aText, 1);
        await edit(s, B, 'p := north_c\n', 1);
        // B edited again; the build is cancelled once linked (the next change arrives).
        const source = new Cancellation.CancellationTokenSource();
        const listener = s.shared.workspace.DocumentBuilder.onBuildPhase(DocumentState.Linked, () => source.cancel());
        const bText = 'p := north_c / north_c\n';
        await edit(s, B, bText, 2, source.token).catch(() => undefined);
        listener.dispose();
        const b = s.shared.workspace.LangiumDocuments.getDocument(URI.parse(B))!;
        expect(b.state).toBe(DocumentState.Linked);
        const aNew = 'north_d := [1, 1]\nq := [0, 1]\n';
        await edit(s, A, aNew, 2);
        const expected = await fromScratch(new Map([[A, aNew], [B, bText]]));
        expect(JSON.stringify(b.diagnostics)).toBe(expected.get(B));
    });

    test('a definition indexed by a build cancelled then relinks its users in the next build', async () => {
        const s = await services();
        const C = 'file:///w/c.lcpn';
        await edit(s, A, 'q := [0, 1]\n', 1);
        await edit(s, B, 'p := north_x\n', 1);
        await edit(s, C, 'r := [1, 0]\n', 1);
        const source = new Cancellation.CancellationTokenSource();
        const listener = s.shared.workspace.DocumentBuilder.onBuildPhase(DocumentState.IndexedContent, () => source.cancel());
        const aText = 'north_x := [1, 1]\nq := [0, 1]\n';
        await edit(s, A, aText, 2, source.token).catch(() => undefined);
        listener.dispose();
        const cText = 'r := [1, 0]\nt := [2, 0]\n';
        await edit(s, C, cText, 2);
        const b = s.shared.workspace.LangiumDocuments.getDocument(URI.parse(B))!;
        const expected = await fromScratch(new Map([[A, aText], [B, 'p := north_x\n'], [C, cText]]));
        expect(JSON.stringify(b.diagnostics)).toBe(expected.get(B));
    });
});
