/**
 * A build cancelled after linking leaves documents linked but with no reference entry in the
 * index; when another document then loses a definition they link to, they are relinked all the
 * same (LcpnIndexManager.isAffected answers from their links): diagnostics equal a from-scratch build.
 */
import { Cancellation, DocumentState, URI } from 'langium';
import { describe, expect, test } from 'vitest';
import { diagnosticsFromScratch, edit, services } from './workspace.js';

const A = 'file:///w/a.lcpn';
const B = 'file:///w/b.lcpn';

describe('a build cancelled after linking', () => {
    test('a document linked then cancelled is relinked when the definition it uses goes away', async () => {
        const s = await services();
        const aText = 'north_c := [1, 1]\nq := [0, 1]\n';
        await edit(s, A, aText, 1);
        await edit(s, B, 'p := north_c\n', 1);
        // B edited again; the build is cancelled once linked (the next change arrives).
        const source = new Cancellation.CancellationTokenSource();
        const listener = s.shared.workspace.DocumentBuilder.onBuildPhase(DocumentState.Linked, () => source.cancel());
        const bText = 'p := north_c / north_c\n';
        await edit(s, B, bText, 2, source.token).catch(() => undefined);
        listener.dispose();
        const b = s.shared.workspace.LangiumDocuments.getDocument(URI.parse(B))!;
        expect(b.state).toBe(DocumentState.Linked);
        const aNew = 'north_d := [1, 1]\nq := [0, 1]\n';
        await edit(s, A, aNew, 2);
        const expected = await diagnosticsFromScratch(new Map([[A, aNew], [B, bText]]));
        expect(JSON.stringify(b.diagnostics)).toBe(expected.get(B));
    });

    test('a definition indexed by a build cancelled then relinks its users in the next build', async () => {
        const s = await services();
        const C = 'file:///w/c.lcpn';
        await edit(s, A, 'q := [0, 1]\n', 1);
        await edit(s, B, 'p := north_x\n', 1);
        await edit(s, C, 'r := [1, 0]\n', 1);
        const source = new Cancellation.CancellationTokenSource();
        const listener = s.shared.workspace.DocumentBuilder.onBuildPhase(DocumentState.IndexedContent, () => source.cancel());
        const aText = 'north_x := [1, 1]\nq := [0, 1]\n';
        await edit(s, A, aText, 2, source.token).catch(() => undefined);
        listener.dispose();
        const cText = 'r := [1, 0]\nt := [2, 0]\n';
        await edit(s, C, cText, 2);
        const b = s.shared.workspace.LangiumDocuments.getDocument(URI.parse(B))!;
        const expected = await diagnosticsFromScratch(new Map([[A, aText], [B, 'p := north_x\n'], [C, cText]]));
        expect(JSON.stringify(b.diagnostics)).toBe(expected.get(B));
    });
});
