/**
 * The reference index, described on demand (issue 12). Langium's index keeps, per document, a
 * description of every resolved reference (source path, target path, segment), computed in full
 * after every link: on a 1 MB file, 220 ms per build and several MB kept, and every one of them
 * holds a path or a position an edit moves. An LCPN document linked by LcpnLinker has its
 * references recorded per item (incremental-link.ts), so the index answers from them:
 *
 * - `findAllReferences(target)` reads only the items that use the target's name (a reference
 *   resolves by name, normalized), and describes their references to it with the positions
 *   and paths the nodes have now, exactly as Langium's `ReferenceDescriptionProvider` would;
 * - `isAffected` reads the targets' documents of the references (remembered per link).
 *
 * Any other document (not linked by LcpnLinker, or linked while Langium's linking profiler was
 * on) keeps Langium's list. Documents are answered in the order their references were indexed,
 * as Langium's map does.
 */
import {
    AstUtils, Cancellation, DefaultIndexManager, DocumentState, stream, UriUtils,
    type AstNode, type AstNodeDescription, type LangiumDocument, type LangiumSharedCoreServices, type ReferenceDescription, type Stream, type URI
} from 'langium';
import * as ast from '../syntax/generated/ast.js';
import { inWalkOrder, itemReferenceInfos, itemsOf, type AnyReference } from '../semantics/incremental-link.js';
import { exportChanges, LcpnLinker, type LcpnReferenceDescriptionProvider } from '../semantics/linking.js';
import { normalizeName } from '../model/names.js';

type Indexed =
    | { readonly kind: 'list'; readonly descriptions: ReferenceDescription[] }
    | { readonly kind: 'items'; readonly document: LangiumDocument; readonly root: AstNode; targets?: Set<string> };

export class LcpnIndexManager extends DefaultIndexManager {
    /** Per document URI, in the order indexed: Langium's list, or the document whose items describe its references. */
    private readonly references = new Map<string, Indexed>();

    /**
     * Normalized name -> every exported definition of it (each document's in its order), kept in
     * step with the exports: an edit's splice changes only its definitions' entries
     * (`exportChanges`), any other update replaces the document's entries. A name defined once
     * (nearly all of them) keeps its description without a list: one-element lists were ~1.1x the text.
     */
    private readonly table = new Map<string, AstNodeDescription | AstNodeDescription[]>();
    /** The exports each document has in `table`. */
    private readonly tabled = new Map<string, readonly AstNodeDescription[]>();
    /** Documents whose content was removed from the index (reset for a new text): their entries are not answered until updated. */
    private readonly removedContent = new Set<string>();

    override async updateContent(document: LangiumDocument, cancelToken: Cancellation.CancellationToken = Cancellation.CancellationToken.None): Promise<void> {
        await super.updateContent(document, cancelToken);
        const uri = document.uri.toString();
        const exports = this.symbolIndex.get(uri) ?? [];
        const before = this.tabled.get(uri);
        const change = exportChanges.get(exports);
        if (before !== exports) {
            const [removed, added, inOrder] = before && change && change.base === before ? [change.removed, change.added, true] : [before ?? [], exports, false];
            const newly = this.newly.get(uri) ?? new Set<string>();
            const gone = this.gone.get(uri) ?? new Set<string>();
            const wasExported = added.map((description) => this.exportsName(uri, keyOf(description)));
            for (const description of removed) this.untable(description);
            added.forEach((description, k) => {
                this.tableOne(description, inOrder);
                if (!wasExported[k]) newly.add(keyOf(description));
            });
            for (const description of removed) {
                const key = keyOf(description);
                if (!this.exportsName(uri, key)) gone.add(key);
            }
            this.newly.set(uri, newly);
            if (gone.size > 0) this.gone.set(uri, gone);
        }
        this.tabled.set(uri, exports);
        this.removedContent.delete(uri);
    }

    /** Per document, the names its updates exported that it did not export before (until the builder takes them). */
    private readonly newly = new Map<string, Set<string>>();
    /** Per document, the names its updates stopped exporting (their count went to 0), until the builder takes them. */
    private readonly gone = new Map<string, Set<string>>();

    /**
     * Whether the document exports a definition named `key` (normalized), as last indexed (also
     * while it is reset for an update): read from the name table, whose lists are short (no
     * per-document map of names, which cost ~0.9x the text).
     */
    exportsName(uri: string, key: string): boolean {
        const entry = this.table.get(key);
        if (!entry) return false;
        if (!Array.isArray(entry)) return entry.documentUri.toString() === uri;
        for (const description of entry) if (description.documentUri.toString() === uri) return true;
        return false;
    }

    /** The names the document's updates newly exported since the last call (the builder relinks the documents using them). */
    takeNewlyExported(uri: string): ReadonlySet<string> {
        const names = this.newly.get(uri);
        this.newly.delete(uri);
        return names ?? new Set();
    }

    /**
     * The names the document's updates stopped exporting since the last call (the builder
     * revalidates the documents whose "did you mean" lists may have named them).
     */
    takeNoLongerExported(uri: string): ReadonlySet<string> {
        const names = this.gone.get(uri);
        this.gone.delete(uri);
        return names ?? new Set();
    }

    override removeContent(uri: URI): void {
        const key = uri.toString();
        if (this.tabled.has(key)) this.removedContent.add(key);
        super.removeContent(uri);
    }

    override remove(uri: URI): void {
        super.remove(uri);
        const key = uri.toString();
        for (const description of this.tabled.get(key) ?? []) this.untable(description);
        this.tabled.delete(key);
        this.removedContent.delete(key);
        this.newly.delete(key);
        this.gone.delete(key);
    }

    /**
     * The exported definitions of `key` (normalized) in the index now, each document's in its
     * order (documents in no particular order), or undefined. The list is the caller's (a copy).
     */
    definitionsNamed(key: string): AstNodeDescription[] | undefined {
        const entry = this.table.get(key);
        if (!entry) return undefined;
        const list = Array.isArray(entry) ? entry : [entry];
        if (this.removedContent.size === 0) return list === entry ? list.slice() : list;
        const kept = list.filter((d) => !this.removedContent.has(d.documentUri.toString()));
        return kept.length > 0 ? kept : undefined;
    }

    /** The table's own string for a normalized name (its descriptions' key), if it has the name: tables kept beside it share it. */
    keyString(key: string): string | undefined {
        const entry = this.table.get(key);
        return entry === undefined ? undefined : keyOf(Array.isArray(entry) ? entry[0] : entry);
    }

    /**
     * The description the table keeps for definition `node` of document `uri` named `name` (as
     * written), if any: the description provider gives a definition exported again the same one.
     */
    describedAs(node: AstNode, name: string, uri: string): AstNodeDescription | undefined {
        const entry = this.table.get(normalizeName(name));
        if (!entry) return undefined;
        const same = (d: AstNodeDescription) => d.node === node && d.name === name && d.documentUri.toString() === uri;
        return Array.isArray(entry) ? entry.find(same) : same(entry) ? entry : undefined;
    }

    private tableOne(description: AstNodeDescription, inOrder: boolean): void {
        const key = keyOf(description);
        const entry = this.table.get(key);
        if (!entry) {
            this.table.set(key, description);
            return;
        }
        const list = Array.isArray(entry) ? entry : [entry];
        if (list !== entry) this.table.set(key, list);
        // Among the entries of its own document, in the document's order (the first one is the one a use there links to).
        let at = list.length;
        if (inOrder) {
            const index = description.node?.$containerIndex ?? Infinity;
            const uri = description.documentUri.toString();
            for (let k = 0; k < list.length; k++) {
                if (list[k].documentUri.toString() === uri && (list[k].node?.$containerIndex ?? Infinity) > index) {
                    at = k;
                    break;
                }
            }
        }
        list.splice(at, 0, description);
    }

    private untable(description: AstNodeDescription): void {
        const key = keyOf(description);
        const entry = this.table.get(key);
        if (entry === description) {
            this.table.delete(key);
            return;
        }
        const at = Array.isArray(entry) ? entry.indexOf(description) : -1;
        if (at < 0) return;
        const list = entry as AstNodeDescription[];
        list.splice(at, 1);
        if (list.length === 1) this.table.set(key, list[0]);
    }

    constructor(services: LangiumSharedCoreServices) {
        super(services);
    }

    override async updateReferences(document: LangiumDocument, cancelToken: Cancellation.CancellationToken = Cancellation.CancellationToken.None): Promise<void> {
        const uri = document.uri.toString();
        const services = this.serviceRegistry.getServices(document.uri);
        const linker = services.references.Linker;
        this.references.delete(uri);
        if (linker instanceof LcpnLinker && linker.hasItemReferences(document)) {
            this.references.set(uri, { kind: 'items', document, root: document.parseResult.value });
            return;
        }
        const descriptions = await services.workspace.ReferenceDescriptionProvider.createDescriptions(document, cancelToken);
        this.references.set(uri, { kind: 'list', descriptions });
    }

    override removeReferences(uri: URI): void {
        this.references.delete(uri.toString());
        super.removeReferences(uri);
    }

    override findAllReferences(targetNode: AstNode, astNodePath: string): Stream<ReferenceDescription> {
        const targetUri = AstUtils.getDocument(targetNode).uri;
        // Every reference to a definition bears its name (normalized): only the items using that name are read.
        const key = ast.isDefinition(targetNode) && targetNode.name ? normalizeName(targetNode.name) : undefined;
        const result: ReferenceDescription[] = [];
        for (const indexed of this.references.values()) {
            if (indexed.kind === 'list') {
                for (const description of indexed.descriptions) {
                    if (UriUtils.equals(description.targetUri, targetUri) && description.targetPath === astNodePath) result.push(description);
                }
                continue;
            }
            if (indexed.document.parseResult.value !== indexed.root) continue;
            const services = this.serviceRegistry.getServices(indexed.document.uri);
            const describer = services.workspace.ReferenceDescriptionProvider as LcpnReferenceDescriptionProvider;
            const users = key === undefined ? undefined : (services.references.Linker as LcpnLinker).usersOf(indexed.document, key);
            const items = users ? inWalkOrder(indexed.root as ast.Document, users) : itemsOf(indexed.root);
            for (const item of items) {
                for (const info of itemReferenceInfos(item)) {
                    if (!reachesTarget(info.reference, targetUri, astNodePath)) continue;
                    for (const description of describer.describe(info)) {
                        if (UriUtils.equals(description.targetUri, targetUri) && description.targetPath === astNodePath) result.push(description);
                    }
                }
            }
        }
        return stream(result);
    }

    override isAffected(document: LangiumDocument, changedUris: Set<string>): boolean {
        const indexed = this.references.get(document.uri.toString());
        // Linked but not indexed (a build cancelled between the two phases): its links say where they point.
        if (!indexed) return document.state >= DocumentState.Linked && [...this.targetDocuments(document)].some((uri) => changedUris.has(uri));
        if (indexed.kind === 'list') return indexed.descriptions.some((description) => !description.local && changedUris.has(description.targetUri.toString()));
        if (indexed.document.parseResult.value !== indexed.root) return false;
        indexed.targets ??= this.targetDocuments(indexed.document);
        for (const uri of indexed.targets) if (changedUris.has(uri)) return true;
        return false;
    }

    /** The other documents the references of a linked document resolve into (what Langium's `local: false` descriptions name). */
    private targetDocuments(document: LangiumDocument): Set<string> {
        const targets = new Set<string>();
        for (const reference of document.references) {
            if (reference.error || !reference.$refNode || !('$nodeDescription' in reference)) continue;
            const description = reference.$nodeDescription;
            if (description && !UriUtils.equals(description.documentUri, document.uri)) targets.add(description.documentUri.toString());
        }
        return targets;
    }
}

function keyOf(description: AstNodeDescription): string {
    return (description as { key?: string }).key ?? normalizeName(description.name);
}

/** Whether a linked reference's description would name this target (as `createInfoDescriptions` describes it). */
function reachesTarget(reference: AnyReference, targetUri: URI, path: string): boolean {
    if (reference.error || !reference.$refNode || !('$nodeDescription' in reference)) return false;
    const description = reference.$nodeDescription;
    return description !== undefined && UriUtils.equals(description.documentUri, targetUri) && description.path === path;
}
