/**
 * Compiles a model Move (or a whole PieceDef) into a Plan: names are resolved through the
 * Resolver, and qualifiers and modifier functions are pushed down to the leaps they apply to
 * (issue 2 §3: "qualifiers applied to a compound distribute to its leaves").
 *
 * How qualifiers combine from the outside in:
 * - direction keywords of one list add up; nested lists intersect (`((crab) :forward)` keeps the
 *   forward crab moves only);
 * - a range (`:4`, `:rider`, `:2 :*`) and `:outward`/`:any` are overridden by an outer one
 *   (`(rook :4)` re-limits the rook);
 * - `:only` anywhere above a vector keeps it literal;
 * - modifier functions accumulate (`(move (capture x))` can end nowhere and is reported).
 *
 * Never hangs: references are expanded with a stack (a cycle is reported and moves nowhere),
 * and the number of compiled nodes and the nesting depth are capped.
 */
import type { Move, PieceDef, Qualifier, Test } from '../model/piece.js';
import { compileTest, quote } from './conditions.js';
import { normalizeName } from '../model/names.js';
import { directionWord, functionWord, keywordWord, type DirectionWord } from '../model/vocabulary.js';
import { permutations, selectSteps } from './directions.js';
import {
    NONE, Problems, type EndRule, type Plan, type Resolver, type Target
} from './plan.js';

/** Upper bound on compiled nodes: definitions that expand exponentially stop here. */
export const MAX_COMPILED_NODES = 100_000;
/** Upper bound on nesting (references plus expression depth), far above any real piece. */
export const MAX_DEPTH = 400;

interface Context {
    groups: readonly (readonly DirectionWord[])[];
    only: boolean;
    range?: { min: number; max: number | null };
    turn?: 'outward' | 'any';
    end: EndRule;
    notes: readonly string[];
}

/** A non-movement part (`promote-to`): only meaningful as a leg of a sequence. */
interface Annotation {
    kind: 'annotation';
    notes: string[];
}

const ROOT: Context = {
    groups: [],
    only: false,
    end: { move: true, capture: true, igui: false, cannon: false, noJump: false },
    notes: []
};

export function isPieceDef(target: Target): target is PieceDef {
    return !('kind' in target);
}

/** Compiles `target`; problems go to `problems`. */
export function compile(target: Target, resolve: Resolver, problems: Problems): Plan {
    return new Compiler(resolve, problems).root(target);
}

class Compiler {
    private readonly stack: string[] = [];
    private nodes = 0;
    private depth = 0;

    constructor(private readonly resolve: Resolver, private readonly problems: Problems) {}

    root(target: Target): Plan {
        if (!isPieceDef(target)) return this.plan(target, ROOT);
        if (!target.body) {
            this.problems.add('invalid', `"${target.key}" has no movement`);
            return NONE;
        }
        this.stack.push(target.key);
        const plan = this.plan(target.body, ROOT);
        this.stack.pop();
        return plan;
    }

    /** Compiles a part that must move (an annotation here is reported and moves nowhere). */
    private plan(move: Move, ctx: Context): Plan {
        const out = this.compile(move, ctx);
        if (out.kind !== 'annotation') return out;
        this.problems.add('invalid', 'promote-to has no movement of its own: write it as the last leg of a sequence, e.g. (=> simple-pawn (promote-to queen))');
        return NONE;
    }

    private compile(move: Move, ctx: Context): Plan | Annotation {
        if (++this.nodes > MAX_COMPILED_NODES || this.depth >= MAX_DEPTH) {
            this.problems.add('limit', `definition too large or too deeply nested to evaluate (over ${MAX_COMPILED_NODES} parts or ${MAX_DEPTH} levels)`);
            return NONE;
        }
        this.depth++;
        try {
            return this.compileNode(move, ctx);
        } finally {
            this.depth--;
        }
    }

    private compileNode(move: Move, ctx: Context): Plan | Annotation {
        switch (move.kind) {
            case 'leap': return this.leaf(move.vector, ctx);
            case 'ref': return this.ref(move.key, ctx);
            case 'qualified': return this.compile(move.base, this.qualify(ctx, move.qualifiers));
            case 'union': return union(move.parts.map((part) => this.plan(part, ctx)));
            case 'sequence': return this.sequence(move.mode, move.legs, ctx);
            case 'apply': return this.apply(move.functions, move.args, ctx);
            case 'conditional': return this.conditional(move.branches, move.otherwise, ctx);
            case 'text':
                this.problems.add('informal', `informal description ${quote(move.text)} is not evaluated`);
                return NONE;
        }
    }

    private leaf(vector: readonly number[], ctx: Context): Plan {
        if (vector.length !== 2) {
            this.problems.add('invalid', `[${vector.join(' ')}]: only two-component vectors can be evaluated on a square board`);
            return NONE;
        }
        const [m, n] = vector;
        if (m === 0 && n === 0) {
            this.problems.add('invalid', '[0 0] does not move');
            return NONE;
        }
        const steps = selectSteps(ctx.only ? [[m, n]] : permutations(m, n), ctx.groups);
        const min = Math.max(1, ctx.range?.min ?? 1);
        const max = ctx.range ? ctx.range.max : 1;
        if (max !== null && max < min) {
            this.problems.add('invalid', `range :${ctx.range?.min} :${max} allows no number of steps`);
            return NONE;
        }
        const end = ctx.end;
        if (end.igui ? !end.capture : !end.move && !end.capture) {
            this.problems.add('invalid', 'move and capture (or move and igui) together allow no move');
            return NONE;
        }
        if (end.cannon && end.noJump) {
            this.problems.add('invalid', 'cannon and no-jump together allow no move');
            return NONE;
        }
        if (steps.length === 0) return NONE; // a keyword selecting nothing: see check.ts
        return { kind: 'leaf', steps, min, max, end, turn: ctx.turn ?? 'outward', notes: [...ctx.notes] };
    }

    private ref(key: string, ctx: Context): Plan | Annotation {
        if (this.stack.includes(key)) {
            const cycle = [...this.stack.slice(this.stack.indexOf(key)), key].join(' -> ');
            this.problems.add('cycle', `cyclic definition: ${cycle}`);
            return NONE;
        }
        const def = this.resolve(key);
        if (!def) {
            this.problems.add('unknown-piece', `unknown piece "${key}"`);
            return NONE;
        }
        if (!def.body) {
            this.problems.add('invalid', `"${key}" has no movement`);
            return NONE;
        }
        this.stack.push(key);
        try {
            return this.compile(def.body, ctx);
        } finally {
            this.stack.pop();
        }
    }

    private qualify(ctx: Context, qualifiers: readonly Qualifier[]): Context {
        const group: DirectionWord[] = [];
        const notes = [...ctx.notes];
        let only = ctx.only;
        let range: Context['range'];
        let turn: Context['turn'];
        for (const q of qualifiers) {
            switch (q.kind) {
                case 'only': only = true; break;
                case 'range': range = { min: q.min, max: q.max }; break;
                case 'outward': turn = 'outward'; break;
                case 'any': turn = 'any'; break;
                case 'direction':
                case 'other': {
                    const word = directionWord(q.name);
                    if (word) group.push(word);
                    else notes.push(this.unevaluatedKeyword(q.name));
                }
            }
        }
        return {
            ...ctx,
            only,
            notes,
            groups: group.length > 0 ? [...ctx.groups, group] : ctx.groups,
            range: ctx.range ?? range,
            turn: ctx.turn ?? turn
        };
    }

    private unevaluatedKeyword(name: string): string {
        const word = keywordWord(name);
        if (word && !word.evaluated) this.problems.add('informal', `:${name} is informal: kept, not evaluated`);
        else this.problems.add('unknown-keyword', `unknown keyword :${name}: not evaluated`);
        return `not evaluated: :${name}`;
    }

    private sequence(mode: 'blocked' | 'free', legs: readonly Move[], ctx: Context): Plan {
        const plans: Plan[] = [];
        const notes: string[] = [];
        for (const leg of legs) {
            const out = this.compile(leg, ctx);
            if (out.kind === 'annotation') notes.push(...out.notes);
            else plans.push(out);
        }
        if (plans.length === 0) {
            this.problems.add('invalid', 'a sequence needs at least one movement leg');
            return NONE;
        }
        const plan: Plan = plans.length === 1 ? plans[0] : { kind: 'sequence', mode, legs: plans };
        return notes.length > 0 ? { kind: 'notes', base: plan, notes } : plan;
    }

    private apply(functions: readonly string[], args: readonly Move[], ctx: Context): Plan | Annotation {
        const names = functions.map(normalizeName);
        if (names.includes('promote-to')) return this.promotion(names, args);
        if (args.length === 0) {
            this.problems.add('invalid', `(${names.join(' & ')}) needs an argument to apply to`);
            return NONE;
        }
        const end = { ...ctx.end };
        const notes = [...ctx.notes];
        for (const name of names) {
            switch (name) {
                case 'move': end.capture = false; break;
                case 'capture': end.move = false; break;
                case 'cannon': end.cannon = true; break;
                case 'no-jump': end.noJump = true; break;
                case 'igui': end.igui = true; break;
                case 'rank':
                    this.problems.add('invalid', '(rank) is a test for conditions, not a modifier');
                    return NONE;
                default: {
                    const word = functionWord(name);
                    if (word) this.problems.add('informal', `${name} is informal: its argument's moves are shown unrestricted`);
                    else this.problems.add('unknown-function', `unknown function ${name}: its argument's moves are shown unrestricted`);
                    notes.push(`not evaluated: ${name}`);
                }
            }
        }
        const inner: Context = { ...ctx, end, notes };
        return union(args.map((arg) => this.plan(arg, inner)));
    }

    private promotion(names: readonly string[], args: readonly Move[]): Annotation {
        if (names.length > 1) this.problems.add('invalid', 'promote-to cannot be composed with other functions');
        const choices: string[] = [];
        for (const arg of args) {
            if (arg.kind !== 'ref') {
                choices.push('(a described piece)');
                continue;
            }
            if (!this.resolve(arg.key)) this.problems.add('unknown-piece', `unknown piece "${arg.key}"`);
            choices.push(arg.key);
        }
        return { kind: 'annotation', notes: [`promotes to ${choices.join(', ') || 'nothing named'}`] };
    }

    private conditional(
        branches: readonly { test: Test; body: Move }[], otherwise: Move | undefined, ctx: Context
    ): Plan {
        return {
            kind: 'conditional',
            branches: branches.map((b) => ({ test: compileTest(b.test, this.problems), body: this.plan(b.body, ctx) })),
            otherwise: otherwise && this.plan(otherwise, ctx)
        };
    }
}

function union(parts: Plan[]): Plan {
    const flat = parts.flatMap((p) => (p.kind === 'union' ? p.parts : p.kind === 'none' ? [] : [p]));
    if (flat.length === 0) return NONE;
    return flat.length === 1 ? flat[0] : { kind: 'union', parts: flat };
}
