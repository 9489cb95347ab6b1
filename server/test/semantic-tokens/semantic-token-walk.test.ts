/**
 * LcpnSemanticTokenProvider walks the AST and searches each node's CST its own way
 * (lsp/semantic-token-provider.ts: a walk that never yields, a range filter per node, searches without
 * an array per CST level). Its answers are those of LCPN's rules over Langium's walk and
 * GrammarUtils' searches: for whole files, and for ranges every token in the range (see
 * LangiumWalk), on hand-written files, the examples and random and mutated documents (fixed seed).
 */
import { AstUtils, type AstNode, type LangiumDocument } from 'langium';
import { AbstractSemanticTokenProvider, type SemanticTokenAcceptor, type SemanticTokenKeywordOptions, type SemanticTokenPropertyOptions } from 'langium/lsp';
import { beforeAll, describe, expect, test } from 'vitest';
import { LcpnSemanticTokenProvider } from '../../src/lsp/semantic-token-provider.js';
import type { LcpnServices } from '../../src/semantics/module.js';
import { randomDocument } from '../robustness/fuzz-generate.js';
import { mutate, Random, seedFiles } from '../robustness/fuzz-inputs.js';
import { validated } from '../lsp-helpers.js';
import { createTestServices } from '../test-services.js';

/** Langium's own searches, which LcpnSemanticTokenProvider replaces. */
const langium = AbstractSemanticTokenProvider.prototype as unknown as {
    highlightProperty(options: unknown): void;
    highlightKeyword(options: unknown): void;
};

/**
 * The reference: LCPN's rules over Langium's walk and searches. For ranges every node is
 * visited and the tokens kept by Langium's own token filter: Langium's ranged walk
 * (`streamContents` with a range) skips the property after each out-of-range child, so it
 * loses tokens in range (a call's arguments after its head).
 */
class LangiumWalk extends LcpnSemanticTokenProvider {
    protected override async computeHighlighting(document: LangiumDocument, acceptor: SemanticTokenAcceptor): Promise<void> {
        for (const node of AstUtils.streamAst(document.parseResult.value)) this.highlightElement(node, acceptor);
    }

    protected override highlightProperty<N extends AstNode>(options: SemanticTokenPropertyOptions<N>): void {
        langium.highlightProperty.call(this, options);
    }

    protected override highlightKeyword(options: SemanticTokenKeywordOptions): void {
        langium.highlightKeyword.call(this, options);
    }
}

let services: LcpnServices;
let reference: LangiumWalk;
let provider: LcpnSemanticTokenProvider;
beforeAll(async () => {
    services = (await createTestServices()).Lcpn;
    reference = new LangiumWalk(services);
    provider = new LcpnSemanticTokenProvider(services);
});

async function expectSameTokens(text: string): Promise<number> {
    const document = await validated(text, { services, validation: false });
    const textDocument = { uri: document.uri.toString() };
    const expected = await reference.semanticHighlight(document, { textDocument });
    expect((await provider.semanticHighlight(document, { textDocument })).data).toEqual(expected.data);
    const lines = document.textDocument.lineCount;
    const range = { start: { line: Math.floor(lines / 3), character: 2 }, end: { line: Math.floor((2 * lines) / 3), character: 5 } };
    expect((await provider.semanticHighlightRange(document, { textDocument, range })).data)
        .toEqual((await reference.semanticHighlightRange(document, { textDocument, range })).data);
    return expected.data.length;
}

describe("semantic tokens: LCPN's walk and searches give Langium's answers", () => {
    test('hand-written: the three styles, conditionals, gerunds, a broken definition', async () => {
        const count = await expectSameTokens([
            '(def cannon (/ (move rook) (capture (cannon rook))))',
            'pawn := if (rank() = 2) { wazir } else { ferz:forward }',
            'gold IS IF rank() = 2 THEN wazir ELSE capturing ferz OR moving [0, 1]:only END',
            '(def lion (cond ((= (rank) 2) (=> wazir ferz)) (t [1 2])))',
            '(def broken (/ wazir', 'after := rook & bishop', ''
        ].join('\n'));
        expect(count).toBeGreaterThan(50);
    });

    test("a range starting inside a call whose head lies before it: the arguments' tokens are kept", async () => {
        // Langium's ranged walk skips the property after an out-of-range child: here the call's arguments.
        const document = await validated(['(def s ((& capture cannon)', '  rook :forward))', 'b := rook'].join('\n'), { services, validation: false });
        const range = { start: { line: 1, character: 0 }, end: { line: 2, character: 9 } };
        const tokens = await provider.semanticHighlightRange(document, { textDocument: { uri: document.uri.toString() }, range });
        // `rook`, `:forward`, `b`, `:=`, `rook`.
        expect(tokens.data.length / 5).toBe(5);
    });

    test('the examples and the fuzz seed files', async () => {
        for (const { text } of seedFiles()) await expectSameTokens(text);
    });

    test('random and mutated documents (seed 7)', async () => {
        const r = new Random(7);
        for (let i = 0; i < 50; i++) {
            const { text } = randomDocument(r, 8);
            await expectSameTokens(text);
            await expectSameTokens(mutate(text, r).text);
        }
    });
});
