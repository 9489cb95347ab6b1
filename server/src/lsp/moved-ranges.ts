/**
 * Answers remembered per definition, moved to the definition's new lines. An edit moves a kept
 * definition by whole lines only (docs/incremental.md), so its ranges keep their characters.
 * Except where Langium places a node at the start of the file: a composite CST node without
 * leaves (left by recovery) has the range (0, 0)-(0, 0), and a node starting with one starts
 * there; such an item's answers do not move with it (`movesWithItsLines`).
 */
import type { AstNode, CstNode } from 'langium';
import type { DocumentSymbol, Range } from 'vscode-languageserver';

/**
 * The line of the first leaf under `node` (hidden or not), if it has one: where an item's
 * remembered answer is anchored. Cheaper than `node.range` after an edit, which moves the
 * later items and so makes each composite compute its range again from its first and last leaves.
 */
export function firstLeafLine(node: CstNode): number | undefined {
    // Down the first children (no array: asked for every item of a large file on each request).
    let current = node;
    for (;;) {
        const content = (current as { content?: readonly CstNode[] }).content;
        if (!content) return current.range.start.line;
        if (content.length === 0) break;
        current = content[0];
    }
    // An empty composite on the way down: search the rest in order.
    const stack: CstNode[] = [node];
    while (stack.length > 0) {
        const next = stack.pop()!;
        const content = (next as { content?: readonly CstNode[] }).content;
        if (!content) return next.range.start.line;
        for (let i = content.length - 1; i >= 0; i--) stack.push(content[i]);
    }
    return undefined;
}

/**
 * Whether everything Langium says of the positions under `node` moves with its leaves: false
 * when it holds a composite without leaves (remembered per node: a kept item keeps its CST).
 */
export function movesWithItsLines(node: CstNode): boolean {
    let moves = moving.get(node);
    if (moves === undefined) {
        moves = true;
        const stack: CstNode[] = [node];
        while (stack.length > 0 && moves) {
            const content = (stack.pop() as { content?: readonly CstNode[] }).content;
            if (!content) continue;
            if (content.length === 0) moves = false;
            for (let i = 0; i < content.length; i++) stack.push(content[i]);
        }
        moving.set(node, moves);
    }
    return moves;
}

const moving = new WeakMap<CstNode, boolean>();

export function movedRange(range: Range, lines: number): Range {
    return {
        start: { line: range.start.line + lines, character: range.start.character },
        end: { line: range.end.line + lines, character: range.end.character }
    };
}

/** Copies of `symbols` (and their children) `lines` lines further down (up when negative). */
export function movedSymbols(symbols: readonly DocumentSymbol[], lines: number): DocumentSymbol[] {
    return symbols.map((symbol) => ({
        ...symbol,
        range: movedRange(symbol.range, lines),
        selectionRange: movedRange(symbol.selectionRange, lines),
        children: symbol.children && movedSymbols(symbol.children, lines)
    }));
}

/**
 * Where two lists of a document's items differ: the items in `after` from `start` to `end`
 * replace those in `before` from `start` to `oldEnd` (kept items are the same AST nodes, in the
 * same order: docs/incremental.md). The common start and end, compared by identity.
 */
export function replacedItems(before: readonly unknown[], after: readonly unknown[]): { start: number; end: number; oldEnd: number } {
    let start = 0;
    while (start < after.length && start < before.length && after[start] === before[start]) start++;
    let kept = 0;
    while (kept < after.length - start && kept < before.length - start && after[after.length - 1 - kept] === before[before.length - 1 - kept]) kept++;
    return { start, end: after.length - kept, oldEnd: before.length - kept };
}

/**
 * Whether a root's items (forEachAstChild's order: one list after another, definitions and
 * strays) are in text order: each list is, so only where one list ends and the next starts
 * can they be out of order (a stray before a definition). A patched answer moves every item
 * after the replaced ones by the edit's lines: only right when those items follow it in the text.
 */
export function inTextOrder(items: readonly AstNode[]): boolean {
    for (let i = 1; i < items.length; i++) {
        if (items[i].$containerProperty === items[i - 1].$containerProperty) continue;
        const before = items[i - 1].$cstNode;
        const after = items[i].$cstNode;
        if (!before || !after || before.end > after.offset) return false;
    }
    return true;
}
