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
import type * as ast from './generated/ast.js';
import { difference } from './lcpn-name-checks.js';
import { normalizeName } from '../model/names.js';

export class DefinitionUses {
    private definitions: readonly ast.Definition[] = [];
    /** Word -> the definitions whose text has it. */
    private readonly users_ = new Map<string, ast.Definition[]>();
    /** Normalized name -> the definitions bearing it. */
    private readonly named = new Map<string, ast.Definition[]>();

    constructor(definitions: readonly ast.Definition[]) {
        this.update(definitions);
    }

    /** Follows the document's definitions now (the kept ones are the same objects as before). */
    update(definitions: readonly ast.Definition[]): void {
        const { removed, added } = difference(this.definitions, definitions);
        for (const definition of removed) {
            for (const word of wordsOf(definition)) remove(this.users_, word, definition);
            if (definition.name) remove(this.named, normalizeName(definition.name), definition);
        }
        for (const definition of added) {
            for (const word of wordsOf(definition)) add(this.users_, word, definition);
            if (definition.name) add(this.named, normalizeName(definition.name), definition);
        }
        this.definitions = definitions;
    }

    /** The definitions whose text has `word` (a normalized name), in no particular order. */
    users(word: string): readonly ast.Definition[] {
        return this.users_.get(word) ?? [];
    }

    /** The definitions bearing `key` (a normalized name), in no particular order. */
    bearers(key: string): readonly ast.Definition[] {
        return this.named.get(key) ?? [];
    }

    /**
     * The definitions whose diagnostics may have changed: the `fresh` ones (re-parsed), and
     * those bearing or using a name whose meaning `changed`, through any chain of uses (a
     * definition reached this way means something else now when the name it uses does). A fresh
     * definition's own name is not followed unless it is among `changed`: re-read with the same
     * meaning (lcpn-definition-meaning.ts), it changes nothing for its users.
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
            for (const list of [this.users_.get(name), this.named.get(name)]) {
                for (const definition of list ?? []) {
                    if (reached.has(definition)) continue;
                    reached.add(definition);
                    affected.add(definition);
                    if (definition.name) queue.push(normalizeName(definition.name));
                }
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

function add(map: Map<string, ast.Definition[]>, key: string, definition: ast.Definition): void {
    const list = map.get(key);
    if (list) list.push(definition); else map.set(key, [definition]);
}

/**
 * Lists are in no order, so the entry is swapped with the last one and popped. Searched from the
 * end: the definitions an edit removes are mostly the ones the edit before it added (typing
 * re-reads the same definitions), and a common word's list holds most of the file.
 */
function remove(map: Map<string, ast.Definition[]>, key: string, definition: ast.Definition): void {
    const list = map.get(key);
    const at = list ? list.lastIndexOf(definition) : -1;
    if (at < 0) return;
    if (list!.length === 1) {
        map.delete(key);
        return;
    }
    list![at] = list![list!.length - 1];
    list!.pop();
}

/** Every word of a definition's text that could name a definition, normalized (remembered per definition node). */
export function wordsOf(definition: ast.Definition): ReadonlySet<string> {
    let words = wordCache.get(definition);
    if (words) return words;
    const found = new Set<string>();
    words = found;
    const text = definition.$cstNode?.text ?? '';
    for (const match of text.matchAll(/[$]?[A-Za-z_\u00C0-\uFFFF][\w\u00C0-\uFFFF-]*/g)) {
        const word = match[0].replace(/-+$/, '');
        found.add(normalizeName(word));
    }
    // Words of strings joined as a name could be written: "after crossing river" -> after-crossing-river.
    for (const match of text.matchAll(/"((?:[^"\\]|\\.)*)"/g)) found.add(normalizeName(match[1].trim().replace(/\s+/g, '-')));
    wordCache.set(definition, words);
    return words;
}

const wordCache = new WeakMap<ast.Definition, ReadonlySet<string>>();
