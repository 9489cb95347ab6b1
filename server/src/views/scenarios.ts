/**
 * Which diagrams explain a piece: the piece alone in the centre; for a piece whose moves
 * depend on its rank, one diagram per rank it tests (and one elsewhere); for a piece whose
 * conditions are informal strings, one diagram per branch, titled by its condition; for a lame
 * or hopping piece, one more with the blocker that changes its moves the most; for a piece that
 * captures on the way (whose moves exist only where enemies stand), one with enemies placed
 * so that those moves appear.
 *
 * The piece is compiled once, and all its diagrams share one step budget, so a huge definition
 * costs one bounded evaluation, not one per diagram and per blocker tried.
 */
import { evaluatePrepared, informalTests, locustIn, prepare, type EngineResult, type Prepared, type Resolver } from '../engine/report.js';
import { squareName, type Board, type Destination, type SetUp, type Square } from '../engine/board.js';
import type { Move, PieceDef } from '../model/piece.js';

export interface Scenario {
    /** A short caption: "on an empty board", "on rank 2", "with a friendly piece on e6", `if "crossed the river"`. */
    title: string;
    setup: SetUp;
    result: EngineResult;
}

/** Steps all the diagrams of one piece may take together (see engine/report.ts STEP_BUDGET). */
export const SCENARIO_BUDGET = 1_000_000;
/** Informal conditions given a diagram of their own; more are shown merged, with notes. */
export const MAX_BRANCH_DIAGRAMS = 4;

export function scenarios(piece: PieceDef | Move, resolve: Resolver, board: Board, budgetSteps = SCENARIO_BUDGET): Scenario[] {
    const body = 'kind' in piece ? piece : piece.body;
    const centre: Square = { file: Math.floor(board.files / 2), rank: Math.floor(board.ranks / 2) };
    const alone = (at: Square): SetUp => ({ board, at, friends: [], enemies: [] });
    const prepared = prepare(piece, resolve);
    const budget = { left: budgetSteps };
    const run = (title: string, setup: SetUp, assume?: Map<string, boolean>): Scenario =>
        ({ title, setup, result: evaluatePrepared(prepared, setup, { budget, assume }) });

    const ranks = body ? testedRanks(body, resolve) : [];
    const informal = informalTests(prepared.plan);
    const result: Scenario[] = [];
    if (ranks.length === 0 && informal.length > 0 && informal.length <= MAX_BRANCH_DIAGRAMS) {
        // Each diagram is titled by the condition it decides: "its branch is shown with a note" no longer applies.
        const decided = (s: Scenario): Scenario => ({ ...s, result: { ...s.result, problems: s.result.problems.filter((p) => p.rule !== 'informal-condition' && p.rule !== 'informal-comparison') } });
        result.push(...branchScenarios(informal, (title, assume) => decided(run(title, alone(centre), assume))));
    } else if (ranks.length === 0) {
        result.push(run('on an empty board', alone(centre)));
    } else {
        for (const rank of ranks) {
            const at = { file: centre.file, rank: rank - 1 };
            if (at.rank >= 0 && at.rank < board.ranks) result.push(run(`on rank ${rank}`, alone(at)));
        }
        const elsewhere = [centre.rank, ...Array.from({ length: board.ranks }, (_, r) => r)].find((r) => !ranks.includes(r + 1));
        if (elsewhere !== undefined) result.push(run(`on rank ${elsewhere + 1} (no rank condition holds)`, alone({ file: centre.file, rank: elsewhere })));
    }
    // A blocker search on an evaluation that ran out of steps would only repeat the cut-off.
    if (body && result.length > 0 && budget.left > 0 && pathSensitive(body, resolve)) {
        const base = result[0];
        const blocked = bestBlocker(prepared, base, budget);
        if (blocked) result.push(blocked);
    }
    if (result.length > 0 && budget.left > 0 && locustIn(prepared.plan)) {
        const victims = locustEnemies(prepared, result[0], budget);
        if (victims) result.push(victims);
    }
    return result;
}

/**
 * One diagram per informal condition, taking that branch (and not the ones before it), and
 * one where none holds: the Chinese pawn gets "if the pawn has crossed the river" and "if not".
 */
function branchScenarios(tests: readonly string[], run: (title: string, assume: Map<string, boolean>) => Scenario): Scenario[] {
    const out: Scenario[] = [];
    tests.forEach((test, i) => {
        const assume = new Map(tests.slice(0, i + 1).map((t, j) => [t, j === i] as [string, boolean]));
        out.push(run(i === 0 ? `if ${test}` : `if ${test} (and none before it)`, assume));
    });
    out.push(run(tests.length === 1 ? `if not ${tests[0]}` : 'if none of these conditions holds', new Map(tests.map((t) => [t, false]))));
    return out;
}

/** The ranks a piece's conditions compare `(rank)` with, ascending. */
export function testedRanks(move: Move, resolve: Resolver, seen = new Set<string>()): number[] {
    const ranks = new Set<number>();
    walk(move, resolve, seen, (m) => {
        if (m.kind !== 'conditional') return;
        for (const { test } of m.branches) {
            if (test.kind !== 'compare' || test.op !== '=') continue;
            const [l, r] = [test.left, test.right];
            if (l.kind === 'call' && l.fn === 'rank' && r.kind === 'number') ranks.add(r.value);
            if (r.kind === 'call' && r.fn === 'rank' && l.kind === 'number') ranks.add(l.value);
        }
    });
    return [...ranks].sort((a, b) => a - b);
}

/** Lame (no-jump, `=>`) and hopping (cannon) pieces: a blocker changes their moves in a way worth showing. */
export function pathSensitive(move: Move, resolve: Resolver): boolean {
    let found = false;
    walk(move, resolve, new Set(), (m) => {
        if (m.kind === 'apply' && m.functions.some((f) => f === 'cannon' || f === 'no-jump')) found = true;
        if (m.kind === 'sequence' && m.mode === 'blocked') found = true;
    });
    return found;
}

/** Visits a movement and, once each, the definitions it refers to. */
function walk(move: Move, resolve: Resolver, seen: Set<string>, visit: (m: Move) => void): void {
    visit(move);
    switch (move.kind) {
        case 'ref': {
            if (seen.has(move.key)) return;
            seen.add(move.key);
            const body = resolve(move.key)?.body;
            if (body) walk(body, resolve, seen, visit);
            return;
        }
        case 'qualified': return walk(move.base, resolve, seen, visit);
        case 'union': return move.parts.forEach((p) => walk(p, resolve, seen, visit));
        case 'sequence': return move.legs.forEach((p) => walk(p, resolve, seen, visit));
        case 'apply': return move.args.forEach((p) => walk(p, resolve, seen, visit));
        case 'conditional':
            move.branches.forEach((b) => walk(b.body, resolve, seen, visit));
            if (move.otherwise) walk(move.otherwise, resolve, seen, visit);
            return;
        default: return;
    }
}

/** Ways of capturing on the way in a result (each captured-squares-and-landing pair counts once). */
function locustWays(result: EngineResult): number {
    return result.destinations.reduce((n, d) => n + (d.locusts?.length ?? 0), 0);
}

/** Enemies placed at most this many squares away when looking for a set-up that shows capturing on the way. */
const LOCUST_REACH = 3;
/** At most this many enemies: enough for a double capture, few enough to read. */
const LOCUST_ENEMIES = 3;

/**
 * A set-up where the piece captures on the way: enemies added one at a time near it, each time
 * the square that adds the most ways of capturing on the way (a second enemy shows a double
 * capture when the piece has one). Undefined when no nearby enemy makes such a move appear.
 */
function locustEnemies(prepared: Prepared, base: Scenario, budget: { left: number }): Scenario | undefined {
    const { setup } = base;
    let best: Scenario | undefined;
    let bestWays = 0;
    let enemies: Square[] = [];
    for (let round = 0; round < LOCUST_ENEMIES; round++) {
        let pick: { sq: Square; scenario: Scenario; ways: number } | undefined;
        for (let dy = LOCUST_REACH; dy >= -LOCUST_REACH; dy--) {
            for (let dx = -LOCUST_REACH; dx <= LOCUST_REACH; dx++) {
                const sq = { file: setup.at.file + dx, rank: setup.at.rank + dy };
                if ((dx === 0 && dy === 0) || sq.file < 0 || sq.rank < 0 || sq.file >= setup.board.files || sq.rank >= setup.board.ranks) continue;
                if (enemies.some((e) => e.file === sq.file && e.rank === sq.rank)) continue;
                const trial: SetUp = { ...setup, friends: [], enemies: [...enemies, sq] };
                const result = evaluatePrepared(prepared, trial, { budget });
                if (budget.left <= 0) return best;
                const ways = locustWays(result);
                if (ways > (pick?.ways ?? bestWays)) pick = { sq, ways, scenario: { title: '', setup: trial, result } };
            }
        }
        if (!pick) break;
        enemies = [...enemies, pick.sq];
        bestWays = pick.ways;
        const names = enemies.map(squareName).join(', ');
        best = { ...pick.scenario, title: `with ${enemies.length === 1 ? 'an enemy' : 'enemies'} on ${names}` };
    }
    return best;
}

/** Tries one friendly piece on each square near the piece and keeps the one that changes most. */
function bestBlocker(prepared: Prepared, base: Scenario, budget: { left: number }): Scenario | undefined {
    const key = (d: Destination) => `${d.square.file},${d.square.rank},${d.move},${d.capture},${d.igui}`;
    const beforeKeys = new Set(base.result.destinations.map(key));
    const { setup } = base;
    let best: { score: number; scenario: Scenario } | undefined;
    for (let dy = 2; dy >= -2; dy--) {
        for (let dx = -2; dx <= 2; dx++) {
            if (dx === 0 && dy === 0) continue;
            const sq = { file: setup.at.file + dx, rank: setup.at.rank + dy };
            if (sq.file < 0 || sq.rank < 0 || sq.file >= setup.board.files || sq.rank >= setup.board.ranks) continue;
            const trial: SetUp = { ...setup, friends: [sq] };
            const result = evaluatePrepared(prepared, trial, { budget });
            // A trial cut off by the budget is not a fair comparison, and no later one can finish either.
            if (budget.left <= 0) return best?.scenario;
            const afterKeys = new Set(result.destinations.map(key));
            const onBlocker = (k: string) => k.startsWith(`${sq.file},${sq.rank},`);
            let score = 0;
            for (const k of beforeKeys) if (!afterKeys.has(k) && !onBlocker(k)) score++;
            for (const k of afterKeys) if (!beforeKeys.has(k)) score++;
            if (score > (best?.score ?? 0)) {
                best = { score, scenario: { title: `with a friendly piece on ${squareName(sq)}`, setup: trial, result } };
            }
        }
    }
    return best?.scenario;
}
