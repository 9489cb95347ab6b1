/**
 * What a definition means to the definitions that use it (issue 12, the incremental
 * validation): its AST without positions. A use reads a definition only through its AST: the
 * engine lowers it (lowering reads only the definition's own AST, lower.ts), the checks
 * read its body's shape (body-kind.ts), and links read its name. Positions reach a user
 * only in diagnostics that point elsewhere (`relatedInformation`, rechecked every time) and in
 * the document's own checks (duplicates, cycles), which are not per definition. So when a
 * re-parsed definition has the same fingerprint as the one it replaces (the splice re-reads the
 * unchanged anchors around an edit; a change of spaces or comments inside a definition), its
 * users need no recheck. What its own references resolve to is not part of it: a change there
 * comes from a changed name that the definition uses, which already reaches its users through it.
 */
import { isAstNode, isReference, type AstNode } from 'langium';
import { reflection, type Definition } from '../syntax/generated/ast.js';
import { allAstNodes } from '../syntax/ast-walk.js';
import { normalizeName } from '../model/names.js';

const fingerprints = new WeakMap<Definition, string>();

/**
 * The definition's AST as text: every node in walk order, each with its type, the index of its
 * container in the walk and the property holding it, and its own values (primitives, and the
 * text of references, never their targets: reading `ref` would link). Two definitions with the
 * same fingerprint have equal ASTs up to positions. Remembered per node (a node never changes).
 */
export function meaningOf(definition: Definition): string {
    let fingerprint = fingerprints.get(definition);
    if (fingerprint !== undefined) return fingerprint;
    const nodes = allAstNodes(definition);
    const index = new Map<AstNode, number>();
    const parts: string[] = [];
    for (let i = 0; i < nodes.length; i++) {
        const node = nodes[i];
        index.set(node, i);
        // The definition's own place in the file is not part of what it means.
        if (node === definition) parts.push(node.$type);
        else parts.push(`${node.$type}@${index.get(node.$container!) ?? -1}.${node.$containerProperty ?? ''}[${node.$containerIndex ?? ''}]`);
        // The grammar's properties only (the generated reflection), never a cache someone hung on the node.
        for (const key of propertiesOf(node.$type)) {
            const value = (node as unknown as Record<string, unknown>)[key];
            parts.push(`${key}=${valueText(value)}`);
        }
        parts.push(';');
    }
    fingerprint = parts.join(' ');
    fingerprints.set(definition, fingerprint);
    return fingerprint;
}

const propertyNames = new Map<string, readonly string[]>();

function propertiesOf(type: string): readonly string[] {
    let names = propertyNames.get(type);
    if (!names) {
        // An unknown type (recovery's `Expr`) has none.
        propertyNames.set(type, names = Object.keys(reflection.getTypeMetaData(type).properties).sort());
    }
    return names;
}

/** A property's own value: child nodes are written where the walk reaches them, so only their place is noted here. */
function valueText(value: unknown): string {
    if (Array.isArray(value)) return `[${value.map(valueText).join(',')}]`;
    if (isReference(value)) return `ref(${JSON.stringify(value.$refText)})`;
    if (isAstNode(value)) return 'node';
    if (value === undefined) return 'undefined';
    return JSON.stringify(value) ?? String(value);
}

/**
 * The normalized names whose meaning an edit changed: the names of the definitions it removed
 * (`removed`, in document order) or added (`added`, likewise), except a name whose removed and
 * added definitions pair up, in order, with equal fingerprints and that no kept definition
 * bears (a kept one could now come first, or no longer). `bearers(key)` lists the document's
 * definitions of that name now.
 */
export function namesWithChangedMeaning(removed: readonly Definition[], added: readonly Definition[], bearers: (key: string) => readonly Definition[]): Set<string> {
    const before = byName(removed);
    const after = byName(added);
    const changed = new Set<string>();
    const fresh = new Set(added);
    for (const key of new Set([...before.keys(), ...after.keys()])) {
        const old = before.get(key) ?? [];
        const now = after.get(key) ?? [];
        const same = old.length === now.length
            && bearers(key).every((definition) => fresh.has(definition))
            && old.every((definition, i) => meaningOf(definition) === meaningOf(now[i]));
        if (!same) changed.add(key);
    }
    return changed;
}

/** Named definitions grouped by normalized name, in the given order (the cutoff and the meaning comparison both use it). */
export function byName(definitions: readonly Definition[]): Map<string, Definition[]> {
    const result = new Map<string, Definition[]>();
    for (const definition of definitions) {
        if (!definition.name) continue;
        const key = normalizeName(definition.name);
        const list = result.get(key);
        if (list) list.push(definition); else result.set(key, [definition]);
    }
    return result;
}
