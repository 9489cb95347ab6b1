/**
 * Compiles the tests of `cond`/`if` branches. Only comparisons between numbers and `(rank)`
 * are machine-evaluable; anything else is kept as a note for its branch and reported.
 */
import type { Term, Test } from '../model/piece.js';
import { normalizeName } from '../model/names.js';
import { lispTest } from '../model/print-lisp.js';
import type { EngineRule, PlanTerm, PlanTest } from './plan.js';

/** `report` receives the message and rule of a test that is not machine-evaluable. */
export function compileTest(test: Test, report: (message: string, rule: EngineRule) => void): PlanTest {
    if (test.kind === 'text') {
        report(`condition ${quote(test.text)} is informal: its branch is shown with a note`, 'informal-condition');
        return { kind: 'informal', note: quote(test.text) };
    }
    const left = test.kind === 'compare' && test.op === '=' ? term(test.left) : undefined;
    const right = test.kind === 'compare' && test.op === '=' ? term(test.right) : undefined;
    if (left && right) return { kind: 'equals', left, right };
    const text = lispTest(test);
    report(`condition ${text} is not machine-evaluable (only numbers and (rank) are): its branch is shown with a note`, 'informal-comparison');
    return { kind: 'informal', note: text };
}

function term(t: Term): PlanTerm | undefined {
    if (t.kind === 'number') return { kind: 'number', value: t.value };
    if (t.kind === 'call' && normalizeName(t.fn) === 'rank' && t.args.length === 0) return { kind: 'rank' };
    return undefined;
}

/** A string shown in a message or a note: on one line, shortened. */
export function quote(text: string): string {
    const oneLine = text.replace(/\s+/g, ' ').trim();
    return `"${oneLine.length > 60 ? oneLine.slice(0, 57) + '...' : oneLine}"`;
}
