/**
 * Walks a path expression (seed 002) on a board's rotation graph: the piece starts on its cell
 * facing the geometry's first unit step (forward for the mover; evaluate.ts evaluates a Black
 * piece on the turned board, so this is forward for Black too), and each letter of a path
 * changes its configuration (cell, facing):
 * - `F` moves to the neighbouring cell it faces. Off the board or into a hole, that path dies;
 *   on a cylinder it wraps round (the board geometry's `step`). A cell passed over without `$`
 *   is jumped over, whatever stands on it.
 * - `L` / `R` turn one unit counter-clockwise / clockwise (the geometry's `units` order).
 * - `$` looks at the cell: empty, the path goes on; occupied, the path must end here (a later
 *   `F` kills it; turns and further `$` do not move it).
 * Every whole match that ends on a cell other than the start is a destination, whatever stands
 * there: the caller applies the end rule (empty: a move, enemy: a capture, friend: nothing).
 *
 * The enumeration is a search over (cell, facing, automaton state, stopped) with a visited
 * set, as the seed describes (depth-first there; breadth-first here, which finds the same
 * configurations and reaches each by the fewest letters), so loops (`L*`, `(LR)*`, a rook round
 * a cylinder) end: the set of configurations is finite and each is expanded once.
 */
import type { BoardGeometry, Step } from '../geometry/geometry.js';
import { CHECK, F, L, R, type PathAutomaton, type PathState } from './path-compile.js';
import type { Square } from '../geometry/index.js';

/** What the walk asks of the position. */
export interface PathWalkBoard {
    readonly geometry: BoardGeometry;
    /** A cell's contents as the mover sees them: 0 empty, 1 friend, 2 enemy (evaluate.ts's EMPTY, FRIEND, ENEMY). */
    read(cell: Square): number;
    /** Whether the path may step onto a cell (zones); absent: every cell of the board. */
    enter?(cell: Square): boolean;
    /** Called once per configuration explored; may throw to stop a runaway walk (the engine's step budget). */
    tick?(): void;
}

/** Configurations one walk explores at most when the caller gives no budget of its own. */
export const PATH_WALK_LIMIT = 1_000_000;

export class PathWalkLimit extends Error {}

/**
 * Calls `emit` once for each destination of the path expression `automaton` (path-compile.ts) from `from`, with `step` = how far the
 * walk went to get there in lattice coordinates, along the shortest path expression that gets
 * there (the search is breadth-first in the letters of the path): the destination minus the
 * start, except on a cylinder, where a walk that came round the back says so by its length. It
 * serves `:outward` on a following leg and direction keywords applied to the path.
 */
export function walkPath(automaton: PathAutomaton, board: PathWalkBoard, from: Square, emit: (to: Square, step: Step) => void): void {
    const geometry = board.geometry;
    const units = geometry.geometry.units;
    const unitCount = units.length;
    const { files, ranks } = geometry.board;
    const cellCount = files * ranks;
    const index = (c: Square) => c.rank * files + c.file;
    const visited = new Visited(cellCount * unitCount * 2);
    const found = new Set<number>();
    let left = PATH_WALK_LIMIT;
    const tick = board.tick ?? (() => {
        if (--left < 0) throw new PathWalkLimit(`this path explores more than ${PATH_WALK_LIMIT.toLocaleString('en-US')} positions`);
    });

    /** A configuration, with the displacement of the walk that first reached it. */
    interface Config { cell: Square; facing: number; state: PathState; stopped: boolean; dx: number; dy: number }
    const queue: Config[] = [];
    let head = 0;
    const push = (config: Config) => {
        if (visited.add(config.state.id, (index(config.cell) * unitCount + config.facing) * 2 + (config.stopped ? 1 : 0))) queue.push(config);
    };
    push({ cell: from, facing: 0, state: automaton.start, stopped: false, dx: 0, dy: 0 });
    while (head < queue.length) {
        const config = queue[head];
        // Release what was processed now and then: the queue holds each configuration once.
        if (++head > 4096 && head * 2 > queue.length) {
            queue.splice(0, head);
            head = 0;
        }
        const { cell, facing, state, stopped } = config;
        tick();
        if (state.accepting && (cell.file !== from.file || cell.rank !== from.rank)) {
            const i = index(cell);
            if (!found.has(i)) {
                found.add(i);
                emit(cell, [config.dx, config.dy]);
            }
        }
        if (!stopped && state.live[F]) {
            const to = geometry.step(cell, units[facing]);
            if (to && geometry.contains(to) && (!board.enter || board.enter(to))) {
                const next = automaton.next(state, F);
                const [ux, uy] = units[facing];
                if (next) push({ cell: to, facing, state: next, stopped: false, dx: config.dx + ux, dy: config.dy + uy });
            }
        }
        if (state.live[L]) {
            const next = automaton.next(state, L);
            if (next) push({ ...config, facing: (facing + 1) % unitCount, state: next });
        }
        if (state.live[R]) {
            const next = automaton.next(state, R);
            if (next) push({ ...config, facing: (facing + unitCount - 1) % unitCount, state: next });
        }
        if (state.live[CHECK]) {
            const next = automaton.next(state, CHECK);
            if (next) push({ ...config, state: next, stopped: stopped || board.read(cell) !== 0 });
        }
    }
}

/**
 * The configurations seen, one bit each: per automaton state, a bitset over (cell, facing,
 * stopped). Most paths reach a handful of states; past BITSET_BYTES of bitsets (a pathological
 * expression), the rest go to a hash set, so memory stays bounded by the walk's budget.
 */
class Visited {
    private static readonly BITSET_BYTES = 16 << 20;
    private readonly bits: (Uint32Array | undefined)[] = [];
    private readonly rest = new Set<number>();
    private readonly bitsetStates: number;

    constructor(private readonly perState: number) {
        this.bitsetStates = Math.floor(Visited.BITSET_BYTES / (Math.ceil(perState / 32) * 4));
    }

    /** Marks a configuration; false when it was marked already. */
    add(state: number, config: number): boolean {
        if (state >= this.bitsetStates) {
            const id = state * this.perState + config;
            if (this.rest.has(id)) return false;
            this.rest.add(id);
            return true;
        }
        let bits = this.bits[state];
        if (!bits) bits = this.bits[state] = new Uint32Array((this.perState + 31) >>> 5);
        const word = config >>> 5;
        const mask = 1 << (config & 31);
        if (bits[word] & mask) return false;
        bits[word] |= mask;
        return true;
    }
}
