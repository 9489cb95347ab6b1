/**
 * Folding: Langium folds every node spanning three lines or more. LCPN comments are line
 * comments, which Langium never folds, so runs of whole-line comments (file headers, the
 * commentary inside a long definition) fold here, the last line included.
 *
 * Asked after every edit, so it is one pass each over the AST and the CST, without streams:
 * Langium's provider streamed every AST node and flattened the whole CST (a generator per
 * node), 55-90 ms on a 100 KB file. In a file without syntax errors a node spanning fewer than
 * three lines cannot hold one that spans three, so its subtree is skipped: in a file of one-line
 * definitions that is every one.
 * The ranges and their order are Langium's (a test compares them).
 */
import { type AstNode, type CstNode, type LangiumDocument, type MaybePromise } from 'langium';
import { DefaultFoldingRangeProvider, type FoldingRangeAcceptor } from 'langium/lsp';
import { FoldingRange, FoldingRangeKind, type FoldingRangeParams } from 'vscode-languageserver';
import { forEachAstChild } from '../ast-walk.js';

export class LcpnFoldingRangeProvider extends DefaultFoldingRangeProvider {
    /** Nested nodes often span the same lines (a definition and its conditional): one folding per start line, the largest. */
    override async getFoldingRanges(document: LangiumDocument, params: FoldingRangeParams): Promise<FoldingRange[]> {
        const byStart = new Map<number, FoldingRange>();
        for (const range of await (super.getFoldingRanges(document, params) as MaybePromise<FoldingRange[]>)) {
            const existing = byStart.get(range.startLine);
            if (!existing || existing.endLine < range.endLine) byStart.set(range.startLine, range);
        }
        return [...byStart.values()];
    }

    protected override collectFolding(document: LangiumDocument, acceptor: FoldingRangeAcceptor): void {
        const root = document.parseResult?.value;
        if (!root) return;
        this.collectNodeFoldings(document, root, acceptor);
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

    /** Langium's object foldings (every node below the root, depth first), skipping subtrees on fewer than three lines. */
    private collectNodeFoldings(document: LangiumDocument, root: AstNode, acceptor: FoldingRangeAcceptor): void {
        if (!this.shouldProcessContent(root)) return;
        // Recovery from a syntax error can leave a node whose CST reaches outside its container's.
        const { parserErrors, lexerErrors } = document.parseResult;
        const prune = parserErrors.length === 0 && lexerErrors.length === 0;
        const stack: AstNode[] = [];
        forEachAstChild(root, (child) => stack.push(child));
        stack.reverse();
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
        let run: { start: number; end: number } | undefined;
        let previousLine = -1;
        const flush = () => {
            if (run && run.end > run.start) acceptor(FoldingRange.create(run.start, run.end, undefined, undefined, FoldingRangeKind.Comment));
            run = undefined;
        };
        for (const leaf of leaves) {
            const range = leaf.range;
            const line = range.start.line;
            const wholeLine = leaf.hidden && line !== previousLine;
            if (!leaf.hidden) previousLine = range.end.line;
            if (!wholeLine) { if (!leaf.hidden) flush(); continue; }
            if (run && line === run.end + 1) run.end = line;
            else { flush(); run = { start: line, end: line }; }
        }
        flush();
    }
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
