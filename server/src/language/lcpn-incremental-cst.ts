/**
 * Moving CST nodes that an incremental update keeps (lcpn-incremental-parse.ts) to their new
 * positions. Langium has no public way to do this: a leaf keeps its offset and lines in fields
 * of `LeafCstNodeImpl` (`_offset`, `_startLine`, `_endLine`), and a composite caches its range
 * (`CompositeCstNodeImpl._rangeCache`). These are the only Langium internals the incremental
 * update touches; `server/test/incremental/splice-parse.test.ts` fails if an upgrade renames them,
 * and `supportsShift` turns the incremental update off (every edit then parses the whole
 * file) when a leaf does not have them.
 */
import type { CompositeCstNode, CstNode } from 'langium';

interface LeafFields { _offset: number; _startLine: number; _endLine: number }
interface CompositeFields { _rangeCache?: unknown }

/** Whether `leaf` stores its position the way `shiftCst` moves it. */
export function supportsShift(leaf: CstNode): boolean {
    const fields = leaf as unknown as Partial<LeafFields>;
    return typeof fields._offset === 'number' && typeof fields._startLine === 'number' && typeof fields._endLine === 'number'
        && leaf.offset === fields._offset && leaf.range.start.line === fields._startLine;
}

/**
 * Moves every leaf under `node` by `offset` characters and `lines` lines (columns are kept:
 * callers move only whole lines), and forgets the composites' cached ranges (which hold lines
 * only: when no line moves they stay true). Iterative (a deep form must not overflow the stack).
 * This touches every node after an edit (~40 ns a node, memory-bound: ~300k nodes for an edit
 * in the middle of a 1 MB file); it reads a node's `content` once to tell composites from leaves.
 */
export function shiftCst(node: CstNode, offset: number, lines: number): void {
    const stack: CstNode[] = [node];
    while (stack.length > 0) {
        const current = stack.pop()!;
        const content = (current as Partial<CompositeCstNode>).content;
        if (content !== undefined) {
            if (lines !== 0 && (current as unknown as CompositeFields)._rangeCache !== undefined) (current as unknown as CompositeFields)._rangeCache = undefined;
            for (let i = 0; i < content.length; i++) stack.push(content[i]);
        } else {
            const leaf = current as unknown as LeafFields;
            leaf._offset = (leaf._offset + offset) | 0;
            if (lines !== 0) {
                leaf._startLine = (leaf._startLine + lines) | 0;
                leaf._endLine = (leaf._endLine + lines) | 0;
            }
        }
    }
}
