/**
 * The cheaper walk and CST searches (lsp/lcpn-semantic-token-walk.ts, cst-search.ts) give
 * Langium's answers: the same semantic tokens as LcpnSemanticTokenProvider over Langium's walk
 * for whole files (for ranges, every token in the range: see WholeWalk), and the same CST nodes as GrammarUtils' searches for every AST
 * node, property and keyword, on hand-written files, the examples and random and mutated
 * documents (fixed seed).
 */
import { AstUtils, GrammarUtils, type AstNode, type LangiumDocument } from 'langium';
import type { LangiumServices, SemanticTokenAcceptor } from 'langium/lsp';
import { parseHelper } from 'langium/test';
import { beforeAll, describe, expect, test } from 'vitest';
import { allAstNodes } from '../../src/syntax/ast-walk.js';
import { cstNodeForKeyword, cstNodeForProperty, cstNodesForKeyword, cstNodesForProperty } from '../../src/syntax/cst-search.js';
import { LcpnSemanticTokenWalk } from '../../src/lsp/semantic-token-walk.js';
import { LcpnSemanticTokenProvider } from '../../src/lsp/semantic-tokens.js';
import { randomDocument } from '../robustness/fuzz-generate.js';
import { mutate, Random, seedFiles } from '../robustness/fuzz-inputs.js';
import { createTestServices } from '../test-services.js';

/**
 * The reference for range requests: every node visited, tokens kept by Langium's own token
 * filter. Langium's range walk (`streamContents` with a range) skips the property after each
 * out-of-range child, so it loses tokens in range (a multi-line string after a condition).
 */
class WholeWalk extends LcpnSemanticTokenProvider {
    protected override async computeHighlighting(document: LangiumDocument, acceptor: SemanticTokenAcceptor): Promise<void> {
        for (const node of AstUtils.streamAst(document.parseResult.value)) this.highlightElement(node, acceptor);
    }
}

let services: LangiumServices;
let langiumWalk: LcpnSemanticTokenProvider;
let wholeWalk: WholeWalk;
let cheapWalk: LcpnSemanticTokenWalk;
beforeAll(async () => {
    services = (await createTestServices()).Lcpn;
    langiumWalk = new LcpnSemanticTokenProvider(services);
    wholeWalk = new WholeWalk(services);
    cheapWalk = new LcpnSemanticTokenWalk(services);
});

const KEYWORDS = ['(def', '(', ')', '[', ']', ':=', 'IS', '/', '&', '=', '=>', '->', 'AND', 'OR', 'THEN', 'IF', 'ELSE', 'END', 'cond', 'if', 'else', '{', '}', ',', 'capturing', 'moving'];
const PROPERTIES = ['name', 'op', 'ops', 'ref', 'value', 'components', 'parts', 'gerunds', 'body', 'args', 'functions', 'legs'];

function expectSameSearches(document: LangiumDocument): void {
    for (const node of allAstNodes(document.parseResult.value)) {
        const cst = node.$cstNode;
        for (const property of PROPERTIES) {
            // Langium's answer may be its CST content array class (`flatMap` on it): compared element by element.
            expect(cstNodesForProperty(cst, property)).toEqual([...GrammarUtils.findNodesForProperty(cst, property)]);
            for (const index of [undefined, 0, 1, 5]) expect(cstNodeForProperty(cst, property, index)).toBe(GrammarUtils.findNodeForProperty(cst, property, index));
        }
        for (const keyword of KEYWORDS) {
            expect(cstNodesForKeyword(cst, keyword)).toEqual([...GrammarUtils.findNodesForKeyword(cst, keyword)]);
            for (const index of [undefined, 0, 2]) expect(cstNodeForKeyword(cst, keyword, index)).toBe(GrammarUtils.findNodeForKeyword(cst, keyword, index));
        }
    }
}

async function expectSameTokens(text: string, searches = false): Promise<number> {
    const document = await parseHelper(services)(text);
    const textDocument = { uri: document.uri.toString() };
    const expected = await langiumWalk.semanticHighlight(document, { textDocument });
    expect((await cheapWalk.semanticHighlight(document, { textDocument })).data).toEqual(expected.data);
    const lines = document.textDocument.lineCount;
    const range = { start: { line: Math.floor(lines / 3), character: 2 }, end: { line: Math.floor((2 * lines) / 3), character: 5 } };
    expect((await cheapWalk.semanticHighlightRange(document, { textDocument, range })).data)
        .toEqual((await wholeWalk.semanticHighlightRange(document, { textDocument, range })).data);
    if (searches) expectSameSearches(document);
    return expected.data.length;
}

describe('semantic tokens over a cheaper walk', () => {
    test('hand-written: the three styles, conditionals, gerunds, a broken definition', async () => {
        const count = await expectSameTokens([
            '(def cannon (/ (move rook) (capture (cannon rook))))',
            'pawn := if (rank() = 2) { wazir } else { ferz:forward }',
            'gold IS IF rank() = 2 THEN wazir ELSE capturing ferz OR moving [0, 1]:only END',
            '(def lion (cond ((= (rank) 2) (=> wazir ferz)) (t [1 2])))',
            '(def broken (/ wazir', 'after := rook & bishop', ''
        ].join('\n'), true);
        expect(count).toBeGreaterThan(50);
    });

    test('the examples and the fuzz seed files', async () => {
        for (const { text } of seedFiles()) await expectSameTokens(text);
    });

    test('random and mutated documents (seed 7), searches included', async () => {
        const r = new Random(7);
        for (let i = 0; i < 50; i++) {
            const { text } = randomDocument(r, 8);
            await expectSameTokens(text, i % 8 === 0);
            await expectSameTokens(mutate(text, r).text, i % 8 === 4);
        }
    });
});

// A node type the searches are asked about with no CST at all.
test('no CST: no nodes', () => {
    expect(cstNodesForProperty(undefined, 'name')).toEqual([]);
    expect(cstNodeForKeyword(undefined, '(')).toBeUndefined();
    void ({} as AstNode);
});
