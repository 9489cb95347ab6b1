/**
 * What a notation string loses to turns, located on the string (issue 25): Parlett `c1=.o1>`
 * reads as `(=> (capture (wazir :sideways)) (move (wazir :forward)))`, whose second leg is
 * never taken, because a later leg goes on only outward. The engine decides (its compiler's
 * rules `leg-never-taken` and `leg-leads-nowhere`, engine/reach.ts); this only places each
 * finding on the part of the string its model node was read from (ConversionResult.spans).
 */
import { compile } from '../engine/compile.js';
import { Problems, type EngineRule } from '../engine/plan.js';
import type { Move } from '../model/piece.js';
import { problem, type NotationProblem, type NotationSpan } from './problems.js';

/** The engine's rules about turns, which a notation's chains can meet. */
export const TURN_RULES: ReadonlySet<EngineRule> = new Set<EngineRule>(['leg-never-taken', 'leg-leads-nowhere']);

/** Warnings for the parts of `move` that its turns lose, at the innermost part of the string each was read from. */
export function turnProblems(move: Move, spans: ReadonlyMap<Move, NotationSpan> | undefined): NotationProblem[] {
    const problems = new Problems();
    // A string names no other piece: nothing to resolve.
    compile(move, () => undefined, problems);
    const found: NotationProblem[] = [];
    for (const located of problems.located) {
        if (!TURN_RULES.has(located.problem.rule)) continue;
        const node = [...located.path].reverse().find((m) => spans?.has(m));
        const span = (node && spans?.get(node)) ?? { offset: 0, length: 0 };
        found.push(problem(`as LCPN reads it, ${located.problem.message}`, span.offset, span.length, 'warning'));
    }
    return found;
}
