/**
 * A workspace edited as the editor edits it (TextDocuments + DocumentBuilder.update), for the
 * tests of answers after edits and across files.
 */
import { URI, type LangiumDocument } from 'langium';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { createTestServices } from '../../test-services.js';

export type EditedServices = Awaited<ReturnType<typeof createTestServices>>;

export class EditedWorkspace {
    private versions = new Map<string, number>();

    private constructor(readonly services: EditedServices) { }

    static async create(): Promise<EditedWorkspace> {
        return new EditedWorkspace(await createTestServices());
    }

    get Lcpn() {
        return this.services.Lcpn;
    }

    /** Opens or replaces `name`'s text and builds it as the server does after didOpen / didChange. */
    async set(name: string, text: string): Promise<LangiumDocument> {
        const uri = `file:///w/${name}`;
        const { TextDocuments, LangiumDocuments, LangiumDocumentFactory, DocumentBuilder } = this.services.shared.workspace;
        const version = (this.versions.get(uri) ?? 0) + 1;
        this.versions.set(uri, version);
        TextDocuments!.set(TextDocument.create(uri, 'lcpn', version, text));
        const parsed = URI.parse(uri);
        if (!LangiumDocuments.hasDocument(parsed)) LangiumDocuments.addDocument(LangiumDocumentFactory.fromString(text, parsed));
        await DocumentBuilder.update([parsed], []);
        return LangiumDocuments.getDocument(parsed)!;
    }

    /** Closes and forgets `name`. */
    async remove(name: string): Promise<void> {
        const uri = `file:///w/${name}`;
        this.services.shared.workspace.TextDocuments!.delete(uri);
        await this.services.shared.workspace.DocumentBuilder.update([], [URI.parse(uri)]);
    }
}
