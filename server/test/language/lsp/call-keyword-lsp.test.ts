/**
 * The editor on a keyword after a call's `)` (`move(rook):forward`, C and SQL style): no
 * diagnostic, formatting, semantic tokens, hover, go to definition on the piece and on the
 * keyword, and completion after `move(rook):`, each as for the same keyword after a name.
 */
import { clearDocuments, expectCompletion, expectFormatting, expectGoToDefinition, expectHover, highlightHelper, type DecodedSemanticTokensWithRanges } from 'langium/test';
import { beforeAll, describe, expect, test } from 'vitest';
import type { CompletionList } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { LcpnServices } from '../../../src/semantics/module.js';
import { createTestServices } from '../../test-services.js';
import { hoverAt, validated } from '../../lsp-helpers.js';

let services: LcpnServices;
beforeAll(async () => {
    services = (await createTestServices()).Lcpn as LcpnServices;
});

describe('diagnostics', () => {
    test.each([
        ['C', 'a := move(rook):forward\nb := capture & cannon(rook):backward:2 => wazir'],
        ['SQL', 'a IS move(rook):forward\nb IS capture AND cannon(rook):backward:2 AND_THEN wazir']
    ])('%s: none (before, the keyword was a stray token)', async (_style, text) => {
        const document = await validated(text, { services: services });
        try {
            expect(document.parseResult.parserErrors).toEqual([]);
            expect((document.diagnostics ?? []).map((d) => `${d.code}: ${d.message}`)).toEqual([]);
        } finally {
            await clearDocuments(services.shared, [document]);
        }
    });

    test('a keyword no board knows is reported on the keyword, as after a name', async () => {
        const document = await validated('a := move(rook):fowrard', { services: services });
        try {
            const [d] = document.diagnostics ?? [];
            expect(d?.code).toBe('unknown-keyword');
            expect(document.textDocument.getText(d!.range)).toBe(':fowrard');
        } finally {
            await clearDocuments(services.shared, [document]);
        }
    });
});

describe('formatting', () => {
    test('no space before the keyword or between keywords, as after a name; operators spaced', async () => {
        const format = expectFormatting(services);
        await format({
            before: 'a:=move ( rook )  :forward :2=>wazir\nb IS capture AND cannon( rook )\n  :backward   OR   ferz\nc := f(x) :k ( y ) :j',
            after: 'a := move(rook):forward:2 => wazir\nb IS capture AND cannon(rook):backward OR ferz\nc := f(x):k(y):j\n',
            disposeAfterCheck: true
        });
    });

    test('a continued line after a keyword run is indented one unit', async () => {
        const format = expectFormatting(services);
        await format({
            before: 'a := move(rook):forward /\ncapture(rook):backward',
            after: 'a := move(rook):forward /\n    capture(rook):backward\n',
            disposeAfterCheck: true
        });
    });
});

/** `type[modifiers]` of the token at each marked range. */
function described(result: DecodedSemanticTokensWithRanges): string[] {
    const modifiers = Object.entries(services.lsp.SemanticTokenProvider!.tokenModifiers);
    return result.ranges.map(([start, end]) => {
        const token = result.tokens.find((t) => t.offset === start && t.offset + t.text.length === end);
        if (!token) return `none at ${start}-${end}`;
        const names = modifiers.filter(([, bit]) => token.tokenModifiers & bit).map(([name]) => name);
        return names.length ? `${token.tokenType}[${names.join(',')}]` : token.tokenType;
    });
}

describe('semantic tokens', () => {
    test.each([
        ['C', '(def palace (zone d1-f3))\na := <|move|>(<|rook|>)<|:forward|><|:palace|><|:2|>\nb := wazir<|:forward|><|:palace|><|:2|>'],
        ['SQL', '(def palace (zone d1-f3))\na IS <|move|>(<|rook|>)<|:FORWARD|><|:palace|><|:2|>\nb IS wazir<|:FORWARD|><|:palace|><|:2|>']
    ])('%s: the function, the piece and the keywords, the keywords as after a name', async (style, text) => {
        const result = described(await highlightHelper(services)(text, { documentUri: `file:///call-keyword-${style}.lcpn` }));
        expect(result.slice(0, 2)).toEqual(['function[defaultLibrary]', 'class[defaultLibrary]']);
        expect(result.slice(2, 5)).toEqual(result.slice(5, 8));
        expect(result[2]).toBe('enumMember[defaultLibrary]');
        expect(result[4]).toBe('number');
    });
});

describe('hover', () => {
    test.each([
        ['C', 'a := move(rook)<|>:forward'],
        ['SQL', 'a IS move(rook)<|>:FORWARD']
    ])('%s: the keyword is explained as after a name', async (_style, text) => {
        await expectHover(services)({ text, index: 0, disposeAfterCheck: true, hover: /^\*\*:forward\*\*/i });
    });

    test('the piece inside the call hovers as the piece', async () => {
        await expectHover(services)({ text: 'a := move(r<|>ook):forward', index: 0, disposeAfterCheck: true, hover: /rook/ });
    });

    test('the defined piece shows the moves of the restricted call: those of (move(rook)):forward', async () => {
        const hoverOf = async (text: string) => hoverAt(await validated(text), 'a ');
        const plain = JSON.stringify(await hoverOf('a := move(rook):forward'));
        // A rook's moves straight ahead, without captures; the definition echoed as the printer writes it.
        expect(plain).toContain('Betza: `fmR`');
        expect(plain).toContain('```lcpn\\nmove(rook):forward\\n```');
        // The same hover, diagrams included, as for the bracketed spelling and the Lisp form.
        expect(JSON.stringify(await hoverOf('a := (move(rook)):forward'))).toBe(plain);
        expect(JSON.stringify(await hoverOf('a IS move(rook):forward'))).toBe(plain.replace('move(rook):forward', '(moving rook):forward'));
        expect(JSON.stringify(await hoverOf('(def a ((move rook) :forward))'))).toBe(plain.replace('move(rook):forward', '((move rook) :forward)'));
    });
});

describe('go to definition', () => {
    test.each([
        ['the piece, C', '<|castle|> := rook\na := move(cas<|>tle):forward'],
        ['the piece, SQL', '<|castle|> IS rook\na IS move(cas<|>tle):FORWARD'],
        ['a keyword naming a zone, C', '(def <|palace|> (zone d1-f3))\na := move(rook):pal<|>ace'],
        ['a keyword naming a zone, SQL', '(def <|palace|> (zone d1-f3))\na IS move(rook):forward:PAL<|>ACE']
    ])('%s', async (_what, text) => {
        await expectGoToDefinition(services)({ text, index: 0, rangeIndex: 0, disposeAfterCheck: true });
    });

    test('a direction keyword goes nowhere, as after a name', async () => {
        const document = await validated('a := move(rook):forward\nb := rook:forward', { services: services, validation: false });
        try {
            const text = document.textDocument.getText();
            for (const at of [text.indexOf(':forward') + 2, text.lastIndexOf(':forward') + 2]) {
                const links = await services.lsp.DefinitionProvider!.getDefinition(document, { textDocument: { uri: document.uri.toString() }, position: document.textDocument.positionAt(at) });
                expect(links ?? []).toEqual([]);
            }
        } finally {
            await clearDocuments(services.shared, [document]);
        }
    });
});

describe('references and rename', () => {
    test('a zone named by a keyword after a call is found and renamed there, in the keyword\'s spelling', async () => {
        const text = '(def within-fortress (zone d1-f3))\na := move(rook):within_fortress\nb IS capture(rook):forward:WITHIN_FORTRESS';
        const document = await validated(text, { services: services, validation: false });
        try {
            const uri = document.uri.toString();
            const refs = await services.lsp.ReferencesProvider!.findReferences(document, { textDocument: { uri }, position: { line: 0, character: 8 }, context: { includeDeclaration: false } });
            expect((refs ?? []).map((r) => `${r.range.start.line}:${document.textDocument.getText(r.range)}`).sort()).toEqual(['1:within_fortress', '2:WITHIN_FORTRESS']);
            const edit = await services.lsp.RenameProvider!.rename(document, { textDocument: { uri }, position: { line: 1, character: 20 }, newName: 'palace' });
            expect(TextDocument.applyEdits(document.textDocument, edit!.changes![uri]))
                .toBe('(def palace (zone d1-f3))\na := move(rook):palace\nb IS capture(rook):forward:PALACE');
        } finally {
            await clearDocuments(services.shared, [document]);
        }
    });
});

describe('completion after move(rook):', () => {
    const labelsAt = async (text: string): Promise<string[]> => {
        let labels: string[] = [];
        await expectCompletion(services)({ text, index: 0, disposeAfterCheck: true, assert: (list: CompletionList) => { labels = list.items.map((i) => i.label); } });
        return labels;
    };

    test.each([
        ['C', 'x := move(rook):<|>', 'x := rook:<|>'],
        ['C, partly typed', 'x := move(rook):fo<|>', 'x := rook:fo<|>'],
        ['SQL', 'x IS move(rook):<|>', 'x IS rook:<|>'],
        ['after another keyword', 'x := move(rook):forward:<|>', 'x := rook:forward:<|>']
    ])('%s: the keywords offered after a name', async (_where, afterCall, afterName) => {
        const expected = await labelsAt(afterName);
        expect(expected).toEqual(expect.arrayContaining([':forward', ':only', ':rider', ':*']));
        expect(await labelsAt(afterCall)).toEqual(expected);
    });

    test('the zones the file defines too', async () => {
        expect(await labelsAt('(def palace (zone d1-f3))\nx := move(rook):<|>')).toContain(':palace');
    });
});
