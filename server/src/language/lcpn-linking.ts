/**
 * Linking and indexing for large files, with Langium's results (see docs/ARCHITECTURE.md,
 * Performance):
 *
 * - No local symbols: piece names are global (LcpnScopeProvider reads only the exported
 *   definitions), so the per-node local symbol table Langium builds was never read.
 * - Linking and the reference index walk the AST with `forEachAstNode` instead of Langium's
 *   streams, in the same order, with a cancellation check every few hundred nodes.
 * - Descriptions of definitions (the index) are instances of one class, with the name and
 *   selection segments computed on first use. Langium builds each as an object literal with a
 *   getter (a closure per description) and computes the selection segment at once.
 *
 * (References were instances of an lcpn class too, instead of Langium 4.1's object literals
 * with three closures each, 700 bytes, 40 MB for a 1 MB file; Langium 4.4 builds them as
 * instances of its own class, so that copy is gone.)
 */
import {
    AstUtils, CstUtils, DefaultAstNodeDescriptionProvider, DefaultLinker, DefaultReferenceDescriptionProvider, DefaultScopeComputation, interruptAndCheck,
    isLinkingError, MultiMap, Cancellation,
    type AstNode, type AstNodeDescription, type DocumentSegment, type LangiumDocument, type NameProvider, type URI, type LinkingError, type LocalSymbols,
    type ReferenceDescription, type ReferenceInfo
} from 'langium';
import { allAstNodes, referencesOf } from './ast-walk.js';
import * as ast from './generated/ast.js';
import { incompleteDefinitions } from './lcpn-incomplete.js';
import { candidateFileNames, type AmbiguityError } from './lcpn-scope-provider.js';

/** Nodes handled between two cancellation checks (each takes microseconds). */
const CHECK_EVERY = 256;

export class LcpnScopeComputation extends DefaultScopeComputation {
    /**
     * The document's complete definitions. An incomplete one (lcpn-incomplete.ts) is not
     * exported: this is the one place that keeps it from the index, so linking, references,
     * workspace symbols, completion, hover and the CLI never see it in another file.
     */
    override async collectExportedSymbols(document: LangiumDocument, cancelToken: Cancellation.CancellationToken = Cancellation.CancellationToken.None): Promise<AstNodeDescription[]> {
        const root = document.parseResult.value as ast.Document;
        const incomplete = incompleteDefinitions(document);
        const exports: AstNodeDescription[] = [];
        const definitions = root.definitions ?? [];
        for (let i = 0; i < definitions.length; i++) {
            if (i % CHECK_EVERY === 0) await interruptAndCheck(cancelToken);
            const definition = definitions[i];
            if (definition.name && !incomplete.has(definition)) exports.push(this.descriptions.createDescription(definition, definition.name, document));
        }
        return exports;
    }

    override async collectLocalSymbols(_document: LangiumDocument, _cancelToken?: Cancellation.CancellationToken): Promise<LocalSymbols> {
        return new MultiMap<AstNode, AstNodeDescription>();
    }
}

export class LcpnLinker extends DefaultLinker {
    /** An ambiguous use links to nothing; its linking error lists the candidates (isAmbiguityError). */
    override getCandidate(refInfo: ReferenceInfo): AstNodeDescription | LinkingError {
        const candidate = super.getCandidate(refInfo);
        if (!isLinkingError(candidate) || !ast.isNameRef(refInfo.container)) return candidate;
        const candidates = this.scopeProvider.getScope(refInfo).getElements(refInfo.reference.$refText).toArray();
        if (candidates.length < 2) return candidate;
        const files = candidateFileNames(candidates).join(', ');
        const error: AmbiguityError = { ...candidate, message: `'${refInfo.reference.$refText}' is defined in several files: ${files}`, ambiguous: candidates };
        return error;
    }

    override async link(document: LangiumDocument, cancelToken: Cancellation.CancellationToken = Cancellation.CancellationToken.None): Promise<void> {
        if (this.profiler?.isActive('linking')) return super.link(document, cancelToken);
        const nodes = allAstNodes(document.parseResult.value);
        for (let i = 0; i < nodes.length; i++) {
            if (i % CHECK_EVERY === 0) await interruptAndCheck(cancelToken);
            for (const reference of referencesOf(nodes[i])) this.doLink(reference, document);
        }
    }
}

export class LcpnAstNodeDescriptionProvider extends DefaultAstNodeDescriptionProvider {
    override createDescription(node: AstNode, name: string | undefined, document?: LangiumDocument): AstNodeDescription {
        const uri = (document ?? AstUtils.getDocument(node)).uri;
        const known = name ?? this.nameProvider.getName(node);
        const path = this.astNodeLocator.getAstNodePath(node);
        if (!known) throw new Error(`Node at path ${path} has no name.`);
        return new LcpnAstNodeDescription(node, known, uri, path, this.nameProvider);
    }
}

/** Langium's description of a named node, with its segments computed when first read. */
class LcpnAstNodeDescription implements AstNodeDescription {
    readonly type: string;
    private _nameSegment: DocumentSegment | undefined = undefined;
    private _selectionSegment: DocumentSegment | undefined = undefined;

    constructor(readonly node: AstNode, readonly name: string, readonly documentUri: URI, readonly path: string, private readonly _names: NameProvider) {
        this.type = node.$type;
    }

    get nameSegment(): DocumentSegment | undefined {
        return this._nameSegment ??= CstUtils.toDocumentSegment(this._names.getNameNode(this.node) ?? this.node.$cstNode);
    }

    get selectionSegment(): DocumentSegment | undefined {
        return this._selectionSegment ??= CstUtils.toDocumentSegment(this.node.$cstNode);
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
