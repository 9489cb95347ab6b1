/**
 * Linking and indexing for large files, with Langium's results (see docs/ARCHITECTURE.md,
 * Performance):
 *
 * - No local symbols: piece names are global (LcpnScopeProvider reads only the exported
 *   definitions), so the per-node local symbol table Langium builds was never read.
 * - Linking and the reference index walk the AST with `forEachAstNode` instead of Langium's
 *   streams, in the same order, with a cancellation check every few hundred nodes.
 */
import {
    DefaultLinker, DefaultReferenceDescriptionProvider, DefaultScopeComputation, interruptAndCheck, MultiMap,
    Cancellation, type AstNode, type AstNodeDescription, type LangiumDocument, type LocalSymbols, type ReferenceDescription
} from 'langium';
import { allAstNodes, referencesOf } from './ast-walk.js';

/** Nodes handled between two cancellation checks (each takes microseconds). */
const CHECK_EVERY = 256;

export class LcpnScopeComputation extends DefaultScopeComputation {
    override async collectLocalSymbols(_document: LangiumDocument, _cancelToken?: Cancellation.CancellationToken): Promise<LocalSymbols> {
        return new MultiMap<AstNode, AstNodeDescription>();
    }
}

export class LcpnLinker extends DefaultLinker {
    override async link(document: LangiumDocument, cancelToken: Cancellation.CancellationToken = Cancellation.CancellationToken.None): Promise<void> {
        if (this.profiler?.isActive('linking')) return super.link(document, cancelToken);
        const nodes = allAstNodes(document.parseResult.value);
        for (let i = 0; i < nodes.length; i++) {
            if (i % CHECK_EVERY === 0) await interruptAndCheck(cancelToken);
            for (const reference of referencesOf(nodes[i])) this.doLink(reference, document);
        }
    }
}

export class LcpnReferenceDescriptionProvider extends DefaultReferenceDescriptionProvider {
    override async createDescriptions(document: LangiumDocument, cancelToken: Cancellation.CancellationToken = Cancellation.CancellationToken.None): Promise<ReferenceDescription[]> {
        const descriptions: ReferenceDescription[] = [];
        const nodes = allAstNodes(document.parseResult.value);
        for (let i = 0; i < nodes.length; i++) {
            if (i % CHECK_EVERY === 0) await interruptAndCheck(cancelToken);
            for (const reference of referencesOf(nodes[i])) {
                if (!reference.reference.error) descriptions.push(...this.createInfoDescriptions(reference));
            }
        }
        return descriptions;
    }
}
