/**
 * The outline and folding ranges remembered per top-level item (lsp/lcpn-document-symbol-provider.ts,
 * lsp/lcpn-folding-range-provider.ts): after each edit the answer equals a new provider's (one
 * that remembers nothing) on the same document, kept items are reused and moved to their new
 * lines, and an edited or deleted definition, a comment run that an edit joins or splits, and a
 * broken definition give the answer of the text from scratch.
 */
import type { LangiumDocument } from 'langium';
import { beforeEach, describe, expect, test } from 'vitest';
import type { DocumentSymbol, FoldingRange } from 'vscode-languageserver';
import type * as ast from '../../../src/syntax/generated/ast.js';
import { LcpnDocumentSymbolProvider } from '../../../src/lsp/document-symbol-provider.js';
import { LcpnFoldingRangeProvider } from '../../../src/lsp/folding-range-provider.js';
import { generateDefinitions } from '../../../../bench/generate.js';
import { randomDocument } from '../../robustness/fuzz-generate.js';
import { mutate, Random, seedFiles } from '../../robustness/fuzz-inputs.js';
import { EditedWorkspace } from './lsp-edit-harness.js';
import { FOLDED } from './folded-fixture.js';

let workspace: EditedWorkspace;
let symbols: LcpnDocumentSymbolProvider;
let folding: LcpnFoldingRangeProvider;

beforeEach(async () => {
    workspace = await EditedWorkspace.create();
    symbols = workspace.Lcpn.lsp.DocumentSymbolProvider as LcpnDocumentSymbolProvider;
    folding = workspace.Lcpn.lsp.FoldingRangeProvider as LcpnFoldingRangeProvider;
});

/** The remembering providers' answers, checked against new providers' on the same document. */
async function answers(document: LangiumDocument): Promise<{ symbols: DocumentSymbol[]; folding: FoldingRange[] }> {
    const params = { textDocument: { uri: document.uri.toString() } };
    const remembered = { symbols: await symbols.getSymbols(document, params), folding: await folding.getFoldingRanges(document, params) };
    const fresh = {
        symbols: await new LcpnDocumentSymbolProvider(workspace.Lcpn).getSymbols(document, params),
        folding: await new LcpnFoldingRangeProvider(workspace.Lcpn).getFoldingRanges(document, params)
    };
    expect(JSON.stringify(remembered.symbols)).toBe(JSON.stringify(fresh.symbols));
    expect(JSON.stringify(remembered.folding)).toBe(JSON.stringify(fresh.folding));
    return remembered;
}

const definitionsOf = (document: LangiumDocument) => (document.parseResult.value as ast.Document).definitions;

/** Definitions around the ones a test edits: the incremental update re-reads the two items on each side of an edit. */
const BEFORE = generateDefinitions(6, 'before');
const AFTER = generateDefinitions(6, 'after');

describe('outline and folding remembered per item', () => {
    test('lines inserted above: every kept item is reused, its symbol and foldings moved', async () => {
        const first = await workspace.set('moved.lcpn', BEFORE + FOLDED + AFTER);
        const before = await answers(first);
        expect(before.folding.length).toBeGreaterThanOrEqual(5);
        const kept = definitionsOf(first).slice();
        const counts = { symbols: { ...symbols.stats }, folding: { ...folding.stats } };
        const document = await workspace.set('moved.lcpn', `${BEFORE}\n\n\n${FOLDED}${AFTER}`);
        const fresh = definitionsOf(document).filter((d) => !kept.includes(d)).length;
        const after = await answers(document);
        expect(symbols.stats.computed - counts.symbols.computed).toBe(fresh);
        expect(folding.stats.computed - counts.folding.computed).toBe(fresh);
        expect(symbols.stats.reused - counts.symbols.reused).toBeGreaterThanOrEqual(12);
        const tall = (answer: { symbols: DocumentSymbol[] }) => answer.symbols.find((s) => s.name === 'tall')!;
        expect(tall(after).range.start.line).toBe(tall(before).range.start.line + 3);
        expect(after.folding.map((f) => f.startLine)).toEqual(before.folding.map((f) => f.startLine + 3));
    });

    test('a definition edited, lines added inside it, then deleted: the same answers as new providers', async () => {
        const variants = [
            FOLDED,
            FOLDED.replace('     ferz', '     ferz\n     ; two lines\n     ; of comment\n     rook'),
            FOLDED.replace('long_c := wazir\n  / ferz\n  / knight\n', 'long_c := wazir / ferz\n'),
            FOLDED.replace(/\(def tall[^]*?knight\)\)\n/, ''),
            FOLDED.replace('// two lines of\n', '')
        ];
        for (const variant of variants) await answers(await workspace.set('edited.lcpn', BEFORE + variant + AFTER));
    });

    test('comment runs joined and split across items by an edit', async () => {
        const text = `${BEFORE}; one\n; two\n(def a (/ wazir ferz))\n; three\n; four\n${AFTER}`;
        let document = await workspace.set('runs.lcpn', text);
        await answers(document);
        // The definition between two runs goes: the runs become one.
        document = await workspace.set('runs.lcpn', text.replace('(def a (/ wazir ferz))\n', ''));
        expect((await answers(document)).folding.filter((f) => f.kind === 'comment').length).toBe(1);
        // A comment after the last token of a definition, on its line: not a whole-line comment.
        document = await workspace.set('runs.lcpn', text.replace('(def a (/ wazir ferz))\n', '(def a (/ wazir ferz)) ; trailing\n'));
        await answers(document);
        document = await workspace.set('runs.lcpn', text);
        await answers(document);
    });

    test('a broken definition appears and is mended', async () => {
        const text = BEFORE + FOLDED + AFTER;
        await answers(await workspace.set('broken.lcpn', text));
        await answers(await workspace.set('broken.lcpn', text.replace('     knight))', '     knight')));
        await answers(await workspace.set('broken.lcpn', text));
    });
});

describe('items whose answers do not move with them', () => {
    // Recovery leaves a composite CST node without leaves in `a := (/ b`: Langium gives it the range
    // (0, 0)-(0, 0), and a node starting with it starts at the top of the file, wherever the item is.
    test('a broken item holding an empty recovery node, moved by lines: the answers of the text from scratch', async () => {
        const broken = 'a := (/ b\n  c\n  d\n';
        let document = await workspace.set('pinned.lcpn', BEFORE + broken + AFTER);
        const before = await answers(document);
        for (const added of ['\n', '; a note\n\n', '']) {
            document = await workspace.set('pinned.lcpn', BEFORE.replace('\n', `\n${added}`) + broken + AFTER);
            await answers(document);
        }
        expect(before.folding.length).toBeGreaterThan(0);
    });
});

describe('outline and folding per item on whole files', () => {
    test('the examples, the fuzz seed files, random and mutated documents (seed 5), each edited once', async () => {
        const r = new Random(5);
        const texts = [...seedFiles().map((f) => f.text)];
        for (let i = 0; i < 30; i++) {
            const { text } = randomDocument(r, 8);
            texts.push(text, mutate(text, r).text);
        }
        for (const [i, text] of texts.entries()) {
            await answers(await workspace.set(`whole-${i}.lcpn`, text));
            const lines = text.split('\n');
            lines.splice(Math.floor(lines.length / 2), 0, '', '; an added note', '; on two lines');
            await answers(await workspace.set(`whole-${i}.lcpn`, lines.join('\n')));
        }
    }, 120_000);
});
