/**
 * LCPN's cross-references (`NameRef.ref`) as Langium's `Reference`, in fewer bytes (issue 12:
 * the heap). Every name in a file is one: ~27k references for 10k definitions.
 *
 * Langium 4.4's `DefaultReferenceImpl` has six fields set in its constructor (`resolver`,
 * `node`, `property`, `_ref`, `$refNode`, `$refText`) and a seventh, `_nodeDescription`, added
 * when the reference is linked, which gives every linked reference a separate property store:
 * ~107 bytes each. Here three fields, 48 bytes:
 * - `resolver` and `property` are on the prototype (one class per linker);
 * - `$refNode` is read from the node when asked (`refNodeOf`: the node's CST node for the
 *   property, which is what the parser gave);
 * - `_ref` and `_nodeDescription` are accessors over one field, `link` (`Link`): a resolved
 *   reference keeps its description (an LcpnAstNodeDescription), whose node is the target;
 *   any other combination Langium writes is kept as written;
 * - the name as written is one string per distinct name (`ReferenceTexts`).
 *
 * Behaviour is Langium's, through Langium's own code: the getters call the linker's
 * `resolveReference` exactly as `DefaultReferenceImpl` does (lazy resolution, cached, error on
 * an unresolved name, resolution again after an unlink), and `DefaultLinker.doLink` and
 * `resolveReference` read and write `_ref` and `_nodeDescription` as they do on Langium's
 * class. The one difference: an unlink sets `_nodeDescription` to undefined instead of deleting
 * it (`delete` of an accessor's name does nothing), which `LcpnLinker.unlink` does.
 * `server/test/incremental/link-reference.test.ts` compares both classes on the same documents.
 */
import { isLinkingError, type AstNode, type AstNodeDescription, type CompositeCstNode, type CstNode, type LinkingError, type Reference, type ReferenceInfo } from 'langium';
import { childAt, childCount, isComposite } from '../syntax/cst-nodes.js';
import { LcpnAstNodeDescription } from './descriptions.js';

/** What resolves a reference: `DefaultLinker.referenceResolver` (its `resolveReference`, bound). */
export interface ReferenceResolver {
    resolveReference(reference: Reference, node: AstNode, property: string): AstNode | undefined;
}

/** Langium's `_ref`: the target, a linking error, Langium's `RefResolving` mark while resolving, or undefined before linking. */
type Target = AstNode | LinkingError | symbol | undefined;

/** `_ref` and `_nodeDescription` when the one field cannot say both (resolving, a target not the description's node, an error with a description). */
class Pair {
    constructor(readonly ref: Target, readonly description: AstNodeDescription) { }
}

/**
 * The one field behind `_ref` and `_nodeDescription`: an LcpnAstNodeDescription (the reference
 * resolved to its node: the common case), a Pair, or `_ref` alone (no description).
 */
type Link = LcpnAstNodeDescription | Pair | Target;

export abstract class LcpnReference implements Reference {
    private link: Link;
    readonly $refText: string;
    /** The node holding the reference. */
    readonly node: AstNode;
    /** On the prototype (one subclass per linker: `referenceClass`). */
    declare readonly resolver: ReferenceResolver;
    /** On the prototype: the property of `node` that holds the reference. */
    declare readonly property: string;

    constructor(node: AstNode, refText: string) {
        this.link = undefined;
        this.$refText = refText;
        this.node = node;
    }

    /** Langium's field: the target, a linking error, `RefResolving` while resolving, or undefined before linking. */
    get _ref(): Target {
        const link = this.link;
        if (link instanceof LcpnAstNodeDescription) return link.node;
        return link instanceof Pair ? link.ref : link;
    }

    set _ref(ref: Target) {
        this.link = linkOf(ref, this._nodeDescription);
    }

    /** Langium's field: the description the target was found by. */
    get _nodeDescription(): AstNodeDescription | undefined {
        const link = this.link;
        if (link instanceof LcpnAstNodeDescription) return link;
        return link instanceof Pair ? link.description : undefined;
    }

    set _nodeDescription(description: AstNodeDescription | undefined) {
        this.link = linkOf(this._ref, description);
    }

    /** The CST node of the name (the one the parser built the reference with). */
    get $refNode(): CstNode | undefined {
        return refNodeOf(this.node, this.property);
    }

    get ref(): AstNode | undefined {
        const link = this.link;
        // Resolved: what `resolveReference` answers first (its target), without the call.
        if (link instanceof LcpnAstNodeDescription) return link.node;
        return this.resolver.resolveReference(this, this.node, this.property);
    }

    get $nodeDescription(): AstNodeDescription | undefined {
        return this._nodeDescription;
    }

    get error(): LinkingError | undefined {
        const link = this.link;
        if (link instanceof LcpnAstNodeDescription) return undefined;
        const target = link instanceof Pair ? link.ref : link;
        return isLinkingError(target) ? target : undefined;
    }

    /** Back to unlinked, as `DefaultLinker.unlink` leaves a reference. */
    unlink(): void {
        this.link = undefined;
    }
}

function linkOf(ref: Target, description: AstNodeDescription | undefined): Link {
    if (description === undefined) return ref;
    if (description instanceof LcpnAstNodeDescription && ref !== undefined && ref === description.node) return description;
    return new Pair(ref, description);
}

/**
 * The CST node of `property` within the node's own CST node: the first one, depth first, whose
 * grammar element is assigned to `property` (as Langium's `GrammarUtils.findNodeForProperty`
 * finds it, without its arrays or copies of children; a node whose CST node is that leaf
 * itself is answered too).
 */
export function refNodeOf(node: AstNode, property: string): CstNode | undefined {
    const cst = node.$cstNode;
    if (!cst) return undefined;
    if (!isComposite(cst)) return assignedTo(cst, property) ? cst : undefined;
    return findAssigned(cst, node, property);
}

function findAssigned(parent: CompositeCstNode, node: AstNode, property: string): CstNode | undefined {
    const count = childCount(parent);
    for (let i = 0; i < count; i++) {
        const child = childAt(parent, i);
        if (assignedTo(child, property)) return child;
        if (isComposite(child) && child.astNode === node) {
            const found = findAssigned(child, node, property);
            if (found) return found;
        }
    }
    return undefined;
}

/** Whether a CST node's grammar element lies in an assignment to `property`. */
function assignedTo(cst: CstNode, property: string): boolean {
    for (let element: { $type: string; $container?: unknown; feature?: string } | undefined = cst.grammarSource; element; element = element.$container as typeof element) {
        if (element.$type === 'Assignment') return element.feature === property;
    }
    return false;
}

/** A class of references resolved by `resolver`, held in `property`. */
export function referenceClass(resolver: ReferenceResolver, property: string): new (node: AstNode, refText: string) => LcpnReference {
    class BoundReference extends LcpnReference { }
    Object.defineProperty(BoundReference.prototype, 'resolver', { value: resolver });
    Object.defineProperty(BoundReference.prototype, 'property', { value: property });
    return BoundReference;
}

/**
 * One string per distinct name written: the parser gives each reference its own copy of the
 * token's text, and a file writes the same few names thousands of times. Forgets everything
 * past `limit` distinct names (each keystroke in a name makes a new one).
 */
export class ReferenceTexts {
    private readonly texts = new Map<string, string>();

    constructor(private readonly limit = 20_000) { }

    intern(text: string): string {
        const known = this.texts.get(text);
        if (known !== undefined) return known;
        if (this.texts.size >= this.limit) this.texts.clear();
        this.texts.set(text, text);
        return text;
    }
}

/**
 * Langium's linking error for a name that resolves to nothing (`DefaultLinker.createLinkingError`),
 * with its message written when read: a file has thousands of names that are never linked
 * (built-in functions, squares), and each message string was ~100 bytes kept per name. Its
 * `info` of an LcpnReference is made when read too (`{ reference, container: node, property }`,
 * equal to the one Langium is given, ~0.3x the text kept otherwise); any other reference's info
 * is kept as given. `targetDescription` is Langium's field and the reference type is the one
 * the message names: both are the prototype's (undefined, and a NameRef's 'Definition') unless
 * given otherwise, so that most errors keep one field (32 bytes). Readers read `info`,
 * `message` and `targetDescription` through the prototype (a spread does not copy them:
 * LcpnLinker's ambiguity error names them).
 */
export class UnresolvedReference implements LinkingError {
    private readonly source: LcpnReference | ReferenceInfo;
    declare readonly targetDescription: AstNodeDescription | undefined;
    declare private readonly referenceType: string;

    constructor(info: ReferenceInfo, targetDescription: AstNodeDescription | undefined, referenceType: string) {
        const reference = info.reference;
        const rebuilt = reference instanceof LcpnReference && info.container === reference.node && info.property === reference.property && info.index === undefined;
        this.source = rebuilt ? reference : info;
        if (targetDescription !== undefined) Object.defineProperty(this, 'targetDescription', { value: targetDescription, enumerable: true });
        if (referenceType !== this.referenceType) Object.defineProperty(this, 'referenceType', { value: referenceType });
    }

    get info(): ReferenceInfo {
        const source = this.source;
        return source instanceof LcpnReference ? { reference: source, container: source.node, property: source.property } : source;
    }

    /** Langium's text, word for word. */
    get message(): string {
        const source = this.source;
        const reference = source instanceof LcpnReference ? source : source.reference;
        return `Could not resolve reference to ${this.referenceType} named '${reference.$refText}'.`;
    }
}

Object.defineProperty(UnresolvedReference.prototype, 'targetDescription', { value: undefined });
Object.defineProperty(UnresolvedReference.prototype, 'referenceType', { value: 'Definition' });
