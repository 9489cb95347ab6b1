/**
 * Moves as numbers, and lists of them without an object per move (perft makes millions).
 * A move is four numbers: from, to, flags (its kind in the low four bits, the type promoted to
 * above them: 0 for none) and aux (what the kind needs: the type dropped, the castling move's
 * index, the square an en passant capture empties, the index of a locust's captured squares).
 */

/** A move or a capture of a piece on the board (with its promotion, if any). */
export const NORMAL = 0;
/** A piece from hand onto an empty square: from is -1, aux the type. */
export const DROP = 1;
/** Castling: from and to are the king's, aux the castling move's index in the game. */
export const CASTLE = 2;
/** En passant: the capturing piece moves from/to, aux is the square of the piece it takes. */
export const EN_PASSANT = 3;
/** A pass: from and to are the same square (the royal piece's, else the side's first piece's). */
export const PASS = 4;
/** A capture without moving: the piece stays on from and takes the piece on to. */
export const IGUI = 5;
/** Capturing on the way: the piece goes from/to and takes the pieces on `extra[aux]` first. */
export const LOCUST = 6;

/** A list of moves: four numbers each in `data`. */
export class MoveList {
    data: Int32Array;
    length = 0;
    /** The squares locust moves capture on the way (LOCUST's aux indexes it). */
    readonly extra: number[][] = [];

    constructor(capacity = 256) {
        this.data = new Int32Array(capacity * 4);
    }

    clear(): void {
        this.length = 0;
        this.extra.length = 0;
    }

    push(from: number, to: number, flags: number, aux: number): void {
        if ((this.length + 1) * 4 > this.data.length) {
            const bigger = new Int32Array(this.data.length * 2);
            bigger.set(this.data);
            this.data = bigger;
        }
        const i = this.length++ * 4;
        this.data[i] = from;
        this.data[i + 1] = to;
        this.data[i + 2] = flags;
        this.data[i + 3] = aux;
    }

    from(i: number): number {
        return this.data[i * 4];
    }

    to(i: number): number {
        return this.data[i * 4 + 1];
    }

    kind(i: number): number {
        return this.data[i * 4 + 2] & 15;
    }

    promotion(i: number): number {
        return this.data[i * 4 + 2] >> 4;
    }

    aux(i: number): number {
        return this.data[i * 4 + 3];
    }

    /** Move i as a plain object. */
    move(i: number): Move {
        const move: Move = { from: this.from(i), to: this.to(i), kind: this.kind(i), promotion: this.promotion(i), aux: this.aux(i) };
        if (move.kind === LOCUST) move.captures = [...this.extra[move.aux]];
        return move;
    }
}

/** One move as an object (for callers outside the hot path). */
export interface Move {
    from: number;
    to: number;
    kind: number;
    /** The type promoted to; 0: none. */
    promotion: number;
    aux: number;
    /** LOCUST: the squares captured on the way, in order. */
    captures?: number[];
}
