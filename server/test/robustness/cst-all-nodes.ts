import type { CstNode } from 'langium';
import { childAt, childCount, isComposite } from '../../src/syntax/cst-nodes.js';

/**
 * Every node under `root` (root included), depth first, children in order, read with
 * `childCount`/`childAt` (no copies of lcpn's composites' children). The CST tests compare it
 * with Langium's own walks (`streamCst`, which reads `content`).
 */
export function allNodes(root: CstNode): CstNode[] {
    const out: CstNode[] = [];
    const stack = [root];
    while (stack.length > 0) {
        const node = stack.pop()!;
        out.push(node);
        if (isComposite(node)) for (let i = childCount(node) - 1; i >= 0; i--) stack.push(childAt(node, i));
    }
    return out;
}
