/**
 * The outline and folding providers answer in one pass (lsp/lcpn-document-symbol-provider.ts,
 * lsp/lcpn-folding-range-provider.ts); their answers must be exactly those of Langium's
 * providers with the previous LCPN additions (the reference implementations below), on
 * hand-written files, the examples, and random and mutated documents (fixed seed).
 */
import { CstUtils, type AstNode, type CstNode, type LangiumDocument, type MaybePromise } from 'langium';
import { DefaultDocumentSymbolProvider, DefaultFoldingRangeProvider, type FoldingRangeAcceptor, type LangiumServices } from 'langium/lsp';
import { parseHelper } from 'langium/test';
import { beforeAll, describe, expect, test } from 'vitest';
import { FoldingRange, FoldingRangeKind, type DocumentSymbol, type FoldingRangeParams } from 'vscode-languageserver';
import * as ast from '../../src/syntax/generated/ast.js';
import { definitionStyle } from '../../src/model/lower.js';
import { randomDocument } from '../robustness/fuzz-generate.js';
import { mutate, Random, seedFiles } from '../robustness/fuzz-inputs.js';
import { createTestServices } from '../test-services.js';

const STYLE_DETAIL = { lisp: 'Lisp', c: 'C', sql: 'SQL' } as const;

/** The outline as it was: Langium's provider, plus the style as detail. */
class ReferenceSymbols extends DefaultDocumentSymbolProvider {
    protected override createSymbol(document: LangiumDocument, astNode: AstNode, cstNode: CstNode, nameNode: CstNode, computedName?: string): DocumentSymbol {
        const symbol = super.createSymbol(document, astNode, cstNode, nameNode, computedName);
        return ast.isDefinition(astNode) ? { ...symbol, detail: STYLE_DETAIL[definitionStyle(astNode)] } : symbol;
    }
}

/** Folding as it was: Langium's, whole-line comment runs, one folding per start line. */
class ReferenceFolding extends DefaultFoldingRangeProvider {
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

let services: LangiumServices;
let referenceSymbols: ReferenceSymbols;
let referenceFolding: ReferenceFolding;
beforeAll(async () => {
    services = (await createTestServices()).Lcpn;
    referenceSymbols = new ReferenceSymbols(services);
    referenceFolding = new ReferenceFolding(services);
});

async function expectSameAnswers(text: string): Promise<{ symbols: DocumentSymbol[]; foldings: FoldingRange[] }> {
    const document = await parseHelper(services)(text);
    const textDocument = { uri: document.uri.toString() };
    const symbols = await services.lsp.DocumentSymbolProvider!.getSymbols(document, { textDocument });
    expect(JSON.stringify(symbols)).toBe(JSON.stringify(await referenceSymbols.getSymbols(document, { textDocument })));
    const foldings = await services.lsp.FoldingRangeProvider!.getFoldingRanges(document, { textDocument });
    expect(foldings).toEqual(await referenceFolding.getFoldingRanges(document, { textDocument }));
    return { symbols, foldings };
}

describe('outline and folding in one pass', () => {
    test('hand-written: multi-line definitions in the three styles, comment runs inside and between, a broken definition', async () => {
        const text = [
            ';;; header', ';;; second', '(def cannon', '  ;; why', '  ;; and why not', '  (/ (move rook)', '     (capture rook)))',
            '// c comment', 'pawn := if (rank() = 2) {', '    wazir', '} else {', '    ferz', '}',
            'knight IS [1, 2] # trailing', '# one', '# two', 'gold IS IF rank() = 2', '    THEN wazir', '    ELSE ferz END',
            '(def broken (/ wazir', '  ferz', '  ;; inside', '(def after [1 1])', ''
        ].join('\n');
        const { symbols, foldings } = await expectSameAnswers(text);
        expect(symbols.map((s) => `${s.name} ${s.detail}`)).toEqual(['cannon Lisp', 'pawn C', 'knight SQL', 'gold SQL', 'broken Lisp', 'after Lisp']);
        expect(foldings.map((f) => `${f.startLine}-${f.endLine}${f.kind === FoldingRangeKind.Comment ? ' comment' : ''}`)).toContain('0-1 comment');
        expect(foldings.length).toBeGreaterThanOrEqual(5);
    });

    test('the examples and the fuzz seed files', async () => {
        for (const { text } of seedFiles()) await expectSameAnswers(text);
    });

    test('random and mutated documents (seed 12)', async () => {
        const r = new Random(12);
        for (let i = 0; i < 100; i++) {
            const { text } = randomDocument(r, 10);
            await expectSameAnswers(text);
            await expectSameAnswers(mutate(text, r).text);
        }
    });
});
