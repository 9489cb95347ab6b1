/**
 * A variant as Fairy-Stockfish holds it after reading its section (after its `variant.h`, in our
 * own fields): the board, the pieces by type, and each rule. `applySection` reads a section's
 * entries into a variant the way Fairy-Stockfish's parser does, in its order: the board size,
 * then the piece keys in piece-type order (a letter taken by a later piece key leaves the earlier
 * piece out), then the other keys; sets of pieces are kept by type, so a piece that replaces the
 * pawn's letter is no pawn type. What does not read is reported, located in the value.
 *
 * Keys the game model has no field for are kept as written in `other` (import.ts says which of
 * them change how the game is played).
 */
import { FsfCodes } from './codes.js';
import { diagnostic, within, type FsfDiagnostic } from './diagnostics.js';
import type { IniEntry } from './ini.js';
import { keyInfo, nearestKeys, type KeyInfo, type ValueType } from './keys.js';
import { PIECE_KEY_ORDER, isCustom } from './piece-types.js';
import {
    ALL_SQUARES, rankSquares, readBool, readCastlingRights, readFile, readInt, readLetters, readPieceCounts, readPiecePairs,
    readRank, readSquares, readWord, type Read, type Squares
} from './values.js';
import { didYouMean } from '../model/suggest.js';

export type Result = 'win' | 'loss' | 'draw' | 'none';
/** White's, then Black's. */
export type Pair<T> = [T, T];

export interface FsfPiece {
    /** The piece key: `knight`, `customPiece1`, `king`. */
    type: string;
    /** Lower case. */
    letter: string;
    /** A custom piece's moves, or a king's own (`king = k:WF`). */
    betza?: string;
}

export interface FsfVariant {
    /** The number of files and ranks. */
    maxFile: number;
    maxRank: number;
    /** In Fairy-Stockfish's order of types. */
    pieces: FsfPiece[];
    /** How the royal king moves when it has no Betza of its own: as a king, or (the xiangqi family's built-ins) as a wazir. */
    kingType: 'king' | 'wazir';
    startFen: string;
    /** Per piece type: the only squares White's and Black's may stand on (0n: anywhere). */
    mobilityRegion: Map<string, Pair<Squares>>;
    promotionRegion: Pair<Squares>;
    promotionPawnTypes: Pair<string[]>;
    promotionPieceTypes: Pair<string[]>;
    promotionLimit: Map<string, number>;
    /** Per type: the type it promotes to (shogi). */
    promotedPieceType: Map<string, string>;
    mandatoryPawnPromotion: boolean;
    mandatoryPiecePromotion: boolean;
    doubleStep: boolean;
    doubleStepRegion: Pair<Squares>;
    tripleStepRegion: Pair<Squares>;
    enPassantRegion: Pair<Squares>;
    enPassantTypes: Pair<string[]>;
    castling: boolean;
    /** Files and ranks from 0. */
    castlingKingsideFile: number;
    castlingQueensideFile: number;
    castlingRank: number;
    castlingKingFile: number;
    castlingKingPiece: Pair<string>;
    castlingRookKingsideFile: number;
    castlingRookQueensideFile: number;
    castlingRookPieces: Pair<string[]>;
    checking: boolean;
    pieceDrops: boolean;
    capturesToHand: boolean;
    firstRankPawnDrops: boolean;
    promotionZonePawnDrops: boolean;
    dropRegion: Pair<Squares>;
    dropNoDoubled?: string;
    dropNoDoubledCount: number;
    immobilityIllegal: boolean;
    diagonalLines: Squares;
    pass: Pair<boolean>;
    flyingGeneral: boolean;
    soldierPromotionRank: number;
    nMoveRuleTypes: Pair<string[]>;
    nMoveRule: number;
    nFoldRule: number;
    nFoldValue: Result;
    nFoldValueAbsolute: boolean;
    perpetualCheckIllegal: boolean;
    stalemateValue: Result;
    checkmateValue: Result;
    shogiPawnDropMateIllegal: boolean;
    bikjangRule: boolean;
    extinctionValue: Result;
    /** Types, or `*`: every piece. */
    extinctionPieceTypes: string[];
    extinctionPieceCount: number;
    /** A type, or `*`: any piece. */
    flagPiece: Pair<string>;
    flagRegion: Pair<Squares>;
    flagMove: boolean;
    materialCounting: string;
    /** Every other key, as written, the last value along the parent chain. */
    other: Map<string, string>;
    /** The entry that last set each key (keys set by a built-in parent or left at their default have none). */
    setBy: Map<string, IniEntry>;
}

const both = <T>(value: () => T): Pair<T> => [value(), value()];

/** Fairy-Stockfish's template: chess without castling changes, with chess's pieces (a section without a parent starts with none). */
export function defaultVariant(): FsfVariant {
    return {
        maxFile: 8, maxRank: 8,
        pieces: [
            { type: 'pawn', letter: 'p' }, { type: 'knight', letter: 'n' }, { type: 'bishop', letter: 'b' },
            { type: 'rook', letter: 'r' }, { type: 'queen', letter: 'q' }, { type: 'king', letter: 'k' }
        ],
        kingType: 'king',
        startFen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
        mobilityRegion: new Map(),
        promotionRegion: [rankSquares(7), rankSquares(0)],
        promotionPawnTypes: both(() => ['pawn']),
        promotionPieceTypes: both(() => ['queen', 'rook', 'bishop', 'knight']),
        promotionLimit: new Map(),
        promotedPieceType: new Map(),
        mandatoryPawnPromotion: true,
        mandatoryPiecePromotion: false,
        doubleStep: true,
        doubleStepRegion: [rankSquares(1), rankSquares(6)],
        tripleStepRegion: [0n, 0n],
        enPassantRegion: [ALL_SQUARES, ALL_SQUARES],
        enPassantTypes: both(() => ['pawn']),
        castling: true,
        castlingKingsideFile: 6, castlingQueensideFile: 2, castlingRank: 0, castlingKingFile: 4,
        castlingKingPiece: ['king', 'king'],
        castlingRookKingsideFile: 11, castlingRookQueensideFile: 0,
        castlingRookPieces: both(() => ['rook']),
        checking: true,
        pieceDrops: false, capturesToHand: false, firstRankPawnDrops: false, promotionZonePawnDrops: false,
        dropRegion: [ALL_SQUARES, ALL_SQUARES],
        dropNoDoubledCount: 1,
        immobilityIllegal: false,
        diagonalLines: 0n,
        pass: [false, false],
        flyingGeneral: false,
        soldierPromotionRank: 0,
        nMoveRuleTypes: both(() => ['pawn']),
        nMoveRule: 50, nFoldRule: 3, nFoldValue: 'draw', nFoldValueAbsolute: false, perpetualCheckIllegal: false,
        stalemateValue: 'draw', checkmateValue: 'loss', shogiPawnDropMateIllegal: false, bikjangRule: false,
        extinctionValue: 'none', extinctionPieceTypes: [], extinctionPieceCount: 0,
        flagPiece: ['*', '*'], flagRegion: [0n, 0n], flagMove: false,
        materialCounting: 'none',
        other: new Map(),
        setBy: new Map()
    };
}

/** A copy to read a child section into. */
export function cloneVariant(v: FsfVariant): FsfVariant {
    return structuredClone(v);
}

/** What a section without a parent starts from: the template without any piece. */
export function emptyVariant(): FsfVariant {
    const v = defaultVariant();
    v.pieces = [];
    v.promotionPieceTypes = [[], []];
    return v;
}

export const letterOfType = (v: FsfVariant, type: string): string | undefined => v.pieces.find((p) => p.type === type)?.letter;
export const typeOfLetter = (v: FsfVariant, letter: string): string | undefined => v.pieces.find((p) => p.letter === letter.toLowerCase())?.type;

/** Everything a section's reading needs to report. */
interface Reading {
    v: FsfVariant;
    entries: Map<string, IniEntry>;
    used: Set<string>;
    diagnostics: FsfDiagnostic[];
}

/** Reads a section's entries into `v` (changed in place), as Fairy-Stockfish does. */
export function applySection(v: FsfVariant, entries: readonly IniEntry[], diagnostics: FsfDiagnostic[]): void {
    const r: Reading = { v, entries: new Map(entries.map((e) => [e.key, e])), used: new Set(), diagnostics };
    // The board comes first: regions read later mean squares of the largest board all the same.
    take(r, 'maxRank', readRank, (n) => (v.maxRank = n + 1));
    take(r, 'maxFile', readFile, (n) => (v.maxFile = n + 1));
    readPieces(r);
    for (const phase of ['pieceValueMg', 'pieceValueEg']) readOther(r, phase);
    readOlderKeys(r);
    takeLetters(r, 'pawnTypes', (types) => {
        v.promotionPawnTypes = [types, [...types]];
        v.enPassantTypes = [[...types], [...types]];
        v.nMoveRuleTypes = [[...types], [...types]];
    });
    for (const key of ['variantTemplate', 'pieceToCharTable', 'pocketSize', 'chess960', 'twoBoards']) readOther(r, key);
    take(r, 'startFen', (t) => ({ value: t, problems: [] }), (fen) => (v.startFen = fen));
    sided(r, 'promotionRegion', readSquares, v.promotionRegion);
    sidedLetters(r, 'promotionPawnTypes', v.promotionPawnTypes);
    sidedLetters(r, 'promotionPieceTypes', v.promotionPieceTypes);
    readOther(r, 'sittuyinPromotion');
    take(r, 'promotionLimit', (t) => readPieceCounts(t, (l) => typeOfLetter(v, l), 'promotionLimit'), (m) => (v.promotionLimit = m));
    take(r, 'promotedPieceType', (t) => readPiecePairs(t, (l) => typeOfLetter(v, l), 'promotedPieceType'), (m) => {
        for (const [from, to] of m) {
            if (to === undefined) v.promotedPieceType.delete(from);
            else v.promotedPieceType.set(from, to);
        }
    });
    readOther(r, 'piecePromotionOnCapture');
    take(r, 'mandatoryPawnPromotion', readBool, (b) => (v.mandatoryPawnPromotion = b));
    take(r, 'mandatoryPiecePromotion', readBool, (b) => (v.mandatoryPiecePromotion = b));
    take(r, 'doubleStep', readBool, (b) => (v.doubleStep = b));
    sided(r, 'doubleStepRegion', readSquares, v.doubleStepRegion);
    sided(r, 'tripleStepRegion', readSquares, v.tripleStepRegion);
    take(r, 'enPassantRegion', readSquares, (s) => (v.enPassantRegion = [s, s]));
    sided(r, 'enPassantRegion', readSquares, v.enPassantRegion);
    takeLetters(r, 'enPassantTypes', (types) => (v.enPassantTypes = [types, [...types]]));
    sidedLetters(r, 'enPassantTypes', v.enPassantTypes, true);
    take(r, 'castling', readBool, (b) => (v.castling = b));
    take(r, 'castlingKingsideFile', readFile, (f) => (v.castlingKingsideFile = f));
    take(r, 'castlingQueensideFile', readFile, (f) => (v.castlingQueensideFile = f));
    take(r, 'castlingRank', readRank, (n) => (v.castlingRank = n));
    take(r, 'castlingKingFile', readFile, (f) => (v.castlingKingFile = f));
    takeLetter(r, 'castlingKingPiece', (t) => (v.castlingKingPiece = [t, t]));
    takeLetter(r, 'castlingKingPieceWhite', (t) => (v.castlingKingPiece[0] = t));
    takeLetter(r, 'castlingKingPieceBlack', (t) => (v.castlingKingPiece[1] = t));
    take(r, 'castlingRookKingsideFile', readFile, (f) => (v.castlingRookKingsideFile = f));
    take(r, 'castlingRookQueensideFile', readFile, (f) => (v.castlingRookQueensideFile = f));
    takeLetters(r, 'castlingRookPieces', (types) => (v.castlingRookPieces = [types, [...types]]));
    sidedLetters(r, 'castlingRookPieces', v.castlingRookPieces, true);
    take(r, 'checking', readBool, (b) => (v.checking = b));
    take(r, 'pieceDrops', readBool, (b) => (v.pieceDrops = b));
    take(r, 'capturesToHand', readBool, (b) => (v.capturesToHand = b));
    take(r, 'firstRankPawnDrops', readBool, (b) => (v.firstRankPawnDrops = b));
    take(r, 'promotionZonePawnDrops', readBool, (b) => (v.promotionZonePawnDrops = b));
    sided(r, 'dropRegion', readSquares, v.dropRegion);
    takeLetter(r, 'dropNoDoubled', (t) => (v.dropNoDoubled = t === '*' ? undefined : t));
    take(r, 'dropNoDoubledCount', readInt, (n) => (v.dropNoDoubledCount = n));
    take(r, 'immobilityIllegal', readBool, (b) => (v.immobilityIllegal = b));
    take(r, 'diagonalLines', readSquares, (s) => (v.diagonalLines = s));
    take(r, 'pass', readBool, (b) => (v.pass = [b, b]));
    take(r, 'passWhite', readBool, (b) => (v.pass[0] = b));
    take(r, 'passBlack', readBool, (b) => (v.pass[1] = b));
    take(r, 'flyingGeneral', readBool, (b) => (v.flyingGeneral = b));
    take(r, 'soldierPromotionRank', readRank, (n) => (v.soldierPromotionRank = n));
    takeLetters(r, 'nMoveRuleTypes', (types) => (v.nMoveRuleTypes = [types, [...types]]));
    sidedLetters(r, 'nMoveRuleTypes', v.nMoveRuleTypes, true);
    take(r, 'nMoveRule', readInt, (n) => (v.nMoveRule = n));
    take(r, 'nFoldRule', readInt, (n) => (v.nFoldRule = n));
    take(r, 'nFoldValue', readResult, (x) => (v.nFoldValue = x));
    take(r, 'nFoldValueAbsolute', readBool, (b) => (v.nFoldValueAbsolute = b));
    take(r, 'perpetualCheckIllegal', readBool, (b) => (v.perpetualCheckIllegal = b));
    take(r, 'stalemateValue', readResult, (x) => (v.stalemateValue = x));
    take(r, 'checkmateValue', readResult, (x) => (v.checkmateValue = x));
    take(r, 'shogiPawnDropMateIllegal', readBool, (b) => (v.shogiPawnDropMateIllegal = b));
    take(r, 'bikjangRule', readBool, (b) => (v.bikjangRule = b));
    take(r, 'extinctionValue', readResult, (x) => (v.extinctionValue = x));
    takeLetters(r, 'extinctionPieceTypes', (types) => (v.extinctionPieceTypes = types));
    take(r, 'extinctionPieceCount', readInt, (n) => (v.extinctionPieceCount = n));
    takeLetter(r, 'flagPiece', (t) => (v.flagPiece = [t, t]));
    takeLetter(r, 'flagPieceWhite', (t) => (v.flagPiece[0] = t));
    takeLetter(r, 'flagPieceBlack', (t) => (v.flagPiece[1] = t));
    take(r, 'flagRegion', readSquares, (s) => (v.flagRegion = [s, s]));
    sided(r, 'flagRegion', readSquares, v.flagRegion);
    take(r, 'flagMove', readBool, (b) => (v.flagMove = b));
    take(r, 'materialCounting', (t) => readWord(t, ['janggi', 'unweighted', 'whitedrawodds', 'blackdrawodds', 'none']), (m) => (v.materialCounting = m));
    // Keys the game model has no field for: read for their diagnostics, kept as written.
    for (const key of r.entries.keys()) if (!r.used.has(key)) readOther(r, key);
    // As Fairy-Stockfish concludes a variant: no double step region without double steps, and the reverse.
    if (!v.doubleStep) v.doubleStepRegion = [0n, 0n];
    if (v.doubleStepRegion[0] === 0n && v.doubleStepRegion[1] === 0n) v.doubleStep = false;
}

const readResult = (t: string): Read<Result> => readWord(t, ['win', 'loss', 'draw', 'none']) as Read<Result>;

/** Reads `key` when the section has it: `set` gets the value Fairy-Stockfish keeps; problems are reported in the value. */
function take<T>(r: Reading, key: string, read: (text: string) => Read<T>, set: (value: T) => void): void {
    const entry = r.entries.get(key);
    if (!entry) return;
    r.used.add(key);
    r.v.setBy.set(key, entry);
    const result = read(entry.value);
    report(r, entry, result);
    const info = keyInfo(key);
    if (info) noteVersion(r, entry, info);
    if (result.value !== undefined) set(result.value);
}

function report(r: Reading, entry: IniEntry, result: Read<unknown>): void {
    for (const p of result.problems) {
        r.diagnostics.push(diagnostic(FsfCodes.BadValue, p.severity, within(entry.valueSpan, p.offset, Math.max(1, p.length)), `${entry.key}: ${p.message}`));
    }
}

const lettersOf = (r: Reading, key: string) => (text: string) => readLetters(text, (l) => typeOfLetter(r.v, l), key);

function takeLetters(r: Reading, key: string, set: (types: string[]) => void): void {
    take(r, key, lettersOf(r, key), set);
}

/** One piece letter: Fairy-Stockfish keeps the last letter it could read. */
function takeLetter(r: Reading, key: string, set: (type: string) => void): void {
    take(r, key, lettersOf(r, key), (types) => {
        if (types.length > 0) set(types[types.length - 1]);
    });
}

/** `keyWhite` and `keyBlack` into a pair. */
function sided<T>(r: Reading, key: string, read: (text: string) => Read<T>, pair: Pair<T>): void {
    take(r, `${key}White`, read, (x) => (pair[0] = x));
    take(r, `${key}Black`, read, (x) => (pair[1] = x));
}

/** `key` for both sides (unless `sidesOnly`: read before), then `keyWhite` and `keyBlack`. */
function sidedLetters(r: Reading, key: string, pair: Pair<string[]>, sidesOnly = false): void {
    if (!sidesOnly) takeLetters(r, key, (types) => { pair[0] = types; pair[1] = [...types]; });
    takeLetters(r, `${key}White`, (types) => (pair[0] = types));
    takeLetters(r, `${key}Black`, (types) => (pair[1] = types));
}

/** The piece keys, in Fairy-Stockfish's order, then each type's mobility regions. */
function readPieces(r: Reading): void {
    const v = r.v;
    const setHere = new Map<string, IniEntry>();
    for (const type of PIECE_KEY_ORDER) {
        const entry = r.entries.get(type);
        if (entry) {
            r.used.add(type);
            v.setBy.set(type, entry);
            readPiece(r, type, entry, setHere);
        }
        const capitalized = type[0].toUpperCase() + type.slice(1);
        (['White', 'Black'] as const).forEach((side, i) => {
            take(r, `mobilityRegion${side}${capitalized}`, readSquares, (s) => {
                const pair = v.mobilityRegion.get(type) ?? [0n, 0n];
                pair[i] = s;
                v.mobilityRegion.set(type, pair);
            });
        });
    }
}

function readPiece(r: Reading, type: string, entry: IniEntry, setHere: Map<string, IniEntry>): void {
    const v = r.v;
    const value = entry.value;
    const first = value[0];
    if (!/[A-Za-z]/.test(first)) {
        if (first !== '-') {
            r.diagnostics.push(diagnostic(FsfCodes.BadPieceLetter, 'error', within(entry.valueSpan, 0, 1),
                `'${first}' is not a letter: Fairy-Stockfish removes the ${type} from the variant. Write a letter (${type} = x), or - to remove it on purpose`));
        }
        removePiece(v, type);
        return;
    }
    const letter = first.toLowerCase();
    const holder = v.pieces.find((p) => p.letter === letter && p.type !== type);
    if (holder) {
        const here = setHere.get(holder.type);
        if (here) {
            r.diagnostics.push(diagnostic(FsfCodes.LetterTwice, 'error', within(entry.valueSpan, 0, 1),
                `the letter '${letter}' is also the ${holder.type}'s (line ${here.span.line + 1}): Fairy-Stockfish keeps only the ${type}, read after it, and the ${holder.type} is left out of the variant`));
        }
        removePiece(v, holder.type);
    }
    setHere.set(type, entry);
    let betza: string | undefined;
    if (value.length > 1) {
        if (value[1] !== ':') {
            r.diagnostics.push(diagnostic(FsfCodes.BadPieceLetter, 'error', within(entry.valueSpan, 1, 1),
                `write a ':' after the letter (${letter}:${value.slice(1).trim()}): Fairy-Stockfish skips the second character whatever it is, so it reads the moves as '${value.slice(2)}'`));
        }
        betza = value.slice(2);
    }
    const piece: FsfPiece = { type, letter };
    if (isCustom(type)) {
        if (betza === undefined) {
            r.diagnostics.push(diagnostic(FsfCodes.MissingBetza, 'error', entry.valueSpan,
                `a custom piece needs its moves in Betza after its letter (${letter}:mWcF)${v.pieces.some((p) => p.type === type && p.betza) ? ': Fairy-Stockfish keeps the moves the parent gave this slot' : ': without them it never moves'}`));
            betza = v.pieces.find((p) => p.type === type)?.betza ?? '';
        }
        piece.betza = betza;
        // Fairy-Stockfish makes a custom piece with an 'e' in its Betza an en passant capturer.
        if (betza.includes('e')) for (const side of [0, 1]) if (!v.enPassantTypes[side].includes(type)) v.enPassantTypes[side].push(type);
    } else if (type === 'king') {
        if (betza !== undefined) piece.betza = betza;
        else v.kingType = 'king';
    } else if (betza !== undefined && betza !== '') {
        r.diagnostics.push(diagnostic(FsfCodes.BetzaOnBuiltIn, 'error', within(entry.valueSpan, 2, betza.length),
            `the ${type} is a built-in piece with its own moves: Fairy-Stockfish ignores '${betza}'. Use a customPiece key for a piece of your own`));
    }
    const at = v.pieces.findIndex((p) => p.type === type);
    if (at >= 0) v.pieces[at] = piece;
    else v.pieces.push(piece);
    v.pieces.sort((a, b) => pieceIndex(a.type) - pieceIndex(b.type));
}

const pieceIndex = (type: string): number => PIECE_KEY_ORDER.indexOf(type);

/** Fairy-Stockfish's removal of a piece: gone from the pieces and from what pawns promote to (not from the other sets). */
function removePiece(v: FsfVariant, type: string): void {
    v.pieces = v.pieces.filter((p) => p.type !== type);
    v.promotionPieceTypes = [v.promotionPieceTypes[0].filter((t) => t !== type), v.promotionPieceTypes[1].filter((t) => t !== type)];
}

/** Older spellings: read before the current keys, which win over them. */
function readOlderKeys(r: Reading): void {
    const v = r.v;
    /** The ranks from `rank` (from each side) to that side's last. */
    const fromRank = (rank: number): Pair<Squares> => {
        let white = 0n;
        let black = 0n;
        for (let x = rank; x < v.maxRank; x++) {
            white |= rankSquares(x);
            black |= rankSquares(v.maxRank - 1 - x);
        }
        return [white, black];
    };
    take(r, 'promotionRank', readRank, (rank) => (v.promotionRegion = fromRank(rank)));
    const steps = { max: 1, min: 1, given: false };
    take(r, 'doubleStepRank', readRank, (n) => { steps.max = n; steps.given = true; });
    take(r, 'doubleStepRankMin', readRank, (n) => { steps.min = n; steps.given = true; });
    if (steps.given) {
        const [white, black] = fromRank(steps.min);
        const [whiteBeyond, blackBeyond] = fromRank(steps.max + 1);
        v.doubleStepRegion = [white & ~whiteBeyond, black & ~blackBeyond];
    }
    take(r, 'whiteFlag', readSquares, (s) => (v.flagRegion[0] = s));
    take(r, 'blackFlag', readSquares, (s) => (v.flagRegion[1] = s));
    takeLetters(r, 'castlingRookPiece', (types) => (v.castlingRookPieces = [types, [...types]]));
    take(r, 'whiteDropRegion', readSquares, (s) => (v.dropRegion[0] = s));
    take(r, 'blackDropRegion', readSquares, (s) => (v.dropRegion[1] = s));
    readOther(r, 'dropOnTop');
}

/** A key without a field here: checked by its type and kept as written; unknown keys are reported. */
function readOther(r: Reading, key: string): void {
    const entry = r.entries.get(key);
    if (!entry || r.used.has(key)) return;
    r.used.add(key);
    const info = keyInfo(key);
    if (!info) {
        r.diagnostics.push(unknownKey(entry));
        return;
    }
    r.v.setBy.set(key, entry);
    r.v.other.set(key, entry.value);
    report(r, entry, readByType(info.type, entry.value, r));
    noteVersion(r, entry, info);
}

function unknownKey(entry: IniEntry): FsfDiagnostic {
    const key = entry.key.trim();
    const near = nearestKeys(key);
    const caseOnly = near.length === 1 && near[0].toLowerCase() === key.toLowerCase() && near[0] !== key;
    return diagnostic(FsfCodes.UnknownKey, 'error', entry.keySpan, caseOnly
        ? `Fairy-Stockfish knows no key '${key}' and ignores this line: keys are case-sensitive, write '${near[0]}'`
        : `Fairy-Stockfish knows no key '${key}' and ignores this line${didYouMean(near)}`);
}

function noteVersion(r: Reading, entry: IniEntry, info: KeyInfo): void {
    if (info.replacedBy) {
        r.diagnostics.push(diagnostic(FsfCodes.OldKey, 'error', entry.keySpan,
            `Fairy-Stockfish no longer reads '${info.name}' (only older versions did) and ignores this line: write ${info.replacedBy}`));
    } else if (info.deprecated) {
        r.diagnostics.push(diagnostic(FsfCodes.OldKey, 'info', entry.keySpan, `'${info.name}' is an older spelling Fairy-Stockfish still reads: ${info.deprecated} is the current one`));
    }
}

function readByType(type: ValueType, text: string, r: Reading): Read<unknown> {
    if (typeof type === 'object') return readWord(text, type.oneOf);
    switch (type) {
        case 'bool': return readBool(text);
        case 'int': return readInt(text);
        case 'rank': return readRank(text);
        case 'file': return readFile(text);
        case 'squares': return readSquares(text);
        case 'castlingRights': return readCastlingRights(text);
        case 'piece': case 'pieces': return readLetters(text, (l) => typeOfLetter(r.v, l), 'the list');
        case 'pieceCounts': return readPieceCounts(text, (l) => typeOfLetter(r.v, l), 'the list');
        case 'piecePairs': return readPiecePairs(text, (l) => typeOfLetter(r.v, l), 'the list');
        default: return { value: text, problems: [] };
    }
}

/** The keys of a section Fairy-Stockfish does not know, for a section that is not read (its parent is missing). */
export function unknownKeys(entries: readonly IniEntry[]): FsfDiagnostic[] {
    return entries.filter((e) => !keyInfo(e.key)).map(unknownKey);
}
