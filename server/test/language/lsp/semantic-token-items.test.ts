/**
 * Semantic tokens remembered per definition (lsp/lcpn-semantic-token-items.ts): after each edit
 * the answer equals the walk's over the whole document (a provider that remembers nothing),
 * kept definitions are reused, and a definition's tokens are computed again when what they read
 * outside it changes: a definition edited, moved by lines, deleted, a name defined in another
 * file, a board declaration added, a keyword's definition changing what it declares.
 */
import type { LangiumDocument } from 'langium';
import { beforeEach, describe, expect, test } from 'vitest';
import type { SemanticTokens } from 'vscode-languageserver';
import { LcpnSemanticTokenItems } from '../../../src/lsp/semantic-token-items.js';
import { LcpnSemanticTokenWalk } from '../../../src/lsp/semantic-token-walk.js';
import { generateChained, generateDefinitions } from '../../../../bench/generate.js';
import type * as ast from '../../../src/syntax/generated/ast.js';
import { EditedWorkspace } from './lsp-edit-harness.js';
import { randomDocument } from '../../robustness/fuzz-generate.js';
import { mutate, Random, seedFiles } from '../../robustness/fuzz-inputs.js';

let workspace: EditedWorkspace;
let items: LcpnSemanticTokenItems;
let walk: LcpnSemanticTokenWalk;

beforeEach(async () => {
    workspace = await EditedWorkspace.create();
    items = workspace.Lcpn.lsp.SemanticTokenProvider as LcpnSemanticTokenItems;
    walk = new LcpnSemanticTokenWalk(workspace.Lcpn);
});

interface Token { text: string; type: string; modifiers: string[] }

/** The tokens decoded: each token's text, type and modifier names. */
function decode(document: LangiumDocument, tokens: SemanticTokens): Token[] {
    const types = Object.keys(items.tokenTypes);
    const modifiers = Object.entries(items.tokenModifiers);
    const out: Token[] = [];
    let line = 0;
    let char = 0;
    for (let i = 0; i < tokens.data.length; i += 5) {
        const [dLine, dChar, length, type, bits] = tokens.data.slice(i, i + 5);
        char = dLine === 0 ? char + dChar : dChar;
        line += dLine;
        const text = document.textDocument.getText({ start: { line, character: char }, end: { line, character: char + length } });
        out.push({ text, type: types[type], modifiers: modifiers.filter(([, bit]) => bits & bit).map(([name]) => name) });
    }
    return out;
}

/** The remembering provider's answer, checked against the walk's; decoded. */
async function tokensOf(document: LangiumDocument): Promise<Token[]> {
    const params = { textDocument: { uri: document.uri.toString() } };
    const remembered = await items.semanticHighlight(document, params);
    expect(remembered.data).toEqual((await walk.semanticHighlight(document, params)).data);
    return decode(document, remembered);
}

function tokenOf(tokens: Token[], text: string, nth = 0): Token {
    const found = tokens.filter((t) => t.text === text)[nth];
    expect(found, `a token '${text}'`).toBeDefined();
    return found;
}

/** Counts of items computed and reused by `work`. */
async function counting(work: () => Promise<unknown>): Promise<{ computed: number; reused: number }> {
    const { computed, reused } = await countingAll(work);
    return { computed, reused };
}

/** Counts of items computed, reused, and reused after reading their links again, by `work`. */
async function countingAll(work: () => Promise<unknown>): Promise<{ computed: number; reused: number; rechecked: number }> {
    const before = { ...items.stats };
    await work();
    return { computed: items.stats.computed - before.computed, reused: items.stats.reused - before.reused, rechecked: items.stats.rechecked - before.rechecked };
}

/** Definitions around the ones a test edits: the incremental update re-reads the two items on each side of an edit. */
const BEFORE = generateDefinitions(6, 'before');
const AFTER = generateDefinitions(6, 'after');

describe('semantic tokens remembered per definition', () => {
    test('lines inserted above: every definition is reused, re-emitted on its new lines', async () => {
        const text = '(def a (/ wazir ferz))\nb := a / move(rook:4)\nc IS capturing b OR moving [0, 1]:only\n';
        const first = await workspace.set('moved.lcpn', BEFORE + text + AFTER);
        const kept = (first.parseResult.value as ast.Document).definitions.slice();
        await tokensOf(first);
        const document = await workspace.set('moved.lcpn', `${BEFORE}; a comment\n\n${text}${AFTER}`);
        const fresh = (document.parseResult.value as ast.Document).definitions.filter((d) => !kept.includes(d)).length;
        const counts = await counting(() => tokensOf(document));
        // Only the definitions the update re-read are computed; the three below the new lines, and the rest, are reused.
        expect(counts).toEqual({ computed: fresh, reused: 15 - fresh });
        expect(counts.reused).toBeGreaterThanOrEqual(12);
    });

    test('a definition edited: it alone is computed again, in the three styles', async () => {
        const lines = ['(def a (/ wazir ferz))', 'b := a / move(rook:4)', 'c IS capturing b OR moving [0, 1]:only', '(def d (/ b c))'];
        let document = await workspace.set('edited.lcpn', BEFORE + lines.join('\n') + '\n' + AFTER);
        await tokensOf(document);
        for (const [index, replacement] of [[0, '(def a (/ wazir "informal" [1 2]))'], [1, 'b := a / capture(knight)'], [2, 'c IS moving b:forward']] as const) {
            lines[index] = replacement;
            const previous = document;
            const kept = (previous.parseResult.value as ast.Document).definitions.slice();
            document = await workspace.set('edited.lcpn', BEFORE + lines.join('\n') + '\n' + AFTER);
            const fresh = (document.parseResult.value as ast.Document).definitions.filter((d) => !kept.includes(d)).length;
            expect(fresh).toBeLessThan(8); // the update re-read a few definitions around the edit, not the file
            const counts = await counting(() => tokensOf(document));
            expect(counts).toEqual({ computed: fresh, reused: 16 - fresh });
        }
        expect(tokenOf(await tokensOf(document), '"informal"').type).toBe('string');
    });

    test('links are read again only where a re-read name is used: none in a file that uses only the prelude, all when another file changes', async () => {
        // Three blocks of ten definitions, each using only the prelude's pieces.
        const blocks = ['one', 'two', 'three'].map((prefix) => generateDefinitions(10, prefix));
        let document = await workspace.set('prelude-only.lcpn', blocks.join(''));
        await tokensOf(document);
        document = await workspace.set('prelude-only.lcpn', `${blocks[0]}${blocks[1]}(def inserted (/ wazir ferz))\n${blocks[2]}`);
        const edit = await countingAll(() => tokensOf(document));
        expect(edit.reused).toBeGreaterThan(20);
        expect(edit.rechecked).toBe(0);
        await workspace.set('another.lcpn', '(def unrelated [1 3])\n');
        const elsewhere = await countingAll(() => tokensOf(document));
        expect(elsewhere).toEqual({ computed: 0, reused: 31, rechecked: 31 });
        const again = await countingAll(() => tokensOf(document));
        expect(again).toEqual({ computed: 0, reused: 31, rechecked: 0 });
    });

    // Below, the definition that reads the change lies a dozen definitions away from the edit, so the update keeps its node.

    test('a definition deleted: its uses elsewhere become unknown names (variables), then classes again when it returns', async () => {
        const uses = '(def b (/ a knight))\nc := a / rook\n';
        const text = `(def a (/ wazir ferz))\n${BEFORE}${AFTER}${uses}`;
        let document = await workspace.set('deleted.lcpn', text);
        expect(tokenOf(await tokensOf(document), 'a', 1)).toEqual({ text: 'a', type: 'class', modifiers: [] });
        document = await workspace.set('deleted.lcpn', text.replace('(def a (/ wazir ferz))\n', ''));
        const tokens = await tokensOf(document);
        expect(tokenOf(tokens, 'a', 0)).toEqual({ text: 'a', type: 'variable', modifiers: [] });
        expect(tokenOf(tokens, 'a', 1)).toEqual({ text: 'a', type: 'variable', modifiers: [] });
        document = await workspace.set('deleted.lcpn', text);
        expect(tokenOf(await tokensOf(document), 'a', 1).type).toBe('class');
    });

    test('a name defined in another file: the use becomes a class, and a variable again when that file goes', async () => {
        const document = await workspace.set('user.lcpn', '(def b (/ elsewhere wazir))\n');
        expect(tokenOf(await tokensOf(document), 'elsewhere').type).toBe('variable');
        await workspace.set('other.lcpn', '(def elsewhere (/ ferz knight))\n');
        expect(tokenOf(await tokensOf(document), 'elsewhere').type).toBe('class');
        await workspace.remove('other.lcpn');
        expect(tokenOf(await tokensOf(document), 'elsewhere').type).toBe('variable');
    });

    test('a prelude piece shadowed by the file: the use loses defaultLibrary', async () => {
        const use = '(def b (/ wazir ferz))\n';
        let document = await workspace.set('shadow.lcpn', `${use}${BEFORE}${AFTER}`);
        expect(tokenOf(await tokensOf(document), 'wazir')).toEqual({ text: 'wazir', type: 'class', modifiers: ['defaultLibrary'] });
        document = await workspace.set('shadow.lcpn', `${use}${BEFORE}${AFTER}(def wazir [0 1])\n`);
        expect(tokenOf(await tokensOf(document), 'wazir')).toEqual({ text: 'wazir', type: 'class', modifiers: [] });
    });

    test('a board declaration added: a hexagonal direction in a kept definition becomes the language\'s', async () => {
        const pieces = `${BEFORE}${AFTER}(def crab (ferz :forward-left))\nstep := wazir:forward\n`;
        let document = await workspace.set('board.lcpn', pieces);
        expect(tokenOf(await tokensOf(document), ':forward-left')).toEqual({ text: ':forward-left', type: 'enumMember', modifiers: [] });
        document = await workspace.set('board.lcpn', `(def glinski (board (hexagon 6)))\n${pieces}`);
        expect(tokenOf(await tokensOf(document), ':forward-left')).toEqual({ text: ':forward-left', type: 'enumMember', modifiers: ['defaultLibrary'] });
        document = await workspace.set('board.lcpn', pieces);
        expect(tokenOf(await tokensOf(document), ':forward-left').modifiers).toEqual([]);
    });

    test('a keyword naming a definition: coloured as what that definition declares, when it changes', async () => {
        const use = `${BEFORE}${AFTER}(def general (/ (wazir :palace) ferz))\n`;
        let document = await workspace.set('palace.lcpn', `(def palace (zone d1-f3))\n${use}`);
        expect(tokenOf(await tokensOf(document), ':palace').type).toBe('enum');
        document = await workspace.set('palace.lcpn', `(def palace (= (rank) 1))\n${use}`);
        expect(tokenOf(await tokensOf(document), ':palace').type).toBe('function');
        document = await workspace.set('palace.lcpn', use);
        expect(tokenOf(await tokensOf(document), ':palace').type).toBe('enumMember');
    });

    test('a long chain of edits: every answer is the walk\'s, and most definitions are reused', async () => {
        const lines = generateChained(60).trimEnd().split('\n');
        await tokensOf(await workspace.set('chain.lcpn', lines.join('\n')));
        let reused = 0;
        for (let i = 0; i < 40; i++) {
            const at = (i * 17) % lines.length;
            if (i % 4 === 0) lines.splice(at, 0, `(def extra-${'abcdefghij'[i % 10]} (/ ${lines.length > 5 ? 'chain-a' : 'wazir'} ferz))`);
            else if (i % 4 === 1) lines.splice(at, 1);
            else if (i % 4 === 2) lines[at] = `${lines[at]} ; edited`;
            else lines.splice(at, 0, '', '; a note');
            const document = await workspace.set('chain.lcpn', lines.join('\n'));
            reused += (await counting(() => tokensOf(document))).reused;
        }
        expect(reused).toBeGreaterThan(40 * 40);
    });

    test('a broken definition and strays: the same answer as the walk', async () => {
        const text = '(def a (/ wazir ferz))\n(def broken (/ wazir\n  "two\nlines" (ferz :outward)\n) ) ]\nc := a / rook\n';
        let document = await workspace.set('broken.lcpn', text);
        await tokensOf(document);
        document = await workspace.set('broken.lcpn', `\n${text}(def d a)\n`);
        await tokensOf(document);
    });
});

describe('items whose tokens do not move with them', () => {
    test('a broken item holding an empty recovery node (Langium places it at the top of the file), moved by lines: the walk\'s answer', async () => {
        const broken = 'a := (/ b\n  c\n  d\n';
        await tokensOf(await workspace.set('pinned.lcpn', BEFORE + broken + AFTER));
        for (const added of ['\n', '; a note\n\n', '']) await tokensOf(await workspace.set('pinned.lcpn', BEFORE.replace('\n', `\n${added}`) + broken + AFTER));
    });
});

describe('semantic tokens per definition on whole files', () => {
    test('the examples, the fuzz seed files, random and mutated documents (seed 9): the walk\'s answer', async () => {
        const r = new Random(9);
        const texts = [...seedFiles().map((f) => f.text)];
        for (let i = 0; i < 40; i++) {
            const { text } = randomDocument(r, 8);
            texts.push(text, mutate(text, r).text);
        }
        let fallbacks = 0;
        for (const [i, text] of texts.entries()) {
            const document = await workspace.set(`whole-${i}.lcpn`, text);
            const before = items.stats.computed;
            await tokensOf(document);
            if (items.stats.computed === before && (document.parseResult.value as ast.Document).definitions.length > 0) fallbacks++;
        }
        expect(fallbacks).toBe(0);
    }, 120_000);
});
