/**
 * Lowering a compiled plan to lines (lines.ts): the plan walked once, for one start square, side
 * and first-move state, on a board whose other pieces are not known yet. Steps, ranges, zones,
 * confinement, conditions on the rank, the file or a zone, the promotion zone and the parts of
 * landing tests that look at the square are decided here, as Walker decides them; what stands on
 * squares is left to walkLine.
 *
 * Plans with parts a line cannot say are not lowered (`lowerToLines` answers undefined): paths,
 * igui, capturing on the way, a continuation that may turn back onto its own start, informal
 * parts and tests of what stands on a square a chain passed without emptying it. Callers then
 * evaluate such a piece with `evaluatePrepared` in each position.
 */
import type { Rules, Side } from './board.js';
import { type Board, boardGeometry, boardKey, geometryOf, SQUARE, type Square, turnedBoard } from '../geometry/index.js';
import type { Step } from '../geometry/geometry.js';
import { Occupancy, Walker, zoneMask } from './evaluate.js';
import { LINE_CANNON, LINE_NO_JUMP, LINE_NORMAL, occupantHolds, type Line, type LineTables, type OccupantTest } from './lines.js';
import type { ConditionalPlan, LeafPlan, Plan, PlanCondition, PlanZone, SequencePlan } from './plan.js';
import type { Prepared } from './report.js';

export interface LowerOptions {
    board: Board;
    side: Side;
    /** The piece's square on the real board. */
    at: Square;
    /** The piece has not moved yet: `(first-move)` holds. */
    firstMove: boolean;
    /** The board declaration's rules (confinement by the prepared piece's key, promotion zone). */
    rules?: Rules;
    tables: LineTables;
    /** Lines and landings past which the lowering gives up (the piece is then evaluated in each position). Default 100,000. */
    limit?: number;
    /** What lowerings on one board can share (an empty board, zone masks): give the same one to every lowering of a game. */
    shared?: LowerShared;
}

/** The empty boards and zone masks the lowerings of one game share, per board (White's view, Black's turned one). */
export class LowerShared {
    private readonly boards = new Map<string, { occ: Occupancy; masks: Map<PlanZone, Uint8Array> }>();

    /** An empty board (nothing on it to vacate) and the zone masks on it. */
    on(board: Board): { occ: Occupancy; masks: Map<PlanZone, Uint8Array> } {
        const key = boardKey(board);
        let found = this.boards.get(key);
        if (!found) this.boards.set(key, found = { occ: new Occupancy(board, [], [], { file: 0, rank: 0 }), masks: new Map() });
        return found;
    }

    private readonly turns = new Map<string, Int32Array>();

    /** Each cell's index turned half a turn on `board` (Black's view of it), by index. */
    turn(board: Board): Int32Array {
        const key = boardKey(board);
        let found = this.turns.get(key);
        if (!found) {
            const geometry = boardGeometry(board);
            found = new Int32Array(board.files * board.ranks);
            for (const cell of geometry.cells) {
                const sq = geometry.turn(cell);
                found[cell.rank * board.files + cell.file] = sq.rank * board.files + sq.file;
            }
            this.turns.set(key, found);
        }
        return found;
    }

    /** A zone's mask on the real board (`zoneMask`), once per zone. */
    mask(zone: PlanZone, board: Board): Uint8Array {
        const masks = this.on(board).masks;
        let found = masks.get(zone);
        if (!found) masks.set(zone, found = zoneMask(zone, board));
        return found;
    }
}

/** Thrown where a plan has a part lines cannot say. */
class Unsupported extends Error {}

/** A line in the mover's view (the board turned half a turn for Black), before its squares are named on the real board. */
interface ViewLine {
    clear: number[];
    mode: number;
    targets: number[];
    stops: number[];
    move: boolean;
    capture: boolean;
    tests: number[] | null;
    inner: { at: number[]; squares: number[]; tests: number[] } | null;
    promotions: readonly string[];
    /** The step taken, for a continuation's `:outward`. */
    step: Step;
}

/** Where a leg starts: the square, the step that led there, what must be empty to get there, and whether its contents are known. */
interface LegStart {
    x: number;
    y: number;
    dir: Step | null;
    clear: number[];
    promotions: readonly string[];
    /** Whether the square is known to be empty (the start, a `=>` landing) rather than unknown (a `->` landing). */
    empty: boolean;
}

/**
 * The lines of `prepared` from `options.at`, or undefined when its plan has a part lines cannot
 * say (evaluate it in each position instead). An empty list: it has no move from there.
 */
export function lowerToLines(prepared: Prepared, options: LowerOptions): Line[] | undefined {
    try {
        return new Lowering(prepared, options).lines();
    } catch (error) {
        if (error instanceof Unsupported) return undefined;
        throw error;
    }
}

class Lowering {
    private readonly view: Board;
    private readonly occ: Occupancy;
    private readonly walker: Walker;
    private readonly turned: boolean;
    private readonly start: Square;
    private readonly masks: Map<PlanZone, Uint8Array>;
    private readonly shared: LowerShared;
    private readonly confine: PlanZone | undefined;
    private budget: number;

    private readonly prepared: Prepared;

    constructor(prepared: Prepared, private readonly options: LowerOptions) {
        const { board, side, at } = options;
        // The plan compiled for the board's lattice (as evaluatePrepared takes it).
        const lattice = geometryOf(board);
        this.prepared = (prepared.geometry ?? SQUARE).id === lattice.id ? prepared : prepared.forGeometry?.(lattice) ?? prepared;
        this.turned = side === 'black';
        this.view = this.turned ? turnedBoard(board) : board;
        this.start = this.turned ? boardGeometry(board).turn(at) : at;
        // An empty board: the walker answers the tests that do not look at pieces (rank, file, zones, first move).
        this.shared = options.shared ?? new LowerShared();
        const empty = this.shared.on(this.view);
        this.occ = empty.occ;
        this.masks = empty.masks;
        this.confine = this.prepared.key !== undefined ? options.rules?.confine.get(this.prepared.key) : undefined;
        this.walker = new Walker(this.occ, { left: Number.MAX_SAFE_INTEGER }, {
            masks: this.masks, firstMove: options.firstMove, ...(this.confine ? { confine: this.confine } : {})
        });
        this.budget = options.limit ?? 100_000;
    }

    lines(): Line[] {
        const { board } = this.options;
        const files = board.files;
        const at = this.start;
        // A confined piece standing outside its zone has no moves (evaluatePrepared says why).
        if (this.confine && zoneMask(this.confine, board)[at.rank * files + at.file] !== 1) return [];
        const found: ViewLine[] = [];
        this.plan(this.prepared.plan, { x: at.file, y: at.rank, dir: null, clear: [], promotions: [], empty: true }, (line) => found.push(line));
        return found.map((line) => this.finish(line));
    }

    private tick(n = 1): void {
        this.budget -= n;
        if (this.budget < 0) throw new Unsupported();
    }

    private plan(plan: Plan, state: LegStart, emit: (line: ViewLine) => void): void {
        switch (plan.kind) {
            case 'leaf': return this.leaf(plan, state, emit);
            case 'union':
                for (const part of plan.parts) this.plan(part, state, emit);
                return;
            case 'sequence': return this.sequence(plan, state, emit);
            case 'conditional': return this.conditional(plan, state, emit);
            case 'notes':
                // Informal notes mean the moves are not decided: such a piece is evaluated with its notes.
                if (plan.notes.length > 0) throw new Unsupported();
                return this.plan(plan.base, state, plan.promotions && plan.promotions.length > 0
                    ? (line) => emit({ ...line, promotions: merge(line.promotions, plan.promotions!) })
                    : emit);
            case 'none': return;
            case 'path': throw new Unsupported();
        }
    }

    /** As Walker.leaf, with what stands on each square left to the walk. */
    private leaf(plan: LeafPlan, state: LegStart, emit: (line: ViewLine) => void): void {
        if (plan.end.igui || plan.notes.length > 0) throw new Unsupported();
        const occ = this.occ;
        const lattice = occ.geometry.geometry;
        const zones = this.confine ? [this.confine, ...(plan.zones ?? [])] : plan.zones;
        if (zones && !this.inZones(zones, state.x, state.y)) return;
        const { cannon, noJump } = plan.end;
        const landing = plan.landing;
        const mode = cannon ? LINE_CANNON : noJump ? LINE_NO_JUMP : LINE_NORMAL;
        const readInner = cannon || noJump || !!landing;
        const cylinder = occ.cylinder;
        const files = occ.board.files;
        const startIndex = occ.index(this.start.file, this.start.rank);
        for (const step of plan.steps) {
            if (state.dir && plan.turn === 'outward' && !lattice.isOutward(step, state.dir)) continue;
            if (cylinder && Math.abs(step[0]) >= files) continue;
            if (!occ.on(occ.wrap(state.x + step[0]), state.y + step[1])) continue;
            const offsets = lattice.pathOffsets(step);
            const line: ViewLine = {
                clear: state.clear, mode, targets: [], stops: [], move: plan.end.move, capture: plan.end.capture,
                tests: landing ? [] : null, inner: readInner ? { at: [0], squares: [], tests: [] } : null,
                promotions: state.promotions, step
            };
            let bx = state.x;
            let by = state.y;
            for (let k = 1; plan.max === null || k <= plan.max; k++) {
                const x = occ.wrap(bx + step[0]);
                const y = by + step[1];
                if (!occ.on(x, y)) break;
                if (cylinder && k > 1 && x === state.x && y === state.y) break;
                this.tick();
                let leaves = false;
                for (const [ox, oy] of offsets) {
                    const px = occ.wrap(bx + ox);
                    const py = by + oy;
                    if (!occ.on(px, py)) continue;
                    if (zones && !this.inZones(zones, px, py)) {
                        leaves = true;
                        break;
                    }
                    if (!line.inner) continue;
                    const index = occ.index(px, py);
                    // The piece's own square is empty once it has left: it neither blocks nor screens.
                    if (index === startIndex) continue;
                    line.inner.squares.push(index);
                    line.inner.tests.push(landing ? this.testAt(landing, px, py) : 0);
                }
                if (leaves) break;
                if (zones && !this.inZones(zones, x, y)) break;
                const index = occ.index(x, y);
                // A line that comes back over its own start (`:any`, a cylinder) reads a square the caller's board still fills.
                if (index === startIndex) throw new Unsupported();
                line.targets.push(index);
                line.stops.push(k >= plan.min ? 1 : 0);
                line.tests?.push(this.testAt(landing!, x, y));
                line.inner?.at.push(line.inner.squares.length);
                bx = x;
                by = y;
            }
            if (line.targets.length > 0) emit(line);
        }
    }

    /** As Walker.sequence: each leg's landings are where the next leg starts. */
    private sequence(plan: SequencePlan, start: LegStart, emit: (line: ViewLine) => void): void {
        let states: LegStart[] = [start];
        plan.legs.forEach((leg, i) => {
            const last = i === plan.legs.length - 1;
            const next: LegStart[] = [];
            for (const state of states) {
                this.plan(leg, state, (line) => {
                    if (last) return emit(line);
                    if (plan.mode === 'free') emit(line);
                    // Going on from a leg whose landings may only capture is capturing on the way; a
                    // continuation from pieces passed by a cannon or a test is not a line either.
                    if (!line.move && line.capture) throw new Unsupported();
                    if (line.mode !== LINE_NORMAL || line.tests || line.inner) throw new Unsupported();
                    line.targets.forEach((target, j) => {
                        if (!line.stops[j]) return;
                        this.tick();
                        // The landings before this one must be empty (a rider stops at a piece); with `=>` this one too.
                        const clear = [...line.clear, ...line.targets.slice(0, plan.mode === 'blocked' ? j + 1 : j)];
                        next.push({
                            x: target % this.view.files, y: Math.floor(target / this.view.files), dir: line.step,
                            clear, promotions: line.promotions, empty: plan.mode === 'blocked'
                        });
                    });
                });
            }
            states = next;
        });
    }

    /** As Walker.conditional: the first branch whose test holds on the leg's start square. */
    private conditional(plan: ConditionalPlan, state: LegStart, emit: (line: ViewLine) => void): void {
        for (const { test, body } of plan.branches) {
            if (test.kind === 'informal') throw new Unsupported();
            const rest = residual(test, (t) => this.walker.holds(t, state.x, state.y, []));
            let holds: boolean;
            if (rest.kind === 'const') holds = rest.value;
            // The start square is empty (the piece left it; a `=>` landing must be); a `->` landing's contents are not known here.
            else if (state.empty) holds = occupantHolds(rest, undefined);
            else throw new Unsupported();
            if (holds) return this.plan(body, state, emit);
        }
        if (plan.otherwise) this.plan(plan.otherwise, state, emit);
    }

    /** The number of the landing tests' residual on square (x, y) of the view (0: they always hold). */
    private testAt(tests: readonly PlanCondition[], x: number, y: number): number {
        const rest = residual({ kind: 'and', tests: [...tests] }, (t) => this.walker.holds(t, x, y, []));
        return rest.kind === 'const' && rest.value ? 0 : this.options.tables.test(rest);
    }

    private inZones(zones: readonly PlanZone[], x: number, y: number): boolean {
        const index = this.occ.index(x, y);
        for (const zone of zones) {
            let mask = this.masks.get(zone);
            if (!mask) this.masks.set(zone, mask = zoneMask(zone, this.view));
            if (mask[index] !== 1) return false;
        }
        return true;
    }

    /** The line on the real board, its promotions kept where the board's promotion zone allows them (as evaluatePrepared's `adjust`). */
    private finish(line: ViewLine): Line {
        const { board, rules, tables } = this.options;
        const files = board.files;
        const shared = this.shared;
        const turn = this.turned ? shared.turn(board) : undefined;
        const real = (index: number): number => (turn ? turn[index] : index);
        const clear = [...new Set(line.clear.map(real))].filter((index) => index !== real(this.start.rank * files + this.start.file));
        let promotions: Int32Array | null = null;
        if (line.promotions.length > 0) {
            const zone = rules?.promotionZone && shared.mask(rules.promotionZone, board);
            const startPromotes = !!zone && zone[this.start.rank * files + this.start.file] === 1;
            const id = tables.promotion(line.promotions);
            promotions = Int32Array.from(line.targets, (t) => (!zone || startPromotes || zone[t] === 1 ? id : 0));
        }
        return {
            clear: Int32Array.from(clear),
            mode: line.mode,
            targets: Int32Array.from(line.targets, real),
            stops: Uint8Array.from(line.stops),
            move: line.move,
            capture: line.capture,
            tests: line.tests && line.tests.some((t) => t !== 0) ? Int32Array.from(line.tests) : null,
            innerAt: line.inner ? Int32Array.from(line.inner.at) : null,
            inner: line.inner ? Int32Array.from(line.inner.squares, real) : null,
            innerTests: line.inner ? Int32Array.from(line.inner.tests) : null,
            promotions
        };
    }
}

/** What a condition leaves once the tests that do not look at pieces (`decide`) are answered. */
function residual(test: PlanCondition, decide: (test: PlanCondition) => boolean): OccupantTest {
    switch (test.kind) {
        case 'empty': case 'friend': case 'enemy': return { kind: test.kind };
        case 'occupied-by': return { kind: 'occupied-by', pieces: test.pieces };
        case 'not': {
            const inner = residual(test.test, decide);
            return inner.kind === 'const' ? { kind: 'const', value: !inner.value } : { kind: 'not', test: inner };
        }
        case 'and': case 'or': {
            const absorbing = test.kind === 'or';
            const parts: OccupantTest[] = [];
            for (const part of test.tests) {
                const r = residual(part, decide);
                if (r.kind !== 'const') parts.push(r);
                else if (r.value === absorbing) return r;
            }
            if (parts.length === 0) return { kind: 'const', value: !absorbing };
            return parts.length === 1 ? parts[0] : { kind: test.kind, tests: parts };
        }
        default: return { kind: 'const', value: decide(test) };
    }
}

function merge(a: readonly string[], b: readonly string[]): readonly string[] {
    if (b.length === 0) return a;
    if (a.length === 0) return b;
    return [...new Set([...a, ...b])];
}

