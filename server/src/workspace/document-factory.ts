/**
 * Langium's document factory, except when a document has no open editor and its text must be
 * read again (a workspace file closed or changed on disk): the prelude is read from the
 * server's own copy (its URI may be the client's, which no file system serves), and a file
 * that cannot be read any more becomes empty and is reported, instead of failing the build
 * of the whole workspace (one unreadable file then broke every later build).
 */
import { DefaultLangiumDocumentFactory, type LangiumDocument, type LangiumSharedCoreServices, type Mutable, type AstNode } from 'langium';
import type { CancellationToken } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { isPreludeUri, preludeText } from '../semantics/prelude.js';
import type { LcpnWorkspaceManager } from './workspace-manager.js';

export class LcpnDocumentFactory extends DefaultLangiumDocumentFactory {
    private readonly workspaceManager: () => LcpnWorkspaceManager;

    constructor(services: LangiumSharedCoreServices) {
        super(services);
        this.workspaceManager = () => services.workspace.WorkspaceManager as LcpnWorkspaceManager;
    }

    protected override async getUpdatedText<T extends AstNode>(document: Mutable<LangiumDocument<T>>, textDocument: TextDocument | undefined, cancellationToken: CancellationToken): Promise<string> {
        if (textDocument) return super.getUpdatedText(document, textDocument, cancellationToken);
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
