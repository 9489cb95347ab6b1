/**
 * The document's checks of its names: a definition after the first complete one of its name
 * (names compared normalized) is a duplicate, and a definition that its name resolves to and
 * whose movement refers back to itself through piece names is cyclic (model/cycles.ts).
 */
import type { LangiumDocument } from 'langium';
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

/** The document's definitions that their names resolve to and that lie on a cycle of uses, in document order. */
export function cyclicDefinitions(document: LangiumDocument, models: LcpnPieceModels): Cyclic[] {
    const root = document.parseResult.value as ast.Document;
    const uri = document.uri.toString();
    const resolve = models.resolverFor(uri);
    const keys = new Set(root.definitions.filter((d) => d.name).map((d) => normalizeName(d.name)));
    const edges = (key: string) => {
        const body = resolve(key)?.body;
        return body ? [...new Set(references(body))] : [];
    };
    const cycles = findCycles(keys, edges);
    const cyclic: Cyclic[] = [];
    for (const key of keys) {
        const cycle = cycles.get(key);
        // Only the definition a name resolves to is part of the graph; a later duplicate is not.
        const definition = cycle && models.definitionNode(key, uri);
        if (cycle && definition && definition.$container === root) cyclic.push({ definition, cycle });
    }
    return cyclic.sort((a, b) => (a.definition.$cstNode?.offset ?? 0) - (b.definition.$cstNode?.offset ?? 0));
}
