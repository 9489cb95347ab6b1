/**
 * How lcpn's CST nodes pack what they keep (cst-nodes.ts): a leaf's grammar source, token
 * type and length in one small integer (a kind table; a token of 4,096 characters or more is
 * kept aside), a composite's grammar source with where its children are (an array shared by
 * the composites of one top-level item). Each packing must answer what the plain fields would,
 * at its limits too, and a splice must not keep a dropped item's nodes alive through an array
 * shared with a kept item.
 */
import { GrammarAST, type CompositeCstNode, type CstNode, type LeafCstNode, type ParseResult } from 'langium';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { describe, expect, test } from 'vitest';
import type * as ast from '../../src/syntax/generated/ast.js';
import { childAt, childCount, LcpnCompositeCstNode, LcpnLeafCstNode, MAX_SHARED_CHILDREN } from '../../src/syntax/cst-nodes.js';
import { allNodes } from './cst-all-nodes.js';
import { spliceParse } from '../../src/syntax/incremental-parse.js';
import { createLcpnServices } from '../../src/semantics/module.js';

const parser = createLcpnServices().Lcpn.parser.LangiumParser;

const rootOf = (result: ParseResult<ast.Document>) => result.value.$cstNode as CompositeCstNode;
const leavesOf = (root: CstNode) => allNodes(root).filter((n): n is LeafCstNode => !('content' in n));
const compositesOf = (root: CstNode) => allNodes(root).filter((n): n is LcpnCompositeCstNode => n instanceof LcpnCompositeCstNode);
const childrenField = (node: CompositeCstNode) => (node as unknown as { _children: CstNode | CstNode[] })._children;

function lineOf(text: string): (offset: number) => number {
    const document = TextDocument.create('file:///p.lcpn', 'lcpn', 0, text);
    return (offset) => document.positionAt(offset).line;
}

describe('packed CST leaves', () => {
    test('leaves with the same grammar source and token type share a kind, others not; every leaf answers its token\'s type, length and text', () => {
        const text = '(def a (/ wazir ferz))\n(def b (/ knight rook)) ; done\nc := a / b\nd IS a OR b # end';
        const result = parser.parse<ast.Document>(text);
        expect(result.parserErrors).toEqual([]);
        const leaves = leavesOf(rootOf(result));
        const kindOf = (leaf: LeafCstNode) => (leaf as unknown as { _kind: number })._kind & 0x3ffff;
        const byPair = new Map<string, number>();
        const ids = new Map<object, number>();
        const id = (o: object | undefined) => (o === undefined ? -1 : ids.get(o) ?? (ids.set(o, ids.size), ids.size - 1));
        for (const leaf of leaves) {
            const pair = `${id(leaf.grammarSource)}/${id(leaf.tokenType)}`;
            expect(byPair.get(pair) ?? kindOf(leaf)).toBe(kindOf(leaf));
            byPair.set(pair, kindOf(leaf));
            expect(leaf.text).toBe(text.slice(leaf.offset, leaf.offset + leaf.length));
            expect(leaf.end).toBe(leaf.offset + leaf.length);
            if (GrammarAST.isKeyword(leaf.grammarSource)) expect(leaf.tokenType.name).toBe(leaf.grammarSource.value);
        }
        expect(new Set(byPair.values()).size).toBe(byPair.size);
        expect(byPair.size).toBeLessThan(leaves.length / 2);
        const comments = leaves.filter((l) => l.hidden);
        expect(comments.map((c) => [c.text, c.grammarSource, c.tokenType.name])).toEqual([['; done', undefined, 'SL_COMMENT'], ['# end', undefined, 'SL_COMMENT']]);
    });

    test('a token of 4,096 characters or more keeps its length, range and kind aside, also when a splice moves it', () => {
        const long = 'x'.repeat(70000);
        const items = [`;${'x'.repeat(4094)}`, '(def a wazir)', '(def b ferz)', '(def c rook)', '(def d knight)', `; ${long}`, '(def e ferz)', `(def f (igui "${long}"))`, '(def g knight)', '(def h rook)', '(def i wazir)'];
        const text = items.join('\n');
        const result = parser.parse<ast.Document>(text);
        expect(result.parserErrors).toEqual([]);
        // (A token one character shorter is packed: 4,095 `x` in a comment.)
        const packed = leavesOf(rootOf(result)).find((l) => l.length === 4095)!;
        expect(packed.text).toBe(`;${'x'.repeat(4094)}`);
        expect((packed as unknown as { _kind: number })._kind).not.toBe(0);
        const longLeaves = leavesOf(rootOf(result)).filter((l) => l.length >= 4096);
        for (const leaf of longLeaves) expect((leaf as unknown as { _kind: number })._kind).toBe(0);
        expect(longLeaves.map((l) => [l.hidden, l.length])).toEqual([[true, 70002], [false, 70002]]);
        for (const leaf of longLeaves) {
            expect(leaf).toBeInstanceOf(LcpnLeafCstNode);
            expect(leaf.text).toBe(text.slice(leaf.offset, leaf.offset + 70002));
            expect(leaf.tokenType.name).toBeTruthy();
        }
        expect(longLeaves[0].grammarSource).toBeUndefined();
        expect(longLeaves[1].grammarSource).toBeDefined();
        // An edit before both: the splice moves them (kept), their lengths and kinds stay.
        const newText = text.replace('(def a wazir)', '(def a\n  wazir ferz)');
        const spliced = spliceParse(parser, result, text, newText, lineOf(newText));
        expect(spliced).toBeDefined();
        const document = TextDocument.create('file:///q.lcpn', 'lcpn', 0, newText);
        const moved = leavesOf(rootOf(spliced!.parseResult)).filter((l) => l.length >= 4096);
        expect(moved.length).toBe(2);
        moved.forEach((leaf, i) => expect(leaf === longLeaves[i]).toBe(true));
        for (const leaf of moved) {
            expect(leaf.text).toBe(newText.slice(leaf.offset, leaf.offset + 70002));
            expect(leaf.range).toEqual({ start: document.positionAt(leaf.offset), end: document.positionAt(leaf.end) });
        }
    });

    test('writing a leaf\'s grammar source (as Langium\'s builder does) changes only that', () => {
        const result = parser.parse<ast.Document>('(def a (/ wazir ferz))');
        const [first, second] = leavesOf(rootOf(result)).filter((l) => l.text === 'wazir' || l.text === 'ferz');
        const before = [first.offset, first.length, first.tokenType, first.text];
        const other = leavesOf(rootOf(result)).find((l) => l.text === '/')!.grammarSource!;
        (first as unknown as { grammarSource: unknown }).grammarSource = other;
        expect(first.grammarSource).toBe(other);
        expect([first.offset, first.length, first.tokenType, first.text]).toEqual(before);
        // The other leaf of the same kind is unchanged.
        expect(second.grammarSource).not.toBe(other);
        (first as unknown as { grammarSource: unknown }).grammarSource = second.grammarSource;
        expect(first.grammarSource).toBe(second.grammarSource);
    });
});

describe('packed CST composites', () => {
    test(`a composite with more than ${MAX_SHARED_CHILDREN} children keeps them in an array of its own, of exactly their number`, () => {
        const names = Array.from({ length: 100 }, (_, i) => `p${i}`);
        const text = `(def u (/ ${names.join(' ')}))\n(def v (/ wazir ferz))`;
        const result = parser.parse<ast.Document>(text);
        expect(result.parserErrors).toEqual([]);
        const union = compositesOf(rootOf(result)).find((n) => childCount(n) > MAX_SHARED_CHILDREN)!;
        expect(childCount(union)).toBe(103); // ( / the names )
        const own = childrenField(union) as CstNode[];
        expect(own.length).toBe(103);
        expect(union.content).toBe(own);
        expect(union.content.map((c) => c.text)).toEqual(['(', '/', ...names, ')']);
        // The item's other composites still share an array, without the union's children.
        const sharing = compositesOf(rootOf(result)).filter((n) => childCount(n) > 1 && n !== union && n.offset < text.indexOf('(def v'));
        expect(sharing.length).toBeGreaterThan(0);
        for (const node of sharing) expect(childrenField(node)).not.toBe(own);
    });

    test('an item whose composites have more children than one shared array may index keeps them in several, each child read where it is', () => {
        const vectors = Array.from({ length: 5000 }, (_, i) => `[${i % 7} ${i % 5}]`);
        const text = `(def big (/ ${vectors.join(' ')}))`;
        const result = parser.parse<ast.Document>(text);
        expect(result.parserErrors).toEqual([]);
        const nodes = compositesOf(rootOf(result));
        const shared = new Set(nodes.filter((n) => childCount(n) > 1 && childCount(n) <= MAX_SHARED_CHILDREN).map(childrenField));
        expect(shared.size).toBeGreaterThan(1);
        const vectorNodes = nodes.filter((n) => n.text.startsWith('[') && childCount(n) === 4);
        expect(vectorNodes.map((n) => n.text)).toEqual(vectors);
        expect(vectorNodes.map((n) => n.content.map((c) => c.text).join(''))).toEqual(vectors.map((v) => v.replace(' ', '')));
        expect(vectorNodes.every((n) => [0, 1, 2, 3].every((i) => childAt(n, i).container === n && childAt(n, i) === n.content[i]))).toBe(true);
    });

    test('a composite\'s grammar source reads back what was written, its children unchanged', () => {
        const result = parser.parse<ast.Document>('(def a (/ wazir ferz))');
        const node = compositesOf(rootOf(result)).find((n) => childCount(n) > 2)!;
        const children = node.content;
        const source = node.grammarSource;
        expect(source).toBeDefined();
        const other = compositesOf(rootOf(result)).find((n) => n.grammarSource !== source)!.grammarSource;
        node.grammarSource = other;
        expect(node.grammarSource).toBe(other);
        expect(node.content).toEqual(children);
        node.grammarSource = source;
        expect(node.grammarSource).toBe(source);
    });

    test('no two top-level items share a children array, before or after splices; a dropped item\'s array is in no kept node', () => {
        const items = Array.from({ length: 10 }, (_, i) => `(def p${i} (/ (wazir :forward) [1 2] ferz))`);
        let text = items.join('\n');
        let result = parser.parse<ast.Document>(text);
        const arraysOf = (item: CstNode) => new Set(compositesOf(item).map(childrenField).filter(Array.isArray));
        const expectApart = (root: CompositeCstNode) => {
            const owner = new Map<unknown, CstNode>();
            for (const item of root.content) {
                for (const array of arraysOf(item)) {
                    expect(owner.get(array) ?? item).toBe(item);
                    owner.set(array, item);
                }
            }
        };
        expectApart(rootOf(result));
        for (const [from, to] of [['(def p4 (/ (wazir :forward)', '(def p4 (/ (knight :back)'], ['(def p7', '(def q7']]) {
            const oldItems = rootOf(result).content;
            const dropped = oldItems.find((item) => item.text.startsWith(from))!;
            const droppedArrays = arraysOf(dropped);
            expect(droppedArrays.size).toBeGreaterThan(0);
            const newText = text.replace(from, to);
            const spliced = spliceParse(parser, result, text, newText, lineOf(newText));
            expect(spliced).toBeDefined();
            result = spliced!.parseResult;
            text = newText;
            expectApart(rootOf(result));
            for (const node of compositesOf(rootOf(result))) expect(droppedArrays.has(childrenField(node) as CstNode[])).toBe(false);
            expect(rootOf(result).content.map((item) => item.text)).toEqual(text.split('\n'));
        }
    });
});
