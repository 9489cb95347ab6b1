/**
 * A position of a game: the board (a code per square, see compile.ts), which pieces have not
 * moved, the side to move, castling rights, en passant squares, hands, move counters and the
 * positions that led to it (for repetitions). `make` plays a move and `unmake` takes it back.
 */
import type { Game } from './game.js';
import { CASTLE, DROP, EN_PASSANT, IGUI, LOCUST, NORMAL, PASS } from './moves.js';
import { canTakeEnPassant, royalAttacked, royalsFace } from './attacks.js';

/** Numbers kept per move played, to take it back. */
const U = 27;

export class Position {
    readonly cells: Int16Array;
    /** A promoted piece of a drop game (FEN's `~`): the type it was promoted from, 0 for others. */
    readonly promotedFrom: Int8Array;
    /** 1 where the piece standing there has not moved since it was placed on one of its start squares. */
    readonly virgin: Uint8Array;
    /** 0 White, 1 Black. */
    side = 0;
    castling = 0;
    /** En passant squares (up to 4) and the square of the piece they capture. */
    readonly ep = new Int32Array(4);
    epCount = 0;
    epVictim = -1;
    /** Pieces in hand and on the board, per type * 2 + side. */
    readonly hand: Int16Array;
    readonly counts: Int16Array;
    /** Royal pieces per side, and the square of the one when there is exactly one (-1: not known yet). */
    readonly royalCount = new Int32Array(2);
    readonly royalSquare = new Int32Array(2);
    halfmove = 0;
    fullmove = 1;
    hashLo = 0;
    hashHi = 0;
    /** Moves played since the position was set up. */
    ply = 0;
    /** Per ply from the set-up, for repetitions and the game's end: hashes, the halfmove clock, check, passes, facing royals. */
    private historyLo = new Int32Array(64);
    private historyHi = new Int32Array(64);
    private historyHalfmove = new Int32Array(64);
    /** 1: the side to move was in check; 0: not; 2: not known (the game asks no rule that needs it). */
    private historyCheck = new Uint8Array(64);
    private historyPass = new Uint8Array(64);
    private historyFacing = new Uint8Array(64);
    private undo = new Int32Array(64 * U);
    private readonly locusts: number[][] = [];

    constructor(readonly game: Game) {
        this.cells = new Int16Array(game.size);
        this.promotedFrom = new Int8Array(game.size);
        this.virgin = new Uint8Array(game.size);
        this.hand = new Int16Array(game.stride);
        this.counts = new Int16Array(game.stride);
        this.royalSquare.fill(-1);
    }

    /** Puts a piece on an empty square (setting up a position; `make` has its own bookkeeping). */
    place(square: number, code: number, promotedFrom = 0): void {
        this.put(square, code);
        this.promotedFrom[square] = promotedFrom;
        this.virgin[square] = this.game.startSquare[code * this.game.size + square];
    }

    /** After setting up: the hash and the history's first entry. */
    settle(): void {
        let lo = 0;
        let hi = 0;
        const z = this.game.zobrist;
        for (const sq of this.game.cells) {
            const c = this.cells[sq];
            if (c === 0) continue;
            const k = (c * this.game.size + sq) * 2;
            lo ^= z[k];
            hi ^= z[k + 1];
        }
        this.hashLo = lo;
        this.hashHi = hi;
        for (let i = 0; i < this.hand.length; i++) this.toggleHand(i);
        if (this.side === 1) this.toggleSide();
        this.toggleCastling(this.castling);
        for (let i = 0; i < this.epCount; i++) this.toggleEp(this.ep[i]);
        this.ply = 0;
        this.recordState(0);
    }

    /** Records the position just reached (`pass`: by a pass), with what the rules of the game's end ask of it. */
    private recordState(pass: number): void {
        const game = this.game;
        // Check (perpetual check) and facing royals (bikjang), only where the game has those rules.
        const check = game.results.repetition?.perpetualCheck ? (royalAttacked(this, this.side) ? 1 : 0) : 2;
        this.record(check, pass, game.facing === 'bikjang' && royalsFace(this));
    }

    /** The square of each royal piece of `side`. */
    royalSquares(side: number): number[] {
        if (this.royalCount[side] === 1) return [this.royalOf(side)];
        if (this.royalCount[side] === 0) return [];
        const out: number[] = [];
        for (const sq of this.game.cells) {
            const c = this.cells[sq];
            if (c !== 0 && (c & 1) === side && this.game.types[c >> 1].royal) out.push(sq);
        }
        return out;
    }

    /** The square of the royal piece of `side` when it has exactly one. */
    royalOf(side: number): number {
        let sq = this.royalSquare[side];
        if (sq < 0) {
            for (const s of this.game.cells) {
                const c = this.cells[s];
                if (c !== 0 && (c & 1) === side && this.game.types[c >> 1].royal) sq = s;
            }
            this.royalSquare[side] = sq;
        }
        return sq;
    }

    // Board changes that keep the counts, the royal squares and the hash.

    private put(square: number, code: number): void {
        this.cells[square] = code;
        this.counts[code]++;
        if (this.game.types[code >> 1].royal) {
            const side = code & 1;
            this.royalSquare[side] = ++this.royalCount[side] === 1 ? square : -1;
        }
        const k = (code * this.game.size + square) * 2;
        this.hashLo ^= this.game.zobrist[k];
        this.hashHi ^= this.game.zobrist[k + 1];
    }

    private remove(square: number): number {
        const code = this.cells[square];
        this.cells[square] = 0;
        this.counts[code]--;
        if (this.game.types[code >> 1].royal) {
            const side = code & 1;
            this.royalCount[side]--;
            this.royalSquare[side] = -1;
        }
        const k = (code * this.game.size + square) * 2;
        this.hashLo ^= this.game.zobrist[k];
        this.hashHi ^= this.game.zobrist[k + 1];
        return code;
    }

    private toggleHand(index: number): void {
        const n = Math.min(this.hand[index], 63);
        if (n === 0) return;
        const k = (index * 64 + n) * 2;
        this.hashLo ^= this.game.zobristHand[k];
        this.hashHi ^= this.game.zobristHand[k + 1];
    }

    private addHand(index: number, delta: number): void {
        this.toggleHand(index);
        this.hand[index] += delta;
        this.toggleHand(index);
    }

    private toggleSide(): void {
        this.hashLo ^= 0x2a5c1f37;
        this.hashHi ^= 0x61e3b4d9;
    }

    private toggleCastling(bits: number): void {
        for (let b = 0; bits !== 0; b++, bits >>>= 1) {
            if ((bits & 1) === 0) continue;
            this.hashLo ^= this.game.zobristCastling[b * 2];
            this.hashHi ^= this.game.zobristCastling[b * 2 + 1];
        }
    }

    private toggleEp(square: number): void {
        this.hashLo ^= this.game.zobristEp[square * 2];
        this.hashHi ^= this.game.zobristEp[square * 2 + 1];
    }

    private record(check: number, pass: number, facing: boolean): void {
        const ply = this.ply;
        if (ply >= this.historyLo.length) this.grow();
        this.historyLo[ply] = this.hashLo;
        this.historyHi[ply] = this.hashHi;
        this.historyHalfmove[ply] = this.halfmove;
        this.historyCheck[ply] = check;
        this.historyPass[ply] = pass;
        this.historyFacing[ply] = facing ? 1 : 0;
    }

    private grow(): void {
        const n = this.historyLo.length * 2;
        const bigger = <T extends Int32Array | Uint8Array>(a: T, size: number): T => {
            const b = new (a.constructor as new (n: number) => T)(size);
            b.set(a);
            return b;
        };
        this.historyLo = bigger(this.historyLo, n);
        this.historyHi = bigger(this.historyHi, n);
        this.historyHalfmove = bigger(this.historyHalfmove, n);
        this.historyCheck = bigger(this.historyCheck, n);
        this.historyPass = bigger(this.historyPass, n);
        this.historyFacing = bigger(this.historyFacing, n);
        this.undo = bigger(this.undo, n * U);
    }

    /** The position at `ply` was reached by a pass. */
    passedAt(ply: number): boolean {
        return this.historyPass[ply] === 1;
    }

    /** In the position at `ply` the royal pieces faced each other (recorded only where the game has bikjang). */
    facingAt(ply: number): boolean {
        return this.historyFacing[ply] === 1;
    }

    /** Facts about the positions since the set-up, latest last (ply 0 is the set-up). */
    history(ply: number): { lo: number; hi: number; halfmove: number; check: number; pass: boolean; facing: boolean } {
        return {
            lo: this.historyLo[ply], hi: this.historyHi[ply], halfmove: this.historyHalfmove[ply],
            check: this.historyCheck[ply], pass: this.historyPass[ply] === 1, facing: this.historyFacing[ply] === 1
        };
    }

    /** Plays a move (as a MoveList holds it) for the side to move; `extra`: a locust's captured squares. */
    make(from: number, to: number, flags: number, aux: number, extra?: readonly number[]): void {
        const game = this.game;
        const u = this.ply * U;
        if (u + U > this.undo.length) this.grow();
        const undo = this.undo;
        const us = this.side;
        const kind = flags & 15;
        const promotion = flags >> 4;
        undo[u] = from;
        undo[u + 1] = to;
        undo[u + 2] = flags;
        undo[u + 3] = aux;
        undo[u + 4] = 0;
        undo[u + 5] = 0;
        undo[u + 6] = from >= 0 ? this.promotedFrom[from] : 0;
        undo[u + 7] = (from >= 0 ? this.virgin[from] : 0) | this.virgin[to] << 1;
        undo[u + 8] = this.castling;
        undo[u + 9] = this.epCount;
        for (let i = 0; i < 4; i++) undo[u + 10 + i] = this.ep[i];
        undo[u + 14] = this.epVictim;
        undo[u + 15] = this.halfmove;
        undo[u + 16] = this.hashLo;
        undo[u + 17] = this.hashHi;
        undo[u + 18] = this.royalSquare[0];
        undo[u + 19] = this.royalSquare[1];
        undo[u + 20] = this.royalCount[0];
        undo[u + 21] = this.royalCount[1];
        undo[u + 22] = this.fullmove;
        undo[u + 23] = -1;
        undo[u + 24] = 0;
        undo[u + 25] = 0;
        undo[u + 26] = from >= 0 ? this.cells[from] : 0;

        // En passant squares last one move.
        for (let i = 0; i < this.epCount; i++) this.toggleEp(this.ep[i]);
        this.epCount = 0;
        this.epVictim = -1;
        let reset = false;
        if (kind === DROP) {
            this.addHand(aux * 2 + us, -1);
            this.place(to, aux << 1 | us);
            reset = true;
        } else if (kind === PASS) {
            // Nothing moves.
        } else if (kind === CASTLE) {
            const c = game.castling[aux];
            const king = this.remove(c.kingFrom);
            const partner = this.remove(c.partnerFrom);
            const partnerPromoted = this.promotedFrom[c.partnerFrom];
            undo[u + 24] = partnerPromoted;
            undo[u + 25] = this.virgin[c.partnerFrom] | this.virgin[c.partnerTo] << 1 | this.virgin[c.kingTo] << 2;
            this.promotedFrom[c.kingFrom] = 0;
            this.promotedFrom[c.partnerFrom] = 0;
            this.virgin[c.kingFrom] = 0;
            this.virgin[c.partnerFrom] = 0;
            this.put(c.kingTo, king);
            this.put(c.partnerTo, partner);
            this.promotedFrom[c.partnerTo] = partnerPromoted;
            this.virgin[c.kingTo] = 0;
            this.virgin[c.partnerTo] = 0;
        } else {
            const moving = this.cells[from];
            const type = moving >> 1;
            // What is captured: on `to`, on the en passant square, or on the squares passed.
            const taken = kind === EN_PASSANT ? aux : kind === LOCUST ? -1 : to;
            if (taken >= 0 && this.cells[taken] !== 0) {
                undo[u + 23] = taken;
                undo[u + 4] = this.cells[taken];
                undo[u + 5] = this.promotedFrom[taken] | this.virgin[taken] << 8;
                this.capture(taken, us);
                reset = true;
            }
            if (kind === LOCUST) {
                const victims = extra!;
                const saved: number[] = [];
                for (const sq of victims) {
                    saved.push(sq, this.cells[sq], this.promotedFrom[sq], this.virgin[sq]);
                    if (this.cells[sq] !== 0) this.capture(sq, us);
                }
                this.locusts.push(saved);
                if (this.cells[to] !== 0) {
                    saved.push(to, this.cells[to], this.promotedFrom[to], this.virgin[to]);
                    this.capture(to, us);
                }
                reset = true;
            }
            if (kind !== IGUI) {
                this.remove(from);
                const promoted = this.promotedFrom[from];
                this.promotedFrom[from] = 0;
                this.virgin[from] = 0;
                if (promotion !== 0) {
                    this.put(to, promotion << 1 | us);
                    // A promotion by choice (not to the piece's own `+` form) is remembered: captured, it goes back to hand as what it was.
                    this.promotedFrom[to] = game.types[promotion].demoted === promotion ? type : 0;
                } else {
                    this.put(to, moving);
                    this.promotedFrom[to] = promoted;
                }
                this.virgin[to] = 0;
                if (game.epCreators[type] === 1 && kind === NORMAL && undo[u + 4] === 0) this.passed(from, to, us);
            } else {
                this.virgin[from] = 0;
            }
            // Promotions, and moves of the game's irreversible pieces that cannot be taken back, reset the clock.
            if (promotion !== 0 || (game.irreversible[type] === 1 && kind !== IGUI && game.cannotReturn(type, us, from, to))) reset = true;
        }
        if (this.castling !== 0) {
            // A right goes when its king or partner leaves its square or is captured there.
            let touched = game.castlingMask[to] | (from >= 0 ? game.castlingMask[from] : 0) | (kind === EN_PASSANT ? game.castlingMask[aux] : 0);
            if (kind === LOCUST) for (const sq of extra!) touched |= game.castlingMask[sq];
            const bits = this.castling & touched;
            if (bits !== 0) {
                this.toggleCastling(bits);
                this.castling &= ~bits;
            }
        }
        this.halfmove = reset ? 0 : this.halfmove + 1;
        if (us === 1) this.fullmove++;
        this.side = us ^ 1;
        this.toggleSide();
        this.ply++;
        this.recordState(kind === PASS ? 1 : 0);
    }

    /** Removes the piece on `square`, captured by `by`: to `by`'s hand as what it was before promotion, in a drop game. */
    private capture(square: number, by: number): void {
        const from = this.promotedFrom[square];
        const code = this.remove(square);
        this.promotedFrom[square] = 0;
        this.virgin[square] = 0;
        if (this.game.capturesToHand) this.addHand((from !== 0 ? from : this.game.types[code >> 1].demoted) * 2 + by, 1);
    }

    /** After a creator's quiet move along a line: the squares it passed, where an enemy could take it en passant. */
    private passed(from: number, to: number, us: number): void {
        const squares = this.game.passedSquares(from, to);
        if (squares.length === 0) return;
        const them = us ^ 1;
        for (const sq of squares) {
            if (this.epCount < 4 && this.cells[sq] === 0 && canTakeEnPassant(this, sq, to, them)) {
                this.ep[this.epCount++] = sq;
                this.toggleEp(sq);
            }
        }
        if (this.epCount > 0) this.epVictim = to;
    }

    /** The last move played (from, to, kind, promotion, aux), or undefined at the set-up. */
    lastMove(): { from: number; to: number; kind: number; promotion: number; aux: number } | undefined {
        if (this.ply === 0) return undefined;
        const u = (this.ply - 1) * U;
        const flags = this.undo[u + 2];
        return { from: this.undo[u], to: this.undo[u + 1], kind: flags & 15, promotion: flags >> 4, aux: this.undo[u + 3] };
    }

    /** Takes back the last move. */
    unmake(): void {
        this.ply--;
        const u = this.ply * U;
        const undo = this.undo;
        const from = undo[u];
        const to = undo[u + 1];
        const flags = undo[u + 2];
        const aux = undo[u + 3];
        const kind = flags & 15;
        this.side ^= 1;
        const us = this.side;
        const cells = this.cells;
        const counts = this.counts;
        if (kind === DROP) {
            counts[cells[to]]--;
            cells[to] = 0;
            this.virgin[to] = 0;
            this.hand[aux * 2 + us]++;
        } else if (kind === CASTLE) {
            const c = this.game.castling[aux];
            const king = cells[c.kingTo];
            const partner = cells[c.partnerTo];
            cells[c.kingTo] = 0;
            cells[c.partnerTo] = 0;
            this.promotedFrom[c.partnerTo] = 0;
            const v = undo[u + 25];
            this.virgin[c.partnerTo] = v >> 1 & 1;
            this.virgin[c.kingTo] = v >> 2 & 1;
            cells[c.kingFrom] = king;
            cells[c.partnerFrom] = partner;
            this.promotedFrom[c.kingFrom] = undo[u + 6];
            this.promotedFrom[c.partnerFrom] = undo[u + 24];
            this.virgin[c.kingFrom] = undo[u + 7] & 1;
            this.virgin[c.partnerFrom] = v & 1;
        } else if (kind !== PASS) {
            if (kind !== IGUI) {
                const now = cells[to];
                counts[now]--;
                const moving = undo[u + 26];
                counts[moving]++;
                cells[to] = 0;
                cells[from] = moving;
                this.promotedFrom[to] = 0;
                this.promotedFrom[from] = undo[u + 6];
                this.virgin[to] = undo[u + 7] >> 1 & 1;
            }
            this.virgin[from] = undo[u + 7] & 1;
            const taken = undo[u + 23];
            if (taken >= 0) {
                const code = undo[u + 4];
                cells[taken] = code;
                counts[code]++;
                this.promotedFrom[taken] = undo[u + 5] & 0xff;
                this.virgin[taken] = undo[u + 5] >> 8;
                if (this.game.capturesToHand) this.unhand(code, undo[u + 5] & 0xff, us);
            }
            if (kind === LOCUST) {
                const saved = this.locusts.pop()!;
                for (let i = saved.length - 4; i >= 0; i -= 4) {
                    const sq = saved[i];
                    const code = saved[i + 1];
                    if (code === 0) continue;
                    cells[sq] = code;
                    counts[code]++;
                    this.promotedFrom[sq] = saved[i + 2];
                    this.virgin[sq] = saved[i + 3];
                    if (this.game.capturesToHand) this.unhand(code, saved[i + 2], us);
                }
            }
        }
        this.castling = undo[u + 8];
        this.epCount = undo[u + 9];
        for (let i = 0; i < 4; i++) this.ep[i] = undo[u + 10 + i];
        this.epVictim = undo[u + 14];
        this.halfmove = undo[u + 15];
        this.hashLo = undo[u + 16];
        this.hashHi = undo[u + 17];
        this.royalSquare[0] = undo[u + 18];
        this.royalSquare[1] = undo[u + 19];
        this.royalCount[0] = undo[u + 20];
        this.royalCount[1] = undo[u + 21];
        this.fullmove = undo[u + 22];
    }

    private unhand(code: number, promotedFrom: number, by: number): void {
        const type = promotedFrom !== 0 ? promotedFrom : this.game.types[code >> 1].demoted;
        this.hand[type * 2 + by]--;
    }
}
