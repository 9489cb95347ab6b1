/**
 * The reference index, described on demand (issue 12). Langium's index keeps, per document, a
 * description of every resolved reference (source path, target path, segment), computed in full
 * after every link: on a 1 MB file, 220 ms per build and several MB kept, and every one of them
 * holds a path or a position an edit moves. An LCPN document linked by LcpnLinker has its
 * references recorded per item (lcpn-incremental-link.ts), so the index answers from them:
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
    AstUtils, Cancellation, DefaultIndexManager, stream, UriUtils,
    type AstNode, type LangiumDocument, type LangiumSharedCoreServices, type ReferenceDescription, type Stream, type URI
} from 'langium';
import * as ast from './generated/ast.js';
import { itemReferenceInfos, itemReferences, itemsOf } from './lcpn-incremental-link.js';
import { LcpnLinker, type LcpnReferenceDescriptionProvider } from './lcpn-linking.js';
import { normalizeName } from '../model/names.js';

type Indexed =
    | { readonly kind: 'list'; readonly descriptions: ReferenceDescription[] }
    | { readonly kind: 'items'; readonly document: LangiumDocument; readonly root: AstNode; targets?: Set<string> };

export class LcpnIndexManager extends DefaultIndexManager {
    /** Per document URI, in the order indexed: Langium's list, or the document whose items describe its references. */
    private readonly references = new Map<string, Indexed>();

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
            const describer = this.serviceRegistry.getServices(indexed.document.uri).workspace.ReferenceDescriptionProvider as LcpnReferenceDescriptionProvider;
            for (const item of itemsOf(indexed.root)) {
                const recorded = itemReferences(item);
                if (!recorded || (key !== undefined && !recorded.names.includes(key))) continue;
                if (!recorded.references.some((reference) => reachesTarget(reference, targetUri, astNodePath))) continue;
                for (const info of itemReferenceInfos(item)) {
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
        if (!indexed) return false;
        if (indexed.kind === 'list') return indexed.descriptions.some((description) => !description.local && changedUris.has(description.targetUri.toString()));
        if (indexed.document.parseResult.value !== indexed.root) return false;
        indexed.targets ??= this.targetDocuments(indexed.root, document.uri);
        for (const uri of indexed.targets) if (changedUris.has(uri)) return true;
        return false;
    }

    /** The other documents the references of a linked root resolve into (what Langium's `local: false` descriptions name). */
    private targetDocuments(root: AstNode, own: URI): Set<string> {
        const targets = new Set<string>();
        for (const item of itemsOf(root)) {
            for (const reference of itemReferences(item)?.references ?? []) {
                if (reference.error || !reference.$refNode || !('$nodeDescription' in reference)) continue;
                const description = reference.$nodeDescription;
                if (description && !UriUtils.equals(description.documentUri, own)) targets.add(description.documentUri.toString());
            }
        }
        return targets;
    }
}

/** Whether a linked reference's description would name this target (as `createInfoDescriptions` describes it). */
function reachesTarget(reference: NonNullable<ReturnType<typeof itemReferences>>['references'][number], targetUri: URI, path: string): boolean {
    if (reference.error || !reference.$refNode || !('$nodeDescription' in reference)) return false;
    const description = reference.$nodeDescription;
    return description !== undefined && UriUtils.equals(description.documentUri, targetUri) && description.path === path;
}
