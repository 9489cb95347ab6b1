/**
 * The engine's public entry points: per-square destinations of a piece in a set-up, and the
 * `lcpn moves --json` report (issue 2 §5).
 *
 * "Would capture if one enemy were added on T" is answered in one pass for every empty T: a
 * path's validity is decided by the squares it passes over, never by its own landing square,
 * so every path that lands on T lands there whatever stands on T. The exception is a path that
 * passes over T and later lands on T; it can only exist when a continuation may turn back
 * (`:any`) or when a chain has four or more legs (with every turn under 90 degrees, fewer legs
 * cannot come back onto their own path). The argument is about straight segments in the plane,
 * so it holds on every lattice whose outward test is the drawing's dot product (squares and
 * hexagons: geometry/*.ts); it fails round a cylinder (a ride can come round onto a cell it
 * passed over) and for path expressions (a path may turn back on itself), which are always
 * re-checked. For such plans every empty square whose contents the walk consulted is re-checked
 * with an enemy actually placed there.
 */
import type { Destination, Occupant, SetUp } from './board.js';
import { type Board, boardGeometry, boardProblem, geometryOf, isCylinder, type Square, theBoard, turnedBoard } from '../geometry/index.js';
import type { BoardGeometry, Geometry } from '../geometry/geometry.js';
import { capturesOnly, compile, isPieceDef, MAX_COMPILED_NODES, type RefCache } from './compile.js';
import { SQUARE as SQUARE_LATTICE } from '../geometry/square.js';
import { readsOccupancy, usesFirstMove } from './conditions.js';
import { BudgetExceeded, EMPTY, ENEMY, FRIEND, Occupancy, Walker, zoneMask, type Assumptions, type Endpoint, type WalkOptions } from './evaluate.js';
import { Problems, type EngineProblem, type Plan, type PlanCondition, type Resolver, type Target } from './plan.js';

export type { EngineProblem, Resolver, Target } from './plan.js';
export type { Assumptions } from './evaluate.js';

/** A target compiled once, to be evaluated in several set-ups (the diagrams of one hover). */
export interface Prepared {
    /** The plan on the lattice it was prepared for (`geometry`, default squares). */
    plan: Plan;
    problems: readonly EngineProblem[];
    /** The piece's key (a definition, or a bare name), for the board's `confine` clauses. */
    key?: string;
    /** The lattice `plan` was compiled for. */
    geometry?: Geometry;
    /** Compiles the same target for another lattice (a set-up on another board shape), memoized. */
    forGeometry?: (geometry: Geometry) => Prepared;
}

export interface EvaluateOptions {
    /** Decides informal tests (by their quoted text) for a diagram of one branch. */
    assume?: Assumptions;
    /**
     * Steps left, shared by several evaluations (the diagrams of one hover), for walks and
     * re-checks alike; default: STEP_BUDGET for the walk and as much again for re-checks.
     */
    budget?: { left: number };
}

/**
 * Compiles `target` for `geometry` (default squares); evaluating it on another lattice compiles it again for that one.
 * `plans`: the referenced definitions' plans shared with other compiles of the same resolver and cap (RefCache).
 */
export function prepare(target: Target, resolve: Resolver, geometry: Geometry = SQUARE_LATTICE, plans?: RefCache): Prepared {
    let others: Map<string, Prepared> | undefined;
    const make = (g: Geometry): Prepared => {
        const problems = new Problems();
        const key = isPieceDef(target) ? target.key : target.kind === 'ref' ? target.key : undefined;
        const prepared: Prepared = {
            plan: compile(target, resolve, problems, MAX_COMPILED_NODES, plans, g), problems: problems.list, ...(key !== undefined ? { key } : {}), geometry: g,
            forGeometry: (other) => {
                if (other.id === g.id) return prepared;
                others ??= new Map([[g.id, prepared]]);
                let found = others.get(other.id);
                if (!found) others.set(other.id, found = make(other));
                return found;
            }
        };
        return prepared;
    };
    return make(geometry);
}

/** `prepared` compiled for the lattice of `board`. */
function onLattice(prepared: Prepared, board: Board): Prepared {
    const lattice = geometryOf(board);
    if ((prepared.geometry ?? SQUARE_LATTICE).id === lattice.id || !prepared.forGeometry) return prepared;
    return prepared.forGeometry(lattice);
}

export interface EngineResult {
    /** Squares the piece can reach, ordered by file then rank; never its own square. */
    destinations: Destination[];
    problems: EngineProblem[];
    /** Some path ends on the square the piece started from (a "pass", e.g. the lion's); not listed as a destination. */
    returnsToStart: boolean;
}

export interface MovesReport {
    /** Empty squares it can move to without capturing, as [dx, dy] from White's point of view. */
    moves: [number, number][];
    /** Empty squares T where it would capture (by landing or igui) if one enemy were added on T. */
    captures: [number, number][];
    /** `moves` as square names, in the same order. */
    moveSquares: string[];
    /** `captures` as square names, in the same order. */
    captureSquares: string[];
    /** Enemies of the set-up it can capture (by landing or igui), as square names. */
    takeSquares: string[];
    /** Squares (empty or holding an enemy) where it captures without moving (igui), as square names. */
    iguiSquares: string[];
    /** For igui made after moving elsewhere first: target square -> the squares it captures from. */
    iguiFrom: Record<string, string[]>;
    /** Destinations where it promotes: square -> the pieces it may promote to. */
    promotions: Record<string, string[]>;
    /** Capturing on the way: each move that removes the enemies on `capture` and lands on `to`. */
    locustSquares: LocustMove[];
    /** When `SetUp.firstMove` is true: the destinations (square names) it reaches only because it has not moved yet. */
    firstMoveSquares: string[];
    problems: EngineProblem[];
}

/** Steps one evaluation may take before it stops and says so (re-checks have a budget of their own). */
export const STEP_BUDGET = 2_000_000;

export function destinations(target: Target, setup: SetUp, resolve: Resolver, options: EvaluateOptions = {}): EngineResult {
    return evaluatePrepared(prepare(target, resolve, geometryOf(setup.board)), setup, options);
}

/** `destinations` for a target compiled once with `prepare`. */
export function evaluatePrepared(preparedAny: Prepared, setup: SetUp, options: EvaluateOptions = {}): EngineResult {
    const prepared = onLattice(preparedAny, setup.board);
    const problems = new Problems();
    for (const p of prepared.problems) problems.add(p.kind, p.message, p.rule);
    const { plan } = prepared;
    const result: EngineResult = { destinations: [], problems: problems.list, returnsToStart: false };
    if (!checkSetUp(setup, problems)) return result;

    // A Black piece is evaluated as White on the board turned half a turn; the answer is turned back.
    const { board } = setup;
    const geometry = boardGeometry(board);
    const turned = setup.side === 'black';
    const view = (sq: Square): Square => (turned ? geometry.turn(sq) : sq);
    const viewAll = (list: readonly Occupant[]) => onlyOnBoard(setup, list).map((o) => ({ ...o, ...view(o) }));
    const at = view(setup.at);
    const confine = prepared.key !== undefined ? setup.rules?.confine.get(prepared.key) : undefined;
    const walk: WalkOptions = { assume: options.assume, masks: new Map(), automata: new Map(), ...(confine ? { confine } : {}) };
    if (confine && zoneMask(confine, board)[at.rank * board.files + at.file] !== 1) {
        problems.add('invalid', `${prepared.key} is confined to ${confine.key} (the board's confine clause) and stands outside it, so it has no moves`, 'outside-zone');
        return result;
    }
    // With a promotion zone, promote-to applies only to moves that start or end in it.
    const promotionMask = setup.rules?.promotionZone && zoneMask(setup.rules.promotionZone, board);
    const startPromotes = !!promotionMask && promotionMask[at.rank * board.files + at.file] === 1;
    const adjust = (e: Endpoint): Endpoint => promotionMask && !startPromotes && e.promotions.length > 0
        && promotionMask[e.y * board.files + e.x] !== 1 ? { ...e, promotions: [] } : e;

    // The mover's view: a Black piece sees the board's holes turned too.
    const occ = new Occupancy(turned ? turnedBoard(board) : board, viewAll(setup.friends), viewAll(setup.enemies), at);
    const budget = options.budget ?? { left: STEP_BUDGET };
    const evaluate = (firstMove: boolean): Map<number, Destination> => {
        const found = new Map<number, Destination>();
        const walker = new Walker(occ, budget, { ...walk, firstMove });
        // Destinations some way reaches without capturing on the way (the others are locustOnly).
        const direct = new Set<number>();
        walker.run(plan, at.file, at.rank, (endpoint) => {
            const e = adjust(endpoint);
            if (e.x === at.file && e.y === at.rank) {
                result.returnsToStart = true;
                recordReturn(found, occ, e);
            } else {
                record(found, occ, e);
                if (e.captured.length === 0) direct.add(occ.index(e.x, e.y));
            }
        });
        for (const [index, dest] of found) if (dest.locusts && !direct.has(index)) dest.locustOnly = true;
        if (mayRevisit(plan) || testsOccupancy(plan) || isCylinder(board)) {
            recheck(plan, occ, at, walker.reads, found, problems, { ...walk, firstMove }, adjust, options.budget);
        }
        return found;
    };
    let found = new Map<number, Destination>();
    try {
        found = evaluate(setup.firstMove === true);
        if (setup.firstMove === true && planUsesFirstMove(plan)) {
            const moved = evaluate(false);
            for (const [index, dest] of found) if (!moved.has(index)) dest.firstMoveOnly = true;
        }
    } catch (error) {
        if (!(error instanceof BudgetExceeded)) throw error;
        problems.add('limit', options.budget
            ? 'evaluation stopped when its step budget ran out: the destinations shown are incomplete'
            : `evaluation stopped after ${STEP_BUDGET} steps: the destinations shown are incomplete`, 'limit');
    }
    for (const dest of found.values()) settleIguiFrom(dest, at);
    const list = [...found.values()];
    if (turned) for (const dest of list) turnBack(dest, geometry);
    result.destinations = list.sort((a, b) => a.square.file - b.square.file || a.square.rank - b.square.rank);
    return result;
}

/** Turns a cell half a turn on the board (White's view <-> Black's view). */
export function turn(board: Board, square: Square): Square {
    return boardGeometry(board).turn(square);
}

function turnBack(dest: Destination, geometry: BoardGeometry): void {
    const turn = (sq: Square) => geometry.turn(sq);
    dest.square = turn(dest.square);
    if (dest.iguiFrom) dest.iguiFrom = dest.iguiFrom.map(turn).sort((a, b) => a.file - b.file || a.rank - b.rank);
    if (dest.locusts) dest.locusts = dest.locusts.map((way) => way.map(turn));
}

export function movesReport(target: Target, setup: SetUp, resolve: Resolver): MovesReport {
    const { destinations: found, problems } = destinations(target, setup, resolve);
    const occupied = new Set([...setup.friends, ...setup.enemies].map((s) => `${s.file},${s.rank}`));
    const offset = (d: Destination): [number, number] => [d.square.file - setup.at.file, d.square.rank - setup.at.rank];
    const empty = (d: Destination) => !occupied.has(`${d.square.file},${d.square.rank}`);
    const moves = sortOffsets(found.filter((d) => d.move && empty(d)).map(offset));
    const captures = sortOffsets(found.filter((d) => (d.capture || d.igui) && empty(d)).map(offset));
    const geometry = boardGeometry(setup.board);
    const nameOf = (sq: Square) => geometry.name(sq);
    // Round a cylinder an offset may point past the last file: the cell is the wrapped one.
    const name = ([dx, dy]: [number, number]) => nameOf({ file: wrapFile(setup.board, setup.at.file + dx), rank: setup.at.rank + dy });
    // `found` is ordered by file then rank, the same order as the offsets.
    const iguiFrom: Record<string, string[]> = {};
    const promotions: Record<string, string[]> = {};
    for (const d of found) {
        if (d.iguiFrom) iguiFrom[nameOf(d.square)] = d.iguiFrom.map(nameOf);
        if (d.promotions) promotions[nameOf(d.square)] = [...d.promotions];
    }
    return {
        moves,
        captures,
        moveSquares: moves.map(name),
        captureSquares: captures.map(name),
        takeSquares: found.filter((d) => (d.capture || d.igui) && !empty(d)).map((d) => nameOf(d.square)),
        iguiSquares: found.filter((d) => d.igui).map((d) => nameOf(d.square)),
        iguiFrom,
        promotions,
        locustSquares: locustMoves(found, setup.board),
        firstMoveSquares: found.filter((d) => d.firstMoveOnly).map((d) => nameOf(d.square)),
        problems
    };
}

/** Lexicographic order on [dx, dy]. */
export function sortOffsets(list: [number, number][]): [number, number][] {
    return list.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

/**
 * A path that captured on the way and came back to the start square (the Chu Shogi lion's
 * "capture and return"): the piece stays where it was and the enemies it took are gone, which
 * is a capture without moving (igui) of each of them.
 */
function recordReturn(found: Map<number, Destination>, occ: Occupancy, e: Endpoint): void {
    if (e.captured.length !== 1 || e.end.igui) return;
    const index = e.captured[0];
    const x = index % occ.board.files;
    const y = Math.floor(index / occ.board.files);
    record(found, occ, { ...e, x, y, end: { ...e.end, move: false, capture: true, igui: true }, fromX: e.fromX, fromY: e.fromY, captured: [] });
}

/** Adds what endpoint `e` allows on its square, given what stands there. */
function record(found: Map<number, Destination>, occ: Occupancy, e: Endpoint): void {
    const index = occ.index(e.x, e.y);
    // A square captured earlier on this path is empty by the time the piece lands there.
    const here = e.captured.includes(index) ? EMPTY : occ.at(e.x, e.y);
    if (here === FRIEND) return;
    const igui = e.end.igui && e.end.capture;
    const move = !e.end.igui && here === EMPTY && e.end.move;
    const capture = !e.end.igui && e.end.capture;
    if (!move && !capture && !igui) return;
    let dest = found.get(index);
    if (!dest) {
        dest = { square: { file: e.x, rank: e.y }, move: false, capture: false, igui: false, notes: [] };
        found.set(index, dest);
    }
    dest.move ||= move;
    dest.capture ||= capture;
    dest.igui ||= igui;
    for (const note of e.notes) if (!dest.notes.includes(note)) dest.notes.push(note);
    // Promotion belongs to arriving on the square, not to capturing there without moving.
    if (e.promotions.length > 0 && (move || capture)) {
        dest.promotions ??= [];
        for (const p of e.promotions) if (!dest.promotions.includes(p)) dest.promotions.push(p);
    }
    if (igui && !dest.iguiFrom?.some((sq) => sq.file === e.fromX && sq.rank === e.fromY)) {
        (dest.iguiFrom ??= []).push({ file: e.fromX, rank: e.fromY });
    }
    if (e.captured.length > 0 && (move || capture)) {
        const victims = e.captured.map((i) => ({ file: i % occ.board.files, rank: Math.floor(i / occ.board.files) }));
        const cellKey = (sq: Square) => `${sq.file},${sq.rank}`;
        const key = victims.map(cellKey).join(' ');
        if (!dest.locusts?.some((way) => way.map(cellKey).join(' ') === key)) (dest.locusts ??= []).push(victims);
    }
}

/** Every way of capturing on the way, as `lcpn moves --json` writes it: captured squares and landing square. */
export interface LocustMove {
    capture: string[];
    to: string;
}

/** The locust moves of a set of destinations, ordered by landing square then by what they capture; cells named as `board` names them. */
export function locustMoves(found: readonly Destination[], board: Board = { files: 1, ranks: 1 }): LocustMove[] {
    const geometry = boardGeometry(board);
    const nameOf = (sq: Square) => geometry.name(sq);
    const out: LocustMove[] = [];
    for (const d of found) {
        const ways = (d.locusts ?? []).map((way) => way.map(nameOf));
        ways.sort((a, b) => a.join(' ').localeCompare(b.join(' ')));
        for (const capture of ways) out.push({ capture, to: nameOf(d.square) });
    }
    return out;
}

/** `iguiFrom` is kept only where some igui capture is made from a square other than the start (see Destination). */
function settleIguiFrom(dest: Destination, at: Square): void {
    if (!dest.iguiFrom) return;
    if (dest.iguiFrom.every((sq) => sq.file === at.file && sq.rank === at.rank)) delete dest.iguiFrom;
    else dest.iguiFrom.sort((a, b) => a.file - b.file || a.rank - b.rank);
}

/** The quoted texts of the informal tests a plan's conditions use, in order of first appearance. */
export function informalTests(plan: Plan, into = new Set<string>()): string[] {
    switch (plan.kind) {
        case 'conditional':
            for (const { test, body } of plan.branches) {
                if (test.kind === 'informal') into.add(test.note);
                informalTests(body, into);
            }
            if (plan.otherwise) informalTests(plan.otherwise, into);
            break;
        case 'union': plan.parts.forEach((p) => informalTests(p, into)); break;
        case 'sequence': plan.legs.forEach((p) => informalTests(p, into)); break;
        case 'notes': informalTests(plan.base, into); break;
        default: break;
    }
    return [...into];
}

/** Signals that a re-check has seen all it needs. */
class Enough extends Error {}

/**
 * Re-decides capture and igui on each consulted empty square with an enemy placed there.
 * Without `cannon`, a piece added on T can only block paths, so only squares the first pass
 * already marked as captures need a look, and a look stops as soon as it finds them again.
 * Re-checks have their own budget: when it runs out, the remaining squares keep the one-pass
 * answer and a problem says so.
 */
function recheck(
    plan: Plan, occ: Occupancy, at: Square, reads: ReadonlySet<number>,
    found: Map<number, Destination>, problems: Problems, walk: WalkOptions, adjust: (e: Endpoint) => Endpoint, shared?: { left: number }
): void {
    const files = occ.board.files;
    // A piece added on T can only block, unless the path jumps a cannon mount, captures on the way or tests what stands where.
    const monotone = !usesCannon(plan) && !locustIn(plan) && !testsOccupancy(plan);
    const budget = shared ?? { left: STEP_BUDGET };
    const squares = [...reads].sort((a, b) => a - b).filter((index) => {
        const x = index % files;
        const y = Math.floor(index / files);
        const dest = found.get(index);
        return occ.at(x, y) === EMPTY && !(x === at.file && y === at.rank) && (!monotone || !!dest && (dest.capture || dest.igui));
    });
    for (const [done, index] of squares.entries()) {
        const x = index % files;
        const y = Math.floor(index / files);
        const before = found.get(index);
        const world = occ.with(x, y, ENEMY);
        const alt = new Map<number, Destination>();
        try {
            new Walker(world, budget, walk).run(plan, at.file, at.rank, (endpoint) => {
                if (endpoint.x !== x || endpoint.y !== y) return;
                const e = adjust(endpoint);
                record(alt, world, e);
                const now = alt.get(index);
                if (monotone && now && now.capture === before?.capture && now.igui === before?.igui) throw new Enough();
            });
        } catch (error) {
            if (error instanceof BudgetExceeded) {
                problems.add('limit', `${squares.length - done} capture squares were not re-checked for paths that come back over them (step budget)`, 'limit');
                return;
            }
            if (!(error instanceof Enough)) throw error;
        }
        const fresh = alt.get(index);
        if (before) {
            before.capture = fresh?.capture ?? false;
            before.igui = fresh?.igui ?? false;
            for (const note of fresh?.notes ?? []) if (!before.notes.includes(note)) before.notes.push(note);
            if (fresh?.iguiFrom && before.igui) before.iguiFrom = fresh.iguiFrom;
            else delete before.iguiFrom;
            if (!before.move && !before.capture && !before.igui) found.delete(index);
        } else if (fresh) {
            found.set(index, fresh);
        }
    }
}

/** Whether some chain of `plan` captures on the way (a leg other than the last ends only by capturing). */
export function locustIn(plan: Plan): boolean {
    switch (plan.kind) {
        case 'leaf': case 'none': case 'path': return false;
        case 'union': return plan.parts.some(locustIn);
        case 'sequence': return plan.legs.some((leg, i) => (i < plan.legs.length - 1 && capturesOnly(leg)) || locustIn(leg));
        case 'conditional': return plan.branches.some((b) => locustIn(b.body)) || (!!plan.otherwise && locustIn(plan.otherwise));
        case 'notes': return locustIn(plan.base);
    }
}

/** Whether some test of the plan (a `cond` test or a landing test) satisfies `which`. */
function someTest(plan: Plan, which: (test: PlanCondition) => boolean): boolean {
    switch (plan.kind) {
        case 'leaf': case 'path': return !!plan.landing?.some(which);
        case 'union': return plan.parts.some((p) => someTest(p, which));
        case 'sequence': return plan.legs.some((p) => someTest(p, which));
        case 'conditional':
            return plan.branches.some((b) => (b.test.kind !== 'informal' && which(b.test)) || someTest(b.body, which))
                || (!!plan.otherwise && someTest(plan.otherwise, which));
        case 'notes': return someTest(plan.base, which);
        case 'none': return false;
    }
}

/** Whether a test of the plan looks at what stands on a square (then an added enemy may open paths as well as block them). */
export function testsOccupancy(plan: Plan): boolean {
    return someTest(plan, readsOccupancy);
}

/** Whether the plan asks whether the piece has moved (then a first-move set-up is evaluated both ways). */
export function planUsesFirstMove(plan: Plan): boolean {
    return someTest(plan, usesFirstMove);
}

function usesCannon(plan: Plan): boolean {
    switch (plan.kind) {
        case 'leaf': case 'path': return plan.end.cannon;
        case 'union': return plan.parts.some(usesCannon);
        case 'sequence': return plan.legs.some(usesCannon);
        case 'conditional': return plan.branches.some((b) => usesCannon(b.body)) || (!!plan.otherwise && usesCannon(plan.otherwise));
        case 'notes': return usesCannon(plan.base);
        case 'none': return false;
    }
}

/** Whether some path may pass over a square and later land on it (see the module comment). */
export function mayRevisit(plan: Plan): boolean {
    return turnsBack(plan) || legs(plan) >= 4;
}

function turnsBack(plan: Plan): boolean {
    switch (plan.kind) {
        case 'leaf': return plan.turn === 'any';
        // A path may turn back over a cell it passed and end there (FFLLF), or come round a cylinder.
        case 'path': return true;
        case 'union': return plan.parts.some(turnsBack);
        case 'sequence': return plan.legs.some(turnsBack);
        case 'conditional': return plan.branches.some((b) => turnsBack(b.body)) || (!!plan.otherwise && turnsBack(plan.otherwise));
        case 'notes': return turnsBack(plan.base);
        case 'none': return false;
    }
}

/** The longest chain of legs a path can take. */
function legs(plan: Plan): number {
    switch (plan.kind) {
        case 'leaf': case 'path': return 1;
        case 'union': return Math.max(0, ...plan.parts.map(legs));
        case 'sequence': return plan.legs.reduce((sum, leg) => sum + legs(leg), 0);
        case 'conditional': return Math.max(0, ...plan.branches.map((b) => legs(b.body)), plan.otherwise ? legs(plan.otherwise) : 0);
        case 'notes': return legs(plan.base);
        case 'none': return 0;
    }
}

function checkSetUp(setup: SetUp, problems: Problems): boolean {
    const problem = boardProblem(setup.board);
    if (problem) {
        problems.add('invalid', problem, 'set-up');
        return false;
    }
    const { board } = setup;
    const geometry = boardGeometry(board);
    if (!geometry.contains(setup.at)) {
        problems.add('invalid', `the piece's square is not on ${theBoard(board)}`, 'set-up');
        return false;
    }
    if ([...setup.friends, ...setup.enemies].some((s) => !geometry.contains(s))) {
        problems.add('invalid', `pieces off ${theBoard(board)} are ignored`, 'set-up');
    }
    return true;
}

function onlyOnBoard(setup: SetUp, squares: readonly Square[]): Square[] {
    const geometry = boardGeometry(setup.board);
    return squares.filter((s) => geometry.contains(s));
}

/** A file wrapped round a cylinder board (unchanged on others). */
function wrapFile(board: Board, file: number): number {
    return isCylinder(board) ? ((file % board.files) + board.files) % board.files : file;
}
