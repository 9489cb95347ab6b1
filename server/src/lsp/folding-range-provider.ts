/**
 * Folding: Langium folds every node spanning three lines or more. LCPN comments are line
 * comments, which Langium never folds, so runs of whole-line comments (file headers, the
 * commentary inside a long definition) fold here, the last line included.
 *
 * Asked after every edit, so each top-level item's part of the answer is remembered per item
 * (its nodes' foldings, and what its leaves do to the comment runs), relative to its first
 * line: an edit keeps the items it did not re-parse and moves them by whole lines only
 * (docs/incremental.md), so the request costs the re-parsed items: the last answer is patched
 * (their foldings spliced in, the comment runs read again from the last item with tokens
 * before the change to the first after it, the rest moved by the edit's lines). Within an item, one pass each over the AST and the CST, without streams
 * (Langium's provider streamed every AST node and flattened the whole CST: 55-90 ms on a
 * 100 KB file); in a file without syntax errors a node spanning fewer than three lines cannot
 * hold one that spans three, so its subtree is skipped. The ranges and their order are
 * Langium's (server/test/server/outline-folding.test.ts; after edits, the incremental property
 * test and server/test/language/lsp/outline-folding-items.test.ts).
 */
import { interruptAndCheck, type AstNode, type CstNode, type LangiumDocument, type MaybePromise } from 'langium';
import { DefaultFoldingRangeProvider, type FoldingRangeAcceptor, type LangiumServices } from 'langium/lsp';
import { CancellationToken, FoldingRange, FoldingRangeKind, type FoldingRangeParams } from 'vscode-languageserver';
import { forEachAstChild } from '../syntax/ast-walk.js';
import { firstLeafLine, inTextOrder, movesWithItsLines, replacedItems } from './moved-ranges.js';

/** One item's node foldings, lines relative to the item's first line. */
interface ItemFoldings {
    readonly foldings: readonly FoldingRange[];
}

/**
 * What one item's leaves do to the comment runs (lines relative to its first leaf's): the
 * whole-line comments before its first token (`lead`: they may continue a run before it), the
 * runs closed between its first and last tokens, its last token's end line, and the comments
 * after its last token (`trail`: a run they start may go on after it).
 */
interface ItemComments {
    readonly lead: readonly number[];
    readonly code: boolean;
    readonly runs: readonly (readonly [number, number])[];
    readonly lastEnd: number;
    readonly trail: readonly number[];
}

/**
 * The last answer for a document, and where each item's and root child's part lies in it: the
 * node foldings per item, and the comment runs as emitted over the root's children (for a child
 * with tokens, where the runs stood after its last token: nothing after depends on what came before).
 */
interface Answer {
    readonly items: readonly AstNode[];
    readonly itemBases: Int32Array;
    /** Per item, the index of its first node folding in `nodes`; one more entry: nodes' length. */
    readonly itemStarts: Int32Array;
    readonly nodes: readonly FoldingRange[];
    readonly children: readonly CstNode[];
    /** Per root child, the line of its first leaf (-1: a composite without leaves). */
    readonly childLines: Int32Array;
    /** Per root child with tokens, the length of `comments` after its last token; -1 for the others. */
    readonly codeEnds: Int32Array;
    readonly comments: readonly FoldingRange[];
    /** Whether every item's foldings move with its lines (else: not kept). */
    readonly movable: boolean;
    /** Whether the node foldings were pruned (a file without syntax errors). */
    readonly prune: boolean;
}

/** At most this many items or root children are read again by a patch (synchronously); more: the whole answer, with cancellation checks. */
const PATCHED_ITEMS = 64;

const NO_COMMENTS: ItemComments = { lead: [], code: false, runs: [], lastEnd: 0, trail: [] };

export class LcpnFoldingRangeProvider extends DefaultFoldingRangeProvider {
    private readonly nodeFoldings = new WeakMap<AstNode, ItemFoldings>();
    private readonly comments = new WeakMap<CstNode, ItemComments>();
    /** Per document URI, the last answer. */
    private readonly answers = new Map<string, Answer>();
    /** Items computed and reused, answers patched (tests read them). */
    readonly stats = { computed: 0, reused: 0, patched: 0 };

    constructor(services: LangiumServices) {
        super(services);
        services.shared.workspace.TextDocuments?.onDidClose((e) => this.answers.delete(e.document.uri));
    }

    /** Nested nodes often span the same lines (a definition and its conditional): one folding per start line, the largest. */
    override async getFoldingRanges(document: LangiumDocument, params: FoldingRangeParams, cancelToken = CancellationToken.None): Promise<FoldingRange[]> {
        const byStart = new Map<number, FoldingRange>();
        const answer = await this.byItem(document, cancelToken);
        const add = (range: FoldingRange) => {
            const existing = byStart.get(range.startLine);
            if (!existing || existing.endLine < range.endLine) byStart.set(range.startLine, range);
        };
        if (answer) {
            for (const range of answer.nodes) add(range);
            for (const range of answer.comments) add(range);
        } else {
            for (const range of await (super.getFoldingRanges(document, params) as MaybePromise<FoldingRange[]>)) add(range);
        }
        return [...byStart.values()];
    }

    /**
     * The foldings in collectFolding's order (the nodes', then the comment runs'), patched from
     * the last answer or from each item's remembered part; undefined when the grammar has
     * multi-line comments (Langium folds each: not remembered here) or the root holds something
     * other than items and comments.
     */
    private async byItem(document: LangiumDocument, cancelToken: CancellationToken): Promise<Answer | undefined> {
        const root = document.parseResult?.value;
        const cst = root?.$cstNode;
        if (!root || !cst || this.commentNames.length > 0 || !this.shouldProcessContent(root)) return undefined;
        await interruptAndCheck(cancelToken);
        const { parserErrors, lexerErrors } = document.parseResult;
        const prune = parserErrors.length === 0 && lexerErrors.length === 0;
        const items: AstNode[] = [];
        forEachAstChild(root, (item) => items.push(item));
        const children = (cst as { content?: readonly CstNode[] }).content ?? [];
        const uri = document.uri.toString();
        const ordered = inTextOrder(items);
        const answer = (ordered ? this.patched(document, items, children, prune) : undefined) ?? await this.assembled(document, items, children, prune, cancelToken);
        // Only an answer whose items are in text order is patched (the items after an edit move by its lines).
        if (ordered && answer.movable) this.answers.set(uri, answer);
        else this.answers.delete(uri);
        return answer;
    }

    /** The answer from every item's and root child's remembered part (computed when not remembered). */
    private async assembled(document: LangiumDocument, items: readonly AstNode[], children: readonly CstNode[], prune: boolean, cancelToken: CancellationToken): Promise<Answer> {
        let computed = 0;
        const pace = async () => {
            if (++computed % 64 === 0) await interruptAndCheck(cancelToken);
        };
        const nodes: FoldingRange[] = [];
        const itemBases = new Int32Array(items.length);
        const itemStarts = new Int32Array(items.length + 1);
        let movable = true;
        for (let i = 0; i < items.length; i++) {
            const part = this.itemPart(document, items[i], prune);
            if (part.fresh) await pace();
            movable &&= part.moves;
            itemBases[i] = part.base;
            itemStarts[i] = nodes.length;
            for (const range of part.foldings) nodes.push(moved(range, part.base));
        }
        itemStarts[items.length] = nodes.length;
        const comments: FoldingRange[] = [];
        const childLines = new Int32Array(children.length);
        const codeEnds = new Int32Array(children.length).fill(-1);
        const runs = new CommentRuns((range) => comments.push(range));
        for (let k = 0; k < children.length; k++) {
            const child = children[k];
            const { line, part, fresh } = this.childPart(child);
            if (fresh) await pace();
            childLines[k] = line;
            if (!part) runs.leaf(child);
            else if (line >= 0) {
                runs.itemCode(part, line);
                if (part.code) codeEnds[k] = comments.length;
                runs.itemTrail(part, line);
            }
        }
        runs.flush();
        return { items, itemBases, itemStarts, nodes, children, childLines, codeEnds, comments, movable, prune };
    }

    /**
     * The last answer with what an edit replaced answered again, and the kept items and root
     * children after it moved by the edit's lines (they are the same nodes: docs/incremental.md).
     * The comment runs are read again from the last item with tokens before the change to the
     * first after it: a run never crosses a token, so the runs before and after are the old ones.
     * Undefined when there is no last answer, many items changed, or a line does not match.
     */
    private patched(document: LangiumDocument, items: readonly AstNode[], children: readonly CstNode[], prune: boolean): Answer | undefined {
        const last = this.answers.get(document.uri.toString());
        if (!last || last.prune !== prune) return undefined;
        const changedItems = replacedItems(last.items, items);
        const changedChildren = replacedItems(last.children, children);
        if (changedItems.end - changedItems.start > PATCHED_ITEMS || changedChildren.end - changedChildren.start > PATCHED_ITEMS) return undefined;
        // The lines the kept items and children after the change moved by.
        let shift: number | undefined;
        const moves = (line: number | undefined, old: number) => {
            if (line === undefined) return false;
            if (shift === undefined) shift = line - old;
            return line - old === shift;
        };
        const { start, end, oldEnd } = changedItems;
        if (end < items.length && !moves(items[end].$cstNode && firstLeafLine(items[end].$cstNode), last.itemBases[oldEnd])) return undefined;
        const { start: cStart, end: cEnd, oldEnd: cOldEnd } = changedChildren;
        if (cEnd < children.length && !moves(lineOf(children[cEnd]), last.childLines[cOldEnd])) return undefined;
        const by = shift ?? 0;

        // Node foldings: the replaced items' parts, the kept ones after them moved.
        let movable = true;
        const middle: FoldingRange[] = [];
        const itemBases = new Int32Array(items.length);
        const itemStarts = new Int32Array(items.length + 1);
        itemBases.set(last.itemBases.subarray(0, start));
        itemStarts.set(last.itemStarts.subarray(0, start));
        const head = last.itemStarts[start];
        for (let i = start; i < end; i++) {
            const part = this.itemPart(document, items[i], prune);
            movable &&= part.moves;
            itemBases[i] = part.base;
            itemStarts[i] = head + middle.length;
            for (const range of part.foldings) middle.push(moved(range, part.base));
        }
        const nodeGrowth = head + middle.length - last.itemStarts[oldEnd];
        for (let i = end; i < items.length; i++) {
            itemBases[i] = last.itemBases[i - end + oldEnd] + by;
            itemStarts[i] = last.itemStarts[i - end + oldEnd] + nodeGrowth;
        }
        itemStarts[items.length] = head + middle.length + last.nodes.length - last.itemStarts[oldEnd];
        const nodes = last.nodes.slice(0, head).concat(middle, movedAll(last.nodes.slice(last.itemStarts[oldEnd]), by));

        // Comment runs: again from the last child with tokens before the change to the first one after it.
        let from = cStart - 1;
        while (from >= 0 && last.codeEnds[from] < 0) from--;
        let to = cEnd;
        while (to < children.length && last.codeEnds[to - cEnd + cOldEnd] < 0) to++;
        const comments: FoldingRange[] = from >= 0 ? last.comments.slice(0, last.codeEnds[from]) : [];
        const childLines = new Int32Array(children.length);
        const codeEnds = new Int32Array(children.length).fill(-1);
        childLines.set(last.childLines.subarray(0, cStart));
        codeEnds.set(last.codeEnds.subarray(0, cStart));
        const runs = new CommentRuns((range) => comments.push(range));
        if (from >= 0) runs.itemTrail(this.comments.get(children[from])!, last.childLines[from]);
        for (let k = from + 1; k < Math.min(to + 1, children.length); k++) {
            const child = children[k];
            const { line, part } = this.childPart(child);
            childLines[k] = line;
            if (!part) runs.leaf(child);
            else if (line >= 0) {
                runs.itemCode(part, line);
                if (part.code) codeEnds[k] = comments.length;
                if (k < to) runs.itemTrail(part, line);
            }
        }
        if (to < children.length) {
            const old = to - cEnd + cOldEnd;
            const growth = comments.length - last.codeEnds[old];
            for (const range of movedAll(last.comments.slice(last.codeEnds[old]), by)) comments.push(range);
            for (let k = to + 1; k < children.length; k++) {
                const o = k - cEnd + cOldEnd;
                childLines[k] = last.childLines[o] < 0 ? -1 : last.childLines[o] + by;
                codeEnds[k] = last.codeEnds[o] < 0 ? -1 : last.codeEnds[o] + growth;
            }
        } else {
            runs.flush();
        }
        this.stats.patched++;
        return { items, itemBases, itemStarts, nodes, children, childLines, codeEnds, comments, movable: movable && last.movable, prune };
    }

    /** One item's node foldings relative to its first leaf's line `base`, remembered or computed. */
    private itemPart(document: LangiumDocument, item: AstNode, prune: boolean): { base: number; foldings: readonly FoldingRange[]; moves: boolean; fresh: boolean } {
        const line = item.$cstNode ? firstLeafLine(item.$cstNode) : undefined;
        const part = line === undefined ? undefined : this.nodeFoldings.get(item);
        if (part) {
            this.stats.reused++;
            return { base: line!, foldings: part.foldings, moves: true, fresh: false };
        }
        this.stats.computed++;
        const base = line ?? 0;
        const own: FoldingRange[] = [];
        this.collectNodeFoldings(document, item, (range) => own.push(range), prune, true);
        const foldings = own.map((range) => moved(range, -base));
        const moves = line !== undefined && movesWithItsLines(item.$cstNode!);
        if (moves) this.nodeFoldings.set(item, { foldings });
        return { base, foldings, moves, fresh: true };
    }

    /** A root child's line (of its first leaf; -1 for a composite without leaves) and, for a composite, what its leaves do to the comment runs. */
    private childPart(child: CstNode): { line: number; part?: ItemComments; fresh: boolean } {
        if (!('content' in child)) return { line: child.range.start.line, fresh: false };
        const line = firstLeafLine(child);
        if (line === undefined) return { line: -1, part: NO_COMMENTS, fresh: false };
        let part = this.comments.get(child);
        const fresh = !part;
        if (!part) this.comments.set(child, part = itemComments(child, line));
        return { line, part, fresh };
    }

    protected override collectFolding(document: LangiumDocument, acceptor: FoldingRangeAcceptor): void {
        const root = document.parseResult?.value;
        if (!root) return;
        // Recovery from a syntax error can leave a node whose CST reaches outside its container's.
        const { parserErrors, lexerErrors } = document.parseResult;
        this.collectNodeFoldings(document, root, acceptor, parserErrors.length === 0 && lexerErrors.length === 0);
        const cst = root.$cstNode;
        if (!cst) return;
        const leaves = leavesOf(cst);
        if (this.commentNames.length > 0) {
            for (const leaf of leaves) {
                if (!this.commentNames.includes(leaf.tokenType.name)) continue;
                const range = this.toFoldingRange(document, leaf, FoldingRangeKind.Comment);
                if (range) acceptor(range);
            }
        }
        this.collectCommentRuns(leaves, acceptor);
    }

    /**
     * Langium's object foldings (every node below `root`, depth first; `root` too when `self`),
     * skipping subtrees on fewer than three lines when `prune`.
     */
    private collectNodeFoldings(document: LangiumDocument, root: AstNode, acceptor: FoldingRangeAcceptor, prune: boolean, self = false): void {
        const stack: AstNode[] = [];
        if (self) stack.push(root);
        else {
            if (!this.shouldProcessContent(root)) return;
            forEachAstChild(root, (child) => stack.push(child));
            stack.reverse();
        }
        while (stack.length > 0) {
            const node = stack.pop()!;
            const cst = node.$cstNode;
            if (cst && prune) {
                const { start, end } = cst.range;
                if (end.line - start.line < 2) continue; // nothing below folds either
            }
            if (this.shouldProcess(node)) this.collectObjectFolding(document, node, acceptor);
            if (!this.shouldProcessContent(node)) continue;
            const children: AstNode[] = [];
            forEachAstChild(node, (child) => children.push(child));
            for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
        }
    }

    /** Runs of two or more lines holding only a comment fold, the last line included. */
    private collectCommentRuns(leaves: readonly LeafOf[], acceptor: FoldingRangeAcceptor): void {
        const runs = new CommentRuns(acceptor);
        for (const leaf of leaves) runs.leaf(leaf);
        runs.flush();
    }
}

/**
 * Runs of whole-line comments, over the leaves in text order: a comment on a line after the
 * last token's starts or continues a run, a token ends it. Fed leaf by leaf, or an item at a
 * time from what its leaves do (ItemComments).
 */
class CommentRuns {
    private run: { start: number; end: number } | undefined;
    private previousLine = -1;

    constructor(private readonly acceptor: FoldingRangeAcceptor) { }

    flush(): void {
        if (this.run && this.run.end > this.run.start) this.acceptor(FoldingRange.create(this.run.start, this.run.end, undefined, undefined, FoldingRangeKind.Comment));
        this.run = undefined;
    }

    leaf(leaf: CstNode): void {
        const range = leaf.range;
        if (leaf.hidden) this.comment(range.start.line);
        else this.code(range.end.line);
    }

    /** A comment starting on `line`. */
    comment(line: number): void {
        if (line === this.previousLine) return; // after a token on its line: not a whole-line comment
        if (this.run && line === this.run.end + 1) this.run.end = line;
        else {
            this.flush();
            this.run = { start: line, end: line };
        }
    }

    /** A token ending on `endLine`. */
    code(endLine: number): void {
        this.previousLine = endLine;
        this.flush();
    }

    /** An item whose first leaf is on line `base`, up to its last token: what follows depends on nothing before. */
    itemCode(part: ItemComments, base: number): void {
        for (const line of part.lead) this.comment(line + base);
        if (!part.code) return;
        // Its first token ends any run before it; the runs between its tokens are its own.
        this.flush();
        for (const [start, end] of part.runs) this.acceptor(FoldingRange.create(start + base, end + base, undefined, undefined, FoldingRangeKind.Comment));
        this.previousLine = part.lastEnd + base;
    }

    /** The comments after the last token of an item (after `itemCode` of it). */
    itemTrail(part: ItemComments, base: number): void {
        if (!part.code) return;
        this.run = undefined;
        this.previousLine = part.lastEnd + base;
        for (const line of part.trail) this.comment(line + base);
    }
}

/** What an item's leaves do to the comment runs, relative to `base`, the line of its first leaf. */
function itemComments(node: CstNode, base: number): ItemComments {
    const leaves = leavesOf(node);
    let first = 0;
    while (first < leaves.length && leaves[first].hidden) first++;
    let last = leaves.length - 1;
    while (last >= 0 && leaves[last].hidden) last--;
    const lead = leaves.slice(0, first).map((leaf) => leaf.range.start.line - base);
    if (first === leaves.length) return { lead, code: false, runs: [], lastEnd: 0, trail: [] };
    const runs: [number, number][] = [];
    const inner = new CommentRuns((range) => runs.push([range.startLine - base, range.endLine - base]));
    for (let i = first; i <= last; i++) inner.leaf(leaves[i]);
    inner.flush();
    const trail = leaves.slice(last + 1).map((leaf) => leaf.range.start.line - base);
    return { lead, code: true, runs, lastEnd: leaves[last].range.end.line - base, trail };
}

/** The line of a root child's first leaf; undefined for a composite without leaves. */
function lineOf(child: CstNode): number | undefined {
    return 'content' in child ? firstLeafLine(child) : child.range.start.line;
}

/** Foldings `lines` lines further down. */
function movedAll(ranges: FoldingRange[], lines: number): FoldingRange[] {
    return lines === 0 ? ranges : ranges.map((range) => moved(range, lines));
}

/** A folding `lines` lines further down, characters kept (the incremental update moves kept items by whole lines). */
function moved(range: FoldingRange, lines: number): FoldingRange {
    if (lines === 0) return range;
    return FoldingRange.create(range.startLine + lines, range.endLine + lines, range.startCharacter, range.endCharacter, range.kind, range.collapsedText);
}

type LeafOf = CstNode & { tokenType: { name: string } };

/** The CST's leaves in text order (CstUtils.flattenCst's order), without a generator per node. */
function leavesOf(root: CstNode): LeafOf[] {
    const leaves: LeafOf[] = [];
    const stack: CstNode[] = [root];
    while (stack.length > 0) {
        const node = stack.pop()!;
        const content = (node as { content?: readonly CstNode[] }).content;
        if (!content) {
            leaves.push(node as LeafOf);
            continue;
        }
        for (let i = content.length - 1; i >= 0; i--) stack.push(content[i]);
    }
    return leaves;
}
