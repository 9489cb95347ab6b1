/**
 * The document's checks of its names, duplicate definitions and cyclic definitions, as state
 * kept per document: computed in full for a document root the first time a check asks, or
 * carried to a new root after an edit (issue 12). `carry` gets the names the edit changed (the
 * splice history's, incremental-parse.ts) and touches only those: the definitions bearing
 * them, their edges in the graph of uses, and the cycles through the keys whose edges changed.
 * The answers equal a full computation's, in the same order (the property test,
 * server/test/incremental/document-edits.test.ts, compares every edit with a fresh build).
 *
 * Why carrying is exact. Duplicates: a definition's duplicate warning depends only on the
 * complete definitions of its own name, and only the changed names gained or lost some (a
 * kept definition keeps its name). Cycles: a key's edges are the names its resolved body
 * refers to, so they can differ only for changed names (the edit was the only change in the
 * workspace: LcpnDocumentBuilder.isEditedAlone; the validator forgets this state otherwise).
 * Let C be the keys whose edges differ. A key whose component contains no key of C, before and
 * after, has the same component with the same edges, hence the same cycle. Every other key is
 * in the old component of a key of C or in its new one, which that key reaches: a search from C
 * and the old components of C visits them all, and answers for every key it visits exactly as a
 * search from every key would (model/cycles.ts). The search's keys keep the graph closed under
 * edges (every key it holds has its targets in it), which the next search relies on.
 */
import type { AstNodeDescription, LangiumDocument } from 'langium';
import type * as ast from '../syntax/generated/ast.js';
import { incompleteDefinitions } from '../syntax/incomplete.js';
import { parseId } from '../syntax/incremental-parse.js';
import { ownString } from '../syntax/own-string.js';
import type { LcpnPieceModels } from './piece-models.js';
import { cycleComponents, references } from '../model/cycles.js';
import { normalizeName } from '../model/names.js';
import type { Move } from '../model/piece.js';

/** A definition after the first complete definition of its name (names compared normalized). */
export interface Duplicate {
    definition: ast.Definition;
    first: ast.Definition;
}

/** A definition that its name resolves to and that lies on a cycle. */
export interface Cyclic {
    definition: ast.Definition;
    cycle: readonly string[];
}

/** What the checks keep for one document root. */
interface State {
    root: ast.Document;
    parse: number;
    uri: string;
    /** No incomplete definition: only such a state is carried (a clean file's definitions are all complete). */
    clean: boolean;
    definitions: readonly ast.Definition[];
    /**
     * Every complete definition after the first of its name -> that first one. A document's
     * complete definitions of a name are not kept here: the index's name table has them, in
     * document order (a map of them here was ~0.6x the text).
     */
    duplicates: Map<ast.Definition, ast.Definition>;
    /**
     * The graph of uses as far as searched: key -> the keys its resolved body refers to, joined
     * by EDGE ('' for none: a string, not an array per key). Keys and single names are the
     * index's strings where it has them (one string per name, not one per table).
     */
    edges: Map<string, string>;
    /** Key on a cycle -> one cycle through it, and the members of its component. */
    cycles: Map<string, readonly string[]>;
    components: Map<string, readonly string[]>;
    /** Cyclic key of this document -> the definition it resolves to (the one reported). */
    cyclic: Map<string, ast.Definition>;
}

/** Separates a key's edges in State.edges (names have no line breaks). */
const EDGE = '\n';

/** What the checks read of the index (LcpnIndexManager): its name table. */
export interface NameIndex {
    /** The exported (complete) definitions of a normalized name, each document's in its order. */
    definitionsNamed(key: string): readonly AstNodeDescription[] | undefined;
    /** The table's own string for a normalized name, if it has the name. */
    keyString(key: string): string | undefined;
}

/** How many carries and full computations were made (read by tests). */
export const nameCheckStats = { carried: 0, computed: 0 };

export class NameChecks {
    private states = new WeakMap<LangiumDocument, State>();
    /** Set when the services are made (module.ts). */
    index: NameIndex | undefined;

    constructor(private readonly models: LcpnPieceModels) { }

    /**
     * One string per name: the index's when it has the name (names shorter than 13 characters:
     * a longer one may be a slice of a text, which a table outliving its definition must not keep).
     */
    private keyString(key: string): string {
        return ownString(this.index?.keyString(key) ?? key);
    }

    /**
     * The names a body refers to, joined by EDGE. Not remembered per body: State.edges keeps each
     * key's answer for as long as the state lives, and a body is a lowered model that the next build
     * lowers anew (a table per body cost ~0.5 bytes of heap per byte of text for no later hit).
     */
    private edgesOfBody(body: Move, joins?: Map<string, string>): string {
        const keys = [...new Set(references(body))];
        // A single name is the table's; a join of several is a new string, one per distinct join
        // in a full computation (`joins`: a file's bodies refer to the same few sets of names,
        // ~0.45x the text kept otherwise).
        if (keys.length === 1) return this.keyString(keys[0]);
        const joined = keys.join(EDGE);
        if (!joins) return joined;
        const known = joins.get(joined);
        if (known !== undefined) return known;
        joins.set(joined, joined);
        return joined;
    }

    /** The document's complete definitions of `key`, in document order (the index's, or the root's when there is no index). */
    private definitionsOf(state: State, key: string): ast.Definition[] {
        if (!this.index) return state.definitions.filter((d) => d.name && normalizeName(d.name) === key);
        const list: ast.Definition[] = [];
        for (const description of this.index.definitionsNamed(key) ?? []) {
            if (description.documentUri.toString() === state.uri && description.node) list.push(description.node as ast.Definition);
        }
        return inDocumentOrder(list);
    }

    /** The definitions after the first of their name, in document order. */
    duplicates(document: LangiumDocument): Duplicate[] {
        const state = this.stateOf(document);
        return inDocumentOrder([...state.duplicates.keys()]).map((definition) => ({ definition, first: state.duplicates.get(definition)! }));
    }

    /** The definitions on a cycle that their names resolve to, in document order. */
    cyclic(document: LangiumDocument): Cyclic[] {
        const state = this.stateOf(document);
        return inDocumentOrder([...state.cyclic.values()]).map((definition) => ({ definition, cycle: state.cycles.get(normalizeName(definition.name))! }));
    }

    /**
     * Carries the state of an earlier root of this document to its current root, given the
     * names changed since that root's parse (`namesSince(parse)`, undefined when unknown or when
     * anything else may have changed: then the state is computed afresh when asked). Called by
     * the incremental validator before the document's checks run.
     */
    carry(document: LangiumDocument, namesSince: (parse: number) => ReadonlySet<string> | undefined): void {
        const state = this.states.get(document);
        const root = document.parseResult.value as ast.Document;
        if (!state || state.root === root) return;
        const names = state.clean ? namesSince(state.parse) : undefined;
        if (names && this.tryCarry(state, root, document, names)) nameCheckStats.carried++;
        else this.states.delete(document);
    }

    /** Forgets a document's state (or every document's): its names may mean something else now. */
    forget(document?: LangiumDocument): void {
        if (document) this.states.delete(document);
        else this.states = new WeakMap();
    }

    private stateOf(document: LangiumDocument): State {
        const root = document.parseResult.value as ast.Document;
        let state = this.states.get(document);
        if (!state || state.root !== root) this.states.set(document, state = this.compute(document));
        return state;
    }

    private compute(document: LangiumDocument): State {
        nameCheckStats.computed++;
        const root = document.parseResult.value as ast.Document;
        const uri = document.uri.toString();
        const incomplete = incompleteDefinitions(document);
        const state: State = {
            root, parse: parseId(document.parseResult), uri, clean: incomplete.size === 0, definitions: root.definitions,
            duplicates: new Map(), edges: new Map(), cycles: new Map(), components: new Map(), cyclic: new Map()
        };
        // Uses resolve to the first complete definition: one with a syntax error on its lines is not "the first".
        const keys: string[] = [];
        const firsts = new Map<string, ast.Definition>();
        for (const definition of root.definitions) {
            if (!definition.name) continue;
            const key = normalizeName(definition.name);
            keys.push(key);
            if (incomplete.has(definition)) continue;
            const first = firsts.get(key);
            if (first === undefined) firsts.set(key, definition);
            else state.duplicates.set(definition, first);
        }
        const search = cycleComponents(keys, this.edgesIn(state, new Map()));
        state.cycles = search.cycles;
        state.components = search.components;
        // Only the definition a name resolves to is part of the graph; a later duplicate is not.
        for (const key of new Set(keys)) this.report(state, key);
        return state;
    }

    /** Carrying is an optimisation: if it fails on a case nobody foresaw, the state is computed afresh (never half carried). */
    private tryCarry(state: State, root: ast.Document, document: LangiumDocument, names: ReadonlySet<string>): boolean {
        try {
            return this.carryTo(state, root, document, names);
        } catch (error) {
            console.error('lcpn: carrying the name checks failed; computing them afresh', error);
            return false;
        }
    }

    /** The state carried to `root` (false: compute it afresh). */
    private carryTo(state: State, root: ast.Document, document: LangiumDocument, names: ReadonlySet<string>): boolean {
        const { removed, added } = difference(state.definitions, root.definitions);
        // A new definition without a name or a body is incomplete: the clean state no longer holds.
        if (added.some((d) => !d.name || !d.body || !d.$cstNode)) return false;
        const touched = new Set(names);
        for (const definition of removed) if (definition.name) touched.add(normalizeName(definition.name));
        for (const definition of added) touched.add(normalizeName(definition.name));
        const gone = new Set(removed);
        state.root = root;
        state.parse = parseId(document.parseResult);
        state.definitions = root.definitions;

        // Duplicates: the definitions of each touched name, again (the index has the document's, as they are now).
        for (const [definition] of state.duplicates) {
            if (gone.has(definition) || touched.has(normalizeName(definition.name))) state.duplicates.delete(definition);
        }
        const defined = new Set<string>();
        for (const key of touched) {
            const list = this.definitionsOf(state, key);
            if (list.length > 0) defined.add(key);
            for (let i = 1; i < list.length; i++) state.duplicates.set(list[i], list[0]);
        }

        // Cycles: new edges for the touched keys in the graph, a search from those that changed.
        const resolve = this.models.resolverFor(state.uri);
        const changed: string[] = [];
        for (const key of touched) {
            const had = state.edges.get(key);
            if (had === undefined && !defined.has(key)) continue; // not in the graph, not a definition of this document
            const body = resolve(key)?.body;
            const now = body ? this.edgesOfBody(body) : '';
            if (had === now) continue;
            state.edges.set(state.edges.has(key) ? key : this.keyString(key), now);
            changed.push(key);
        }
        const reported = new Set(touched);
        if (changed.length > 0) {
            const starts = new Set(changed);
            for (const key of changed) for (const member of state.components.get(key) ?? []) starts.add(member);
            const search = cycleComponents(starts, this.edgesIn(state));
            for (const key of search.visited.keys()) {
                const before = state.cycles.get(key);
                const after = search.cycles.get(key);
                if (after) {
                    state.cycles.set(key, after);
                    state.components.set(key, search.components.get(key)!);
                } else if (before) {
                    state.cycles.delete(key);
                    state.components.delete(key);
                }
                if (!sameList(before, after)) reported.add(key);
            }
        }
        for (const key of reported) this.report(state, key);
        return true;
    }

    /** Which definition of this document is reported for a key on a cycle (none when the key is on none). */
    private report(state: State, key: string): void {
        state.cyclic.delete(key);
        if (!state.cycles.has(key)) return;
        const definition = this.models.definitionNode(key, state.uri);
        if (definition && definition.$container === state.root) state.cyclic.set(key, definition);
    }

    /** The state's edges, each computed when first asked (the names the key's resolved body refers to). */
    private edgesIn(state: State, joins?: Map<string, string>): (key: string) => string[] {
        const resolve = this.models.resolverFor(state.uri);
        return (key) => {
            let list = state.edges.get(key);
            if (list === undefined) {
                const body = resolve(key)?.body;
                state.edges.set(this.keyString(key), list = body ? this.edgesOfBody(body, joins) : '');
            }
            return list === '' ? [] : list.split(EDGE);
        };
    }
}


/** The definitions of `before` that `after` no longer holds, and those it holds anew (the kept ones are the same objects, in the same order). */
export function difference(before: readonly ast.Definition[], after: readonly ast.Definition[]): { removed: ast.Definition[]; added: ast.Definition[] } {
    let start = 0;
    while (start < before.length && start < after.length && before[start] === after[start]) start++;
    let end = 0;
    while (end < before.length - start && end < after.length - start && before[before.length - 1 - end] === after[after.length - 1 - end]) end++;
    const old = before.slice(start, before.length - end);
    const now = after.slice(start, after.length - end);
    if (old.length === 0 || now.length === 0) return { removed: old, added: now };
    const oldSet = new Set(old);
    const nowSet = new Set(now);
    return { removed: old.filter((d) => !nowSet.has(d)), added: now.filter((d) => !oldSet.has(d)) };
}

function inDocumentOrder(definitions: ast.Definition[]): ast.Definition[] {
    if (definitions.length < 2) return definitions;
    return definitions.map((d) => ({ d, at: d.$cstNode?.offset ?? 0 })).sort((a, b) => a.at - b.at).map(({ d }) => d);
}

function sameList(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
    if (a === b) return true;
    if (!a || !b || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
    return true;
}

const checksByModels = new WeakMap<LcpnPieceModels, NameChecks>();

/** The name checks of one set of services (the validator's checks and the incremental validator share them); `index` given once, when the services are made. */
export function nameChecksFor(models: LcpnPieceModels, index?: NameIndex): NameChecks {
    let checks = checksByModels.get(models);
    if (!checks) checksByModels.set(models, checks = new NameChecks(models));
    if (index) checks.index = index;
    return checks;
}
