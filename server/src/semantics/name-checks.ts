/**
 * The document's checks of its names: a definition after the first complete one of its name
 * (names compared normalized) is a duplicate, and a definition that its name resolves to and
 * whose movement refers back to itself through piece names is cyclic (model/cycles.ts).
 */
import { AstUtils, type LangiumDocument } from 'langium';
import type * as ast from '../syntax/generated/ast.js';
import { incompleteDefinitions } from '../syntax/incomplete.js';
import type { LcpnPieceModels } from './piece-models.js';
import { findCycles, references } from '../model/cycles.js';
import { normalizeName } from '../model/names.js';

/** A definition after the first complete definition of its name. */
export interface Duplicate {
    definition: ast.Definition;
    first: ast.Definition;
}

/** A definition that its name resolves to and that lies on a cycle. */
export interface Cyclic {
    definition: ast.Definition;
    cycle: readonly string[];
}

/** The complete definitions after the first complete one of their name, in document order. */
export function duplicateDefinitions(document: LangiumDocument): Duplicate[] {
    const root = document.parseResult.value as ast.Document;
    // Uses resolve to the first complete definition: one with a syntax error on its lines is not "the first".
    const incomplete = incompleteDefinitions(document);
    const firsts = new Map<string, ast.Definition>();
    const duplicates: Duplicate[] = [];
    for (const definition of root.definitions) {
        if (!definition.name || incomplete.has(definition)) continue;
        const key = normalizeName(definition.name);
        const first = firsts.get(key);
        if (first) duplicates.push({ definition, first });
        else firsts.set(key, definition);
    }
    return duplicates;
}

/**
 * The document's definitions that their names resolve to and that lie on a cycle of uses, in
 * document order. The graph's nodes are definitions, and a name in a definition is resolved as
 * its own file sees it (files as modules: a cycle may pass through imported files, each of which
 * sees other names).
 */
export function cyclicDefinitions(document: LangiumDocument, models: LcpnPieceModels): Cyclic[] {
    const root = document.parseResult.value as ast.Document;
    const uri = document.uri.toString();
    const ids = new Map<ast.Definition, string>();
    const nodes: ast.Definition[] = [];
    const idOf = (node: ast.Definition): string => {
        let id = ids.get(node);
        if (id === undefined) {
            ids.set(node, id = String(nodes.length));
            nodes.push(node);
        }
        return id;
    };
    const edges = (id: string): string[] => {
        const node = nodes[Number(id)];
        const body = models.loweredOf(node)?.piece.body;
        if (!body) return [];
        const from = AstUtils.getDocument(node).uri.toString();
        const targets: string[] = [];
        for (const key of new Set(references(body))) {
            const target = models.definitionNode(key, from);
            if (target) targets.push(idOf(target));
        }
        return targets;
    };
    // Only the definition a name resolves to is part of the graph; a later duplicate is not.
    const starts = new Set<ast.Definition>();
    for (const definition of root.definitions) {
        const resolved = definition.name ? models.definitionNode(normalizeName(definition.name), uri) : undefined;
        if (resolved && resolved.$container === root) starts.add(resolved);
    }
    const cycles = findCycles([...starts].map(idOf), edges);
    const cyclic: Cyclic[] = [];
    for (const definition of starts) {
        const cycle = cycles.get(idOf(definition));
        if (cycle) cyclic.push({ definition, cycle: cycle.map((id) => normalizeName(nodes[Number(id)].name)) });
    }
    return cyclic.sort((a, b) => (a.definition.$cstNode?.offset ?? 0) - (b.definition.$cstNode?.offset ?? 0));
}
