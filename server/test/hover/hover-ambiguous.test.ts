/**
 * Hover on a use of a name that several imported files define: its diagnostic names them, and the hover does not say it again (VS Code shows both in one hover); before the checks
 * have run, the hover names them, escaped.
 */
import { expect, test } from 'vitest';
import { IssueCodes } from '../../src/semantics/issue-codes.js';
import { hoverAt, validated } from '../lsp-helpers.js';
import { createTestServices } from '../test-services.js';

test.each([[false], [true]])('an ambiguous use names every file that defines it once, and no file name becomes a link (checked: %s)', async (validation) => {
    const services = (await createTestServices()).Lcpn;
    // Linked only: the build below validates them, or not.
    await validated('(def dup-piece wazir)', { services, uri: 'file:///ws/a.lcpn', validation: false });
    await validated('dup_piece := ferz', { services, uri: 'file:///ws/__evil__.lcpn', validation: false });
    const user = await validated('(def user (/ dup-piece knight))\n(import a)\n(import __evil__)', { services, uri: 'file:///ws/c.lcpn', validation: false });
    await services.shared.workspace.DocumentBuilder.build(services.shared.workspace.LangiumDocuments.all.toArray(), { validation });
    const value = await hoverAt(user, { line: 0, character: 15 });
    if (!validation) {
        expect(value).toBe('**dup-piece** is defined in several files this file imports: \\_\\_evil\\_\\_.lcpn, a\\.lcpn (and not in this file), so it has no moves here. Define it in this file to choose, or import only one of them.');
        return;
    }
    expect(value).toBeUndefined();
    const diagnostic = user.diagnostics?.find((d) => d.code === IssueCodes.AmbiguousPiece);
    expect(diagnostic?.range).toEqual({ start: { line: 0, character: 13 }, end: { line: 0, character: 22 } });
    expect(diagnostic?.message).toContain('(__evil__.lcpn, a.lcpn)');
});
