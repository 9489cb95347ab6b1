/**
 * Semantic tokens after an edit patched from the last answer (lsp/lcpn-semantic-token-answer.ts)
 * and sent as a delta (`textDocument/semanticTokens/full/delta`): each answer equals the walk's
 * over the whole document, the patch is what answered, and a delta applied to the previous
 * answer gives the new one.
 */
import type { LangiumDocument } from 'langium';
import { beforeEach, describe, expect, test } from 'vitest';
import type { SemanticTokens, SemanticTokensDelta } from 'vscode-languageserver';
import { LcpnSemanticTokenItems } from '../../../src/lsp/semantic-token-items.js';
import { LcpnSemanticTokenWalk } from '../../../src/lsp/semantic-token-walk.js';
import { tokenEdits } from '../../../src/lsp/semantic-token-answer.js';
import { generateDefinitions } from '../../../../bench/generate.js';
import { EditedWorkspace } from './lsp-edit-harness.js';
import { Random } from '../../robustness/fuzz-inputs.js';

let workspace: EditedWorkspace;
let items: LcpnSemanticTokenItems;
let walk: LcpnSemanticTokenWalk;

beforeEach(async () => {
    workspace = await EditedWorkspace.create();
    items = workspace.Lcpn.lsp.SemanticTokenProvider as LcpnSemanticTokenItems;
    walk = new LcpnSemanticTokenWalk(workspace.Lcpn);
});

const params = (document: LangiumDocument) => ({ textDocument: { uri: document.uri.toString() } });

/** The provider's whole answer, checked against the walk's. */
async function full(document: LangiumDocument): Promise<SemanticTokens> {
    const answer = await items.semanticHighlight(document, params(document));
    expect(answer.data).toEqual((await walk.semanticHighlight(document, params(document))).data);
    return answer;
}

/** `edits` applied to `data`, as the client applies them (each edit's start in the data before any edit; sorted). */
function applied(data: readonly number[], delta: SemanticTokensDelta): number[] {
    const out = data.slice();
    for (const edit of [...delta.edits].reverse()) out.splice(edit.start, edit.deleteCount, ...(edit.data ?? []));
    return out;
}

/** Counts of answers patched and items computed by `work`. */
async function counting(work: () => Promise<unknown>): Promise<{ patched: number; computed: number; rechecked: number }> {
    const before = { ...items.stats };
    await work();
    return { patched: items.stats.patched - before.patched, computed: items.stats.computed - before.computed, rechecked: items.stats.rechecked - before.rechecked };
}

const HEAD = generateDefinitions(20, 'head');
const TAIL = generateDefinitions(20, 'tail');

describe('semantic tokens patched after an edit', () => {
    test('one definition replaced, lines added, lines removed, a definition deleted and one inserted, a style switched: patched, and the walk\'s answer', async () => {
        const middle = ['(def a (/ wazir ferz))', 'b := a / move(rook:4)', 'c IS capturing b OR moving [0, 1]:only'];
        await full(await workspace.set('patched.lcpn', HEAD + middle.join('\n') + '\n' + TAIL));
        const versions = [
            ['(def a (/ wazir "informal" [1 2]))', middle[1], middle[2]],
            ['(def a (/ wazir "informal" [1 2]))', '', '; two more lines', middle[1], middle[2]],
            [middle[0], middle[1]], // c deleted (nothing uses it)
            [middle[0], '(def inserted (/ knight\n  (rook :forward)))', middle[2]],
            [middle[0], 'b := a / move(rook:4)', '(def c (/ b (wazir :forward) [2 1]))'],
            ['a IS wazir OR ferz', middle[1], middle[2]]
        ];
        for (const lines of versions) {
            const document = await workspace.set('patched.lcpn', HEAD + lines.join('\n') + '\n' + TAIL);
            const counts = await counting(() => full(document));
            expect(counts.patched).toBe(1);
            expect(counts.computed).toBeLessThan(25); // the definitions the update re-read, not the 43 of the file
        }
    });

    test('a name redefined: the kept definitions using it are read again; the patch holds while they colour it the same', async () => {
        const uses = '(def user-one (/ a knight))\nuser-two := a / rook\n';
        const text = (a: string) => `${a}\n${HEAD}${TAIL}${uses}`;
        await full(await workspace.set('redefined.lcpn', text('(def a (/ wazir ferz))')));
        let counts = await counting(async () => full(await workspace.set('redefined.lcpn', text('(def a (/ wazir knight))'))));
        expect(counts.patched).toBe(1);
        expect(counts.rechecked).toBe(2);
        // Gone: the uses become unknown names (variables), so the answer is assembled again.
        counts = await counting(async () => full(await workspace.set('redefined.lcpn', text('; no a'))));
        expect(counts.patched).toBe(0);
    });

    test('random line edits in a row (seed 5): every answer is the walk\'s, most of them patched', async () => {
        const r = new Random(5);
        const lines = (HEAD + TAIL).trimEnd().split('\n');
        await full(await workspace.set('random.lcpn', lines.join('\n')));
        let patched = 0;
        for (let i = 0; i < 40; i++) {
            const at = r.int(lines.length);
            const kind = r.int(5);
            if (kind === 0) lines.splice(at, 0, `(def new-${'abcdefgh'[i % 8]} (/ head-a ferz))`);
            else if (kind === 1 && lines.length > 5) lines.splice(at, 1);
            else if (kind === 2) lines[at] = `${lines[at]} ; edited`;
            else if (kind === 3) lines.splice(at, 0, '', '; a note');
            else lines[at] = lines[at].replace(/\)$/, '');
            const document = await workspace.set('random.lcpn', lines.join('\n'));
            patched += (await counting(() => full(document))).patched;
        }
        expect(patched).toBeGreaterThan(20);
    });
});

describe('semantic tokens of a file with strays', () => {
    test('a stray before definitions (the root lists every definition, then every stray): lines added after it, the walk\'s answer', async () => {
        const lines = (HEAD + ')\n(/ wazir "a stray")\n' + TAIL).split('\n');
        await full(await workspace.set('stray.lcpn', lines.join('\n')));
        for (let i = 0; i < 3; i++) {
            lines.splice(30, 0, '', `(def later-${'abc'[i]} (/ wazir`, '  ferz))');
            await full(await workspace.set('stray.lcpn', lines.join('\n')));
        }
    });
});

describe('semantic tokens delta', () => {
    test('the server advertises deltas', () => {
        expect(items.semanticTokensOptions.full).toEqual({ delta: true });
    });

    test('after each edit, the delta applied to the previous answer is the new answer; a one-line edit sends a few numbers', async () => {
        // Line 35 is tail-p, which no definition uses (deleting a used one recolours its uses: a larger delta).
        const lines = (HEAD + TAIL).trimEnd().split('\n');
        let document = await workspace.set('delta.lcpn', lines.join('\n'));
        let previous = await full(document);
        for (const [at, line] of [[20, '(def edited (/ knight (rook :4)))'], [35, ''], [30, 'x := wazir / ferz'], [0, '; a header']] as const) {
            lines.splice(at, line === '' ? 1 : 0, ...(line === '' ? [] : [line]));
            document = await workspace.set('delta.lcpn', lines.join('\n'));
            const delta = await items.semanticHighlightDelta(document, { ...params(document), previousResultId: previous.resultId! });
            expect('edits' in delta).toBe(true);
            const edits = (delta as SemanticTokensDelta).edits;
            const data = applied(previous.data, delta as SemanticTokensDelta);
            expect(data).toEqual((await walk.semanticHighlight(document, params(document))).data);
            const sent = edits.reduce((n, edit) => n + (edit.data?.length ?? 0), 0);
            expect(sent).toBeLessThan(80);
            previous = { resultId: delta.resultId, data };
        }
    });

    test('deltas in a row: the answers, never sent whole, are patched in place; a whole answer asked in between is not changed afterwards', async () => {
        const lines = (HEAD + TAIL).trimEnd().split('\n');
        let document = await workspace.set('in-place.lcpn', lines.join('\n'));
        let previous = await full(document);
        const before = items.stats.inPlace;
        let whole: SemanticTokens | undefined;
        let wholeThen: number[] = [];
        for (let i = 0; i < 8; i++) {
            lines.splice(10 + i * 3, i % 2, `(def step-${'abcdefgh'[i]} (/ knight (rook :${i})))`);
            document = await workspace.set('in-place.lcpn', lines.join('\n'));
            const delta = await items.semanticHighlightDelta(document, { ...params(document), previousResultId: previous.resultId! }) as SemanticTokensDelta;
            const data = applied(previous.data, delta);
            expect(data).toEqual((await walk.semanticHighlight(document, params(document))).data);
            previous = { resultId: delta.resultId, data };
            if (i === 4) {
                // A whole answer (as a client without deltas asks), then deltas from it.
                whole = await full(document);
                wholeThen = whole.data.slice();
                previous = { resultId: whole.resultId, data: whole.data.slice() };
            }
        }
        expect(items.stats.inPlace - before).toBeGreaterThanOrEqual(5);
        // The three deltas after it patched copies of it first, then their own answers in place.
        expect(whole!.data).toEqual(wholeThen);
    });

    test('an unknown previous result: the whole answer', async () => {
        const document = await workspace.set('unknown.lcpn', HEAD);
        await full(document);
        const answer = await items.semanticHighlightDelta(document, { ...params(document), previousResultId: 'not-sent' });
        expect('data' in answer && answer.data).toEqual((await walk.semanticHighlight(document, params(document))).data);
    });

    test('tokenEdits: the one edit between the common start and end', () => {
        expect(tokenEdits([1, 2, 3, 4, 5], [1, 2, 3, 4, 5])).toEqual([]);
        expect(tokenEdits([1, 2, 3, 4, 5], [1, 2, 9, 4, 5])).toEqual([{ start: 2, deleteCount: 1, data: [9] }]);
        expect(tokenEdits([1, 2, 3, 4, 5], [1, 2, 4, 5])).toEqual([{ start: 2, deleteCount: 1, data: [] }]);
        expect(tokenEdits([1, 2, 2, 3], [1, 2, 2, 2, 3])).toEqual([{ start: 3, deleteCount: 0, data: [2] }]);
        expect(tokenEdits([], [0, 1, 2, 3, 4])).toEqual([{ start: 0, deleteCount: 0, data: [0, 1, 2, 3, 4] }]);
    });
});
