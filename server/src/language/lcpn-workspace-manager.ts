/** Loads the prelude into every workspace, alongside the user's files. */
import { DefaultWorkspaceManager, URI, type LangiumDocument, type LangiumSharedCoreServices } from 'langium';
import type { WorkspaceFolder } from 'vscode-languageserver';
import { preludeText, preludeUri } from './lcpn-prelude.js';

export class LcpnWorkspaceManager extends DefaultWorkspaceManager {
    constructor(private readonly sharedServices: LangiumSharedCoreServices) {
        super(sharedServices);
    }

    protected override async loadAdditionalDocuments(folders: WorkspaceFolder[], collector: (document: LangiumDocument) => void): Promise<void> {
        await super.loadAdditionalDocuments(folders, collector);
        collector(this.sharedServices.workspace.LangiumDocumentFactory.fromString(preludeText, URI.parse(preludeUri())));
    }
}
