/**
 * lcpn's compact CST leaves (cst-nodes.ts): a leaf stores its offset and reads its range
 * from its root's text. Its range must be where LSP puts its offsets (the editor's own
 * `positionAt`), whatever the line breaks; its shape is the three fields the heap budget counts;
 * and composites cache no range, so a range read before a splice never goes stale after it.
 */
import { describe, expect, test } from 'vitest';
import type { CompositeCstNode, CstNode, ParseResult } from 'langium';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type * as ast from '../../src/syntax/generated/ast.js';
import { LcpnHiddenLeafCstNode, LcpnLeafCstNode, lineStartTable } from '../../src/syntax/cst-nodes.js';
import { spliceParse } from '../../src/syntax/incremental-parse.js';
import { createLcpnServices } from '../../src/semantics/module.js';
import { lineStarts } from '../../src/syntax/text-lines.js';

const parser = createLcpnServices().Lcpn.parser.LangiumParser;

function leaves(node: CstNode): CstNode[] {
    const out: CstNode[] = [];
    const stack = [node];
    while (stack.length > 0) {
        const current = stack.pop()!;
        if ('content' in current) for (const child of (current as CompositeCstNode).content) stack.push(child);
        else out.push(current);
    }
    return out.sort((a, b) => a.offset - b.offset);
}

function composites(root: CstNode): CompositeCstNode[] {
    const out: CompositeCstNode[] = [];
    const stack = [root];
    while (stack.length > 0) {
        const current = stack.pop()!;
        if ('content' in current) {
            out.push(current as CompositeCstNode);
            for (const child of (current as CompositeCstNode).content) stack.push(child);
        }
    }
    return out;
}

function rootOf(result: ParseResult<ast.Document>): CompositeCstNode {
    return result.value.$cstNode as CompositeCstNode;
}

/** Every leaf's range is its offsets' positions in the text, as the editor computes them. */
function expectRangesOfText(result: ParseResult<ast.Document>, text: string): number {
    const document = TextDocument.create('file:///x.lcpn', 'lcpn', 0, text);
    const all = leaves(result.value.$cstNode!);
    for (const leaf of all) {
        expect(leaf).toBeInstanceOf(LcpnLeafCstNode);
        expect(leaf.range, JSON.stringify(leaf.text)).toEqual({ start: document.positionAt(leaf.offset), end: document.positionAt(leaf.end) });
    }
    return all.length;
}

// Line breaks of each kind, inside and between tokens: a string over three lines, a definition
// opener `(\n def` (one token), a comment, CR-only and CRLF lines, a blank line at the end.
const TEXT = [
    '; a comment\r\n(def a [1 2])',
    '(\n  def b (igui "one\r\ntwo\rthree\nfour"))\r',
    'c := a / b\n',
    '# another\r\r\n',
    'd IS capturing a OR moving [0, 1]:only\r\n'
].join('');

describe('compact CST leaves', () => {
    test('every leaf is lcpn\'s, its range is its offsets\' LSP positions with \\n, \\r\\n and \\r, inside and between tokens', () => {
        const result = parser.parse<ast.Document>(TEXT);
        expect(result.parserErrors).toEqual([]);
        const count = expectRangesOfText(result, TEXT);
        expect(count).toBeGreaterThan(20);
        const comments = leaves(result.value.$cstNode!).filter((leaf) => leaf.hidden);
        expect(comments.map((leaf) => leaf.text)).toEqual(['; a comment', '# another']);
        for (const comment of comments) expect(comment).toBeInstanceOf(LcpnHiddenLeafCstNode);
        // The string spans four lines: its end is on the fourth, after `four"`.
        const string = leaves(result.value.$cstNode!).find((leaf) => leaf.text.startsWith('"one'))!;
        expect(string.range.end.line - string.range.start.line).toBe(3);
    });

    test('a leaf keeps three fields (container, offset, kind and length packed); hidden is its class', () => {
        const result = parser.parse<ast.Document>('(def a [1 2]) ; note');
        for (const leaf of leaves(result.value.$cstNode!)) {
            expect(Object.keys(leaf).sort()).toEqual(['_kind', '_offset', 'container']);
            expect(typeof (leaf as unknown as { _kind: unknown })._kind).toBe('number');
        }
    });

    test('the line start table counts lines as text-lines.ts does', () => {
        for (const text of ['', '\n', '\r', '\r\n', 'a\r\rb\n\nc\r\n', TEXT, 'x\r\n\r\ny\rz']) {
            expect(Array.from(lineStartTable(text))).toEqual(lineStarts(text));
        }
    });

    test('after a splice that adds and removes lines, kept and re-parsed leaves are where the new text puts them', () => {
        const items = Array.from({ length: 12 }, (_, i) => `(def p${'abcdefghijkl'[i]} (/ wazir\r\n  ferz))`);
        const oldText = items.join('\n');
        for (const [from, to, insert] of [[oldText.indexOf('(def pf'), oldText.indexOf('(def pf'), '(def new\r\n\r\n  wazir)\r'], [oldText.indexOf('(def pc'), oldText.indexOf('(def pe'), '']] as const) {
            // (A splice moves the old result's kept nodes: each edit starts from a fresh parse.)
            const old = parser.parse<ast.Document>(oldText);
            // Ask a range first, so that the new root's line starts are derived from the old root's.
            expect(rootOf(old).content[11].range.start.line).toBe(22);
            const newText = oldText.slice(0, from) + insert + oldText.slice(to);
            const lineOf = (offset: number) => TextDocument.create('file:///y.lcpn', 'lcpn', 0, newText).positionAt(offset).line;
            const spliced = spliceParse(parser, old, oldText, newText, lineOf);
            expect(spliced).toBeDefined();
            expectRangesOfText(spliced!.parseResult, newText);
            // The composites' ranges too (their cache was forgotten where lines moved).
            const document = TextDocument.create('file:///y.lcpn', 'lcpn', 0, newText);
            for (const item of rootOf(spliced!.parseResult).content) {
                expect(item.range).toEqual({ start: document.positionAt(item.offset), end: document.positionAt(item.end) });
            }
        }
    });

    test('composites cache no range: ranges read before a splice that moves lines are where the new text puts them, at every depth', () => {
        const items = Array.from({ length: 8 }, (_, i) => `(def p${'abcdefgh'[i]} (/ (wazir :forward)\r\n  [1\n 2]))`);
        const oldText = items.join('\n');
        const edits = [
            [oldText.indexOf('(def pc'), oldText.indexOf('(def pc'), '(def new\n\n\r\n  ferz)\n'], // adds lines before kept items
            [oldText.indexOf('(def pb'), oldText.indexOf('(def pd'), ''] // removes lines before kept items
        ] as const;
        for (const [from, to, insert] of edits) {
            const old = parser.parse<ast.Document>(oldText);
            // Read every composite's range before the splice (a cache would keep these lines).
            const before = composites(rootOf(old)).map((node) => node.range);
            expect(before.length).toBeGreaterThan(40);
            const newText = oldText.slice(0, from) + insert + oldText.slice(to);
            const document = TextDocument.create('file:///z.lcpn', 'lcpn', 0, newText);
            const spliced = spliceParse(parser, old, oldText, newText, (offset) => document.positionAt(offset).line);
            expect(spliced).toBeDefined();
            const after = composites(rootOf(spliced!.parseResult));
            let kept = 0;
            for (const node of after) {
                // (The root is Langium's, new for each parse and splice.)
                if (node.container) expect(Object.hasOwn(node, '_rangeCache')).toBe(false);
                expect(node.range, node.text).toEqual({ start: document.positionAt(node.offset), end: document.positionAt(node.end) });
                if (node.offset > from + insert.length) kept++;
            }
            // The kept items after the edit, with their nested composites, moved.
            expect(kept).toBeGreaterThan(20);
        }
    });
});
