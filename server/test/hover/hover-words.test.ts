/** Hover on keywords the language does not compute: said in words, not "unknown". */
import { expectHover } from 'langium/test';
import { beforeAll, test } from 'vitest';
import type { LcpnServices } from '../../src/semantics/module.js';
import { createTestServices } from '../test-services.js';

let services: LcpnServices;
beforeAll(async () => {
    services = (await createTestServices()).Lcpn;
});

test("the spec's hexagonal-board direction :forward-left is explained as such, in each style", async () => {
    for (const text of ['(def x (wazir <|>:forward-left))', 'x := wazir<|>:forward_left', 'x IS wazir<|>:FORWARD_LEFT']) {
        await expectHover(services)({ text, index: 0, disposeAfterCheck: true, hover: /^\*\*:forward[-_]left\*\*: A direction on a hexagonal board/i });
    }
});

test('a keyword nobody defines is still called unknown', async () => {
    await expectHover(services)({ text: '(def x (wazir <|>:sideways-ish))', index: 0, disposeAfterCheck: true, hover: /a keyword the language does not know/ });
});
