/**
 * The engine's public entry points: per-square destinations of a piece in a set-up, and the
 * `lcpn moves --json` report (issue 2 §5).
 *
 * "Would capture if one enemy were added on T" is answered in one pass for every empty T: a
 * path's validity is decided by the squares it passes over, never by its own landing square,
 * so every path that lands on T lands there whatever stands on T. The exception is a path that
 * passes over T and later lands on T; it can only exist when a continuation may turn back
 * (`:any`) or when a chain has four or more legs (with every turn under 90 degrees, fewer legs
 * cannot come back onto their own path). For such plans every empty square whose contents the
 * walk consulted is re-checked with an enemy actually placed there.
 */
import { MAX_BOARD_SIDE, onBoard, type Destination, type SetUp, type Square } from './board.js';
import { compile } from './compile.js';
import { BudgetExceeded, EMPTY, ENEMY, FRIEND, Occupancy, Walker, type Endpoint } from './evaluate.js';
import { Problems, type EngineProblem, type Plan, type Resolver, type Target } from './plan.js';

export type { EngineProblem, Resolver, Target } from './plan.js';

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
    problems: EngineProblem[];
}

/** Steps one evaluation may take before it stops and says so (re-checks have a budget of their own). */
export const STEP_BUDGET = 2_000_000;

export function destinations(target: Target, setup: SetUp, resolve: Resolver): EngineResult {
    const problems = new Problems();
    const plan = compile(target, resolve, problems);
    const result: EngineResult = { destinations: [], problems: problems.list, returnsToStart: false };
    if (!checkSetUp(setup, problems)) return result;

    const { at } = setup;
    const occ = new Occupancy(setup.board, onlyOnBoard(setup, setup.friends), onlyOnBoard(setup, setup.enemies), at);
    const found = new Map<number, Destination>();
    const budget = { left: STEP_BUDGET };
    try {
        const walker = new Walker(occ, budget);
        walker.run(plan, at.file, at.rank, (e) => {
            if (e.x === at.file && e.y === at.rank) result.returnsToStart = true;
            else record(found, occ, e);
        });
        if (mayRevisit(plan)) recheck(plan, occ, at, walker.reads, found, problems);
    } catch (error) {
        if (!(error instanceof BudgetExceeded)) throw error;
        problems.add('limit', `evaluation stopped after ${STEP_BUDGET} steps: the destinations shown are incomplete`);
    }
    result.destinations = [...found.values()].sort(
        (a, b) => a.square.file - b.square.file || a.square.rank - b.square.rank
    );
    return result;
}

export function movesReport(target: Target, setup: SetUp, resolve: Resolver): MovesReport {
    const { destinations: found, problems } = destinations(target, setup, resolve);
    const occupied = new Set([...setup.friends, ...setup.enemies].map((s) => `${s.file},${s.rank}`));
    const offset = (d: Destination): [number, number] => [d.square.file - setup.at.file, d.square.rank - setup.at.rank];
    const empty = (d: Destination) => !occupied.has(`${d.square.file},${d.square.rank}`);
    return {
        moves: sortOffsets(found.filter((d) => d.move && empty(d)).map(offset)),
        captures: sortOffsets(found.filter((d) => (d.capture || d.igui) && empty(d)).map(offset)),
        problems
    };
}

/** Lexicographic order on [dx, dy]. */
export function sortOffsets(list: [number, number][]): [number, number][] {
    return list.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

/** Adds what endpoint `e` allows on its square, given what stands there. */
function record(found: Map<number, Destination>, occ: Occupancy, e: Endpoint): void {
    const here = occ.at(e.x, e.y);
    if (here === FRIEND) return;
    const igui = e.end.igui && e.end.capture;
    const move = !e.end.igui && here === EMPTY && e.end.move;
    const capture = !e.end.igui && e.end.capture;
    if (!move && !capture && !igui) return;
    const index = occ.index(e.x, e.y);
    let dest = found.get(index);
    if (!dest) {
        dest = { square: { file: e.x, rank: e.y }, move: false, capture: false, igui: false, notes: [] };
        found.set(index, dest);
    }
    dest.move ||= move;
    dest.capture ||= capture;
    dest.igui ||= igui;
    for (const note of e.notes) if (!dest.notes.includes(note)) dest.notes.push(note);
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
    found: Map<number, Destination>, problems: Problems
): void {
    const files = occ.board.files;
    const monotone = !usesCannon(plan);
    const budget = { left: STEP_BUDGET };
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
            new Walker(world, budget).run(plan, at.file, at.rank, (e) => {
                if (e.x !== x || e.y !== y) return;
                record(alt, world, e);
                const now = alt.get(index);
                if (monotone && now && now.capture === before?.capture && now.igui === before?.igui) throw new Enough();
            });
        } catch (error) {
            if (error instanceof BudgetExceeded) {
                problems.add('limit', `${squares.length - done} capture squares were not re-checked for paths that come back over them (step budget)`);
                return;
            }
            if (!(error instanceof Enough)) throw error;
        }
        const fresh = alt.get(index);
        if (before) {
            before.capture = fresh?.capture ?? false;
            before.igui = fresh?.igui ?? false;
            for (const note of fresh?.notes ?? []) if (!before.notes.includes(note)) before.notes.push(note);
            if (!before.move && !before.capture && !before.igui) found.delete(index);
        } else if (fresh) {
            found.set(index, fresh);
        }
    }
}

function usesCannon(plan: Plan): boolean {
    switch (plan.kind) {
        case 'leaf': return plan.end.cannon;
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
        case 'leaf': return 1;
        case 'union': return Math.max(0, ...plan.parts.map(legs));
        case 'sequence': return plan.legs.reduce((sum, leg) => sum + legs(leg), 0);
        case 'conditional': return Math.max(0, ...plan.branches.map((b) => legs(b.body)), plan.otherwise ? legs(plan.otherwise) : 0);
        case 'notes': return legs(plan.base);
        case 'none': return 0;
    }
}

function checkSetUp(setup: SetUp, problems: Problems): boolean {
    const { files, ranks } = setup.board;
    const side = (n: number) => Number.isInteger(n) && n >= 1 && n <= MAX_BOARD_SIDE;
    if (!side(files) || !side(ranks)) {
        problems.add('invalid', `board ${files}x${ranks}: each side must be a whole number from 1 to ${MAX_BOARD_SIDE}`);
        return false;
    }
    if (!onBoard(setup.board, setup.at)) {
        problems.add('invalid', `the piece's square is not on the ${files}x${ranks} board`);
        return false;
    }
    if ([...setup.friends, ...setup.enemies].some((s) => !onBoard(setup.board, s))) {
        problems.add('invalid', `pieces off the ${files}x${ranks} board are ignored`);
    }
    return true;
}

function onlyOnBoard(setup: SetUp, squares: readonly Square[]): Square[] {
    return squares.filter((s) => onBoard(setup.board, s));
}
