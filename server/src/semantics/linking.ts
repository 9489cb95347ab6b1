/**
 * Linking and indexing for large files, with Langium's results (see docs/ARCHITECTURE.md,
 * Performance):
 *
 * - No local symbols: piece names are global (LcpnScopeProvider reads only the exported
 *   definitions), so the per-node local symbol table Langium builds was never read.
 * - Linking and the reference index walk the AST with `forEachAstNode` instead of Langium's
 *   streams, in the same order, with a cancellation check every few hundred nodes.
 * - Descriptions of definitions (the index) keep the node and, for a name not written
 *   normalized, its key; everything else is read from the node when asked (descriptions.ts).
 *   Langium builds each as an object literal with a getter (a closure per description) and
 *   computes the selection segment at once.
 *
 * - References (`NameRef.ref`) are instances of a smaller class than Langium's, with Langium's
 *   behaviour (reference.ts); an unlink resets them without deleting a field.
 */
import {
    AstUtils, DefaultAstNodeDescriptionProvider, DocumentState, DefaultLinker, DefaultReferenceDescriptionProvider, DefaultScopeComputation, interruptAndCheck,
    isLinkingError, MultiMap, Cancellation,
    type AstNode, type AstNodeDescription, type LangiumDocument, type LinkingError, type LocalSymbols,
    type CstNode, type Reference, type ReferenceDescription, type ReferenceInfo, type LangiumCoreServices, type LangiumSharedCoreServices
} from 'langium';
import { allAstNodes, referencesOf } from '../syntax/ast-walk.js';
import * as ast from '../syntax/generated/ast.js';
import type { LcpnDocumentBuilder } from '../workspace/document-builder.js';
import { incompleteDefinitions } from '../syntax/incomplete.js';
import { addUser, applyRuns, completenessChanges, itemReferenceInfos, namesOf, planRelink, type AnyReference, type LinkedState } from './incremental-link.js';
import { incrementalEnabled, parseId, spliceOf } from '../syntax/incremental-parse.js';
import type { LcpnPrelude } from '../workspace/prelude.js';
import type { LcpnServices } from './module.js';
import { descriptionMaker } from './descriptions.js';
import { LcpnReference, referenceClass, ReferenceTexts, UnresolvedReference } from './reference.js';
import { candidateFileNames, type AmbiguityError } from './scope-provider.js';
import { normalizeName } from '../model/names.js';

/** Nodes handled between two cancellation checks (each takes microseconds). */
const CHECK_EVERY = 256;

export class LcpnScopeComputation extends DefaultScopeComputation {
    /**
     * The document's complete definitions. An incomplete one (incomplete.ts) is not
     * exported: this is the one place that keeps it from the index, so linking, references,
     * workspace symbols, completion, hover and the CLI never see it in another file.
     */
    override async collectExportedSymbols(document: LangiumDocument, cancelToken: Cancellation.CancellationToken = Cancellation.CancellationToken.None): Promise<AstNodeDescription[]> {
        const root = document.parseResult.value as ast.Document;
        const incomplete = incompleteDefinitions(document);
        const last = this.exported.get(document);
        this.exported.delete(document);
        const spliced = last && this.exportsOfSplice(document, last, incomplete);
        if (spliced) {
            this.exported.set(document, { parse: parseId(document.parseResult), exports: spliced, incomplete });
            return spliced;
        }
        const exports: AstNodeDescription[] = [];
        const definitions = root.definitions ?? [];
        for (let i = 0; i < definitions.length; i++) {
            if (i % CHECK_EVERY === 0) await interruptAndCheck(cancelToken);
            const definition = definitions[i];
            if (definition.name && !incomplete.has(definition)) exports.push(this.descriptions.createDescription(definition, definition.name, document));
        }
        this.exported.set(document, { parse: parseId(document.parseResult), exports, incomplete });
        return exports;
    }

    /** What each document exported last, from which parse. */
    private readonly exported = new WeakMap<LangiumDocument, { parse: number; exports: AstNodeDescription[]; incomplete: ReadonlySet<ast.Definition> }>();

    /**
     * The exports of a parse spliced directly from the last exported one: the last exports with
     * the removed definitions' descriptions replaced by the added ones' (the definitions kept
     * keep their descriptions, whose paths are read from the nodes). Undefined when a kept
     * definition's completeness changed, or anything does not match.
     */
    private exportsOfSplice(document: LangiumDocument, last: { parse: number; exports: AstNodeDescription[]; incomplete: ReadonlySet<ast.Definition> }, incomplete: ReadonlySet<ast.Definition>): AstNodeDescription[] | undefined {
        const splice = spliceOf(document.parseResult);
        const root = document.parseResult.value as ast.Document;
        if (!splice || splice.history[0]?.parse !== last.parse) return undefined;
        const added = splice.added.filter(ast.isDefinition);
        const removed = splice.removed.filter(ast.isDefinition);
        const addedSet = new Set<AstNode>(added);
        for (const definition of last.incomplete) if (definition.$container === root && !incomplete.has(definition)) return undefined;
        for (const definition of incomplete) if (definition.$container === root && !addedSet.has(definition) && !last.incomplete.has(definition)) return undefined;
        if (added.length === 0 && removed.length === 0) return last.exports;
        const index = removed.length > 0 ? removed[0].$containerIndex! : added[0].$containerIndex!;
        const old = last.exports;
        // The first export at or after the splice: kept definitions before it have smaller indices, the removed and later ones not smaller.
        let low = 0;
        let high = old.length;
        while (low < high) {
            const middle = (low + high) >> 1;
            if ((old[middle].node?.$containerIndex ?? Infinity) < index) low = middle + 1; else high = middle;
        }
        let end = low;
        while (end < old.length && old[end].node?.$container !== root) end++;
        const removedExports = old.slice(low, end);
        const removedSet = new Set<AstNode>(removed);
        if (removedExports.length !== removed.filter((d) => d.name && !last.incomplete.has(d)).length || removedExports.some((d) => !d.node || !removedSet.has(d.node))) return undefined;
        const addedExports: AstNodeDescription[] = [];
        for (const definition of added) if (definition.name && !incomplete.has(definition)) addedExports.push(this.descriptions.createDescription(definition, definition.name, document));
        const exports = old.slice(0, low).concat(addedExports, old.slice(end));
        exportChanges.set(exports, { base: old, removed: removedExports, added: addedExports });
        return exports;
    }

    override async collectLocalSymbols(_document: LangiumDocument, _cancelToken?: Cancellation.CancellationToken): Promise<LocalSymbols> {
        return new MultiMap<AstNode, AstNodeDescription>();
    }
}

/** How an exports list differs from the previous one of its document (read by LcpnIndexManager to keep its name table). */
export const exportChanges = new WeakMap<readonly AstNodeDescription[], { base: readonly AstNodeDescription[]; removed: readonly AstNodeDescription[]; added: readonly AstNodeDescription[] }>();

export class LcpnLinker extends DefaultLinker {
    /** An ambiguous use links to nothing; its linking error lists the candidates (isAmbiguityError). */
    override getCandidate(refInfo: ReferenceInfo): AstNodeDescription | LinkingError {
        const candidate = super.getCandidate(refInfo);
        if (!isLinkingError(candidate) || !ast.isNameRef(refInfo.container)) return candidate;
        const candidates = this.scopeProvider.getScope(refInfo).getElements(refInfo.reference.$refText).toArray();
        if (candidates.length < 2) return candidate;
        const files = candidateFileNames(candidates).join(', ');
        const error: AmbiguityError = { info: candidate.info, targetDescription: candidate.targetDescription, message: `'${refInfo.reference.$refText}' is defined in several files: ${files}`, ambiguous: candidates };
        return error;
    }

    /**
     * Langium's linking error, with its message written when read (UnresolvedReference): most
     * unresolved names are built-in functions and squares, whose messages nobody reads.
     */
    protected override createLinkingError(refInfo: ReferenceInfo, targetDescription?: AstNodeDescription): LinkingError {
        const document = AstUtils.findRootNode(refInfo.container).$document;
        // Langium's hint of a bug: resolution before the document's scopes were computed.
        if (document && document.state < DocumentState.ComputedScopes) return super.createLinkingError(refInfo, targetDescription);
        return new UnresolvedReference(refInfo, targetDescription, this.reflection.getReferenceType(refInfo));
    }

    private readonly builder: () => LcpnDocumentBuilder;
    private readonly prelude: () => LcpnPrelude;
    /** What the last complete link of each document saw (absent after an unlink or a link in progress). */
    private readonly linked = new WeakMap<LangiumDocument, LinkedState>();
    /** Documents whose next unlink is the builder's reset for an edit: their links are kept until `link` knows what changed. */
    private readonly keepOnUnlink = new WeakSet<LangiumDocument>();
    /** The references of the last link of a document reset for an edit (its `document.references`, set aside). */
    private readonly setAside = new WeakMap<LangiumDocument, AnyReference[]>();

    constructor(services: LcpnServices) {
        super(services);
        this.builder = () => services.shared.workspace.DocumentBuilder as LcpnDocumentBuilder;
        this.prelude = () => services.lcpn.Prelude;
    }

    /** The class of `NameRef.ref` references (reference.ts), resolved by this linker. */
    private readonly NameReference = referenceClass(this.referenceResolver, 'ref');
    private readonly texts = new ReferenceTexts();

    /** `refNode` is not kept: the reference reads it from the node when asked (reference.ts `refNodeOf`, the same CST node). */
    override buildReference(node: AstNode, property: string, refNode: CstNode | undefined, refText: string): Reference {
        if (property !== 'ref') return super.buildReference(node, property, refNode, refText);
        return new this.NameReference(node, this.texts.intern(refText));
    }

    /** Langium's unlink of these references, without deleting a field of an LcpnReference. */
    private unlinkReferences(references: readonly AnyReference[]): void {
        let others: AnyReference[] | undefined;
        for (const reference of references) {
            if (reference instanceof LcpnReference) reference.unlink();
            else (others ??= []).push(reference);
        }
        if (others) super.unlink({ references: others } as unknown as LangiumDocument);
    }

    /**
     * Called by the document builder before it resets a document for a new text: the next
     * `unlink` sets the references aside instead of unlinking them (incremental-link.ts).
     */
    keepLinksForEdit(document: LangiumDocument): void {
        this.keepOnUnlink.add(document);
    }

    override unlink(document: LangiumDocument): void {
        if (this.keepOnUnlink.delete(document)) {
            const aside = this.setAside.get(document);
            if (aside === undefined) this.setAside.set(document, document.references);
            else if (document.references.length > 0) {
                // References resolved on demand since the last link: their order is not a link's; relink in full.
                this.setAside.set(document, aside.concat(document.references));
                this.linked.delete(document);
            }
            document.references = [];
            return;
        }
        this.linked.delete(document);
        this.unlinkSetAside(document);
        this.unlinkReferences(document.references);
        document.references = [];
    }

    /** Whether the document's references are recorded per item for its current parse (the index describes them on demand). */
    hasItemReferences(document: LangiumDocument): boolean {
        return this.linked.get(document)?.root === document.parseResult.value;
    }

    override async link(document: LangiumDocument, cancelToken: Cancellation.CancellationToken = Cancellation.CancellationToken.None): Promise<void> {
        const previous = this.linked.get(document);
        // Until this link completes, nothing is known of the document's links.
        this.linked.delete(document);
        if (previous && this.relinkEdit(document, previous)) return;
        this.unlinkSetAside(document);
        if (this.profiler?.isActive('linking')) return super.link(document, cancelToken);
        const root = document.parseResult.value as ast.Document;
        const nodes = allAstNodes(root);
        const counts: number[] = [];
        const users = new Map<string, AstNode[]>();
        let item: AstNode | undefined;
        let references: AnyReference[] = [];
        for (let i = 0; i < nodes.length; i++) {
            if (i % CHECK_EVERY === 0) await interruptAndCheck(cancelToken);
            const node = nodes[i];
            if (node.$container === root) {
                if (item) this.recordItem(item, references, counts, users);
                item = node;
                references = [];
            }
            // Most nodes' types have no reference property: their properties are not read.
            if (!this.mayHoldReferences(node.$type)) continue;
            for (const reference of referencesOf(node)) {
                this.doLink(reference, document);
                references.push(reference.reference);
            }
        }
        if (item) this.recordItem(item, references, counts, users);
        // Lists of exactly their length: an array grown by pushes keeps up to half its length unused (~0.4x the text here).
        document.references = document.references.slice();
        for (const [name, list] of users) if (list.length > 1) users.set(name, list.slice());
        this.linked.set(document, { root, parse: parseId(document.parseResult), incomplete: incompleteDefinitions(document), counts: counts.slice(), users });
        incrementalLinkStats.full++;
    }

    /** Per node type, whether the grammar gives it a cross-reference property (the AST reflection's metadata). */
    private readonly referencing = new Map<string, boolean>();

    private mayHoldReferences(type: string): boolean {
        let known = this.referencing.get(type);
        if (known === undefined) {
            const properties = Object.values(this.reflection.getTypeMetaData(type).properties);
            // A type the reflection does not describe (no properties) is read in full.
            known = properties.length === 0 || properties.some((property) => property.referenceType !== undefined);
            this.referencing.set(type, known);
        }
        return known;
    }

    private recordItem(item: AstNode, references: AnyReference[], counts: number[], users: Map<string, AstNode[]>): void {
        counts.push(references.length);
        if (references.length > 0) addUser(users, item, namesOf(references));
    }

    /**
     * After an edit of this document alone whose parse kept items of the last linked one, links
     * only the new items and relinks the unchanged items' references whose names changed
     * meaning (incremental-link.ts). False when that cannot be shown equal to a full link.
     */
    private relinkEdit(document: LangiumDocument, previous: LinkedState): boolean {
        const aside = this.setAside.get(document);
        const root = document.parseResult.value as ast.Document;
        if (!aside || document.references.length > 0 || !incrementalEnabled()) return false;
        const splice = spliceOf(document.parseResult);
        if (root !== previous.root && !splice) return false;
        const uri = document.uri.toString();
        const builder = this.builder();
        if (this.prelude().isPrelude(uri) || typeof builder.isEditedAlone !== 'function' || !builder.isEditedAlone(uri)) return false;
        const plan = planRelink(previous, root, splice, aside.length);
        if (!plan) return false;
        const incomplete = incompleteDefinitions(document);
        const names = new Set(plan.names);
        completenessChanges(previous.incomplete, incomplete, names);
        this.setAside.delete(document);
        const collector = { references: [] as AnyReference[] } as unknown as LangiumDocument;
        // The unchanged items that use a changed name: those references are linked again.
        const affected = new Set<AstNode>();
        const removed = new Set(plan.removed);
        for (const name of names) for (const user of previous.users.get(name) ?? []) if (!removed.has(user)) affected.add(user);
        for (const item of affected) {
            for (const info of itemReferenceInfos(item)) {
                if (!names.has(normalizeName(info.reference.$refText))) continue;
                this.unlinkReferences([info.reference]);
                this.doLink(info, collector);
            }
        }
        const addedReferences = new Map<AstNode, AnyReference[]>();
        for (const item of plan.added) {
            const infos = itemReferenceInfos(item);
            const references = infos.map((info) => info.reference);
            // New nodes: nothing of theirs was linked (reset anyway, so that each is linked now).
            this.unlinkReferences(references);
            for (const info of infos) this.doLink(info, collector);
            addedReferences.set(item, references);
        }
        document.references = applyRuns(previous, aside, plan, (item) => addedReferences.get(item)!,
            (item) => namesOf(itemReferenceInfos(item).map((info) => info.reference)));
        for (const [item, references] of addedReferences) if (references.length > 0) addUser(previous.users, item, namesOf(references));
        this.linked.set(document, { root, parse: parseId(document.parseResult), incomplete, counts: previous.counts, users: previous.users });
        incrementalLinkStats.incremental++;
        return true;
    }

    /** The items of the document's current parse whose references use `name` (normalized), or undefined if not recorded. */
    usersOf(document: LangiumDocument, name: string): readonly AstNode[] | undefined {
        const state = this.linked.get(document);
        return state?.root === document.parseResult.value ? state.users.get(name) ?? [] : undefined;
    }

    /** Unlinks the references set aside at an edit's reset (a full link follows). */
    private unlinkSetAside(document: LangiumDocument): void {
        const aside = this.setAside.get(document);
        if (!aside) return;
        this.setAside.delete(document);
        this.unlinkReferences(aside);
    }
}

/** How many links were incremental (the property tests require some). */
export const incrementalLinkStats = { incremental: 0, full: 0 };

export class LcpnAstNodeDescriptionProvider extends DefaultAstNodeDescriptionProvider {
    /**
     * One description per exported definition: an edit keeps unchanged definitions, and the links
     * to them keep their description. The index's name table keeps it (a WeakMap of node ->
     * description was ~0.5x the text): a definition exported again finds it there.
     */
    private readonly shared: LangiumSharedCoreServices;

    constructor(services: LangiumCoreServices) {
        super(services);
        this.shared = services.shared;
    }
    /** Makes this provider's descriptions (descriptions.ts): its locator and name provider on their prototypes. */
    private readonly describe = descriptionMaker(this.astNodeLocator, this.nameProvider);

    override createDescription(node: AstNode, name: string | undefined, document?: LangiumDocument): AstNodeDescription {
        const uri = (document ?? AstUtils.getDocument(node)).uri;
        const known = name ?? this.nameProvider.getName(node);
        if (!known) throw new Error(`Node at path ${this.astNodeLocator.getAstNodePath(node)} has no name.`);
        const kept = (this.shared.workspace.IndexManager as Partial<DescriptionKeeper>).describedAs?.(node, known, uri.toString());
        return kept ?? this.describe(node, known);
    }
}

/** What keeps the descriptions of exported definitions (LcpnIndexManager's name table). */
interface DescriptionKeeper {
    describedAs(node: AstNode, name: string, uri: string): AstNodeDescription | undefined;
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

    /** The descriptions of one linked reference (the index describes an LCPN document's references on demand). */
    describe(refInfo: ReferenceInfo): ReferenceDescription[] {
        return this.createInfoDescriptions(refInfo);
    }
}
