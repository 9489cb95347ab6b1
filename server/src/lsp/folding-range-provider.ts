/**
 * Folding: Langium folds every node spanning three lines or more. LCPN comments are line
 * comments, which Langium never folds, so runs of whole-line comments (file headers, the
 * commentary inside a long definition) fold here, the last line included.
 */
import { CstUtils, type AstNode, type LangiumDocument, type MaybePromise } from 'langium';
import { DefaultFoldingRangeProvider, type FoldingRangeAcceptor } from 'langium/lsp';
import { FoldingRange, FoldingRangeKind, type CancellationToken, type FoldingRangeParams } from 'vscode-languageserver';

export class LcpnFoldingRangeProvider extends DefaultFoldingRangeProvider {
    /** Nested nodes often span the same lines (a definition and its conditional): one folding per start line, the largest. */
    override async getFoldingRanges(document: LangiumDocument, params: FoldingRangeParams, cancelToken?: CancellationToken): Promise<FoldingRange[]> {
        const byStart = new Map<number, FoldingRange>();
        for (const range of await (super.getFoldingRanges(document, params, cancelToken) as MaybePromise<FoldingRange[]>)) {
            const existing = byStart.get(range.startLine);
            if (!existing || existing.endLine < range.endLine) byStart.set(range.startLine, range);
        }
        return [...byStart.values()];
    }

    /** Langium's comment foldings (multi-line comments: LCPN has none), then runs of two or more lines holding only a comment. */
    protected override collectCommentFolding(document: LangiumDocument, node: AstNode, acceptor: FoldingRangeAcceptor): void {
        super.collectCommentFolding(document, node, acceptor);
        if (!node.$cstNode) return;
        let run: { start: number; end: number } | undefined;
        const flush = () => {
            if (run && run.end > run.start) acceptor(FoldingRange.create(run.start, run.end, undefined, undefined, FoldingRangeKind.Comment));
            run = undefined;
        };
        // The line the last token ended on: a comment after a token on its line is not a whole-line comment.
        let codeLine = -1;
        for (const leaf of CstUtils.flattenCst(node.$cstNode)) {
            if (!leaf.hidden) {
                codeLine = leaf.range.end.line;
                flush();
                continue;
            }
            const line = leaf.range.start.line;
            if (line === codeLine) continue;
            if (run && line === run.end + 1) run.end = line;
            else {
                flush();
                run = { start: line, end: line };
            }
        }
        flush();
    }
}
