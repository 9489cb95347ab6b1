/**
 * Which definitions of a document can see a name (issue 12, the incremental validation): a
 * definition uses any word of its text that could name a definition: names, keywords
 * (`:within-fortress` names a zone), the words of strings joined by `-` (conditions named in
 * words). Kept per document and updated with the definitions an edit removed and added, so an
 * edit costs the words of the changed definitions, not the file's. The incremental validator
 * asks which definitions a changed name reaches; find references, which definitions can hold
 * a keyword naming a definition.
 */
import type { LangiumDocument } from 'langium';
import type * as ast from '../syntax/generated/ast.js';
import { difference } from './name-checks.js';
import { ownString } from '../syntax/own-string.js';
import { normalizeName } from '../model/names.js';

/** The definitions under one word: one, or a list of two or more (most words have one or a few). */
type Entry = ast.Definition | ast.Definition[];

export class DefinitionUses {
    private definitions: readonly ast.Definition[] = [];
    /**
     * Word -> the definitions whose text has it. Nothing is kept per definition: the words of a
     * removed definition are read again from its text, which never changes (a splice moves
     * kept nodes, never a removed one). A word is copied when it enters (own-string.ts).
     */
    private readonly users_ = new Map<string, Entry>();

    constructor(definitions: readonly ast.Definition[]) {
        this.update(definitions);
    }

    /** Follows the document's definitions now (the kept ones are the same objects as before). */
    update(definitions: readonly ast.Definition[]): void {
        const { removed, added } = difference(this.definitions, definitions);
        for (const definition of removed) for (const word of wordsOf(definition)) remove(this.users_, word, definition);
        for (const definition of added) for (const word of wordsOf(definition)) add(this.users_, word, definition);
        this.definitions = definitions;
    }

    /** The definitions whose text has `word` (a normalized name), in no particular order. */
    users(word: string): readonly ast.Definition[] {
        const entry = this.users_.get(word);
        if (entry === undefined) return [];
        // Only the document's definitions now (a removed one whose words were not read back as added would linger).
        const root = this.definitions[0]?.$container;
        if (!Array.isArray(entry)) return entry.$container === root ? [entry] : [];
        return entry.every((definition) => definition.$container === root) ? entry : entry.filter((definition) => definition.$container === root);
    }

    /** The definitions bearing `key` (a normalized name), in no particular order: a definition's name is a word of its text. */
    bearers(key: string): readonly ast.Definition[] {
        return this.users(key).filter((definition) => definition.name && normalizeName(definition.name) === key);
    }

    /**
     * The definitions whose diagnostics may have changed: the `fresh` ones (re-parsed), and
     * those bearing or using a name whose meaning `changed`, through any chain of uses (a
     * definition reached this way means something else now when the name it uses does). A fresh
     * definition's own name is not followed unless it is among `changed`: re-read with the same
     * meaning (definition-meaning.ts), it changes nothing for its users.
     */
    affected(changed: Iterable<string>, fresh: readonly ast.Definition[]): Set<ast.Definition> {
        const affected = new Set<ast.Definition>(fresh);
        const queue = [...changed];
        const seen = new Set<string>();
        const reached = new Set<ast.Definition>();
        while (queue.length > 0) {
            const name = queue.pop()!;
            if (seen.has(name)) continue;
            seen.add(name);
            // A bearer of the name has it among its words.
            for (const definition of this.users(name)) {
                if (reached.has(definition)) continue;
                reached.add(definition);
                affected.add(definition);
                if (definition.name) queue.push(normalizeName(definition.name));
            }
        }
        return affected;
    }
}

const byDocument = new WeakMap<LangiumDocument, DefinitionUses>();

/** The uses of a document's definitions as it is now (built at the first call, then updated by what changed). */
export function definitionUses(document: LangiumDocument): DefinitionUses {
    const definitions = (document.parseResult.value as ast.Document).definitions ?? [];
    let uses = byDocument.get(document);
    if (uses) uses.update(definitions); else byDocument.set(document, uses = new DefinitionUses(definitions));
    return uses;
}

/** Small lists are copied at their exact size (`concat`: a push or a spread reserves room for more). */
function add(map: Map<string, Entry>, key: string, definition: ast.Definition): void {
    const entry = map.get(key);
    if (entry === undefined) map.set(ownString(key), definition);
    else if (!Array.isArray(entry)) map.set(key, [entry, definition]);
    else if (entry.length < 16) map.set(key, entry.concat(definition));
    else entry.push(definition);
}

/**
 * Lists are in no order, so the entry is swapped with the last one and popped. Searched from the
 * end: the definitions an edit removes are mostly the ones the edit before it added (typing
 * re-reads the same definitions), and a common word's list holds most of the file.
 */
function remove(map: Map<string, Entry>, key: string, definition: ast.Definition): void {
    const entry = map.get(key);
    if (entry === undefined) return;
    if (!Array.isArray(entry)) {
        if (entry === definition) map.delete(key);
        return;
    }
    const at = entry.lastIndexOf(definition);
    if (at < 0) return;
    if (entry.length === 2) {
        map.set(key, entry[1 - at]);
        return;
    }
    entry[at] = entry[entry.length - 1];
    entry.pop();
}

/** Every word of a definition's text that could name a definition, normalized (read from the text each time: nothing kept per definition). */
export function wordsOf(definition: ast.Definition): ReadonlySet<string> {
    const found = new Set<string>();
    const text = definition.$cstNode?.text ?? '';
    for (const match of text.matchAll(/[$]?[A-Za-z_\u00C0-\uFFFF][\w\u00C0-\uFFFF-]*/g)) {
        const word = match[0].replace(/-+$/, '');
        found.add(normalizeName(word));
    }
    // Words of strings joined as a name could be written: "after crossing river" -> after-crossing-river.
    for (const match of text.matchAll(/"((?:[^"\\]|\\.)*)"/g)) found.add(normalizeName(match[1].trim().replace(/\s+/g, '-')));
    return found;
}
