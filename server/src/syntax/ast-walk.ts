/**
 * Walks over an AST in the order of Langium's `AstUtils.streamAst` (a node, then its children
 * property by property, depth first), without a stream object and generator state per node.
 * Linking, reference indexing and validation each walk every node of a document; on a 1 MB
 * file (~300k nodes) Langium's streams cost about a second per build.
 */
import { DocumentState, isAstNode, isReference, type AstNode, type DocumentBuilder, type Reference, type ReferenceInfo } from 'langium';

/**
 * Calls `visit` for `root` and every node below it, in `streamAst` order. Iterative: the depth
 * of an AST is bounded by the parser's nesting limit today, but a walk must not be what
 * overflows the stack if a tree is ever deeper.
 */
export function forEachAstNode(root: AstNode, visit: (node: AstNode) => void): void {
    const stack: AstNode[] = [root];
    const children: AstNode[] = [];
    const pushChild = (child: AstNode) => children.push(child);
    while (stack.length > 0) {
        const node = stack.pop()!;
        visit(node);
        forEachAstChild(node, pushChild);
        // Pushed in reverse, so the first child is visited next.
        while (children.length > 0) stack.push(children.pop()!);
    }
}

/** Calls `visit` for each child of `node`, in `streamContents` order (property by property). */
export function forEachAstChild(node: AstNode, visit: (child: AstNode) => void): void {
    const record = node as unknown as Record<string, unknown>;
    for (const property in record) {
        if (property.charCodeAt(0) === 36 /* $ */) continue;
        const value = record[property];
        if (Array.isArray(value)) {
            for (const element of value) if (isAstNode(element)) visit(element);
        } else if (isAstNode(value)) {
            visit(value);
        }
    }
}

/**
 * Every AST node of `root`, in `streamAst` order. Remembered for a document's root while it is
 * being built (linking, reference indexing and validation each ask once per build; a parse makes
 * a new root, and later phases add no nodes) until `forgetAstNodes` (once the build has validated:
 * kept for the document's life, the array costs ~2x the text).
 */
export function allAstNodes(root: AstNode): readonly AstNode[] {
    const remembered = root.$document ? walked.get(root) : undefined;
    if (remembered) return remembered;
    const nodes: AstNode[] = [];
    forEachAstNode(root, (node) => nodes.push(node));
    if (root.$document) walked.set(root, nodes);
    return nodes;
}

const walked = new WeakMap<AstNode, AstNode[]>();

/**
 * Forgets `root`'s remembered walk. A later build of the same root (its document relinked after
 * another changed) walks it once more; an edit makes a new root, so it never reads an old walk.
 */
export function forgetAstNodes(root: AstNode): void {
    walked.delete(root);
}

/** Forgets the walks of a build's documents once it has validated them (service wiring, module.ts). */
export function forgetWalksAfterBuilds(builder: DocumentBuilder): void {
    builder.onBuildPhase(DocumentState.Validated, (documents) => {
        for (const document of documents) forgetAstNodes(document.parseResult.value);
    });
}

/** The (single-valued) references of one node, as `AstUtils.streamReferences` gives them. */
export function referencesOf(node: AstNode): ReferenceInfo[] {
    let result: ReferenceInfo[] | undefined;
    const record = node as unknown as Record<string, unknown>;
    for (const property in record) {
        if (property.charCodeAt(0) === 36 /* $ */) continue;
        const value = record[property];
        if (isReference(value)) {
            (result ??= []).push({ reference: value, container: node, property });
        } else if (Array.isArray(value)) {
            value.forEach((element: unknown, index) => {
                if (isReference(element)) (result ??= []).push({ reference: element as Reference, container: node, property, index });
            });
        }
    }
    return result ?? NONE;
}

const NONE: ReferenceInfo[] = [];
