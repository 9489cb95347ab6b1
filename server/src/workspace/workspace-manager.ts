/**
 * The workspace: the prelude plus the `.lcpn` files of the workspace folders. A file that
 * cannot be loaded (unreadable, too large, a pipe, a broken link) is skipped and reported by
 * name; the rest of the workspace loads. Before this, one such file rejected the startup, the
 * workspace never became ready, and every request waited forever.
 */
import {
    DefaultWorkspaceManager, URI, UriUtils, type FileSystemNode, type LangiumDocument
} from 'langium';
import type { LangiumSharedServices } from 'langium/lsp';
import type { WorkspaceFolder } from 'vscode-languageserver';
import { describeReadError, UnreadableFile } from './file-system.js';
import type { LcpnSharedServices } from './services.js';
import { isLcpnFileName } from './service-registry.js';

export class LcpnWorkspaceManager extends DefaultWorkspaceManager {
    /** Files reported as skipped, with the reason, so a file is reported once per reason. */
    private readonly reported = new Map<string, string>();

    constructor(private readonly sharedServices: LcpnSharedServices) {
        super(sharedServices);
    }

    protected override async loadAdditionalDocuments(folders: WorkspaceFolder[], collector: (document: LangiumDocument) => void): Promise<void> {
        await super.loadAdditionalDocuments(folders, collector);
        const prelude = this.sharedServices.lcpn.Prelude;
        collector(this.sharedServices.workspace.LangiumDocumentFactory.fromString(prelude.text, URI.parse(prelude.uri)));
    }

    /** Langium's startup, except that each file is loaded on its own and the workspace becomes ready whatever happens. */
    protected override async performStartup(folders: WorkspaceFolder[]): Promise<LangiumDocument[]> {
        try {
            const documents: LangiumDocument[] = [];
            const collector = (document: LangiumDocument) => {
                documents.push(document);
                if (!this.langiumDocuments.hasDocument(document.uri)) this.langiumDocuments.addDocument(document);
            };
            await this.loadAdditionalDocuments(folders, collector);
            const uris: URI[] = [];
            await Promise.all(folders.map((folder) => this.traverseFolder(this.getRootFolder(folder), uris)));
            const unique = new Map(uris.map((uri) => [uri.toString(), uri]));
            await Promise.all([...unique.values()].filter((uri) => !this.langiumDocuments.hasDocument(uri)).map(async (uri) => {
                try {
                    collector(await this.langiumDocuments.getOrCreateDocument(uri));
                } catch (error) {
                    this.reportUnreadable(uri, error);
                }
            }));
            return documents;
        } finally {
            this._ready.resolve();
        }
    }

    /**
     * Langium's traversal, and a `.lcpn` entry that is neither a file nor a folder is looked at:
     * a link to a file is followed (links to folders are not: they can loop), anything else
     * (a pipe, a socket, a broken link) is reported.
     */
    protected override async traverseFolder(folder: URI, uris: URI[]): Promise<void> {
        let entries: FileSystemNode[];
        try {
            entries = await this.fileSystemProvider.readDirectory(folder);
        } catch (error) {
            console.warn(`LCPN could not list the folder ${folder.fsPath}: ${describeReadError(error)}`);
            return;
        }
        await Promise.all(entries.map(async (entry) => {
            if (this.shouldIncludeEntry(entry)) {
                if (entry.isDirectory) await this.traverseFolder(entry.uri, uris);
                else uris.push(entry.uri);
            } else if (!entry.isDirectory && !entry.isFile && isLcpnFileName(entry.uri) && !UriUtils.basename(entry.uri).startsWith('.')) {
                try {
                    const target = await this.fileSystemProvider.stat(entry.uri);
                    if (target.isFile) uris.push(entry.uri);
                    else if (!target.isDirectory) this.reportUnreadable(entry.uri, new UnreadableFile(entry.uri, 'is not a regular file (a pipe, socket or device)'));
                } catch (error) {
                    this.reportUnreadable(entry.uri, error);
                }
            }
        }));
    }

    /** Folders but hidden ones, `node_modules` and `out`; files named `*.lcpn` (any case), whatever else the registry serves. */
    override shouldIncludeEntry(entry: FileSystemNode): boolean {
        const name = UriUtils.basename(entry.uri);
        if (name.startsWith('.')) return false;
        if (entry.isDirectory) return name !== 'node_modules' && name !== 'out';
        return entry.isFile && isLcpnFileName(entry.uri);
    }

    /**
     * Whether `uri` is one of the workspace's files: a `.lcpn` file on disk, inside a workspace
     * folder and not in a folder the traversal skips. A closed document that is one reverts
     * to the file; any other closed document leaves the workspace.
     */
    async isWorkspaceFile(uri: URI): Promise<boolean> {
        if (!isLcpnFileName(uri)) return false;
        const inFolder = (this.folders ?? []).some((folder) => {
            const root = this.getRootFolder(folder);
            if (root.scheme !== uri.scheme || root.authority !== uri.authority || !UriUtils.contains(root, uri)) return false;
            const below = UriUtils.relative(root, uri).split('/').slice(0, -1);
            return !below.some((segment) => segment === '..' || segment.startsWith('.') || segment === 'node_modules' || segment === 'out');
        });
        if (!inFolder) return false;
        try {
            return (await this.fileSystemProvider.stat(uri)).isFile;
        } catch {
            return false;
        }
    }

    /** Says in the log, and once in a window message, that a file was skipped and why. */
    reportUnreadable(uri: URI, error: unknown): void {
        const reason = error instanceof UnreadableFile ? error.reason : describeReadError(error);
        const key = uri.toString();
        if (this.reported.get(key) === reason) return;
        this.reported.set(key, reason);
        const message = `LCPN skipped ${uri.scheme === 'file' ? uri.fsPath : key}: it ${reason}.`;
        console.warn(message);
        void (this.sharedServices as Partial<LangiumSharedServices>).lsp?.Connection?.window.showWarningMessage(message);
    }

    /** Forgets that a file was reported (it was read since), so a new problem with it is reported again. */
    forgetReport(uri: URI): void {
        this.reported.delete(uri.toString());
    }
}
