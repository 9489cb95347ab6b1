/**
 * The outline and folding ranges after an edit patched from the last answer: the replaced items
 * answered again, the kept items after them moved by the edit's lines, the comment runs read
 * again around the change. Each answer equals a new provider's (one that remembers nothing) on
 * the same document, and the patch is what answered.
 */
import type { LangiumDocument } from 'langium';
import { beforeEach, describe, expect, test } from 'vitest';
import { LcpnDocumentSymbolProvider } from '../../../src/lsp/document-symbol-provider.js';
import { LcpnFoldingRangeProvider } from '../../../src/lsp/folding-range-provider.js';
import { generateDefinitions } from '../../../../bench/generate.js';
import { Random } from '../../robustness/fuzz-inputs.js';
import { EditedWorkspace } from './lsp-edit-harness.js';
import { FOLDED_LINES } from './folded-fixture.js';

let workspace: EditedWorkspace;
let symbols: LcpnDocumentSymbolProvider;
let folding: LcpnFoldingRangeProvider;

beforeEach(async () => {
    workspace = await EditedWorkspace.create();
    symbols = workspace.Lcpn.lsp.DocumentSymbolProvider as LcpnDocumentSymbolProvider;
    folding = workspace.Lcpn.lsp.FoldingRangeProvider as LcpnFoldingRangeProvider;
});

/** Answers patched by the providers while checking the document's answers against new providers'. */
async function patchedAnswers(document: LangiumDocument): Promise<{ symbols: number; folding: number }> {
    const before = { symbols: symbols.stats.patched, folding: folding.stats.patched };
    const params = { textDocument: { uri: document.uri.toString() } };
    const remembered = { symbols: await symbols.getSymbols(document, params), folding: await folding.getFoldingRanges(document, params) };
    const fresh = {
        symbols: await new LcpnDocumentSymbolProvider(workspace.Lcpn).getSymbols(document, params),
        folding: await new LcpnFoldingRangeProvider(workspace.Lcpn).getFoldingRanges(document, params)
    };
    expect(JSON.stringify(remembered.symbols)).toBe(JSON.stringify(fresh.symbols));
    expect(JSON.stringify(remembered.folding)).toBe(JSON.stringify(fresh.folding));
    return { symbols: symbols.stats.patched - before.symbols, folding: folding.stats.patched - before.folding };
}

const HEAD = generateDefinitions(20, 'head');
const TAIL = generateDefinitions(20, 'tail');

describe('the outline and folding ranges patched after an edit', () => {
    test('a definition replaced, lines added and removed, definitions deleted and inserted: patched, and a new provider\'s answer', async () => {
        const middle = [...FOLDED_LINES];
        await patchedAnswers(await workspace.set('outline.lcpn', HEAD + middle.join('\n') + '\n' + TAIL));
        const edits: ((lines: string[]) => void)[] = [
            (lines) => { lines[3] = '  (/ rook'; },
            (lines) => { lines.splice(7, 0, '', '; two more lines'); },
            (lines) => { lines.splice(0, 2); },
            (lines) => { lines.splice(5, 2); },
            (lines) => { lines.splice(5, 0, '(def inserted (/ knight', '  (rook :forward)))'); },
            (lines) => { lines.push('x := wazir', '  / ferz'); }
        ];
        for (const edit of edits) {
            edit(middle);
            const patched = await patchedAnswers(await workspace.set('outline.lcpn', HEAD + middle.join('\n') + '\n' + TAIL));
            expect(patched).toEqual({ symbols: 1, folding: 1 });
        }
    });

    test('random line edits in a row (seed 3): every answer is a new provider\'s, most of them patched', async () => {
        const r = new Random(3);
        const lines = (HEAD + FOLDED_LINES.join('\n') + '\n' + TAIL).trimEnd().split('\n');
        await patchedAnswers(await workspace.set('random.lcpn', lines.join('\n')));
        const patched = { symbols: 0, folding: 0 };
        for (let i = 0; i < 40; i++) {
            const at = r.int(lines.length);
            const kind = r.int(5);
            if (kind === 0) lines.splice(at, 0, `(def new-${'abcdefgh'[i % 8]} (/ head-a`, '  ferz))');
            else if (kind === 1 && lines.length > 5) lines.splice(at, 1);
            else if (kind === 2) lines[at] = `${lines[at]} ; edited`;
            else if (kind === 3) lines.splice(at, 0, '', '; a note');
            else lines[at] = lines[at].replace(/\)$/, '');
            const counts = await patchedAnswers(await workspace.set('random.lcpn', lines.join('\n')));
            patched.symbols += counts.symbols;
            patched.folding += counts.folding;
        }
        // An edit that leaves a stray before a definition is answered in full (the root lists strays after definitions).
        expect(patched.symbols).toBeGreaterThan(10);
        expect(patched.folding).toBeGreaterThan(10);
    });

    test('comment runs joined, split and extended by edits around definitions (seed 8): every answer is a new provider\'s, most of them patched', async () => {
        const r = new Random(8);
        const lines: string[] = [];
        for (let i = 0; i < 30; i++) {
            lines.push(`; note ${i}`);
            if (i % 3 === 0) lines.push(`; more ${i}`);
            lines.push(i % 2 === 0 ? `(def p-${'abcdefghij'[i % 10]}${'abc'[i % 3]} (/ wazir\n  ferz))` : `q_${'abcdefghij'[i % 10]}${'abc'[i % 3]} := wazir / ferz ; after a token`);
        }
        await patchedAnswers(await workspace.set('comments.lcpn', lines.join('\n')));
        let patched = 0;
        for (let i = 0; i < 40; i++) {
            const at = r.int(lines.length);
            const kind = r.int(4);
            if (kind === 0 && !lines[at].startsWith(';')) lines.splice(at, 1); // a definition deleted: the runs around it join
            else if (kind === 1) lines.splice(at, 0, `; inserted ${i}`);
            else if (kind === 2) lines.splice(at, 0, '');
            else lines.splice(at, 0, `(def r-${'abcdefghij'[i % 10]} wazir) ; trailing`);
            patched += (await patchedAnswers(await workspace.set('comments.lcpn', lines.join('\n')))).folding;
        }
        expect(patched).toBeGreaterThan(25);
    });

    test('a stray before definitions (the root lists every definition, then every stray): lines added after it move the definitions, not the stray', async () => {
        // A stray (a string over three lines) folds, and comes before the edit in the text, after the definitions in the root's list.
        const stray = ') "one\ntwo\nthree"\n';
        const lines = (HEAD + stray + FOLDED_LINES.join('\n') + '\n' + TAIL).split('\n');
        await patchedAnswers(await workspace.set('stray.lcpn', lines.join('\n')));
        for (let i = 0; i < 3; i++) {
            lines.splice(40, 0, '', `(def later-${'abc'[i]} (/ wazir`, '  ferz))');
            await patchedAnswers(await workspace.set('stray.lcpn', lines.join('\n')));
        }
    });
});
