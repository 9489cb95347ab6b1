/** Semantic tokens through `highlightHelper` / `expectSemanticToken`, with modifiers decoded, in the three styles. */
import { expectSemanticToken, highlightHelper, type DecodedSemanticTokensWithRanges } from 'langium/test';
import type { LangiumServices } from 'langium/lsp';
import { beforeAll, describe, expect, test } from 'vitest';
import type { SemanticTokenTypes } from 'vscode-languageserver';
import { createTestServices } from '../test-services.js';

let services: LangiumServices;
let highlight: ReturnType<typeof highlightHelper>;
beforeAll(async () => {
    services = (await createTestServices()).Lcpn;
    highlight = highlightHelper(services);
});

/** `type` or `type[modifier,...]` for the one token covering each marked range. */
function describeRanges(result: DecodedSemanticTokensWithRanges): string[] {
    const modifiers = Object.entries(services.lsp.SemanticTokenProvider!.tokenModifiers);
    return result.ranges.map(([start, end], rangeIndex) => {
        const token = result.tokens.find((t) => t.offset === start && t.offset + t.text.length === end);
        if (!token) return `none at ${start}-${end}`;
        expectSemanticToken(result, { rangeIndex, tokenType: token.tokenType as SemanticTokenTypes });
        const names = modifiers.filter(([, bit]) => token.tokenModifiers & bit).map(([name]) => name);
        return names.length ? `${token.tokenType}[${names.join(',')}]` : token.tokenType;
    });
}

describe.each([
    ['lisp', '(<|def|> <|horse|> (<|=>|> <|wazir|> (<|ferz|> <|:outward|>)))\n(def x (<|/|> <|::royal|> (<|capture|> <|horse|>) (<|zap|> <|knigth|>) ([<|1|> 2] <|:sidewise|> <|:2|> <|:*|>) <|"see text"|>))'],
    ['c', '<|horse|> <|:=|> <|wazir|> <|=>|> <|ferz|><|:outward|>\nx := <|::royal|> <|capture|>(<|horse|>) <|/|> <|zap|>(<|knigth|>) / [<|1|>, 2]<|:sidewise|><|:2|><|:*|> / <|"see text"|>'],
    ['sql', '<|horse|> <|IS|> <|wazir|> <|AND_THEN|> <|ferz|><|:outward|>\nx IS <|::royal|> <|capturing|> <|horse|> <|OR|> <|zap|>(<|knigth|>) OR [<|1|>, 2]<|:sidewise|><|:2|><|:*|> OR <|"see text"|>']
])('%s style', (style, text) => {
    test('definitions, prelude and user pieces, unresolved names, functions, keywords, literals', async () => {
        const described = describeRanges(await highlight(text, { documentUri: `file:///semantic-${style}.lcpn` }));
        const expected = style === 'lisp'
            ? ['keyword', 'class[declaration,definition]', 'operator', 'class[defaultLibrary]', 'class[defaultLibrary]', 'enumMember[defaultLibrary]',
                'operator', 'decorator[defaultLibrary]', 'function[defaultLibrary]', 'class', 'function', 'variable', 'number', 'enumMember', 'number', 'number', 'string']
            : ['class[declaration,definition]', 'operator', 'class[defaultLibrary]', 'operator', 'class[defaultLibrary]', 'enumMember[defaultLibrary]',
                'decorator[defaultLibrary]', 'function[defaultLibrary]', 'class', 'operator', 'function', 'variable', 'number', 'enumMember', 'number', 'number', 'string'];
        expect(described).toEqual(expected);
    });
});

test('conditionals: keywords, the comparison, the default clause and rank as a library function', async () => {
    const lisp = describeRanges(await highlight('(def p (<|cond|> ((<|=|> (<|rank|>) <|2|>) wazir) (<|t|> ferz)))'));
    expect(lisp).toEqual(['keyword', 'operator', 'function[defaultLibrary]', 'number', 'keyword']);
    const c = describeRanges(await highlight('p := <|if|> (<|rank|>() = 2) { wazir } <|else|> { ferz }'));
    expect(c).toEqual(['keyword', 'function[defaultLibrary]', 'keyword']);
    const sql = describeRanges(await highlight('p IS <|IF|> rank() = 2 <|THEN|> wazir <|THEN|> ferz <|ELSE|> ferz <|END|>'));
    expect(sql).toEqual(['keyword', 'keyword', 'operator', 'keyword', 'keyword']);
});

test('a piece used as a modifier function (Lisp-2) is a function, and as a piece a class', async () => {
    const described = describeRanges(await highlight('(def cannon (/ (move rook) ((& capture <|cannon|>) <|rook|>)))\nx := <|cannon|>'));
    expect(described).toEqual(['function[defaultLibrary]', 'class[defaultLibrary]', 'class']);
});

test.each([['\n'], ['\r\n']])('a string over several lines is one token per line, each inside its line (line end %j)', async (eol) => {
    // Langium measured the first line of a multi-line token from the start of the document: 69 characters on a line of 17.
    const result = await highlight(['(def a [1 2])', '(def d (igui "two', '  more', '  lines"))'].join(eol));
    expect(result.tokens.filter((t) => t.tokenType === 'string').map((t) => t.text)).toEqual(['"two', '  more', '  lines"']);
});

test('boards, zones and conditions: squares are constants, zones and conditions by role, every operator', async () => {
    const lisp = describeRanges(await highlight('(def palace (<|zone|> <|d1-f3|> <|e5|>))\n(def home (<|and|> (<|in|> <|palace|>) (<|<=|> (rank) 5) <|home|>))'));
    expect(lisp).toEqual(['keyword', 'enumMember', 'enumMember', 'function[defaultLibrary]', 'function[defaultLibrary]', 'enum', 'operator', 'function']);
    const c = describeRanges(await highlight('palace := zone(d1-f3)\nhome := <|!|>in(palace) <|&&|> rank() <|<=|> 2 || <|home|>'));
    expect(c).toEqual(['operator', 'operator', 'operator', 'function']);
    const sql = describeRanges(await highlight('xq IS <|board|>(<|9|>, 10, <|confine|>(<|elephant|>, <|palace|>))\npalace IS zone(d1-f3)\nelephant IS [2, 2]'));
    expect(sql).toEqual(['keyword', 'number', 'keyword', 'class', 'enum']);
});

test('a keyword naming a defined zone or condition is coloured as what it names', async () => {
    const described = describeRanges(await highlight('(def within-fortress (zone d1-f3))\n(def not-cannon (not (occupied-by cannon)))\n(def g (wazir <|:within-fortress|>))\nc := rook<|:not_cannon|><|:forward|>'));
    expect(described).toEqual(['enum', 'function', 'enumMember[defaultLibrary]']);
});

test("board shapes (issue 11): shape words are keywords, a hexagon's orientation too, holes are squares; directions follow the file's board", async () => {
    const lisp = describeRanges(await highlight('(def g (board (<|hexagon|> 6 <|rows|>)))\n(def x (wazir <|:forward-left|> <|:narrow|>))\n(def p (<|path|> "F$"))'));
    expect(lisp).toEqual(['keyword', 'keyword', 'enumMember[defaultLibrary]', 'enumMember', 'function[defaultLibrary]']);
    const c = describeRanges(await highlight('g := board(8, 8, <|cylinder|>(), <|holes|>(<|d4|>, <|c3-d3|>))\nx := wazir<|:forward_left|><|:narrow|>'));
    expect(c).toEqual(['keyword', 'keyword', 'enumMember', 'enumMember', 'enumMember', 'enumMember[defaultLibrary]']);
});
