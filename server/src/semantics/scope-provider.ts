/**
 * The namespace (docs/language.md, "Files as modules"). Piece names are compared after
 * normalizeName (case-insensitive, `-` = `_`). A name used in a file resolves to:
 *
 * 1. the file's own first (complete) definition of it (it shadows an imported one: a hint says so);
 * 2. else the definition in the one imported file that defines it (imports: workspace/imports.ts,
 *    direct ones only); when several imported files define it the use is ambiguous: it resolves
 *    to nothing and is reported at the use with every candidate file;
 * 3. else the prelude's;
 * 4. else the file's own incomplete definition of it, if any (so that F12 and the diagram still
 *    work on a half-typed piece in its own file; other files never see it).
 *
 * Files that share the folder and are not imported are never looked at. Only complete
 * definitions are in the index (LcpnScopeComputation); the table from normalized name to them
 * is built once per workspace state (WorkspaceCache), so linking a file is linear in its
 * references (see shared/notes/toolchain.md).
 */
import {
    AstUtils, DocumentState, EMPTY_SCOPE, EMPTY_STREAM, stream, WorkspaceCache,
    type AstNode, type AstNodeDescription, type LangiumDocument, type LinkingError, type ReferenceInfo, type Scope, type ScopeProvider, type Stream
} from 'langium';
import type { LcpnServices } from './module.js';
import * as ast from '../syntax/generated/ast.js';
import { incompleteDefinitions } from '../syntax/incomplete.js';
import type { LcpnNameRoles } from './name-roles.js';
import type { LcpnPrelude } from '../workspace/prelude.js';
import { fileName, type LcpnImports } from '../workspace/imports.js';
import { normalizeName } from '../model/names.js';

/**
 * Normalized name -> every complete definition of it (each document's in its order). One object
 * per workspace state: callers remember answers per table (piece-models.ts).
 */
export type DefinitionTable = ReadonlyMap<string, AstNodeDescription[]>;

/** What a name used in one document means. */
export type Resolution =
    | { kind: 'found'; target: AstNodeDescription }
    /** Defined in several imported files (one candidate per file, in URI order), and not in this one. */
    | { kind: 'ambiguous'; candidates: AstNodeDescription[] }
    | { kind: 'unknown' };

const UNKNOWN: Resolution = { kind: 'unknown' };

/**
 * Steps 1-3 of the rule (step 4, the file's own incomplete definitions, needs the document), for
 * a use in the file `uri` that imports the files `imported`.
 */
export function resolveName(candidates: readonly AstNodeDescription[] | undefined, uri: string, prelude: LcpnPrelude, imported: ReadonlySet<string>): Resolution {
    if (!candidates || candidates.length === 0) return UNKNOWN;
    const own = candidates.find((d) => d.documentUri.toString() === uri);
    if (own) return { kind: 'found', target: own };
    const byFile = new Map<string, AstNodeDescription>();
    let fromPrelude: AstNodeDescription | undefined;
    for (const candidate of candidates) {
        const where = candidate.documentUri.toString();
        if (prelude.isPrelude(where)) fromPrelude ??= candidate;
        else if (imported.has(where) && !byFile.has(where)) byFile.set(where, candidate);
    }
    if (byFile.size === 1) return { kind: 'found', target: byFile.values().next().value! };
    if (byFile.size > 1) {
        const files = [...byFile.keys()].sort();
        return { kind: 'ambiguous', candidates: files.map((f) => byFile.get(f)!) };
    }
    return fromPrelude ? { kind: 'found', target: fromPrelude } : UNKNOWN;
}

/**
 * The description to list for a name seen from `uri` (completion): the one a use links to, or
 * for an ambiguous name its first candidate. Linking uses resolveName.
 */
export function preferredDefinition(candidates: readonly AstNodeDescription[], uri: string, prelude: LcpnPrelude, imported: ReadonlySet<string>): AstNodeDescription | undefined {
    const resolution = resolveName(candidates, uri, prelude, imported);
    return resolution.kind === 'found' ? resolution.target : resolution.kind === 'ambiguous' ? resolution.candidates[0] : undefined;
}

/** A linking error for an ambiguous use carries its candidates (see LcpnLinker). */
export interface AmbiguityError extends LinkingError {
    ambiguous: AstNodeDescription[];
}

export function isAmbiguityError(error: LinkingError | undefined): error is AmbiguityError {
    return error !== undefined && Array.isArray((error as Partial<AmbiguityError>).ambiguous);
}

/**
 * The files an ambiguous name is defined in, for messages: their names (imports are files of one
 * folder, so no two share a name). One rule for the diagnostic, the hover and the linking error.
 */
export function candidateFileNames(candidates: readonly AstNodeDescription[]): string[] {
    return candidates.map((d) => fileName(d.documentUri));
}

export class LcpnScopeProvider implements ScopeProvider {
    /** The definition table, built once per state of the index (built anew after an update and after each document is indexed). */
    private readonly tables: WorkspaceCache<string, DefinitionTable>;
    /** Per document parse: its own incomplete definitions (step 4), and its scope under the table it was made for. */
    private readonly ownIncomplete = new WeakMap<ast.Document, Map<string, AstNodeDescription>>();
    private readonly scopes = new WeakMap<AstNode, { table: DefinitionTable; document: LangiumDocument; scope: DefinitionScope }>();

    constructor(private readonly services: LcpnServices) {
        this.tables = new WorkspaceCache(services.shared);
        // Not only once a build phase ends: a cancelled build may index documents and never end the phase.
        services.shared.workspace.DocumentBuilder.onDocumentPhase(DocumentState.IndexedContent, () => this.tables.clear());
    }

    /** The prelude service, looked up once (each lookup goes through Langium's injection proxies). */
    get prelude(): LcpnPrelude {
        return this.preludeService ??= this.services.lcpn.Prelude;
    }

    private preludeService: LcpnPrelude | undefined;

    /** The imports service, looked up once. */
    get imports(): LcpnImports {
        return this.importsService ??= this.services.lcpn.Imports;
    }

    private importsService: LcpnImports | undefined;
    private nameRoles: LcpnNameRoles | undefined;

    getScope(context: ReferenceInfo): Scope {
        // Pieces, zones, conditions and defined functions link; squares and built-in words never do.
        this.nameRoles ??= this.services.lcpn.NameRoles;
        if (!ast.isNameRef(context.container) || !this.nameRoles.isLinked(context.container)) return EMPTY_SCOPE;
        // A node of a replaced or closed document (a request that raced an edit) resolves to nothing.
        const root = AstUtils.findRootNode(context.container);
        const document = root.$document;
        if (!document) return EMPTY_SCOPE;
        // One scope per document parse and workspace state: its answers are remembered per name.
        const table = this.definitionTable();
        const known = this.scopes.get(root);
        if (known && known.table === table && known.document === document) return known.scope;
        const scope = new DefinitionScope(table, document.uri.toString(), this.prelude, this.imports.importedUris(document), (key) => this.incompleteDefinition(document, key));
        this.scopes.set(root, { table, document, scope });
        return scope;
    }

    /** What `name` means where it is used in `document` (steps 1-4). */
    resolve(name: string, document: LangiumDocument): Resolution {
        const key = normalizeName(name);
        const resolution = resolveName(this.definitionTable().get(key), document.uri.toString(), this.prelude, this.imports.importedUris(document));
        if (resolution.kind !== 'unknown') return resolution;
        const incomplete = this.incompleteDefinition(document, key);
        return incomplete ? { kind: 'found', target: incomplete } : resolution;
    }

    /** The normalized names a use in `document` can mean (its own, its imports' and the prelude's), for "did you mean". */
    visibleNames(document: LangiumDocument): string[] {
        const uri = document.uri.toString();
        const imported = this.imports.importedUris(document);
        const names: string[] = [];
        for (const [key, candidates] of this.definitionTable()) {
            if (resolveName(candidates, uri, this.prelude, imported).kind !== 'unknown') names.push(key);
        }
        return names;
    }

    /** Every complete definition in the workspace and the prelude, by normalized name (each document's in its order). */
    definitionTable(): DefinitionTable {
        return this.tables.get('definitions', () => {
            const table = new Map<string, AstNodeDescription[]>();
            for (const description of this.services.shared.workspace.IndexManager.allElements(ast.Definition.$type)) {
                const key = normalizeName(description.name);
                const list = table.get(key);
                if (list) list.push(description); else table.set(key, [description]);
            }
            return table;
        });
    }

    /** The document's own first incomplete definition of `key` (step 4). */
    incompleteDefinition(document: LangiumDocument, key: string): AstNodeDescription | undefined {
        const root = document.parseResult.value as ast.Document;
        let byKey = this.ownIncomplete.get(root);
        if (!byKey) {
            byKey = new Map();
            for (const definition of incompleteDefinitions(document)) {
                if (!definition.name || !definition.$cstNode) continue;
                const name = normalizeName(definition.name);
                if (!byKey.has(name)) byKey.set(name, this.services.workspace.AstNodeDescriptionProvider.createDescription(definition, definition.name, document));
            }
            this.ownIncomplete.set(root, byKey);
        }
        return byKey.get(key);
    }
}

class DefinitionScope implements Scope {
    constructor(
        private readonly table: DefinitionTable,
        private readonly uri: string,
        private readonly prelude: LcpnPrelude,
        private readonly imported: ReadonlySet<string>,
        private readonly incomplete: (key: string) => AstNodeDescription | undefined
    ) { }

    /** The definition a use links to; none for an ambiguous name (LcpnLinker reports the candidates). */
    getElement(name: string): AstNodeDescription | undefined {
        let element = this.elements.get(name);
        if (element === undefined) {
            const key = normalizeName(name);
            const resolution = resolveName(this.table.get(key), this.uri, this.prelude, this.imported);
            element = (resolution.kind === 'found' ? resolution.target : resolution.kind === 'unknown' ? this.incomplete(key) : undefined) ?? null;
            this.elements.set(name, element);
        }
        return element ?? undefined;
    }

    /** Answers of getElement by name as written (a file uses the same names many times). */
    private readonly elements = new Map<string, AstNodeDescription | null>();

    /** The candidates of an ambiguous name, else the definition a use links to. */
    getElements(name: string): Stream<AstNodeDescription> {
        const key = normalizeName(name);
        const resolution = resolveName(this.table.get(key), this.uri, this.prelude, this.imported);
        if (resolution.kind === 'ambiguous') return stream(resolution.candidates);
        const element = this.getElement(name);
        return element ? stream([element]) : EMPTY_STREAM;
    }

    /** One description per name (the one a use here would link to), for completion. */
    getAllElements(): Stream<AstNodeDescription> {
        return stream(this.table.values()).map((candidates) => preferredDefinition(candidates, this.uri, this.prelude, this.imported)).nonNullable();
    }
}
