/**
 * Walks a Plan on a board and reports every way a move can end ("endpoints"). The square the
 * piece starts on counts as empty once it has left (a returning piece may pass over it).
 *
 * Paths (see docs/engine-semantics.md):
 * - a leaf's path from its start to a landing after k steps is every square whose centre lies
 *   strictly between them on the straight line: the k-1 intermediate landings plus the
 *   squares each step passes over (directions.ts pathOffsets);
 * - normally only intermediate landings block (leapers jump, riders stop at the first piece);
 *   `no-jump` needs the whole path empty; `cannon` needs exactly one piece on the whole path.
 * - `=>` continues only from an empty landing; `->` continues whatever stands there and may
 *   also stop there.
 * - capturing on the way (the locust): a leg that may end only by capturing, when another leg
 *   follows, needs an enemy on its landing square; that enemy is removed (the square is empty
 *   for the rest of the path) and the move goes on. Endpoints carry the squares so captured.
 *
 * The walker records which squares' contents it consulted to decide a path ("reads"), so that
 * report.ts can tell when the one-pass "add an enemy on T" shortcut needs a re-check.
 * Work is bounded: states are de-duplicated at each leg, and a step budget stops runaway plans.
 */
import type { Board, Square } from './board.js';
import { isOutward, pathOffsets } from './directions.js';
import type { ConditionalPlan, EndRule, LeafPlan, Plan, PlanTerm, PlanTest, SequencePlan, Vec } from './plan.js';

export const EMPTY = 0;
export const FRIEND = 1;
export const ENEMY = 2;

/** Where a path ends, with the rule for how it may end there. */
export interface Endpoint {
    x: number;
    y: number;
    /** The last step taken to get here. */
    dir: Vec;
    end: EndRule;
    notes: readonly string[];
    promotions: readonly string[];
    /** Where the piece stands when the path ends: the landing square, or for igui the square it captured from. */
    fromX: number;
    fromY: number;
    /** Squares (by index) whose enemies were captured on the way, in the order taken. */
    captured: readonly number[];
}

interface State {
    x: number;
    y: number;
    /** The last step taken (for `:outward` on the next leg); null before the first leg. */
    dir: Vec | null;
    notes: readonly string[];
    promotions: readonly string[];
    /** Squares (by index) captured on the way so far: empty for the rest of the path. */
    captured: readonly number[];
}

/** How informal tests are decided: by their note (`"crossed the river"`); a test not listed keeps both ways open. */
export type Assumptions = ReadonlyMap<string, boolean>;

/** Thrown when the step budget runs out; report.ts turns it into a problem. */
export class BudgetExceeded extends Error {}

/** Square contents as a flat array, index = rank * files + file. */
export class Occupancy {
    readonly cells: Uint8Array;

    constructor(readonly board: Board, friends: readonly Square[], enemies: readonly Square[], vacated: Square) {
        this.cells = new Uint8Array(board.files * board.ranks);
        for (const s of friends) this.put(s.file, s.rank, FRIEND);
        for (const s of enemies) this.put(s.file, s.rank, ENEMY);
        this.put(vacated.file, vacated.rank, EMPTY);
    }

    on(x: number, y: number): boolean {
        return x >= 0 && y >= 0 && x < this.board.files && y < this.board.ranks;
    }

    index(x: number, y: number): number {
        return y * this.board.files + x;
    }

    at(x: number, y: number): number {
        return this.cells[this.index(x, y)];
    }

    put(x: number, y: number, value: number): void {
        if (this.on(x, y)) this.cells[this.index(x, y)] = value;
    }

    /** A copy with `value` on one square (for the "enemy added on T" re-check). */
    with(x: number, y: number, value: number): Occupancy {
        const copy = Object.create(Occupancy.prototype) as Occupancy;
        Object.assign(copy, { board: this.board, cells: Uint8Array.from(this.cells) });
        copy.put(x, y, value);
        return copy;
    }
}

export class Walker {
    /** Squares whose contents decided whether some path went on (by index). */
    readonly reads = new Set<number>();

    constructor(
        private readonly occ: Occupancy, private readonly budget: { left: number },
        private readonly assume: Assumptions = new Map()
    ) {}

    /** Emits every endpoint of `plan` started from (x, y) with no previous step. */
    run(plan: Plan, x: number, y: number, emit: (e: Endpoint) => void): void {
        this.walk(plan, { x, y, dir: null, notes: [], promotions: [], captured: [] }, emit);
    }

    private walk(plan: Plan, state: State, emit: (e: Endpoint) => void): void {
        switch (plan.kind) {
            case 'leaf': return this.leaf(plan, state, emit);
            case 'union':
                for (const part of plan.parts) this.walk(part, state, emit);
                return;
            case 'sequence': return this.sequence(plan, state, emit);
            case 'conditional': return this.conditional(plan, state, emit);
            case 'notes':
                return this.walk(plan.base, state, (e) => emit({ ...e, notes: merge(e.notes, plan.notes), promotions: merge(e.promotions, plan.promotions ?? []) }));
            case 'none': return;
        }
    }

    private tick(): void {
        if (--this.budget.left < 0) throw new BudgetExceeded();
    }

    private read(x: number, y: number, captured: readonly number[]): number {
        const index = this.occ.index(x, y);
        this.reads.add(index);
        return captured.length > 0 && captured.includes(index) ? EMPTY : this.occ.at(x, y);
    }

    private leaf(plan: LeafPlan, state: State, emit: (e: Endpoint) => void): void {
        const { cannon, noJump } = plan.end;
        const notes = merge(state.notes, plan.notes);
        for (const step of plan.steps) {
            if (state.dir && plan.turn === 'outward' && !isOutward(step, state.dir)) continue;
            // A step off the board goes nowhere; checking first also keeps the path short (a leap of 2^40 has 2^40 squares on it).
            if (!this.occ.on(state.x + step[0], state.y + step[1])) continue;
            const inner = pathOffsets(step);
            let landingPieces = 0; // pieces on intermediate landings
            let innerPieces = 0; // pieces on squares passed over inside single steps
            // Bounded: each step moves at least one square, so the board edge ends the loop.
            for (let k = 1; plan.max === null || k <= plan.max; k++) {
                const bx = state.x + (k - 1) * step[0];
                const by = state.y + (k - 1) * step[1];
                const x = bx + step[0];
                const y = by + step[1];
                if (!this.occ.on(x, y)) break;
                this.tick();
                if (k > 1 && this.read(bx, by, state.captured) !== EMPTY) landingPieces++;
                if (cannon || noJump) {
                    for (const [ox, oy] of inner) if (this.read(bx + ox, by + oy, state.captured) !== EMPTY) innerPieces++;
                }
                const pieces = landingPieces + innerPieces;
                if (cannon ? pieces > 1 : noJump ? pieces > 0 : landingPieces > 0) break;
                if (k >= plan.min && (!cannon || pieces === 1)) {
                    const igui = plan.end.igui;
                    emit({ x, y, dir: step, end: plan.end, notes, promotions: state.promotions, fromX: igui ? state.x : x, fromY: igui ? state.y : y, captured: state.captured });
                }
            }
        }
    }

    private sequence(plan: SequencePlan, start: State, emit: (e: Endpoint) => void): void {
        let states: State[] = [start];
        plan.legs.forEach((leg, i) => {
            const last = i === plan.legs.length - 1;
            const next = new Map<string, State>();
            for (const state of states) {
                this.walk(leg, state, (e) => {
                    // Every endpoint passes up through each enclosing sequence: that work counts too, or
                    // deeply nested sequences ran for seconds on one budget.
                    this.tick();
                    if (last) return emit(e);
                    if (plan.mode === 'free') emit(e);
                    if (e.end.igui) return; // the piece did not move there: nothing to continue from
                    let captured = e.captured;
                    if (!e.end.move && e.end.capture) {
                        // Capturing on the way: an enemy must stand there; it is removed and the move goes on.
                        if (this.read(e.x, e.y, captured) !== ENEMY) return;
                        captured = [...captured, this.occ.index(e.x, e.y)];
                    } else if (plan.mode === 'blocked' && this.read(e.x, e.y, captured) !== EMPTY) return;
                    let key = `${e.x},${e.y},${e.dir[0]},${e.dir[1]},${e.notes.join('\u0000')}`;
                    if (e.promotions.length > 0) key += `\u0001${e.promotions.join('\u0000')}`;
                    if (captured.length > 0) key += `\u0002${captured.join(',')}`;
                    if (!next.has(key)) next.set(key, { x: e.x, y: e.y, dir: e.dir, notes: e.notes, promotions: e.promotions, captured });
                });
            }
            states = [...next.values()];
        });
    }

    /**
     * The first branch whose test holds applies. An informal test keeps its branch (noted
     * `if "..."`) and the later branches possible; a branch taken after informal tests (a true
     * test, or the default) is noted `unless "..."` for each of them.
     */
    private conditional(plan: ConditionalPlan, state: State, emit: (e: Endpoint) => void): void {
        const rank = state.y + 1;
        const unless: string[] = [];
        for (const { test, body } of plan.branches) {
            if (test.kind === 'informal') {
                const assumed = this.assume.get(test.note);
                if (assumed === true) return this.walk(body, { ...state, notes: merge(state.notes, unless) }, emit);
                if (assumed === false) continue;
                this.walk(body, { ...state, notes: merge(state.notes, [`if ${test.note}`]) }, emit);
                unless.push(`unless ${test.note}`);
            } else if (evaluateTest(test, rank)) {
                return this.walk(body, { ...state, notes: merge(state.notes, unless) }, emit);
            }
        }
        if (plan.otherwise) this.walk(plan.otherwise, { ...state, notes: merge(state.notes, unless) }, emit);
    }
}

/** Whether an evaluable test holds on `rank` (counted from 1). */
export function evaluateTest(test: PlanTest & { kind: 'equals' }, rank: number): boolean {
    return termValue(test.left, rank) === termValue(test.right, rank);
}

function termValue(term: PlanTerm, rank: number): number {
    return term.kind === 'rank' ? rank : term.value;
}

function merge(a: readonly string[], b: readonly string[]): readonly string[] {
    if (b.length === 0) return a;
    if (a.length === 0) return b;
    return [...new Set([...a, ...b])];
}
