/** brackets.ts: the one scan for brackets left open (strings and comments skipped), used by code actions and completion. */
import { expectCompletion } from 'langium/test';
import { describe, expect, test } from 'vitest';
import type { CompletionList } from 'vscode-languageserver';
import { openBrackets, unclosedBrackets } from '../../src/syntax/brackets.js';
import { createTestServices } from '../test-services.js';

describe('openBrackets', () => {
    test.each([['\n'], ['\r\n'], ['\r']])('a comment ends at the line end %j', (eol) => {
        const text = `; a comment with "one quote and a (${eol}(def x (/ wazir${eol}  # [ again${eol}  [1 `;
        expect(openBrackets(text).map((b) => b.char)).toEqual(['(', '(', '[']);
        expect(unclosedBrackets(text)).toEqual([']', ')', ')']);
    });

    test('strings and a range of the text', () => {
        const text = '(def x (/ "a ( in a string" [1 2] ';
        expect(openBrackets(text).map((b) => b.offset)).toEqual([0, 7]);
        expect(openBrackets(text, 7).map((b) => b.offset)).toEqual([7]);
        expect(openBrackets(text, 0, 7).map((b) => b.offset)).toEqual([0]);
    });
});

test('completion: a list head after a comment with an unmatched quote still offers functions', async () => {
    const complete = expectCompletion((await createTestServices()).Lcpn);
    for (const eol of ['\n', '\r']) {
        await complete({
            text: `; the "odd quote${eol}(def x (/ wazir (mo<|>`, index: 0, disposeAfterCheck: true,
            assert: (list: CompletionList) => expect(list.items.map((i) => i.label)).toContain('move')
        });
    }
});
