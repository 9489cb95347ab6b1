/**
 * The bridge from Langium documents to the piece model: each document's definitions
 * lowered once per document version (DocumentCache), and a Resolver that looks names up
 * the way linking does (same table, same preference order), for the engine.
 */
import { AstUtils, DocumentCache, URI, type AstNodeDescription, type LangiumDocument } from 'langium';
import type { LangiumServices } from 'langium/lsp';
import * as ast from './generated/ast.js';
import { LcpnScopeProvider, preferredDefinition } from './lcpn-scope-provider.js';
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
    private readonly lowered: DocumentCache<string, Map<ast.Definition, LoweredDefinition>>;

    constructor(private readonly services: LangiumServices) {
        this.lowered = new DocumentCache(services.shared);
    }

    /** Every definition of the document, lowered, in source order. */
    definitions(document: LangiumDocument): Map<ast.Definition, LoweredDefinition> {
        return this.lowered.get(document.uri, 'definitions', () => {
            const result = new Map<ast.Definition, LoweredDefinition>();
            const root = document.parseResult.value as ast.Document;
            for (const node of root.definitions ?? []) {
                if (!node.name) continue;
                const { piece, problems } = lowerDefinition(node);
                result.set(node, { node, piece, problems });
            }
            return result;
        });
    }

    /** The lowered form of one definition node. */
    loweredOf(node: ast.Definition): LoweredDefinition | undefined {
        return this.definitions(AstUtils.getDocument(node)).get(node);
    }

    /** The definition a use of `key` in document `uri` resolves to. */
    definitionNode(key: string, uri: string): ast.Definition | undefined {
        const scope = this.services.references.ScopeProvider as LcpnScopeProvider;
        const candidates = scope.definitionTable().get(normalizeName(key));
        const description = candidates && preferredDefinition(candidates, uri);
        return description ? this.load(description) : undefined;
    }

    /** A resolver for the engine, as seen from document `uri`. */
    resolverFor(uri: string): PieceResolver {
        return (key) => {
            const node = this.definitionNode(key, uri);
            return node ? this.loweredOf(node)?.piece : undefined;
        };
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
