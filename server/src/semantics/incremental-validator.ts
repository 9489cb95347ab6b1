/**
 * Revalidating only what an edit can have changed (issue 12). After an edit of one document
 * whose parse was spliced (incremental-parse.ts), the definitions that were not re-parsed
 * keep the diagnostics they had (moved with their lines), except those that can see the
 * change: the definitions that use, directly or through other definitions, a name the edit
 * removed or added (links, the engine's checks and cycles follow names), and those that bear
 * such a name (definition-uses.ts). The document's checks of names (duplicates, cycles)
 * carry their state from the last validation (name-checks.ts); the others run in full.
 * Nothing here walks the kept definitions: they are found by comparing the definition lists,
 * and only those with diagnostics are looked at (moved by the lines their definition moved).
 *
 * The diagnostics are assembled in the order Langium's validation gives them (linking errors in
 * reference order, the document's checks, then each definition's checks in walk order), and the
 * same assembly serves the full validation of a clean file, so both give one list. Any other
 * case (lexing or parsing errors, strays, a file that is not text, a diagnostic the syntax
 * filter would rewrite, a diagnostic pointing elsewhere) is validated by LcpnDocumentValidator
 * as before. docs/incremental.md states the invariants; the property test
 * (server/test/incremental/document-edits.test.ts) compares every answer with a fresh build.
 */
import { type AstNode, type Cancellation, type LangiumDocument, type ValidationAcceptor, type ValidationOptions } from 'langium';
import type { Diagnostic } from 'vscode-languageserver-types';
import * as ast from '../syntax/generated/ast.js';
import { allAstNodes, referencesOf } from '../syntax/ast-walk.js';
import { looksBinary } from '../syntax/characters.js';
import { namesWithChangedMeaning } from './definition-meaning.js';
import { definitionUses } from './definition-uses.js';
import { affectedWithCutoff } from './early-cutoff.js';
import type { PieceResolver } from './piece-models.js';
import { isSyntaxError, LcpnDocumentValidator } from './document-validator.js';
import type { LcpnDocumentBuilder } from '../workspace/document-builder.js';
import { parseId, spliceOf } from '../syntax/incremental-parse.js';
import type { LcpnServices } from './module.js';
import { IssueCodes } from './issue-codes.js';
import { difference, nameChecksFor, type NameChecks } from './name-checks.js';
import { closestNames } from '../model/suggest.js';
import { normalizeKeyword, normalizeName } from '../model/names.js';

/** One definition's diagnostics as last computed (never empty), and the line it started on then. */
interface ItemDiagnostics {
    line: number;
    linking: Diagnostic[];
    checks: Diagnostic[];
    /** The unknown names whose "did you mean" lists the names defined (normalized): any change of a name close to one of them changes that list. */
    unknown?: string[];
}

interface Previous {
    parse: number;
    options: string;
    /** The definitions validated (the root's list). */
    definitions: readonly ast.Definition[];
    /** The definitions that had diagnostics; every other had none. */
    diagnosed: Map<ast.Definition, ItemDiagnostics>;
    /** Definitions whose diagnostics point elsewhere (`relatedInformation`): checked again each time. */
    related: Set<ast.Definition>;
    /** The engine's resolver the validation used: the kept plans it trusted are what the early cutoff compares with. */
    resolver: PieceResolver;
}

/** How many validations reused earlier diagnostics, and how many computed all (read by tests and the bench). */
export const incrementalValidationStats = { reused: 0, assembled: 0, delegated: 0, rechecked: 0 };

export class LcpnIncrementalDocumentValidator extends LcpnDocumentValidator {
    private previous = new WeakMap<LangiumDocument, Previous>();
    private readonly nameChecks: NameChecks;

    constructor(private readonly services: LcpnServices) {
        super(services);
        this.nameChecks = nameChecksFor(services.lcpn.PieceModels);
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
        // What changed since an earlier parse of this document, when the edit of this document is the only change.
        const editedAlone = builder.isEditedAlone?.(document.uri.toString()) === true;
        const stepSince = (parse: number) => (editedAlone ? splice?.history.find((step) => step.parse === parse) : undefined);
        // Reuse what was computed for the parse this one descends from by splices, with the names changed since.
        const since = previous && previous.options === key ? stepSince(previous.parse) : undefined;
        // A board declaration changed: every definition's checks read the file's board, none is reused.
        const reuse = since && !since.board ? previous : undefined;
        // The checks of names keep their own state, carried from the parse they last answered for.
        this.nameChecks.carry(document, (parse) => stepSince(parse)?.names);
        const result = await this.assemble(document, options, reuse, cancelToken);
        if (!result) {
            this.previous.delete(document);
            incrementalValidationStats.delegated++;
            return super.validateDocument(document, options, cancelToken);
        }
        if (reuse) incrementalValidationStats.reused++; else incrementalValidationStats.assembled++;
        return result;
    }

    /**
     * Forgets what was computed for a document: the builder calls this when something else than
     * an edit of that document alone may have changed what its names mean (another document
     * changed, it is relinked). Kept otherwise, even when a validation is cancelled: the next
     * edit's splice history leads back to it.
     */
    forget(document?: LangiumDocument): void {
        if (document) {
            this.previous.delete(document);
        } else {
            this.previous = new WeakMap();
        }
        this.nameChecks.forget(document);
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
     * Langium's validation of a clean file, definition by definition: the re-parsed definitions
     * and those the names whose meaning changed reach are checked, the others keep their
     * diagnostics from `reuse` (all are checked when there is nothing to reuse). Undefined when the result needs the syntax filter. What
     * is kept for the next edit is updated only once nothing can cancel this validation.
     */
    private async assemble(document: LangiumDocument, options: ValidationOptions, reuse: Previous | undefined, cancelToken?: Cancellation.CancellationToken): Promise<Diagnostic[] | undefined> {
        const root = document.parseResult.value as ast.Document;
        const definitions = root.definitions;
        let recheck: readonly ast.Definition[] = definitions;
        let removed: readonly ast.Definition[] = [];
        const resolver = this.services.lcpn.PieceModels.resolverFor(document.uri.toString());
        if (reuse) {
            const diff = difference(reuse.definitions, definitions);
            removed = diff.removed;
            const uses = definitionUses(document);
            // The names whose meaning changed: a re-parsed definition that means what it meant (the splice's anchors) changes none.
            const names = [...namesWithChangedMeaning(diff.removed, diff.added, (key) => uses.bearers(key))];
            // Their users, as far as what they read of them changed (early-cutoff.ts).
            const affected = affectedWithCutoff(uses, names, diff.removed, diff.added, this.services.lcpn.PieceModels, document.uri.toString(), reuse.resolver);
            for (const definition of reuse.related) if (definition.$container === root) affected.add(definition);
            // An unknown name's suggestions are the defined names close to it (and what they declare): they change with a close name,
            // for the definitions with that unknown name only (a message changed, not what the definition means to its users).
            if (names.length > 0) for (const [definition, entry] of reuse.diagnosed) {
                if (entry.unknown?.some((name) => closestNames(name, names).length > 0) && definition.$container === root) affected.add(definition);
            }
            recheck = inDocumentOrder(affected, definitions);
        }
        incrementalValidationStats.rechecked += recheck.length;
        // The nodes of the definitions checked: on a full validation slices of the root's walk (linking made it), else a walk of each.
        const slices = recheck === definitions ? rootSlices(root) : undefined;
        const walks = slices ? undefined : recheck.map((definition) => allAstNodes(definition));
        // Linking errors of the definitions checked, in one pass (reference order), then given to their definitions.
        const linking: Diagnostic[] = [];
        if (slices) {
            this.processLinkingErrors(document, linking, options);
        } else {
            const references = walks!.flatMap((nodes) => nodes.flatMap((node) => referencesOf(node).map((info) => info.reference)));
            this.processLinkingErrors(Object.assign(Object.create(document) as LangiumDocument, { references }), linking, options);
        }
        const linkingOf = byDefinition(recheck, linking);
        // The document's own checks, then each definition's (Langium's walk: the root, then each definition's subtree).
        const rootChecks: Diagnostic[] = [];
        const acceptorInto = (list: Diagnostic[]): ValidationAcceptor => (severity, message, info) => { list.push(this.toDiagnostic(severity, message, info)); };
        const before: Diagnostic[] = [];
        for (const check of this.validationRegistry.checksBefore) await check(root, acceptorInto(before), options.categories ?? [], cancelToken ?? NONE);
        for (const check of this.validationRegistry.getChecks(root.$type, options.categories)) {
            const result = check(root, acceptorInto(rootChecks), cancelToken ?? NONE);
            if (result) await result;
        }
        const computed: { definition: ast.Definition; linking: Diagnostic[]; checks: Diagnostic[] }[] = [];
        const walk = { visited: 0 };
        const profiling = this.profiler?.isActive('validating') === true;
        for (let k = 0; k < recheck.length; k++) {
            const definition = recheck[k];
            const checks: Diagnostic[] = [];
            if (profiling) {
                await this.validateAstNodes(definition, options, acceptorInto(checks), cancelToken);
            } else {
                // Awaited only when a check or a cancellation point gives a promise (validateNodes).
                const pending = slices
                    ? this.validateNodes(slices.nodes, slices.starts[k], slices.starts[k + 1] ?? slices.nodes.length, options, acceptorInto(checks), cancelToken ?? NONE, walk)
                    : this.validateNodes(walks![k], 0, walks![k].length, options, acceptorInto(checks), cancelToken ?? NONE, walk);
                if (pending) await pending;
            }
            computed.push({ definition, linking: linkingOf.get(definition) ?? [], checks });
        }
        const after: Diagnostic[] = [];
        for (const check of this.validationRegistry.checksAfter) await check(root, acceptorInto(after), options.categories ?? [], cancelToken ?? NONE);
        // Nothing awaits from here on: what is kept is updated in place.
        const whole = [...before, ...rootChecks, ...after];
        if (whole.some(needsSyntaxFilter) || computed.some((c) => c.linking.some(needsSyntaxFilter) || c.checks.some(needsSyntaxFilter))) return undefined;

        const diagnosed = reuse?.diagnosed ?? new Map<ast.Definition, ItemDiagnostics>();
        const related = reuse?.related ?? new Set<ast.Definition>();
        for (const definition of removed) {
            diagnosed.delete(definition);
            related.delete(definition);
        }
        // The kept definitions' diagnostics on their new lines (the checked ones are replaced below).
        if (reuse) for (const [definition, old] of diagnosed) diagnosed.set(definition, moved(old, lineOf(definition)));
        for (const { definition, linking: linked, checks } of computed) {
            related.delete(definition);
            if (linked.length === 0 && checks.length === 0) {
                diagnosed.delete(definition);
                continue;
            }
            const unknown = [...linked, ...checks].map(suggestedFor).filter((name) => name !== undefined);
            diagnosed.set(definition, { line: lineOf(definition), linking: linked, checks, ...(unknown.length > 0 ? { unknown } : {}) });
            // A definition whose diagnostic points at another place is checked again next time.
            if (linked.some(pointsElsewhere) || checks.some(pointsElsewhere)) related.add(definition);
        }
        this.previous.set(document, { parse: parseId(document.parseResult), options: optionsKey(options), definitions, diagnosed, related, resolver });

        const diagnostics: Diagnostic[] = [];
        const listed = diagnosed.size === 0 ? [] : definitions.filter((definition) => diagnosed.has(definition));
        for (const definition of listed) diagnostics.push(...diagnosed.get(definition)!.linking);
        diagnostics.push(...before, ...rootChecks);
        for (const definition of listed) diagnostics.push(...diagnosed.get(definition)!.checks);
        diagnostics.push(...after);
        return diagnostics;
    }
}

const NONE = { isCancellationRequested: false, onCancellationRequested: () => ({ dispose() { /* nothing to dispose */ } }) } as unknown as Cancellation.CancellationToken;

function optionsKey(options: ValidationOptions): string {
    return JSON.stringify({ categories: options.categories ?? null });
}

function lineOf(definition: ast.Definition): number {
    return definition.$cstNode?.range.start.line ?? 0;
}

/**
 * Whether a document's diagnostics suggest defined names ("did you mean") for an unknown name
 * close to one of `names` (normalized): then a change of those names elsewhere changes its
 * diagnostics (for LcpnDocumentBuilder: another document added or removed them).
 */
export function suggestsCloseTo(document: LangiumDocument, names: readonly string[]): boolean {
    if (names.length === 0) return false;
    for (const diagnostic of document.diagnostics ?? []) {
        const unknown = suggestedFor(diagnostic);
        if (unknown !== undefined && closestNames(unknown, names).length > 0) return true;
    }
    return false;
}

/** The unknown name (normalized) a diagnostic suggests defined names for: an unknown piece, an unknown keyword. */
function suggestedFor(diagnostic: Diagnostic): string | undefined {
    const data = diagnostic.data as { code?: string; name?: string } | undefined;
    if (data?.name === undefined) return undefined;
    if (data.code === IssueCodes.UnknownPiece) return normalizeName(data.name);
    if (data.code === IssueCodes.UnknownKeyword) return normalizeKeyword(data.name);
    return undefined;
}

function pointsElsewhere(diagnostic: Diagnostic): boolean {
    return diagnostic.relatedInformation !== undefined;
}

/**
 * The root's walk (allAstNodes, remembered for the length of one build) cut at each definition: definition k's
 * nodes are `nodes[starts[k]..starts[k + 1])`. Undefined unless its top-level nodes are exactly
 * the root's definitions, in order (a clean file has no strays).
 */
function rootSlices(root: ast.Document): { nodes: readonly AstNode[]; starts: number[] } | undefined {
    const nodes = allAstNodes(root);
    const starts: number[] = [];
    const definitions = root.definitions;
    for (let i = 0; i < nodes.length; i++) {
        if (nodes[i].$container !== root) continue;
        if (nodes[i] !== definitions[starts.length]) return undefined;
        starts.push(i);
    }
    return starts.length === definitions.length ? { nodes, starts } : undefined;
}

/** `some` in the order of `definitions` (a loop over all of them only when `some` is a large part). */
function inDocumentOrder(some: ReadonlySet<ast.Definition>, definitions: readonly ast.Definition[]): ast.Definition[] {
    if (some.size * 16 > definitions.length) return definitions.filter((definition) => some.has(definition));
    return [...some].map((d) => ({ d, at: d.$cstNode?.offset ?? 0 })).sort((a, b) => a.at - b.at).map(({ d }) => d);
}

/** A definition's old diagnostics on its new lines (the same objects when it did not move). */
function moved(old: ItemDiagnostics, line: number): ItemDiagnostics {
    const delta = line - old.line;
    if (delta === 0) return old;
    const shift = (d: Diagnostic): Diagnostic => ({
        ...d,
        range: { start: { line: d.range.start.line + delta, character: d.range.start.character }, end: { line: d.range.end.line + delta, character: d.range.end.character } }
    });
    return { ...old, line, linking: old.linking.map(shift), checks: old.checks.map(shift) };
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

/** Whether LcpnDocumentValidator would rewrite the list (its one-error-per-definition filter): then it validates. */
function needsSyntaxFilter(d: Diagnostic): boolean {
    return isSyntaxError(d) || (d.severity === 1 && (d.data as { explainsUpTo?: unknown } | undefined)?.explainsUpTo !== undefined);
}
