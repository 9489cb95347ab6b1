/**
 * A document validated just before its build is cancelled (the next keystroke) is complete:
 * no later build validates it again. So every listener of its phase must hear of it, the
 * diagnostics publisher (lsp/lcpn-language-server.ts) among them; Langium skipped the
 * listeners once the build was cancelled, and the file's diagnostics were never published
 * (the multi-file check's seed 5, step 12: a file opened, then an edit of another file).
 */
import { Cancellation, DocumentState, URI } from 'langium';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { describe, expect, test } from 'vitest';
import { services } from '../incremental/workspace.js';

const A = 'file:///w/a.lcpn';
const B = 'file:///w/b.lcpn';

describe('a build cancelled as a document reaches a phase', () => {
    test('the phase listeners registered after the one that saw the cancellation still hear of the document', async () => {
        const s = await services();
        const { TextDocuments, DocumentBuilder, LangiumDocuments } = s.shared.workspace;
        TextDocuments.set(TextDocument.create(A, 'lcpn', 1, 'p := [1, 0] / q\n'));
        TextDocuments.set(TextDocument.create(B, 'lcpn', 1, 'q := [0, 1]\n'));
        const source = new Cancellation.CancellationTokenSource();
        const heard: string[] = [];
        // The first listener stands for the next keystroke arriving during the build, after the first document is validated.
        const cancelling = DocumentBuilder.onDocumentPhase(DocumentState.Validated, () => source.cancel());
        const publishing = DocumentBuilder.onDocumentPhase(DocumentState.Validated, (d) => { heard.push(`${d.uri.toString()} ${d.diagnostics?.length}`); });
        await DocumentBuilder.update([URI.parse(A), URI.parse(B)], [], source.token).catch(() => undefined);
        cancelling.dispose();
        publishing.dispose();
        const [first, second] = [A, B].map((uri) => LangiumDocuments.getDocument(URI.parse(uri))!).sort((x, y) => y.state - x.state);
        expect(first.state).toBe(DocumentState.Validated);
        expect(second.state).toBeLessThan(DocumentState.Validated);
        // The first is complete: the next build does not validate it again, so this was its only notice.
        expect(heard).toEqual([`${first.uri.toString()} ${first.diagnostics!.length}`]);
        const next: string[] = [];
        const listener = DocumentBuilder.onDocumentPhase(DocumentState.Validated, (d) => { next.push(d.uri.toString()); });
        await DocumentBuilder.update([], []);
        listener.dispose();
        // The other is validated by the next build (first; then documents relinked for the names both newly export).
        expect(next[0]).toBe(second.uri.toString());
    });
});
