/**
 * Walks over an AST in the order of Langium's `AstUtils.streamAst` (a node, then its children
 * property by property, depth first), without a stream object and generator state per node.
 */
import { isAstNode, type AstNode } from 'langium';

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
