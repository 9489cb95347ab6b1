/**
 * The quick fix for a part of a later leg that is never taken (engine rule `leg-never-taken`,
 * issue 25): `:any` written on it lets it turn, so `(move (wazir :forward))` after a sideways
 * leg becomes `(move (wazir :forward :any))`. The part never moves as written, so the fix adds
 * moves and changes none. Offered only where it is unambiguous: the part is one movement under
 * modifiers (a name, a vector, or one with keywords) and no keyword around it says `:outward`,
 * which would override the `:any` (an outer keyword wins).
 */
import { type AstNode } from 'langium';
import * as ast from '../syntax/generated/ast.js';
import { enclosingStyle, lowerMove } from './lower.js';
import { normalizeKeyword } from '../model/names.js';

interface Insertion {
    offset: number;
    text: string;
}

/** The text of `part` with `:any` written on its movement, or undefined when there is no one place to write it. */
export function anyFix(part: AstNode): string | undefined {
    const cst = part.$cstNode;
    if (!cst || !ast.isExpr(part) || saysOutward(part)) return undefined;
    const insertions = anyInsertions(part, enclosingStyle(part) === 'lisp');
    if (!insertions) return undefined;
    let text = cst.text;
    // From the last insertion back, so earlier offsets stay right.
    for (const { offset, text: inserted } of [...insertions].sort((a, b) => b.offset - a.offset)) {
        const at = offset - cst.offset;
        if (at < 0 || at > text.length) return undefined;
        text = text.slice(0, at) + inserted + text.slice(at);
    }
    return text;
}

function anyInsertions(start: ast.Expr, lisp: boolean): Insertion[] | undefined {
    let node: ast.Expr = start;
    for (let depth = 0; depth < 64; depth++) {
        const cst = node.$cstNode;
        if (!cst) return undefined;
        if (ast.isParenthesized(node)) {
            node = node.expr;
            continue;
        }
        const move = lowerMove(node);
        if (move.kind === 'apply') {
            // `(move X)`, `move(X)`, `moving X`: the one movement under the modifiers.
            const args = ast.isGerundCall(node) ? [node.arg] : ast.isApplication(node) ? node.args.filter((a) => !ast.isQualifier(a) && !ast.isNumberLit(a)) : [];
            if (args.length !== 1 || move.args.length !== 1 || !args[0]) return undefined;
            node = args[0];
            continue;
        }
        if (move.kind === 'qualified') {
            const last = qualifiersOf(node).at(-1)?.$cstNode;
            return last ? [{ offset: last.end, text: lisp ? ' :any' : ':any' }] : undefined;
        }
        if (move.kind === 'ref' && ast.isNameRef(node)) {
            return lisp ? [{ offset: cst.offset, text: '(' }, { offset: cst.end, text: ' :any)' }] : [{ offset: cst.end, text: ':any' }];
        }
        if (move.kind === 'leap' && ast.isVector(node)) {
            // `[0 1]` -> `[0 1 :any]` (before its closing bracket); `[0, 1]` -> `[0, 1]:any`.
            return lisp ? [{ offset: cst.end - 1, text: ' :any' }] : [{ offset: cst.end, text: ':any' }];
        }
        return undefined;
    }
    return undefined;
}

/** The keywords written on a node: a C/SQL `x:k`, a vector's, a Lisp `(x :k)`'s. */
function qualifiersOf(node: AstNode): ast.Qualifier[] {
    if (ast.isQualified(node) || ast.isVector(node)) return node.qualifiers;
    if (ast.isApplication(node)) return node.args.filter(ast.isQualifier);
    return [];
}

/** Whether `:outward` is written on the part or around it (an outer keyword wins over one written inside). */
function saysOutward(part: AstNode): boolean {
    for (let node: AstNode | undefined = part; node && !ast.isDefinition(node); node = node.$container) {
        if (qualifiersOf(node).some((q) => normalizeKeyword(q.value) === 'outward')) return true;
    }
    return false;
}
