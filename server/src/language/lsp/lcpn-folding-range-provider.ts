/**
 * Folding: Langium folds every node spanning three lines or more. LCPN comments are line
 * comments, which Langium never folds, so runs of whole-line comments (file headers, the
 * commentary inside a long definition) fold here, the last line included.
 */
import { CstUtils, type LangiumDocument, type MaybePromise } from 'langium';
import { DefaultFoldingRangeProvider, type FoldingRangeAcceptor } from 'langium/lsp';
import { FoldingRange, FoldingRangeKind, type FoldingRangeParams } from 'vscode-languageserver';

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
        super.collectFolding(document, acceptor);
        const root = document.parseResult.value.$cstNode;
        if (!root) return;
        let run: { start: number; end: number } | undefined;
        let previousLine = -1;
        const flush = () => {
            if (run && run.end > run.start) acceptor(FoldingRange.create(run.start, run.end, undefined, undefined, FoldingRangeKind.Comment));
            run = undefined;
        };
        for (const leaf of CstUtils.flattenCst(root)) {
            const line = leaf.range.start.line;
            const wholeLine = leaf.hidden && line !== previousLine;
            if (!leaf.hidden) previousLine = leaf.range.end.line;
            if (!wholeLine) { if (!leaf.hidden) flush(); continue; }
            if (run && line === run.end + 1) run.end = line;
            else { flush(); run = { start: line, end: line }; }
        }
        flush();
    }
}
