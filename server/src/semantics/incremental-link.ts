/**
 * Linking after an edit without relinking the whole document (issue 12; docs/incremental.md).
 *
 * An LCPN file is a flat list of items (definitions, strays). What the last link of a document
 * saw is kept (`LinkedState`): how many references each item has, in walk order, and which items
 * use each name (normalized). After an edit of one document alone, a reference of an unchanged
 * item can only resolve differently if its name is one whose meaning in this document changed:
 * the name of a definition the edit removed or added (a re-parsed definition is both), or of one
 * whose completeness changed (incomplete.ts: an incomplete definition is seen only by its
 * own file, last). Names resolve by name alone (scope-provider.ts), other files did not
 * change (`isEditedAlone`), and the prelude is never edited this way. So `planRelink` lists the
 * new items (to link), the unchanged items that use a changed name (to relink those references),
 * and where the new items' references go in `document.references`, which stays in the walk
 * order a full link gives. Its cost is that of the changed items and the uses of changed names,
 * plus a sum over one number per item; it touches no other node.
 *
 * This module only plans; LcpnLinker (linking.ts) links, and links in full whenever a plan
 * cannot be made.
 */
import type { AstNode, MultiReference, Reference, ReferenceInfo } from 'langium';
import { forEachAstChild, forEachAstNode, referencesOf } from '../syntax/ast-walk.js';
import * as ast from '../syntax/generated/ast.js';
import type { Splice } from '../syntax/incremental-parse.js';
import { normalizeName } from '../model/names.js';

/** A reference as `document.references` lists it. */
export type AnyReference = Reference | MultiReference;

/** What the last complete link of a document saw. */
export interface LinkedState {
    readonly root: ast.Document;
    /** The parse result's id (`parseId`). */
    readonly parse: number;
    /** Its incomplete definitions (incomplete.ts), which resolve differently from complete ones. */
    readonly incomplete: ReadonlySet<ast.Definition>;
    /** How many references each item has, in walk order (their sum is `document.references.length`). */
    readonly counts: number[];
    /** Normalized name -> the items whose references use it (each once, in no particular order). */
    readonly users: Map<string, AstNode[]>;
}

/** The references of an item with their containers, in walk order (walks this item only). */
export function itemReferenceInfos(item: AstNode): ReferenceInfo[] {
    const infos: ReferenceInfo[] = [];
    forEachAstNode(item, (node) => {
        for (const info of referencesOf(node)) infos.push(info);
    });
    return infos;
}

/** The top-level items of a root, in walk order (the order a full link meets them). */
export function itemsOf(root: AstNode): AstNode[] {
    const items: AstNode[] = [];
    forEachAstChild(root, (item) => items.push(item));
    return items;
}

/** The distinct normalized names of some references. */
export function namesOf(references: readonly AnyReference[]): string[] {
    const names: string[] = [];
    for (const reference of references) {
        const name = normalizeName(reference.$refText);
        if (!names.includes(name)) names.push(name);
    }
    return names;
}

/** Adds an item to the users of each of its names. */
export function addUser(users: Map<string, AstNode[]>, item: AstNode, names: readonly string[]): void {
    for (const name of names) {
        const list = users.get(name);
        if (list) list.push(item); else users.set(name, [item]);
    }
}

function removeUser(users: Map<string, AstNode[]>, item: AstNode, names: readonly string[]): void {
    for (const name of names) {
        const list = users.get(name);
        const at = list ? list.indexOf(item) : -1;
        if (at < 0) continue;
        list![at] = list![list!.length - 1];
        list!.pop();
        if (list!.length === 0) users.delete(name);
    }
}

/** New items whose references replace `deleteCount` references at `start` of the last link's list (and `items` counts at `at`). */
export interface ReferenceRun {
    readonly at: number;
    readonly removedItems: number;
    readonly start: number;
    readonly deleteCount: number;
    readonly added: readonly AstNode[];
}

export interface RelinkPlan {
    /** The items the last link did not see (to link). */
    readonly added: readonly AstNode[];
    /** The items it saw that are gone. */
    readonly removed: readonly AstNode[];
    /** Normalized names whose meaning in this document may have changed. */
    readonly names: ReadonlySet<string>;
    /** Where removed and added items leave and enter the lists, in ascending order. */
    readonly runs: readonly ReferenceRun[];
}

/** Items of a root in walk order (a full link's order), given in any order. */
export function inWalkOrder(root: ast.Document, items: readonly AstNode[]): AstNode[] {
    const strayOffset = definitionsFirst(root) ? root.definitions?.length ?? 0 : 0;
    const definitionOffset = definitionsFirst(root) ? 0 : root.strays?.length ?? 0;
    const at = (item: AstNode) => (item.$containerProperty === 'strays' ? strayOffset : definitionOffset) + (item.$containerIndex ?? 0);
    return [...items].sort((a, b) => at(a) - at(b));
}

/** Whether a root lists its definitions before its strays (the walk order: a parse creates the first item's property first). */
function definitionsFirst(root: ast.Document): boolean {
    for (const property in root) {
        if (property === 'definitions') return true;
        if (property === 'strays') return false;
    }
    return true;
}

/**
 * How to bring the links of `previous` up to `root`, or undefined when only a full link is
 * safe. When the parse was spliced directly from the linked one, the splice says what was
 * removed and added; otherwise (parses whose builds were cancelled before linking) the items
 * are compared by identity, once each.
 */
export function planRelink(previous: LinkedState, root: ast.Document, splice: Splice | undefined, linkedCount: number): RelinkPlan | undefined {
    if (root === previous.root) return { added: [], removed: [], names: new Set(), runs: [] };
    const runs = splice?.history[0]?.parse === previous.parse ? spliceRuns(previous, root, splice) : identityRuns(previous, root);
    if (!runs) return undefined;
    let total = 0;
    for (const count of previous.counts) total += count;
    if (total !== linkedCount) return undefined;
    // Positions in the old list of references: one sum over the counts.
    let position = 0;
    let item = 0;
    const placed: ReferenceRun[] = [];
    for (const run of runs) {
        for (; item < run.at; item++) position += previous.counts[item];
        let deleteCount = 0;
        for (let k = 0; k < run.removedItems; k++) deleteCount += previous.counts[item + k];
        placed.push({ ...run, start: position, deleteCount });
    }
    const names = new Set<string>();
    const added: AstNode[] = [];
    const removed: AstNode[] = [];
    for (const run of runs) {
        for (const node of run.added) {
            added.push(node);
            addName(names, node);
        }
    }
    for (const run of runs) {
        const oldItems = run.removedNodes;
        for (const node of oldItems) {
            removed.push(node);
            addName(names, node);
        }
    }
    return { added, removed, names, runs: placed };
}

interface Run {
    /** Index in the old walk order of the first removed item (or where the added ones go). */
    readonly at: number;
    readonly removedItems: number;
    readonly removedNodes: readonly AstNode[];
    readonly added: readonly AstNode[];
}

/** The runs of a splice: its removed and added items are contiguous in each of the root's two lists. */
function spliceRuns(previous: LinkedState, root: ast.Document, splice: Splice): Run[] | undefined {
    const oldRoot = previous.root;
    const first = definitionsFirst(oldRoot);
    if (definitionsFirst(root) !== first) return undefined;
    const groups: { property: 'definitions' | 'strays'; offset: number }[] = first
        ? [{ property: 'definitions', offset: 0 }, { property: 'strays', offset: oldRoot.definitions?.length ?? 0 }]
        : [{ property: 'strays', offset: 0 }, { property: 'definitions', offset: oldRoot.strays?.length ?? 0 }];
    const runs: Run[] = [];
    for (const { property, offset } of groups) {
        const isOfGroup = (node: AstNode) => node.$containerProperty === property;
        const removedNodes = splice.removed.filter(isOfGroup);
        const added = splice.added.filter(isOfGroup);
        if (removedNodes.length === 0 && added.length === 0) continue;
        const oldList = (oldRoot[property] ?? []) as AstNode[];
        const newList = (root[property] ?? []) as AstNode[];
        const index = removedNodes.length > 0 ? removedNodes[0].$containerIndex! : added[0].$containerIndex!;
        // Check what the splice says against both roots (kept items before the run did not move).
        for (let k = 0; k < removedNodes.length; k++) if (oldList[index + k] !== removedNodes[k]) return undefined;
        for (let k = 0; k < added.length; k++) if (newList[index + k] !== added[k]) return undefined;
        if (newList.length - added.length !== oldList.length - removedNodes.length) return undefined;
        runs.push({ at: offset + index, removedItems: removedNodes.length, removedNodes, added });
    }
    return runs;
}

/** The runs found by comparing the old and the new items (each item read once). */
function identityRuns(previous: LinkedState, root: ast.Document): Run[] | undefined {
    const oldItems = itemsOf(previous.root);
    const newItems = itemsOf(root);
    if (oldItems.length !== previous.counts.length) return undefined;
    const oldSet = new Set(oldItems);
    const newSet = new Set(newItems);
    const runs: Run[] = [];
    let i = 0;
    let j = 0;
    while (i < oldItems.length || j < newItems.length) {
        if (i < oldItems.length && j < newItems.length && oldItems[i] === newItems[j]) {
            i++;
            j++;
            continue;
        }
        const at = i;
        const removedNodes: AstNode[] = [];
        const added: AstNode[] = [];
        for (; i < oldItems.length && !newSet.has(oldItems[i]); i++) removedNodes.push(oldItems[i]);
        for (; j < newItems.length && !oldSet.has(newItems[j]); j++) added.push(newItems[j]);
        // Neither a removed nor an added item here: unchanged items changed places.
        if (removedNodes.length === 0 && added.length === 0) return undefined;
        runs.push({ at, removedItems: removedNodes.length, removedNodes, added });
    }
    return runs;
}

function addName(names: Set<string>, item: AstNode): void {
    if (ast.isDefinition(item) && item.name) names.add(normalizeName(item.name));
}

/** Names of the definitions whose completeness differs between two parses (each set holds only incomplete definitions: few). */
export function completenessChanges(before: ReadonlySet<ast.Definition>, after: ReadonlySet<ast.Definition>, names: Set<string>): void {
    for (const definition of before) if (!after.has(definition)) addName(names, definition);
    for (const definition of after) if (!before.has(definition)) addName(names, definition);
}

/**
 * The new state's lists: the references of each run's added items (`referencesOf(item)`) replace
 * its removed ones in `list` (the last link's `document.references`), the counts likewise, and
 * the users of removed items' names forget them. Returns the new list (the same array unless a
 * run is large).
 */
export function applyRuns(previous: LinkedState, list: AnyReference[], plan: RelinkPlan, referencesOfItem: (item: AstNode) => readonly AnyReference[], namesOfRemoved: (item: AstNode) => readonly string[]): AnyReference[] {
    for (const item of plan.removed) removeUser(previous.users, item, namesOfRemoved(item));
    let inserted = 0;
    for (const item of plan.added) inserted += referencesOfItem(item).length;
    let result = list;
    if (inserted > 10_000) {
        // A large paste: build the list again (splice's arguments are bounded).
        result = [];
        let from = 0;
        for (const run of plan.runs) {
            for (let k = from; k < run.start; k++) result.push(list[k]);
            for (const item of run.added) for (const reference of referencesOfItem(item)) result.push(reference);
            from = run.start + run.deleteCount;
        }
        for (let k = from; k < list.length; k++) result.push(list[k]);
    } else {
        for (let r = plan.runs.length - 1; r >= 0; r--) {
            const run = plan.runs[r];
            const references: AnyReference[] = [];
            for (const item of run.added) for (const reference of referencesOfItem(item)) references.push(reference);
            result.splice(run.start, run.deleteCount, ...references);
        }
    }
    for (let r = plan.runs.length - 1; r >= 0; r--) {
        const run = plan.runs[r];
        previous.counts.splice(run.at, run.removedItems, ...run.added.map((item) => referencesOfItem(item).length));
    }
    return result;
}
