/**
 * The bridge from Langium documents to the piece model: each definition lowered on demand
 * (lowering reads only the definition's own AST, so any lowering of a node is as good as
 * another), and a Resolver that looks names up the
 * way linking does (LcpnScopeProvider.resolve: an ambiguous name resolves to nothing), for the engine. Lookups are
 * remembered per scope table: the cycle check asks for every name of a file, and hovers
 * resolve the same names again and again.
 *
 * Lowered forms are remembered weakly (a WeakRef per definition node): the checks of one build
 * ask for a definition's model several times (cycles, engine, references from other
 * definitions), but nothing needs them once the diagnostics are computed, and keeping every
 * model of a 1 MB file cost ~20 bytes of heap per byte of text. The garbage collector drops
 * them when nothing uses them; a later request lowers that definition again (microseconds).
 */
import { URI, type AstNodeDescription, type LangiumDocument } from 'langium';
import type { LangiumServices } from 'langium/lsp';
import * as ast from './generated/ast.js';
import { resolveName, type DefinitionTable, type LcpnScopeProvider, type Resolution } from './lcpn-scope-provider.js';
import { lowerDefinition, type LoweringProblem } from '../model/lower.js';
import { normalizeName } from '../model/names.js';
import type { PieceDef } from '../model/piece.js';

export interface LoweredDefinition {
    node: ast.Definition;
    piece: PieceDef;
    problems: LoweringProblem[];
}

/** Looks a normalized piece name up; the engine's view of scoping. */
export type PieceResolver = (key: string) => PieceDef | undefined;

export class LcpnPieceModels {
    private readonly loweredNodes = new WeakMap<ast.Definition, WeakRef<LoweredDefinition>>();
    /** Per scope table (rebuilt when the workspace changes): document URI -> key -> definition. */
    private readonly resolved = new WeakMap<DefinitionTable, Map<string, Map<string, ast.Definition | null>>>();
    /** Per scope table: document URI -> its resolver, so a resolver stays the same function while the workspace does (the engine caches by it). */
    private readonly resolvers = new WeakMap<DefinitionTable, Map<string, PieceResolver>>();

    constructor(private readonly services: LangiumServices) {}

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

    /** The lowered form of one definition node (none for a definition without a name). */
    loweredOf(node: ast.Definition): LoweredDefinition | undefined {
        if (!node.name) return undefined;
        let lowered = this.loweredNodes.get(node)?.deref();
        if (!lowered) {
            const { piece, problems } = lowerDefinition(node);
            lowered = { node, piece, problems };
            this.loweredNodes.set(node, new WeakRef(lowered));
        }
        return lowered;
    }

    /** The definition a use of `key` in document `uri` resolves to. */
    definitionNode(key: string, uri: string, table = this.definitionTable()): ast.Definition | undefined {
        let byUri = this.resolved.get(table);
        if (!byUri) this.resolved.set(table, byUri = new Map());
        let byKey = byUri.get(uri);
        if (!byKey) byUri.set(uri, byKey = new Map());
        let node = byKey.get(key);
        if (node === undefined) {
            const resolution = this.resolve(key, uri);
            node = (resolution.kind === 'found' && this.load(resolution.target)) || null;
            byKey.set(key, node);
        }
        return node ?? undefined;
    }

    /** Resolution as LcpnScopeProvider decides it; an ambiguous name resolves to nothing. */
    private resolve(key: string, uri: string): Resolution {
        const scopes = this.services.references.ScopeProvider as LcpnScopeProvider;
        const documents = this.services.shared.workspace.LangiumDocuments;
        const parsed = URI.parse(uri);
        if (documents.hasDocument(parsed)) return scopes.resolve(key, documents.getDocument(parsed)!);
        return resolveName(scopes.definitionTable().get(normalizeName(key)), uri);
    }

    private definitionTable(): DefinitionTable {
        return (this.services.references.ScopeProvider as LcpnScopeProvider).definitionTable();
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
            resolver = (key) => {
                const node = this.definitionNode(key, uri, table);
                return node ? this.loweredOf(node)?.piece : undefined;
            };
            byUri.set(uri, resolver);
        }
        return resolver;
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
