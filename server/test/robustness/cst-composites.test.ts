/**
 * lcpn's CST composites (cst-nodes.ts `LcpnCompositeCstNode`, made by cst-builder.ts):
 * Langium's composite with its children in one field, a single child kept without an array, no range cache.
 * Whatever reads a composite through Langium's interface must see what Langium's composite
 * gives: `content` as an array (also for `isCompositeCstNode`), offsets and ranges from the
 * first and last non-hidden child, the AST node from the nearest composite that has one; and
 * after incremental splices, ranges where LSP puts the offsets. (Equality with Langium's own
 * parser and CST builder, node by node, is server/test/language/parser-cst.test.ts.)
 */
import { CompositeCstNodeImpl, CstUtils, isCompositeCstNode, type CompositeCstNode, type CstNode, type ParseResult } from 'langium';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { describe, expect, test } from 'vitest';
import type * as ast from '../../src/syntax/generated/ast.js';
import { childAt, childCount, LcpnCompositeCstNode } from '../../src/syntax/cst-nodes.js';
import { allNodes } from './cst-all-nodes.js';
import { spliceParse } from '../../src/syntax/incremental-parse.js';
import { createLcpnServices } from '../../src/semantics/module.js';

const parser = createLcpnServices().Lcpn.parser.LangiumParser;

function composites(root: CstNode): CompositeCstNode[] {
    return allNodes(root).filter((n): n is CompositeCstNode => 'content' in n && n !== root);
}

const rootOf = (result: ParseResult<ast.Document>) => result.value.$cstNode as CompositeCstNode;

/** Each composite's offsets, range and text as Langium's composite computes them from its children. */
function expectLangiumView(root: CompositeCstNode, text: string): void {
    const document = TextDocument.create('file:///c.lcpn', 'lcpn', 0, text);
    for (const node of composites(root)) {
        expect(node).toBeInstanceOf(LcpnCompositeCstNode);
        const children = node.content;
        expect(children.length).toBeGreaterThan(0);
        const first = children.find((c) => !c.hidden) ?? children[0];
        const last = [...children].reverse().find((c) => !c.hidden) ?? children[children.length - 1];
        expect([node.offset, node.end, node.length]).toEqual([first.offset, last.end, last.end - first.offset]);
        expect(node.range).toEqual({ start: document.positionAt(node.offset), end: document.positionAt(node.end) });
        expect(node.text).toBe(text.slice(node.offset, node.end));
        expect(node.hidden).toBe(false);
        for (const child of children) expect(child.container).toBe(node);
    }
}

const MIXED = [
    '; a comment before everything',
    '(def a ; after the name',
    '  (/ knight # inside a union',
    '     (rook :4) // before a list',
    '     [1 2]))',
    'b := // after the operator',
    '  knight /',
    '  ; between items',
    '  rook:forward & capture(ferz)',
    'c IS ferz OR IF rank = 2 THEN wazir ELSE ferz END',
    'd := if (rank = 2) { wazir } else { ferz }',
    '(def e (/ knight',
    'f := knight / / rook'
].join('\n');

describe('lcpn CST composites', () => {
    test("a composite is Langium's, with four fields and no range cache; a single child is kept without an array, more in an array shared by the item's composites", () => {
        const root = rootOf(parser.parse<ast.Document>('(def a wazir)\nb := knight / rook\nc IS ferz'));
        const nodes = composites(root);
        expect(nodes.length).toBeGreaterThan(3);
        let single = 0;
        const shared = new Set<CstNode[]>();
        for (const node of nodes) {
            expect(node).toBeInstanceOf(CompositeCstNodeImpl);
            expect(Object.keys(node).sort()).toEqual(['_astNode', '_children', '_kind', 'container']);
            // No range cache (Langium's constructor's `_rangeCache` lands on lcpn's accessor).
            expect(Object.hasOwn(node, '_rangeCache')).toBe(false);
            expect(node.range).not.toBe(node.range);
            expect(node.range).toEqual(node.range);
            const children = (node as unknown as { _children: CstNode | CstNode[] })._children;
            if (childCount(node) === 1) {
                single++;
                expect(Array.isArray(children)).toBe(false);
                expect(children).toBe(childAt(node, 0));
            } else {
                expect(Array.isArray(children)).toBe(true);
                shared.add(children as CstNode[]);
            }
        }
        expect(single).toBeGreaterThan(0);
        // One shared array per item (each has composites with two or more children), holding exactly their children.
        expect(shared.size).toBe(3);
        const placed = nodes.filter((node) => childCount(node) > 1).reduce((sum, node) => sum + childCount(node), 0);
        expect([...shared].reduce((sum, array) => sum + array.length, 0)).toBe(placed);
    });

    test('`content` is an array for every composite (isCompositeCstNode), and changing a copy given for a single child changes nothing', () => {
        const root = rootOf(parser.parse<ast.Document>('(def a wazir)\nb := knight / rook'));
        for (const node of composites(root)) {
            expect(isCompositeCstNode(node)).toBe(true);
            expect(Array.isArray(node.content)).toBe(true);
            expect(node.content.length).toBe(childCount(node));
            node.content.forEach((child, i) => expect(child).toBe(childAt(node, i)));
            if (childCount(node) === 1) {
                const copy = node.content as CstNode[];
                copy.pop();
                expect(node.content.length).toBe(1);
            }
        }
        for (const leaf of allNodes(root).filter((n) => !('content' in n))) expect(isCompositeCstNode(leaf)).toBe(false);
    });

    test("offsets, ranges and texts are Langium's composite's, with comments and every kind of line end", () => {
        for (const text of [MIXED, MIXED.replace(/\n/g, '\r\n'), MIXED.replace(/\n/g, '\r')]) {
            const result = parser.parse<ast.Document>(text);
            expect(result.parserErrors.length).toBeGreaterThan(0); // the last two items are broken on purpose
            expectLangiumView(rootOf(result), text);
        }
    });

    test('every AST node is found from its composite, and a composite without one answers its container\'s', () => {
        const result = parser.parse<ast.Document>(MIXED);
        for (const node of composites(rootOf(result))) {
            const own = (node as unknown as { _astNode?: unknown })._astNode;
            if (own) {
                expect(node.astNode).toBe(own);
                expect(node.astNode.$cstNode).toBe(node);
            } else {
                expect(node.astNode).toBe(node.container!.astNode);
            }
        }
    });

    test("Langium's CST utilities walk lcpn's composites as their own", () => {
        const text = MIXED;
        const root = rootOf(parser.parse<ast.Document>(text));
        const leaves = allNodes(root).filter((n) => !('content' in n));
        expect(CstUtils.flattenCst(root).toArray()).toEqual(leaves);
        expect(CstUtils.streamCst(root).toArray()).toEqual(allNodes(root));
        for (const leaf of leaves) {
            for (const offset of [leaf.offset, leaf.end - 1]) expect(CstUtils.findLeafNodeAtOffset(root, offset)).toBe(leaf);
        }
        // Siblings (Langium finds a node among its container's children by identity).
        let pairs = 0;
        for (const node of allNodes(root)) {
            const siblings = node.container?.content ?? [];
            const index = siblings.indexOf(node);
            if (node.container) expect(index).toBeGreaterThanOrEqual(0);
            if (index + 1 < siblings.length && index >= 0) {
                pairs++;
                expect(CstUtils.getNextNode(node, true)).toBe(siblings[index + 1]);
                expect(CstUtils.getPreviousNode(siblings[index + 1], true)).toBe(node);
            }
        }
        expect(pairs).toBeGreaterThan(20);
        // The last leaf of `(rook :4)` is followed by the comment after it (hidden nodes included), then by `[`.
        const close = leaves.find((l) => l.text === ')' && text.slice(l.offset - 2, l.offset) === ':4')!;
        const next = CstUtils.getNextNode(close, true)!;
        expect(next.hidden && next.text).toBe('// before a list');
        expect(CstUtils.getNextNode(close, false)!.text).toBe('[1 2]');
    });

    test('after splices that add and remove lines, every composite still reads its range from its offsets', () => {
        let text = 'a := wazir\n(def b (/ knight\n  rook))\nc IS ferz\nd := [1 2]\ne := knight\nf := rook\n';
        let result = parser.parse<ast.Document>(text);
        const edits: [string, string][] = [
            ['(def b (/ knight\n  rook))', '(def b (/ knight\n\n\n  rook ferz))'],
            ['c IS ferz', 'c IS ferz OR\r\n   wazir'],
            ['d := [1 2]', 'd := [1\n 2\n 3]'],
            ['(def b (/ knight\n\n\n  rook ferz))', '(def b knight)'],
            ['e := knight', 'e := knight ; comment\n; another\n']
        ];
        let spliced = 0;
        for (const [from, to] of edits) {
            const newText = text.replace(from, to);
            expect(newText).not.toBe(text);
            const document = TextDocument.create('file:///s.lcpn', 'lcpn', 0, newText);
            const next = spliceParse(parser, result, text, newText, (offset) => document.positionAt(offset).line);
            if (next) spliced++;
            result = next?.parseResult ?? parser.parse<ast.Document>(newText);
            text = newText;
            expectLangiumView(rootOf(result), text);
        }
        expect(spliced).toBeGreaterThanOrEqual(4);
    });
});
