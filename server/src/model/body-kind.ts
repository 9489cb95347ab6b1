/**
 * What a definition declares, read from its body's shape alone (no linking): a piece, a zone,
 * a board, a condition or a function (docs/language.md, "Boards, zones and conditions").
 * Lowering and the name roles both ask, so a name's role and the model always agree.
 *
 * - `(zone ...)` / `zone(...)` at the top: a zone; `(board ...)` / `board(...)`: a board.
 * - A condition: a comparison, `!`/`NOT`, `&&`/`||`, a Lisp `(and ...)` `(or ...)` `(not ...)`,
 *   or a call of a predicate (`(first-move)`, `in(palace)`, ...). In SQL, `AND`/`OR` after a
 *   name are parsed as a composition/union (the movement grammar takes them first); such a chain
 *   is a condition when one of its parts is one of the above (`on_own_side AND in(palace)`).
 * - A function: a composition `(& capture general-there)`, `capture & general_there`,
 *   `capture AND general_there` whose parts are names (or, in Lisp, inline conditions).
 * - Anything else: a piece.
 */
import * as ast from '../language/generated/ast.js';
import { normalizeName } from './names.js';
import { isTestWord, LOGIC_WORDS } from './vocabulary.js';

export type BodyKind = 'piece' | 'zone' | 'board' | 'condition' | 'function';

export function bodyKind(body: ast.Expr | undefined): BodyKind {
    if (!body) return 'piece';
    const head = ast.isApplication(body) ? headName(body) : undefined;
    if (head === 'zone') return 'zone';
    if (head === 'board') return 'board';
    if (isCondition(body)) return 'condition';
    if (ast.isComposition(body)) return 'function';
    return 'piece';
}

/** The normalized name at the head of an application, or undefined. */
export function headName(app: ast.Application): string | undefined {
    const text = ast.isNameRef(app.head) ? app.head.ref?.$refText : undefined;
    return typeof text === 'string' && text ? normalizeName(text) : undefined;
}

/** Whether `expr`, standing where a movement or a condition could stand, is a condition. */
export function isCondition(expr: ast.Expr | undefined): boolean {
    if (!expr) return false;
    if (ast.isEquals(expr) || ast.isLogic(expr) || ast.isNegation(expr)) return true;
    if (ast.isApplication(expr)) {
        const head = headName(expr);
        // `and`/`or`/`not` are Lisp's spelling; C and SQL write `&&` `||` `!`, `AND` `OR` `NOT`
        // (`or(rook, bishop)` stays a newcomer's union, reported as such).
        if (head !== undefined && isTestWord(head) && (expr.open !== undefined || !LOGIC_WORDS.has(head))) return true;
        // SQL `a AND in(palace)`: the composition `a AND in` applied to `palace`.
        const chain = expr.head;
        if (expr.open || !ast.isComposition(chain) || chain.open || !(chain.ops ?? []).every((op) => op === 'AND')) return false;
        const last = chain.functions?.[chain.functions.length - 1];
        const lastName = ast.isNameRef(last) && typeof last.ref?.$refText === 'string' ? normalizeName(last.ref.$refText) : undefined;
        return (lastName !== undefined && isTestWord(lastName)) || isSqlChain(chain);
    }
    if (ast.isParenthesized(expr)) return isCondition(expr.expr);
    if (ast.isComposition(expr) || ast.isUnion(expr)) return isSqlChain(expr);
    return false;
}

/** A SQL `AND`/`OR` chain (no brackets, only the words) with a condition among its parts. */
function isSqlChain(expr: ast.Composition | ast.Union): boolean {
    if (expr.open || (expr.ops ?? []).length === 0) return false;
    if (ast.isComposition(expr)) return expr.ops.every((op) => op === 'AND') && (expr.functions ?? []).some(isCondition);
    return expr.ops.every((op) => op === 'OR') && (expr.items ?? []).some(isCondition);
}
