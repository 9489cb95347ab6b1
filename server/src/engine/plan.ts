/**
 * The compiled form of a piece: what compile.ts makes of a model Move once every name is
 * resolved and every qualifier has been pushed down to the leaps it applies to. evaluate.ts
 * walks it on a board. Invariant: a Plan contains no names, no keywords and no text, only
 * step vectors, ranges, end rules, tests on the rank and notes to show.
 */
import type { CompareOp, PieceDef, Move, PathRegex } from '../model/piece.js';
import type { DirectionTest } from '../geometry/geometry.js';
import type { Square } from '../geometry/index.js';
import { MAX_NESTING } from '../model/limits.js';

/** A step (dx, dy): x toward the h-file, y forward, from White's point of view. */
export type Vec = readonly [number, number];

/** Resolves a normalized piece name to its definition. */
export type Resolver = (key: string) => PieceDef | undefined;

/** What a piece can be asked to evaluate: a whole definition, or a bare movement. */
export type Target = PieceDef | Move;

/** How a leap may end and what its path must look like. */
export interface EndRule {
    /** May end on an empty square (a non-capturing move). */
    move: boolean;
    /** May end by capturing an enemy piece. */
    capture: boolean;
    /** Captures on the landing square without moving there. */
    igui: boolean;
    /** Exactly one piece (either side) on the path. */
    cannon: boolean;
    /** Every square on the path must be empty. */
    noJump: boolean;
}

/** One leap or ride: every step in `steps`, repeated `min`..`max` times in one direction. */
export interface LeafPlan {
    kind: 'leaf';
    steps: Vec[];
    min: number;
    /** null: unlimited (a rider). */
    max: number | null;
    end: EndRule;
    /** 'outward' unless `:any` was given; only matters on a continuation leg. */
    turn: 'outward' | 'any';
    notes: string[];
    /** Zone restrictions: the leg's start, every square its path passes over and its landing lie in each zone. */
    zones?: PlanZone[];
    /**
     * Landing tests: each must hold on a square for the leg to land there (stop or go on), and
     * on each occupied square the leg jumps over (a screen) for it to go past.
     */
    landing?: PlanCondition[];
}

export interface UnionPlan {
    kind: 'union';
    parts: Plan[];
}

/** `=>` (blocked) and `->` (free) chains; at least two legs. */
export interface SequencePlan {
    kind: 'sequence';
    mode: 'blocked' | 'free';
    legs: Plan[];
}

/** A number in a condition: a literal, or `(rank)` / `(file)` of the square tested (1-based, from the mover's side). */
export type PlanTerm = { kind: 'number'; value: number } | { kind: 'rank' } | { kind: 'file' };

/** A zone as the plan holds it: its squares on the real board (White's naming); the walker turns them for Black. */
export interface PlanZone {
    key: string;
    /** Its squares read as square-board names (on the largest rectangle). */
    squares: readonly Square[];
    /** The items as written (`a1-c2`, `f6`): on a shaped board (a hexagon) they are read again in its own names (zoneMask). */
    items?: readonly string[];
}

/** A machine-evaluable condition on one square (see conditions.ts). */
export type PlanCondition =
    | { kind: 'compare'; op: CompareOp; left: PlanTerm; right: PlanTerm }
    | { kind: 'and'; tests: PlanCondition[] }
    | { kind: 'or'; tests: PlanCondition[] }
    | { kind: 'not'; test: PlanCondition }
    | { kind: 'first-move' }
    | { kind: 'in'; zone: PlanZone }
    /** One of these pieces (normalized keys), of either side, stands on the square. */
    | { kind: 'occupied-by'; pieces: string[] }
    | { kind: 'empty' }
    | { kind: 'friend' }
    | { kind: 'enemy' };

export type PlanTest =
    | PlanCondition
    /** Not machine-evaluable: the branch is shown with this note, and later branches stay possible. */
    | { kind: 'informal'; note: string };

export interface ConditionalPlan {
    kind: 'conditional';
    branches: { test: PlanTest; body: Plan }[];
    otherwise?: Plan;
}

/** Adds notes (informal restrictions) and promotion choices to every destination of `base`. */
export interface NotesPlan {
    kind: 'notes';
    base: Plan;
    notes: string[];
    /** `promote-to` choices (normalized names, or "(a described piece)"). */
    promotions?: string[];
}

/** Moves nowhere: an unknown name, a cycle, a text description, an impossible combination. */
export interface NonePlan {
    kind: 'none';
}

export type Plan = LeafPlan | UnionPlan | SequencePlan | ConditionalPlan | NotesPlan | NonePlan | PathPlan;

/**
 * Which rule a problem comes from, finer than its kind: the editor's engine checks map each to
 * an issue code (server/src/semantics/engine-checks.ts), so no caller reads messages.
 */
export type EngineRule =
    | 'unknown-piece' | 'cycle' | 'no-body' | 'unknown-keyword' | 'unknown-function'
    | 'informal-text' | 'informal-keyword' | 'informal-function' | 'informal-condition' | 'informal-comparison' | 'informal-leg'
    | 'igui-on-the-way' | 'no-move' | 'missing-argument' | 'empty-conditional' | 'bad-vector'
    | 'bad-range' | 'misplaced-promotion' | 'rank-as-modifier' | 'condition-as-modifier' | 'limit' | 'set-up'
    /** Boards, zones and conditions (issue 10). */
    | 'not-a-zone' | 'zone-square' | 'not-a-condition' | 'not-a-function' | 'unknown-occupant' | 'condition-cycle'
    | 'informal-test' | 'not-evaluable' | 'declaration-used-as-piece' | 'outside-zone'
    /** Geometry (issue 11): a direction keyword the board's lattice gives no meaning to. */
    | 'direction-not-on-board'
    /** Turns (issue 25): a part of a later leg no step before it goes on to, and in `=>` steps no later leg goes on from. */
    | 'leg-never-taken' | 'leg-leads-nowhere'
    /** Followed more than model/limits.ts's MAX_NESTING levels deep (names and nested parts): the deeper parts are not evaluated. */
    | 'too-deep';

/** A problem met while compiling or evaluating; `kind` lets callers pick a severity. */
export interface EngineProblem {
    kind: 'unknown-piece' | 'cycle' | 'informal' | 'unknown-keyword' | 'unknown-function' | 'invalid' | 'limit';
    message: string;
    rule: EngineRule;
}

/**
 * Where a problem arose in the evaluated definition's own body: the chain of model nodes from
 * the body down to the node (outermost first). Problems met inside a referenced definition are
 * not located here: they belong to that definition.
 */
export interface LocatedProblem {
    problem: EngineProblem;
    path: readonly Move[];
    /** The keyword (normalized, without colon) the problem is about, when it is one qualifier of the node. */
    keyword?: string;
    /** The name (normalized) the problem is about, when it is one: `deep` in `(in deep)` is not a zone. */
    name?: string;
}

/** Collects problems without duplicates (the same sub-definition may be compiled many times). */
export class Problems {
    // Made at the first problem: the editor's checks make one Problems per definition, and nearly every definition has none.
    private byMessage: Map<string, EngineProblem> | undefined;
    private places: Set<string> | undefined;
    private nodeIds: Map<Move, number> | undefined;
    readonly list: EngineProblem[] = [];
    /** Each place in the target's own body a problem arose (one entry per place, even for a repeated message). */
    readonly located: LocatedProblem[] = [];

    /** Adds every problem of `other`, in its order (its problems, then the places they arose). */
    addAll(other: Problems): void {
        for (const p of other.list) this.add(p.kind, p.message, p.rule);
        for (const l of other.located) this.add(l.problem.kind, l.problem.message, l.problem.rule, l.path, l.keyword, l.name);
    }

    add(kind: EngineProblem['kind'], message: string, rule: EngineRule, path?: readonly Move[], keyword?: string, name?: string): void {
        const byMessage = this.byMessage ??= new Map();
        let problem = byMessage.get(message);
        if (!problem) {
            problem = { kind, message, rule };
            byMessage.set(message, problem);
            this.list.push(problem);
        }
        if (!path || path.length === 0) return;
        const node = path[path.length - 1];
        const nodeIds = this.nodeIds ??= new Map();
        let id = nodeIds.get(node);
        if (id === undefined) nodeIds.set(node, id = nodeIds.size);
        const place = `${id}\u0000${message}`;
        const places = this.places ??= new Set();
        if (places.has(place)) return;
        places.add(place);
        this.located.push({ problem, path, ...(keyword !== undefined ? { keyword } : {}), ...(name !== undefined ? { name } : {}) });
    }
}

export const NONE: NonePlan = { kind: 'none' };

/**
 * The depth limit in words (rule `too-deep`), for pieces, functions and conditions alike: the
 * same wherever it is met, so a check says the same whatever was compiled before it.
 */
export const TOO_DEEP = `nested more than ${MAX_NESTING} levels deep, counting each name it goes through: lcpn follows definitions that deep, so the deeper parts are not evaluated`;

/**
 * `(path "...")` compiled (issue 11): the path expression, walked on the board's rotation graph
 * (engine/path-walk.ts) from the piece's cell facing forward. Destinations are the cells where a
 * whole match ends; `end`, `zones` and `landing` apply to them as to a leaf's landings.

 * Direction keywords around a path select its destinations by their offset from the start
 * (`((path "L*(F$)+") :forward)`: the rook's forward moves).
 */
export interface PathPlan {
    kind: 'path';
    regex: PathRegex;
    /** The path as written, for notes. */
    text: string;
    end: EndRule;
    /** Direction keyword groups (as a leaf's: each group a union, groups intersect), on the destination's offset. */
    groups?: DirectionTest[][];
    notes: string[];
    zones?: PlanZone[];
    landing?: PlanCondition[];
}
