/**
 * The transposition table: what the search learnt about a position, by its hash (the game
 * layer's 64-bit Zobrist hash, two 32-bit halves), in typed arrays: one slot per index, the
 * deeper (or newer) entry kept. Mate scores are stored relative to the position (plies to mate
 * from there), not to the root.
 */
import { MATE_BOUND } from './score.js';

export const EXACT = 1;
export const LOWER = 2;
export const UPPER = 3;

export class TranspositionTable {
    private readonly mask: number;
    private readonly lo: Int32Array;
    private readonly hi: Int32Array;
    private readonly moves: Float64Array;
    private readonly scores: Int32Array;
    private readonly depths: Int16Array;
    private readonly bounds: Uint8Array;
    private readonly ages: Uint8Array;
    private age = 0;

    /** `bits`: 2^bits entries (18: 262,144 entries, about 6 MB). */
    constructor(bits = 18) {
        const size = 1 << bits;
        this.mask = size - 1;
        this.lo = new Int32Array(size);
        this.hi = new Int32Array(size);
        this.moves = new Float64Array(size);
        this.scores = new Int32Array(size);
        this.depths = new Int16Array(size);
        this.bounds = new Uint8Array(size);
        this.ages = new Uint8Array(size);
    }

    /** A new search: older entries give way to its entries. */
    nextSearch(): void {
        this.age = (this.age + 1) & 255;
    }

    /** The slot holding the position, or -1. */
    probe(lo: number, hi: number): number {
        const i = lo & this.mask;
        return this.bounds[i] !== 0 && this.lo[i] === lo && this.hi[i] === hi ? i : -1;
    }

    move(slot: number): number {
        return this.moves[slot];
    }

    depth(slot: number): number {
        return this.depths[slot];
    }

    bound(slot: number): number {
        return this.bounds[slot];
    }

    /** The stored score as seen `ply` plies from the root. */
    score(slot: number, ply: number): number {
        const s = this.scores[slot];
        return s > MATE_BOUND ? s - ply : s < -MATE_BOUND ? s + ply : s;
    }

    store(lo: number, hi: number, depth: number, ply: number, score: number, bound: number, move: number): void {
        const i = lo & this.mask;
        const same = this.lo[i] === lo && this.hi[i] === hi;
        if (!same && this.bounds[i] !== 0 && this.ages[i] === this.age && this.depths[i] > depth) return;
        this.lo[i] = lo;
        this.hi[i] = hi;
        // Keep a known best move when this visit found none.
        if (move !== 0 || !same) this.moves[i] = move;
        this.scores[i] = score > MATE_BOUND ? score + ply : score < -MATE_BOUND ? score - ply : score;
        this.depths[i] = depth;
        this.bounds[i] = bound;
        this.ages[i] = this.age;
    }
}
