/**
 * LCPN's cross-references (`NameRef.ref`) as Langium's `Reference`, in fewer bytes (issue 12:
 * the heap). Every name in a file is one: ~27k references for 10k definitions.
 *
 * Langium 4.4's `DefaultReferenceImpl` has six fields set in its constructor (`resolver`,
 * `node`, `property`, `_ref`, `$refNode`, `$refText`) and a seventh, `_nodeDescription`, added
 * when the reference is linked, which gives every linked reference a separate property store:
 * ~107 bytes each. Here `resolver` and `property` are on the prototype (one class per linker),
 * every field is set in the constructor (no store added later), and the name as written is one
 * string per distinct name (`ReferenceTexts`): 64 bytes.
 *
 * Behaviour is Langium's, through Langium's own code: the getters call the linker's
 * `resolveReference` exactly as `DefaultReferenceImpl` does (lazy resolution, cached, error on
 * an unresolved name, resolution again after an unlink), and `DefaultLinker.doLink` and
 * `resolveReference` read and write `_ref` and `_nodeDescription` as they do on Langium's
 * class. The one difference: an unlink sets `_nodeDescription` to undefined instead of deleting
 * it (a deleted field would turn the object into a dictionary), which `LcpnLinker.unlink` does.
 * `server/test/incremental/link-reference.test.ts` compares both classes on the same documents.
 */
import { isLinkingError, type AstNode, type AstNodeDescription, type CstNode, type LinkingError, type Reference, type ReferenceInfo } from 'langium';

/** What resolves a reference: `DefaultLinker.referenceResolver` (its `resolveReference`, bound). */
export interface ReferenceResolver {
    resolveReference(reference: Reference, node: AstNode, property: string): AstNode | undefined;
}

export abstract class LcpnReference implements Reference {
    /** The target, a linking error, Langium's `RefResolving` mark while resolving, or undefined before linking (Langium's field). */
    _ref: AstNode | LinkingError | symbol | undefined;
    /** The description the target was found by (Langium's field). */
    _nodeDescription: AstNodeDescription | undefined;
    readonly $refNode: CstNode | undefined;
    readonly $refText: string;
    /** The node holding the reference. */
    readonly node: AstNode;
    /** On the prototype (one subclass per linker: `referenceClass`). */
    declare readonly resolver: ReferenceResolver;
    /** On the prototype: the property of `node` that holds the reference. */
    declare readonly property: string;

    constructor(node: AstNode, refNode: CstNode | undefined, refText: string) {
        this._ref = undefined;
        this._nodeDescription = undefined;
        this.$refNode = refNode;
        this.$refText = refText;
        this.node = node;
    }

    get ref(): AstNode | undefined {
        return this.resolver.resolveReference(this, this.node, this.property);
    }

    get $nodeDescription(): AstNodeDescription | undefined {
        return this._nodeDescription;
    }

    get error(): LinkingError | undefined {
        return isLinkingError(this._ref) ? this._ref : undefined;
    }

    /** Back to unlinked, as `DefaultLinker.unlink` leaves a reference (without deleting a field). */
    unlink(): void {
        this._ref = undefined;
        this._nodeDescription = undefined;
    }
}

/** A class of references resolved by `resolver`, held in `property`. */
export function referenceClass(resolver: ReferenceResolver, property: string): new (node: AstNode, refNode: CstNode | undefined, refText: string) => LcpnReference {
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
 * is kept as given. `targetDescription` is Langium's field. Readers read `info` and `message`
 * through the prototype (a spread does not copy them: LcpnLinker's ambiguity error names them).
 */
export class UnresolvedReference implements LinkingError {
    private readonly source: LcpnReference | ReferenceInfo;

    constructor(info: ReferenceInfo, readonly targetDescription: AstNodeDescription | undefined, private readonly referenceType: string) {
        const reference = info.reference;
        const rebuilt = reference instanceof LcpnReference && info.container === reference.node && info.property === reference.property && info.index === undefined;
        this.source = rebuilt ? reference : info;
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
