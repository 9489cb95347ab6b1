/**
 * Linking after edits (the global namespace's relinking: workspace/document-builder.ts): after
 * every random edit of a document, its links and everything read from them equal those of the
 * same files built from scratch: each reference's target (or
 * linking error) in `document.references` order, the index's exports and `isAffected`, find
 * references, document highlight, go to definition and rename at several places. Also with
 * other open files that define names the edited one uses (edited too, now and then), and a third
 * that makes those names ambiguous and plain again.
 * Fixed seed in `npm test`; LCPN_INCREMENTAL_SEED / LCPN_INCREMENTAL_LINK_EDITS for longer runs.
 */
import { Cancellation, DocumentState, URI, type LangiumDocument } from 'langium';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { describe, expect, test } from 'vitest';
import { Random } from '../robustness/fuzz-inputs.js';
import { randomDocument } from '../robustness/fuzz-generate.js';
import { applyEdit, randomEdit } from './edits.js';
import { generateChained, generateDefinitions } from '../../../bench/generate.js';
import { firstDifference } from './snapshot.js';
import { edit, services, type Services } from './workspace.js';
import { linkAnswers } from './link-answers.js';

const SEED = Number(process.env.LCPN_INCREMENTAL_SEED ?? 12);
const EDITS = Number(process.env.LCPN_INCREMENTAL_LINK_EDITS ?? 40);
const MAIN = 'file:///w/edited.lcpn';
const OTHER = 'file:///w/other.lcpn';
const THIRD = 'file:///w/third.lcpn';

/** The same files built from scratch in a workspace that forgets the previous ones. */
async function fromScratch(s: Services, files: Map<string, string>): Promise<Map<string, LangiumDocument>> {
    const { LangiumDocuments, LangiumDocumentFactory, DocumentBuilder } = s.shared.workspace;
    const old = [...files.keys()].map((uri) => URI.parse(uri)).filter((uri) => LangiumDocuments.hasDocument(uri));
    if (old.length > 0) await DocumentBuilder.update([], old);
    const documents = new Map<string, LangiumDocument>();
    for (const [uri, text] of files) {
        const document = LangiumDocumentFactory.fromString(text, URI.parse(uri));
        LangiumDocuments.addDocument(document);
        documents.set(uri, document);
    }
    await DocumentBuilder.build([...documents.values()], { validation: false });
    return documents;
}

/** Offsets worth asking about: uses and definition names of the main file, and random ones. */
function offsetsOf(document: LangiumDocument, r: Random, text: string): number[] {
    const offsets = [r.int(text.length + 1), r.int(text.length + 1)];
    const references = document.references;
    for (let k = 0; k < 3 && references.length > 0; k++) {
        const node = r.pick(references).$refNode;
        if (node) offsets.push(node.offset + r.int(Math.max(1, node.length)));
    }
    const names = [...text.matchAll(/(?:\(def |^)([A-Za-z][A-Za-z_-]*)/gm)];
    if (names.length > 0) offsets.push(r.pick(names).index! + r.pick(names)[0].length - 1);
    return offsets;
}

async function compare(edited: Services, fresh: Services, files: Map<string, string>, main: LangiumDocument, offsets: number[], context: () => string): Promise<void> {
    const documents = await fromScratch(fresh, files);
    const uris = [...files.keys()];
    const expected = await linkAnswers(fresh.Lcpn, uris, documents.get(MAIN)!, offsets);
    const actual = await linkAnswers(edited.Lcpn, uris, main, offsets);
    if (expected !== actual) expect.fail(`${context()}\n${firstDifference(expected, actual)}`);
}

describe('linking after edits answers as a link from scratch', () => {
    test(`${EDITS} random edits of one file, seed ${SEED}`, async () => {
        const r = new Random(SEED);
        const edited = await services();
        const fresh = await services();
        let version = 1;
        let edits = 0;
        while (edits < EDITS) {
            const messy = r.int(3) === 0;
            let text = messy
                ? Array.from({ length: 2 + r.int(4) }, () => randomDocument(r, 8).text).join('\n')
                : generateChained(10 + r.int(30), r.pick(['chain', 'piece'])) + (r.int(2) === 0 ? generateDefinitions(5 + r.int(20), 'flat') : '');
            let main = await edit(edited, MAIN, text, version++);
            for (let k = 0; k < 15 && edits < EDITS; k++, edits++) {
                const change = randomEdit(text, r, !messy && r.int(4) !== 0);
                text = applyEdit(text, change);
                main = await edit(edited, MAIN, text, version++);
                expect(main.textDocument.getText()).toBe(text);
                await compare(edited, fresh, new Map([[MAIN, text]]), main, offsetsOf(main, r, text),
                    () => `edit ${edits} (${change.kind} ${JSON.stringify(change)}) giving\n${JSON.stringify(text)}`);
            }
        }
    }, Math.max(600_000, EDITS * 1_000));

    test('names defined in other open files: edits of each, ambiguity appearing and disappearing', async () => {
        const r = new Random(SEED + 7);
        const edited = await services();
        const fresh = await services();
        let version = 1;
        // The main file uses names the other files define (shared-a .. shared-f) and defines some of them itself now and then.
        const shared = ['shared-a', 'shared_b', 'shared-c', 'SHARED-D', 'shared_e', 'shared-f'];
        const uses = (k: number) => `(def user-${k} (/ ${shared[k % shared.length]} (${shared[(k + 2) % shared.length]} :forward)))\n`
            + `user_${k}x := ${shared[(k + 1) % shared.length]} / move(user_${k}:2)\n`;
        const definitions = (names: string[]) => names.map((n) => `(def ${n} (/ wazir ferz))\n`).join('');
        const files = new Map<string, string>([
            [MAIN, Array.from({ length: 12 }, (_, k) => uses(k)).join('') + generateChained(10)],
            [OTHER, definitions(shared.slice(0, 4))],
            [THIRD, '(def unrelated (/ knight))\n']
        ]);
        for (const [uri, text] of files) await edit(edited, uri, text, version++);
        for (let step = 0; step < 60; step++) {
            const choice = r.int(10);
            let uri = MAIN;
            let text = files.get(MAIN)!;
            if (choice === 0) {
                // The other file gains or loses a definition the main file uses.
                uri = OTHER;
                text = definitions(shared.filter(() => r.int(3) !== 0));
            } else if (choice === 1) {
                // A third file defines some of the same names: those uses become ambiguous (and plain again).
                uri = THIRD;
                text = '(def unrelated (/ knight))\n' + definitions(shared.filter(() => r.int(2) === 0));
            } else if (choice === 2) {
                // The main file defines a shared name itself (its own definition wins), or stops.
                const name = r.pick(shared);
                const own = `(def ${name} (/ knight))\n`;
                text = text.includes(own) ? text.replace(own, '') : own + text;
            } else {
                text = applyEdit(text, randomEdit(text, r, r.int(3) !== 0));
            }
            files.set(uri, text);
            const changed = await edit(edited, uri, text, version++);
            const main = uri === MAIN ? changed : edited.shared.workspace.LangiumDocuments.getDocument(URI.parse(MAIN))!;
            await compare(edited, fresh, files, main, offsetsOf(main, r, files.get(MAIN)!), () => `step ${step} (${uri}) giving\n${[...files.values()].map((t) => JSON.stringify(t)).join('\n')}`);
        }
    }, Math.max(600_000, EDITS * 1_000));

    test('edits whose builds were cancelled before linking', async () => {
        const r = new Random(SEED + 3);
        const edited = await services();
        const fresh = await services();
        let text = generateChained(40) + generateDefinitions(10, 'flat');
        let version = 1;
        let main = await edit(edited, MAIN, text, version++);
        // The first one or two of every few edits are cancelled once parsed and indexed, as keystrokes arriving mid-build cancel them.
        let cancel: Cancellation.CancellationTokenSource | undefined;
        edited.shared.workspace.DocumentBuilder.onBuildPhase(DocumentState.IndexedContent, () => cancel?.cancel());
        for (let round = 0; round < 15; round++) {
            const cancelled = 1 + r.int(2);
            for (let k = 0; k <= cancelled; k++) {
                text = applyEdit(text, randomEdit(text, r, r.int(3) !== 0));
                edited.shared.workspace.TextDocuments.set(TextDocument.create(MAIN, 'lcpn', version++, text));
                cancel = k < cancelled ? new Cancellation.CancellationTokenSource() : undefined;
                await edited.shared.workspace.DocumentBuilder.update([URI.parse(MAIN)], [], cancel?.token).catch(() => undefined);
            }
            main = edited.shared.workspace.LangiumDocuments.getDocument(URI.parse(MAIN))!;
            await compare(edited, fresh, new Map([[MAIN, text]]), main, offsetsOf(main, r, text), () => `round ${round} giving\n${JSON.stringify(text)}`);
        }
    }, Math.max(600_000, EDITS * 1_000));
});
