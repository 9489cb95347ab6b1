/**
 * Langium's searches of a node's own CST (GrammarUtils.findNodesForProperty,
 * findNodeForProperty, findNodesForKeyword, findNodeForKeyword) with the same answers, without
 * their cost: the property search built an array per CST node (`flatMap` at every level) and
 * found the first match only after collecting every one; the keyword search ran a stream (a
 * generator per node). Semantic tokens ask both for nearly every AST node after every edit, and
 * the outline asks each definition for its name node. Children are read with `childAt` (lcpn's
 * composite's `content` is a copy).
 */
import { AstUtils, GrammarAST, type AstNode, type CstNode } from 'langium';
import { childAt, childCount, isComposite } from './cst-nodes.js';

/** The feature of the assignment a grammar element lies in (asked once per element). */
const features = new WeakMap<GrammarAST.AbstractElement, string | null>();

function assignedFeature(node: CstNode): string | undefined {
    const source = node.grammarSource;
    if (!source) return undefined;
    let feature = features.get(source);
    if (feature === undefined) {
        feature = AstUtils.getContainerOfType(source, GrammarAST.isAssignment)?.feature ?? null;
        features.set(source, feature);
    }
    return feature ?? undefined;
}

/**
 * The CST nodes of `property` within `node` (which belongs to one AST node), in text order,
 * stopping after `limit` of them.
 */
function nodesForProperty(node: CstNode, property: string, limit: number): CstNode[] {
    const found: CstNode[] = [];
    const element = node.astNode;
    // Depth first, children in order: the order Langium's recursion gives.
    const visit = (cst: CstNode, first: boolean): boolean => {
        if (!first && assignedFeature(cst) === property) {
            found.push(cst);
            return found.length >= limit;
        }
        if (!isComposite(cst) || cst.astNode !== element) return false;
        const count = childCount(cst);
        for (let i = 0; i < count; i++) if (visit(childAt(cst, i), false)) return true;
        return false;
    };
    visit(node, true);
    return found;
}

/** GrammarUtils.findNodesForProperty. */
export function cstNodesForProperty(node: CstNode | undefined, property: string | undefined): CstNode[] {
    if (!node || !property) return [];
    return nodesForProperty(node, property, Infinity);
}

/** GrammarUtils.findNodeForProperty: the first (or the index-th, clamped) node of `property`. */
export function cstNodeForProperty(node: CstNode | undefined, property: string | undefined, index?: number): CstNode | undefined {
    if (!node || !property) return undefined;
    if (index === undefined || index <= 0) return nodesForProperty(node, property, 1)[0];
    const nodes = nodesForProperty(node, property, Infinity);
    return nodes.length === 0 ? undefined : nodes[Math.min(index, nodes.length - 1)];
}

function isKeyword(node: CstNode, keyword: string): boolean {
    const source = node.grammarSource;
    return source !== undefined && GrammarAST.isKeyword(source) && source.value === keyword;
}

/** GrammarUtils.findNodesForKeyword: the keyword's CST nodes within `node` that belong to its AST node. */
export function cstNodesForKeyword(node: CstNode | undefined, keyword: string): CstNode[] {
    if (!node) return [];
    const element: AstNode | undefined = node.astNode;
    if (isKeyword(node, keyword)) return [node];
    const found: CstNode[] = [];
    const stack: CstNode[] = [node];
    while (stack.length > 0) {
        const cst = stack.pop()!;
        if (cst.astNode !== element) continue; // another AST node's text: not searched (Langium prunes it)
        if (cst !== node && isKeyword(cst, keyword)) found.push(cst);
        if (isComposite(cst)) for (let i = childCount(cst) - 1; i >= 0; i--) stack.push(childAt(cst, i));
    }
    return found;
}

/** GrammarUtils.findNodeForKeyword. */
export function cstNodeForKeyword(node: CstNode | undefined, keyword: string, index?: number): CstNode | undefined {
    const nodes = cstNodesForKeyword(node, keyword);
    if (nodes.length === 0) return undefined;
    return nodes[index === undefined ? 0 : Math.max(0, Math.min(index, nodes.length - 1))];
}
