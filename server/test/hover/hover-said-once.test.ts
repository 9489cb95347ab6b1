/**
 * A hover does not repeat the diagnostic on the hovered token (VS Code shows both in one hover,
 * so an unknown name's message was said twice): what a diagnostic says is left out, keyed on its
 * code; what the hover adds (a piece's diagrams) stays. Issue 25, item 9.
 */
import { describe, expect, test } from 'vitest';
import type { LangiumDocument } from 'langium';
import { IssueCodes } from '../../src/semantics/issue-codes.js';
import { hoverAt, validated as checked } from '../lsp-helpers.js';

function codesAt(document: LangiumDocument, text: string): unknown[] {
    const start = document.textDocument.positionAt(document.textDocument.getText().indexOf(text));
    return (document.diagnostics ?? []).filter((d) => d.range.start.line === start.line && d.range.start.character === start.character).map((d) => d.code);
}

describe.each([
    ['lisp', '(def b (/ wazir knigth))\n(def c (zap wazir))\n(def d (wazir :sidewise))'],
    ['c', 'b := wazir / knigth\nc := zap(wazir)\nd := wazir:sidewise'],
    ['sql', 'b IS wazir OR knigth\nc IS zap(wazir)\nd IS wazir:sidewise']
])('%s: an unknown piece, function and keyword', (_style, text) => {
    test('each has its diagnostic, and the hover does not say it again', async () => {
        const document = await checked(text);
        for (const [token, code] of [['knigth', IssueCodes.UnknownPiece], ['zap', IssueCodes.UnknownFunction], [':sidewise', IssueCodes.UnknownKeyword]] as const) {
            expect(codesAt(document, token)).toContain(code);
            expect(await hoverAt(document, token), token).toBeUndefined();
        }
        // A known name beside them still has its hover.
        expect(await hoverAt(document, 'wazir')).toMatch(/^\*\*wazir\*\* \*\(standard prelude\)\*/);
    });
});

test('before the checks ran, the hover says what is unknown', async () => {
    const document = await checked('(def b (/ wazir knigth))\n(def d (wazir :sidewise))', { validation: false });
    expect(document.diagnostics ?? []).toEqual([]);
    expect(await hoverAt(document, 'knigth')).toBe('Unknown piece **knigth**: no definition in this file, the files it imports or the standard prelude.');
    expect(await hoverAt(document, ':sidewise')).toMatch(/a keyword the language does not know/);
});

test('a keyword naming a piece: the diagnostic says so, the hover no longer calls it unknown', async () => {
    const document = await checked('(def b (/ wazir knight))\n(def c (ferz :b))');
    expect(codesAt(document, ':b')).toContain(IssueCodes.NotAZone);
    expect(await hoverAt(document, ':b')).toBeUndefined();
});

test('a property without a diagnostic keeps its hover', async () => {
    const document = await checked('(def g (/ ::royl ferz))');
    expect(codesAt(document, '::royl')).toEqual([]);
    expect(await hoverAt(document, '::royl')).toBe('**::royl**: a property the language does not know (kept, not evaluated).');
});

describe('a cyclic definition', () => {
    const text = '(def e (/ wazir e))\n(def f (/ e ferz))';

    test("on its name, where the diagnostic is: the diagrams, without the cycle's note", async () => {
        const document = await checked(text);
        expect(codesAt(document, 'e (/')).toContain(IssueCodes.CyclicDefinition);
        const hover = await hoverAt(document, 'e (/');
        expect(hover).toMatch(/^\*\*e\*\*/);
        expect(hover).not.toMatch(/^- cyclic definition/m);
    });

    test('on a use elsewhere, with no diagnostic there: the note says it', async () => {
        const document = await checked(text);
        expect(await hoverAt(document, 'e ferz')).toMatch(/^- cyclic definition: e -&gt; e$/m);
    });

    test('Betza and Parlett lose the same part: said once after both', async () => {
        const hover = await hoverAt(await checked(text), 'e ferz');
        expect(hover).toContain('Betza: `W`  \nParlett: `1+`  \n(both without: the cyclic definition of e)');
    });
});
