/**
 * Folding: Langium folds every node spanning three lines or more. LCPN comments are line
 * comments, which Langium never folds, so runs of whole-line comments (file headers, the
 * commentary inside a long definition) fold here, the last line included.
 *
 * Asked after every edit, so each top-level item's part of the answer is remembered per item
 * (its nodes' foldings, and what its leaves do to the comment runs), relative to its first
 * line: an edit keeps the items it did not re-parse and moves them by whole lines only
 * (docs/incremental.md), so the request costs the re-parsed items and a loop over the root's
 * children. Within an item, one pass each over the AST and the CST, without streams
 * (Langium's provider streamed every AST node and flattened the whole CST: 55-90 ms on a
 * 100 KB file); in a file without syntax errors a node spanning fewer than three lines cannot
 * hold one that spans three, so its subtree is skipped. The ranges and their order are
 * Langium's (server/test/server/outline-folding.test.ts; after edits, the incremental property
 * test and server/test/language/lsp/outline-folding-items.test.ts).
 */
import { interruptAndCheck, type AstNode, type CstNode, type LangiumDocument, type MaybePromise } from 'langium';
import { DefaultFoldingRangeProvider, type FoldingRangeAcceptor } from 'langium/lsp';
import { CancellationToken, FoldingRange, FoldingRangeKind, type FoldingRangeParams } from 'vscode-languageserver';
import { forEachAstChild } from '../ast-walk.js';
import { firstLeafLine, movesWithItsLines } from './lcpn-moved-ranges.js';

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

export class LcpnFoldingRangeProvider extends DefaultFoldingRangeProvider {
    private readonly nodeFoldings = new WeakMap<AstNode, ItemFoldings>();
    private readonly comments = new WeakMap<CstNode, ItemComments>();
    /** Items computed and reused (tests read them). */
    readonly stats = { computed: 0, reused: 0 };

    /** Nested nodes often span the same lines (a definition and its conditional): one folding per start line, the largest. */
    override async getFoldingRanges(document: LangiumDocument, params: FoldingRangeParams, cancelToken = CancellationToken.None): Promise<FoldingRange[]> {
        const byStart = new Map<number, FoldingRange>();
        const ranges = (await this.byItem(document, cancelToken)) ?? await (super.getFoldingRanges(document, params) as MaybePromise<FoldingRange[]>);
        for (const range of ranges) {
            const existing = byStart.get(range.startLine);
            if (!existing || existing.endLine < range.endLine) byStart.set(range.startLine, range);
        }
        return [...byStart.values()];
    }

    /**
     * The foldings in collectFolding's order, from each item's remembered part; undefined when
     * the grammar has multi-line comments (Langium folds each: not remembered here) or the root
     * holds something other than items and comments.
     */
    private async byItem(document: LangiumDocument, cancelToken: CancellationToken): Promise<FoldingRange[] | undefined> {
        const root = document.parseResult?.value;
        const cst = root?.$cstNode;
        if (!root || !cst || this.commentNames.length > 0 || !this.shouldProcessContent(root)) return undefined;
        const foldings: FoldingRange[] = [];
        const accept = (range: FoldingRange) => foldings.push(range);
        const { parserErrors, lexerErrors } = document.parseResult;
        const prune = parserErrors.length === 0 && lexerErrors.length === 0;
        let computed = 0;
        const pace = async () => { if (computed++ % 64 === 0) await interruptAndCheck(cancelToken); };
        const items: AstNode[] = [];
        forEachAstChild(root, (item) => items.push(item));
        for (const item of items) {
            const base = item.$cstNode ? firstLeafLine(item.$cstNode) : undefined;
            let part = base === undefined ? undefined : this.nodeFoldings.get(item);
            if (part) this.stats.reused++;
            else {
                await pace();
                this.stats.computed++;
                const own: FoldingRange[] = [];
                this.collectNodeFoldings(document, item, (range) => own.push(range), prune, true);
                part = { foldings: own.map((range) => moved(range, -(base ?? 0))) };
                if (base !== undefined && movesWithItsLines(item.$cstNode!)) this.nodeFoldings.set(item, part);
            }
            for (const range of part.foldings) accept(moved(range, base ?? 0));
        }
        const runs = new CommentRuns(accept);
        for (const child of (cst as { content?: readonly CstNode[] }).content ?? []) {
            if (!('content' in child)) {
                runs.leaf(child);
                continue;
            }
            const base = firstLeafLine(child);
            if (base === undefined) continue; // no leaves
            let part = this.comments.get(child);
            if (!part) {
                await pace();
                part = itemComments(child, base);
                this.comments.set(child, part);
            }
            runs.item(part, base);
        }
        runs.flush();
        return foldings;
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

    /** An item whose first leaf is on line `base`. */
    item(part: ItemComments, base: number): void {
        for (const line of part.lead) this.comment(line + base);
        if (!part.code) return;
        // Its first token ends any run before it; the runs between its tokens are its own.
        this.flush();
        for (const [start, end] of part.runs) this.acceptor(FoldingRange.create(start + base, end + base, undefined, undefined, FoldingRangeKind.Comment));
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
