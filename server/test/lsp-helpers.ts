/**
 * One helper per concern for the tests of what a user sees in the editor: diagnostics, hover,
 * completion, code actions, formatting. Each takes a text (or a document built from one) and
 * answers as the language server does, with the real LCPN services over an in-memory file
 * system (test-services.ts). A text is validated as a workspace of its own unless the caller
 * passes services it built other documents in (names are global: a piece an earlier text
 * defined would be seen).
 */
import { parseHelper, type ValidationResult } from 'langium/test';
import type { Cancellation, LangiumDocument } from 'langium';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CodeAction, Command, CompletionList, Diagnostic, Hover, Position, Range, TextEdit } from 'vscode-languageserver';
import { expect, vi } from 'vitest';
import type { Document } from '../src/syntax/generated/ast.js';
import type { LcpnServices } from '../src/semantics/module.js';
import { createTestServices } from './test-services.js';

let shared: Promise<LcpnServices> | undefined;

/** The services of this test file (built once: building the parser analyses the grammar). */
export function testServices(): Promise<LcpnServices> {
    return shared ??= createTestServices().then((s) => s.Lcpn);
}

/** The services that built `document`: those `validated` used, or the caller's own. */
const owners = new WeakMap<LangiumDocument, LcpnServices>();

async function servicesOf(document: LangiumDocument, services?: LcpnServices): Promise<LcpnServices> {
    return services ?? owners.get(document) ?? await testServices();
}

let texts = 0;

/**
 * `text` parsed, linked and validated (`validation: false`: parsed and linked only). Alone: a
 * new document in a workspace of its own, removed again before the next one is validated,
 * unless `keep` (then it stays for other documents to see) or `uri` is given.
 */
export async function validated(text: string, options: { services?: LcpnServices; uri?: string; validation?: boolean; keep?: boolean } = {}): Promise<LangiumDocument<Document>> {
    const services = options.services ?? await testServices();
    await forgetLast(services);
    const documentUri = options.uri ?? `file:///test/text-${texts++}.lcpn`;
    const document = await parseHelper<Document>(services)(text, { documentUri, validation: options.validation ?? true });
    if (!options.keep && !options.uri) last.set(services, document);
    owners.set(document, services);
    return document;
}

/** The document validated last with `validated` that is not kept: removed before the next. */
const last = new WeakMap<LcpnServices, LangiumDocument>();

async function forgetLast(services: LcpnServices): Promise<void> {
    const document = last.get(services);
    if (!document) return;
    last.delete(services);
    const { LangiumDocuments, DocumentBuilder } = services.shared.workspace;
    if (LangiumDocuments.hasDocument(document.uri)) await DocumentBuilder.update([], [document.uri]);
}

/** `text` validated alone: its document and its diagnostics (as Langium's validationHelper answers, for its expectError). */
export async function validate(text: string, services?: LcpnServices): Promise<ValidationResult<Document>> {
    const document = await validated(text, { services });
    const owner = owners.get(document)!;
    return { document, diagnostics: document.diagnostics ?? [], dispose: () => forgetLast(owner) };
}

/** The code of a diagnostic (its identity: never its message). */
export function codeOf(diagnostic: Diagnostic): string | undefined {
    return (diagnostic.data as { code?: string } | undefined)?.code;
}

const SEVERITIES = ['', 'error', 'warning', 'info', 'hint'];

/** A diagnostic as `line:column code` (1-based), the form `checkDiagnostics` compares. */
export function located(diagnostic: Diagnostic): string {
    return `${diagnostic.range.start.line + 1}:${diagnostic.range.start.character + 1} ${codeOf(diagnostic)}`;
}

/** A diagnostic as `line:column severity code`. */
export function locatedWithSeverity(diagnostic: Diagnostic): string {
    return `${diagnostic.range.start.line + 1}:${diagnostic.range.start.character + 1} ${SEVERITIES[diagnostic.severity ?? 0]} ${codeOf(diagnostic)}`;
}

/** Errors and warnings: information (informal text) and hints are not complaints. */
export function isComplaint(diagnostic: Diagnostic): boolean {
    return diagnostic.severity === 1 || diagnostic.severity === 2;
}

/** The diagnostics of `text`, validated alone. */
export async function diagnosticsOf(text: string, services?: LcpnServices): Promise<Diagnostic[]> {
    return (await validated(text, { services })).diagnostics ?? [];
}

/** The errors and warnings of `text` as `line:column code`. */
export async function complaintsOf(text: string, services?: LcpnServices): Promise<string[]> {
    return (await diagnosticsOf(text, services)).filter(isComplaint).map(located);
}

/** Asserts the errors and warnings of `text`, each as `line:column code`, in order. */
export async function checkDiagnostics(text: string, expected: string[], services?: LcpnServices): Promise<void> {
    expect(await complaintsOf(text, services), text).toEqual(expected);
}

/** Where a request is asked: a position, an offset, or the first (`nth`) occurrence of a text, `shift` characters into it. */
export type At = Position | number | string;

export function positionOf(document: LangiumDocument, at: At, { nth = 0, shift = 0 }: { nth?: number; shift?: number } = {}): Position {
    if (typeof at === 'object') return at;
    if (typeof at === 'number') return document.textDocument.positionAt(at + shift);
    const source = document.textDocument.getText();
    let offset = -1;
    for (let i = 0; i <= nth; i++) offset = source.indexOf(at, offset + 1);
    expect(offset, `'${at}' in the text`).toBeGreaterThanOrEqual(0);
    return document.textDocument.positionAt(offset + shift);
}

/**
 * The hover's markdown at `at` (undefined: no hover). `style`: the diagrams a client asks for
 * ('text' for clients without images, 'image', or the client's default).
 */
export async function hoverAt(document: LangiumDocument, at: At, options: { nth?: number; shift?: number; style?: 'text' | 'image'; services?: LcpnServices } = {}): Promise<string | undefined> {
    return ((await hoverOf(document, at, options))?.contents as { value: string } | undefined)?.value;
}

/** The whole hover at `at` (contents and range), as the server answers it; `hoverAt` is its markdown. */
export async function hoverOf(document: LangiumDocument, at: At, options: { nth?: number; shift?: number; style?: 'text' | 'image'; services?: LcpnServices } = {}): Promise<Hover | undefined> {
    const services = await servicesOf(document, options.services);
    const position = positionOf(document, at, options);
    const ask = async () => services.lsp.HoverProvider!.getHoverContent(document, { textDocument: { uri: document.uri.toString() }, position });
    return options.style ? await withDiagramStyle(services, options.style, ask) : await ask();
}

/** Asserts the hover at `at` of `text` (validated alone): equal to `expected`, or matching it. */
export async function checkHover(text: string, at: At, expected: string | RegExp | undefined, options: { nth?: number; shift?: number; style?: 'text' | 'image' } = {}): Promise<void> {
    const hover = await hoverAt(await validated(text), at, options);
    if (expected instanceof RegExp) expect(hover).toMatch(expected);
    else expect(hover).toBe(expected);
}

/** `ask()` with the client's diagram style set to `style` (as a client's initialization options would). */
async function withDiagramStyle<T>(services: LcpnServices, style: 'text' | 'image', ask: () => Promise<T>): Promise<T> {
    const client = services.lcpn.Client as unknown as { diagramStyle: () => string };
    const saved = client.diagramStyle;
    client.diagramStyle = () => style;
    try {
        return await ask();
    } finally {
        client.diagramStyle = saved;
    }
}

/** The completion list at `at` of `document` (default: the end of its text). */
export async function completionAt(document: LangiumDocument, at: At = document.textDocument.getText().length, services?: LcpnServices): Promise<CompletionList> {
    services = await servicesOf(document, services);
    const position = positionOf(document, at);
    return (await services.lsp.CompletionProvider!.getCompletion(document, { textDocument: { uri: document.uri.toString() }, position }))!;
}

/** The completion list at `at` of `document`, with the texts the completion parser read to answer it. */
export async function completionWithParses(document: LangiumDocument, at: At = document.textDocument.getText().length, services?: LcpnServices): Promise<{ list: CompletionList; parsed: string[] }> {
    services = await servicesOf(document, services);
    const parse = vi.spyOn(services.parser.CompletionParser, 'parse');
    try {
        const list = await completionAt(document, at, services);
        return { list, parsed: parse.mock.calls.map((c) => c[0]) };
    } finally {
        parse.mockRestore();
    }
}

/** The labels offered at the end of `text` (parsed alone). */
export async function completionLabels(text: string, services?: LcpnServices): Promise<string[]> {
    return (await completionAt(await validated(text, { services, validation: false }))).items.map((i) => i.label);
}

/** The code actions at `range` (default: an empty range at `at`), with `diagnostics` as their context. */
export async function codeActionsAt(document: LangiumDocument, at: At | { start: Position; end: Position }, diagnostics: Diagnostic[] = [], services?: LcpnServices): Promise<(CodeAction | Command)[]> {
    services = await servicesOf(document, services);
    const range = typeof at === 'object' && 'start' in at ? at : { start: positionOf(document, at), end: positionOf(document, at) };
    return (await services.lsp.CodeActionProvider!.getCodeActions(document, { textDocument: { uri: document.uri.toString() }, range, context: { diagnostics } })) ?? [];
}

/** The text `action`'s edit makes of `document`. */
export function applied(document: LangiumDocument, action: CodeAction): string {
    return TextDocument.applyEdits(document.textDocument, action.edit!.changes![document.uri.toString()]);
}

/** The quick fixes offered for the diagnostic of `text` with `code`, each with the text it makes. */
export async function quickFixes(text: string, code: string): Promise<{ title: string; result: string }[]> {
    const document = await validated(text);
    const diagnostics = document.diagnostics ?? [];
    const diagnostic = diagnostics.find((d) => codeOf(d) === code);
    expect(diagnostic, `no ${code} diagnostic in ${JSON.stringify(diagnostics.map((d) => d.message))}`).toBeDefined();
    const actions = await codeActionsAt(document, diagnostic!.range, [diagnostic!]) as CodeAction[];
    return actions.filter((a) => a.kind === 'quickfix').map((a) => ({ title: a.title, result: applied(document, a) }));
}

/** The formatter's output on `text` (4-space units, as editors default); the text must parse. */
export async function formatted(text: string, services?: LcpnServices): Promise<string> {
    const document = await validated(text, { services, validation: false });
    expect(document.parseResult.parserErrors).toEqual([]);
    return TextDocument.applyEdits(document.textDocument, await formatEdits(document));
}

/** The formatter's output on `range` of `text` (parsed alone, which may have errors). */
export async function formattedRange(text: string, range: Range, services?: LcpnServices): Promise<string> {
    const document = await validated(text, { services, validation: false });
    return TextDocument.applyEdits(document.textDocument, await formatEdits(document, { range }));
}

/** The formatter's edits of `document` (of `range`, when given), 4-space units, as a client asks for them. */
export async function formatEdits(document: LangiumDocument, options: { range?: Range; token?: Cancellation.CancellationToken; services?: LcpnServices } = {}): Promise<TextEdit[]> {
    const formatter = (await servicesOf(document, options.services)).lsp.Formatter!;
    const textDocument = { uri: document.uri.toString() };
    const formatting = { tabSize: 4, insertSpaces: true };
    return options.range
        ? formatter.formatDocumentRange(document, { textDocument, options: formatting, range: options.range }, options.token)
        : formatter.formatDocument(document, { textDocument, options: formatting }, options.token);
}
