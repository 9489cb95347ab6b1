/**
 * Langium's description of a named node (`AstNodeDescription`), in as few fields as the node
 * allows (issue 12: a file keeps one description per exported definition, ~4k per 200 KB).
 *
 * Everything the node says is read from it when asked: its type, its document's URI (the
 * root's `$document`, never unset), its path and segments, and its name when the description
 * was made with the node's own name (every definition's). So a description stays true when an
 * edit moves its definition (a splice changes the definition's index and shifts its positions
 * in place). What is kept: the node, and the normalized name (`key`, the namespace's key)
 * when it is not the name itself. Three classes for three shapes (`describe` picks one); the
 * locator and the name provider are on the prototypes (one set of classes per provider).
 */
import { AstUtils, CstUtils, type AstNode, type AstNodeDescription, type AstNodeLocator, type DocumentSegment, type NameProvider, type URI } from 'langium';
import { normalizeName } from '../model/names.js';

export abstract class LcpnAstNodeDescription implements AstNodeDescription {
    abstract readonly name: string;
    /** The normalized name (the namespace's key). */
    abstract readonly key: string;
    declare protected readonly locator: AstNodeLocator;
    declare protected readonly names: NameProvider;

    constructor(readonly node: AstNode) { }

    get type(): string {
        return this.node.$type;
    }

    get documentUri(): URI {
        return AstUtils.getDocument(this.node).uri;
    }

    get path(): string {
        return this.locator.getAstNodePath(this.node);
    }

    get nameSegment(): DocumentSegment | undefined {
        return CstUtils.toDocumentSegment(this.names.getNameNode(this.node) ?? this.node.$cstNode);
    }

    get selectionSegment(): DocumentSegment | undefined {
        return CstUtils.toDocumentSegment(this.node.$cstNode);
    }
}

function nodeName(node: AstNode): unknown {
    return (node as { name?: unknown }).name;
}

/** A node's own name, already normalized: one field (the node). */
class NormalizedNameDescription extends LcpnAstNodeDescription {
    get name(): string {
        return nodeName(this.node) as string;
    }

    get key(): string {
        return nodeName(this.node) as string;
    }
}

/** A node's own name and its normalized form (`big_h`, `big-h`). */
class OwnNameDescription extends LcpnAstNodeDescription {
    readonly key: string;

    constructor(node: AstNode, key: string) {
        super(node);
        this.key = key;
    }

    get name(): string {
        return nodeName(this.node) as string;
    }
}

/** Any other name (not the node's `name`). */
class GivenNameDescription extends LcpnAstNodeDescription {
    readonly key: string;

    constructor(node: AstNode, readonly name: string) {
        super(node);
        this.key = normalizeName(name);
    }
}

/** Makes descriptions whose paths and name segments `locator` and `names` give. */
export function descriptionMaker(locator: AstNodeLocator, names: NameProvider): (node: AstNode, name: string) => LcpnAstNodeDescription {
    // Named classes (heap snapshots name objects by their class).
    class NormalizedDescription extends NormalizedNameDescription { }
    class OwnDescription extends OwnNameDescription { }
    class GivenDescription extends GivenNameDescription { }
    for (const subclass of [NormalizedDescription, OwnDescription, GivenDescription]) {
        Object.defineProperty(subclass.prototype, 'locator', { value: locator });
        Object.defineProperty(subclass.prototype, 'names', { value: names });
    }
    return (node, name) => {
        if (name !== nodeName(node)) return new GivenDescription(node, name);
        const key = normalizeName(name);
        return key === name ? new NormalizedDescription(node) : new OwnDescription(node, key);
    };
}
