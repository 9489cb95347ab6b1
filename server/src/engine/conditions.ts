/**
 * Compiles conditions (`cond`/`if` tests, named conditions, landing tests) into PlanConditions.
 * Names are resolved here, through the same Resolver as pieces: a named condition (`ref`), an
 * informal string whose words name a defined condition (`"before crossing river"` ->
 * `before-crossing-river`), a zone in `(in ZONE)`. Whatever cannot be evaluated makes the whole
 * test informal (kept as a note, never silently true or false), and is reported with its rule.
 */
import type { CompareOp, Term, Test } from '../model/piece.js';
import { normalizeName } from '../model/names.js';
import { MAX_NESTING } from '../model/limits.js';
import { lispTest } from '../model/print-lisp.js';
import { TOO_DEEP, type EngineProblem, type EngineRule, type PlanCondition, type PlanTerm, type PlanTest, type PlanZone, type Resolver } from './plan.js';

/** What compiling a test needs from the compiler. */
export interface TestEnvironment {
    resolve: Resolver;
    /** The zone named `key` (one PlanZone per key), or undefined when `key` is not defined as a zone. */
    zone(key: string): PlanZone | undefined;
    /** `foreign`: the problem lies inside another named condition (it is that definition's to report); `name`: the name it is about. */
    report(kind: EngineProblem['kind'], message: string, rule: EngineRule, foreign: boolean, name?: string): void;
}

/** An empty string test is what the lowering leaves for a test written wrongly (reported there). */
const UNREAD_TEST = 'a test that is empty or could not be read (see its error in the file) is not evaluated: it is shown with a note';

/** What a condition cut by a limit holds in place of the rest: never evaluated (`TestCompiler.cut` makes the whole test informal). */
const CUT: PlanCondition = { kind: 'empty' };

/**
 * Thrown inside a test that cannot be evaluated (already reported). Not an Error: it carries no
 * stack trace, and a chain of conditions each naming the next throws one from 400 levels down
 * for each definition a check compiles.
 */
class Informal {}

/** Compiles a test; an informal one becomes a note (its text) for its branch. */
export function compileTest(test: Test, env: TestEnvironment): PlanTest {
    if (test.kind === 'text' && !test.text.trim()) {
        env.report('informal', UNREAD_TEST, 'informal-condition', false);
        return { kind: 'informal', note: 'a test with an error' };
    }
    if (test.kind === 'text') {
        const named = conditionKeyOfText(test.text);
        if (named && env.resolve(named)?.declaration) {
            try {
                const compiler = new TestCompiler(env);
                const compiled = compiler.named(named, test);
                if (!compiler.cut) return compiled;
            } catch (error) {
                if (!(error instanceof Informal)) throw error;
            }
            return { kind: 'informal', note: quote(test.text) };
        }
        const hint = named ? ` (a condition named ${named} in the file would give it a meaning)` : '';
        env.report('informal', `condition ${quote(test.text)} is informal: its branch is shown with a note${hint}`, 'informal-condition', false);
        return { kind: 'informal', note: quote(test.text) };
    }
    const compiled = compileCondition(test, env);
    return compiled ?? { kind: 'informal', note: lispTest(test) };
}

/**
 * A machine-evaluable condition, or undefined when some part is not (reported). `own`: the name
 * of the condition `test` defines, when checking that definition (a cycle back to it is its own).
 */
export function compileCondition(test: Test, env: TestEnvironment, own?: string): PlanCondition | undefined {
    try {
        const compiler = new TestCompiler(env, own);
        const compiled = compiler.test(test);
        return compiler.cut ? undefined : compiled;
    } catch (error) {
        if (!(error instanceof Informal)) throw error;
        return undefined;
    }
}

/** The name an informal condition's words stand for: `"before crossing river"` -> `before-crossing-river`. */
export function conditionKeyOfText(text: string): string {
    return normalizeName(text.trim().split(/\s+/).filter(Boolean).join('-'));
}

/** Conditions nested deeper than this, through their names or not, are not followed (thousands would exhaust the stack). */
export const MAX_CONDITION_DEPTH = MAX_NESTING;
/**
 * Tests one condition may hold once the conditions it names are written out (they are inlined):
 * `(def b (and a a))`, `(def c (and b b))`, ... doubles at each name, and 25 such names took a
 * minute and gigabytes before this bound. Real conditions have a handful.
 */
export const MAX_CONDITION_NODES = 10_000;

class TestCompiler {
    /** Named conditions being expanded, the definition's own name first when given. */
    private readonly stack: string[];

    constructor(private readonly env: TestEnvironment, private readonly own?: string) {
        this.stack = own === undefined ? [] : [own];
        this.onStack = new Set(this.stack);
    }

    /** The names on `stack` (a chain of conditions each naming the next is as deep as the limit). */
    private readonly onStack: Set<string>;

    /** Reports a problem, marked foreign when it lies inside a named condition being expanded. */
    private report(kind: EngineProblem['kind'], message: string, rule: EngineRule, foreign = this.stack.length > (this.own === undefined ? 0 : 1), name?: string): void {
        this.env.report(kind, message, rule, foreign, name);
    }

    /** Nesting of the compiled condition so far (named conditions are inlined, so their depths add up). */
    private depth = 0;

    /** Tests compiled so far (named conditions written out). */
    private nodes = 0;
    /**
     * Set when a limit cut the condition: the whole test is then informal. The compile returns
     * through its levels (a placeholder in place of the rest) instead of throwing from 400 levels
     * down, which took most of a check's time for a chain of conditions each naming the next.
     */
    cut = false;

    test(test: Test): PlanCondition {
        if (this.cut) return CUT;
        if (++this.nodes > MAX_CONDITION_NODES) {
            this.report('limit', `a condition of more than ${MAX_CONDITION_NODES} tests, once the conditions it names are written out, is not evaluated: it is shown with a note`, 'limit', false);
            this.cut = true;
            return CUT;
        }
        if (this.depth >= MAX_CONDITION_DEPTH) {
            this.report('limit', TOO_DEEP, 'too-deep');
            this.cut = true;
            return CUT;
        }
        this.depth++;
        try {
            return this.testNode(test);
        } finally {
            this.depth--;
        }
    }

    private testNode(test: Test): PlanCondition {
        switch (test.kind) {
            case 'compare': return { kind: 'compare', op: test.op, left: this.term(test.left, test), right: this.term(test.right, test) };
            case 'and':
            case 'or': return { kind: test.kind, tests: test.tests.map((t) => this.test(t)) };
            case 'not': return { kind: 'not', test: this.test(test.test) };
            case 'predicate': return this.predicate(test.fn, test.args, test);
            case 'ref': return this.named(test.key, test);
            case 'text': {
                if (!test.text.trim()) {
                    this.report('informal', UNREAD_TEST, 'informal-condition');
                    throw new Informal();
                }
                const key = conditionKeyOfText(test.text);
                if (key && this.env.resolve(key)?.declaration) return this.named(key, test);
                this.report('informal', `condition ${quote(test.text)} is informal: the test that contains it is shown with a note`, 'informal-condition');
                throw new Informal();
            }
        }
    }

    /** A name used as a test: a defined condition, or a zone (the square is in it). */
    named(key: string, written: Test): PlanCondition {
        if (this.onStack.has(key)) {
            // A cycle back to the definition being checked is its own; any other belongs to the conditions on it.
            this.report('invalid', `cyclic condition: ${[...this.stack.slice(this.stack.indexOf(key)), key].join(' -> ')}`, 'condition-cycle', this.own === undefined || key !== this.own);
            throw new Informal();
        }
        if (this.stack.length >= MAX_CONDITION_DEPTH) {
            this.report('limit', TOO_DEEP, 'too-deep');
            this.cut = true;
            return CUT;
        }
        const def = this.env.resolve(key);
        const declaration = def?.declaration;
        if (declaration?.kind === 'condition') {
            this.stack.push(key);
            this.onStack.add(key);
            try {
                return this.test(declaration.test);
            } finally {
                this.onStack.delete(this.stack.pop()!);
            }
        }
        if (declaration?.kind === 'zone') return { kind: 'in', zone: this.env.zone(key)! };
        const what = !def ? 'is not defined' : def.declaration ? `is a ${def.declaration.kind}, not a condition` : 'is a piece, not a condition';
        this.report('invalid', `${written.kind === 'text' ? quote(written.text) : key} ${what}: the test is shown with a note`, 'not-a-condition', undefined, key);
        throw new Informal();
    }

    private predicate(fn: string, args: readonly Term[], written: Test): PlanCondition {
        const name = normalizeName(fn);
        const noArgs = (kind: 'first-move' | 'empty' | 'friend' | 'enemy'): PlanCondition => {
            if (args.length > 0) return this.notEvaluable(written, `(${name}) takes no argument`);
            return { kind };
        };
        switch (name) {
            case 'first-move':
            case 'empty':
            case 'friend':
            case 'enemy':
                return noArgs(name);
            case 'in': {
                const arg = args[0];
                if (args.length !== 1 || arg.kind !== 'name') return this.notEvaluable(written, '(in ZONE) takes one zone name');
                const zone = this.env.zone(arg.key);
                if (!zone) {
                    const def = this.env.resolve(arg.key);
                    this.report('invalid', `(in ${arg.key}): "${arg.key}" ${def ? 'is not defined as a zone' : 'is not defined'}; write e.g. (def ${arg.key} (zone d1-f3))`, 'not-a-zone', undefined, arg.key);
                    throw new Informal();
                }
                return { kind: 'in', zone };
            }
            case 'occupied-by': {
                if (args.length === 0 || args.some((a) => a.kind !== 'name')) return this.notEvaluable(written, '(occupied-by PIECE ...) takes piece names');
                const pieces = args.map((a) => (a as { key: string }).key);
                for (const key of pieces) {
                    // An undefined name is the linker's to report (unknown piece); a set-up may still name it.
                    const declaration = this.env.resolve(key)?.declaration;
                    if (declaration) this.report('invalid', `(occupied-by ${key}): "${key}" is a ${declaration.kind}, not a piece, so no square holds it`, 'unknown-occupant');
                }
                return { kind: 'occupied-by', pieces };
            }
            default:
                // `(on-own-side)`: a defined condition or zone called with nothing is that name.
                if (args.length === 0 && this.env.resolve(name)?.declaration) return this.named(name, written);
                return this.notEvaluable(written, `${name} is not a test the engine knows (rank, file, first-move, in, occupied-by, empty, friend, enemy)`);
        }
    }

    private term(term: Term, written: Test): PlanTerm {
        if (term.kind === 'number') return { kind: 'number', value: term.value };
        if (term.kind === 'call' && term.args.length === 0) {
            const fn = normalizeName(term.fn);
            if (fn === 'rank' || fn === 'file') return { kind: fn };
        }
        this.report('informal', `condition ${lispTest(written)} is not machine-evaluable (comparisons are between numbers, (rank) and (file)): it is shown with a note`, 'informal-comparison');
        throw new Informal();
    }

    private notEvaluable(written: Test, why: string): never {
        this.report('invalid', `condition ${lispTest(written)} is not evaluable: ${why}`, 'not-evaluable');
        throw new Informal();
    }
}

/** Whether a comparison holds. */
export function compare(op: CompareOp, a: number, b: number): boolean {
    switch (op) {
        case '=': return a === b;
        case '<': return a < b;
        case '>': return a > b;
        case '<=': return a <= b;
        case '>=': return a >= b;
    }
}

/** Whether a condition tests what stands on a square (so its answer depends on the set-up's pieces). */
export function readsOccupancy(test: PlanCondition): boolean {
    switch (test.kind) {
        case 'and': case 'or': return test.tests.some(readsOccupancy);
        case 'not': return readsOccupancy(test.test);
        case 'occupied-by': case 'empty': case 'friend': case 'enemy': return true;
        default: return false;
    }
}

/** Whether a condition asks whether the piece has moved. */
export function usesFirstMove(test: PlanCondition): boolean {
    switch (test.kind) {
        case 'and': case 'or': return test.tests.some(usesFirstMove);
        case 'not': return usesFirstMove(test.test);
        case 'first-move': return true;
        default: return false;
    }
}

/** A string shown in a message or a note: on one line, shortened. */
export function quote(text: string): string {
    const oneLine = text.replace(/\s+/g, ' ').trim();
    return `"${oneLine.length > 60 ? oneLine.slice(0, 57) + '...' : oneLine}"`;
}
