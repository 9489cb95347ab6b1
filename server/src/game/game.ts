/**
 * A game model made playable: checked (check.ts), and per piece, side, square and first-move
 * state the lines the engine lowers its compiled plan to (engine/lower-lines.ts), with the
 * reverse index of who could capture where (attack-index.ts) and the tables of the rules
 * (promotion, castling, en passant, drops, results, hash keys). Nothing here reads a piece's
 * definition: moves come from the engine's compiled plans only.
 *
 * Codes: a square holds 0 (empty) or `type << 1 | side` (side 0 White, 1 Black; types from 1,
 * in the order of the model's pieces).
 */
import type { Rules, Side } from '../engine/board.js';
import type { Resolver } from '../engine/plan.js';
import { evaluatePrepared } from '../engine/report.js';
import { LineTables, occupantHolds, type Line } from '../engine/lines.js';
import { LowerShared, lowerToLines } from '../engine/lower-lines.js';
import { type Board, boardGeometry, type BoardGeometry } from '../geometry/index.js';
import { zoneSquares } from '../engine/rules.js';
import type { GameModel } from './model.js';
import { compileResults, type CompiledResults } from './result-rules.js';
import { FenError, readFen } from './fen.js';
import { AttackIndex } from './attack-index.js';
import { checkModel, GameModelError, promotionKeys, type Compiled, type PieceType } from './check.js';

export interface CastlingMove {
    side: number;
    right: string;
    /** Its bit in the castling rights. */
    bit: number;
    kingFrom: number;
    kingTo: number;
    partnerFrom: number;
    partnerTo: number;
    kingTypes: Set<number>;
    partnerTypes: Set<number>;
    empty: Int32Array;
    safe: Int32Array;
}

export interface DropZone {
    /** Per side, per square: 1 where the type may be dropped. */
    masks: [Uint8Array, Uint8Array];
}

/** Per (type, side, first move) the lines from each square, or null where the piece is evaluated in each position. */
type Entries = (Line[] | null)[];

export class Game {
    readonly name: string;
    readonly board: Board;
    readonly rules: Rules;
    readonly geometry: BoardGeometry;
    readonly files: number;
    readonly ranks: number;
    readonly size: number;
    /** The board's cells (square indices), in reading order from a1. */
    readonly cells: Int32Array;
    readonly isCell: Uint8Array;
    readonly types: PieceType[] = [];
    /** Codes per square are below this: `(types + 1) * 2`. */
    readonly stride: number;
    readonly tables = new LineTables();
    /** Per mover side: `truth[test * stride + code]`. */
    readonly truth: [Uint8Array, Uint8Array];
    private readonly entries: Entries;
    /**
     * Per entry: 1 when its lines never promote, never reach a square twice and never end where
     * the piece could not move again under an immobility rule: each landing is a move as it is
     * (movegen's direct path).
     */
    readonly entryDirect: Uint8Array;
    /** Some piece somewhere is evaluated in each position (a plan lines cannot say). */
    readonly anySlow: boolean;
    /** Which pieces could capture on each square: the attack probes, their trees of paths (attack-index.ts). */
    readonly attacks: AttackIndex;
    /** Per (type * 2 + side) * size + square: the piece could never move from there (on an empty board, having moved). */
    readonly immobile: Uint8Array;
    /** Promotion choices per (type, promotion number of the lines): an index into `choiceSets`, 0: none. */
    private readonly promotionChoice = new Map<number, number>();
    readonly choiceSets: number[][] = [[]];
    /** Per type: the game's own promotion zone (per side, per square) and its choices, when the model states one. */
    readonly promotionZones: ({ masks: [Uint8Array, Uint8Array]; choices: number } | undefined)[] = [];
    readonly promotionMandatory: boolean;
    readonly promotionToLost: boolean;
    readonly immobilityIllegal: boolean;
    readonly castling: CastlingMove[] = [];
    /** Per square: the castling rights lost when a move starts or ends there. */
    readonly castlingMask: Int32Array;
    /** Per type: its moves that cannot be taken back reset the halfmove clock. */
    readonly irreversible: Uint8Array;
    readonly epCreators: Uint8Array;
    readonly epCapturers: Uint8Array;
    readonly hasEnPassant: boolean;
    readonly capturesToHand: boolean;
    readonly drops: boolean;
    readonly dropZones: (DropZone | undefined)[] = [];
    readonly noDoubled: Uint8Array;
    readonly dropMate: { types: Uint8Array; rule: 'illegal' | 'loses' } | undefined;
    readonly royalRule: 'check' | 'capture' | undefined;
    readonly facing: 'never' | 'bikjang' | undefined;
    readonly pass: boolean;
    readonly results: CompiledResults;
    /** The type a `~` piece of FEN (a promoted piece in a drop game) was promoted from: the first type that promotes by choice. */
    readonly promotionPawn: number;
    /** Per type * 2 + side: how many the start position has, on the board and in hand (grand chess's promotion limits). */
    readonly startCounts: Int16Array;
    /** Per (type * 2 + side) * size + square: a piece of that kind starts there (it has not moved while it stands there). */
    readonly startSquare: Uint8Array;
    /** Random keys for the position's hash (repetitions): per code and square, side to move, castling bits, en passant squares, hand counts. */
    readonly zobrist: Int32Array;
    readonly zobristHand: Int32Array;
    readonly zobristCastling: Int32Array;
    readonly zobristEp: Int32Array;
    /** The largest count of one kind in one hand the hash tells apart. */
    static readonly HAND_KEYS = 64;

    constructor(readonly model: GameModel, readonly resolve: Resolver, compiled: Compiled, maxLandings = MAX_LANDINGS) {
        this.name = model.name;
        this.board = compiled.rules.board;
        this.rules = compiled.rules;
        this.geometry = boardGeometry(this.board);
        this.files = this.board.files;
        this.ranks = this.board.ranks;
        this.size = this.files * this.ranks;
        this.cells = Int32Array.from(this.geometry.cells, (c) => c.rank * this.files + c.file);
        this.isCell = new Uint8Array(this.size);
        for (const c of this.cells) this.isCell[c] = 1;
        this.types = compiled.types;
        const count = this.types.length;
        this.stride = count * 2;
        const typeOf = (letter: string) => this.types.findIndex((t) => t.letter === letter);

        // Lines for every piece, side, first-move state and square.
        const slots = count * 2 * 2;
        this.entries = new Array<Line[] | null>(slots * this.size).fill(null);
        let anySlow = false;
        let landings = 0;
        const shared = new LowerShared();
        for (let t = 1; t < count; t++) {
            const type = this.types[t];
            for (let side = 0; side < 2; side++) {
                for (let first = 0; first < (type.usesFirstMove ? 2 : 1); first++) {
                    for (const sq of this.cells) {
                        const lines = lowerToLines(type.prepared, {
                            board: this.board, side: SIDES[side], at: this.square(sq), firstMove: first === 1, rules: this.rules, tables: this.tables, shared
                        });
                        if (!lines) anySlow = true;
                        for (const line of lines ?? []) landings += line.targets.length;
                        if (landings > maxLandings) {
                            throw new GameModelError([{ field: 'board', message: `the pieces of ${model.name} reach more than ${maxLandings.toLocaleString('en')} squares from all the squares of ${this.geometry.label} together: more than lcpn plays; use a smaller board or fewer kinds of piece` }]);
                        }
                        this.entries[this.entryIndex(t, side, first, sq)] = lines ?? null;
                    }
                }
            }
        }
        this.anySlow = anySlow;
        this.truth = [this.truthTable(0), this.truthTable(1)];

        this.attacks = new AttackIndex(this, (t, side, first, sq) => this.entries[this.entryIndex(t, side, first, sq)]);

        this.immobile = new Uint8Array(count * 2 * this.size);
        for (let t = 1; t < count; t++) {
            for (let side = 0; side < 2; side++) {
                for (const sq of this.cells) this.immobile[(t * 2 + side) * this.size + sq] = this.couldNeverMove(t, side, sq) ? 1 : 0;
            }
        }
        this.entryDirect = new Uint8Array(this.entries.length);
        this.seen = new Int32Array(this.size);

        // Promotion.
        const promotion = model.promotion;
        this.promotionMandatory = promotion?.mandatory ?? false;
        this.promotionToLost = promotion?.toLostPieces ?? false;
        this.immobilityIllegal = model.immobilityIllegal ?? false;
        for (let t = 0; t < count; t++) this.promotionZones.push(undefined);
        for (const [letter, rule] of Object.entries(promotion?.pieces ?? {})) {
            const t = typeOf(letter);
            const choices = this.choiceSet(rule.choices.map(typeOf));
            if (rule.zone === undefined) continue;
            const masks: [Uint8Array, Uint8Array] = [new Uint8Array(this.size), new Uint8Array(this.size)];
            for (let side = 0; side < 2; side++) {
                const squares = rule.zone === 'stuck' ? undefined : this.zoneSquares(rule.zone, side);
                for (const sq of this.cells) {
                    masks[side][sq] = rule.zone === 'stuck' ? this.immobile[(t * 2 + side) * this.size + sq] : squares!.has(sq) ? 1 : 0;
                }
            }
            this.promotionZones[t] = { masks, choices };
        }
        for (const [id, keys] of this.tables.promotions.entries()) {
            if (id === 0) continue;
            for (let t = 1; t < count; t++) {
                const stated = promotion?.pieces?.[this.types[t].letter];
                const choices = stated ? stated.choices.map(typeOf) : keys.map((key) => this.types.findIndex((type) => type.key === key));
                this.promotionChoice.set(t * 65536 + id, this.choiceSet(choices));
            }
        }
        // The first piece that promotes by a choice other than its own promoted form (`+p`).
        const pawn = this.types.findIndex((type, t) => t > 0 && (promotion?.pieces?.[type.letter]?.choices
            ?? [...promotionKeys(type.prepared.plan)].map((key) => this.types.find((other) => other.key === key)?.letter ?? ''))
            .some((letter) => letter !== `+${type.letter}`));
        this.promotionPawn = Math.max(0, pawn);

        for (let t = 1; t < count; t++) {
            for (let side = 0; side < 2; side++) {
                for (let first = 0; first < 2; first++) {
                    for (const sq of this.cells) {
                        const index = this.entryIndex(t, side, first, sq);
                        this.entryDirect[index] = this.directEntry(t, side, this.entries[index]) ? 1 : 0;
                    }
                }
            }
        }

        // Castling.
        this.castlingMask = new Int32Array(this.size);
        (model.castling ?? []).forEach((rule, i) => {
            const sq = (name: string) => this.parseSquare(name)!;
            const move: CastlingMove = {
                side: rule.side === 'white' ? 0 : 1, right: rule.right, bit: 1 << i,
                kingFrom: sq(rule.king.from), kingTo: sq(rule.king.to), partnerFrom: sq(rule.partner.from), partnerTo: sq(rule.partner.to),
                kingTypes: new Set(rule.kingPieces.map(typeOf)), partnerTypes: new Set(rule.partnerPieces.map(typeOf)),
                empty: Int32Array.from(rule.empty.map(sq)), safe: Int32Array.from(rule.safe.map(sq))
            };
            this.castling.push(move);
            this.castlingMask[move.kingFrom] |= move.bit;
            this.castlingMask[move.partnerFrom] |= move.bit;
        });

        this.irreversible = new Uint8Array(count);
        for (const letter of model.irreversible ?? []) this.irreversible[typeOf(letter)] = 1;

        // En passant.
        this.epCreators = new Uint8Array(count);
        this.epCapturers = new Uint8Array(count);
        for (const letter of model.enPassant?.pieces ?? []) this.epCreators[typeOf(letter)] = 1;
        for (const letter of model.enPassant?.capturers ?? []) this.epCapturers[typeOf(letter)] = 1;
        this.hasEnPassant = model.enPassant !== undefined;

        // Drops.
        const drops = model.drops;
        this.capturesToHand = drops?.capturesToHand ?? false;
        this.drops = drops !== undefined;
        for (let t = 0; t < count; t++) this.dropZones.push(undefined);
        for (const [letter, zone] of Object.entries(drops?.zones ?? {})) {
            const t = typeOf(letter);
            const masks: [Uint8Array, Uint8Array] = [new Uint8Array(this.size), new Uint8Array(this.size)];
            for (let side = 0; side < 2; side++) for (const sq of this.zoneSquares(zone, side)) masks[side][sq] = 1;
            this.dropZones[t] = { masks };
        }
        this.noDoubled = new Uint8Array(count);
        for (const letter of drops?.noDoubledOnFile ?? []) this.noDoubled[typeOf(letter)] = 1;
        if (drops?.dropMate) {
            const types = new Uint8Array(count);
            for (const letter of drops.dropMate.pieces) types[typeOf(letter)] = 1;
            this.dropMate = { types, rule: drops.dropMate.rule };
        }

        this.royalRule = model.royalty?.rule;
        this.facing = model.royalty?.facing;
        this.pass = model.pass ?? false;
        this.results = compileResults(model, typeOf, (zone, side) => this.zoneSquares(zone, side), this);
        this.startCounts = new Int16Array(count * 2);
        this.startSquare = new Uint8Array(count * 2 * this.size);
        const rnd = random32(0x1c9d);
        const keys = (n: number) => Int32Array.from({ length: n * 2 }, rnd);
        this.zobrist = keys(this.stride * this.size);
        this.zobristHand = keys(this.stride * Game.HAND_KEYS);
        this.zobristCastling = keys(32);
        this.zobristEp = keys(this.size + 1);
    }

    /** Records the start position's pieces (FEN read against this game): where each kind starts, and how many. */
    setStart(pieces: readonly { code: number; square: number }[], hand: Int16Array): void {
        for (const p of pieces) {
            this.startCounts[p.code]++;
            this.startSquare[p.code * this.size + p.square] = 1;
        }
        for (let i = 0; i < hand.length; i++) this.startCounts[i] += hand[i];
    }

    /** Squares seen by directEntry, by stamp. */
    private seen = new Int32Array(0);
    private seenStamp = 0;

    private directEntry(type: number, side: number, lines: Line[] | null): boolean {
        if (!lines || this.promotionZones[type]) return false;
        const stamp = ++this.seenStamp;
        for (const line of lines) {
            if (line.promotions !== null) return false;
            for (const t of line.targets) {
                if (this.seen[t] === stamp) return false;
                this.seen[t] = stamp;
                if (this.immobilityIllegal && this.immobile[(type * 2 + side) * this.size + t] === 1) return false;
            }
        }
        return true;
    }

    /** The entry of a piece of `type` and `side` on `square` (before its first move when `first`): an index for `entryLines` and `entryDirect`. */
    entry(type: number, side: number, first: number, square: number): number {
        return this.entryIndex(type, side, this.types[type].usesFirstMove ? first : 0, square);
    }

    /** The lines of an entry, or null: the piece is evaluated in the position. */
    entryLines(index: number): Line[] | null {
        return this.entries[index];
    }

    entryIndex(type: number, side: number, first: number, square: number): number {
        return ((type * 2 + side) * 2 + first) * this.size + square;
    }

    /** The lines of a piece of `type` and `side` on `square` (before its first move when `first`), or null: evaluate it in the position. */
    lines(type: number, side: number, first: number, square: number): Line[] | null {
        return this.entries[this.entryIndex(type, side, this.types[type].usesFirstMove ? first : 0, square)];
    }

    private readonly passed = new Map<number, Int32Array>();
    /** The squares strictly between `from` and `to` on the straight line joining them (none for a knight's leap). */
    passedSquares(from: number, to: number): Int32Array {
        const key = from * this.size + to;
        let found = this.passed.get(key);
        if (!found) {
            const a = this.square(from);
            const b = this.square(to);
            const offsets = this.geometry.geometry.pathOffsets([b.file - a.file, b.rank - a.rank]);
            found = Int32Array.from(offsets.filter(([dx, dy]) => this.geometry.contains({ file: a.file + dx, rank: a.rank + dy }))
                .map(([dx, dy]) => (a.rank + dy) * this.files + a.file + dx));
            this.passed.set(key, found);
        }
        return found;
    }

    /** Whether a piece of `type` and `side` could not move back from `to` to `from` (on an empty board, having moved). */
    cannotReturn(type: number, side: number, from: number, to: number): boolean {
        const lines = this.entries[this.entryIndex(type, side, 0, to)];
        if (!lines) return true;
        return !lines.some((line) => line.targets.some((t, j) => t === from && line.stops[j] === 1 && line.move));
    }

    /** The promotion choices (types) of a landing with promotion number `id` of a piece of `type`: an index into `choiceSets`. */
    choicesOf(type: number, id: number): number {
        return this.promotionChoice.get(type * 65536 + id) ?? 0;
    }

    private choiceSet(types: number[]): number {
        const key = types.join(',');
        const found = this.choiceSets.findIndex((set) => set.join(',') === key);
        if (found >= 0) return found;
        this.choiceSets.push(types);
        return this.choiceSets.length - 1;
    }

    square(index: number): { file: number; rank: number } {
        return { file: index % this.files, rank: Math.floor(index / this.files) };
    }

    squareName(index: number): string {
        return this.geometry.name(this.square(index));
    }

    /** A cell's index from its name, or undefined when it names no cell of the board. */
    parseSquare(name: string): number | undefined {
        const sq = this.geometry.parse(name);
        return sq ? sq.rank * this.files + sq.file : undefined;
    }

    /** A zone written from White's side, as `side` sees it (turned half a turn for Black). */
    zoneSquares(items: readonly string[], side: number): Set<number> {
        const out = new Set<number>();
        for (const sq of zoneSquares(items, this.board).squares) {
            const seen = side === 0 ? sq : this.geometry.turn(sq);
            if (this.geometry.contains(seen)) out.add(seen.rank * this.files + seen.file);
        }
        return out;
    }

    private truthTable(side: number): Uint8Array {
        const tests = this.tables.tests;
        const truth = new Uint8Array(tests.length * this.stride);
        tests.forEach((test, id) => {
            for (let code = 0; code < this.stride; code++) {
                const occupant = code < 2 ? undefined : { friend: (code & 1) === side, piece: this.types[code >> 1].key };
                truth[id * this.stride + code] = occupantHolds(test, occupant) ? 1 : 0;
            }
        });
        return truth;
    }

    /** No line from `square` lands anywhere, whatever stands on the board (a piece that has moved). */
    private couldNeverMove(type: number, side: number, square: number): boolean {
        const lines = this.entries[this.entryIndex(type, side, 0, square)];
        if (lines) return !lines.some((line) => line.stops.some((s) => s === 1) && (line.move || line.capture));
        const result = evaluatePrepared(this.types[type].prepared, { board: this.board, at: this.square(square), side: SIDES[side], friends: [], enemies: [], rules: this.rules });
        return result.destinations.length === 0;
    }
}

const SIDES: Side[] = ['white', 'black'];

/**
 * The most landings (squares reached, summed over every kind, side, first-move state and square)
 * a game's lines may have: chess on 32x32 has about a million; past this the tables would take
 * gigabytes and seconds to build.
 */
export const MAX_LANDINGS = 4_000_000;

/** Deterministic 32-bit random numbers (mulberry32): the same hash keys in every run. */
function random32(seed: number): () => number {
    let a = seed;
    return () => {
        a = (a + 0x6d2b79f5) | 0;
        let t = Math.imul(a ^ (a >>> 15), 1 | a);
        t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
        return (t ^ (t >>> 14)) | 0;
    };
}

/**
 * Checks `model` and makes it playable, resolving piece and zone names with `resolve`. Throws a
 * GameModelError listing every problem found, each with the field it is in. `maxLandings`: a
 * lower ceiling than MAX_LANDINGS (tests).
 */
export function compileGame(model: GameModel, resolve: Resolver, options: { maxLandings?: number } = {}): Game {
    const game = new Game(model, resolve, checkModel(model, resolve), options.maxLandings);

    try {
        const start = readFen(game, model.start);
        game.setStart(start.pieces, start.hand);
    } catch (error) {
        if (error instanceof FenError) throw new GameModelError([{ field: 'start', message: `${error.message} (at column ${error.column + 1})` }]);
        throw error;
    }
    return game;
}

