/**
 * An imported document that adds or removes a definition close to an unknown name used in the
 * importing document changes that document's "did you mean" list (unknown-piece /
 * unknown-keyword): the builder revalidates it (document-builder.ts), and its diagnostics equal
 * those of the same files built from scratch.
 */
import { URI } from 'langium';
import { describe, expect, test } from 'vitest';
import { diagnosticsFromScratch, edit, services, type Services } from './workspace.js';

const A = 'file:///w/a.lcpn';
const B = 'file:///w/b.lcpn';

function diagnosticsOf(s: Services, uri: string): string {
    return JSON.stringify(s.shared.workspace.LangiumDocuments.getDocument(URI.parse(uri))!.diagnostics);
}

/** Opens B, then A with each of `texts` in turn; after each, both files' diagnostics equal a from-scratch build's. */
async function check(bText: string, texts: string[]): Promise<string[]> {
    const s = await services();
    const files = new Map<string, string>([[B, bText]]);
    await edit(s, B, bText, 1);
    const seen: string[] = [];
    let version = 1;
    for (const text of texts) {
        files.set(A, text);
        await edit(s, A, text, version++);
        const expected = await diagnosticsFromScratch(files);
        for (const uri of [A, B]) expect(diagnosticsOf(s, uri), `${uri} after a.lcpn = ${JSON.stringify(text)}`).toBe(expected.get(uri));
        seen.push(diagnosticsOf(s, B));
    }
    return seen;
}

describe('an imported document adding or removing a name close to an unknown one', () => {
    test('unknown piece: its suggestions follow the other document', async () => {
        const seen = await check('p := gryphonz\nimport a\n', ['q := [1, 1]\n', 'gryphony := [1, 1]\n', 'q := [1, 1]\n', 'gryphony := [1, 1]\ngryphonx := [2, 1]\n', 'gryphonx := [2, 1]\n', '\n']);
        // The list did change (else the test proves nothing).
        expect(new Set(seen).size).toBeGreaterThan(2);
    });

    test('unknown keyword: its suggestions follow the zones the other document defines', async () => {
        const seen = await check('p := [1, 1]:gardenz\nimport a\n', ['q := [1, 1]\n', 'gardeny := zone(a1-b2)\n', 'q := [1, 1]\n', 'gardeny := zone(a1-b2)\ngardenx := zone(c1-d2)\n', 'gardenx := zone(c1-d2)\n', '\n']);
        expect(new Set(seen).size).toBeGreaterThan(2);
    });
});
