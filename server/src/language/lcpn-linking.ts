/**
 * Linking and indexing for large files, with Langium's results (see docs/ARCHITECTURE.md,
 * Performance):
 *
 * - No local symbols: piece names are global (LcpnScopeProvider reads only the exported
 *   definitions), so the per-node local symbol table Langium builds was never read.
 * - Linking and the reference index walk the AST with `forEachAstNode` instead of Langium's
 *   streams, in the same order, with a cancellation check every few hundred nodes.
 * - References are instances of one class. Langium builds each as an object literal with
 *   three getters: three closures per reference, and V8 keeps such objects as dictionaries
 *   (about 700 bytes each, 40 MB for the 55k references of a 1 MB file). The getters behave
 *   as Langium's (documented on `Linker.buildReference`). Descriptions of definitions (the
 *   index) likewise, with the name and selection segments computed on first use.
 */
import {
    AstUtils, CstUtils, DefaultAstNodeDescriptionProvider, DefaultLinker, DefaultReferenceDescriptionProvider, DefaultScopeComputation, DocumentState, interruptAndCheck,
    isAstNode, isAstNodeDescription, isLinkingError, MultiMap, RefResolving, Cancellation,
    type AstNode, type AstNodeDescription, type CstNode, type DocumentSegment, type LangiumDocument, type NameProvider, type URI, type LinkingError, type LocalSymbols,
    type Reference, type ReferenceDescription, type ReferenceInfo
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

    override buildReference(node: AstNode, property: string, refNode: CstNode | undefined, refText: string): Reference {
        return new LcpnReference(this.resolution, node, property, refNode, refText);
    }

    /** What a reference needs of the linker (its helpers are protected). */
    private readonly resolution: Resolution = {
        load: (description) => this.loadAstNode(description),
        error: (info, description) => this.createLinkingError(info, description),
        link: (info) => this.getLinkedNode(info),
        cyclic: (node, property, text) => this.throwCyclicReferenceError(node, property, text)
    };

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

interface Resolution {
    load(description: AstNodeDescription): AstNode | undefined;
    error(info: ReferenceInfo, description?: AstNodeDescription): LinkingError;
    link(info: ReferenceInfo): { node?: AstNode; descr?: AstNodeDescription; error?: LinkingError };
    cyclic(node: AstNode, property: string, text: string): never;
}

/** A cross-reference, resolved on first access of `ref` unless the linker resolved it first. */
class LcpnReference implements Reference {
    _ref: AstNode | LinkingError | typeof RefResolving | undefined = undefined;
    _nodeDescription: AstNodeDescription | undefined = undefined;

    constructor(
        private readonly _resolution: Resolution,
        private readonly _container: AstNode,
        private readonly _property: string,
        readonly $refNode: CstNode | undefined,
        readonly $refText: string
    ) { }

    get ref(): AstNode | undefined {
        if (isAstNode(this._ref)) return this._ref;
        if (isAstNodeDescription(this._nodeDescription)) {
            // A candidate was found before but not loaded.
            this._ref = this._resolution.load(this._nodeDescription) ?? this._resolution.error(this.info(), this._nodeDescription);
        } else if (this._ref === undefined) {
            this._ref = RefResolving;
            const document = AstUtils.findRootNode(this._container).$document;
            const linked = this._resolution.link(this.info());
            if (linked.error && document && document.state < DocumentState.ComputedScopes) {
                // Scopes are not ready yet: leave it for the linker to retry.
                this._ref = undefined;
                return undefined;
            }
            this._ref = linked.node ?? linked.error;
            this._nodeDescription = linked.descr;
            document?.references.push(this);
        } else if (this._ref === RefResolving) {
            this._resolution.cyclic(this._container, this._property, this.$refText);
        }
        return isAstNode(this._ref) ? this._ref : undefined;
    }

    get $nodeDescription(): AstNodeDescription | undefined {
        return this._nodeDescription;
    }

    get error(): LinkingError | undefined {
        return isLinkingError(this._ref) ? this._ref : undefined;
    }

    private info(): ReferenceInfo {
        return { reference: this, container: this._container, property: this._property };
    }
}
