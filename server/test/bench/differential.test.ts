/**
 * The differential run's own parts (bench/differential-*.ts): which Markdown code blocks are
 * inputs, where the requests go, what is normalised, and that a difference is found.
 */
import { describe, expect, test } from 'vitest';
import { compare, decodeTokens, normaliser, shownPair, sorted, tokens, type Answers } from '../../../bench/differential-answers.js';
import { lcpnBlocks } from '../../../bench/differential-inputs.js';

describe('lcpnBlocks', () => {
    test('fences marked lcpn/lisp/c/sql, and unmarked ones that start with (def, are inputs; the others are not', () => {
        const markdown = [
            '# Title', '```lisp', '(def a wazir)', '```', 'text', '```sh', '$ lcpn check x.lcpn', '```',
            '```', '(def b ferz)', '; comment', '```', '```', 'list := option', '```',
            '  ```c', '  c := rook', '  ```', '````sql', 'd IS knight', '```', 'e IS king', '````'
        ].join('\n');
        expect(lcpnBlocks(markdown)).toEqual([
            { line: 2, text: '(def a wazir)\n' },
            { line: 9, text: '(def b ferz)\n; comment\n' },
            { line: 16, text: 'c := rook\n' },
            { line: 19, text: 'd IS knight\n```\ne IS king\n' }
        ]);
    });
});

describe('tokens', () => {
    test('runs of name characters and single other characters, at 0-based UTF-16 positions; names start with a letter, _ or $', () => {
        expect(tokens('(def chinese-horse [1 2])\r\n  馬 := $is:forward')).toEqual([
            { position: { line: 0, character: 0 }, text: '(', word: false },
            { position: { line: 0, character: 1 }, text: 'def', word: true },
            { position: { line: 0, character: 5 }, text: 'chinese-horse', word: true },
            { position: { line: 0, character: 19 }, text: '[', word: false },
            { position: { line: 0, character: 20 }, text: '1', word: false },
            { position: { line: 0, character: 22 }, text: '2', word: false },
            { position: { line: 0, character: 23 }, text: ']', word: false },
            { position: { line: 0, character: 24 }, text: ')', word: false },
            { position: { line: 1, character: 2 }, text: '馬', word: true },
            { position: { line: 1, character: 4 }, text: ':', word: false },
            { position: { line: 1, character: 5 }, text: '=', word: false },
            { position: { line: 1, character: 7 }, text: '$is', word: true },
            { position: { line: 1, character: 10 }, text: ':', word: false },
            { position: { line: 1, character: 11 }, text: 'forward', word: true }
        ]);
    });
});

describe('normalisation', () => {
    test('the checkout and the inputs folder in every spelling; nothing else', () => {
        const normalise = normaliser('/work/base', '/tmp/lcpn-differential-x');
        const answer = {
            uri: 'file:///work/base/dist/server/prelude/standard.lcpn',
            command: `command:lcpn.exportDiagram?${encodeURIComponent(JSON.stringify({ uri: 'file:///tmp/lcpn-differential-x/inputs/a.lcpn' }))}`,
            message: 'read /work/base/dist/cli.cjs; /work/baseline stays',
            other: 'file:///work/main/dist/x'
        };
        expect(normalise(answer)).toEqual({
            uri: '<checkout>/dist/server/prelude/standard.lcpn',
            command: `command:lcpn.exportDiagram?${encodeURIComponent('{"uri":"')}<inputs>${encodeURIComponent('/inputs/a.lcpn"}')}`,
            message: 'read <checkout>/dist/cli.cjs; /work/baseline stays',
            other: 'file:///work/main/dist/x'
        });
        expect(normalise(undefined)).toBeNull();
    });

    test('locations sorted by URI, then range; an error or a null answer unchanged', () => {
        const a = { uri: 'file:///b.lcpn', range: { start: { line: 1, character: 0 }, end: { line: 1, character: 2 } } };
        const b = { uri: 'file:///a.lcpn', range: { start: { line: 9, character: 0 }, end: { line: 9, character: 2 } } };
        const c = { uri: 'file:///a.lcpn', range: { start: { line: 2, character: 0 }, end: { line: 2, character: 2 } } };
        expect(sorted({ result: [a, b, c] })).toEqual({ result: [c, b, a] });
        expect(sorted({ result: null })).toEqual({ result: null });
        expect(sorted({ error: { message: 'x' } })).toEqual({ error: { message: 'x' } });
    });

    test('semantic tokens decoded from deltas with the legend, without resultId', () => {
        const legend = { tokenTypes: ['keyword', 'function'], tokenModifiers: ['declaration', 'readonly'] };
        // (line 0, char 1, len 3, keyword), (line 0, char 5, len 5, function, declaration+readonly), (line 2, char 4, len 1, keyword)
        const answer = { result: { resultId: '7', data: [0, 1, 3, 0, 0, 0, 4, 5, 1, 3, 2, 4, 1, 0, 0] } };
        expect(decodeTokens(answer, legend)).toEqual({
            result: [[1, 2, 3, 'keyword', ''], [1, 6, 5, 'function', 'declaration,readonly'], [3, 5, 1, 'keyword', '']]
        });
    });
});

describe('compare', () => {
    const answers = (entries: [string, [string, unknown][]][]): Answers => new Map(entries.map(([key, requests]) => [key, new Map(requests)]));

    test('equal answers are no difference; a changed answer, and an answer only one side has, are', () => {
        const old = answers([['a.lcpn', [['lsp hover 1:1', { result: null }], ['lsp hover 1:2', { result: 'x' }]]], ['b.lcpn', [['cli check', { exit: 0 }]]]]);
        const now = answers([['a.lcpn', [['lsp hover 1:1', { result: null }], ['lsp hover 1:2', { result: 'y' }], ['lsp hover 1:3', { result: null }]]], ['b.lcpn', [['cli check', { exit: 0 }]]]]);
        const { compared, differences } = compare(old, now);
        expect(compared).toBe(4);
        expect(differences).toEqual([
            { key: 'a.lcpn', request: 'lsp hover 1:2', old: '{"result":"x"}', new: '{"result":"y"}' },
            { key: 'a.lcpn', request: 'lsp hover 1:3', old: '(no such answer)', new: '{"result":null}' }
        ]);
    });

    test('long answers are shown from a little before where they first differ', () => {
        const [old, now] = shownPair({ text: 'a'.repeat(5000) + 'old' + 'b'.repeat(3000) }, { text: 'a'.repeat(5000) + 'new' + 'b'.repeat(3000) });
        expect(old.startsWith('...(from character 4809) ')).toBe(true);
        expect(old).toContain('old');
        expect(now).toContain('new');
        expect(now).not.toContain('old');
    });
});
