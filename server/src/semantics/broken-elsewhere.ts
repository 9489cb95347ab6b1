/**
 * A definition with a syntax error in an imported file. Other files never link to an incomplete
 * definition (scope-provider.ts, step 4 is the file's own), so file B's `(in deep)` or
 * `rook:deep`, where B imports A and A's `deep` has a syntax error, resolves to nothing. Reporting it as "not defined" sends the user looking for a definition that is there:
 * so a use whose diagnostic says the name is unknown (an unknown piece or keyword; a zone or
 * condition whose only unknown name it is) gets instead the warning that it names a definition
 * with a syntax error, in A, at A's line (BrokenDefinitionUse), as the file's own broken
 * definitions get from the checks. The use stays unresolved: only its diagnostic changes.
 * The builder applies this to each validation's result (through the AcrossImports service) (the checks belong to the validator and
 * the engine, which know nothing of other files' syntax errors).
 *
 * Those diagnostics depend on the imported files' texts: an edit of A relinks and revalidates
 * every file that imports it (workspace/document-builder.ts).
 */
import { AstUtils, CstUtils, GrammarUtils, URI, type LangiumCoreServices, type LangiumDocument, type LangiumSharedCoreServices } from 'langium';
import type { Diagnostic } from 'vscode-languageserver-types';
import * as ast from '../syntax/generated/ast.js';
import { incompleteDefinitions } from '../syntax/incomplete.js';
import { IssueCodes } from './issue-codes.js';
import type { LcpnServices } from './module.js';
import type { NameRole } from './name-roles.js';
import { isAmbiguityError, type LcpnScopeProvider } from './scope-provider.js';
import { normalizeKeyword, normalizeName } from '../model/names.js';
import type { LcpnDiagnosticsAcrossImports } from '../workspace/services.js';

/** Where another file's broken definition of a name is. */
export interface BrokenElsewhere {
    /** The file's URI. */
    uri: string;
    /** The file's name as the message writes it (the last segment of its path). */
    file: string;
    /** 1-based line where the definition starts. */
    line: number;
    /** The definition itself. */
    definition: ast.Definition;
}

/**
 * The broken definition of `key` (normalized: normalizeName, or normalizeKeyword for `:deep`)
 * in a file `document` imports, when `key` means nothing in `document` (no complete definition
 * anywhere it could see, not ambiguous, and no broken definition of its own). With several such
 * files, the first by URI (an answer that does not depend on the order of the imports).
 */
export function brokenDefinitionElsewhere(services: LangiumCoreServices, key: string, document: LangiumDocument): BrokenElsewhere | undefined {
    const scopes = services.references.ScopeProvider as Partial<LcpnScopeProvider>;
    if (typeof scopes.resolve !== 'function' || scopes.resolve.call(scopes, key, document).kind !== 'unknown') return undefined;
    const imports = (scopes as LcpnScopeProvider).imports;
    let found: { uri: string; definition: ast.Definition } | undefined;
    for (const uri of imports.importedUris(document)) {
        const other = imports.documentAt(uri);
        if (!other || (found && found.uri < uri)) continue;
        const definition = brokenDefinitionsOf(other).get(key);
        if (definition) found = { uri, definition };
    }
    if (!found) return undefined;
    const path = URI.parse(found.uri).path;
    return { uri: found.uri, file: path.split('/').pop() || path, line: (found.definition.$cstNode?.range.start.line ?? 0) + 1, definition: found.definition };
}

/** Where a message names the definition: `a.lcpn, line 3`. */
export function brokenWhere(broken: BrokenElsewhere): string {
    return `${broken.file}, line ${broken.line}`;
}

/**
 * Normalized name -> the document's first broken definition of it (those other files' uses are
 * told of: with a name and a text).
 */
export function brokenDefinitionsOf(document: LangiumDocument): ReadonlyMap<string, ast.Definition> {
    const broken = new Map<string, ast.Definition>();
    if (!document.parseResult?.value) return broken;
    for (const definition of incompleteDefinitions(document)) {
        if (!definition.name || !definition.$cstNode) continue;
        const key = normalizeName(definition.name);
        if (!broken.has(key)) broken.set(key, definition);
    }
    return broken;
}

/** The roles of names a definition gives meaning to (a function's name is the language's). */
const DEFINED_ROLES = new Set<NameRole>(['piece', 'zone', 'condition']);

/**
 * `diagnostics` (a validation's result for `document`) with each diagnostic about an unknown
 * name that an imported file defines with a syntax error replaced by the broken-definition warning;
 * the same array when there is none (nearly always: no imported file has a broken definition).
 */
export function reportBrokenUsesElsewhere(services: LangiumCoreServices, document: LangiumDocument, diagnostics: Diagnostic[]): Diagnostic[] {
    if (!anyBrokenElsewhere(services, document)) return diagnostics;
    let result: Diagnostic[] | undefined;
    for (let i = 0; i < diagnostics.length; i++) {
        const diagnostic = diagnostics[i];
        const name = (diagnostic.data as { code?: string } | undefined)?.code === IssueCodes.BrokenDefinitionUse ? undefined : unknownNameOf(services, document, diagnostic);
        const broken = name !== undefined ? brokenDefinitionElsewhere(services, name.key, document) : undefined;
        if (!name || !broken) {
            result?.push(diagnostic);
            continue;
        }
        result ??= diagnostics.slice(0, i);
        result.push(brokenUse(diagnostic, name, broken));
    }
    return result ?? diagnostics;
}

/** The builder's service (workspace/services.ts): reportBrokenUsesElsewhere with the document's language services. */
export class LcpnBrokenUsesElsewhere implements LcpnDiagnosticsAcrossImports {
    constructor(private readonly shared: LangiumSharedCoreServices) {}

    amend(document: LangiumDocument, diagnostics: Diagnostic[]): Diagnostic[] {
        return reportBrokenUsesElsewhere(this.shared.ServiceRegistry.getServices(document.uri), document, diagnostics);
    }
}

/**
 * The normalized name a diagnostic says is unknown: an unknown piece or keyword, a broken-definition
 * warning (this module's, or the file's own), or a zone or condition with exactly one unknown name
 * in it (the names in its range whose link failed). Undefined for every other diagnostic.
 */
export function unknownNameOf(services: LangiumCoreServices, document: LangiumDocument, diagnostic: Diagnostic): { key: string; written: string; code: string } | undefined {
    const data = diagnostic.data as { code?: string; name?: unknown } | undefined;
    const code = data?.code;
    if (code === IssueCodes.UnknownPiece) {
        return typeof data?.name === 'string' ? { key: normalizeName(data.name), written: data.name, code } : undefined;
    }
    if (code === IssueCodes.UnknownKeyword || code === IssueCodes.BrokenDefinitionUse) {
        return typeof data?.name === 'string' ? { key: normalizeKeyword(data.name), written: data.name, code } : undefined;
    }
    if (code !== IssueCodes.NotAZone && code !== IssueCodes.NotACondition) return undefined;
    const root = document.parseResult.value as ast.Document;
    const from = document.textDocument.offsetAt(diagnostic.range.start);
    const to = document.textDocument.offsetAt(diagnostic.range.end);
    // The engine's checks place it inside one definition: found by the leaf at its start (a search, not a walk of the file).
    const leaf = root.$cstNode ? CstUtils.findLeafNodeAtOffset(root.$cstNode, from) : undefined;
    const definition = leaf ? AstUtils.getContainerOfType(leaf.astNode, ast.isDefinition) : undefined;
    let only: { key: string; written: string } | undefined;
    if (definition) {
        const roles = (services as LcpnServices).lcpn.NameRoles;
        for (const node of AstUtils.streamAst(definition)) {
            if (!ast.isNameRef(node) || !node.$cstNode || node.$cstNode.offset < from || node.$cstNode.end > to || !DEFINED_ROLES.has(roles.role(node))) continue;
            const error = node.ref.error;
            if (!error || isAmbiguityError(error)) continue;
            const key = normalizeName(node.ref.$refText);
            if (only && only.key !== key) return undefined;
            only = { key, written: node.ref.$refText };
        }
    }
    return only && { ...only, code };
}

/** Whether a file `document` imports has a broken definition. */
function anyBrokenElsewhere(services: LangiumCoreServices, document: LangiumDocument): boolean {
    const imports = (services as LcpnServices).lcpn.Imports;
    for (const uri of imports.importedUris(document)) {
        const other = imports.documentAt(uri);
        if (other && brokenDefinitionsOf(other).size > 0) return true;
    }
    return false;
}

function brokenUse(diagnostic: Diagnostic, name: { key: string; written: string; code: string }, broken: BrokenElsewhere): Diagnostic {
    const where = brokenWhere(broken);
    const message = name.code === IssueCodes.UnknownKeyword
        ? `'${name.written}' names a definition with a syntax error (${where}): it does not restrict the moves until that is fixed`
        : name.code === IssueCodes.UnknownPiece
            ? `'${name.written}' is a definition with a syntax error (${where}): it has no moves here until that is fixed`
            : `${name.code === IssueCodes.NotAZone ? `(in ${name.written}): ` : ''}'${name.written}' is a definition with a syntax error (${where}): it does not restrict the moves until that is fixed`;
    const nameNode = GrammarUtils.findNodeForProperty(broken.definition.$cstNode, 'name') ?? broken.definition.$cstNode;
    return {
        severity: 2, range: diagnostic.range, message, source: diagnostic.source,
        code: IssueCodes.BrokenDefinitionUse,
        data: { code: IssueCodes.BrokenDefinitionUse, name: name.written, definedIn: broken.uri },
        relatedInformation: nameNode ? [{ location: { uri: broken.uri, range: nameNode.range }, message: `the definition with the syntax error, in ${broken.file}` }] : undefined
    };
}
