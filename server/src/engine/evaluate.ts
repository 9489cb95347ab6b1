/**
 * Walks a Plan on a board and reports every way a move can end ("endpoints"). The square the
 * piece starts on counts as empty once it has left (a returning piece may pass over it).
 *
 * Paths (see docs/engine-semantics.md):
 * - a leaf's path from its start to a landing after k steps is every cell whose centre lies
 *   strictly between them on the straight line: the k-1 intermediate landings plus the
 *   cells each step passes over (the geometry's pathOffsets);
 * - the board's geometry says which cells exist (a hexagon's, a rectangle's without its holes:
 *   a ride stops before a hole, a leap may pass over one) and whether files wrap round (a
 *   cylinder: a ride stops when it comes back to its start; a step of a whole turn or more goes nowhere);
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
import type { Occupant } from './board.js';
import { compare } from './conditions.js';
import { type Board, boardGeometry, geometryOf, isCylinder, isFullBox, type Square } from '../geometry/index.js';
import type { BoardGeometry, Geometry } from '../geometry/geometry.js';
import type { ConditionalPlan, EndRule, LeafPlan, PathPlan, Plan, PlanCondition, PlanTerm, PlanZone, SequencePlan, Vec } from './plan.js';
import { walkPath, type PathWalkBoard } from './path-walk.js';
import { compilePath, type PathAutomaton } from './path-compile.js';
import type { PathRegex } from '../model/piece.js';
import { goesOn } from './reach.js';
import { zoneSquares } from './rules.js';

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

/** How one walk is run, beyond the board: the set-up's state and the file's rules. */
export interface WalkOptions {
    /** Decides informal tests by their note. */
    assume?: Assumptions;
    /** The piece has not moved yet: `(first-move)` holds. */
    firstMove?: boolean;
    /** The zone the piece is confined to (the board's `confine` clause): every leaf stays in it. */
    confine?: PlanZone;
    /** Zone masks by zone, shared by the walks of one evaluation. */
    masks?: Map<PlanZone, Uint8Array>;
    /** Path automata by expression, shared by the walks of one evaluation (their states are built as walks reach them). */
    automata?: Map<PathRegex, PathAutomaton>;
}

/** Which cells of a board's lattice box exist (undefined: all of them). */
function validMask(geometry: BoardGeometry): Uint8Array | undefined {
    return isFullBox(geometry.board) ? undefined : geometry.cellMask;
}

/** Square contents as a flat array, index = rank * files + file, and the names of the pieces where known. */
export class Occupancy {
    readonly cells: Uint8Array;
    /** Normalized piece keys by square index, for `(occupied-by P)`; absent where unnamed. */
    readonly names: Map<number, string>;
    /** The board's shape: which cells exist, their numbers and names. */
    readonly geometry: BoardGeometry;
    /** The cells of the lattice box that exist; undefined when every one does (a plain rectangle). */
    readonly valid: Uint8Array | undefined;
    /** Files wrap round (a cylinder). */
    readonly cylinder: boolean;

    constructor(readonly board: Board, friends: readonly Occupant[], enemies: readonly Occupant[], vacated: Square) {
        this.geometry = boardGeometry(board);
        this.valid = validMask(this.geometry);
        this.cylinder = isCylinder(board);
        this.cells = new Uint8Array(board.files * board.ranks);
        this.names = new Map();
        for (const s of friends) this.place(s, FRIEND);
        for (const s of enemies) this.place(s, ENEMY);
        this.put(vacated.file, vacated.rank, EMPTY);
    }

    private place(s: Occupant, value: number): void {
        this.put(s.file, s.rank, value);
        if (s.piece !== undefined && this.on(s.file, s.rank)) this.names.set(this.index(s.file, s.rank), s.piece);
        else this.names.delete(this.index(s.file, s.rank));
    }

    /** The piece standing on a square, when the set-up names it. */
    name(index: number): string | undefined {
        return this.names.get(index);
    }

    /** A cell of the board (coordinates already wrapped on a cylinder). */
    on(x: number, y: number): boolean {
        return x >= 0 && y >= 0 && x < this.board.files && y < this.board.ranks && (this.valid === undefined || this.valid[y * this.board.files + x] === 1);
    }

    /** The file `x` wrapped round a cylinder (unchanged on other boards). */
    wrap(x: number): number {
        if (!this.cylinder) return x;
        const files = this.board.files;
        return ((x % files) + files) % files;
    }

    index(x: number, y: number): number {
        return y * this.board.files + x;
    }

    at(x: number, y: number): number {
        return this.cells[this.index(x, y)];
    }

    put(x: number, y: number, value: number): void {
        if (!this.on(x, y)) return;
        this.cells[this.index(x, y)] = value;
        if (value === EMPTY) this.names.delete(this.index(x, y));
    }

    /** A copy with `value` (an unnamed piece, or nothing) on one square (for the "enemy added on T" re-check). */
    with(x: number, y: number, value: number): Occupancy {
        const copy = Object.create(Occupancy.prototype) as Occupancy;
        Object.assign(copy, {
            board: this.board, cells: Uint8Array.from(this.cells), names: new Map(this.names), geometry: this.geometry, valid: this.valid, cylinder: this.cylinder
        });
        copy.put(x, y, value);
        copy.names.delete(copy.index(x, y));
        return copy;
    }
}

export class Walker {
    /** Squares whose contents decided whether some path went on (by index). */
    readonly reads = new Set<number>();

    private readonly assume: Assumptions;
    private readonly masks: Map<PlanZone, Uint8Array>;
    private readonly automata: Map<PathRegex, PathAutomaton>;
    private readonly lattice: Geometry;

    constructor(private readonly occ: Occupancy, private readonly budget: { left: number }, private readonly options: WalkOptions = {}) {
        this.assume = options.assume ?? new Map();
        this.masks = options.masks ?? new Map();
        this.automata = options.automata ?? new Map();
        this.lattice = occ.geometry.geometry;
    }

    /** Emits every endpoint of `plan` started from (x, y) with no previous step. */
    run(plan: Plan, x: number, y: number, emit: (e: Endpoint) => void): void {
        this.walk(plan, { x, y, dir: null, notes: [], promotions: [], captured: [] }, emit);
    }

    private walk(plan: Plan, state: State, emit: (e: Endpoint) => void): void {
        switch (plan.kind) {
            case 'leaf': return this.leaf(plan, state, emit);
            case 'path': return this.path(plan, state, emit);
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
        const confine = this.options.confine;
        const zones = confine ? [confine, ...(plan.zones ?? [])] : plan.zones;
        const landing = plan.landing;
        // A zone restriction includes the square the leg starts from.
        if (zones && !this.inZones(zones, state.x, state.y)) return;
        const readInner = cannon || noJump || !!landing;
        const occ = this.occ;
        const cylinder = occ.cylinder;
        for (const step of plan.steps) {
            if (!goesOn(plan, step, state.dir, this.lattice)) continue;
            // Round a cylinder, a step of a whole turn or more would pass over its own start: it goes nowhere.
            if (cylinder && Math.abs(step[0]) >= occ.board.files) continue;
            // A step off the board goes nowhere; checking first also keeps the path short (a leap of 2^40 has 2^40 squares on it).
            if (!occ.on(occ.wrap(state.x + step[0]), state.y + step[1])) continue;
            const inner = this.lattice.pathOffsets(step);
            let landingPieces = 0; // pieces on intermediate landings
            let innerPieces = 0; // pieces on squares passed over inside single steps
            // (bx, by): the landing before this one (the start first).
            let bx = state.x;
            let by = state.y;
            // Bounded: each step moves at least one cell, so the board edge (or, round a cylinder, the start) ends the loop.
            for (let k = 1; plan.max === null || k <= plan.max; k++) {
                const x = occ.wrap(bx + step[0]);
                const y = by + step[1];
                if (!occ.on(x, y)) break;
                if (cylinder && k > 1 && x === state.x && y === state.y) break; // back round to the start
                this.tick();
                if (k > 1 && this.read(bx, by, state.captured) !== EMPTY) {
                    landingPieces++;
                    // An occupied square passed over (a screen) must pass the landing tests too.
                    if (landing && !this.holdsAll(landing, bx, by, state.captured)) break;
                }
                let leaves = false;
                for (const [ox, oy] of inner) {
                    const px = occ.wrap(bx + ox);
                    const py = by + oy;
                    // A hole passed over inside a leap is jumped like an empty cell.
                    if (!occ.on(px, py)) continue;
                    if (zones && !this.inZones(zones, px, py)) leaves = true;
                    else if (readInner && this.read(px, py, state.captured) !== EMPTY) {
                        innerPieces++;
                        if (landing && !this.holdsAll(landing, px, py, state.captured)) leaves = true;
                    }
                    if (leaves) break;
                }
                if (leaves) break;
                bx = x;
                by = y;
                const pieces = landingPieces + innerPieces;
                if (cannon ? pieces > 1 : noJump ? pieces > 0 : landingPieces > 0) break;
                if (zones && !this.inZones(zones, x, y)) break;
                // A landing that fails a test is not a landing; a ride goes on over the empty square.
                if (landing && !this.holdsAll(landing, x, y, state.captured)) continue;
                if (k >= plan.min && (!cannon || pieces === 1)) {
                    const igui = plan.end.igui;
                    emit({ x, y, dir: step, end: plan.end, notes, promotions: state.promotions, fromX: igui ? state.x : x, fromY: igui ? state.y : y, captured: state.captured });
                }
            }
        }
    }

    /**
     * A path expression (seed 002), walked on the board's rotation graph from the leg's start
     * facing forward (engine/path-walk.ts). Its cells are read as the leaf's are (captured
     * squares empty); zones bound every cell it enters; direction keywords select destinations
     * by their offset; landing tests apply to destinations.
     */
    private path(plan: PathPlan, state: State, emit: (e: Endpoint) => void): void {
        const notes = merge(state.notes, plan.notes);
        const confine = this.options.confine;
        const zones = confine ? [confine, ...(plan.zones ?? [])] : plan.zones;
        if (zones && !this.inZones(zones, state.x, state.y)) return;
        const board: PathWalkBoard = {
            geometry: this.occ.geometry,
            read: (cell) => this.read(cell.file, cell.rank, state.captured),
            ...(zones ? { enter: (cell: Square) => this.inZones(zones, cell.file, cell.rank) } : {}),
            tick: () => this.tick()
        };
        let automaton = this.automata.get(plan.regex);
        if (!automaton) this.automata.set(plan.regex, automaton = compilePath(plan.regex));
        walkPath(automaton, board, { file: state.x, rank: state.y }, (to, step) => {
            if (plan.groups && !plan.groups.every((group) => group.some((word) => word.test(step)))) return;
            if (plan.landing && !this.holdsAll(plan.landing, to.file, to.rank, state.captured)) return;
            const igui = plan.end.igui;
            emit({
                x: to.file, y: to.rank, dir: step, end: plan.end, notes, promotions: state.promotions,
                fromX: igui ? state.x : to.file, fromY: igui ? state.y : to.rank, captured: state.captured
            });
        });
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

    /** Whether every test holds on (x, y). */
    private holdsAll(tests: readonly PlanCondition[], x: number, y: number, captured: readonly number[]): boolean {
        for (const test of tests) if (!this.holds(test, x, y, captured)) return false;
        return true;
    }

    /** Whether a condition holds on square (x, y) of the mover's view. */
    holds(test: PlanCondition, x: number, y: number, captured: readonly number[]): boolean {
        switch (test.kind) {
            case 'compare': return compare(test.op, this.termValue(test.left, x, y), this.termValue(test.right, x, y));
            case 'and': return test.tests.every((t) => this.holds(t, x, y, captured));
            case 'or': return test.tests.some((t) => this.holds(t, x, y, captured));
            case 'not': return !this.holds(test.test, x, y, captured);
            case 'first-move': return this.options.firstMove === true;
            case 'in': return this.mask(test.zone)[this.occ.index(x, y)] === 1;
            case 'empty': return this.read(x, y, captured) === EMPTY;
            case 'friend': return this.read(x, y, captured) === FRIEND;
            case 'enemy': return this.read(x, y, captured) === ENEMY;
            case 'occupied-by': {
                if (this.read(x, y, captured) === EMPTY) return false;
                const name = this.occ.name(this.occ.index(x, y));
                return name !== undefined && test.pieces.includes(name);
            }
        }
    }

    /**
     * The value of a term on cell (x, y) of the mover's view: ranks and files count from 1 on its
     * own side, as the board numbers them (Glinski's rank numbers on the hexagon).
     */
    private termValue(term: PlanTerm, x: number, y: number): number {
        switch (term.kind) {
            case 'rank': return this.occ.valid === undefined ? y + 1 : this.occ.geometry.rankNumber({ file: x, rank: y });
            case 'file': return this.occ.valid === undefined ? x + 1 : this.occ.geometry.fileNumber({ file: x, rank: y });
            case 'number': return term.value;
        }
    }

    private inZones(zones: readonly PlanZone[], x: number, y: number): boolean {
        const index = this.occ.index(x, y);
        for (const zone of zones) if (this.mask(zone)[index] !== 1) return false;
        return true;
    }

    private mask(zone: PlanZone): Uint8Array {
        let mask = this.masks.get(zone);
        if (!mask) this.masks.set(zone, mask = zoneMask(zone, this.occ.board));
        return mask;
    }

    /**
     * The first branch whose test holds applies. An informal test keeps its branch (noted
     * `if "..."`) and the later branches possible; a branch taken after informal tests (a true
     * test, or the default) is noted `unless "..."` for each of them.
     */
    private conditional(plan: ConditionalPlan, state: State, emit: (e: Endpoint) => void): void {
        const unless: string[] = [];
        for (const { test, body } of plan.branches) {
            if (test.kind === 'informal') {
                const assumed = this.assume.get(test.note);
                if (assumed === true) return this.walk(body, { ...state, notes: merge(state.notes, unless) }, emit);
                if (assumed === false) continue;
                this.walk(body, { ...state, notes: merge(state.notes, [`if ${test.note}`]) }, emit);
                unless.push(`unless ${test.note}`);
            } else if (this.holds(test, state.x, state.y, state.captured)) {
                return this.walk(body, { ...state, notes: merge(state.notes, unless) }, emit);
            }
        }
        if (plan.otherwise) this.walk(plan.otherwise, { ...state, notes: merge(state.notes, unless) }, emit);
    }
}


/**
 * A zone's squares on `board` as the mover sees them, by index rank * files + file. Zones are
 * written from White's side and mean the same from the mover's own side, so in the turned view a
 * Black piece evaluates in, the written squares apply as they are (Black's fortress d8-f10 is the
 * turned view's d1-f3).
 */
export function zoneMask(zone: PlanZone, board: Board): Uint8Array {
    const { files, ranks } = board;
    const mask = new Uint8Array(files * ranks);
    // Names mean cells of the board they are read on: Glinski's a1 is not the square a1 (a
    // rectangle's names are the squares', whatever its holes or edges, so its zone is kept as read).
    const squares = !geometryOf(board).namesAreSquares && zone.items ? zoneSquares(zone.items, board).squares : zone.squares;
    for (const sq of squares) if (sq.file < files && sq.rank < ranks) mask[sq.rank * files + sq.file] = 1;
    return mask;
}

function merge(a: readonly string[], b: readonly string[]): readonly string[] {
    if (b.length === 0) return a;
    if (a.length === 0) return b;
    return [...new Set([...a, ...b])];
}
