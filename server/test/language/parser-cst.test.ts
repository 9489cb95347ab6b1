/**
 * The LCPN parser (server/src/syntax/parser.ts) builds a leaner CST than Langium's own
 * parser: no composite node for unassigned calls of parser rules, and leaf ranges built on
 * request. Everything a CST query can see must stay the same: the tokens, their ranges and
 * AST nodes, every AST node's CST node, and every node found by property or keyword.
 */
import { readFileSync } from 'node:fs';
import {
    AstUtils, createLangiumParser, CstUtils, DefaultLexer, GrammarAST, GrammarUtils, isCompositeCstNode,
    type AstNode, type CstNode, type LangiumParser
} from 'langium';
import { describe, expect, test } from 'vitest';
import { keepDefinitionsApart } from '../../src/syntax/definition-start.js';
import { createLcpnServices } from '../../src/semantics/module.js';
import { preludeText } from '../../src/workspace/prelude.js';

const { Lcpn } = createLcpnServices();
const lean = Lcpn.parser.LangiumParser;
// Langium's parser with LCPN's one change of behaviour (an expression stops before the next
// definition's `NAME :=`), so that both read the same tokens the same way. It lexes with
// Langium's own lexer (full position tracking): its leaves take their lines from the tokens,
// which LCPN's offset-only lexer (lexer.ts) does not give.
const stockLexer = new DefaultLexer(Lcpn);
const stockParserServices = new Proxy(Lcpn.parser, { get: (target, key) => (key === 'Lexer' ? stockLexer : Reflect.get(target, key)) });
const stockServices = new Proxy(Lcpn, { get: (target, key) => (key === 'parser' ? stockParserServices : Reflect.get(target, key)) });
const stock: LangiumParser = keepDefinitionsApart(createLangiumParser(stockServices), Lcpn.Grammar);
const locator = Lcpn.workspace.AstNodeLocator;

const file = (url: string) => readFileSync(new URL(url, import.meta.url), 'utf8');

const INPUTS: Record<string, string> = {
    'spec lisp': file('../fixtures/spec/lisp.lcpn'),
    'spec c': file('../fixtures/spec/c.lcpn'),
    'spec sql': file('../fixtures/spec/sql.lcpn'),
    'spec pawn': file('../fixtures/spec/pawn-unbalanced.lcpn'),
    'examples': ['orthodox.lcpn', 'xiangqi.lcpn', 'fairy.sql.lcpn'].map((f) => file(`../../../examples/${f}`)).join('\n'),
    'prelude': preludeText,
    'comments everywhere': [
        '; leading comment',
        '(def a ; after name',
        '  (/ knight # inside a union',
        '     (rook :4) // before a list',
        '     [1 2]))',
        'b := // after op',
        '  knight /',
        '  ; between items',
        '  rook:forward & // in composition',
        '  capture(ferz)',
        'c IS capturing # gerund',
        '  ferz OR IF rank = 2 THEN wazir ELSE ferz END',
        'd := if (rank = 2) { wazir } else { ferz }'
    ].join('\n'),
    'errors and recovery': '(def a (/ knight\n(def b [1 2)\nc := knight / / rook\nIS ) d IS moving\n(def e (cond ((= rank 2) wazir) (ferz)))\nf := move(rook:4, '
};

function leaves(root: CstNode) {
    return CstUtils.flattenCst(root).toArray();
}

const path = (node: AstNode) => locator.getAstNodePath(node);

/** What a CST node shows to queries, independent of how deep it sits. */
function describeNode(node: CstNode) {
    return { offset: node.offset, end: node.end, text: node.text, range: node.range, hidden: node.hidden, ast: path(node.astNode) };
}

/** A composite the lean CST may leave out: an unassigned parser rule call, or an action's, holding no AST node of its own. */
function isPassThrough(node: CstNode): boolean {
    const source = node.grammarSource;
    if (isCompositeCstNode(node) && node.container && node.astNode !== node.container.astNode) return false;
    return GrammarAST.isAction(source) || (GrammarAST.isRuleCall(source) && GrammarAST.isParserRule(source.rule.ref) && !GrammarUtils.isDataTypeRule(source.rule.ref)
        && AstUtils.getContainerOfType(source, GrammarAST.isAssignment) === undefined);
}

describe.each(Object.keys(INPUTS))('the lean CST answers like Langium\'s for %s', (name) => {
    const text = INPUTS[name];
    const a = lean.parse(text);
    const b = stock.parse(text);

    test('same AST and errors', () => {
        expect(a.parserErrors.map((e) => e.message)).toEqual(b.parserErrors.map((e) => e.message));
        const nodesA = AstUtils.streamAst(a.value).toArray();
        const nodesB = AstUtils.streamAst(b.value).toArray();
        expect(nodesA.map(path)).toEqual(nodesB.map(path));
        nodesA.forEach((node, i) => {
            const other = nodesB[i];
            expect(node.$cstNode && describeNode(node.$cstNode)).toEqual(other.$cstNode && describeNode(other.$cstNode));
            expect(node.$cstNode?.grammarSource).toBe(other.$cstNode?.grammarSource);
            for (const property of ['name', 'ref', 'open', 'close', 'op', 'items', 'legs', 'args', 'body', 'test', 'qualifiers', 'components']) {
                expect(GrammarUtils.findNodesForProperty(node.$cstNode, property).map(describeNode))
                    .toEqual(GrammarUtils.findNodesForProperty(other.$cstNode, property).map(describeNode));
            }
            for (const keyword of ['(', ')', '[', ']', '/', '&', 'OR', 'AND', '=>', 'THEN', 'else', '{', '}']) {
                expect(GrammarUtils.findNodesForKeyword(node.$cstNode, keyword).map(describeNode))
                    .toEqual(GrammarUtils.findNodesForKeyword(other.$cstNode, keyword).map(describeNode));
            }
        });
    });

    test('same tokens, ranges, grammar sources and AST nodes, comments included', () => {
        const leavesA = leaves(a.value.$cstNode!);
        const leavesB = leaves(b.value.$cstNode!);
        expect(leavesA.map(describeNode)).toEqual(leavesB.map(describeNode));
        leavesA.forEach((leaf, i) => expect(leaf.grammarSource).toBe(leavesB[i].grammarSource));
        for (let offset = 0; offset <= text.length; offset += 7) {
            const at = CstUtils.findLeafNodeAtOffset(a.value.$cstNode!, offset);
            const expected = CstUtils.findLeafNodeAtOffset(b.value.$cstNode!, offset);
            expect(at && describeNode(at)).toEqual(expected && describeNode(expected));
        }
    });

    test('only pass-through composites are left out', () => {
        const key = (n: CstNode) => `${n.offset}:${n.end}:${path(n.astNode)}`;
        const compositesA = CstUtils.streamCst(a.value.$cstNode!).filter(isCompositeCstNode).toArray();
        const compositesB = CstUtils.streamCst(b.value.$cstNode!).filter(isCompositeCstNode).toArray();
        const missing = compositesB.filter((n) => !compositesA.some((m) => key(m) === key(n) && m.grammarSource === n.grammarSource));
        expect(missing.every(isPassThrough)).toBe(true);
        expect(compositesA.every((m) => compositesB.some((n) => key(m) === key(n) && m.grammarSource === n.grammarSource))).toBe(true);
        expect(compositesA.length).toBeLessThan(compositesB.length);
    });
});

test('a name in C style sits under two composites, not ten', () => {
    const result = lean.parse('a := knight\n');
    const leaf = leaves(result.value.$cstNode!).find((l) => l.text === 'knight')!;
    let depth = 0;
    for (let node = leaf.container; node && node !== result.value.$cstNode; node = node.container) depth++;
    expect(depth).toBe(2); // definitions+=Definition, body=InfixBody (the name is a NAME leaf of ref=[Definition:NAME])
});

test('the parser keeps nothing of the last input (a closed document is not held in memory)', () => {
    lean.parse('(def a (/ knight [1 2]))\n');
    const internals = lean as unknown as { nodeBuilder: { current: { fullText: string; content: unknown[] } }; wrapper: { input: unknown[] } };
    expect(internals.nodeBuilder.current.fullText).toBe('');
    expect(internals.nodeBuilder.current.content).toHaveLength(0);
    expect(internals.wrapper.input).toHaveLength(0);
});
