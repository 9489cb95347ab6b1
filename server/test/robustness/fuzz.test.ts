/**
 * Robustness: "the server must survive anything a user can type". Real inputs (the spec's
 * fixtures, the examples, the prelude) are mutated the way a typing user mutates them, plus a
 * list of hostile documents (thousands of open brackets, huge numbers, cycles, garbage Betza,
 * NUL and other control characters, CRLF, astral unicode). Every document is built with
 * validation, and then every LSP feature is called at many positions, and the engine, the
 * printers, the notation exporters and the diagrams run on every definition. Nothing may
 * throw (a rename may be refused with a ResponseError), log an internal error, take long, or
 * return a malformed result: ranges inside the document, edits that do not overlap and whose
 * result still parses, formatting that changes whitespace only, and so on.
 *
 * Deterministic: a hand-written xorshift PRNG with fixed seeds.
 */
import { appendFileSync } from 'node:fs';
import { URI, type LangiumDocument } from 'langium';
import { clearDocuments } from 'langium/test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import {
    ResponseError, type CodeAction, type Command, type CompletionItem, type CompletionList, type Diagnostic, type DocumentSymbol,
    type Hover, type Location, type LocationLink, type Range, type TextEdit, type WorkspaceEdit
} from 'vscode-languageserver';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { createTestServices } from '../test-services.js';
import type { LcpnServices } from '../../src/semantics/module.js';
import type * as ast from '../../src/syntax/generated/ast.js';
import { pieceDiagram } from '../../src/lsp/diagram-request.js';
import { STYLES } from '../../src/semantics/convert.js';
import { destinations } from '../../src/engine/report.js';
import { renderSvgDiagram } from '../../src/diagram/svg.js';
import { renderTextDiagram } from '../../src/diagram/text.js';
import { printPiece } from '../../src/model/print.js';
import { toBetza, toParlett } from '../../src/notation/index.js';
import { pieceMarkdown } from '../../src/views/piece-markdown.js';
import { hostileDocuments, mutate, Random, seedFiles } from './fuzz-inputs.js';
import { shrink } from './shrink.js';
import { validated } from '../lsp-helpers.js';

// ------------------------------------------------------------------ properties

interface Context {
    services: LcpnServices;
    document: LangiumDocument;
    text: string;
    lines: string[];
    failures: string[];
    label: string;
}

/** The document's lines as LSP sees them: split at \r\n, \r and \n. */
function lspLines(text: string): string[] {
    return text.split(/\r\n|\r|\n/);
}

function validPosition(lines: string[], p: { line: number; character: number } | undefined): boolean {
    return !!p && Number.isInteger(p.line) && Number.isInteger(p.character) && p.line >= 0 && p.line < lines.length
        && p.character >= 0 && p.character <= lines[p.line].length;
}

function before(a: { line: number; character: number }, b: { line: number; character: number }): boolean {
    return a.line < b.line || (a.line === b.line && a.character <= b.character);
}

function checkRange(ctx: Context, what: string, range: Range | undefined, lines = ctx.lines): void {
    if (!range || !validPosition(lines, range.start) || !validPosition(lines, range.end) || !before(range.start, range.end)) {
        fail(ctx, `${what}: range outside the document or reversed: ${JSON.stringify(range)}`);
    }
}

function fail(ctx: Context, message: string): void {
    ctx.failures.push(`${ctx.label}: ${message}`);
}

/** Runs one feature: it may not throw (except a refusal it documents), nor take more than `limit` ms. */
async function call<T>(ctx: Context, what: string, run: () => T | Promise<T>, options: { refusals?: boolean; limit?: number } = {}): Promise<T | undefined> {
    const start = performance.now();
    if (process.env.FUZZ_TRACE === "2") appendFileSync("/tmp/fuzz-trace.log", `  . ${what.slice(0, 80)}\n`);
    try {
        return await run();
    } catch (error) {
        if (options.refusals && error instanceof ResponseError && error.message.length > 0) return undefined;
        fail(ctx, `${what} threw ${error instanceof Error ? (error.stack ?? error.message).split('\n').slice(0, 6).join(' | ') : String(error)}`);
        return undefined;
    } finally {
        const elapsed = performance.now() - start;
        if (process.env.FUZZ_TRACE === "2" && elapsed > 50) appendFileSync("/tmp/fuzz-trace.log", `    ${Math.round(elapsed)} ms\n`);
        if (elapsed > (options.limit ?? LIMIT_MS)) fail(ctx, `${what} took ${Math.round(elapsed)} ms`);
    }
}

/**
 * Generous, the same bound as the process test's: a feature that takes longer on these small
 * documents is hanging, not slow (speed has its own benchmarks). Tighter bounds failed on a
 * machine shared by several test runs, where everything takes five to ten times longer.
 */
const LIMIT_MS = 10_000;

/** Edits against the document: valid ranges, no overlaps; the text they produce parses without throwing. */
async function checkEdits(ctx: Context, what: string, edits: TextEdit[] | undefined, parse: (text: string) => unknown): Promise<string | undefined> {
    if (!edits) return undefined;
    for (const edit of edits) {
        checkRange(ctx, `${what} edit`, edit.range);
        if (typeof edit.newText !== 'string') fail(ctx, `${what}: an edit without text`);
    }
    const sorted = [...edits].sort((a, b) => ctx.document.textDocument.offsetAt(a.range.start) - ctx.document.textDocument.offsetAt(b.range.start));
    for (let i = 1; i < sorted.length; i++) {
        if (ctx.document.textDocument.offsetAt(sorted[i].range.start) < ctx.document.textDocument.offsetAt(sorted[i - 1].range.end)) {
            fail(ctx, `${what}: overlapping edits ${JSON.stringify(sorted[i - 1].range)} and ${JSON.stringify(sorted[i].range)}`);
            return undefined;
        }
    }
    const result = TextDocument.applyEdits(ctx.document.textDocument, edits);
    await call(ctx, `parsing the result of ${what}`, () => parse(result));
    return result;
}

function workspaceEdits(ctx: Context, what: string, edit: WorkspaceEdit | undefined): TextEdit[] | undefined {
    if (!edit) return undefined;
    const uri = ctx.document.uri.toString();
    for (const other of Object.keys(edit.changes ?? {})) {
        if (other !== uri) fail(ctx, `${what}: edits another document ${other}`);
    }
    if (edit.documentChanges) fail(ctx, `${what}: unexpected documentChanges`);
    return edit.changes?.[uri];
}

/** Decodes LSP semantic tokens (relative encoding) and checks each lies on one line of the document. */
function checkSemanticTokens(ctx: Context, data: number[]): void {
    if (data.length % 5 !== 0) return fail(ctx, `semantic tokens: ${data.length} numbers, not a multiple of 5`);
    let line = 0;
    let character = 0;
    for (let i = 0; i < data.length; i += 5) {
        const [dLine, dChar, length, type] = data.slice(i, i + 4);
        if (![dLine, dChar, length, type].every((n) => Number.isInteger(n) && n >= 0)) return fail(ctx, `semantic tokens: bad numbers ${data.slice(i, i + 5)}`);
        line += dLine;
        character = dLine === 0 ? character + dChar : dChar;
        if (line >= ctx.lines.length || character + length > ctx.lines[line].length || length === 0) {
            return fail(ctx, `semantic tokens: token at ${line}:${character} length ${length} is outside its line (${ctx.lines[line]?.length ?? 'no line'})`);
        }
    }
}

function checkSymbols(ctx: Context, symbols: DocumentSymbol[]): void {
    for (const s of symbols) {
        if (!s.name) fail(ctx, 'document symbol with an empty name');
        checkRange(ctx, `symbol ${s.name.slice(0, 30)}`, s.range);
        checkRange(ctx, `symbol ${s.name.slice(0, 30)} selection`, s.selectionRange);
        if (!before(s.range.start, s.selectionRange.start) || !before(s.selectionRange.end, s.range.end)) fail(ctx, `symbol ${s.name.slice(0, 30)}: selection range outside its range`);
        checkSymbols(ctx, s.children ?? []);
    }
}

/** Non-whitespace, non-comment tokens of a text, as the real lexer reads them. */
function tokenImages(services: LcpnServices, text: string): string[] {
    return services.parser.Lexer.tokenize(text).tokens.map((t) => t.image);
}


async function exercise(ctx: Context, r: Random, positions: number): Promise<void> {
    const { services, document, text } = ctx;
    const lsp = services.lsp;
    const uri = document.uri.toString();
    const textDocument = { uri };
    const parse = (t: string) => services.parser.LangiumParser.parse(t);

    // Diagnostics: located inside the document, with a message; no internal errors reported as diagnostics.
    const diagnostics: Diagnostic[] = document.diagnostics ?? [];
    for (const d of diagnostics) {
        // LSP 3.18 allows a diagnostic's message to be markup; lcpn's are plain strings.
        if (typeof d.message !== 'string' || d.message.trim() === '') { fail(ctx, 'a diagnostic without a message (or not plain text)'); continue; }
        checkRange(ctx, `diagnostic '${d.message.slice(0, 60)}'`, d.range);
        if (/An error occurred|internal error|TypeError|RangeError|Maximum call stack|undefined|NaN/.test(d.message)) fail(ctx, `diagnostic reports a crash: ${d.message.slice(0, 300)}`);
        for (const related of d.relatedInformation ?? []) if (related.location.uri === uri) checkRange(ctx, 'related information', related.location.range);
    }

    // Whole-document features.
    const symbols = await call(ctx, 'document symbols', () => lsp.DocumentSymbolProvider!.getSymbols(document, { textDocument }));
    if (symbols) checkSymbols(ctx, symbols as DocumentSymbol[]);
    const foldings = await call(ctx, 'folding ranges', () => lsp.FoldingRangeProvider!.getFoldingRanges(document, { textDocument }));
    for (const f of foldings ?? []) {
        if (!(Number.isInteger(f.startLine) && Number.isInteger(f.endLine) && f.startLine >= 0 && f.startLine <= f.endLine && f.endLine < ctx.lines.length)) fail(ctx, `folding range ${JSON.stringify(f)}`);
    }
    const tokens = await call(ctx, 'semantic tokens', () => lsp.SemanticTokenProvider!.semanticHighlight(document, { textDocument }));
    if (tokens) checkSemanticTokens(ctx, tokens.data);
    // Whole-document and range formatting (a random range): whitespace and comments only may change.
    const a = text.length === 0 ? 0 : r.int(text.length);
    const b = a + r.int(text.length - a + 1);
    const someRange = { start: document.textDocument.positionAt(a), end: document.textDocument.positionAt(b) };
    for (const [what, run] of [
        ['formatting', () => lsp.Formatter!.formatDocument(document, { textDocument, options: { tabSize: 4, insertSpaces: true } })],
        [`range formatting ${JSON.stringify(someRange)}`, () => lsp.Formatter!.formatDocumentRange(document, { textDocument, range: someRange, options: { tabSize: 4, insertSpaces: true } })]
    ] as const) {
        const formatted = await checkEdits(ctx, what, await call(ctx, what, run), parse);
        if (formatted === undefined) continue;
        const before = tokenImages(services, text);
        const after = tokenImages(services, formatted);
        const k = before.findIndex((t, n) => t !== after[n]);
        if (k >= 0 || before.length !== after.length) {
            const at = k >= 0 ? k : Math.min(before.length, after.length);
            fail(ctx, `${what} changed the tokens: token ${at} ${JSON.stringify(before[at])} became ${JSON.stringify(after[at])} (${before.length} tokens before, ${after.length} after); formatted text: ${JSON.stringify(formatted.length > 400 ? formatted.slice(0, 400) + '…' : formatted)}`);
        }
    }
    const wholeRange = { start: { line: 0, character: 0 }, end: { line: ctx.lines.length - 1, character: ctx.lines[ctx.lines.length - 1].length } };
    for (const [what, context] of [['code actions with diagnostics', { diagnostics }], ['code actions without diagnostics', { diagnostics: [] as Diagnostic[] }]] as const) {
        const actions = await call(ctx, what, () => lsp.CodeActionProvider!.getCodeActions(document, { textDocument, range: wholeRange, context }));
        for (const action of (actions ?? []) as (CodeAction | Command)[]) {
            if (!action.title) fail(ctx, `${what}: an action without a title`);
            if ('edit' in action && action.edit) await checkEdits(ctx, `${what}: ${action.title}`, workspaceEdits(ctx, action.title, action.edit), parse);
        }
    }
    for (const style of STYLES) {
        const conversion = await call(ctx, `convert to ${style}`, () => services.lcpn.Conversion.convertDocument(document, style));
        await checkEdits(ctx, `convert to ${style}`, conversion?.edits, parse);
    }

    // Positions: the edges, every definition's name, and random offsets.
    const offsets = new Set<number>([0, text.length, Math.max(0, text.length - 1)]);
    for (let i = 0; i < positions; i++) offsets.add(r.int(text.length + 1));
    for (const offset of offsets) {
        const position = document.textDocument.positionAt(offset);
        const params = { textDocument, position };
        const where = `${position.line}:${position.character}`;
        const hover = await call(ctx, `hover at ${where}`, () => lsp.HoverProvider!.getHoverContent(document, params)) as Hover | undefined;
        if (hover) {
            const value = typeof hover.contents === 'string' ? hover.contents : 'value' in hover.contents ? hover.contents.value : JSON.stringify(hover.contents);
            if (!value || /undefined|NaN|\[object Object\]/.test(value.replace(/```[\s\S]*?```/g, '').replace(/data:image[^)]*\)/g, ''))) fail(ctx, `hover at ${where}: ${value?.slice(0, 200)}`);
            if (hover.range) checkRange(ctx, `hover at ${where}`, hover.range);
        }
        const links = await call(ctx, `definition at ${where}`, () => lsp.DefinitionProvider!.getDefinition(document, params)) as LocationLink[] | undefined;
        for (const link of links ?? []) {
            const target = services.shared.workspace.LangiumDocuments.getDocument(URI.parse(link.targetUri));
            if (!target) { fail(ctx, `definition at ${where}: unknown document ${link.targetUri}`); continue; }
            const targetLines = lspLines(target.textDocument.getText());
            checkRange(ctx, `definition at ${where} target`, link.targetRange, targetLines);
            checkRange(ctx, `definition at ${where} selection`, link.targetSelectionRange, targetLines);
            if (link.originSelectionRange) checkRange(ctx, `definition at ${where} origin`, link.originSelectionRange);
        }
        const references = await call(ctx, `references at ${where}`, () => lsp.ReferencesProvider!.findReferences(document, { ...params, context: { includeDeclaration: true } })) as Location[] | undefined;
        for (const ref of references ?? []) if (ref.uri === uri) checkRange(ctx, `reference at ${where}`, ref.range);
        const highlights = await call(ctx, `highlight at ${where}`, () => lsp.DocumentHighlightProvider!.getDocumentHighlight(document, params));
        for (const h of highlights ?? []) checkRange(ctx, `highlight at ${where}`, h.range);
        const completion = await call(ctx, `completion at ${where}`, () => lsp.CompletionProvider!.getCompletion(document, params)) as CompletionList | CompletionItem[] | undefined;
        const items = Array.isArray(completion) ? completion : completion?.items ?? [];
        for (const item of items) {
            if (!item.label) fail(ctx, `completion at ${where}: an item without a label`);
            const edit = item.textEdit;
            if (edit && 'range' in edit) checkRange(ctx, `completion '${item.label}' at ${where}`, edit.range);
            if (edit && 'insert' in edit) { checkRange(ctx, `completion '${item.label}' insert`, edit.insert); checkRange(ctx, `completion '${item.label}' replace`, edit.replace); }
        }
        const prepared = await call(ctx, `prepare rename at ${where}`, () => lsp.RenameProvider!.prepareRename(document, params), { refusals: true }) as Range | undefined;
        if (prepared) {
            checkRange(ctx, `prepare rename at ${where}`, prepared);
            const newName = r.pick(['renamed-piece', 'Renamed_Piece', '$if', 'ü-ber', '9bad', '', 'a b', 'x'.repeat(2000)]);
            const edit = await call(ctx, `rename at ${where} to ${JSON.stringify(newName.slice(0, 20))}`, () => lsp.RenameProvider!.rename(document, { ...params, newName }), { refusals: true });
            const renamed = await checkEdits(ctx, `rename at ${where}`, workspaceEdits(ctx, 'rename', edit), parse);
            if (renamed !== undefined && /^(renamed-piece|Renamed_Piece|ü-ber)$/.test(newName)) {
                // Renaming is a change of names only: the token count stays, and no new syntax error appears.
                if (tokenImages(services, renamed).length !== tokenImages(services, text).length) fail(ctx, `rename at ${where} changed the number of tokens`);
            }
        }
        const diagram = await call(ctx, `pieceDiagram at ${where}`, () => pieceDiagram(services.shared, { uri, position, blockers: [{ square: 'e6', side: 'friend' }, { square: 'zz99', side: 'enemy' }] }));
        if (diagram && (!diagram.svg.startsWith('<svg') || diagram.text.length === 0 || !diagram.piece)) fail(ctx, `pieceDiagram at ${where}: malformed result`);
    }

    // The engine, printers, exporters and diagrams on every definition.
    const resolver = services.lcpn.PieceModels.resolverFor(uri);
    const defs = await call(ctx, 'lowering', () => services.lcpn.PieceModels.definitions(document));
    for (const { piece } of defs?.values() ?? []) {
        const name = piece.name.slice(0, 30);
        for (const style of STYLES) await call(ctx, `print ${name} in ${style}`, () => printPiece(piece, style));
        await call(ctx, `Betza of ${name}`, () => toBetza(piece, resolver));
        await call(ctx, `Parlett of ${name}`, () => toParlett(piece, resolver));
        const setup = { board: { files: 9, ranks: 9 }, at: { file: 4, rank: 4 }, friends: [{ file: 4, rank: 5 }], enemies: [{ file: 2, rank: 4 }] };
        const result = await call(ctx, `engine on ${name}`, () => destinations(piece, setup, resolver));
        if (result) {
            for (const d of result.destinations) if (!(d.square.file >= 0 && d.square.file < 9 && d.square.rank >= 0 && d.square.rank < 9)) fail(ctx, `engine on ${name}: destination off the board ${JSON.stringify(d.square)}`);
            await call(ctx, `text diagram of ${name}`, () => renderTextDiagram(setup, result.destinations, { labels: true }));
            await call(ctx, `SVG diagram of ${name}`, () => renderSvgDiagram(setup, result.destinations, { labels: true, interactive: true }));
        }
        await call(ctx, `hover markdown of ${name}`, () => pieceMarkdown(piece, resolver, { board: { files: 9, ranks: 9 }, images: true }));
    }
}

// ------------------------------------------------------------------ the test

let services: LcpnServices;
let build: (text: string) => Promise<LangiumDocument>;
const errorLog: string[] = [];

beforeAll(async () => {
    services = (await createTestServices()).Lcpn;
    build = (text) => validated(text, { services });
    // Langium catches exceptions in linking and validation and logs them; any such log is a failure here.
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => { errorLog.push(args.map(String).join(' ').slice(0, 400)); });
});

afterAll(() => {
    vi.restoreAllMocks();
});

async function survive(label: string, text: string, r: Random, positions: number): Promise<string[]> {
    const failures: string[] = [];
    if (process.env.FUZZ_TRACE) appendFileSync("/tmp/fuzz-trace.log", `> ${label.slice(0, 100)}\n`);
    const logged = errorLog.length;
    const start = performance.now();
    let document: LangiumDocument | undefined;
    try {
        document = await build(text);
    } catch (error) {
        failures.push(`${label}: building threw ${error instanceof Error ? error.stack?.split('\n').slice(0, 6).join(' | ') : String(error)}`);
    }
    const elapsed = performance.now() - start;
    if (elapsed > LIMIT_MS * 2) failures.push(`${label}: building took ${Math.round(elapsed)} ms`);
    if (document) {
        const ctx: Context = { services, document, text: document.textDocument.getText(), lines: lspLines(document.textDocument.getText()), failures, label };
        if (!(document.parseResult.value as ast.Document).$cstNode) failures.push(`${label}: no CST`);
        await exercise(ctx, r, positions);
        await clearDocuments(services, [document]);
    }
    for (const message of errorLog.slice(logged)) failures.push(`${label}: logged an error: ${message}`);
    return failures;
}

/** A failure without its label, numbers and quoted text: failures of one kind compare equal. */
function kindOf(failure: string, label: string): string {
    return failure.slice(failure.startsWith(label) ? label.length : 0).replace(/"(?:[^"\\]|\\.)*"|'[^']*'|\{.*\}|\[.*\]|\d+/g, '#').slice(0, 120);
}

/**
 * The failures of one input, each kind followed by a reproduction: the smallest text (shrunk
 * from the input) on which the same kind of failure still occurs, written out whole, ready to
 * paste into a test (`validated(text)` from lsp-helpers.ts, then the feature).
 */
async function reproduced(label: string, text: string, found: string[], positions: number, shrunk: Set<string>): Promise<string[]> {
    const out: string[] = [];
    const done = new Set<string>();
    for (const failure of found) {
        const kind = kindOf(failure, label);
        if (done.has(kind)) continue;
        done.add(kind);
        // Shrinking costs up to 20 s: each kind of failure is shrunk once per test, and at most three kinds.
        const generic = kindOf(failure, failure.slice(0, failure.indexOf(': ') + 2));
        if (shrunk.has(generic) || shrunk.size >= 3) {
            out.push(`${failure}\n    input (${text.length} characters): ${JSON.stringify(text.length > 2000 ? text.slice(0, 1000) + ' … ' + text.slice(-1000) : text)}`);
            continue;
        }
        shrunk.add(generic);
        // Positions are drawn from a fixed seed, so that a shrunk text is probed the same way each time.
        const small = await shrink(text, async (candidate) => (await survive(label, candidate, new Random(7), positions)).some((f) => kindOf(f, label) === kind), 80);
        const again = small === text ? [failure] : (await survive(label, small, new Random(7), positions)).filter((f) => kindOf(f, label) === kind);
        out.push(`${failure}\n    reproduction (${small.length} of ${text.length} characters): ${JSON.stringify(small)}${small === text ? '' : `\n    on it: ${again[0]?.slice(label.length)}`}`);
    }
    return out;
}

describe('the server survives anything a user can type', () => {
    test('hostile documents', async () => {
        const r = new Random(20240601);
        const failures: string[] = [];
        const shrunk = new Set<string>();
        for (const { name, text } of hostileDocuments().filter((d) => !process.env.FUZZ_ONLY || d.name.includes(process.env.FUZZ_ONLY))) {
            const t0 = performance.now();
            const label = `hostile '${name}'`;
            // Fewer positions on the long documents: every feature at each one costs seconds there.
            const positions = text.length > 2000 ? 4 : 12;
            const found = await survive(label, text, r, positions);
            if (found.length > 0) failures.push(...await reproduced(label, text, found, positions, shrunk));
            if (process.env.FUZZ_TRACE) process.stderr.write(`${name}: ${Math.round(performance.now() - t0)} ms\n`);
        }
        expect(failures).toEqual([]);
    }, 240_000);

    const seeds = seedFiles();
    test.each(seeds.map((s, i) => [s.name, i] as const))('mutations of %s', async (name, index) => {
        const { text } = seeds[index];
        const r = new Random(0xC0FFEE + index * 7919);
        const failures: string[] = [];
        const shrunk = new Set<string>();
        // Truncation at every Nth offset: what the file looks like while it is being typed.
        const step = Math.max(1, Math.floor(text.length / 12));
        for (let cut = step; cut < text.length; cut += step) {
            const label = `${name} cut at ${cut}`;
            const found = await survive(label, text.slice(0, cut), r, 6);
            if (found.length > 0) failures.push(...await reproduced(label, text.slice(0, cut), found, 6, shrunk));
        }
        // Random stacks of one to four mutations.
        for (let i = 0; i < MUTANTS_PER_FILE; i++) {
            const { text: mutant, applied } = mutate(text, r);
            const label = `${name} #${i} [${applied.join(', ')}]`;
            const found = await survive(label, mutant, r, 8);
            if (found.length > 0) failures.push(...await reproduced(label, mutant, found, 8, shrunk));
        }
        expect(failures).toEqual([]);
    }, 240_000);
});

const MUTANTS_PER_FILE = 30;
