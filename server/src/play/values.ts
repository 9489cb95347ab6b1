/**
 * What the pieces of a game are worth, derived from how they move on the game's own board: no
 * table per variant. A piece is worth what it can take: the average number of enemy pieces it
 * could capture from a square, over the squares it can stand on and over random boards filled
 * as densely as a middle game of this game (six tenths of the start position's density), plus a
 * sixteenth of its quiet moves there (so a piece that never captures is still worth something).
 * The values are scaled so that the cheapest non-royal piece of the start position is worth 100
 * (a chess pawn: centipawns). docs/play.md has the figures for the nine variants.
 *
 * Per square, a piece is worth its value, a tenth more or less as its moves from there on an
 * empty board are above or below its average (a knight in the corner is worth less), plus the
 * prospect of promotion: what promoting would gain, divided by (1 + moves to promote)^2.
 */
import { walkLine } from '../engine/lines.js';
import { evaluateInPosition } from '../game/attacks.js';
import { Position, type Game } from '../game/index.js';
import { promotionChoices } from './promotion.js';

export interface PieceValues {
    /** Per type: its value (0 for royal pieces: losing them ends the game). */
    readonly value: Int32Array;
    /** Per (code * size + square), code = type << 1 | side: the piece's worth on that square. */
    readonly onSquare: Int32Array;
    /** Per type: a piece of that type in hand. */
    readonly inHand: Int32Array;
    /** Per type: the average captures and quiet moves measured (before scaling). */
    readonly captures: Float64Array;
    readonly moves: Float64Array;
}

/** Random boards measured, and squares measured on each (every square on boards up to that size). */
const BOARDS = 12;
const SQUARES_PER_BOARD = 256;
/** Pieces the engine evaluates in each position (lines cannot say them) are slow: fewer samples. */
const SLOW_BOARDS = 2;
const SLOW_SQUARES = 48;
const QUIET_WEIGHT = 1 / 16;
const SQUARE_WEIGHT = 0.1;

export function pieceValues(game: Game): PieceValues {
    const types = game.types.length;
    const captures = new Float64Array(types);
    const moves = new Float64Array(types);
    measure(game, captures, moves);

    const raw = new Float64Array(types);
    for (let t = 1; t < types; t++) raw[t] = game.types[t].royal ? 0 : captures[t] + QUIET_WEIGHT * moves[t];
    const unit = cheapestAtStart(game, raw);
    const value = Int32Array.from(raw, (r) => Math.round((r / unit) * 100));

    const inHand = Int32Array.from(value);
    const onSquare = new Int32Array(game.stride * game.size);
    for (let t = 1; t < types; t++) {
        for (let side = 0; side < 2; side++) {
            const reach = emptyBoardMoves(game, t, side);
            const gain = promotionGain(game, value, t);
            const distance = gain > 0 ? movesToPromote(game, t, side) : undefined;
            let total = 0;
            let count = 0;
            for (const sq of game.cells) if (reach[sq] > 0) {
                total += reach[sq];
                count++;
            }
            const average = count > 0 ? total / count : 0;
            const base = ((t << 1) | side) * game.size;
            for (const sq of game.cells) {
                let worth = value[t];
                if (average > 0) worth += SQUARE_WEIGHT * value[t] * (reach[sq] - average) / average;
                if (distance && distance[sq] > 0) worth += gain / (1 + distance[sq]) ** 2;
                onSquare[base + sq] = Math.round(worth);
            }
        }
    }
    return { value, onSquare, inHand, captures, moves };
}

/** The weakest non-royal piece standing in the start position, as a raw value (the unit 100 stands for). */
function cheapestAtStart(game: Game, raw: Float64Array): number {
    const start = new Set<number>();
    for (let code = 2; code < game.stride; code++) if (game.startCounts[code] > 0) start.add(code >> 1);
    let unit = Infinity;
    for (const t of start) if (!game.types[t].royal && raw[t] > 0) unit = Math.min(unit, raw[t]);
    if (unit === Infinity) for (let t = 1; t < raw.length; t++) if (raw[t] > 0) unit = Math.min(unit, raw[t]);
    return unit === Infinity ? 1 : unit;
}

/**
 * Average captures and quiet moves of each type (having moved, both sides), on random boards
 * where each square holds a random piece of a random side with the middle game's density.
 */
function measure(game: Game, captures: Float64Array, moves: Float64Array): void {
    const random = xorshift(0x9e3779b9);
    const types = game.types.length;
    const board = new Position(game);
    const cells = board.cells;
    const pieces = countAt(game);
    const density = Math.min(0.5, Math.max(0.02, (0.6 * pieces) / game.cells.length));
    const out = new Int32Array(3 * 8 * game.size + 3);
    const seen = new Int32Array(game.size);
    let stamp = 0;
    const samples = new Float64Array(types);
    for (let b = 0; b < BOARDS; b++) {
        for (const sq of game.cells) cells[sq] = random() < density ? ((1 + Math.floor(random() * (types - 1))) << 1) | (random() < 0.5 ? 1 : 0) : 0;
        for (let t = 1; t < types; t++) {
            if (game.types[t].royal) continue;
            for (let side = 0; side < 2; side++) {
                const slow = game.lines(t, side, 0, game.cells[0]) === null && game.anySlow;
                if (slow && b >= SLOW_BOARDS) continue;
                for (const sq of squaresToMeasure(game, random, slow ? SLOW_SQUARES : SQUARES_PER_BOARD)) {
                    // Where it could never move on an empty board it cannot stand (a pawn on its last rank); a piece
                    // the engine evaluates may move only when others stand by (seed 003's Jumper), so it is measured everywhere.
                    if (!slow && game.immobile[(t * 2 + side) * game.size + sq] === 1) continue;
                    const saved = cells[sq];
                    cells[sq] = (t << 1) | side;
                    const lines = game.lines(t, side, 0, sq);
                    if (lines) {
                        let n = 0;
                        for (const line of lines) n = walkLine(line, cells, side, game.truth[side], game.stride, out, n);
                        stamp++;
                        for (let i = 0; i < n; i += 3) {
                            if (seen[out[i]] === stamp) continue;
                            seen[out[i]] = stamp;
                            if (out[i + 1] === 2) captures[t]++;
                            else moves[t]++;
                        }
                    } else {
                        // As movegen reads the engine's answer: a capture by landing, without moving (igui) or on the way (locust).
                        for (const d of evaluateInPosition(board, sq).destinations) {
                            const there = cells[d.square.rank * game.files + d.square.file];
                            const enemy = there !== 0 && (there & 1) !== side;
                            if ((enemy && (d.capture || d.igui)) || (d.locusts?.length && (there === 0 || enemy))) captures[t]++;
                            else if (there === 0 && d.move && !d.locustOnly) moves[t]++;
                        }
                    }
                    cells[sq] = saved;
                    samples[t]++;
                }
            }
        }
    }
    for (let t = 1; t < types; t++) {
        if (samples[t] === 0) continue;
        captures[t] /= samples[t];
        moves[t] /= samples[t];
    }
}

function countAt(game: Game): number {
    let pieces = 0;
    for (let code = 2; code < game.stride; code++) pieces += game.startCounts[code];
    return pieces;
}

/** All the board's squares, or `limit` of them at random on a larger board. */
function squaresToMeasure(game: Game, random: () => number, limit: number): Iterable<number> {
    if (game.cells.length <= limit) return game.cells;
    return Array.from({ length: limit }, () => game.cells[Math.floor(random() * game.cells.length)]);
}

/** Per square: how many squares the piece (having moved) reaches on an empty board; 0 where it cannot stand or is evaluated in each position. */
function emptyBoardMoves(game: Game, type: number, side: number): Int32Array {
    const reach = new Int32Array(game.size);
    for (const sq of game.cells) {
        const lines = game.lines(type, side, 0, sq);
        if (!lines || game.immobile[(type * 2 + side) * game.size + sq] === 1) continue;
        const seen = new Set<number>();
        for (const line of lines) {
            if (!line.move && !line.capture) continue;
            line.targets.forEach((to, j) => {
                if (line.stops[j] === 1) seen.add(to);
            });
        }
        reach[sq] = seen.size;
    }
    return reach;
}

/** What the best promotion of a type gains over keeping it (0 when it never promotes). */
function promotionGain(game: Game, value: Int32Array, type: number): number {
    let best = 0;
    for (const choice of promotionChoices(game, type)) best = Math.max(best, value[choice] - value[type]);
    return best;
}

/**
 * Per square: the fewest moves (on an empty board) until the piece can make a promoting move:
 * 1 where a move from there promotes; 0 where it never gets there.
 */
function movesToPromote(game: Game, type: number, side: number): Int32Array {
    const distance = new Int32Array(game.size);
    const stated = game.promotionZones[type]?.masks[side];
    const next: number[][] = Array.from({ length: game.size }, () => []);
    let frontier: number[] = [];
    for (const sq of game.cells) {
        const lines = game.lines(type, side, 0, sq);
        if (!lines) continue;
        for (const line of lines) {
            line.targets.forEach((to, j) => {
                if (line.stops[j] !== 1) return;
                const promotes = stated ? stated[to] === 1 : line.promotions !== null && line.promotions[j] !== 0;
                if (promotes && distance[sq] === 0) {
                    distance[sq] = 1;
                    frontier.push(sq);
                }
                if (line.move) next[to].push(sq);
            });
        }
    }
    // Backwards from the squares a promoting move starts from.
    for (let d = 2; frontier.length > 0; d++) {
        const later: number[] = [];
        for (const to of frontier) {
            for (const from of next[to]) {
                if (distance[from] !== 0) continue;
                distance[from] = d;
                later.push(from);
            }
        }
        frontier = later;
    }
    return distance;
}

/** Deterministic random numbers in [0, 1): the same values in every run. */
function xorshift(seed: number): () => number {
    let x = seed >>> 0 || 1;
    return () => {
        x ^= x << 13;
        x >>>= 0;
        x ^= x >>> 17;
        x ^= x << 5;
        x >>>= 0;
        return x / 4294967296;
    };
}
