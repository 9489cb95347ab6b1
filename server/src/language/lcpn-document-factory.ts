/**
 * Langium's document factory, except when a document has no open editor and its text must be
 * read again (a workspace file closed or changed on disk): the prelude is read from the
 * server's own copy (its URI may be the client's, which no file system serves), and a file
 * that cannot be read any more becomes empty and is reported, instead of failing the build
 * of the whole workspace (one unreadable file then broke every later build).
 */
import { DefaultLangiumDocumentFactory, DocumentState, type AstNode, type LangiumDocument, type LangiumSharedCoreServices, type Mutable } from 'langium';
import type { CancellationToken } from 'vscode-languageserver';
import { isPreludeUri, preludeText } from './lcpn-prelude.js';
import type { LcpnWorkspaceManager } from './lcpn-workspace-manager.js';

export class LcpnDocumentFactory extends DefaultLangiumDocumentFactory {
    private readonly workspaceManager: () => LcpnWorkspaceManager;

    constructor(services: LangiumSharedCoreServices) {
        super(services);
        this.workspaceManager = () => services.workspace.WorkspaceManager as LcpnWorkspaceManager;
    }

    override async update<T extends AstNode = AstNode>(document: Mutable<LangiumDocument<T>>, cancellationToken: CancellationToken): Promise<LangiumDocument<T>> {
        const oldText = document.parseResult.value.$cstNode?.root.fullText;
        const textDocument = this.textDocuments?.get(document.uri.toString());
        const text = textDocument ? textDocument.getText() : await this.readText(document);
        if (textDocument) {
            Object.defineProperty(document, 'textDocument', { value: textDocument, configurable: true });
        } else {
            Object.defineProperty(document, 'textDocument', { get: this.createTextDocumentGetter(document.uri, text), configurable: true });
        }
        if (oldText !== text) {
            document.parseResult = await this.parseAsync<T>(document.uri, text, cancellationToken);
            (document.parseResult.value as Mutable<AstNode>).$document = document;
        }
        document.state = DocumentState.Parsed;
        return document;
    }

    private async readText(document: LangiumDocument): Promise<string> {
        if (isPreludeUri(document.uri.toString())) return preludeText;
        try {
            const text = await this.fileSystemProvider.readFile(document.uri);
            this.workspaceManager().forgetReport(document.uri);
            return text;
        } catch (error) {
            this.workspaceManager().reportUnreadable(document.uri, error);
            return '';
        }
    }
}
