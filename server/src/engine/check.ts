/**
 * Static checks for the validator: which direction keywords are known, and which select no
 * step of the vectors they qualify (`(knight :sideways)`, `(wazir :narrow)`). Evaluation-free:
 * it compiles the qualified base and looks at its step vectors only.
 */
import type { Move, QualifiedMove } from '../model/piece.js';
import { directionWord, isKnownKeyword } from '../model/vocabulary.js';
import { normalizeKeyword } from '../model/names.js';
import type { Geometry } from '../geometry/geometry.js';
import { SQUARE } from '../geometry/square.js';
import { compile, type RefCache } from './compile.js';
import { Problems, type Plan, type Resolver, type Vec } from './plan.js';

export { isKnownKeyword };

export interface DirectionCheck {
    /** The qualified movement the keyword appears in (the same object as in the model). */
    node: QualifiedMove;
    /** Position of the keyword in `node.qualifiers`. */
    index: number;
    /** Normalized keyword, without colon. */
    keyword: string;
    /** A direction keyword of the lattice checked on (squares by default). */
    known: boolean;
    /** Steps of the base it selects; empty for an unknown keyword or a dead one. */
    selected: Vec[];
    /** True when the keyword is known and the base has steps, but the keyword selects none of them. */
    selectsNothing: boolean;
}

/**
 * Checks every direction keyword written in `move` (references are followed only to learn
 * their steps; keywords inside other definitions are checked with those definitions).
 */
export function checkDirections(move: Move, resolve: Resolver, geometry: Geometry = SQUARE, cache?: RefCache): DirectionCheck[] {
    const out: DirectionCheck[] = [];
    visit(move, (node) => {
        node.qualifiers.forEach((q, index) => {
            if (q.kind !== 'direction' && q.kind !== 'other') return;
            const word = geometry.direction(normalizeKeyword(q.name));
            // A known non-direction keyword (`:within-fortress`), or a direction this lattice gives no meaning (reported by the validator).
            if (!word && (isKnownKeyword(q.name) || directionWord(q.name))) return;
            const base = baseSteps(node.base, resolve, geometry, cache);
            const selected = word ? base.filter((step) => word.test(step)) : [];
            out.push({ node, index, keyword: q.name, known: !!word, selected, selectsNothing: !!word && base.length > 0 && selected.length === 0 });
        });
    });
    return out;
}

/** Parts compiled to learn a movement's steps; the validator asks on every edit. */
export const STEPS_MAX_NODES = 5_000;

/**
 * Every distinct step vector `move` can take, in any leg (directions, ranges and modifiers
 * already applied). Empty (unknown) when the movement is too large to compile quickly: a
 * partial list could make a keyword look as if it selected nothing. `cache`: the resolver's
 * (piece-models.ts), which also keeps a name's steps.
 */
export function baseSteps(move: Move, resolve: Resolver, geometry: Geometry = SQUARE, cache?: RefCache): Vec[] {
    if (move.kind !== 'ref' || !cache) return compiledSteps(move, resolve, geometry, cache);
    // `(knight :forward)`, `(knight :backward)`, ...: a name's steps, once per resolver and lattice (a
    // resolver's answers never change, and what a bare name compiles to depends on nothing else).
    const key = `${geometry.id}\u0000${move.key}`;
    let steps = cache.steps.get(key);
    if (!steps) cache.steps.set(key, steps = compiledSteps(move, resolve, geometry, cache));
    return [...steps];
}

function compiledSteps(move: Move, resolve: Resolver, geometry: Geometry, cache: RefCache | undefined): Vec[] {
    const steps = new Map<string, Vec>();
    const problems = new Problems();
    const plan = compile(move, resolve, problems, STEPS_MAX_NODES, cache, geometry);
    if (problems.list.some((p) => p.kind === 'limit')) return [];
    collect(plan, steps);
    return [...steps.values()];
}

function collect(plan: Plan, into: Map<string, Vec>): void {
    switch (plan.kind) {
        case 'leaf':
            for (const s of plan.steps) into.set(`${s[0]},${s[1]}`, s);
            return;
        case 'union': return plan.parts.forEach((p) => collect(p, into));
        case 'sequence': return plan.legs.forEach((p) => collect(p, into));
        case 'conditional':
            plan.branches.forEach((b) => collect(b.body, into));
            if (plan.otherwise) collect(plan.otherwise, into);
            return;
        case 'notes': return collect(plan.base, into);
        case 'none': return;
    }
}

function visit(move: Move, onQualified: (node: QualifiedMove) => void): void {
    switch (move.kind) {
        case 'qualified':
            onQualified(move);
            return visit(move.base, onQualified);
        case 'union': return move.parts.forEach((p) => visit(p, onQualified));
        case 'sequence': return move.legs.forEach((p) => visit(p, onQualified));
        case 'apply': return move.args.forEach((p) => visit(p, onQualified));
        case 'conditional':
            move.branches.forEach((b) => visit(b.body, onQualified));
            if (move.otherwise) visit(move.otherwise, onQualified);
            return;
        default: return;
    }
}
