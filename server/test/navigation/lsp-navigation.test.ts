/** Hover, go to definition, references and rename through Langium's test helpers, in the three styles. */
import { expectFindReferences, expectGoToDefinition, expectHighlight, expectHover } from 'langium/test';
import { beforeAll, describe, expect, test } from 'vitest';
import type { LcpnServices } from '../../src/semantics/module.js';
import { hoverAt, validated } from '../lsp-helpers.js';
import { createTestServices } from '../test-services.js';

let services: LcpnServices;
beforeAll(async () => {
    services = (await createTestServices()).Lcpn;
});

describe('hover', () => {
    test.each([
        // The definition is echoed in the style it was written in (issue 8 §4).
        ['lisp', '(def <|>knight [1 2])', '\\[1 2\\]'],
        ['c', '<|>knight := [1, 2]', '\\[1, 2\\]'],
        ['sql', '<|>knight IS [1, 2]', '\\[1, 2\\]']
    ])('on a %s definition: definition, SVG image and text diagram', async (_style, text, echo) => {
        await expectHover(services)({
            text, index: 0, disposeAfterCheck: true,
            hover: new RegExp(String.raw`^\*\*knight\*\*\n\n\*on an empty board\*\n\n!\[knight: movement diagram on an empty board\]\(data:image\/svg\+xml;base64,[A-Za-z0-9+/=]+\|width=\d+,height=\d+\)\n\n` + '```lcpn\\n' + echo + '\\n```' + String.raw`\n\nBetza: ` + '`N`  ' + String.raw`\nParlett: ` + '`~1\\/2`' + String.raw`\n\n\*on an empty board\*\n\n` + '```' + String.raw`\n\. X \. X \.\nX \. \. \. X\n\. \. ! \. \.\nX \. \. \. X\n\. X \. X \.\n! the piece, X move or capture, \. empty\n` + '```$')
        });
    });

    test('on a use, resolved through the prelude', async () => {
        await expectHover(services)({ text: '(def x (/ <|>ferz [2 2]))', index: 0, disposeAfterCheck: true, hover: /^\*\*ferz\*\* \*\(standard prelude\)\*\n\n\*on an empty board\*\n\n!\[[^\]]*\]\([^)]*\)\n\n```lcpn\n\[1 1\]\n```/ });
    });

    test('Betza and Parlett equivalents, with what they cannot say', async () => {
        await expectHover(services)({ text: 'my_king := ::royal ferz / wazir\nx := <|>my_king', index: 0, disposeAfterCheck: true, hover: /Betza: `K` {2}\nParlett: `1\*` {2}\n\(both without: royalty \(::royal\)\)/ });
    });

    test('a piece written in Betza inside LCPN', async () => {
        await expectHover(services)({ text: '(def <|>shatranj-pawn (betza "fmWfcF"))', index: 0, disposeAfterCheck: true, hover: /```\n\. \. \. \. \.\n\. x o x \.\n\. \. ! \. \./ });
        await expectHover(services)({ text: '(def p (<|>betza "fmWfcF"))', index: 0, disposeAfterCheck: true, hover: /^\*\*betza\*\* \*\(another notation\)\*: A piece written in Betza's funny notation/ });
    });

    test('properties are listed', async () => {
        await expectHover(services)({ text: 'my_king := ::royal ferz / wazir\nx := <|>my_king', index: 0, disposeAfterCheck: true, hover: /- ::royal: A royal piece/ });
    });

    test('a lame piece gets a second diagram with a blocker', async () => {
        await expectHover(services)({ text: 'chinese_horse := wazir => ferz:outward\nx := <|>chinese_horse', index: 0, disposeAfterCheck: true, hover: /\*with a friendly piece on e6\*[\s\S]*```\n\. \. \. \. \.\nX \. : \. X/ });
    });

    test('a piece with rank conditions shows each branch', async () => {
        const text = 'sp IS moving [0, 1]:only OR capturing [1, 1]:forward\np IS IF rank() = 2 THEN (sp OR moving AND no_jumping [0, 2]:only) ELSE sp END\nx IS <|>p';
        await expectHover(services)({ text, index: 0, disposeAfterCheck: true, hover: /\*on rank 2\*[\s\S]*\*on rank 5 \(no rank condition holds\)\*/ });
    });

    test('keywords, functions, gerunds and operators explain themselves', async () => {
        await expectHover(services)({ text: '(def x (wazir <|>:forward))', index: 0, disposeAfterCheck: true, hover: '**:forward**: Steps toward the opponent (dy > 0).' });
        await expectHover(services)({ text: '(def x (<|>capture ferz))', index: 0, disposeAfterCheck: true, hover: '**capture** *(modifier function)*: Only to capture an enemy piece.' });
        await expectHover(services)({ text: 'x IS <|>capturing ferz', index: 0, disposeAfterCheck: true, hover: '**capturing** *(gerund of `capture`, applied to the next expression)*: Only to capture an enemy piece.' });
        await expectHover(services)({ text: 'x := wazir <|>=> ferz', index: 0, disposeAfterCheck: true, hover: /^Then, blocked/ });
        await expectHover(services)({ text: 'x := <|>::royal wazir', index: 0, disposeAfterCheck: true, hover: /^\*\*::royal\*\*: A royal piece/ });
    });

    test('user strings are never markdown or HTML outside code blocks', async () => {
        const value = await hoverAt(await validated('(def x (cond ("<img src=x onerror=alert(1)> **bold**" wazir)))', { validation: false }), { line: 0, character: 5 });
        expect(value).toBeDefined();
        const outsideCode = value!.replace(/```[^`]*```/g, '');
        expect(outsideCode).not.toMatch(/<img|\*\*bold/);
        expect(outsideCode).toContain('&lt;img src=x onerror=alert(1)&gt; \\*\\*bold\\*\\*');
    });
});

describe('go to definition', () => {
    test.each([
        ['lisp', '(def <|knight|> [1 2])\n(def n (<|>knight :rider))'],
        ['c', '<|knight|> := [1, 2]\nn := <|>KNIGHT:rider'],
        ['sql', '<|chinese_horse|> IS wazir AND_THEN ferz:outward\nh IS <|>Chinese-Horse']
    ])('%s style, names compared case-insensitively with - = _', async (_style, text) => {
        await expectGoToDefinition(services)({ text, index: 0, rangeIndex: 0, disposeAfterCheck: true });
    });

    test('a modifier function named like a piece does not jump to the piece (Lisp-2)', async () => {
        const document = await validated('(def cannon (/ (move rook) ((& capture cannon) rook)))', { services: services, validation: false });
        const offset = document.textDocument.getText().lastIndexOf('cannon)');
        const links = await services.lsp.DefinitionProvider!.getDefinition(document, { textDocument: { uri: document.uri.toString() }, position: document.textDocument.positionAt(offset + 1) });
        expect(links ?? []).toEqual([]);
    });

    test('a standard piece jumps into the prelude', async () => {
        const document = await validated('(def x (/ ferz wazir))', { services: services, validation: false });
        const links = await services.lsp.DefinitionProvider!.getDefinition(document, { textDocument: { uri: document.uri.toString() }, position: { line: 0, character: 11 } });
        expect(links).toHaveLength(1);
        expect(links![0].targetUri).toMatch(/standard\.lcpn$/);
    });
});

describe('references', () => {
    test('every spelling in every style', async () => {
        await expectFindReferences(services)({
            text: '(def <|chinese-horse|> (=> wazir (ferz :outward)))\nx := <|CHINESE_HORSE|> / ferz\ny IS <|Chinese_Horse|>:forward\n(def z (<|>chinese-horse :4))'.replace('(<|>chinese-horse', '(<|<|>chinese-horse|>'),
            includeDeclaration: true, disposeAfterCheck: true
        });
    });
});

describe('document highlight', () => {
    test('every spelling of a piece in the file, in all three styles', async () => {
        await expectHighlight(services)({
            text: '(def <|chinese-horse|> (=> wazir (ferz :outward)))\nx := <|CHINESE_<|>HORSE|> / ferz\ny IS <|Chinese_Horse|>:forward',
            index: 0, rangeIndex: [0, 1, 2], disposeAfterCheck: true
        });
    });
});

describe('rename', () => {
    test('keeps each occurrence in its style and case', async () => {
        const document = await validated('(def chinese-horse (=> wazir (ferz :outward)))\nx := CHINESE_HORSE / ferz\ny IS chinese_horse:forward\n(def z (chinese-horse :4))', { services: services, validation: false });
        const edit = await services.lsp.RenameProvider!.rename(document, { textDocument: { uri: document.uri.toString() }, position: { line: 0, character: 8 }, newName: 'war-horse' });
        const texts = edit!.changes![document.uri.toString()].map((e) => `${e.range.start.line}:${e.newText}`).sort();
        expect(texts).toEqual(['0:war-horse', '1:WAR_HORSE', '2:war_horse', '3:war-horse']);
    });

    test('refuses names with digits and standard pieces', async () => {
        const document = await validated('(def horse [1 2])\n(def x (/ horse ferz))', { services: services, validation: false });
        await expect(services.lsp.RenameProvider!.rename(document, { textDocument: { uri: document.uri.toString() }, position: { line: 0, character: 6 }, newName: 'horse2' })).rejects.toThrow(/no digits/);
        await expect(services.lsp.RenameProvider!.rename(document, { textDocument: { uri: document.uri.toString() }, position: { line: 1, character: 17 }, newName: 'queen' })).rejects.toThrow(/prelude cannot be renamed/);
    });
});
