/**
 * What a definition declares, read from its body's shape alone (no linking): a piece, a zone,
 * a board, a condition or a function (docs/language.md, "Boards, zones and conditions").
 * Lowering and the name roles both ask, so a name's role and the model always agree.
 *
 * - `(zone ...)` / `zone(...)` at the top: a zone; `(board ...)` / `board(...)`: a board;
 *   `(game ...)` / `game(...)`: a game.
 * - A condition: a comparison, `!`/`NOT`, `&&`/`||`, a Lisp `(and ...)` `(or ...)` `(not ...)`,
 *   or a call of a predicate (`(first-move)`, `in(palace)`, ...). In SQL, `AND`/`OR` after a
 *   name are parsed as a composition/union (the movement grammar takes them first); such a chain
 *   is a condition when one of its parts is one of the above (`on_own_side AND in(palace)`).
 * - A function: a composition `(& capture general-there)`, `capture & general_there`,
 *   `capture AND general_there` whose parts are names (or, in Lisp, inline conditions).
 * - Anything else: a piece.
 */
import * as ast from '../syntax/generated/ast.js';
import { normalizeName } from '../model/names.js';
import { isTestWord, LOGIC_WORDS } from '../model/vocabulary.js';

export type BodyKind = 'piece' | 'zone' | 'board' | 'game' | 'condition' | 'function';

export function bodyKind(body: ast.Expr | undefined): BodyKind {
    if (!body) return 'piece';
    // Node types are compared by `$type` (only `Expr` and `Definition` have subtypes): every definition's
    // lowering and name roles ask, and the generated guards look the type up in the reflection each time.
    const head = body.$type === 'Application' ? headName(body as ast.Application) : undefined;
    if (head === 'zone') return 'zone';
    if (head === 'board') return 'board';
    if (head === 'game') return 'game';
    if (isCondition(body)) return 'condition';
    if (body.$type === 'Composition') return 'function';
    return 'piece';
}

/** The normalized name at the head of an application, or undefined. */
export function headName(app: ast.Application): string | undefined {
    const head = app.head;
    const text = head?.$type === 'NameRef' ? (head as ast.NameRef).ref?.$refText : undefined;
    return typeof text === 'string' && text ? normalizeName(text) : undefined;
}

/** Whether `expr`, standing where a movement or a condition could stand, is a condition. */
export function isCondition(expr: ast.Expr | undefined): boolean {
    switch (expr?.$type) {
        case 'Equals': case 'Logic': case 'Negation':
            return true;
        case 'Application':
            return isConditionApplication(expr as ast.Application, headName(expr as ast.Application));
        case 'Parenthesized':
            return isCondition((expr as ast.Parenthesized).expr);
        case 'Composition': case 'Union':
            return isSqlChain(expr as ast.Composition | ast.Union);
        default:
            return false;
    }
}

/** Whether an application whose head's name is `head` (headName) is a condition. */
export function isConditionApplication(expr: ast.Application, head: string | undefined): boolean {
    // `and`/`or`/`not` are Lisp's spelling; C and SQL write `&&` `||` `!`, `AND` `OR` `NOT`
    // (`or(rook, bishop)` stays a newcomer's union, reported as such).
    if (head !== undefined && isTestWord(head) && (expr.open !== undefined || !LOGIC_WORDS.has(head))) return true;
    // SQL `a AND in(palace)`: the composition `a AND in` applied to `palace`.
    const chain = expr.head;
    if (expr.open || chain?.$type !== 'Composition' || (chain as ast.Composition).open || !((chain as ast.Composition).ops ?? []).every((op) => op === 'AND')) return false;
    const functions = (chain as ast.Composition).functions;
    const last = functions?.[functions.length - 1];
    const lastName = last?.$type === 'NameRef' && typeof (last as ast.NameRef).ref?.$refText === 'string' ? normalizeName((last as ast.NameRef).ref.$refText) : undefined;
    return (lastName !== undefined && isTestWord(lastName)) || isSqlChain(chain as ast.Composition);
}

/** A SQL `AND`/`OR` chain (no brackets, only the words) with a condition among its parts. */
function isSqlChain(expr: ast.Composition | ast.Union): boolean {
    if (expr.open || (expr.ops ?? []).length === 0) return false;
    if (expr.$type === 'Composition') return expr.ops.every((op) => op === 'AND') && ((expr as ast.Composition).functions ?? []).some(isCondition);
    return expr.ops.every((op) => op === 'OR') && ((expr as ast.Union).items ?? []).some(isCondition);
}
