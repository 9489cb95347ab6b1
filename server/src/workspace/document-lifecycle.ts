/**
 * What happens to a document when the client opens, edits and closes it.
 *
 * Langium never drops a closed document: an unsaved buffer stayed in the index after its tab
 * was closed (its pieces still hovered, linked and listed in other files; memory grew with
 * every buffer ever opened), and a closed workspace file kept its unsaved text. Here a closed
 * document that is a file of the workspace reverts to the file's content; any other leaves
 * the workspace (documents that used its pieces are relinked and revalidated, and its
 * diagnostics are cleared).
 *
 * No exception in a build ends the process: Langium does not handle the promise of a build it
 * starts for an edit, and Node exits on an unhandled rejection. A failed build is logged.
 */
import { URI, type TextDocument } from 'langium';
import { DefaultDocumentUpdateHandler, type LangiumSharedServices } from 'langium/lsp';
import { FileChangeType, type DidChangeWatchedFilesParams, type TextDocumentChangeEvent } from 'vscode-languageserver';
import type { LcpnPrelude } from './prelude.js';
import type { LcpnSharedServices } from './services.js';
import type { LcpnWorkspaceManager } from './workspace-manager.js';

export class LcpnDocumentUpdateHandler extends DefaultDocumentUpdateHandler {
    private readonly textDocuments: LangiumSharedServices['workspace']['TextDocuments'];
    private readonly prelude: LcpnPrelude;

    constructor(services: LcpnSharedServices) {
        super(services);
        this.textDocuments = services.workspace.TextDocuments;
        this.prelude = services.lcpn.Prelude;
    }

    protected override fireDocumentUpdate(changed: URI[], deleted: URI[]): void {
        this.enqueue(() => ({ changed, deleted }));
    }

    /**
     * A file deleted on disk while it is open in an editor stays (the editor still holds its
     * text, and the user may save it again); Langium dropped it, and every request on the open
     * editor then failed until the next keystroke.
     */
    override didChangeWatchedFiles(params: DidChangeWatchedFilesParams): void {
        const open = (uri: string) => this.textDocuments.get(uri) !== undefined;
        super.didChangeWatchedFiles({ changes: params.changes.filter((change) => change.type !== FileChangeType.Deleted || !open(change.uri)) });
    }

    didCloseDocument(event: TextDocumentChangeEvent<TextDocument>): void {
        const uri = URI.parse(event.document.uri);
        this.enqueue(async () => {
            const keep = this.prelude.isPrelude(uri) || await (this.workspaceManager as LcpnWorkspaceManager).isWorkspaceFile(uri);
            // Opened again while we looked: the open's own update follows this one.
            if (this.textDocuments.get(uri)) return { changed: [], deleted: [] };
            return keep ? { changed: [uri], deleted: [] } : { changed: [], deleted: [uri] };
        });
    }

    /**
     * Queues a build in the order of the client's notifications (each build cancels the one
     * before it, as Langium's do). What to build is decided when the build's turn comes;
     * Langium applies deletions and invalidations even to a build that is cancelled at once.
     */
    private enqueue(decide: () => { changed: URI[]; deleted: URI[] } | Promise<{ changed: URI[]; deleted: URI[] }>): void {
        this.workspaceManager.ready
            .then(() => this.workspaceLock.write(async (token) => {
                const { changed, deleted } = await decide();
                if (changed.length > 0 || deleted.length > 0) await this.documentBuilder.update(changed, deleted, token);
            }))
            .catch((error: unknown) => {
                console.error('LCPN: a build of the workspace failed; the server goes on.', error instanceof Error ? error.stack ?? error.message : error);
            });
    }
}
