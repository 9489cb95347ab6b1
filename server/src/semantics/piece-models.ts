/**
 * The bridge from Langium documents to the piece model: each definition lowered on demand
 * (lowering reads only the definition's own AST, so any lowering of a node is as good as
 * another), and a Resolver that looks names up the
 * way linking does (LcpnScopeProvider.resolve: an ambiguous name resolves to nothing), for the engine. Lookups are
 * remembered per scope table: the cycle check asks for every name of a file, and hovers
 * resolve the same names again and again.
 *
 * Lowered forms are remembered until a build has validated its documents: the checks of one
 * build ask for a definition's model several times (cycles, engine, references from other
 * definitions), but nothing needs them once the diagnostics are computed, and keeping every
 * model of a file cost ~20 bytes of heap per byte of text. A request after the build (hover,
 * diagram, code action) lowers the few definitions it reads again (microseconds each).
 */
import { AstUtils, DocumentState, URI, type AstNodeDescription, type LangiumDocument } from 'langium';
import type { LcpnServices } from './module.js';
import * as ast from '../syntax/generated/ast.js';
import { resolveName, type DefinitionTable, type LcpnScopeProvider, type Resolution } from './scope-provider.js';
import { lowerDefinition, type LoweringProblem } from './lower.js';
import { normalizeName } from '../model/names.js';
import type { PieceDef } from '../model/piece.js';
import { KeptPlans, RefCache, REFERENCE_MAX_NODES } from '../engine/compile.js';
import { fileName, type LcpnImports } from '../workspace/imports.js';
import { renameNames } from '../model/rename.js';

/** Between a name and its file in a qualified name (`homed`): no name contains it. */
const HOME = '@';
/** The prelude's tag: a file's tag ends in `.lcpn`, so no file's is this. */
const PRELUDE_TAG = 'prelude';

export interface LoweredDefinition {
    node: ast.Definition;
    piece: PieceDef;
    problems: LoweringProblem[];
}

/** Looks a normalized piece name up; the engine's view of scoping. */
export type PieceResolver = (key: string) => PieceDef | undefined;

/** The names used in one document, as resolved under one scope table (null: resolves to nothing). */
interface UriScope {
    uri: string;
    /** Remembered until the build that filled it has validated (LcpnPieceModels.forget). */
    keys: Map<string, ast.Definition | null>;
    /** Definitions of other files as this document's resolver gives them, their names renamed where they mean another definition here (`homed`); forgotten with `keys`. */
    homed: Map<ast.Definition, PieceDef>;
    /** The files this document's definitions can come from (its imports, followed through theirs, and the prelude), by tag (`tagOf`); made when first asked. */
    homes?: Map<string, string>;
    /** The document itself, when the workspace has it (its own definitions come first). */
    document: LangiumDocument | undefined;
}

export class LcpnPieceModels {
    /** Definitions lowered since the last build finished validating (see the file comment). */
    private readonly lowered = new Map<ast.Definition, LoweredDefinition>();
    private forgetting = false;
    /** The scopes whose `keys` hold lookups, to forget them after the build (the table's WeakMap cannot be walked). */
    private readonly filled = new Set<UriScope>();
    /** Per scope table (rebuilt when the workspace changes): document URI -> key -> definition. */
    private readonly resolved = new WeakMap<DefinitionTable, Map<string, UriScope>>();
    /** Per scope table: document URI -> its resolver, so a resolver stays the same function while the workspace does (the engine caches by it). */
    private readonly resolvers = new WeakMap<DefinitionTable, Map<string, PieceResolver>>();
    /**
     * The engine's plans of referenced definitions, kept across workspace states under the
     * definition's AST node (an edit makes new nodes for the definitions it re-reads; lowering is
     * a pure function of the node), so a recheck after an edit recompiles only what reaches a change.
     */
    private readonly keptPlans = new Map<number, KeptPlans>();
    /**
     * Each resolver's plans of referenced definitions, per cap (RefCache.cap: the checks' 2,000
     * parts, the hover's 100,000), shared by every compile with it (its answers never change).
     */
    private readonly planCaches = new WeakMap<PieceResolver, Map<number, RefCache>>();
    /** What each resolver made by `resolverFor` resolves a name to, as the plan caches identify definitions. */
    private readonly identities = new WeakMap<PieceResolver, (key: string) => ast.Definition | undefined>();

    constructor(private readonly services: LcpnServices) {}

    /** Which files a document imports (a file's board may be an imported file's: file-geometry.ts). */
    get imports(): LcpnImports {
        return this.services.lcpn.Imports;
    }

    /**
     * The scope provider, looked up once: each `services.references.ScopeProvider` goes through
     * two of Langium's injection proxies, and every definition's checks ask for a resolver.
     * (Not in the constructor: the services may not all exist yet when this one is made.)
     */
    private scopeProvider: LcpnScopeProvider | undefined;

    private get scopes(): LcpnScopeProvider {
        return this.scopeProvider ??= this.services.references.ScopeProvider as LcpnScopeProvider;
    }

    /**
     * Every named definition of the document, lowered, in source order (a new map each call:
     * for the CLI and whole-file views; the editor's checks ask per definition).
     */
    definitions(document: LangiumDocument): Map<ast.Definition, LoweredDefinition> {
        const result = new Map<ast.Definition, LoweredDefinition>();
        const root = document.parseResult.value as ast.Document;
        for (const node of root.definitions ?? []) {
            const lowered = this.loweredOf(node);
            if (lowered) result.set(node, lowered);
        }
        return result;
    }

    /** The prelude's pieces, lowered, in source order (the standard names of imported movements: notation/standard-names.ts). */
    preludePieces(): PieceDef[] {
        return [...this.definitions(this.services.lcpn.Prelude.document()).values()].map((d) => d.piece);
    }

    /** The lowered form of one definition node (none for a definition without a name). */
    loweredOf(node: ast.Definition): LoweredDefinition | undefined {
        if (!node.name) return undefined;
        let lowered = this.lowered.get(node);
        if (!lowered) {
            const { piece, problems } = lowerDefinition(node);
            lowered = { node, piece, problems };
            this.lowered.set(node, lowered);
            // Forgotten when a build has validated, and when an update starts (a removed document's nodes are not kept).
            this.subscribe();
        }
        return lowered;
    }

    /**
     * Forgets the lowered forms and the remembered lookups once a build has validated (and when an
     * update starts). Subscribed on first use: the builder's services may not exist yet when this one is made.
     */
    private subscribe(): void {
        if (this.forgetting) return;
        this.forgetting = true;
        const builder = this.services.shared.workspace.DocumentBuilder;
        builder.onBuildPhase(DocumentState.Validated, () => this.forget());
        builder.onUpdate(() => this.forget());
    }

    /**
     * A scope's lookups are remembered for the checks of one build (the cycle check asks every name
     * of a file): kept after it, they cost ~0.9 bytes per byte of text, and the next edit makes a new
     * table (hence new scopes) anyway. A later lookup (hover) resolves again: the same answer, since
     * the table is the same. Scopes and resolvers themselves are kept (the engine caches by resolver).
     */
    private forget(): void {
        this.lowered.clear();
        for (const scope of this.filled) {
            scope.keys = new Map();
            scope.homed = new Map();
        }
        this.filled.clear();
    }

    /** The definition a use of `key` in document `uri` resolves to. */
    definitionNode(key: string, uri: string, table = this.definitionTable()): ast.Definition | undefined {
        return this.nodeIn(this.scopeOf(uri, table), key);
    }

    /** What the names used in document `uri` resolve to under `table`, remembered (the document is looked up once). */
    private scopeOf(uri: string, table: DefinitionTable): UriScope {
        let byUri = this.resolved.get(table);
        if (!byUri) this.resolved.set(table, byUri = new Map());
        let scope = byUri.get(uri);
        if (!scope) {
            const documents = this.services.shared.workspace.LangiumDocuments;
            const parsed = URI.parse(uri);
            scope = { uri, keys: new Map(), homed: new Map(), document: documents.hasDocument(parsed) ? documents.getDocument(parsed) : undefined };
            byUri.set(uri, scope);
        }
        return scope;
    }

    private nodeIn(scope: UriScope, key: string): ast.Definition | undefined {
        let node = scope.keys.get(key);
        if (node === undefined) {
            const resolution = this.resolve(key, scope);
            node = (resolution.kind === 'found' && this.load(resolution.target)) || null;
            if (scope.keys.size === 0) {
                this.filled.add(scope);
                this.subscribe();
            }
            scope.keys.set(key, node);
        }
        return node ?? undefined;
    }

    /** Resolution as LcpnScopeProvider decides it; an ambiguous name resolves to nothing. */
    private resolve(key: string, scope: UriScope): Resolution {
        const scopes = this.scopes;
        if (scope.document) return scopes.resolve(key, scope.document);
        return resolveName(scopes.definitionTable().get(normalizeName(key)), scope.uri, scopes.prelude, new Set());
    }

    private definitionTable(): DefinitionTable {
        return this.scopes.definitionTable();
    }

    /**
     * A resolver for the engine, as seen from document `uri`: the same function for as long as the
     * workspace stays the same (its answers never change), a new one after any change.
     */
    resolverFor(uri: string): PieceResolver {
        const table = this.definitionTable();
        let byUri = this.resolvers.get(table);
        if (!byUri) this.resolvers.set(table, byUri = new Map());
        let resolver = byUri.get(uri);
        if (!resolver) {
            const scope = this.scopeOf(uri, table);
            resolver = (key) => {
                const node = this.nodeOf(scope, key, table);
                return node ? this.homed(scope, node, table) : undefined;
            };
            byUri.set(uri, resolver);
            this.identities.set(resolver, (key) => this.nodeOf(scope, key, table));
        }
        return resolver;
    }

    /** Definition `node` as document `uri`'s resolver gives it (a definition of another file read as that file reads it: `homed`). */
    seenFrom(node: ast.Definition, uri: string): PieceDef | undefined {
        const table = this.definitionTable();
        return this.homed(this.scopeOf(uri, table), node, table);
    }

    /**
     * The definition a name means in `scope`: a plain name as the document sees it; a name
     * qualified with its file (`rook@chess.lcpn`, `homed`) as that file sees it.
     */
    private nodeOf(scope: UriScope, key: string, table: DefinitionTable): ast.Definition | undefined {
        const at = key.indexOf(HOME);
        if (at < 0) return this.nodeIn(scope, key);
        const home = this.homesOf(scope).get(key.slice(at + 1));
        return home === undefined ? undefined : this.nodeIn(this.scopeOf(home, table), key.slice(0, at));
    }

    /**
     * Files as modules: a name inside a definition means what it means in the definition's own
     * file. The engine follows names from the document it works for, so a definition of another
     * file (an import's, the prelude's) is given with each name that means another definition
     * here renamed to say its file (`rook@chess.lcpn`: chess's rook, where the document defines a
     * rook of its own); names that mean the same definition in both files stay as written, so
     * what game rules and set-ups name by key is unchanged.
     */
    private homed(scope: UriScope, node: ast.Definition, table: DefinitionTable): PieceDef | undefined {
        const piece = this.loweredOf(node)?.piece;
        if (!piece) return undefined;
        const home = AstUtils.getDocument(node).uri.toString();
        if (home === scope.uri) return piece;
        let renamed = scope.homed.get(node);
        if (!renamed) {
            const there = this.scopeOf(home, table);
            renamed = renameNames(piece, (key) => {
                const meant = this.nodeOf(there, key, table);
                return !meant || meant === this.nodeOf(scope, key, table) ? key : `${key}${HOME}${this.tagOf(home)}`;
            });
            if (scope.keys.size === 0 && scope.homed.size === 0) {
                this.filled.add(scope);
                this.subscribe();
            }
            scope.homed.set(node, renamed);
        }
        return renamed;
    }

    /** How a qualified name says its file: the file's name, normalized (a name may be normalized again on its way), or `prelude`. */
    private tagOf(uri: string): string {
        return this.services.lcpn.Prelude.isPrelude(uri) ? PRELUDE_TAG : normalizeName(fileName(URI.parse(uri)));
    }

    /** The files a document's definitions can come from, by tag: the prelude, its imports and theirs. */
    private homesOf(scope: UriScope): Map<string, string> {
        if (scope.homes) return scope.homes;
        const homes = new Map([[PRELUDE_TAG, this.services.lcpn.Prelude.uri]]);
        const imports = this.imports;
        const queue = scope.document ? [...imports.importedUris(scope.document)] : [];
        for (let i = 0; i < queue.length; i++) {
            const tag = this.tagOf(queue[i]);
            if (homes.has(tag)) continue;
            homes.set(tag, queue[i]);
            const document = imports.documentAt(queue[i]);
            if (document) queue.push(...imports.importedUris(document));
        }
        return scope.homes = homes;
    }

    /**
     * The plan cache of a resolver made by `resolverFor` for compiles capped at `cap`
     * (engine/compile.ts RefCache: the editor's checks compile with the default cap, the hover
     * with the engine's); an empty one, shared with nothing, for any other resolver.
     */
    planCache(resolver: PieceResolver, cap = REFERENCE_MAX_NODES): RefCache {
        const identify = this.identities.get(resolver);
        if (!identify) return new RefCache(undefined, undefined, cap);
        let byCap = this.planCaches.get(resolver);
        if (!byCap) this.planCaches.set(resolver, byCap = new Map());
        let cache = byCap.get(cap);
        if (!cache) {
            let kept = this.keptPlans.get(cap);
            if (!kept) this.keptPlans.set(cap, kept = new KeptPlans());
            byCap.set(cap, cache = new RefCache(kept, identify, cap));
        }
        return cache;
    }

    private load(description: AstNodeDescription): ast.Definition | undefined {
        if (description.node && ast.isDefinition(description.node)) return description.node;
        const documents = this.services.shared.workspace.LangiumDocuments;
        const document = documents.hasDocument(description.documentUri) ? documents.getDocument(URI.parse(description.documentUri.toString())) : undefined;
        if (!document) return undefined;
        const node = this.services.workspace.AstNodeLocator.getAstNode(document.parseResult.value, description.path);
        return node && ast.isDefinition(node) ? node : undefined;
    }
}
