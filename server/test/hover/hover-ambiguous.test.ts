/**
 * Hover on a use of a name that several imported files define: its diagnostic names them, and the hover does not say it again (VS Code shows both in one hover); before the checks
 * have run, the hover names them, escaped.
 */
import { parseHelper } from 'langium/test';
import { expect, test } from 'vitest';
import { IssueCodes } from '../../src/semantics/issue-codes.js';
import { createTestServices } from '../test-services.js';

test.each([[false], [true]])('an ambiguous use names every file that defines it once, and no file name becomes a link (checked: %s)', async (validation) => {
    const services = (await createTestServices()).Lcpn;
    const parse = parseHelper(services);
    await parse('(def dup-piece wazir)', { documentUri: 'file:///ws/a.lcpn' });
    await parse('dup_piece := ferz', { documentUri: 'file:///ws/__evil__.lcpn' });
    const user = await parse('(def user (/ dup-piece knight))\n(import a)\n(import __evil__)', { documentUri: 'file:///ws/c.lcpn' });
    await services.shared.workspace.DocumentBuilder.build(services.shared.workspace.LangiumDocuments.all.toArray(), { validation });
    const hover = await services.lsp.HoverProvider!.getHoverContent(user, { textDocument: { uri: user.uri.toString() }, position: { line: 0, character: 15 } });
    const value = (hover?.contents as { value: string } | undefined)?.value;
    if (!validation) {
        expect(value).toBe('**dup-piece** is defined in several files this file imports: \\_\\_evil\\_\\_.lcpn, a\\.lcpn (and not in this file), so it has no moves here. Define it in this file to choose, or import only one of them.');
        return;
    }
    expect(value).toBeUndefined();
    const diagnostic = user.diagnostics?.find((d) => d.code === IssueCodes.AmbiguousPiece);
    expect(diagnostic?.range).toEqual({ start: { line: 0, character: 13 }, end: { line: 0, character: 22 } });
    expect(diagnostic?.message).toContain('(__evil__.lcpn, a.lcpn)');
});
