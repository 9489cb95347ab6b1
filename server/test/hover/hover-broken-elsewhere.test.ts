/**
 * Hover on a use of a name that only an imported file defines, where that definition has a syntax
 * error: before the checks have run it says so and where, as the use's diagnostic then does
 * (broken-elsewhere.ts), instead of "Unknown piece" or "a keyword the language does not know";
 * once the diagnostic is there the hover does not say it again (VS Code shows both in one hover).
 */
import { beforeAll, expect, test } from 'vitest';
import type { LcpnServices } from '../../src/semantics/module.js';
import { IssueCodes } from '../../src/semantics/issue-codes.js';
import { createTestServices } from '../test-services.js';
import { hoverAt, validated } from '../lsp-helpers.js';

let services: LcpnServices;
beforeAll(async () => {
    services = (await createTestServices()).Lcpn;
});


async function buildAll(validation: boolean): Promise<void> {
    const { DocumentBuilder, LangiumDocuments } = services.shared.workspace;
    await DocumentBuilder.build(LangiumDocuments.all.toArray(), { validation });
}

test('a piece and a keyword that name another file\'s broken definition say where it is, in the three styles', async () => {
    await validated('(def fine wazir)\n(def deep-piece (/ rook\n', { services, uri: 'file:///hb/a.lcpn', validation: false });
    const lisp = await validated('(def user (/ deep-piece knight))\n(def z (rook :deep-piece))\n(import a)\n', { services, uri: 'file:///hb/b.lcpn', validation: false });
    const c = await validated('user_c := deep_piece / knight\nimport a\n', { services, uri: 'file:///hb/c.lcpn', validation: false });
    const sql = await validated('user_s IS deep_piece OR knight\nIMPORT a\n', { services, uri: 'file:///hb/d.lcpn', validation: false });
    await buildAll(false);
    const piece = '**deep-piece** is a definition with a syntax error (a\\.lcpn, line 2): it has no moves here until that is fixed.';
    expect(await hoverAt(lisp, { line: 0, character: 15 }, { services })).toBe(piece);
    expect(await hoverAt(c, { line: 0, character: 12 }, { services })).toBe(piece.replace('deep-piece', 'deep_piece'));
    expect(await hoverAt(sql, { line: 0, character: 12 }, { services })).toBe(piece.replace('deep-piece', 'deep_piece'));
    expect(await hoverAt(lisp, { line: 1, character: 16 }, { services })).toBe('**:deep-piece** names a definition with a syntax error (a\\.lcpn, line 2): it does not restrict the moves until that is fixed.');
    // Checked: the diagnostics of the same uses say it, the hovers no longer.
    await buildAll(true);
    const broken = (lisp.diagnostics ?? []).filter((d) => d.code === IssueCodes.BrokenDefinitionUse);
    expect(broken.map((d) => d.message)).toEqual([
        "'deep-piece' is a definition with a syntax error (a.lcpn, line 2): it has no moves here until that is fixed",
        "':deep-piece' names a definition with a syntax error (a.lcpn, line 2): it does not restrict the moves until that is fixed"
    ]);
    expect((lisp.diagnostics ?? []).map((d) => d.code)).not.toContain(IssueCodes.UnknownPiece);
    expect(await hoverAt(lisp, { line: 0, character: 15 }, { services })).toBeUndefined();
    expect(await hoverAt(lisp, { line: 1, character: 16 }, { services })).toBeUndefined();
});

test('a name nobody defines stays unknown beside one that names a broken definition', async () => {
    await validated('(def broken-there (/ rook\n', { services, uri: 'file:///hc/a.lcpn', validation: false });
    const user = await validated('(def user (/ broken-there nobody-defines-this))\n(import a)\n', { services, uri: 'file:///hc/b.lcpn', validation: false });
    await buildAll(false);
    expect(await hoverAt(user, { line: 0, character: 15 }, { services })).toBe('**broken-there** is a definition with a syntax error (a\\.lcpn, line 1): it has no moves here until that is fixed.');
    expect(await hoverAt(user, { line: 0, character: 30 }, { services })).toBe('Unknown piece **nobody-defines-this**: no definition in this file, the files it imports or the standard prelude.');
});
