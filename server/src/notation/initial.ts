/**
 * "Only on the piece's first move" (Betza and Parlett `i`): the `(first-move)` predicate, which
 * the engine evaluates from the set-up's "has not moved yet" state. Both parsers write
 * `(cond ((first-move) BODY))`; both printers recognise that shape (and a condition defined in the
 * file that is just `(first-move)`) and print `i` again.
 */
import { conditionKeyOfText } from '../engine/conditions.js';
import { normalizeName } from '../model/names.js';
import type { Move, PieceDef, Test } from '../model/piece.js';

export const FIRST_MOVE: Test = { kind: 'predicate', fn: 'first-move', args: [] };

export function initialOnly(body: Move): Move {
    return { kind: 'conditional', branches: [{ test: FIRST_MOVE, body }] };
}

/**
 * Whether `test` says exactly "the piece has not moved yet": the predicate, or a condition defined
 * as it (by name, or by informal words naming it). `resolve` finds definitions; depth bounds cycles.
 */
export function isFirstMove(test: Test, resolve: (key: string) => PieceDef | undefined = () => undefined, depth = 0): boolean {
    if (depth > 32) return false;
    if (test.kind === 'predicate') return normalizeName(test.fn) === 'first-move' && test.args.length === 0;
    const key = test.kind === 'ref' ? test.key : test.kind === 'text' ? conditionKeyOfText(test.text) : undefined;
    if (key === undefined) return false;
    const declaration = resolve(key)?.declaration;
    return declaration?.kind === 'condition' && isFirstMove(declaration.test, resolve, depth + 1);
}

/** The body of a one-branch conditional on the first move (as `initialOnly` writes it), or undefined. */
export function initialBody(move: Move, resolve?: (key: string) => PieceDef | undefined): Move | undefined {
    if (move.kind !== 'conditional' || move.otherwise || move.branches.length !== 1) return undefined;
    const [branch] = move.branches;
    return isFirstMove(branch.test, resolve) ? branch.body : undefined;
}
