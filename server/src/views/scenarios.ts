/**
 * Which diagrams explain a piece: the piece alone, where it belongs (the centre, or the middle of
 * the zone it is confined to: the xiangqi general in its palace); for a piece whose moves depend
 * on where it stands (its conditions compare `(rank)`, ask `(in ZONE)`, or name such a condition),
 * one diagram for each way its conditions can turn out (the soldier before and after the river);
 * for a piece whose conditions are informal strings, one diagram per branch, titled by its
 * condition; before its first move, when it has one (first-move-only destinations marked); next to
 * its promotion zone, when its moves elsewhere never promote; for a lame or hopping piece, one
 * more with the blocker that changes its moves the most; for a piece that captures on the way
 * (whose moves exist only where enemies stand), one with enemies placed so that those moves
 * appear; and, on a declared board where the side changes the picture, the same as Black.
 *
 * The piece is compiled once, and all its diagrams share one step budget, so a huge definition
 * costs one bounded evaluation, not one per diagram and per blocker tried.
 */
import { evaluatePrepared, informalTests, locustIn, prepare, type EngineResult, type Prepared, type Resolver } from '../engine/report.js';
import type { Destination, Rules, SetUp, Side } from '../engine/board.js';
import { type Board, boardGeometry, geometryOf, type Square } from '../geometry/index.js';
import type { RefCache } from '../engine/compile.js';
import { resolveZone } from '../engine/rules.js';
import type { DiagramZone } from '../diagram/zones.js';
import type { Move, PieceDef, Test } from '../model/piece.js';
import { MAX_NESTING } from '../model/limits.js';
import { pieceUses, rankThresholds, testAt, testZones, type PieceUses } from './piece-uses.js';
import { homeSquare, middle } from './home.js';
import { confinement, pieceZones, turnSquare } from './zones.js';

export interface Scenario {
    /** A short caption: "on an empty board", "on rank 2", "with a friendly piece on e6", `if "crossed the river"`. */
    title: string;
    setup: SetUp;
    result: EngineResult;
    /** The zones to draw (views/zones.ts), turned for a Black piece. */
    zones: DiagramZone[];
}

export interface ScenarioOptions {
    /** The declared board's rules (zones, confinements, promotion zone); absent: a bare board. */
    rules?: Rules;
    /** Steps all the diagrams may take together (default SCENARIO_BUDGET). */
    budgetSteps?: number;
    /**
     * Every diagram for this side (`lcpn show --side black`). Absent: White's diagrams, plus one
     * as Black on a declared board where the side changes the picture.
     */
    side?: Side;
    /** Whether the piece has not moved yet. Absent: before its first move when it has one (`(first-move)`). */
    firstMove?: boolean;
    /** The plans of referenced definitions shared with other compiles of `resolve` (engine/compile.ts RefCache). */
    plans?: RefCache;
}

/** Steps all the diagrams of one piece may take together (see engine/report.ts STEP_BUDGET). */
export const SCENARIO_BUDGET = 1_000_000;
/** Informal conditions given a diagram of their own; more are shown merged, with notes. */
export const MAX_BRANCH_DIAGRAMS = 4;

const NO_USES: PieceUses = { zones: new Set(), keywordZones: new Set(), conditionals: [], firstMove: false, promotes: false, occupants: new Set() };

export function scenarios(piece: PieceDef | Move, resolve: Resolver, board: Board, options: ScenarioOptions = {}): Scenario[] {
    const body = 'kind' in piece ? piece : piece.body;
    const { rules } = options;
    const uses = body ? pieceUses(body, resolve) : NO_USES;
    // Compiled once for the board's lattice (a hexagon's images and directions).
    const prepared = prepare(piece, resolve, geometryOf(board), options.plans);
    const budget = { left: options.budgetSteps ?? SCENARIO_BUDGET };
    const { at: home, zone: homeZone } = homeSquare(piece, resolve, board, rules, (at) => evaluatePrepared(prepared, { board, at, friends: [], enemies: [], ...(rules ? { rules } : {}) }, { budget }).destinations.length);
    const firstMoveState = options.firstMove ?? uses.firstMove;
    const side: Side = options.side ?? 'white';
    // Places are chosen as White sees the board; a Black piece stands on the square turned half a turn.
    const alone = (at: Square, first = firstMoveState): SetUp => ({
        board, at: side === 'black' ? turnSquare(board, at) : at, friends: [], enemies: [], ...(side === 'black' ? { side } : {}),
        ...(rules ? { rules } : {}), ...(first ? { firstMove: true } : {})
    });
    const zoneCache = new Map<Side, DiagramZone[]>();
    const zonesFor = (side: Side) => zoneCache.get(side) ?? zoneCache.set(side, pieceZones(piece, resolve, board, rules, side)).get(side)!;
    const run = (title: string, setup: SetUp, assume?: Map<string, boolean>): Scenario =>
        ({ title, setup, result: evaluatePrepared(prepared, setup, { budget, assume }), zones: zonesFor(setup.side ?? 'white') });
    // How each lone diagram's caption is made from its set-up, so Black's (turned) names its own square.
    const captions = new Map<Scenario, (setup: SetUp) => string>();
    const captioned = (caption: (setup: SetUp) => string, setup: SetUp, assume?: Map<string, boolean>): Scenario => {
        const scenario = run(caption(setup), setup, assume);
        captions.set(scenario, caption);
        return scenario;
    };

    // The diagrams of the piece alone: one per place its conditions on its square tell apart, or
    // per informal condition, or where it belongs.
    const places = positionPlaces(uses.conditionals, resolve, board, home, rules);
    const informal = informalTests(prepared.plan);
    const alones: Alone[] = [];
    if (places.length === 0 && informal.length > 0 && informal.length <= MAX_BRANCH_DIAGRAMS) {
        // Each diagram is titled by the condition it decides: "its branch is shown with a note" no longer applies.
        for (const branch of branchScenarios(informal)) alones.push({ caption: () => branch.title, at: home, assume: branch.assume, decided: true });
    } else if (places.length === 0) {
        alones.push({ caption: (setup) => homeZone ? `on ${nameOf(board, setup.at)} (in ${homeZone})` : sameSquare(home, centreOf(board)) ? 'on an empty board' : `on ${nameOf(board, setup.at)}`, at: home });
    } else {
        for (const place of places) alones.push({ caption: (setup) => placeTitle(place, setup), at: place.at });
    }
    // Each in the state before its first move, when the piece has one; and, unless a state was
    // asked for, after it too wherever moving first takes or changes moves (a first-move-only
    // destination is marked on the first diagram: only moves that appear later need a second).
    const before = firstMoveState && uses.firstMove ? ', before its first move' : '';
    const bothStates = options.firstMove === undefined && uses.firstMove;
    const result: Scenario[] = [];
    for (const spec of alones) {
        const make = (first: boolean, suffix: string): Scenario => {
            const scenario = captioned((setup) => spec.caption(setup) + suffix, alone(spec.at, first), spec.assume);
            if (!spec.decided) return scenario;
            const decided = { ...scenario, result: { ...scenario.result, problems: scenario.result.problems.filter((p) => p.rule !== 'informal-condition' && p.rule !== 'informal-comparison') } };
            captions.set(decided, captions.get(scenario)!);
            return decided;
        };
        const first = make(firstMoveState, before);
        if (!bothStates || budget.left <= 0) {
            result.push(first);
            continue;
        }
        const moved = make(false, ', after its first move');
        if (!covers(first.result, moved.result)) result.push(first, moved);
        // The same moves either way: one diagram, whose caption names no state.
        else if (covers(moved.result, first.result)) {
            const same = { ...moved, title: spec.caption(moved.setup) };
            captions.set(same, spec.caption);
            result.push(same);
        }
        else result.push(first);
    }
    // The diagrams of the piece alone (no blocker, no enemies placed): the ones Black's may repeat turned.
    const plain = result.length;
    const promoting = rules?.promotionZone && uses.promotes && !result.some((s) => s.result.destinations.some((d) => d.promotions?.length));
    if (promoting) {
        const at = nextToZone(rules.promotionZone!.squares, home, board);
        const next = at && run(`next to the promotion zone${before}`, alone(at));
        if (next && next.result.destinations.some((d) => d.promotions?.length)) result.push(next);
    }
    // A blocker search on an evaluation that ran out of steps would only repeat the cut-off.
    if (body && result.length > 0 && budget.left > 0 && pathSensitive(body, resolve)) {
        const base = result[0];
        const blocked = bestBlocker(prepared, base, budget);
        if (blocked) result.push({ ...blocked, zones: base.zones });
    }
    // A piece whose tests ask what stands on a square (the flying general's `(occupied-by general)`):
    // one diagram with such an enemy placed where it makes a difference.
    for (const key of [...uses.occupants].slice(0, MAX_OCCUPANT_DIAGRAMS)) {
        if (result.length === 0 || budget.left <= 0) break;
        const named = namedEnemy(prepared, result[0], key, budget);
        if (named) result.push({ ...named, zones: result[0].zones });
    }
    if (result.length > 0 && budget.left > 0 && locustIn(prepared.plan)) {
        const victims = locustEnemies(prepared, result[0], budget);
        if (victims) result.push({ ...victims, zones: result[0].zones });
    }
    if (rules && !options.side && result.length > 0 && budget.left > 0) {
        const lone = mostInformativeFirst(result.slice(0, plain));
        const dependsOnPlace = places.length > 0 || zonesFor('white').some((z) => z.relevant) || confinement(piece, rules) !== undefined;
        // Black on the same square as White: the same destinations mean the side changes nothing worth a diagram.
        const sameAsBlack = (s: Scenario) => sameDestinations(s.result, evaluatePrepared(prepared, { ...s.setup, side: 'black' }, { budget }));
        if (lone.length > 0 && (dependsOnPlace || !lone.every(sameAsBlack))) {
            const black = turned(lone[0].setup);
            result.push(run(`${captions.get(lone[0])?.(black) ?? lone[0].title}, as Black`, black));
        }
    }
    return result;
}

/** One diagram of the piece alone, before its first-move state is chosen. */
interface Alone {
    /** The caption, from the set-up (Black's names its own, turned, square). */
    caption: (setup: SetUp) => string;
    /** Where it stands, as White sees the board. */
    at: Square;
    /** The informal conditions taken as holding or not (a branch diagram). */
    assume?: Map<string, boolean>;
    /** Its caption says which informal branch it shows: the notes that a branch is assumed are dropped. */
    decided?: boolean;
}

/** Whether every destination of `b` is one of `a`'s, doing the same there. */
function covers(a: EngineResult, b: EngineResult): boolean {
    const key = (d: Destination) => `${d.square.file},${d.square.rank},${d.move},${d.capture},${d.igui}`;
    const keys = new Set(a.destinations.map(key));
    return b.destinations.every((d) => keys.has(key(d)));
}

/**
 * The diagram that shows most first: more kinds of destination (the cannon with a screen, which
 * both slides and captures, before the cannon alone, which only slides), then more destinations
 * (the pawn on its first rank before the pawn elsewhere, the free horse before the blocked
 * one); ties keep the scenario order. Black's diagram stays last: it repeats one of White's, turned.
 */
export function mostInformativeFirst(list: Scenario[]): Scenario[] {
    const kinds = (s: Scenario) => new Set(s.result.destinations.map((d) => `${d.move}${d.capture}${d.igui}`)).size;
    const black = (s: Scenario) => (s.setup.side === 'black' ? 1 : 0);
    return list.map((s, i) => ({ s, i, k: kinds(s), n: s.result.destinations.length }))
        .sort((a, b) => black(a.s) - black(b.s) || b.k - a.k || b.n - a.n || a.i - b.i)
        .map(({ s }) => s);
}

/**
 * Where a lone piece stands: the board's centre, as its geometry says (the middle square, Glinski's
 * f6; when that is a hole, the nearest cell to it, the first in reading order on a tie).
 */
function centreOf(board: Board): Square {
    return boardGeometry(board).centre;
}
const nameOf = (board: Board, sq: Square) => boardGeometry(board).name(sq);
const contains = (board: Board, sq: Square) => boardGeometry(board).contains(sq);

/**
 * The board's cells within `reach` cell units of `from` across and up or down (a square of side
 * 2 reach + 1 on squares), nearest rank first from the top, then from the left: the order the
 * diagrams try blockers and enemies in. The piece's own cell is left out.
 */
function cellsAround(board: Board, from: Square, reach: number): Square[] {
    const geometry = boardGeometry(board);
    const centre = geometry.place(from);
    const near = geometry.cells.filter((sq) => {
        const p = geometry.place(sq);
        return !sameSquare(sq, from) && Math.abs(p.x - centre.x) <= reach + 1e-9 && Math.abs(p.y - centre.y) <= reach + 1e-9;
    });
    return near.map((sq) => ({ sq, p: geometry.place(sq) })).sort((a, b) => b.p.y - a.p.y || a.p.x - b.p.x).map(({ sq }) => sq);
}

/** The board's cell with these file and rank numbers (as it names cells), if there is one. */
function numbered(board: Board, file: number, rank: number): Square | undefined {
    const geometry = boardGeometry(board);
    return geometry.cells.find((sq) => geometry.fileNumber(sq) === file && geometry.rankNumber(sq) === rank);
}
const sameSquare = (a: Square, b: Square) => a.file === b.file && a.rank === b.rank;

/** The set-up seen from the other side: the piece and the others turned half a turn, side Black. */
function turned(setup: SetUp): SetUp {
    const turn = (sq: Square) => turnSquare(setup.board, sq);
    return { ...setup, at: turn(setup.at), friends: setup.friends.map((o) => ({ ...o, ...turn(o) })), enemies: setup.enemies.map((o) => ({ ...o, ...turn(o) })), side: 'black' };
}

/** Whether two evaluations give the same destinations, each doing the same there. */
function sameDestinations(a: EngineResult, b: EngineResult): boolean {
    return a.destinations.length === b.destinations.length && covers(a, b);
}

/** The nearest square below the zone on the home file (as White sees it), where a step forward enters it. */
function nextToZone(zone: readonly Square[], home: Square, board: Board): Square | undefined {
    const geometry = boardGeometry(board);
    const file = geometry.fileNumber(home);
    const inZone = new Set(zone.filter((sq) => geometry.fileNumber(sq) === file).map((sq) => geometry.rankNumber(sq)));
    if (inZone.size === 0) return undefined;
    // File and rank numbers as the board names cells: on squares, the home file below the zone.
    for (let rank = Math.min(...inZone) - 1; rank >= 1; rank--) {
        if (!inZone.has(rank)) return numbered(board, file, rank);
    }
    return undefined;
}

/**
 * Squares that show each way the piece's conditions on its own square can turn out (each branch
 * its `cond`s can take there), with their captions: the ranks where a comparison with `(rank)`
 * changes value (`(<= (rank) 5)`: ranks 5 and 6), the files where one with `(file)` does, the
 * two together (`rank() > 5 AND file() < 3` holds on b6 only), the middle of each zone a test asks
 * about, then any other cell whose branches no square before took, and, last, a square where
 * none holds. `conditionals` are the tests of each `cond`, in order. Empty when no branch test
 * depends on the square. Ranks count from White's side (the diagrams are White's; Black's is one
 * of them turned).
 */
export function positionPlaces(conditionals: readonly (readonly Test[])[], resolve: Resolver, board: Board, home: Square, rules?: Rules): Place[] {
    const tests = conditionals.flat();
    const geometry = boardGeometry(board);
    const zones = new Map<string, { squares: Square[]; keys: Set<string> }>();
    const zoneOf = (key: string) => {
        let zone = zones.get(key);
        if (!zone) {
            const found = rules?.zones.find((z) => z.key === key) ?? resolveZone(key, resolve, rules?.board ?? board);
            const squares = found ? found.squares.filter((sq) => contains(board, sq)) : [];
            zones.set(key, zone = { squares, keys: new Set(squares.map(cellKey)) });
        }
        return zone;
    };
    const thresholds = [...new Set(tests.flatMap((t) => rankThresholds(t, resolve)))].filter((r) => r >= 1 && r <= board.ranks).sort((a, b) => a - b);
    const files = [...new Set(tests.flatMap((t) => rankThresholds(t, resolve, new Set(), 'file')))].filter((f) => f >= 1 && f <= board.files).sort((a, b) => a - b);
    const asked = [...new Set(tests.flatMap((t) => testZones(t, resolve)))];
    if (thresholds.length === 0 && files.length === 0 && asked.length === 0) return [];
    const rankOnly = asked.length === 0 && files.length === 0;
    // Which branch each `cond` takes on a square: its tests' values up to the first that holds
    // (T, F, or ? when the square alone does not decide, as for `(first-move)`).
    const branches = (at: Square) => {
        const place = { rank: geometry.rankNumber(at), file: geometry.fileNumber(at), inZone: (key: string) => zoneOf(key).keys.has(cellKey(at)) };
        return conditionals.map((group) => {
            let taken = '';
            for (const t of group) {
                const value = testAt(t, place, resolve);
                taken += value === true ? 'T' : value === false ? 'F' : '?';
                if (value === true) break;
            }
            return taken;
        }).join('|');
    };
    const homeFile = geometry.fileNumber(home);
    const homeRank = geometry.rankNumber(home);
    const candidates: Place[] = [
        // Cells named by their numbers: the home file at each rank, the home rank at each file (that exist).
        ...thresholds.flatMap((r) => onBoardAt(numbered(board, homeFile, r), rankOnly)),
        ...files.flatMap((f) => onBoardAt(numbered(board, f, homeRank), false)),
        ...asked.flatMap((key) => {
            const at = middle(zoneOf(key).squares, board);
            return at ? [{ at, zone: key, byRank: false }] : [];
        }),
        { at: home, byRank: rankOnly },
        ...Array.from({ length: board.ranks }, (_, r) => onBoardAt(numbered(board, homeFile, r + 1), rankOnly)).flat(),
        // A rank and a file tested together, then every cell, nearest the home first: a branch that
        // only a combination reaches (a rank and a file, a rank inside a zone) gets its diagram too.
        ...[...thresholds, homeRank].flatMap((r) => [...files, homeFile].flatMap((f) => onBoardAt(numbered(board, f, r), false))),
        ...byDistanceFrom(geometry.cells, home, board).map((at) => ({ at, byRank: false }))
    ];
    const seen = new Map<string, Place>();
    for (const c of candidates) {
        const taken = branches(c.at);
        if (!seen.has(taken)) seen.set(taken, c);
    }
    // A place where a named condition decides the branch says so: "on rank 5 (before crossing river)".
    const label = (taken: string) => {
        const group = taken.split('|').findIndex((g) => g.endsWith('T'));
        const t = group < 0 ? undefined : conditionals[group][taken.split('|')[group].length - 1];
        return t?.kind === 'ref' ? t.key : t?.kind === 'text' ? t.text : undefined;
    };
    const none = (taken: string) => /^[F|]*$/.test(taken);
    const holds = [...seen].filter(([taken]) => !none(taken)).map(([taken, c]) => (c.zone || !label(taken) ? c : { ...c, label: label(taken) }));
    const neither = [...seen].find(([taken]) => none(taken))?.[1];
    // Where no branch holds, the named conditions that fail are said by name.
    const names = tests.map((t) => (t.kind === 'ref' ? t.key : t.kind === 'text' ? t.text : undefined));
    const failing = names.every((n) => n !== undefined) ? [...new Set(names as string[])] : undefined;
    if (neither) holds.push({ at: neither.at, byRank: neither.byRank, none: true, ...(failing ? { label: failing.length === 1 ? `${failing[0]} does not hold` : `none of ${failing.join(', ')} holds` } : {}) });
    return holds;
}

const cellKey = (sq: Square) => `${sq.file},${sq.rank}`;

/** The cells by their distance from `from` as drawn (the lowest rank, then file, on a tie). */
function byDistanceFrom(cells: readonly Square[], from: Square, board: Board): Square[] {
    const geometry = boardGeometry(board);
    const origin = geometry.place(from);
    const distance = (sq: Square) => (geometry.place(sq).x - origin.x) ** 2 + (geometry.place(sq).y - origin.y) ** 2;
    return [...cells].sort((a, b) => distance(a) - distance(b) || a.rank - b.rank || a.file - b.file);
}

const onBoardAt = (at: Square | undefined, byRank: boolean): Place[] => (at ? [{ at, byRank }] : []);

/** A square chosen for a diagram because of the piece's conditions (as White sees the board). */
export interface Place {
    at: Square;
    /** Only ranks matter: the caption names the rank. */
    byRank: boolean;
    /** The zone a test asks about that this square is in. */
    zone?: string;
    /** No branch test holds here. */
    none?: boolean;
    /** The named condition (or informal words a definition gives meaning) that holds here, or which fail where none holds, for the caption. */
    label?: string;
}

/** `on rank 5`, `on e2 (in palace)`, `on rank 6 (no rank condition holds)`; for Black the real square, and the rank counted from its side. */
function placeTitle(place: Place, setup: SetUp): string {
    const black = setup.side === 'black';
    const geometry = boardGeometry(setup.board);
    const rank = geometry.rankNumber(place.at);
    const where = place.byRank && !black ? `on rank ${rank}` : `on ${geometry.name(setup.at)}`;
    const notes = [
        ...(place.byRank && black ? [`rank ${rank} from Black's side`] : []),
        ...(place.none ? [place.label ?? `no ${place.byRank ? 'rank ' : ''}condition holds`] : place.zone ? [`in ${place.zone}`] : place.label ? [place.label] : [])
    ];
    return notes.length > 0 ? `${where} (${notes.join('; ')})` : where;
}

/**
 * One diagram per informal condition, taking that branch (and not the ones before it), and
 * one where none holds: the Chinese pawn gets "if the pawn has crossed the river" and "if not".
 */
function branchScenarios(tests: readonly string[]): { title: string; assume: Map<string, boolean> }[] {
    const out = tests.map((test, i) => ({
        title: i === 0 ? `if ${test}` : `if ${test} (and none before it)`,
        assume: new Map(tests.slice(0, i + 1).map((t, j) => [t, j === i] as [string, boolean]))
    }));
    out.push({ title: tests.length === 1 ? `if not ${tests[0]}` : 'if none of these conditions holds', assume: new Map(tests.map((t) => [t, false])) });
    return out;
}

/** The ranks where a piece's conditions on `(rank)` change value (`=` n: n; `<=` n: n and n + 1), ascending. */
export function testedRanks(move: Move, resolve: Resolver): number[] {
    const tests = pieceUses(move, resolve).conditionals.flat();
    return [...new Set(tests.flatMap((t) => rankThresholds(t, resolve)))].sort((a, b) => a - b);
}

/**
 * Lame (no-jump, `=>`) and hopping (cannon) pieces, and paths that check a cell before moving on
 * (`L*(F$)+`, the seed's rook; not `F$` alone): a blocker changes their moves in a way worth showing.
 */
export function pathSensitive(move: Move, resolve: Resolver): boolean {
    let found = false;
    walk(move, resolve, new Set(), (m) => {
        if (m.kind === 'apply' && m.functions.some((f) => f === 'cannon' || f === 'no-jump')) found = true;
        if (m.kind === 'sequence' && m.mode === 'blocked') found = true;
        if (m.kind === 'path' && /\$(?!$)/.test(m.text)) found = true;
    });
    return found;
}

/** Visits a movement and, once each, the definitions it refers to, as deep as the engine follows names (model/limits.ts). */
function walk(move: Move, resolve: Resolver, seen: Set<string>, visit: (m: Move) => void, names = 0): void {
    visit(move);
    const on = (m: Move) => walk(m, resolve, seen, visit, names);
    switch (move.kind) {
        case 'ref': {
            if (seen.has(move.key) || names >= MAX_NESTING) return;
            seen.add(move.key);
            const body = resolve(move.key)?.body;
            if (body) walk(body, resolve, seen, visit, names + 1);
            return;
        }
        case 'qualified': return on(move.base);
        case 'union': return move.parts.forEach(on);
        case 'sequence': return move.legs.forEach(on);
        case 'apply': return move.args.forEach(on);
        case 'conditional':
            move.branches.forEach((b) => on(b.body));
            if (move.otherwise) on(move.otherwise);
            return;
        default: return;
    }
}

/** Ways of capturing on the way in a result (each captured-squares-and-landing pair counts once). */
function locustWays(result: EngineResult): number {
    return result.destinations.reduce((n, d) => n + (d.locusts?.length ?? 0), 0);
}

/** Pieces a test names that get a diagram of their own (with one placed). */
const MAX_OCCUPANT_DIAGRAMS = 2;
/** How far along each line from the piece a named enemy is tried. */
const OCCUPANT_REACH = 4;

/**
 * A set-up with one enemy `key` placed where naming it changes what the piece can do there
 * (captured only because it is a general, or spared because it is a cannon), the nearest such
 * square along the piece's files, ranks and diagonals. Undefined when no square makes a difference.
 */
function namedEnemy(prepared: Prepared, base: Scenario, key: string, budget: { left: number }): Scenario | undefined {
    const { setup } = base;
    const takes = (result: EngineResult, sq: Square) => result.destinations.some((d) => sameSquare(d.square, sq) && (d.capture || d.igui));
    const empty = setup.friends.length === 0 && setup.enemies.length === 0 ? base.result : evaluatePrepared(prepared, { ...setup, friends: [], enemies: [] }, { budget });
    const lines = lineSteps(setup.board);
    for (let distance = 1; distance <= OCCUPANT_REACH; distance++) {
        for (const [dx, dy] of lines) {
            const sq = { file: setup.at.file + dx * distance, rank: setup.at.rank + dy * distance };
            if (!contains(setup.board, sq)) continue;
            const withName = evaluatePrepared(prepared, { ...setup, friends: [], enemies: [{ ...sq, piece: key }] }, { budget });
            if (budget.left <= 0) return undefined;
            // An unnamed enemy there: the empty board's capture flags already say (they mean "would capture one added here").
            if (takes(withName, sq) !== takes(empty, sq)) {
                return { title: `with an enemy ${key} on ${nameOf(setup.board, sq)}`, setup: { ...setup, friends: [], enemies: [{ ...sq, piece: key }] }, result: withName, zones: base.zones };
            }
        }
    }
    return undefined;
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
        for (const sq of cellsAround(setup.board, setup.at, LOCUST_REACH)) {
            if (enemies.some((e) => e.file === sq.file && e.rank === sq.rank)) continue;
            const trial: SetUp = { ...setup, friends: [], enemies: [...enemies, sq] };
            const result = evaluatePrepared(prepared, trial, { budget });
            if (budget.left <= 0) return best;
            const ways = locustWays(result);
            if (ways > (pick?.ways ?? bestWays)) pick = { sq, ways, scenario: { title: '', setup: trial, result, zones: base.zones } };
        }
        if (!pick) break;
        enemies = [...enemies, pick.sq];
        bestWays = pick.ways;
        const names = enemies.map((sq) => nameOf(setup.board, sq)).join(', ');
        best = { ...pick.scenario, title: `with ${enemies.length === 1 ? 'an enemy' : 'enemies'} on ${names}` };
    }
    return best;
}

/** How far (in cells across and up or down) a blocker is tried from the piece. */
const BLOCKER_REACH = 2;

/**
 * The lines from a piece a named enemy is tried along: each orthogonal and diagonal unit step
 * (the geometry's images of [0 1] and [1 1]), clockwise from forward as drawn.
 */
function lineSteps(board: Board): (readonly [number, number])[] {
    const geometry = boardGeometry(board);
    const origin = geometry.place({ file: 0, rank: 0 });
    const angle = ([dx, dy]: readonly [number, number]) => {
        const p = geometry.place({ file: dx, rank: dy });
        const a = Math.atan2(p.x - origin.x, p.y - origin.y);
        return a < -1e-9 ? a + 2 * Math.PI : a;
    };
    return [...geometry.geometry.images(0, 1), ...geometry.geometry.images(1, 1)].sort((a, b) => angle(a) - angle(b));
}

/** Tries one friendly piece on each square near the piece and keeps the one that changes most. */
function bestBlocker(prepared: Prepared, base: Scenario, budget: { left: number }): Scenario | undefined {
    const key = (d: Destination) => `${d.square.file},${d.square.rank},${d.move},${d.capture},${d.igui}`;
    const beforeKeys = new Set(base.result.destinations.map(key));
    const { setup } = base;
    let best: { score: number; scenario: Scenario } | undefined;
    for (const sq of cellsAround(setup.board, setup.at, BLOCKER_REACH)) {
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
            best = { score, scenario: { title: `with a friendly piece on ${nameOf(setup.board, sq)}`, setup: trial, result, zones: base.zones } };
        }
    }
    return best?.scenario;
}
