/**
 * A workspace for the incremental tests: services with the prelude built, documents opened and
 * edited the way the editor does, and the same files' diagnostics built from scratch.
 */
import { Cancellation, URI, type LangiumDocument } from 'langium';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { createTestServices } from '../test-services.js';

export type Services = Awaited<ReturnType<typeof createTestServices>>;

/** New services whose prelude is built (the tests' one way to make them). */
export const services = createTestServices;

/** Opens or edits a document the way the editor does (TextDocuments, then DocumentBuilder.update). */
export async function edit(s: Services, uri: string, text: string, version: number, token?: Cancellation.CancellationToken): Promise<LangiumDocument> {
    const { TextDocuments, LangiumDocuments, LangiumDocumentFactory, DocumentBuilder } = s.shared.workspace;
    TextDocuments.set(TextDocument.create(uri, 'lcpn', version, text));
    if (!LangiumDocuments.hasDocument(URI.parse(uri))) LangiumDocuments.addDocument(LangiumDocumentFactory.fromString(text, URI.parse(uri)));
    await DocumentBuilder.update([URI.parse(uri)], [], token);
    return LangiumDocuments.getDocument(URI.parse(uri))!;
}

/** Each file's diagnostics when the files are built from scratch, validated, in a new workspace. */
export async function diagnosticsFromScratch(files: Map<string, string>): Promise<Map<string, string>> {
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
