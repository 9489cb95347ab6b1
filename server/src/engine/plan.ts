/**
 * The compiled form of a piece: what compile.ts makes of a model Move once every name is
 * resolved and every qualifier has been pushed down to the leaps it applies to. evaluate.ts
 * walks it on a board. Invariant: a Plan contains no names, no keywords and no text, only
 * step vectors, ranges, end rules, tests on the rank and notes to show.
 */
import type { PieceDef, Move } from '../model/piece.js';

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

/** A number in a condition: a literal, or `(rank)` of the square the piece stands on. */
export type PlanTerm = { kind: 'number'; value: number } | { kind: 'rank' };

export type PlanTest =
    | { kind: 'equals'; left: PlanTerm; right: PlanTerm }
    /** Not machine-evaluable: the branch is shown with this note, and later branches stay possible. */
    | { kind: 'informal'; note: string };

export interface ConditionalPlan {
    kind: 'conditional';
    branches: { test: PlanTest; body: Plan }[];
    otherwise?: Plan;
}

/** Adds notes (promotion, informal restrictions) to every destination of `base`. */
export interface NotesPlan {
    kind: 'notes';
    base: Plan;
    notes: string[];
}

/** Moves nowhere: an unknown name, a cycle, a text description, an impossible combination. */
export interface NonePlan {
    kind: 'none';
}

export type Plan = LeafPlan | UnionPlan | SequencePlan | ConditionalPlan | NotesPlan | NonePlan;

/** A problem met while compiling or evaluating; `kind` lets callers pick a severity. */
export interface EngineProblem {
    kind: 'unknown-piece' | 'cycle' | 'informal' | 'unknown-keyword' | 'unknown-function' | 'invalid' | 'limit';
    message: string;
}

/** Collects problems without duplicates (the same sub-definition may be compiled many times). */
export class Problems {
    private readonly seen = new Set<string>();
    readonly list: EngineProblem[] = [];

    add(kind: EngineProblem['kind'], message: string): void {
        if (this.seen.has(message)) return;
        this.seen.add(message);
        this.list.push({ kind, message });
    }
}

export const NONE: NonePlan = { kind: 'none' };
