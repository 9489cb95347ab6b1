/**
 * "Only on the piece's first move" (Betza and Parlett `i`). LCPN cannot test whether a piece
 * has moved: its conditions test the rank or are informal text. A rank test would be right
 * only for pieces that start on a known rank, so both parsers write an informal condition
 * with this fixed text instead; the engine shows such a branch with a note, and both printers
 * recognise the text and print `i` again.
 */
import type { Move } from '../model/piece.js';

export const INITIAL_TEXT = 'the piece has not moved yet';

export function initialOnly(body: Move): Move {
    return { kind: 'conditional', branches: [{ test: { kind: 'text', text: INITIAL_TEXT }, body }] };
}

/** The body of an `initialOnly` conditional, or undefined. */
export function initialBody(move: Move): Move | undefined {
    if (move.kind !== 'conditional' || move.otherwise || move.branches.length !== 1) return undefined;
    const [branch] = move.branches;
    return branch.test.kind === 'text' && branch.test.text === INITIAL_TEXT ? branch.body : undefined;
}
