/**
 * Another open document that adds or removes a definition close to an unknown name used in a
 * document changes that document's "did you mean" list (unknown-piece / unknown-keyword): the
 * builder revalidates it (lcpn-document-builder.ts), and its diagnostics equal those of the
 * same files built from scratch.
 */
import { EmptyFileSystem, URI, type LangiumDocument } from 'langium';
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

/** Opens or edits a document the way the editor does (TextDocuments, then DocumentBuilder.update). */
async function edit(s: Services, uri: string, text: string, version: number): Promise<void> {
    const { TextDocuments, LangiumDocuments, LangiumDocumentFactory, DocumentBuilder } = s.shared.workspace;
    TextDocuments.set(TextDocument.create(uri, 'lcpn', version, text));
    if (!LangiumDocuments.hasDocument(URI.parse(uri))) LangiumDocuments.addDocument(LangiumDocumentFactory.fromString(text, URI.parse(uri)));
    await DocumentBuilder.update([URI.parse(uri)], []);
}

/** Each file's diagnostics when the files are built from scratch, validated, in a new workspace. */
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

function diagnosticsOf(s: Services, uri: string): string {
    return JSON.stringify(s.shared.workspace.LangiumDocuments.getDocument(URI.parse(uri))!.diagnostics);
}

/** Opens B, then A with each of `texts` in turn; after each, both files' diagnostics equal a from-scratch build's. */
async function check(bText: string, texts: string[]): Promise<string[]> {
    const s = await services();
    const files = new Map<string, string>([[B, bText]]);
    await edit(s, B, bText, 1);
    const seen: string[] = [];
    let version = 1;
    for (const text of texts) {
        files.set(A, text);
        await edit(s, A, text, version++);
        const expected = await fromScratch(files);
        for (const uri of [A, B]) expect(diagnosticsOf(s, uri), `${uri} after a.lcpn = ${JSON.stringify(text)}`).toBe(expected.get(uri));
        seen.push(diagnosticsOf(s, B));
    }
    return seen;
}

describe('another document adding or removing a name close to an unknown one', () => {
    test('unknown piece: its suggestions follow the other document', async () => {
        const seen = await check('p := gryphonz\n', ['q := [1, 1]\n', 'gryphony := [1, 1]\n', 'q := [1, 1]\n', 'gryphony := [1, 1]\ngryphonx := [2, 1]\n', 'gryphonx := [2, 1]\n', '\n']);
        // The list did change (else the test proves nothing).
        expect(new Set(seen).size).toBeGreaterThan(2);
    });

    test('unknown keyword: its suggestions follow the zones the other document defines', async () => {
        const seen = await check('p := [1, 1]:gardenz\n', ['q := [1, 1]\n', 'gardeny := zone(a1-b2)\n', 'q := [1, 1]\n', 'gardeny := zone(a1-b2)\ngardenx := zone(c1-d2)\n', 'gardenx := zone(c1-d2)\n', '\n']);
        expect(new Set(seen).size).toBeGreaterThan(2);
    });
});
