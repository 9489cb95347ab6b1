/**
 * Deeply nested input (a paste gone wrong, generated text): the parser reads up to a nesting
 * limit (syntax/nesting-limit.ts) with one located error, reads the definitions after it, and
 * keeps working for the next document. Before the limit, the stack overflowed: the document could not be built and
 * every later parse in the same server failed ("Parser stack is not empty after parsing").
 */
import { messageText } from '../diagnostics/message-text.js';
import { beforeAll, describe, expect, test } from 'vitest';
import type { LcpnServices } from '../../src/semantics/module.js';
import { CHAIN_TOO_LONG, NESTING_TOO_DEEP } from '../../src/syntax/nesting-limit.js';
import { completionAt, validated } from '../lsp-helpers.js';
import { createTestServices } from '../test-services.js';

let services: LcpnServices;
beforeAll(async () => {
    services = (await createTestServices()).Lcpn;
});

const DEEP = 10_000;

describe('nesting deeper than the parser reads', () => {
    test.each([
        ['Lisp, unclosed', '(def x ' + '('.repeat(DEEP)],
        ['Lisp, closed', '(def x ' + '('.repeat(DEEP) + 'wazir' + ')'.repeat(DEEP + 1)],
        ['Lisp unions', '(def x ' + '(/ wazir '.repeat(DEEP) + ')'.repeat(DEEP + 1)],
        ['C parentheses', 'x := ' + '('.repeat(DEEP) + 'wazir' + ')'.repeat(DEEP)],
        ['C calls', 'x := ' + 'move('.repeat(DEEP) + 'wazir' + ')'.repeat(DEEP)],
        ['SQL conditions', 'x IS ' + 'IF rank() = 2 THEN '.repeat(DEEP) + 'wazir' + ' END'.repeat(DEEP)],
        ['SQL gerunds', 'x IS ' + 'moving '.repeat(DEEP) + 'wazir']
    ])('%s: one located error, and the next definition is read', async (_what, deep) => {
        const document = await validated(`${deep}\n(def after wazir)\nalso := ferz`, { services: services });
        const errors = (document.diagnostics ?? []).filter((d) => d.message === NESTING_TOO_DEEP);
        expect(errors).toHaveLength(1);
        expect(errors[0].range.start.line).toBe(0);
        expect((document.diagnostics ?? []).filter((d) => messageText(d).includes('An error occurred'))).toEqual([]);
        expect(document.parseResult.value.definitions.map((d) => d.name)).toEqual(['x', 'after', 'also']);
        // Completion reads the text up to the cursor with its own parser, limited the same way (and then
        // interprets the tokens after the last one it read: skipped ones count as read, or memory ran out).
        const inside = document.textDocument.positionAt(deep.length - 3);
        await expect(completionAt(document, inside, services)).resolves.toBeDefined();
        // The same services parse the next document normally.
        const next = await validated('(def y (/ wazir ferz))', { services: services, validation: false });
        expect(next.parseResult.parserErrors).toEqual([]);
    });

    test.each([
        ['a sequence', 'x := ' + 'wazir -> '.repeat(20_000) + 'ferz'],
        ['a SQL sequence', 'x IS ' + 'wazir AND_THEN '.repeat(20_000) + 'ferz'],
        ['calls of calls', 'x := move(wazir)' + '(ferz)'.repeat(20_000)]
    ])('%s of 20,000 operators: each wrapped the tree once more, and Langium overflowed walking it', async (_what, chain) => {
        const document = await validated(`${chain}
(def after wazir)`, { services: services });
        expect((document.diagnostics ?? []).filter((d) => d.message === CHAIN_TOO_LONG)).toHaveLength(1);
        expect(document.parseResult.value.definitions.map((d) => d.name)).toEqual(['x', 'after']);
    });

    test('completing among the closing brackets of a deep form', async () => {
        // The completion parser skips past the limit to the end of its input (the text before the cursor); Langium then
        // interpreted every skipped token again, forking at each '(', until memory ran out.
        const text = '(def x ' + '('.repeat(3000) + 'wazir' + ')'.repeat(3001);
        const document = await validated(text, { services: services, validation: false });
        const completion = await completionAt(document, 5258, services);
        expect(completion).toBeDefined();
    });

    test('nesting a person writes is read without complaint', async () => {
        const lisp = '(def x ' + '(/ wazir '.repeat(100) + ')'.repeat(101);
        const c = 'y := ' + '('.repeat(40) + 'wazir' + ')'.repeat(40);
        const sequence = 'z := ' + 'wazir -> '.repeat(400) + 'ferz';
        const document = await validated(`${lisp}\n${c}\n${sequence}`, { services: services, validation: false });
        expect(document.parseResult.parserErrors).toEqual([]);
    });
});
