/**
 * The board a document declares, for the hover, the diagram panel and the CLI: the first
 * `board` declaration among the document's definitions, else its imports' (file-geometry.ts),
 * resolved into the engine's `Rules` through the document's Resolver (zones are found by the
 * namespace rule, like pieces). Absent when there is none: callers then keep today's board.
 */
import type { LangiumDocument } from 'langium';
import type { LcpnPieceModels } from './piece-models.js';
import type { Rules, Zone } from '../engine/board.js';
import type { EngineProblem } from '../engine/plan.js';
import { boardRules, resolveZone, type BoardDeclaration } from '../engine/rules.js';
import type * as ast from '../syntax/generated/ast.js';
import { fileBoard } from './file-geometry.js';
import { bodyKind } from './body-kind.js';

export interface DeclaredBoard {
    /** The definition that declares the board. */
    node: ast.Definition;
    /** Its normalized name. */
    key: string;
    /** The declaration as written (clauses by name), e.g. for the notations' export of what is lost. */
    declaration: BoardDeclaration;
    rules: Rules;
    /** Clauses that could not be applied (a zone that is not defined). */
    problems: EngineProblem[];
}

/** The board declared in `document`, or undefined. Every zone the document defines is in `rules.zones` (for drawing). */
export function declaredBoard(models: LcpnPieceModels, document: LangiumDocument): DeclaredBoard | undefined {
    const declaring = fileBoard(models, document);
    const declaration = declaring?.piece.declaration;
    if (!declaring || declaration?.kind !== 'board') return undefined;
    const resolve = models.resolverFor(document.uri.toString());
    const { rules, problems } = boardRules(declaration, resolve);
    const zones = new Map<string, Zone>(rules.zones.map((z) => [z.key, z]));
    // Only zone-shaped bodies are lowered (body-kind.ts reads the shape without linking).
    for (const node of (document.parseResult.value as ast.Document).definitions ?? []) {
        const piece = node.body && bodyKind(node.body) === 'zone' ? models.loweredOf(node)?.piece : undefined;
        if (piece?.declaration?.kind !== 'zone' || zones.has(piece.key)) continue;
        const zone = resolveZone(piece.key, resolve, rules.board);
        // A name the namespace resolves elsewhere (an ambiguous one) is not this file's zone.
        if (zone) zones.set(piece.key, zone);
    }
    return { node: declaring.node, key: declaring.piece.key, declaration, rules: { ...rules, zones: [...zones.values()] }, problems };
}
