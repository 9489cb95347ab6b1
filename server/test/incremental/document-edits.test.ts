/**
 * A document edited as the editor does it: through the server's own path (TextDocuments,
 * DocumentBuilder.update: re-parse, relinking, revalidation, and what the services remember per
 * document) must, after every random edit, answer exactly as the same text built from
 * scratch: AST and CST (snapshot.ts), diagnostics, outline, folding, semantic tokens and hovers.
 * Fixed seed in `npm test`; LCPN_INCREMENTAL_SEED / LCPN_INCREMENTAL_DOC_EDITS for longer runs.
 */
import { Cancellation, DocumentState, URI, type LangiumDocument } from 'langium';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { describe, expect, test } from 'vitest';
import type { LcpnServices } from '../../src/semantics/module.js';
import { hoverOf } from '../lsp-helpers.js';
import { createTestServices } from '../test-services.js';
import { Random } from '../robustness/fuzz-inputs.js';
import { randomDocument } from '../robustness/fuzz-generate.js';
import { applyEdit, randomEdit } from './edits.js';
import { generateChained, generateDefinitions } from '../../../bench/generate.js';
import { IssueCodes } from '../../src/semantics/issue-codes.js';
import { firstDifference, parseSnapshot } from './snapshot.js';

const SEED = Number(process.env.LCPN_INCREMENTAL_SEED ?? 12);
const EDITS = Number(process.env.LCPN_INCREMENTAL_DOC_EDITS ?? 40);
/** Edits of the files made of colliding names (duplicates and cycles come and go). */
const NAME_EDITS = Number(process.env.LCPN_INCREMENTAL_NAME_EDITS ?? Math.max(20, Math.round(EDITS * 0.75)));
const URI_TEXT = 'file:///w/edited.lcpn';

/** Everything a client sees of the document, as text. */
async function answers(Lcpn: LcpnServices, document: LangiumDocument, offsets: number[]): Promise<string> {
    const params = { textDocument: { uri: document.uri.toString() } };
    const out: string[] = [parseSnapshot(document.parseResult)];
    out.push('diagnostics ' + JSON.stringify(document.diagnostics));
    out.push('symbols ' + JSON.stringify(await Lcpn.lsp.DocumentSymbolProvider!.getSymbols(document, params)));
    out.push('folding ' + JSON.stringify(await Lcpn.lsp.FoldingRangeProvider!.getFoldingRanges(document, params)));
    out.push('tokens ' + JSON.stringify((await Lcpn.lsp.SemanticTokenProvider!.semanticHighlight(document, params)).data));
    for (const offset of offsets) {
        const position = document.textDocument.positionAt(offset);
        out.push(`hover ${offset} ` + JSON.stringify(await hoverOf(document, position, { services: Lcpn })));
    }
    return out.join('\n');
}

describe('an edited document answers as one built from scratch', () => {
    test(`${EDITS} random edits, seed ${SEED}`, async () => {
        const r = new Random(SEED);
        const edited = await createTestServices();
        const fresh = await createTestServices();
        const uri = URI.parse(URI_TEXT);
        let edits = 0;
        let version = 1;
        while (edits < EDITS) {
            // Random documents (mostly with errors), or clean files whose definitions build on one another.
            const messy = r.int(2) === 0;
            let text = messy
                ? Array.from({ length: 2 + r.int(4) }, () => randomDocument(r, 8).text).join('\n')
                : generateChained(10 + r.int(40), r.pick(['chain', 'piece'])) + (r.int(2) === 0 ? generateDefinitions(10 + r.int(20), 'flat') : '');
            // Open (or replace) the document in the edited workspace.
            edited.shared.workspace.TextDocuments.set(TextDocument.create(URI_TEXT, 'lcpn', version++, text));
            if (!edited.shared.workspace.LangiumDocuments.hasDocument(uri)) {
                edited.shared.workspace.LangiumDocuments.addDocument(edited.shared.workspace.LangiumDocumentFactory.fromString(text, uri));
            }
            await edited.shared.workspace.DocumentBuilder.update([uri], []);
            for (let k = 0; k < 20 && edits < EDITS; k++, edits++) {
                const edit = randomEdit(text, r, !messy && r.int(4) !== 0);
                text = applyEdit(text, edit);
                edited.shared.workspace.TextDocuments.set(TextDocument.create(URI_TEXT, 'lcpn', version++, text));
                await edited.shared.workspace.DocumentBuilder.update([uri], []);
                const document = edited.shared.workspace.LangiumDocuments.getDocument(uri)!;
                expect(document.textDocument.getText()).toBe(text);
                // The same text from scratch: the fresh workspace forgets the document and reads it anew.
                if (fresh.shared.workspace.LangiumDocuments.hasDocument(uri)) {
                    await fresh.shared.workspace.DocumentBuilder.update([], [uri]);
                }
                const reference = fresh.shared.workspace.LangiumDocumentFactory.fromString(text, uri);
                fresh.shared.workspace.LangiumDocuments.addDocument(reference);
                await fresh.shared.workspace.DocumentBuilder.build([reference], { validation: true });
                const offsets = [r.int(text.length + 1), r.int(text.length + 1)];
                const expected = await answers(fresh.Lcpn, reference, offsets);
                const actual = await answers(edited.Lcpn, document, offsets);
                if (expected !== actual) {
                    expect.fail(`edit ${edits} (${edit.kind} ${JSON.stringify(edit)}) giving\n${JSON.stringify(text)}\n${firstDifference(expected, actual)}`);
                }
            }
        }
    }, Math.max(600_000, EDITS * 400));

    test('an edit typed while the previous one was still being built', async () => {
        const r = new Random(SEED + 1);
        const edited = await createTestServices();
        const fresh = await createTestServices();
        const uri = URI.parse(URI_TEXT);
        let text = generateChained(40);
        let version = 1;
        edited.shared.workspace.TextDocuments.set(TextDocument.create(URI_TEXT, 'lcpn', version++, text));
        edited.shared.workspace.LangiumDocuments.addDocument(edited.shared.workspace.LangiumDocumentFactory.fromString(text, uri));
        await edited.shared.workspace.DocumentBuilder.update([uri], []);
        // The first of two edits is cancelled once parsed and indexed, as a keystroke arriving mid-build cancels it.
        let cancel: Cancellation.CancellationTokenSource | undefined;
        edited.shared.workspace.DocumentBuilder.onBuildPhase(DocumentState.IndexedContent, () => cancel?.cancel());
        for (let round = 0; round < 10; round++) {
            for (const cancelled of [true, false]) {
                text = applyEdit(text, randomEdit(text, r, true));
                edited.shared.workspace.TextDocuments.set(TextDocument.create(URI_TEXT, 'lcpn', version++, text));
                cancel = cancelled ? new Cancellation.CancellationTokenSource() : undefined;
                await edited.shared.workspace.DocumentBuilder.update([uri], [], cancel?.token).catch(() => undefined);
            }
            const document = edited.shared.workspace.LangiumDocuments.getDocument(uri)!;
            if (fresh.shared.workspace.LangiumDocuments.hasDocument(uri)) await fresh.shared.workspace.DocumentBuilder.update([], [uri]);
            const reference = fresh.shared.workspace.LangiumDocumentFactory.fromString(text, uri);
            fresh.shared.workspace.LangiumDocuments.addDocument(reference);
            await fresh.shared.workspace.DocumentBuilder.build([reference], { validation: true });
            const expected = await answers(fresh.Lcpn, reference, []);
            const actual = await answers(edited.Lcpn, document, []);
            if (expected !== actual) expect.fail(`round ${round} giving\n${JSON.stringify(text)}\n${firstDifference(expected, actual)}`);
        }
    }, 600_000);

    test('a changed board declaration is seen by every definition (the keywords a board gives meaning to)', async () => {
        const edited = await createTestServices();
        const fresh = await createTestServices();
        const uri = URI.parse(URI_TEXT);
        const pieces = '\n(def crab (wazir :narrow))\ncamel-ish := ferz:forward-left\n(def other (ferz :forward))\n';
        let version = 1;
        let text = '(def glinski (board 8 8))' + pieces;
        edited.shared.workspace.TextDocuments.set(TextDocument.create(URI_TEXT, 'lcpn', version++, text));
        edited.shared.workspace.LangiumDocuments.addDocument(edited.shared.workspace.LangiumDocumentFactory.fromString(text, uri));
        await edited.shared.workspace.DocumentBuilder.update([uri], []);
        for (const board of ['(def glinski (board (hexagon 6)))', '(def glinski (board 9 10))', '(def glinski (board (hexagon 6 rows)))', '(def glinski (board 8 8))']) {
            text = board + pieces;
            edited.shared.workspace.TextDocuments.set(TextDocument.create(URI_TEXT, 'lcpn', version++, text));
            await edited.shared.workspace.DocumentBuilder.update([uri], []);
            const document = edited.shared.workspace.LangiumDocuments.getDocument(uri)!;
            if (fresh.shared.workspace.LangiumDocuments.hasDocument(uri)) await fresh.shared.workspace.DocumentBuilder.update([], [uri]);
            const reference = fresh.shared.workspace.LangiumDocumentFactory.fromString(text, uri);
            fresh.shared.workspace.LangiumDocuments.addDocument(reference);
            await fresh.shared.workspace.DocumentBuilder.build([reference], { validation: true });
            const expected = await answers(fresh.Lcpn, reference, [text.indexOf('crab')]);
            expect(await answers(edited.Lcpn, document, [text.indexOf('crab')])).toBe(expected);
        }
    }, 600_000);
});

/**
 * Names that collide (case, '-' and '_' are ignored), pieces of the prelude, and bodies that use
 * them: every edit makes or removes duplicates, makes or breaks cycles (across styles: a Lisp
 * definition using a C one using it back), or removes a name others use.
 */
const POOL = ['alpha', 'Beta', 'gam-ma', 'GAM_MA', 'delta', 'beta', 'eps-i', 'EPS_I', 'zeta', 'omega-x', 'kappa', 'lambda-y', 'mu', 'nu'];
const PRELUDE = ['wazir', 'ferz', 'knight', 'rook', 'dabbaba'];

/** A name spelled for C and SQL style ('-' is an operator there). */
function infixName(name: string): string {
    return name.replace(/-/g, '_');
}

function nameDefinition(r: Random, name = r.pick(POOL)): string {
    const use = () => (r.int(2) === 0 ? r.pick(PRELUDE) : r.pick(POOL));
    const a = use();
    const b = use();
    switch (r.int(6)) {
        case 0: return `(def ${name} (/ ${a} (${b} :forward)))`;
        case 1: return `(def ${name} ${a})`;
        case 2: return `${infixName(name)} := ${infixName(a)} / move(${infixName(b)}:4)`;
        case 3: return `${infixName(name)} := ${infixName(a)} -> ${infixName(b)}`;
        case 4: return `${infixName(name)} IS capturing ${infixName(a)} OR ${infixName(b)}`;
        default: return `(def ${name} (-> ${a} ${b}))`;
    }
}

function nameFile(r: Random): string {
    return Array.from({ length: 3 + r.int(20) }, () => nameDefinition(r)).join('\n') + '\n';
}

/** A line-level edit of a names file: a definition rewritten, renamed, retargeted, deleted, duplicated or added; sometimes a gentle random edit. */
function nameEdit(text: string, r: Random): { kind: string; text: string } {
    const lines = text.split('\n');
    const at = r.int(Math.max(1, lines.length - 1));
    switch (r.int(7)) {
        case 0: lines[at] = nameDefinition(r); return { kind: 'rewrite', text: lines.join('\n') };
        case 1: {
            // A use retargeted (a cycle made or broken), or a definition renamed (a duplicate made or removed).
            const words = [...lines[at].matchAll(/[A-Za-z][A-Za-z_-]*[A-Za-z]/g)].filter((m) => !['def', 'IS', 'OR', 'move', 'capturing', 'forward'].includes(m[0]));
            if (words.length === 0) break;
            const word = r.pick(words);
            const infix = !lines[at].startsWith('(');
            const other = r.int(5) === 0 ? r.pick(PRELUDE) : r.pick(POOL);
            lines[at] = lines[at].slice(0, word.index) + (infix ? infixName(other) : other) + lines[at].slice(word.index! + word[0].length);
            return { kind: 'retarget', text: lines.join('\n') };
        }
        case 2: lines.splice(at, 1); return { kind: 'delete line', text: lines.join('\n') };
        case 3: lines.splice(r.int(lines.length), 0, lines[at]); return { kind: 'duplicate line', text: lines.join('\n') };
        case 4: lines.splice(r.int(lines.length), 0, nameDefinition(r)); return { kind: 'add definition', text: lines.join('\n') };
        case 5: {
            // The same definition again under a name in another spelling (a duplicate that is not spelled alike).
            const name = r.pick(POOL);
            lines.splice(r.int(lines.length), 0, nameDefinition(r, r.int(2) === 0 ? name.toUpperCase() : name));
            return { kind: 'respelled duplicate', text: lines.join('\n') };
        }
        default: break;
    }
    const edit = randomEdit(text, r, true);
    return { kind: edit.kind, text: applyEdit(text, edit) };
}

describe('duplicate and cyclic definitions after edits equal a fresh build', () => {
    test(`${NAME_EDITS} edits of files of colliding names, seed ${SEED}`, async () => {
        const r = new Random(SEED + 7);
        const edited = await createTestServices();
        const fresh = await createTestServices();
        const uri = URI.parse(URI_TEXT);
        let version = 1;
        let edits = 0;
        let duplicates = 0;
        let cycles = 0;
        while (edits < NAME_EDITS) {
            let text = nameFile(r);
            edited.shared.workspace.TextDocuments.set(TextDocument.create(URI_TEXT, 'lcpn', version++, text));
            if (!edited.shared.workspace.LangiumDocuments.hasDocument(uri)) {
                edited.shared.workspace.LangiumDocuments.addDocument(edited.shared.workspace.LangiumDocumentFactory.fromString(text, uri));
            }
            await edited.shared.workspace.DocumentBuilder.update([uri], []);
            for (let k = 0; k < 25 && edits < NAME_EDITS; k++, edits++) {
                const edit = nameEdit(text, r);
                text = edit.text;
                edited.shared.workspace.TextDocuments.set(TextDocument.create(URI_TEXT, 'lcpn', version++, text));
                await edited.shared.workspace.DocumentBuilder.update([uri], []);
                const document = edited.shared.workspace.LangiumDocuments.getDocument(uri)!;
                if (fresh.shared.workspace.LangiumDocuments.hasDocument(uri)) await fresh.shared.workspace.DocumentBuilder.update([], [uri]);
                const reference = fresh.shared.workspace.LangiumDocumentFactory.fromString(text, uri);
                fresh.shared.workspace.LangiumDocuments.addDocument(reference);
                await fresh.shared.workspace.DocumentBuilder.build([reference], { validation: true });
                const codes = (reference.diagnostics ?? []).map((d) => (d.data as { code?: string } | undefined)?.code);
                if (codes.includes(IssueCodes.DuplicateDefinition)) duplicates++;
                if (codes.includes(IssueCodes.CyclicDefinition)) cycles++;
                const offsets = [r.int(text.length + 1)];
                const expected = await answers(fresh.Lcpn, reference, offsets);
                const actual = await answers(edited.Lcpn, document, offsets);
                if (expected !== actual) expect.fail(`edit ${edits} (${edit.kind}) giving\n${JSON.stringify(text)}\n${firstDifference(expected, actual)}`);
            }
        }
        // The test means something only if the files have both.
        expect(duplicates).toBeGreaterThan(NAME_EDITS * 0.3);
        expect(cycles).toBeGreaterThan(NAME_EDITS * 0.3);
    }, Math.max(600_000, NAME_EDITS * 400));
});

describe('an unknown name\'s suggestions follow the names an edit adds or removes', () => {
    /** Opens `before`, edits it to `after` through the server's path, and compares everything with a fresh build of `after`. */
    async function editOnce(before: string, after: string): Promise<void> {
        const edited = await createTestServices();
        const fresh = await createTestServices();
        const uri = URI.parse(URI_TEXT);
        edited.shared.workspace.TextDocuments.set(TextDocument.create(URI_TEXT, 'lcpn', 1, before));
        edited.shared.workspace.LangiumDocuments.addDocument(edited.shared.workspace.LangiumDocumentFactory.fromString(before, uri));
        await edited.shared.workspace.DocumentBuilder.update([uri], []);
        edited.shared.workspace.TextDocuments.set(TextDocument.create(URI_TEXT, 'lcpn', 2, after));
        await edited.shared.workspace.DocumentBuilder.update([uri], []);
        const reference = fresh.shared.workspace.LangiumDocumentFactory.fromString(after, uri);
        fresh.shared.workspace.LangiumDocuments.addDocument(reference);
        await fresh.shared.workspace.DocumentBuilder.build([reference], { validation: true });
        const document = edited.shared.workspace.LangiumDocuments.getDocument(uri)!;
        expect(await answers(edited.Lcpn, document, [])).toBe(await answers(fresh.Lcpn, reference, []));
    }

    // G's case: renaming south-a to north-c adds a name close to the unknown north_j, used by a definition the edit does not reach.
    const pieces = 'south_b := north_j / move(wazir:1)\n(def north-d (/ wazir ferz))\n(def north-k (/ wazir ferz))\n(def far-a (/ wazir ferz))\n(def far-b (/ wazir ferz))\n';
    test('a definition renamed to a name close to an unknown piece', async () => {
        await editOnce(`(def south-a (/ wazir ferz))\n${pieces}`, `(def north-c (/ wazir ferz))\n${pieces}`);
    });
    test('a definition close to an unknown piece removed', async () => {
        await editOnce(`${pieces}(def north-c (/ wazir ferz))\n`, `${pieces}(def other (/ wazir ferz))\n`);
    });
    test('a zone close to an unknown keyword added, in each style', async () => {
        const uses = '(def advisor (ferz :palac))\nguard := wazir:palac\nkeeper IS capturing ferz:palac\n(def far-a (/ wazir ferz))\n(def far-b (/ wazir ferz))\n';
        await editOnce(`${uses}(def yard (zone a1-b2))\n`, `${uses}(def palace (zone d1-f3))\n`);
    });
});

/** Edits of chained files (each definition uses two of the fifty before it) as the bench makes them, and what changes meaning or does not. */
const CHAIN_EDITS = Number(process.env.LCPN_INCREMENTAL_CHAIN_EDITS ?? Math.max(20, Math.round(EDITS * 0.4)));

/** A line-level edit of a chained file: the bench's middle edit, spaces only, a use retargeted, a keyword changed, a rename, a line deleted or duplicated. */
function chainEdit(text: string, r: Random, version: number): { kind: string; text: string } {
    const lines = text.split('\n');
    const at = r.int(Math.max(1, lines.length - 1));
    const names = [...text.matchAll(/^\(def (\S+)|^(\S+) (?::=|IS) /gm)].map((m) => m[1] ?? m[2]);
    const infix = !lines[at].startsWith('(');
    const spell = (name: string) => (infix ? name.replace(/-/g, '_') : name.replace(/_/g, '-'));
    switch (r.int(7)) {
        case 0:
            // The bench: the same line replaced again and again, its name used by nothing (after the first time).
            lines[Math.floor(lines.length / 2)] = `(def edited-middle (/ knight (rook :${version % 9 + 1})))`;
            return { kind: 'bench middle edit', text: lines.join('\n') };
        case 1:
            lines[at] = lines[at].replace(' ', '   ') + (r.int(2) === 0 ? '  ' : '');
            return { kind: 'spaces only', text: lines.join('\n') };
        case 2: {
            // A use pointed at another definition (the first name on the line is the definition's own).
            const words = [...lines[at].matchAll(/(?:chain|piece)[-_][a-z]+/g)].slice(1);
            if (words.length === 0 || names.length === 0) break;
            const word = r.pick(words);
            lines[at] = lines[at].slice(0, word.index) + spell(r.pick(names)) + lines[at].slice(word.index! + word[0].length);
            return { kind: 'retarget', text: lines.join('\n') };
        }
        case 3:
            lines[at] = lines[at].replace(/:forward|:backward|:4|:2/, (k) => ({ ':forward': ':backward', ':backward': ':forward', ':4': ':2', ':2': ':4' })[k]!);
            return { kind: 'keyword', text: lines.join('\n') };
        case 4: {
            // Renamed: to a name others use (a duplicate, or the one they lost), or away.
            const own = /^\(def (\S+)|^(\S+) /.exec(lines[at]);
            if (!own || names.length === 0) break;
            const to = r.int(3) === 0 ? `renamed-${'abcdefgh'[r.int(8)]}` : r.pick(names);
            const name = own[1] ?? own[2];
            lines[at] = lines[at].replace(name, spell(to));
            return { kind: 'rename', text: lines.join('\n') };
        }
        case 5: lines.splice(at, 1); return { kind: 'delete line', text: lines.join('\n') };
        default: lines.splice(r.int(lines.length), 0, lines[at]); return { kind: 'duplicate line', text: lines.join('\n') };
    }
    lines[at] = `${lines[at]} `;
    return { kind: 'trailing space', text: lines.join('\n') };
}

describe('chained files edited line by line equal a fresh build', () => {
    test(`${CHAIN_EDITS} edits of chained files, seed ${SEED}`, async () => {
        const r = new Random(SEED + 11);
        const edited = await createTestServices();
        const fresh = await createTestServices();
        const uri = URI.parse(URI_TEXT);
        let version = 1;
        let edits = 0;
        while (edits < CHAIN_EDITS) {
            let text = generateChained(40 + r.int(80), r.pick(['chain', 'piece']));
            edited.shared.workspace.TextDocuments.set(TextDocument.create(URI_TEXT, 'lcpn', version++, text));
            if (!edited.shared.workspace.LangiumDocuments.hasDocument(uri)) {
                edited.shared.workspace.LangiumDocuments.addDocument(edited.shared.workspace.LangiumDocumentFactory.fromString(text, uri));
            }
            await edited.shared.workspace.DocumentBuilder.update([uri], []);
            for (let k = 0; k < 25 && edits < CHAIN_EDITS; k++, edits++) {
                const edit = chainEdit(text, r, version);
                text = edit.text;
                edited.shared.workspace.TextDocuments.set(TextDocument.create(URI_TEXT, 'lcpn', version++, text));
                await edited.shared.workspace.DocumentBuilder.update([uri], []);
                const document = edited.shared.workspace.LangiumDocuments.getDocument(uri)!;
                if (fresh.shared.workspace.LangiumDocuments.hasDocument(uri)) await fresh.shared.workspace.DocumentBuilder.update([], [uri]);
                const reference = fresh.shared.workspace.LangiumDocumentFactory.fromString(text, uri);
                fresh.shared.workspace.LangiumDocuments.addDocument(reference);
                await fresh.shared.workspace.DocumentBuilder.build([reference], { validation: true });
                const offsets = [r.int(text.length + 1)];
                const expected = await answers(fresh.Lcpn, reference, offsets);
                const actual = await answers(edited.Lcpn, document, offsets);
                if (expected !== actual) expect.fail(`edit ${edits} (${edit.kind}) giving\n${JSON.stringify(text)}\n${firstDifference(expected, actual)}`);
            }
        }
    }, Math.max(600_000, CHAIN_EDITS * 400));
});
