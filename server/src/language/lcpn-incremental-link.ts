/**
 * Linking after an edit without relinking the whole document (issue 12; docs/incremental.md).
 *
 * An LCPN file is a flat list of items (definitions, strays). The linker remembers, per item,
 * its references in walk order and the names they use (`ItemReferences`, kept in a WeakMap
 * keyed by the item's AST node: an edit's splice keeps the unchanged items' objects). After an
 * edit of one document alone, a reference of an unchanged item can only resolve differently if
 * its name is one whose meaning in this document changed: the name of a definition the edit
 * removed or added (a re-parsed definition is both), or of one whose completeness changed
 * (lcpn-incomplete.ts: an incomplete definition is seen only by its own file, last). Names resolve
 * by name alone (lcpn-scope-provider.ts), other files did not change (`isEditedAlone`), and the
 * prelude is never edited this way. So `planRelink` lists what to link (the new items) and what to
 * relink (the unchanged items' references with a changed name), and where the new items'
 * references go in `document.references`, which stays in the walk order a full link gives.
 *
 * This module only plans and records; LcpnLinker (lcpn-linking.ts) links and falls back to a
 * full link whenever a plan cannot be made.
 */
import type { AstNode, MultiReference, Reference, ReferenceInfo } from 'langium';
import { forEachAstChild, forEachAstNode, referencesOf } from './ast-walk.js';
import * as ast from './generated/ast.js';
import { normalizeName } from '../model/names.js';

/** A reference as `document.references` lists it. */
export type AnyReference = Reference | MultiReference;

/** The references of one top-level item, in walk order, and the distinct normalized names they use. */
export interface ItemReferences {
    readonly references: readonly AnyReference[];
    readonly names: readonly string[];
}

const EMPTY: ItemReferences = { references: [], names: [] };
const byItem = new WeakMap<AstNode, ItemReferences>();

/** What the last link recorded for an item (undefined for an item never linked). */
export function itemReferences(item: AstNode): ItemReferences | undefined {
    return byItem.get(item);
}

/** Records an item's references (all of them, resolved or not, in walk order). */
export function recordItem(item: AstNode, references: readonly AnyReference[]): void {
    if (references.length === 0) {
        byItem.set(item, EMPTY);
        return;
    }
    const names: string[] = [];
    for (const reference of references) {
        const name = normalizeName(reference.$refText);
        if (!names.includes(name)) names.push(name);
    }
    byItem.set(item, { references, names });
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

/** What the last complete link of a document saw. */
export interface LinkedState {
    readonly root: ast.Document;
    /** Its incomplete definitions (lcpn-incomplete.ts), which resolve differently from complete ones. */
    readonly incomplete: ReadonlySet<ast.Definition>;
}

/** New items whose references replace `deleteCount` references at `start` of the last link's `document.references`. */
export interface ReferenceRun {
    readonly start: number;
    readonly deleteCount: number;
    readonly added: readonly AstNode[];
}

export interface RelinkPlan {
    /** The items the last link did not see (to link). */
    readonly added: readonly AstNode[];
    /** The unchanged items that use a changed name (to relink those references). */
    readonly affected: readonly AstNode[];
    /** Normalized names whose meaning in this document may have changed. */
    readonly names: ReadonlySet<string>;
    /** Where the references of removed and added items leave and enter the list, in ascending order. */
    readonly runs: readonly ReferenceRun[];
}

/**
 * How to bring the links of `previous` up to `root`, or undefined when only a full link is
 * safe: an item of the old root that was not recorded, a list of references that is not the
 * one the last link made (`linkedCount`), or unchanged items whose order changed (the AST
 * root lists definitions before strays or after them, by which came first).
 */
export function planRelink(previous: LinkedState, root: ast.Document, incomplete: ReadonlySet<ast.Definition>, linkedCount: number): RelinkPlan | undefined {
    const oldItems = itemsOf(previous.root);
    const newItems = root === previous.root ? oldItems : itemsOf(root);
    const oldSet = new Set(oldItems);
    const newSet = root === previous.root ? oldSet : new Set(newItems);
    const counts: number[] = [];
    let total = 0;
    for (const item of oldItems) {
        const recorded = byItem.get(item);
        if (!recorded) return undefined;
        counts.push(recorded.references.length);
        total += recorded.references.length;
    }
    if (total !== linkedCount) return undefined;

    const names = new Set<string>();
    const added: AstNode[] = [];
    const runs: ReferenceRun[] = [];
    let i = 0;
    let j = 0;
    let position = 0;
    while (i < oldItems.length || j < newItems.length) {
        if (i < oldItems.length && j < newItems.length && oldItems[i] === newItems[j]) {
            position += counts[i++];
            j++;
            continue;
        }
        const start = position;
        let deleteCount = 0;
        const run: AstNode[] = [];
        for (; i < oldItems.length && !newSet.has(oldItems[i]); i++) {
            deleteCount += counts[i];
            addName(names, oldItems[i]);
        }
        for (; j < newItems.length && !oldSet.has(newItems[j]); j++) {
            run.push(newItems[j]);
            addName(names, newItems[j]);
        }
        // Neither a removed nor an added item here: unchanged items changed places.
        if (deleteCount === 0 && run.length === 0) return undefined;
        position += deleteCount;
        for (const item of run) added.push(item);
        runs.push({ start, deleteCount, added: run });
    }
    // A definition that is now complete, or no longer is, changes what its name means here.
    for (const definition of previous.incomplete) if (newSet.has(definition) && !incomplete.has(definition)) addName(names, definition);
    for (const definition of incomplete) if (oldSet.has(definition) && !previous.incomplete.has(definition)) addName(names, definition);

    const affected: AstNode[] = [];
    if (names.size > 0) {
        for (const item of newItems) {
            if (!oldSet.has(item)) continue;
            const recorded = byItem.get(item)!;
            for (const name of recorded.names) {
                if (names.has(name)) {
                    affected.push(item);
                    break;
                }
            }
        }
    }
    return { added, affected, names, runs };
}

function addName(names: Set<string>, item: AstNode): void {
    if (ast.isDefinition(item) && item.name) names.add(normalizeName(item.name));
}

/**
 * Replaces each run's references in `list` (the last link's list) by those of its added items,
 * and returns the new list (the same array when the runs are small).
 */
export function applyRuns(list: AnyReference[], runs: readonly ReferenceRun[]): AnyReference[] {
    let inserted = 0;
    for (const run of runs) for (const item of run.added) inserted += byItem.get(item)!.references.length;
    if (inserted > 10_000) {
        // A large paste: build the list again (splice's arguments are bounded).
        const result: AnyReference[] = [];
        let from = 0;
        for (const run of runs) {
            for (let k = from; k < run.start; k++) result.push(list[k]);
            for (const item of run.added) for (const reference of byItem.get(item)!.references) result.push(reference);
            from = run.start + run.deleteCount;
        }
        for (let k = from; k < list.length; k++) result.push(list[k]);
        return result;
    }
    for (let r = runs.length - 1; r >= 0; r--) {
        const run = runs[r];
        const references: AnyReference[] = [];
        for (const item of run.added) for (const reference of byItem.get(item)!.references) references.push(reference);
        list.splice(run.start, run.deleteCount, ...references);
    }
    return list;
}
