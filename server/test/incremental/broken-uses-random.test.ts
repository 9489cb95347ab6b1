// Random steps over three files where two define `deep` and `wide` (complete, broken, absent, on
// varying lines, in the three styles; or broken and absent only, so that only the revalidation of
// uses of broken definitions keeps the user file right) and the third uses them as a zone, a keyword and a piece;
// some steps change two files in one update that is cancelled once the first is validated (the
// next step's build finishes the work). After every step each file's diagnostics must equal a
// fresh build's of the same texts (broken-elsewhere.ts and the builder's revalidation).
import { Cancellation, DocumentState, URI } from 'langium';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { expect, test } from 'vitest';
import { IssueCodes } from '../../src/semantics/issue-codes.js';
import { Random } from '../robustness/fuzz-inputs.js';
import { diagnosticsFromScratch, edit, services } from './workspace.js';

const DEFINITIONS: Record<string, string[]> = {
    deep: ['(def deep zone a1)', '(def deep (zone a1 b2))', 'deep := zone a1', 'deep := zone(a1, b2)', 'deep IS zone a1', 'deep IS zone(a1, b2)', ''],
    wide: ['(def wide ferz wazir)', '(def wide (/ ferz wazir))', 'wide := ferz wazir', 'wide := ferz / wazir', 'wide IS (not (empty)', '']
};
const USERS = [
    '(def mover (cond ((in deep) rook) (t bishop)))', 'm_ii := rook:deep', 'x IS wide THEN rook', '(def y (-> wide rook))',
    'mover_c := if (in(deep)) { rook } else { bishop }', '(def z (knight :wide))'
];

/** Only broken or absent: no complete definition of the names appears or goes (no export changes that relink the users anyway). */
const BROKEN_ONLY: Record<string, string[]> = {
    deep: ['(def deep zone a1)', 'deep := zone a1', 'deep IS zone a1', ''],
    wide: ['(def wide ferz wazir)', 'wide := ferz wazir', 'wide IS (not (empty)', '']
};

function definitionsText(r: Random, definitions = DEFINITIONS): string {
    const lines: string[] = [];
    for (const choices of Object.values(definitions)) {
        for (let k = r.int(3); k > 0; k--) lines.push(r.pick(['', '(def other wazir)', '; a note']));
        lines.push(r.pick(choices));
    }
    return lines.join('\n');
}

/** The user file imports both definition files (a.lcpn in Lisp style, b.lcpn in C style). */
const IMPORTS = ['(import a)', 'import b'];

function usersText(r: Random): string {
    return [...USERS.filter(() => r.int(3) > 0), ...IMPORTS].join('\n');
}

test.each([['complete, broken or absent', DEFINITIONS, 6], ['broken or absent only', BROKEN_ONLY, 8]] as const)('three files, 40 random steps with cancelled updates, definitions %s: every file as a fresh build', async (_, definitions, seed) => {
    const r = new Random(seed);
    const s = await services();
    const { TextDocuments, LangiumDocuments, DocumentBuilder } = s.shared.workspace;
    const uris = ['file:///r/a.lcpn', 'file:///r/b.lcpn', 'file:///r/user.lcpn'];
    const texts = [definitionsText(r, definitions), definitionsText(r, definitions), [...USERS, ...IMPORTS].join('\n')];
    const versions = [1, 1, 1];
    for (let k = 0; k < 3; k++) await edit(s, uris[k], texts[k], 1);
    let warned = 0;
    for (let step = 0; step < 40; step++) {
        const next = () => {
            const k = r.int(3);
            texts[k] = k === 2 ? usersText(r) : definitionsText(r, definitions);
            versions[k]++;
            return k;
        };
        if (r.int(3) === 0) {
            // Two files in one update, cancelled once the first of them is validated.
            const [k1, k2] = [next(), next()];
            for (const k of new Set([k1, k2])) TextDocuments.set(TextDocument.create(uris[k], 'lcpn', versions[k], texts[k]));
            const source = new Cancellation.CancellationTokenSource();
            const listener = DocumentBuilder.onDocumentPhase(DocumentState.Validated, () => source.cancel());
            await DocumentBuilder.update([...new Set([k1, k2])].map((k) => URI.parse(uris[k])), [], source.token).catch(() => undefined);
            listener.dispose();
        }
        const k = next();
        await edit(s, uris[k], texts[k], versions[k]);
        const expected = await diagnosticsFromScratch(new Map(uris.map((u, i) => [u, texts[i]])));
        for (const [i, uri] of uris.entries()) {
            const actual = LangiumDocuments.getDocument(URI.parse(uri))!.diagnostics;
            expect(JSON.stringify(actual), `step ${step}, ${uri}:\n${texts[i]}`).toBe(expected.get(uri));
        }
        const user = LangiumDocuments.getDocument(URI.parse(uris[2]))!.diagnostics ?? [];
        warned += user.filter((d) => (d.data as { code?: string } | undefined)?.code === IssueCodes.BrokenDefinitionUse).length > 0 ? 1 : 0;
    }
    // Coverage: the user file had broken-definition warnings at many steps (and, with complete definitions coming and going, not at all).
    expect(warned).toBeGreaterThan(5);
    if (definitions === DEFINITIONS) expect(warned).toBeLessThan(40);
}, 120_000);
