/**
 * Revalidating only what an edit can have changed (issue 12). After an edit of one document
 * whose parse was spliced (lcpn-incremental-parse.ts), the definitions that were not re-parsed
 * keep the diagnostics they had (moved with their lines), except those that can see the
 * change: the definitions that use, directly or through other definitions, a name the edit
 * removed or added (links, the engine's checks and cycles follow names), and those that bear
 * such a name. The whole-document checks (duplicates, cycles, comments) run in full.
 *
 * The diagnostics are assembled in the order Langium's validation gives them (linking errors in
 * reference order, the document's checks, then each definition's checks in walk order), and the
 * same assembly serves the full validation of a clean file, so both give one list. Any other
 * case (lexing or parsing errors, strays, a file that is not text, a diagnostic the syntax
 * filter would rewrite, a diagnostic pointing elsewhere) is validated by LcpnDocumentValidator
 * as before. docs/incremental.md states the invariants; the property test
 * (server/test/incremental/document-edits.test.ts) compares every answer with a fresh build.
 */
import { type Cancellation, type LangiumDocument, type ValidationAcceptor, type ValidationOptions } from 'langium';
import type { Diagnostic } from 'vscode-languageserver-types';
import * as ast from './generated/ast.js';
import { allAstNodes, referencesOf } from './ast-walk.js';
import { looksBinary } from './characters.js';
import { isSyntaxError, LcpnDocumentValidator } from './lcpn-document-validator.js';
import type { LcpnDocumentBuilder } from './lcpn-document-builder.js';
import { parseId, spliceOf } from './lcpn-incremental-parse.js';
import type { LcpnServices } from './lcpn-module.js';
import { normalizeName } from '../model/names.js';

/** One definition's diagnostics as last computed, and the line it started on then. */
interface ItemDiagnostics {
    line: number;
    linking: Diagnostic[];
    checks: Diagnostic[];
}

interface Previous {
    parse: number;
    options: string;
    items: WeakMap<ast.Definition, ItemDiagnostics>;
}

/** How many validations reused earlier diagnostics, and how many computed all (read by tests and the bench). */
export const incrementalValidationStats = { reused: 0, assembled: 0, delegated: 0 };

export class LcpnIncrementalDocumentValidator extends LcpnDocumentValidator {
    private previous = new WeakMap<LangiumDocument, Previous>();

    constructor(private readonly services: LcpnServices) {
        super(services);
    }

    override async validateDocument(document: LangiumDocument, options: ValidationOptions = {}, cancelToken?: Cancellation.CancellationToken): Promise<Diagnostic[]> {
        const previous = this.previous.get(document);
        if (!this.isClean(document, options)) {
            this.previous.delete(document);
            incrementalValidationStats.delegated++;
            return super.validateDocument(document, options, cancelToken);
        }
        const key = optionsKey(options);
        const splice = spliceOf(document.parseResult);
        const builder = this.services.shared.workspace.DocumentBuilder as unknown as Partial<LcpnDocumentBuilder>;
        // Reuse what was computed for the parse this one descends from by splices, with the names changed since.
        const since = previous && previous.options === key && builder.isEditedAlone?.(document.uri.toString()) === true
            ? splice?.history.find((step) => step.parse === previous.parse) : undefined;
        const reuse = since ? previous : undefined;
        // A board declaration changed: every definition's checks read the file's board, none is reused.
        const reuseItems = since?.board ? undefined : reuse;
        const result = await this.assemble(document, options, reuseItems, since ? new Set(since.names) : undefined, cancelToken);
        if (!result) {
            this.previous.delete(document);
            incrementalValidationStats.delegated++;
            return super.validateDocument(document, options, cancelToken);
        }
        if (reuseItems) incrementalValidationStats.reused++; else incrementalValidationStats.assembled++;
        this.previous.set(document, { parse: parseId(document.parseResult), options: key, items: result.items });
        return result.diagnostics;
    }

    /**
     * Forgets what was computed for a document: the builder calls this when something else than
     * an edit of that document alone may have changed what its names mean (another document
     * changed, it is relinked). Kept otherwise, even when a validation is cancelled: the next
     * edit's splice history leads back to it.
     */
    forget(document?: LangiumDocument): void {
        if (document) this.previous.delete(document);
        else this.previous = new WeakMap();
    }

    /** A file the lexer and parser read without an error, with no strays: no syntax filter applies. */
    private isClean(document: LangiumDocument, options: ValidationOptions): boolean {
        const { lexerErrors, parserErrors, lexerReport } = document.parseResult;
        const root = document.parseResult.value as ast.Document;
        if (lexerErrors.length > 0 || parserErrors.length > 0 || (lexerReport?.diagnostics.length ?? 0) > 0) return false;
        if (!ast.isDocument(root) || (root.strays?.length ?? 0) > 0) return false;
        if (options.stopAfterLexingErrors || options.stopAfterParsingErrors || options.stopAfterLinkingErrors) return false;
        if (options.categories && !options.categories.includes('built-in')) return false;
        return !looksBinary(document.textDocument.getText());
    }

    /**
     * Langium's validation of a clean file, definition by definition: each definition's
     * diagnostics are taken from `reuse` unless `changed` names reach it (all are computed when
     * there is nothing to reuse). Undefined when the result needs the syntax filter.
     */
    private async assemble(document: LangiumDocument, options: ValidationOptions, reuse: Previous | undefined, changed: Set<string> | undefined, cancelToken?: Cancellation.CancellationToken): Promise<{ diagnostics: Diagnostic[]; items: WeakMap<ast.Definition, ItemDiagnostics> } | undefined> {
        const root = document.parseResult.value as ast.Document;
        const definitions = root.definitions;
        const affected = reuse && changed ? affectedDefinitions(definitions, changed, reuse.items) : undefined;
        const items = new WeakMap<ast.Definition, ItemDiagnostics>();
        const fresh: ast.Definition[] = [];
        const kept = new Map<ast.Definition, ItemDiagnostics>();
        for (const definition of definitions) {
            const old = affected && !affected.has(definition) ? reuse?.items.get(definition) : undefined;
            if (old) kept.set(definition, moved(old, lineOf(definition)));
            else fresh.push(definition);
        }
        // Linking errors of the definitions computed afresh, in one pass (reference order), then given to their definitions.
        const references = fresh.flatMap((definition) => allAstNodes(definition).flatMap((node) => referencesOf(node).map((info) => info.reference)));
        const linking: Diagnostic[] = [];
        this.processLinkingErrors(Object.assign(Object.create(document) as LangiumDocument, { references }), linking, options);
        const linkingOf = byDefinition(fresh, linking);
        // The document's own checks, then each fresh definition's (Langium's walk: the root, then each definition's subtree).
        const rootChecks: Diagnostic[] = [];
        const acceptorInto = (list: Diagnostic[]): ValidationAcceptor => (severity, message, info) => { list.push(this.toDiagnostic(severity, message, info)); };
        const before: Diagnostic[] = [];
        for (const check of this.validationRegistry.checksBefore) await check(root, acceptorInto(before), options.categories ?? [], cancelToken ?? NONE);
        for (const check of this.validationRegistry.getChecks(root.$type, options.categories)) {
            const result = check(root, acceptorInto(rootChecks), cancelToken ?? NONE);
            if (result) await result;
        }
        for (const definition of fresh) {
            const checks: Diagnostic[] = [];
            await this.validateAstNodes(definition, options, acceptorInto(checks), cancelToken);
            items.set(definition, { line: lineOf(definition), linking: linkingOf.get(definition) ?? [], checks });
        }
        for (const [definition, old] of kept) items.set(definition, old);
        const after: Diagnostic[] = [];
        for (const check of this.validationRegistry.checksAfter) await check(root, acceptorInto(after), options.categories ?? [], cancelToken ?? NONE);

        const diagnostics: Diagnostic[] = [];
        for (const definition of definitions) diagnostics.push(...items.get(definition)!.linking);
        diagnostics.push(...before, ...rootChecks);
        for (const definition of definitions) diagnostics.push(...items.get(definition)!.checks);
        diagnostics.push(...after);
        if (diagnostics.some(needsSyntaxFilter)) return undefined;
        // A definition whose diagnostic points at another place is computed afresh next time.
        for (const definition of definitions) {
            const entry = items.get(definition)!;
            if ([...entry.linking, ...entry.checks].some((d) => d.relatedInformation !== undefined)) items.delete(definition);
        }
        return { diagnostics, items };
    }
}

const NONE = { isCancellationRequested: false, onCancellationRequested: () => ({ dispose() { /* nothing to dispose */ } }) } as unknown as Cancellation.CancellationToken;

function optionsKey(options: ValidationOptions): string {
    return JSON.stringify({ categories: options.categories ?? null });
}

function lineOf(definition: ast.Definition): number {
    return definition.$cstNode?.range.start.line ?? 0;
}

/** A definition's old diagnostics on its new lines (the same objects when it did not move). */
function moved(old: ItemDiagnostics, line: number): ItemDiagnostics {
    const delta = line - old.line;
    if (delta === 0) return old;
    const shift = (d: Diagnostic): Diagnostic => ({
        ...d,
        range: { start: { line: d.range.start.line + delta, character: d.range.start.character }, end: { line: d.range.end.line + delta, character: d.range.end.character } }
    });
    return { line, linking: old.linking.map(shift), checks: old.checks.map(shift) };
}

/** Diagnostics given to the definitions whose lines hold them (both in document order). */
function byDefinition(definitions: readonly ast.Definition[], diagnostics: readonly Diagnostic[]): Map<ast.Definition, Diagnostic[]> {
    const result = new Map<ast.Definition, Diagnostic[]>();
    let k = 0;
    for (const diagnostic of diagnostics) {
        const at = diagnostic.range.start;
        while (k < definitions.length - 1 && before(definitions[k].$cstNode!.range.end, at)) k++;
        const list = result.get(definitions[k]);
        if (list) list.push(diagnostic); else result.set(definitions[k], [diagnostic]);
    }
    return result;
}

function before(a: { line: number; character: number }, b: { line: number; character: number }): boolean {
    return a.line < b.line || (a.line === b.line && a.character <= b.character);
}

/**
 * The definitions whose diagnostics may have changed: those not seen before (re-parsed), those
 * named by a changed name, and every definition using such a name, through any chain of uses.
 * A use is any word of the definition's text that could name a definition: a name, a keyword
 * (`:within-fortress`), a string's words (conditions named in words).
 */
function affectedDefinitions(definitions: readonly ast.Definition[], changed: Set<string>, known: WeakMap<ast.Definition, ItemDiagnostics>): Set<ast.Definition> {
    const affected = new Set<ast.Definition>();
    const users = new Map<string, ast.Definition[]>();
    const named = new Map<string, ast.Definition[]>();
    for (const definition of definitions) {
        if (!known.has(definition)) affected.add(definition);
        for (const word of wordsOf(definition)) {
            const list = users.get(word);
            if (list) list.push(definition); else users.set(word, [definition]);
        }
        if (definition.name) {
            const name = normalizeName(definition.name);
            const list = named.get(name);
            if (list) list.push(definition); else named.set(name, [definition]);
        }
    }
    const queue = [...changed];
    for (const definition of affected) if (definition.name) queue.push(normalizeName(definition.name));
    const seen = new Set<string>();
    while (queue.length > 0) {
        const name = queue.pop()!;
        if (seen.has(name)) continue;
        seen.add(name);
        for (const definition of [...(users.get(name) ?? []), ...(named.get(name) ?? [])]) {
            affected.add(definition);
            if (definition.name) queue.push(normalizeName(definition.name));
        }
    }
    return affected;
}

/** Every word of a definition's text that could name a definition, normalized (remembered per definition node). */
function wordsOf(definition: ast.Definition): ReadonlySet<string> {
    let words = wordCache.get(definition);
    if (words) return words;
    const found = new Set<string>();
    words = found;
    const text = definition.$cstNode?.text ?? '';
    for (const match of text.matchAll(/[$]?[A-Za-z_\u00C0-\uFFFF][\w\u00C0-\uFFFF-]*/g)) {
        const word = match[0].replace(/-+$/, '');
        found.add(normalizeName(word));
    }
    // Words of strings joined as a name could be written: "after crossing river" -> after-crossing-river.
    for (const match of text.matchAll(/"((?:[^"\\]|\\.)*)"/g)) found.add(normalizeName(match[1].trim().replace(/\s+/g, '-')));
    wordCache.set(definition, words);
    return words;
}

const wordCache = new WeakMap<ast.Definition, ReadonlySet<string>>();

/** Whether LcpnDocumentValidator would rewrite the list (its one-error-per-definition filter): then it validates. */
function needsSyntaxFilter(d: Diagnostic): boolean {
    return isSyntaxError(d) || (d.severity === 1 && (d.data as { explainsUpTo?: unknown } | undefined)?.explainsUpTo !== undefined);
}
