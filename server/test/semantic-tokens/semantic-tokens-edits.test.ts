/**
 * Semantic tokens after edits, as the editor asks for them: a definition's tokens follow what
 * its names link to and what its keywords name (a definition deleted, defined in another file,
 * a prelude piece shadowed, a board declared, a keyword's definition changed), and a delta
 * (`semanticTokens/full/delta`) applied to the previous answer gives the whole new answer.
 */
import type { LangiumDocument } from 'langium';
import { beforeEach, describe, expect, test } from 'vitest';
import type { SemanticTokens, SemanticTokensDelta } from 'vscode-languageserver';
import type { LcpnSemanticTokenProvider } from '../../src/lsp/semantic-token-provider.js';
import { generateDefinitions } from '../../../bench/generate.js';
import { EditedWorkspace } from '../language/lsp/lsp-edit-harness.js';

let workspace: EditedWorkspace;
let provider: LcpnSemanticTokenProvider;

beforeEach(async () => {
    workspace = await EditedWorkspace.create();
    provider = workspace.Lcpn.lsp.SemanticTokenProvider as LcpnSemanticTokenProvider;
});

interface Token { text: string; type: string; modifiers: string[] }

const params = (document: LangiumDocument) => ({ textDocument: { uri: document.uri.toString() } });

/** The whole answer, decoded: each token's text, type and modifier names. */
async function tokensOf(document: LangiumDocument): Promise<Token[]> {
    const tokens = await provider.semanticHighlight(document, params(document));
    const types = Object.keys(provider.tokenTypes);
    const modifiers = Object.entries(provider.tokenModifiers);
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

async function tokenOf(document: LangiumDocument, text: string, nth = 0): Promise<Token> {
    const found = (await tokensOf(document)).filter((t) => t.text === text)[nth];
    expect(found, `a token '${text}'`).toBeDefined();
    return found;
}

const BEFORE = generateDefinitions(6, 'before');
const AFTER = generateDefinitions(6, 'after');

describe('tokens follow what names link to and keywords name', () => {
    test('a definition deleted: its uses become unknown names (variables), then classes again when it returns', async () => {
        const text = `(def a (/ wazir ferz))\n${BEFORE}${AFTER}(def b (/ a knight))\nc := a / rook\n`;
        let document = await workspace.set('deleted.lcpn', text);
        expect(await tokenOf(document, 'a', 1)).toEqual({ text: 'a', type: 'class', modifiers: [] });
        document = await workspace.set('deleted.lcpn', text.replace('(def a (/ wazir ferz))\n', ''));
        expect(await tokenOf(document, 'a', 0)).toEqual({ text: 'a', type: 'variable', modifiers: [] });
        expect(await tokenOf(document, 'a', 1)).toEqual({ text: 'a', type: 'variable', modifiers: [] });
        document = await workspace.set('deleted.lcpn', text);
        expect((await tokenOf(document, 'a', 1)).type).toBe('class');
    });

    test('a name defined in an imported file: the use becomes a class, and a variable again when that file goes', async () => {
        const document = await workspace.set('user.lcpn', '(def b (/ elsewhere wazir))\n(import other)\n');
        expect((await tokenOf(document, 'elsewhere')).type).toBe('variable');
        await workspace.set('other.lcpn', '(def elsewhere (/ ferz knight))\n');
        expect((await tokenOf(document, 'elsewhere')).type).toBe('class');
        await workspace.remove('other.lcpn');
        expect((await tokenOf(document, 'elsewhere')).type).toBe('variable');
    });

    test('a prelude piece shadowed by the file: the use loses defaultLibrary', async () => {
        const use = '(def b (/ wazir ferz))\n';
        let document = await workspace.set('shadow.lcpn', `${use}${BEFORE}${AFTER}`);
        expect(await tokenOf(document, 'wazir')).toEqual({ text: 'wazir', type: 'class', modifiers: ['defaultLibrary'] });
        document = await workspace.set('shadow.lcpn', `${use}${BEFORE}${AFTER}(def wazir [0 1])\n`);
        expect(await tokenOf(document, 'wazir')).toEqual({ text: 'wazir', type: 'class', modifiers: [] });
    });

    test("a board declaration added: a hexagonal direction becomes the language's, and plain again when it goes", async () => {
        const pieces = `${BEFORE}${AFTER}(def crab (ferz :forward-left))\nstep := wazir:forward\n`;
        let document = await workspace.set('board.lcpn', pieces);
        expect(await tokenOf(document, ':forward-left')).toEqual({ text: ':forward-left', type: 'enumMember', modifiers: [] });
        document = await workspace.set('board.lcpn', `(def glinski (board (hexagon 6)))\n${pieces}`);
        expect(await tokenOf(document, ':forward-left')).toEqual({ text: ':forward-left', type: 'enumMember', modifiers: ['defaultLibrary'] });
        document = await workspace.set('board.lcpn', pieces);
        expect((await tokenOf(document, ':forward-left')).modifiers).toEqual([]);
    });

    test('a keyword naming a definition: coloured as what that definition declares, when it changes', async () => {
        const use = `${BEFORE}${AFTER}(def general (/ (wazir :palace) ferz))\n`;
        let document = await workspace.set('palace.lcpn', `(def palace (zone d1-f3))\n${use}`);
        expect((await tokenOf(document, ':palace')).type).toBe('enum');
        document = await workspace.set('palace.lcpn', `(def palace (= (rank) 1))\n${use}`);
        expect((await tokenOf(document, ':palace')).type).toBe('function');
        document = await workspace.set('palace.lcpn', use);
        expect((await tokenOf(document, ':palace')).type).toBe('enumMember');
    });
});

/** `delta`'s edits applied to `data`, as the client applies them (each edit's start in the data before any edit). */
function applied(data: readonly number[], delta: SemanticTokensDelta): number[] {
    const out = data.slice();
    for (const edit of [...delta.edits].reverse()) out.splice(edit.start, edit.deleteCount, ...(edit.data ?? []));
    return out;
}

describe('semantic tokens deltas', () => {
    test('advertised', () => {
        expect(provider.semanticTokensOptions.full).toEqual({ delta: true });
    });

    test('after each edit, the delta applied to the previous answer is the whole new answer', async () => {
        const lines = generateDefinitions(40, 'piece').trimEnd().split('\n');
        let document = await workspace.set('delta.lcpn', lines.join('\n'));
        let previous: SemanticTokens = await provider.semanticHighlight(document, params(document));
        for (const [at, line] of [[20, '(def edited (/ knight (rook :4)))'], [35, ''], [30, 'x := wazir / ferz'], [0, '; a header']] as const) {
            lines.splice(at, line === '' ? 1 : 0, ...(line === '' ? [] : [line]));
            document = await workspace.set('delta.lcpn', lines.join('\n'));
            const delta = await provider.semanticHighlightDelta(document, { ...params(document), previousResultId: previous.resultId! });
            expect('edits' in delta, 'a delta, not the whole answer').toBe(true);
            const data = applied(previous.data, delta as SemanticTokensDelta);
            const whole = await provider.semanticHighlight(document, params(document));
            expect(data).toEqual(whole.data);
            previous = whole;
        }
    });

    test('an unknown previous result: the whole answer', async () => {
        const document = await workspace.set('unknown.lcpn', BEFORE);
        const whole = await provider.semanticHighlight(document, params(document));
        const answer = await provider.semanticHighlightDelta(document, { ...params(document), previousResultId: 'not-sent' });
        expect('data' in answer && answer.data).toEqual(whole.data);
    });
});
