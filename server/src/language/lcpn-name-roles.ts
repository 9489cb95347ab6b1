/**
 * The role a name plays is decided by its position, not by the grammar (the spec uses
 * `cannon` both as a piece and as a modifier function: LCPN is a Lisp-2). Only names in
 * the `piece` role are cross-references to definitions; the others are resolved against
 * the vocabulary of functions.
 */
import type { AstNode } from 'langium';
import * as ast from './generated/ast.js';
import { normalizeName } from '../model/names.js';

export type NameRole =
    /** A piece: links to a definition. */
    | 'piece'
    /** A modifier function at the head of an application or inside a function composition. */
    | 'function'
    /** A name inside a condition's comparison, like `rank` in `(= (rank) 2)`. */
    | 'term'
    /** The `t` of a Lisp `(cond ... (t EXPR))` default clause. */
    | 'default-test';

/** The role of each name (it depends on the AST only, and linking, scoping and validation all ask). */
const roles = new WeakMap<ast.NameRef, NameRole>();

export function nameRole(ref: ast.NameRef): NameRole {
    let role = roles.get(ref);
    if (role === undefined) roles.set(ref, role = roleByPosition(ref));
    return role;
}

function roleByPosition(ref: ast.NameRef): NameRole {
    const container = ref.$container;
    if (ast.isBranch(container) && ref.$containerProperty === 'test' && container.open
        && ['t', 'else', 'otherwise'].includes(normalizeName(ref.ref.$refText))) {
        return 'default-test';
    }
    if (inFunctionPosition(ref)) return 'function';
    if (inTest(ref)) return 'term';
    return 'piece';
}

/** True for the head of an application, and for the parts of a function expression there. */
function inFunctionPosition(node: AstNode): boolean {
    const container = node.$container;
    if (!container) return false;
    if (ast.isApplication(container) && node.$containerProperty === 'head') {
        // `(wazir :forward)` is a movement with qualifiers, not a call (Lisp style).
        return !(container.open && container.args.length > 0 && container.args.every(ast.isQualifier));
    }
    if (ast.isComposition(container)) return true;
    if (ast.isUnion(container) || ast.isParenthesized(container)) return inFunctionPosition(container);
    return false;
}

function inTest(node: AstNode): boolean {
    for (let n: AstNode | undefined = node.$container; n; n = n.$container) {
        if (ast.isEquals(n)) return true;
        if (ast.isDefinition(n) || ast.isBranch(n)) return false;
    }
    return false;
}
