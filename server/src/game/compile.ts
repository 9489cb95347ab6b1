/**
 * A game model made playable: its rules checked (each problem named by the field it is in), its
 * pieces compiled by the piece engine, and per piece, side, square and first-move state the
 * lines the engine lowers its plan to (engine/lines.ts), with the reverse index that says which
 * pieces could capture on a square (the attack test of check). Nothing here reads a piece's
 * definition: moves come from the engine's compiled plans only.
 *
 * Codes: a square holds 0 (empty) or `type << 1 | side` (side 0 White, 1 Black; types from 1,
 * in the order of the model's pieces).
 */
import type { Board, Rules, Side } from '../engine/board.js';
import { boardRules } from '../engine/rules.js';
import type { Resolver } from '../engine/plan.js';
import { evaluatePrepared, planUsesFirstMove, prepare, type Prepared } from '../engine/report.js';
import { LINE_NO_JUMP, LINE_NORMAL, LineTables, lowerToLines, occupantHolds, type Line } from '../engine/lines.js';
import { boardGeometry, boardProblem, geometryOf, type BoardGeometry } from '../geometry/index.js';
import { zoneSquares } from '../engine/rules.js';
import type { GameModel, Outcome } from './model.js';
import { FenError, readFen } from './fen.js';

/** A problem of a game model, named by the field it is in (`pieces[2].piece`, `castling[0].king.from`). */
export interface GameProblem {
    field: string;
    message: string;
}

/** A game model that cannot be played; `problems` says each reason and where. */
export class GameModelError extends Error {
    constructor(readonly problems: GameProblem[]) {
        super(problems.map((p) => `${p.field}: ${p.message}`).join('\n'));
    }
}

export interface PieceType {
    /** 1.. in the order of the model's pieces. */
    index: number;
    letter: string;
    key: string;
    prepared: Prepared;
    royal: boolean;
    /** Its plan asks `(first-move)`: its lines differ before and after its first move. */
    usesFirstMove: boolean;
    /** The type a captured piece of this type goes to hand as (the unpromoted form of `+p`: `p`). */
    demoted: number;
}

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
    /** Attack probes per (square, attacker side): square * 2 + side indexes `probeStart`. */
    readonly probeStart: Int32Array;
    readonly probeFrom: Int32Array;
    readonly probeCode: Int32Array;
    /** The first-move state the probe's line needs: 0 any, 1 the piece has moved, 2 it has not. */
    readonly probeFirst: Uint8Array;
    readonly probeLine: Line[];
    readonly probeIndex: Int32Array;
    /**
     * The probes of plain lines (leapers, riders, lame leapers, no-jump: only empty squares on
     * the way) per (square, attacker side), as a tree of paths walked outward from the square,
     * laid out in preorder: node n's square must hold an attacker listed at n, or be empty to go
     * on to its children (n + 1 ...); `trieSkip[n]` is the node after n's subtree. Roots of
     * (square * 2 + side) are `trieStart[i]..trieStart[i + 1]`.
     */
    readonly trieStart: Int32Array;
    readonly trieSquare: Int32Array;
    readonly trieSkip: Int32Array;
    /** Attackers accepted at node n: `trieCode/trieNeeds[trieAccept[n]..trieAccept[n + 1]]`. */
    readonly trieAccept: Int32Array;
    readonly trieCode: Int32Array;
    readonly trieNeeds: Uint8Array;
    /** The other probes (cannons, tests) per (square, side): indices into the probe arrays. */
    readonly otherStart: Int32Array;
    readonly otherProbe: Int32Array;
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

    constructor(readonly model: GameModel, readonly resolve: Resolver, compiled: Compiled) {
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
        for (let t = 1; t < count; t++) {
            const type = this.types[t];
            for (let side = 0; side < 2; side++) {
                for (let first = 0; first < (type.usesFirstMove ? 2 : 1); first++) {
                    for (const sq of this.cells) {
                        const lines = lowerToLines(type.prepared, {
                            board: this.board, side: SIDES[side], at: this.square(sq), firstMove: first === 1, rules: this.rules, tables: this.tables
                        });
                        if (!lines) anySlow = true;
                        this.entries[this.entryIndex(t, side, first, sq)] = lines ?? null;
                    }
                }
            }
        }
        this.anySlow = anySlow;
        this.truth = [this.truthTable(0), this.truthTable(1)];

        // Who could capture on each square: from the lines' capturing landings.
        const probes: { from: number; code: number; first: number; line: Line; index: number }[][] = Array.from({ length: this.size * 2 }, () => []);
        for (let t = 1; t < count; t++) {
            for (let side = 0; side < 2; side++) {
                for (let first = 0; first < (this.types[t].usesFirstMove ? 2 : 1); first++) {
                    for (const from of this.cells) {
                        for (const line of this.entries[this.entryIndex(t, side, first, from)] ?? []) {
                            if (!line.capture) continue;
                            line.targets.forEach((target, index) => {
                                // The first-move state it needs: 0 any, 1 having moved, 2 not yet.
                                const needs = this.types[t].usesFirstMove ? first + 1 : 0;
                                if (line.stops[index] === 1) probes[target * 2 + side].push({ from, code: t << 1 | side, first: needs, line, index });
                            });
                        }
                    }
                }
            }
        }
        const total = probes.reduce((sum, list) => sum + list.length, 0);
        this.probeStart = new Int32Array(this.size * 2 + 1);
        this.probeFrom = new Int32Array(total);
        this.probeCode = new Int32Array(total);
        this.probeFirst = new Uint8Array(total);
        this.probeIndex = new Int32Array(total);
        this.probeLine = new Array<Line>(total);
        let at = 0;
        probes.forEach((list, i) => {
            this.probeStart[i] = at;
            // Nearest first: a rider's near squares are where a piece most often stands.
            list.sort((a, b) => a.index - b.index);
            for (const p of list) {
                this.probeFrom[at] = p.from;
                this.probeCode[at] = p.code;
                this.probeFirst[at] = p.first;
                this.probeLine[at] = p.line;
                this.probeIndex[at] = p.index;
                at++;
            }
        });
        this.probeStart[this.size * 2] = at;
        const trie = buildAttackTrie(this);
        this.trieStart = trie.start;
        this.trieSquare = trie.square;
        this.trieSkip = trie.skip;
        this.trieAccept = trie.accept;
        this.trieCode = trie.code;
        this.trieNeeds = trie.needs;
        this.otherStart = trie.otherStart;
        this.otherProbe = trie.otherProbe;

        this.immobile = new Uint8Array(count * 2 * this.size);
        for (let t = 1; t < count; t++) {
            for (let side = 0; side < 2; side++) {
                for (const sq of this.cells) this.immobile[(t * 2 + side) * this.size + sq] = this.couldNeverMove(t, side, sq) ? 1 : 0;
            }
        }
        this.entryDirect = new Uint8Array(this.entries.length);

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

    private directEntry(type: number, side: number, lines: Line[] | null): boolean {
        if (!lines || this.promotionZones[type]) return false;
        const seen = new Set<number>();
        for (const line of lines) {
            if (line.promotions !== null) return false;
            for (const t of line.targets) {
                if (seen.has(t)) return false;
                seen.add(t);
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
    private readonly otherRelevant: (Uint8Array | undefined)[] = [];

    /**
     * The squares whose contents decide whether a cannon or test line of `by` attacks `square`
     * (each such probe's start and every square its line reads up to the square), and where royal
     * pieces may not face each other, the square's file and rank: a move that leaves them all
     * alone and passes no pin (attacks.ts scanRoyal) does not change whether the square is attacked.
     */
    otherRelevance(square: number, by: number): Uint8Array {
        const i = square * 2 + by;
        let mask = this.otherRelevant[i];
        if (!mask) {
            mask = new Uint8Array(this.size);
            for (let k = this.otherStart[i]; k < this.otherStart[i + 1]; k++) this.markProbe(mask, this.otherProbe[k]);
            if (this.facing) this.markLines(mask, square);
            this.otherRelevant[i] = mask;
        }
        return mask;
    }

    private markProbe(mask: Uint8Array, p: number): void {
        const line = this.probeLine[p];
        const index = this.probeIndex[p];
        mask[this.probeFrom[p]] = 1;
        for (const sq of line.clear) mask[sq] = 1;
        for (let j = 0; j < index; j++) mask[line.targets[j]] = 1;
        if (line.inner) for (let k = 0; k < line.innerAt![index + 1]; k++) mask[line.inner[k]] = 1;
    }

    /** The square's file and rank. */
    private markLines(mask: Uint8Array, square: number): void {
        for (const sq of this.cells) if (sq % this.files === square % this.files || Math.floor(sq / this.files) === Math.floor(square / this.files)) mask[sq] = 1;
    }

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

interface TrieNode {
    square: number;
    children: Map<number, TrieNode>;
    accept: { code: number; needs: number }[];
}

/** The attack probes as trees of paths (Game.trieStart): plain lines' probes, the others kept as a list. */
function buildAttackTrie(game: Game): {
    start: Int32Array; square: Int32Array; skip: Int32Array; accept: Int32Array; code: Int32Array; needs: Uint8Array; otherStart: Int32Array; otherProbe: Int32Array;
} {
    const squares: number[] = [];
    const skips: number[] = [];
    const accepts: number[] = [];
    const codes: number[] = [];
    const needs: number[] = [];
    const start = new Int32Array(game.size * 2 + 1);
    const otherStart = new Int32Array(game.size * 2 + 1);
    const other: number[] = [];
    const emit = (node: TrieNode): void => {
        const index = squares.length;
        squares.push(node.square);
        skips.push(0);
        accepts.push(codes.length);
        for (const a of node.accept) {
            codes.push(a.code);
            needs.push(a.needs);
        }
        for (const child of node.children.values()) emit(child);
        skips[index] = squares.length;
    };
    for (let i = 0; i < game.size * 2; i++) {
        const root: TrieNode = { square: -1, children: new Map(), accept: [] };
        otherStart[i] = other.length;
        for (let p = game.probeStart[i]; p < game.probeStart[i + 1]; p++) {
            const line = game.probeLine[p];
            const index = game.probeIndex[p];
            const plain = (line.mode === LINE_NORMAL || line.mode === LINE_NO_JUMP) && line.tests === null
                && (line.innerTests === null || line.innerTests.every((t) => t === 0));
            if (!plain) {
                other.push(p);
                continue;
            }
            // Outward from the square: the landings before it (nearest first), the squares inside the leaps (no-jump), the squares to clear, the piece.
            const path: number[] = [];
            for (let j = index - 1; j >= 0; j--) path.push(line.targets[j]);
            if (line.mode === LINE_NO_JUMP && line.inner) for (let k = line.innerAt![index + 1] - 1; k >= 0; k--) path.push(line.inner[k]);
            for (const sq of line.clear) path.push(sq);
            path.push(game.probeFrom[p]);
            let node = root;
            for (const sq of path) {
                let child = node.children.get(sq);
                if (!child) node.children.set(sq, child = { square: sq, children: new Map(), accept: [] });
                node = child;
            }
            if (!node.accept.some((a) => a.code === game.probeCode[p] && a.needs === game.probeFirst[p])) {
                node.accept.push({ code: game.probeCode[p], needs: game.probeFirst[p] });
            }
        }
        start[i] = squares.length;
        for (const child of root.children.values()) emit(child);
    }
    start[game.size * 2] = squares.length;
    otherStart[game.size * 2] = other.length;
    accepts.push(codes.length);
    return {
        start, square: Int32Array.from(squares), skip: Int32Array.from(skips), accept: Int32Array.from(accepts),
        code: Int32Array.from(codes), needs: Uint8Array.from(needs), otherStart, otherProbe: Int32Array.from(other)
    };
}

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

export interface CompiledResults {
    checkmate: Outcome | undefined;
    stalemate: Outcome;
    extinction: { types: Uint8Array; outcome: Outcome } | undefined;
    bareKing: Outcome | undefined;
    flag: { types: Uint8Array; masks: [Uint8Array, Uint8Array] } | undefined;
    repetition: { count: number; outcome: Outcome; forWhite: boolean; perpetualCheck: boolean } | undefined;
    moveRule: { plies: number; outcome: Outcome } | undefined;
    doublePass: boolean;
    material: { values: Float64Array; blackBonus: number } | undefined;
}

function compileResults(model: GameModel, typeOf: (letter: string) => number, zone: (items: string[], side: number) => Set<number>, game: Game): CompiledResults {
    const r = model.results;
    const count = game.types.length;
    const mask = (letters: string[]) => {
        const m = new Uint8Array(count);
        for (const l of letters) m[typeOf(l)] = 1;
        return m;
    };
    let flag: CompiledResults['flag'];
    if (r.flag) {
        const masks: [Uint8Array, Uint8Array] = [new Uint8Array(game.size), new Uint8Array(game.size)];
        for (let side = 0; side < 2; side++) for (const sq of zone(r.flag.zone, side)) masks[side][sq] = 1;
        flag = { types: mask(r.flag.pieces), masks };
    }
    let material: CompiledResults['material'];
    if (r.material) {
        const values = new Float64Array(count);
        for (const [letter, value] of Object.entries(r.material.values)) values[typeOf(letter)] = value;
        material = { values, blackBonus: r.material.blackBonus };
    }
    return {
        checkmate: r.checkmate,
        stalemate: r.stalemate,
        extinction: r.extinction ? { types: mask(r.extinction.pieces), outcome: r.extinction.outcome } : undefined,
        bareKing: r.bareKing,
        flag,
        repetition: r.repetition ? { count: r.repetition.count, outcome: r.repetition.outcome, forWhite: r.repetition.forWhite ?? false, perpetualCheck: r.repetition.perpetualCheck ?? false } : undefined,
        moveRule: r.moveRule ? { plies: r.moveRule.moves * 2, outcome: r.moveRule.outcome } : undefined,
        doublePass: r.doublePass ?? false,
        material
    };
}

/** What checking the model gives the Game: the board's rules and the piece types. */
export interface Compiled {
    rules: Rules;
    types: PieceType[];
}

/** Letters as FEN writes them: one lower-case letter, or `+` and one. */
const LETTER = /^\+?[a-z]$/;

/**
 * Checks `model` and makes it playable, resolving piece and zone names with `resolve`. Throws a
 * GameModelError listing every problem found, each with the field it is in.
 */
export function compileGame(model: GameModel, resolve: Resolver): Game {
    const problems: GameProblem[] = [];
    const add = (field: string, message: string): void => {
        problems.push({ field, message });
    };
    const boardText = boardProblem({ files: model.board.files, ranks: model.board.ranks, ...(model.board.shape ? { shape: model.board.shape } : {}) });
    if (boardText) throw new GameModelError([{ field: 'board', message: boardText }]);
    const built = boardRules(model.board, resolve);
    for (const p of built.problems) add('board', p.message);
    const rules = built.rules;
    const lattice = geometryOf(rules.board);

    // Pieces.
    const types: PieceType[] = [{ index: 0, letter: '', key: '', prepared: { plan: { kind: 'none' }, problems: [] }, royal: false, usesFirstMove: false, demoted: 0 }];
    const letters = new Map<string, number>();
    const keys = new Map<string, string>();
    if (model.pieces.length === 0) add('pieces', 'a game needs pieces: none are listed');
    if (model.pieces.length > 60) add('pieces', `a game has at most 60 kinds of piece, not ${model.pieces.length}`);
    model.pieces.forEach((piece, i): void => {
        const field = `pieces[${i}]`;
        if (!LETTER.test(piece.letter)) return add(`${field}.letter`, `'${piece.letter}' is not a piece letter: write one lower-case letter (k), or + and one for a promoted piece (+p)`);
        if (letters.has(piece.letter)) return add(`${field}.letter`, `the letter '${piece.letter}' stands for two pieces: ${keys.get(piece.letter)} and ${piece.piece}`);
        const def = resolve(piece.piece);
        if (!def) return add(`${field}.piece`, `no piece named '${piece.piece}' is defined`);
        if (!def.body) return add(`${field}.piece`, def.declaration ? `'${piece.piece}' is a ${def.declaration.kind}, not a piece` : `'${piece.piece}' has no movement`);
        const prepared = prepare(def, resolve, lattice);
        // Every problem the engine notes (an informal part, an unknown name, a limit) leaves some move undecided.
        if (prepared.problems.length > 0) {
            return add(`${field}.piece`, `'${piece.piece}' cannot be played: lcpn cannot decide all its moves (${prepared.problems.map((p) => p.message).join('; ')})`);
        }
        letters.set(piece.letter, types.length);
        keys.set(piece.letter, piece.piece);
        types.push({ index: types.length, letter: piece.letter, key: def.key, prepared, royal: false, usesFirstMove: planUsesFirstMove(prepared.plan), demoted: types.length });
    });
    for (const type of types) if (type.letter.startsWith('+') && letters.has(type.letter.slice(1))) type.demoted = letters.get(type.letter.slice(1))!;
    const known = (field: string, letters_: readonly string[] | undefined) => {
        (letters_ ?? []).forEach((letter, i) => {
            if (!letters.has(letter)) add(`${field}[${i}]`, `'${letter}' is not a letter of this game's pieces (${[...letters.keys()].join(' ')})`);
        });
    };
    const geometry = boardGeometry(rules.board);
    const square = (field: string, name: string) => {
        const sq = geometry.parse(name);
        if (!sq) add(field, `'${name}' is not a square of ${geometry.label}`);
        return sq;
    };
    const squares = (field: string, names: readonly string[]) => names.forEach((n, i) => square(`${field}[${i}]`, n));
    /** Zone items: squares or rectangles (`a2-h7`), read as the board's zones are. */
    const zone = (field: string, items: readonly string[]) => {
        for (const p of zoneSquares(items, rules.board).problems) add(`${field}[${p.index}]`, p.message);
    };

    // Royalty and results.
    const royalty = model.royalty;
    if (royalty) {
        known('royalty.pieces', royalty.pieces);
        if (royalty.pieces.length === 0) add('royalty.pieces', 'royalty names no piece');
        for (const letter of royalty.pieces) if (letters.has(letter)) types[letters.get(letter)!].royal = true;
    }
    const results = model.results;
    if (results.checkmate !== undefined && royalty?.rule !== 'check') {
        add('results.checkmate', 'the game ends by checkmate, but no piece is royal under the check rule: say which pieces are royal (royalty) or drop the checkmate rule');
    }
    if (royalty?.rule === 'check' && results.checkmate === undefined) add('results.checkmate', 'royal pieces under the check rule need a checkmate outcome');
    if (royalty?.facing && royalty.rule !== 'check') add('royalty.facing', 'facing royal pieces is a rule of check: it needs royalty under the check rule');
    known('results.extinction.pieces', results.extinction?.pieces);
    known('results.flag.pieces', results.flag?.pieces);
    if (results.flag) zone('results.flag.zone', results.flag.zone);
    known('irreversible', model.irreversible);
    if (results.repetition && !(Number.isInteger(results.repetition.count) && results.repetition.count >= 2)) {
        add('results.repetition.count', `a position repeats at least twice: ${results.repetition.count} is not a count`);
    }
    if (results.moveRule && !(Number.isInteger(results.moveRule.moves) && results.moveRule.moves >= 1)) {
        add('results.moveRule.moves', `the move rule counts a whole number of moves, not ${results.moveRule.moves}`);
    }
    Object.keys(results.material?.values ?? {}).forEach((letter) => {
        if (!letters.has(letter)) add(`results.material.values.${letter}`, `'${letter}' is not a letter of this game's pieces`);
    });
    if (results.doublePass && !model.pass) add('results.doublePass', 'two passes end the game, but the game has no pass');
    if (royalty?.facing && !geometry.geometry.namesAreSquares) add('royalty.facing', `royal pieces face each other on files and ranks, which ${geometry.label} does not have`);

    // Castling.
    (model.castling ?? []).forEach((rule, i) => {
        const field = `castling[${i}]`;
        if (!/^[KQkq]$/.test(rule.right) || (rule.side === 'white') !== (rule.right === rule.right.toUpperCase())) {
            add(`${field}.right`, `'${rule.right}' is not a castling right of ${rule.side}: write K or Q for White, k or q for Black`);
        }
        square(`${field}.king.from`, rule.king.from);
        square(`${field}.king.to`, rule.king.to);
        square(`${field}.partner.from`, rule.partner.from);
        square(`${field}.partner.to`, rule.partner.to);
        known(`${field}.kingPieces`, rule.kingPieces);
        known(`${field}.partnerPieces`, rule.partnerPieces);
        squares(`${field}.empty`, rule.empty);
        squares(`${field}.safe`, rule.safe);
        if ((model.castling ?? []).findIndex((r) => r.right === rule.right) !== i) add(`${field}.right`, `two castling moves use the right '${rule.right}'`);
    });
    if ((model.castling ?? []).length > 30) add('castling', 'at most 30 castling moves');
    known('enPassant.pieces', model.enPassant?.pieces);
    known('enPassant.capturers', model.enPassant?.capturers);

    // Promotion and drops.
    for (const [letter, rule] of Object.entries(model.promotion?.pieces ?? {})) {
        const field = `promotion.pieces.${letter}`;
        if (!letters.has(letter)) add(field, `'${letter}' is not a letter of this game's pieces`);
        known(`${field}.choices`, rule.choices);
        if (rule.choices.length === 0) add(`${field}.choices`, 'a promotion needs at least one piece to promote to');
        if (Array.isArray(rule.zone)) zone(`${field}.zone`, rule.zone);
    }
    for (const [letter, items] of Object.entries(model.drops?.zones ?? {})) {
        if (!letters.has(letter)) add(`drops.zones.${letter}`, `'${letter}' is not a letter of this game's pieces`);
        zone(`drops.zones.${letter}`, items);
    }
    known('drops.noDoubledOnFile', model.drops?.noDoubledOnFile);
    known('drops.dropMate.pieces', model.drops?.dropMate?.pieces);
    if (model.drops && !model.drops.capturesToHand && !/\[/.test(model.start)) add('drops', 'drops need pieces in hand: captures going to hand, or holdings in the start position');

    // Promotions named by the pieces' definitions must be pieces of the game.
    if (problems.length === 0) {
        const stated = new Set(Object.keys(model.promotion?.pieces ?? {}));
        types.forEach((type, t) => {
            if (t === 0 || stated.has(type.letter)) return;
            for (const key of promotionKeys(type.prepared.plan)) {
                if (!types.some((other) => other.key === key)) {
                    add(`pieces[${t - 1}].piece`, `${type.key} promotes to '${key}', which is not a piece of this game: add it to the pieces, or state the promotion (promotion.pieces.${type.letter})`);
                }
            }
        });
    }
    if (problems.length > 0) throw new GameModelError(problems);
    const game = new Game(model, resolve, { rules, types });
    try {
        const start = readFen(game, model.start);
        game.setStart(start.pieces, start.hand);
    } catch (error) {
        if (error instanceof FenError) throw new GameModelError([{ field: 'start', message: `${error.message} (at column ${error.column + 1})` }]);
        throw error;
    }
    return game;
}

/** The piece names a plan's `promote-to` parts name. */
function promotionKeys(plan: Prepared['plan'], into = new Set<string>()): Set<string> {
    switch (plan.kind) {
        case 'notes':
            for (const p of plan.promotions ?? []) into.add(p);
            promotionKeys(plan.base, into);
            break;
        case 'union': plan.parts.forEach((p) => promotionKeys(p, into)); break;
        case 'sequence': plan.legs.forEach((p) => promotionKeys(p, into)); break;
        case 'conditional':
            plan.branches.forEach((b) => promotionKeys(b.body, into));
            if (plan.otherwise) promotionKeys(plan.otherwise, into);
            break;
        default: break;
    }
    return into;
}
