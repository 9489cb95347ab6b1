/**
 * Moving CST nodes that an incremental update keeps (incremental-parse.ts) to their new
 * positions. A leaf is lcpn's (`LcpnLeafCstNode`, cst-nodes.ts): it stores its offset and
 * reads its lines from its root's text, so only offsets move; lcpn's composite caches no range.
 * A composite that is not lcpn's (none below the root) may cache its range
 * (`CompositeCstNodeImpl._rangeCache`, Langium-private): it is forgotten when lines move.
 * `supportsShift` turns the incremental update off (every edit then parses the whole file) when
 * a leaf is not lcpn's.
 */
import type { CompositeCstNode, CstNode } from 'langium';
import { LcpnCompositeCstNode, LcpnLeafCstNode } from './cst-nodes.js';

interface CompositeFields { _rangeCache?: unknown }

/** Whether `leaf` stores its position the way `shiftCst` moves it. */
export function supportsShift(leaf: CstNode): boolean {
    return leaf instanceof LcpnLeafCstNode;
}

/**
 * Moves every leaf under `node` by `offset` characters, and forgets the cached ranges of
 * composites that are not lcpn's when `lines` lines move (a cache holds lines and columns:
 * callers move only whole lines, so when no line moves it stays true). Iterative (a deep form must not
 * overflow the stack). This touches every node after an edit (memory-bound: ~300k nodes for an
 * edit in the middle of a 1 MB file).
 */
export function shiftCst(node: CstNode, offset: number, lines: number): void {
    const stack: CstNode[] = [node];
    while (stack.length > 0) {
        const current = stack.pop()!;
        if (current instanceof LcpnCompositeCstNode) {
            const count = current.childCount;
            for (let i = 0; i < count; i++) stack.push(current.childAt(i));
        } else if (current instanceof LcpnLeafCstNode) {
            current.shift(offset);
        } else {
            const content = (current as Partial<CompositeCstNode>).content;
            if (content === undefined) throw new Error('shiftCst: a leaf that is not lcpn\'s (supportsShift was not asked)');
            if (lines !== 0 && (current as unknown as CompositeFields)._rangeCache !== undefined) (current as unknown as CompositeFields)._rangeCache = undefined;
            for (let i = 0; i < content.length; i++) stack.push(content[i]);
        }
    }
}
