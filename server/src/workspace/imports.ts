/**
 * Files as modules (docs/language.md, "Files as modules"): which files a file imports. An
 * import names a file without `.lcpn`, beside the importing file: `(import chess)` in
 * `variants/crazyhouse.lcpn` is `variants/chess.lcpn`. The one place that turns an import into
 * a URI and follows the import graph; the scope provider (what a name means), the builder
 * (loading imported files, relinking importers) and the checks (unknown import, cycles) ask here.
 *
 * A service of the shared container (`shared.lcpn.Imports`): the builder notes here why an
 * imported file could not be read, for the check that reports the import.
 */
import { URI, UriUtils, type LangiumDocument, type LangiumSharedCoreServices } from 'langium';
import * as ast from '../syntax/generated/ast.js';

/** The file extension an import leaves out. */
export const LCPN_EXTENSION = '.lcpn';

/** One import of a document and the file it names. */
export interface ImportOf {
    node: ast.Import;
    /** The file's name as written (without `.lcpn`). */
    file: string;
    uri: URI;
}

export class LcpnImports {
    /** Why an imported file could not be read, by URI, until it is read. */
    private readonly unreadableFiles = new Map<string, string>();
    /** The URIs each document parse imports (itself left out). */
    private readonly imported = new WeakMap<ast.Document, ReadonlySet<string>>();

    constructor(private readonly shared: LangiumSharedCoreServices) { }

    /** The file `file` names when `from` imports it: `<file>.lcpn` in `from`'s folder. */
    target(from: URI, file: string): URI {
        return UriUtils.joinPath(UriUtils.dirname(from), file + LCPN_EXTENSION);
    }

    /**
     * The names `from` may import: each `.lcpn` file of its folder but itself, without `.lcpn`,
     * that an import can spell (a NAME), sorted. Read through the workspace's file system (the
     * client's in the web extension); a folder that cannot be read (the playground has none) has none.
     */
    async importableNames(from: URI): Promise<string[]> {
        const own = from.toString();
        const spellable = new RegExp(`^(?:${ast.LcpnTerminals.NAME.source})$`);
        let entries;
        try {
            entries = await this.shared.workspace.FileSystemProvider.readDirectory(UriUtils.dirname(from));
        } catch {
            return [];
        }
        return entries.filter((e) => e.isFile && e.uri.path.endsWith(LCPN_EXTENSION) && e.uri.toString() !== own)
            .map((e) => UriUtils.basename(e.uri).slice(0, -LCPN_EXTENSION.length))
            .filter((name) => spellable.test(name))
            .sort();
    }

    /** The document's imports with the files they name, in source order (an import without a name is left out). */
    importsOf(document: LangiumDocument): ImportOf[] {
        const root = document.parseResult?.value as ast.Document | undefined;
        return (root?.imports ?? []).filter((node) => typeof node.file === 'string' && node.file.length > 0)
            .map((node) => ({ node, file: node.file!, uri: this.target(document.uri, node.file!) }));
    }

    /** The URIs (as strings) the document imports, itself left out: the files whose definitions it sees. */
    importedUris(document: LangiumDocument): ReadonlySet<string> {
        const root = document.parseResult?.value as ast.Document | undefined;
        if (!root) return new Set();
        let uris = this.imported.get(root);
        if (!uris) {
            const own = document.uri.toString();
            uris = new Set(this.importsOf(document).map((i) => i.uri.toString()).filter((u) => u !== own));
            this.imported.set(root, uris);
        }
        return uris;
    }

    /** The workspace's document at `uri`, if it has one. */
    documentAt(uri: string | URI): LangiumDocument | undefined {
        const documents = this.shared.workspace.LangiumDocuments;
        const parsed = typeof uri === 'string' ? URI.parse(uri) : uri;
        return documents.hasDocument(parsed) ? documents.getDocument(parsed) : undefined;
    }

    /**
     * The documents that import one of `uris`, directly or through other imports: what an edit,
     * a new file or a deleted one can change (the engine's checks follow names into imported
     * files' imports).
     */
    importersOf(uris: ReadonlySet<string>): Set<string> {
        const documents = this.shared.workspace.LangiumDocuments.all.toArray();
        const reached = new Set(uris);
        const importers = new Set<string>();
        for (let grew = true; grew;) {
            grew = false;
            for (const document of documents) {
                const uri = document.uri.toString();
                if (importers.has(uri)) continue;
                for (const imported of this.importedUris(document)) {
                    if (!reached.has(imported)) continue;
                    importers.add(uri);
                    reached.add(uri);
                    grew = true;
                    break;
                }
            }
        }
        return importers;
    }

    /**
     * A chain of imports from `document` back to itself through `first` (one of its imports), as
     * URIs from `first` to the document, or undefined. Breadth first over the loaded documents,
     * each visited once: never a hang, whatever the graph.
     */
    cycleThrough(document: LangiumDocument, first: URI): URI[] | undefined {
        const own = document.uri.toString();
        const start = first.toString();
        if (start === own) return undefined;
        const cameFrom = new Map<string, string | undefined>([[start, undefined]]);
        const queue = [start];
        while (queue.length > 0) {
            const uri = queue.shift()!;
            const at = this.documentAt(uri);
            if (!at) continue;
            for (const next of this.importedUris(at)) {
                if (next === own) {
                    const chain = [uri];
                    for (let back = cameFrom.get(uri); back !== undefined; back = cameFrom.get(back)) chain.unshift(back);
                    return [...chain.map((u) => URI.parse(u)), document.uri];
                }
                if (cameFrom.has(next)) continue;
                cameFrom.set(next, uri);
                queue.push(next);
            }
        }
        return undefined;
    }

    /** Noted by the builder when an imported file could not be read (cleared when it is). */
    noteUnreadable(uri: URI, reason: string | undefined): void {
        if (reason === undefined) this.unreadableFiles.delete(uri.toString());
        else this.unreadableFiles.set(uri.toString(), reason);
    }

    /** Why the file at `uri` could not be read, when the builder tried and failed. */
    unreadable(uri: URI): string | undefined {
        return this.unreadableFiles.get(uri.toString());
    }
}

/** A file's name as messages write it: `chess.lcpn`. */
export function fileName(uri: URI): string {
    return UriUtils.basename(uri) || uri.path;
}
