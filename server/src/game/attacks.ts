/**
 * Which pieces could capture on a square: the game's attack probes (compile.ts: every line
 * whose landing there may capture, by square and side), each confirmed by walking its line on
 * the board; pieces whose plans lines cannot say are asked of the engine in the position.
 */
import type { Occupant } from '../engine/board.js';
import { evaluatePrepared, type EngineResult } from '../engine/report.js';
import { walkLine } from '../engine/lines.js';
import type { Position } from './position.js';
import type { AttackTree } from './attack-index.js';

const scratch = new Int32Array(3 * 4096);

/**
 * Whether a piece of side `by` could capture on `square`. An empty square is treated as holding
 * `occupant` (a code of the other side) for the question's time, as a king would stand there.
 */
export function attackedBy(pos: Position, square: number, by: number, occupant = -1): boolean {
    const cells = pos.cells;
    const empty = cells[square] === 0;
    if (empty) cells[square] = occupant >= 0 ? occupant : (1 << 1) | (by ^ 1);
    try {
        return scanRoyal(pos, square, by, null, 0) || (pos.game.anySlow && slowAttack(pos, square, by));
    } finally {
        if (empty) cells[square] = 0;
    }
}

/** Whether the piece `code` (not moved yet: `virgin`) on node n's square is an attacker there. */
function accepts(tree: AttackTree, n: number, code: number, virgin: number): boolean {
    for (let a = tree.accept[n]; a < tree.accept[n + 1]; a++) {
        if (tree.code[a] !== code) continue;
        const needs = tree.needs[a];
        if (needs === 0 || virgin === needs - 1) return true;
    }
    return false;
}

/**
 * Whether `by` attacks `square` by a plain line (walking the tree of paths outward from the
 * square: a piece ends a path, as an attacker or a blocker) or a cannon or test line; with
 * `pinned`, also which pieces of the square's side are pinned to it: on the plain paths, a
 * friendly piece passed once on the way to an attacker is marked `pinned[sq] = stamp`. Cannon
 * and test lines are not followed for pins (markOthers covers them).
 */
export function scanRoyal(pos: Position, square: number, by: number, pinned: Int32Array | null, stamp: number): boolean {
    const game = pos.game;
    const cells = pos.cells;
    const virgin = pos.virgin;
    const tree = game.attacks.tree(square * 2 + by);
    const squares = tree.square;
    const skip = tree.skip;
    const end = squares.length;
    let attacked = false;
    // Inside the subtree of a friendly piece passed once: its square, and where the subtree ends.
    let passed = -1;
    let passedEnd = -1;
    for (let n = 0; n < end;) {
        if (passed >= 0 && n >= passedEnd) passed = -1;
        const at = squares[n];
        const code = cells[at];
        if (code === 0) {
            n++;
            continue;
        }
        if ((code & 1) === by) {
            if (accepts(tree, n, code, virgin[at])) {
                if (passed >= 0) pinned![passed] = stamp;
                else if (pinned === null) return true;
                else attacked = true;
            }
        } else if (passed < 0 && pinned !== null) {
            passed = at;
            passedEnd = skip[n];
            n++;
            continue;
        }
        n = skip[n];
    }
    if (attacked) return true;
    return otherAttack(pos, square, by, tree);
}

/**
 * Marks (`marks[sq] = stamp`) the squares a move must touch to change whether `by` attacks the
 * royal piece on `square` through a cannon or test line: each such line whose attacker stands
 * on its square, its square and every square it reads up to the royal piece; and, where royal
 * pieces may not face each other and the two share a file or rank, the squares between them.
 * A move adds no enemy piece, so lines whose attacker is absent cannot start to matter.
 */
export function markOthers(pos: Position, square: number, by: number, marks: Int32Array, stamp: number): void {
    const game = pos.game;
    const attacks = game.attacks;
    const cells = pos.cells;
    const other = attacks.tree(square * 2 + by).other;
    for (let k = 0; k < other.length; k++) {
        const p = other[k];
        const from = attacks.probeFrom[p];
        if (cells[from] !== attacks.probeCode[p]) continue;
        const needs = attacks.probeFirst[p];
        if (needs !== 0 && pos.virgin[from] !== needs - 1) continue;
        const line = attacks.probeLine[p];
        const index = attacks.probeIndex[p];
        marks[from] = stamp;
        for (let c = 0; c < line.clear.length; c++) marks[line.clear[c]] = stamp;
        for (let j = 0; j < index; j++) marks[line.targets[j]] = stamp;
        if (line.inner !== null) for (let n = 0; n < line.innerAt![index + 1]; n++) marks[line.inner[n]] = stamp;
    }
    if (game.facing && pos.royalCount[by] === 1) {
        const other = pos.royalOf(by);
        const files = game.files;
        const step = other % files === square % files ? files : Math.floor(other / files) === Math.floor(square / files) ? 1 : 0;
        if (step !== 0) for (let sq = Math.min(square, other) + step; sq < Math.max(square, other); sq += step) marks[sq] = stamp;
    }
}

/** The attack probes that are not plain paths (cannons, tests), walked. */
function otherAttack(pos: Position, square: number, by: number, tree: AttackTree): boolean {
    const game = pos.game;
    const cells = pos.cells;
    const other = tree.other;
    for (let k = 0; k < other.length; k++) {
        const p = other[k];
        const from = game.attacks.probeFrom[p];
        if (cells[from] !== game.attacks.probeCode[p]) continue;
        const needs = game.attacks.probeFirst[p];
        if (needs !== 0 && pos.virgin[from] !== needs - 1) continue;
        const n = walkLine(game.attacks.probeLine[p], cells, by, game.truth[by], game.stride, scratch, 0, game.attacks.probeIndex[p]);
        if (n > 0 && scratch[n - 3] === square && scratch[n - 2] === 2) return true;
    }
    return false;
}

/** Pieces evaluated in the position (no lines): does one of `by`'s capture on `square` (landing, or igui)? */
function slowAttack(pos: Position, square: number, by: number): boolean {
    const game = pos.game;
    for (const from of game.cells) {
        const code = pos.cells[from];
        if (code === 0 || (code & 1) !== by || from === square) continue;
        if (game.lines(code >> 1, by, pos.virgin[from], from) !== null) continue;
        const there = evaluateInPosition(pos, from).destinations.find((d) => d.square.rank * game.files + d.square.file === square);
        if (there && (there.capture || there.igui)) return true;
    }
    return false;
}

/** The engine's answer for the piece on `from`, in the position (for pieces whose plans lines cannot say). */
export function evaluateInPosition(pos: Position, from: number): EngineResult {
    const game = pos.game;
    const code = pos.cells[from];
    const side = code & 1;
    const friends: Occupant[] = [];
    const enemies: Occupant[] = [];
    for (const sq of game.cells) {
        const c = pos.cells[sq];
        if (c === 0 || sq === from) continue;
        const occupant = { ...game.square(sq), piece: game.types[c >> 1].key };
        ((c & 1) === side ? friends : enemies).push(occupant);
    }
    return evaluatePrepared(game.types[code >> 1].prepared, {
        board: game.board, at: game.square(from), side: side === 0 ? 'white' : 'black', friends, enemies,
        firstMove: pos.virgin[from] === 1, rules: game.rules
    });
}

/** Whether an en passant capturer of side `by` could capture onto `square`, the piece on `victim` standing there. */
export function canTakeEnPassant(pos: Position, square: number, victim: number, by: number): boolean {
    const game = pos.game;
    const cells = pos.cells;
    cells[square] = cells[victim];
    try {
        const end = game.attacks.probeStart[square * 2 + by + 1];
        for (let p = game.attacks.probeStart[square * 2 + by]; p < end; p++) {
            const from = game.attacks.probeFrom[p];
            const code = cells[from];
            if (code !== game.attacks.probeCode[p] || game.epCapturers[code >> 1] !== 1) continue;
            const needs = game.attacks.probeFirst[p];
            if (needs !== 0 && pos.virgin[from] !== needs - 1) continue;
            const n = walkLine(game.attacks.probeLine[p], cells, by, game.truth[by], game.stride, scratch, 0, game.attacks.probeIndex[p]);
            if (n > 0 && scratch[n - 3] === square && scratch[n - 2] === 2) return true;
        }
        return false;
    } finally {
        cells[square] = 0;
    }
}

/** Whether a royal piece of `side` is attacked. */
export function royalAttacked(pos: Position, side: number): boolean {
    if (pos.royalCount[side] === 1) return attackedBy(pos, pos.royalOf(side), side ^ 1);
    for (const sq of pos.royalSquares(side)) if (attackedBy(pos, sq, side ^ 1)) return true;
    return false;
}

/** Whether the two sides' royal pieces (one each) stand on one file or rank with nothing between. */
export function royalsFace(pos: Position): boolean {
    if (pos.royalCount[0] !== 1 || pos.royalCount[1] !== 1) return false;
    const game = pos.game;
    const a = pos.royalOf(0);
    const b = pos.royalOf(1);
    const files = game.files;
    const [fa, ra, fb, rb] = [a % files, Math.floor(a / files), b % files, Math.floor(b / files)];
    let step: number;
    if (fa === fb) step = files;
    else if (ra === rb) step = 1;
    else return false;
    const [low, high] = a < b ? [a, b] : [b, a];
    for (let sq = low + step; sq < high; sq += step) if (pos.cells[sq] !== 0) return false;
    return true;
}
