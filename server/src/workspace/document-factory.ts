/**
 * Langium's document factory, except when a document has no open editor and its text must be
 * read again (a workspace file closed or changed on disk): the prelude is read from the
 * server's own copy (its URI may be the client's, which no file system serves), and a file
 * that cannot be read any more becomes empty and is reported, instead of failing the build
 * of the whole workspace (one unreadable file then broke every later build).
 */
import { DefaultLangiumDocumentFactory, type LangiumDocument, type Mutable, type AstNode } from 'langium';
import type { CancellationToken } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { LcpnPrelude } from './prelude.js';
import type { LcpnSharedServices } from './services.js';
import type { LcpnWorkspaceManager } from './workspace-manager.js';

export class LcpnDocumentFactory extends DefaultLangiumDocumentFactory {
    private readonly workspaceManager: () => LcpnWorkspaceManager;
    private readonly prelude: () => LcpnPrelude;

    constructor(services: LcpnSharedServices) {
        super(services);
        this.workspaceManager = () => services.workspace.WorkspaceManager as LcpnWorkspaceManager;
        this.prelude = () => services.lcpn.Prelude;
    }

    protected override async getUpdatedText<T extends AstNode>(document: Mutable<LangiumDocument<T>>, textDocument: TextDocument | undefined, cancellationToken: CancellationToken): Promise<string> {
        if (textDocument) return super.getUpdatedText(document, textDocument, cancellationToken);
        const prelude = this.prelude();
        if (prelude.isPrelude(document.uri)) return prelude.text;
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
