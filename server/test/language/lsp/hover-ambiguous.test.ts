/** Hover on a use of a name that several other files of the workspace define: it names them, escaped. */
import { parseHelper } from 'langium/test';
import { beforeAll, expect, test } from 'vitest';
import type { LcpnServices } from '../../../src/semantics/module.js';
import { createTestServices } from '../../test-services.js';

let services: LcpnServices;
beforeAll(async () => {
    services = (await createTestServices()).Lcpn;
});

test('an ambiguous use names every file that defines it, and no file name becomes a link', async () => {
    const parse = parseHelper(services);
    await parse('(def dup-piece wazir)', { documentUri: 'file:///ws/a.lcpn' });
    await parse('dup_piece := ferz', { documentUri: 'file:///ws/see%20www.evil.example.com%20%5Bx%5D(mailto:me@evil.example.com).lcpn' });
    const user = await parse('(def user (/ dup-piece knight))', { documentUri: 'file:///ws/c.lcpn' });
    await services.shared.workspace.DocumentBuilder.build(services.shared.workspace.LangiumDocuments.all.toArray(), { validation: true });
    const hover = await services.lsp.HoverProvider!.getHoverContent(user, { textDocument: { uri: user.uri.toString() }, position: { line: 0, character: 15 } });
    const value = (hover!.contents as { value: string }).value;
    expect(value).toBe('**dup-piece** is defined in several files of the workspace: a\\.lcpn, see www\\.evil\\.example\\.com \\[x\\](mailto\\:me\\@evil\\.example\\.com).lcpn (and not in this file), so it has no moves here. Define it in this file to choose.');
});
