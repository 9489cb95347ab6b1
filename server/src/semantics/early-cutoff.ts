/**
 * The early cutoff of rechecks after an edit (issue 12; Salsa's "backdating"): a definition
 * whose meaning changed is checked again, but its users are checked again only when what they
 * can read of it changed. Users read a piece definition's name (links), its kind (a piece, a
 * zone, a condition, a function: `bodyKind`, `declaration`), and, through the engine, its
 * entries: its plan compiled in each context a use puts it in (engine/compile.ts `RefEntry`).
 * Of an entry, a user's diagnostics read only what `usersSee` keeps (its size against the
 * 2,000-part cap, its informal parts, the problems it replays, the shape of its plan: which
 * parts move nowhere, end rules, steps).
 *
 * So a definition re-read under the same name, a piece before and after, with no other bearer
 * of its name, whose every kept entry (each context its users compiled it in, trusted under the
 * last validation's resolver) compiles now to an entry its users see alike, changes no user's
 * diagnostics: they keep theirs. When something differs, its direct users are checked again and
 * the same test is applied to them (their own entries, compiled again in their contexts). A
 * definition some compile of which was not kept (a cycle, a nesting or work limit: its contexts
 * are not all known), a declaration, a name borne twice: its users, transitively, as before.
 *
 * Their kept plans, which hold the old plan, are never reused: a kept entry is reused only when
 * every name it read still resolves to the same definition node (RefCache.valid), and the edited
 * definition's node is new, so hovers and later checks compile them again.
 */
import type * as ast from '../syntax/generated/ast.js';
import type { DefinitionUses } from './definition-uses.js';
import { byName } from './definition-meaning.js';
import type { LcpnPieceModels, PieceResolver } from './piece-models.js';
import { recompile, usersSee } from '../engine/compile.js';
import { bodyKind } from './body-kind.js';
import { normalizeName } from '../model/names.js';

/** How many definitions the cutoff stopped at (their users kept their diagnostics), for tests and the bench. */
export const cutoffStats = { cut: 0, followed: 0 };

/**
 * The definitions to check again after an edit: the re-parsed ones (`added`), and the users of
 * the names whose meaning `changed` as far as the cutoff lets them be reached. `before`: the
 * resolver the last validation used (undefined: no cutoff, every user transitively).
 */
export function affectedWithCutoff(
    uses: DefinitionUses, changed: readonly string[], removed: readonly ast.Definition[], added: readonly ast.Definition[],
    models: LcpnPieceModels, uri: string, before: PieceResolver | undefined
): Set<ast.Definition> {
    const resolve = models.resolverFor(uri);
    // The same resolver means the same workspace state: nothing to compare with.
    if (!before || before === resolve) return uses.affected(changed, added);
    const cache = models.planCache(resolve);
    const trustedBefore = models.planCache(before);
    const kept = cache.kept;
    if (!kept) return uses.affected(changed, added);
    const fresh = new Set(added);
    const removedBearing = byName(removed);
    const addedBearing = byName(added);
    const affected = new Set<ast.Definition>(added);
    const full: string[] = [];
    const seen = new Set<string>();
    const queue: { key: string; old: ast.Definition }[] = [];
    /** `now` bears `key` (a normalized name): followed with the cutoff when it can be, else in full. */
    const follow = (key: string, now: ast.Definition) => {
        const bearers = uses.bearers(key);
        const old = fresh.has(now) ? only(removedBearing.get(key)) : now;
        if (bearers.length === 1 && bearers[0] === now && old && (!fresh.has(now) || only(addedBearing.get(key)) === now) && samePiece(models, old, now)) {
            queue.push({ key, old });
        } else {
            full.push(key);
        }
    };
    for (const key of changed) {
        const now = only(addedBearing.get(key));
        if (now) follow(key, now); else full.push(key);
    }
    while (queue.length > 0) {
        const { key, old } = queue.pop()!;
        if (seen.has(key)) continue;
        seen.add(key);
        if (seenAlike(key, old)) {
            cutoffStats.cut++;
            continue;
        }
        cutoffStats.followed++;
        for (const user of uses.users(key)) {
            affected.add(user);
            const name = user.name ? normalizeName(user.name) : undefined;
            if (name !== undefined && !seen.has(name)) follow(name, user);
        }
    }
    if (full.length > 0) for (const definition of uses.affected(full, [])) affected.add(definition);
    return affected;

    /** Whether every kept entry of `old` (trusted before) compiles now to one its users see alike. */
    function seenAlike(key: string, old: ast.Definition): boolean {
        const entries = kept!.entries(old);
        if (!entries) return false;
        for (const [, entry] of [...entries]) {
            if (!trustedBefore.trusted(entry)) return false;
            const now = recompile(key, entry, resolve, cache);
            if (!now || usersSee(now) !== usersSee(entry)) return false;
        }
        return true;
    }
}

/** Both are complete pieces with a movement (no declaration), of the same body kind: users read the same kind of thing. */
function samePiece(models: LcpnPieceModels, old: ast.Definition, now: ast.Definition): boolean {
    const a = models.loweredOf(old)?.piece;
    const b = models.loweredOf(now)?.piece;
    if (!a || !b || a.declaration || b.declaration || !a.body || !b.body || a.incomplete || b.incomplete) return false;
    const body = (definition: ast.Definition) => (definition as { body?: ast.Expr }).body;
    return bodyKind(body(old)) === 'piece' && bodyKind(body(now)) === 'piece';
}

function only<T>(list: readonly T[] | undefined): T | undefined {
    return list?.length === 1 ? list[0] : undefined;
}
