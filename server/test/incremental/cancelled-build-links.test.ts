/**
 * A build cancelled after linking leaves documents linked but not validated; when a document they
 * import then changes, they are relinked all the same (the builder relinks a changed document's
 * importers when the update starts): diagnostics equal a from-scratch build.
 */
import { Cancellation, DocumentState, URI } from 'langium';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { describe, expect, test } from 'vitest';
import { diagnosticsFromScratch, edit, services } from './workspace.js';

const A = 'file:///w/a.lcpn';
const B = 'file:///w/b.lcpn';

describe('a build cancelled after linking', () => {
    test('a document linked then cancelled is relinked when the definition it uses goes away', async () => {
        const s = await services();
        const aText = 'north_c := [1, 1]\nq := [0, 1]\n';
        await edit(s, A, aText, 1);
        await edit(s, B, 'p := north_c\nimport a\n', 1);
        // B edited again; the build is cancelled once linked (the next change arrives).
        const source = new Cancellation.CancellationTokenSource();
        const listener = s.shared.workspace.DocumentBuilder.onBuildPhase(DocumentState.Linked, () => source.cancel());
        const bText = 'p := north_c / north_c\nimport a\n';
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
        await edit(s, B, 'p := north_x\nimport a\n', 1);
        await edit(s, C, 'r := [1, 0]\n', 1);
        const source = new Cancellation.CancellationTokenSource();
        const listener = s.shared.workspace.DocumentBuilder.onBuildPhase(DocumentState.IndexedContent, () => source.cancel());
        const aText = 'north_x := [1, 1]\nq := [0, 1]\n';
        await edit(s, A, aText, 2, source.token).catch(() => undefined);
        listener.dispose();
        const cText = 'r := [1, 0]\nt := [2, 0]\n';
        await edit(s, C, cText, 2);
        const b = s.shared.workspace.LangiumDocuments.getDocument(URI.parse(B))!;
        const expected = await diagnosticsFromScratch(new Map([[A, aText], [B, 'p := north_x\nimport a\n'], [C, cText]]));
        expect(JSON.stringify(b.diagnostics)).toBe(expected.get(B));
    });

    test('a document left linked by a cancelled build is relinked when the next build defines a name it uses', async () => {
        // The multi-file check's seed 2 (a file reopened while another is edited): the user was
        // linked by the cancelled build, before the defining document was indexed.
        const s = await services();
        await edit(s, A, 'q := [0, 1]\n', 1);
        await edit(s, B, 'p := north_x\nimport a\n', 1);
        const source = new Cancellation.CancellationTokenSource();
        const listener = s.shared.workspace.DocumentBuilder.onBuildPhase(DocumentState.Linked, () => source.cancel());
        const bText = 'p := north_x / north_x\nimport a\n';
        await edit(s, B, bText, 2, source.token).catch(() => undefined);
        listener.dispose();
        const b = s.shared.workspace.LangiumDocuments.getDocument(URI.parse(B))!;
        expect(b.state).toBe(DocumentState.Linked);
        const aText = 'north_x := [1, 1]\nq := [0, 1]\n';
        await edit(s, A, aText, 2);
        const expected = await diagnosticsFromScratch(new Map([[A, aText], [B, bText]]));
        expect(JSON.parse(expected.get(B)!)).toEqual([]);
        expect(JSON.stringify(b.diagnostics)).toBe(expected.get(B));
    });

    test('a definition whose document a cancelled build completed relinks its users in a later build without it', async () => {
        const s = await services();
        const C = 'file:///w/c.lcpn';
        const { TextDocuments, LangiumDocuments, DocumentBuilder } = s.shared.workspace;
        await edit(s, A, 'q := [0, 1]\n', 1);
        await edit(s, B, 'p := north_x\nimport a\n', 1);
        await edit(s, C, 'r := [1, 0]\n', 1);
        // A and C change in one update; it is cancelled once A is validated (A is done, C is not).
        const aText = 'north_x := [1, 1]\nq := [0, 1]\n';
        TextDocuments.set(TextDocument.create(A, 'lcpn', 2, aText));
        TextDocuments.set(TextDocument.create(C, 'lcpn', 2, 'r := [1, 0]\ns := [2, 0]\n'));
        const source = new Cancellation.CancellationTokenSource();
        const listener = DocumentBuilder.onDocumentPhase(DocumentState.Validated, (d) => { if (d.uri.toString() === A) source.cancel(); });
        await DocumentBuilder.update([URI.parse(A), URI.parse(C)], [], source.token).catch(() => undefined);
        listener.dispose();
        expect(LangiumDocuments.getDocument(URI.parse(A))!.state).toBe(DocumentState.Validated);
        expect(LangiumDocuments.getDocument(URI.parse(C))!.state).toBeLessThan(DocumentState.Validated);
        // The next build does not contain A (completed) nor B (not reached by A's old names).
        const cText = 'r := [1, 0]\nt := [2, 0]\n';
        await edit(s, C, cText, 3);
        const b = LangiumDocuments.getDocument(URI.parse(B))!;
        const expected = await diagnosticsFromScratch(new Map([[A, aText], [B, 'p := north_x\nimport a\n'], [C, cText]]));
        expect(JSON.parse(expected.get(B)!)).toEqual([]);
        expect(JSON.stringify(b.diagnostics)).toBe(expected.get(B));
    });

    test('an edit of a user alone, after a build completed a new definition and was cancelled before relinking its users, links the user in full', async () => {
        // The multi-file check's seed 2, step 25: a file reopened (its names newly exported), then
        // an edit of a file using them arrives before the reopen's build has relinked the users.
        const s = await services();
        const { LangiumDocuments, DocumentBuilder } = s.shared.workspace;
        await edit(s, A, 'q := [0, 1]\n', 1);
        // Large enough that an edit of rc is spliced and linked incrementally.
        await edit(s, B, 'p := north_x\nra := [1, 0]\nrb := [2, 0]\nrc := [3, 0]\nrd := [4, 0]\nimport a\n', 1);
        const source = new Cancellation.CancellationTokenSource();
        const documentListener = DocumentBuilder.onDocumentPhase(DocumentState.Validated, (d) => { if (d.uri.toString() === A) source.cancel(); });
        // A listener of the whole phase: Langium checks the cancellation before calling it, so the build ends there.
        const phaseListener = DocumentBuilder.onBuildPhase(DocumentState.Validated, () => undefined);
        const aText = 'north_x := [1, 1]\nq := [0, 1]\n';
        await edit(s, A, aText, 2, source.token).catch(() => undefined);
        documentListener.dispose();
        phaseListener.dispose();
        const b = LangiumDocuments.getDocument(URI.parse(B))!;
        expect(LangiumDocuments.getDocument(URI.parse(A))!.state).toBe(DocumentState.Validated);
        // B imports A: the update set it to be relinked in A's build, which ended before validating it.
        expect(b.state).toBeLessThan(DocumentState.Validated);
        // B edited away from its use of north_x: the edit alone cannot have changed that link, A's build did.
        const bText = 'p := north_x\nra := [1, 0]\nrb := [2, 0]\nrc := [3, 1]\nrd := [4, 0]\nimport a\n';
        await edit(s, B, bText, 2);
        const expected = await diagnosticsFromScratch(new Map([[A, aText], [B, bText]]));
        expect(JSON.parse(expected.get(B)!)).toEqual([]);
        expect(JSON.stringify(b.diagnostics)).toBe(expected.get(B));
    });
});
