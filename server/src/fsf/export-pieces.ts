/**
 * A game's pieces as Fairy-Stockfish pieces: each definition matched, by the moves the engine
 * gives it (same-moves.ts), against Fairy-Stockfish's built-in pieces as the variant would move
 * them (pieces.ts: the pawn with the double-step region read off the definition, the soldier with
 * the rank it turns sideways from, janggi's palace lines read off the royal piece), else written
 * as a custom piece in Betza (lcpn's Betza export), checked the same way. What no piece of
 * Fairy-Stockfish can say is listed.
 */
import type { Board } from '../geometry/board.js';
import type { Resolver } from '../engine/plan.js';
import type { Prepared } from '../engine/report.js';
import type { GameModel } from '../game/index.js';
import type { PieceDef, Test } from '../model/piece.js';
import { toBetza } from '../notation/index.js';
import { fsfBetzaMove, readFsfBetza } from './betza.js';
import { fenPieces } from './fen-board.js';
import { CUSTOM_PIECE_NAMES, PIECE_TYPES } from './piece-types.js';
import { pieceMovement, type PieceNeeds } from './pieces.js';
import { MoveComparer, sampler } from './same-moves.js';
import { square, squareNames, type Squares } from './values.js';
import { defaultVariant, type FsfPiece } from './variant.js';

export interface PieceExport {
    /** Fairy-Stockfish's pieces: the game's, and pieces added for promoted forms that move as no piece of the game. */
    pieces: FsfPiece[];
    /** Per game letter (`+p` included): the Fairy-Stockfish type it is. */
    typeOf: Map<string, string>;
    /** How the variant must move its king: as a wazir only through a parent of the xiangqi family. */
    kingType: 'king' | 'wazir';
    doubleStepRegion: Squares;
    tripleStepRegion: Squares;
    soldierPromotionRank: number;
    diagonalLines: Squares;
    /** Per type, what it promotes to (shogi style). */
    promotedPieceType: Map<string, string>;
    /** Per type: the squares (White's side) its moves never leave, read off the definition (the xiangqi general's fortress). */
    mobilityRegion: Map<string, Squares>;
    unsaid: string[];
}

/** The built-in types matched by their moves alone (the others depend on the variant and are tried as families). */
const PLAIN_TYPES = PIECE_TYPES.filter((t) => !['pawn', 'soldier', 'janggiCannon', 'king', 'immobile'].includes(t.name)).map((t) => t.name);

/** A Fairy-Stockfish piece, with what the variant must say for it to move so (regions as White's squares). */
interface Candidate {
    piece: FsfPiece;
    params?: {
        doubleStepRegion?: Squares;
        tripleStepRegion?: Squares;
        soldierPromotionRank?: number;
        diagonalLines?: Squares;
        kingType?: 'king' | 'wazir';
        mobilityRegion?: Squares;
    };
}

export function exportPieces(model: GameModel, resolve: Resolver): PieceExport {
    const board: Board = { files: model.board.files, ranks: model.board.ranks };
    const unsaid: string[] = [];
    const plain = model.pieces.filter((p) => !p.letter.startsWith('+'));
    const royal = new Set(model.royalty?.rule === 'check' ? model.royalty.pieces : []);
    const starts = startSquares(model.start, board);
    // Random boards hold the game's pieces, but no royal one: capturing it is the royalty rules' business (the flying general).
    const keys = model.pieces.filter((p) => !royal.has(p.letter)).map((p) => p.piece);
    const comparers = new Map<string, MoveComparer>();
    const comparerFor = (letter: string) => {
        let c = comparers.get(letter);
        if (!c) comparers.set(letter, c = new MoveComparer(sampler(board, starts.get(letter) ?? new Set(), keys)));
        return c;
    };

    const result: PieceExport = {
        pieces: [], typeOf: new Map(), kingType: 'king', doubleStepRegion: 0n, tripleStepRegion: 0n, soldierPromotionRank: 0,
        diagonalLines: 0n, promotedPieceType: new Map(), mobilityRegion: new Map(), unsaid
    };
    const prepared = new Map<string, Prepared>();
    const preparedOf = (letter: string, key: string) => {
        let p = prepared.get(letter);
        if (!p) {
            const def = resolve(key);
            prepared.set(letter, p = comparerFor(letter).prepare(def ?? { kind: 'union', parts: [] }, resolve));
        }
        return p;
    };

    // Janggi's palace lines, read off the royal piece: the squares it steps diagonally from and to.
    const royalLetter = plain.find((p) => royal.has(p.letter));
    if (royalLetter) {
        const c = comparerFor(royalLetter.letter);
        const p = preparedOf(royalLetter.letter, royalLetter.piece);
        let lines = 0n;
        let plainDiagonals = 0;
        for (let rank = 0; rank < board.ranks; rank++) {
            for (let file = 0; file < board.files; file++) {
                const diagonal = c.emptyBoard(p, file, rank).filter((d) => Math.abs(d.file - file) === 1 && Math.abs(d.rank - rank) === 1);
                if (diagonal.length > 0) plainDiagonals++;
                for (const d of diagonal) lines |= square(file, rank) | square(d.file, d.rank);
            }
        }
        // A king stepping diagonally from most squares has no lines: it is a king.
        if (plainDiagonals > 0 && plainDiagonals < board.files * board.ranks / 4) result.diagonalLines = lines;
    }

    const used = new Set<string>();
    let slot = 0;
    const nextCustom = () => CUSTOM_PIECE_NAMES[slot++];
    const apply = (c: Candidate) => {
        if (c.params?.doubleStepRegion !== undefined) result.doubleStepRegion |= c.params.doubleStepRegion;
        if (c.params?.tripleStepRegion !== undefined) result.tripleStepRegion |= c.params.tripleStepRegion;
        if (c.params?.soldierPromotionRank !== undefined) result.soldierPromotionRank = c.params.soldierPromotionRank;
        if (c.params?.kingType) result.kingType = c.params.kingType;
        if (c.params?.mobilityRegion !== undefined) result.mobilityRegion.set(c.piece.type, c.params.mobilityRegion);
    };

    for (const gp of plain) {
        const letter = gp.letter;
        const target = preparedOf(letter, gp.piece);
        const def = resolve(gp.piece);
        if (target.problems.length > 0 || !def) {
            unsaid.push(`${letter} (${gp.piece}): lcpn cannot decide all its moves, so it cannot be matched: ${target.problems.map((p) => p.message).join('; ')}`);
            continue;
        }
        const plainCandidates = royal.has(letter) ? royalCandidates(letter, result.diagonalLines) : pieceCandidates(letter, target, comparerFor(letter), board, result.diagonalLines, used);
        // A piece whose moves stay inside part of the board: the same candidates, confined there by a mobility region.
        const reach = reachable(target, comparerFor(letter), board);
        const confined = reach !== 0n && reach !== allSquares(board)
            ? plainCandidates.map((c) => ({ piece: { ...c.piece }, params: { ...c.params, mobilityRegion: reach } })) : [];
        const found = [...plainCandidates, ...confined].find((c) => same(c, gp.piece, target, comparerFor(letter), resolve, board));
        if (found) {
            apply(found);
            used.add(found.piece.type);
            result.pieces.push(found.piece);
            result.typeOf.set(letter, found.piece.type);
            continue;
        }
        const custom = customPiece(def, resolve, model, letter, royal.has(letter) ? 'king' : nextCustom(), target, comparerFor(letter), result);
        result.pieces.push(custom.piece);
        result.typeOf.set(letter, custom.piece.type);
        used.add(custom.piece.type);
    }

    // Promoted forms (+p): the type each moves as, added to the variant when no piece of the game moves so.
    for (const gp of model.pieces.filter((p) => p.letter.startsWith('+'))) {
        const base = gp.letter.slice(1);
        const target = preparedOf(gp.letter, gp.piece);
        const c = comparerFor(gp.letter);
        const twin = plain.find((p) => p.letter !== base && result.typeOf.has(p.letter) && !royal.has(p.letter) && c.same(preparedOf(p.letter, p.piece), target));
        let type = twin ? result.typeOf.get(twin.letter)! : undefined;
        if (!type) {
            const builtIn = PLAIN_TYPES.filter((t) => !used.has(t)).map((t): Candidate => ({ piece: { type: t, letter: '' } }))
                .find((cand) => same(cand, gp.piece, target, c, resolve, board));
            const letter = freeLetter(model, result.pieces, builtIn?.piece.type);
            if (builtIn) {
                builtIn.piece.letter = letter;
                result.pieces.push(builtIn.piece);
                type = builtIn.piece.type;
            } else {
                const def = resolve(gp.piece)!;
                const custom = customPiece(def, resolve, model, letter, nextCustom(), target, c, result);
                result.pieces.push(custom.piece);
                type = custom.piece.type;
            }
            used.add(type);
        }
        result.typeOf.set(gp.letter, type);
        const baseType = result.typeOf.get(base);
        if (baseType) result.promotedPieceType.set(baseType, type);
    }
    return result;
}

/** The king; janggi's king on the palace lines; a king moving as one of the plain built-ins (the xiangqi general, k:W). */
function royalCandidates(letter: string, lines: Squares): Candidate[] {
    return [
        { piece: { type: 'king', letter } },
        ...(lines !== 0n ? [{ piece: { type: 'king', letter }, params: { kingType: 'wazir' as const, diagonalLines: lines } }] : []),
        ...PLAIN_TYPES.map((t) => ({ piece: { type: 'king', letter, betza: PIECE_TYPES.find((p) => p.name === t)!.betza } }))
    ];
}

/** The families whose moves depend on the variant, with their parameters read off the piece, then the plain built-ins. */
function pieceCandidates(letter: string, target: Prepared, c: MoveComparer, board: Board, lines: Squares, used: Set<string>): Candidate[] {
    const out: Candidate[] = [];
    let double = 0n;
    let triple = 0n;
    let sideways = board.ranks;
    for (let rank = 0; rank < board.ranks; rank++) {
        for (let file = 0; file < board.files; file++) {
            for (const d of c.emptyBoard(target, file, rank)) {
                if (d.file === file && d.rank === rank + 2 && d.move && !d.capture) double |= square(file, rank);
                if (d.file === file && d.rank === rank + 3 && d.move && !d.capture) triple |= square(file, rank);
                if (d.rank === rank && Math.abs(d.file - file) === 1) sideways = Math.min(sideways, rank);
            }
        }
    }
    const free = (type: string) => !used.has(type);
    if (free('pawn')) out.push({ piece: { type: 'pawn', letter }, params: { doubleStepRegion: double, tripleStepRegion: triple } });
    if (free('soldier')) out.push({ piece: { type: 'soldier', letter }, params: { soldierPromotionRank: sideways < board.ranks ? sideways : 0, diagonalLines: lines } });
    if (free('janggiCannon')) out.push({ piece: { type: 'janggiCannon', letter }, params: { diagonalLines: lines } });
    for (const type of PLAIN_TYPES) {
        if (!free(type)) continue;
        if (lines !== 0n && (type === 'rook' || type === 'wazir')) out.push({ piece: { type, letter }, params: { diagonalLines: lines } });
        out.push({ piece: { type, letter } });
    }
    return out;
}

const allSquares = (board: Board): Squares => {
    let s = 0n;
    for (let r = 0; r < board.ranks; r++) for (let f = 0; f < board.files; f++) s |= square(f, r);
    return s;
};

/** The squares the piece moves from or to on the empty board. */
function reachable(target: Prepared, c: MoveComparer, board: Board): Squares {
    let s = 0n;
    for (let rank = 0; rank < board.ranks; rank++) {
        for (let file = 0; file < board.files; file++) {
            const found = c.emptyBoard(target, file, rank);
            if (found.length === 0) continue;
            s |= square(file, rank);
            for (const d of found) s |= square(d.file, d.rank);
        }
    }
    return s;
}

/** Whether the candidate, as Fairy-Stockfish would move it with its parameters, moves as the game's piece. */
function same(candidate: Candidate, key: string, target: Prepared, c: MoveComparer, resolve: Resolver, board: Board): boolean {
    const v = defaultVariant();
    v.maxFile = board.files;
    v.maxRank = board.ranks;
    v.doubleStepRegion = [candidate.params?.doubleStepRegion ?? 0n, 0n];
    v.tripleStepRegion = [candidate.params?.tripleStepRegion ?? 0n, 0n];
    v.soldierPromotionRank = candidate.params?.soldierPromotionRank ?? 0;
    v.diagonalLines = candidate.params?.diagonalLines ?? 0n;
    v.kingType = candidate.params?.kingType ?? 'king';
    const local = new Map<string, PieceDef>();
    const zoneTest = (name: string, set: Squares): Test | undefined => {
        if (set === 0n) return undefined;
        local.set(name, { name, key: name, properties: [], declaration: { kind: 'zone', squares: squareNames(set, board.files, board.ranks) }, style: 'lisp' });
        return { kind: 'predicate', fn: 'in', args: [{ kind: 'name', key: name }] };
    };
    const needs: PieceNeeds = {
        stepRegion: (kind) => zoneTest(`fsf-${kind}-step-region`, kind === 'double' ? v.doubleStepRegion[0] : v.tripleStepRegion[0]),
        palaceLines: () => {
            if (v.diagonalLines === 0n) return undefined;
            zoneTest('fsf-palace-lines', v.diagonalLines);
            return 'fsf-palace-lines';
        },
        notOccupiedBy: () => {
            local.set('fsf-not-same', { name: 'fsf-not-same', key: 'fsf-not-same', properties: [], declaration: { kind: 'condition', test: { kind: 'not', test: { kind: 'predicate', fn: 'occupied-by', args: [{ kind: 'name', key }] } } }, style: 'lisp' });
            return 'fsf-not-same';
        }
    };
    const movement = pieceMovement(candidate.piece, v, needs);
    if (movement.problems.length > 0) return false;
    const prepared = c.prepare(movement.move, (k) => local.get(k) ?? resolve(k));
    const region = candidate.params?.mobilityRegion;
    return c.same(prepared, target, region === undefined ? undefined : { key: region.toString(36), has: (f, r) => (region & square(f, r)) !== 0n });
}

/** A custom piece from the definition's Betza, with what that Betza does not say (checked by the moves Fairy-Stockfish would play). */
function customPiece(def: PieceDef, resolve: Resolver, model: GameModel, letter: string, type: string, target: Prepared, c: MoveComparer, result: PieceExport): { piece: FsfPiece } {
    const exported = toBetza(def, resolve, { board: model.board });
    const relevant = exported.lost.filter((l) => !/^royalty|^promotion|board's confinement/.test(l));
    const reading = readFsfBetza(exported.text);
    const piece: FsfPiece = { type, letter, betza: exported.text };
    const label = `${letter.toUpperCase()} (${def.name})`;
    for (const p of reading.problems) result.unsaid.push(`${label}: its moves in Betza, ${exported.text}: ${p.message}`);
    for (const l of relevant) result.unsaid.push(`${label}: ${l}`);
    if (reading.components.some((comp) => comp.initial)) {
        result.unsaid.push(`${label}: its moves before its first move (i in ${exported.text}): Fairy-Stockfish plays them wherever the piece stands on the double-step region instead`);
    }
    if (relevant.length === 0 && reading.problems.length === 0) {
        // What Fairy-Stockfish would play must be the game's moves.
        const played = fsfBetzaMove(reading, undefined).move;
        if (!c.same(c.prepare(played, resolve), target) && !reading.components.some((comp) => comp.initial)) {
            result.unsaid.push(`${label}: Fairy-Stockfish would not play ${exported.text} as lcpn moves this piece`);
        }
    }
    return { piece };
}

/** Per letter (lower case), the squares its White pieces start on (square index rank * files + file). */
function startSquares(fen: string, board: Board): Map<string, Set<number>> {
    const found = new Map<string, Set<number>>();
    for (const p of fenPieces(fen, board.ranks).board) {
        if (!p.white || p.promoted) continue;
        if (!found.has(p.letter)) found.set(p.letter, new Set());
        found.get(p.letter)!.add(p.rank * board.files + p.file);
    }
    return found;
}

/** A letter no piece uses, Fairy-Stockfish's own where it has one (d for the dragon, h for the horse). */
function freeLetter(model: GameModel, pieces: readonly FsfPiece[], type: string | undefined): string {
    const taken = new Set([...model.pieces.map((p) => p.letter.replace('+', '')), ...pieces.map((p) => p.letter)]);
    const preferred = type === 'bers' ? 'd' : type === 'dragonHorse' ? 'h' : type === 'gold' ? 'g' : undefined;
    if (preferred && !taken.has(preferred)) return preferred;
    return [...'abcdefghijklmnopqrstuvwxyz'].find((l) => !taken.has(l))!;
}

