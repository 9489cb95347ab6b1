/**
 * Positions: several pieces of both sides on one board, written as one line of text (the
 * "position string", docs/position.md), and what the engine says in them: the moves of one
 * piece (its side's pieces are friends, the others enemies) and the pieces that attack a square.
 *
 *   9x9 w:chinese-horse@e5,rook@a1 b:knight@c7,wazir@e6
 *   hex6 w:queen@f6 b:pawn@f7        (any board spec: geometry/board-spec.ts; cells in the board's own names)
 *
 * A Black piece's set-up says `side: 'black'`: the engine computes it on the board turned half a
 * turn (files and ranks reversed), as the pieces of a real board face each other, and gives its
 * destinations back on the real board. The other pieces carry their names, for `(occupied-by P)`.
 */
import type { Destination, Occupant, Rules, SetUp } from './board.js';
import { type Board, boardGeometry, MAX_RECTANGLE_SIDE, notACell, POSITION_BOARD, type Square } from '../geometry/index.js';
import { parseBoardSpec, printBoardSpec } from '../geometry/board-spec.js';
import { normalizeName } from '../model/names.js';
import { destinations, type EngineProblem, type Resolver, type Target } from './report.js';

export type PositionSide = 'white' | 'black';

export interface PlacedPiece {
    /** The piece's name as written (looked up in the workspace by the caller). */
    name: string;
    side: PositionSide;
    square: Square;
}

export interface Position {
    board: Board;
    pieces: PlacedPiece[];
}

/** A position string that cannot be read; `column` is 0-based in the string. */
export class PositionError extends Error {
    constructor(message: string, readonly column: number) {
        super(message);
    }
}

/** The board when the string names none (the standard chessboard). */
export const DEFAULT_POSITION_BOARD: Board = POSITION_BOARD;
/** More pieces than squares of the largest board cannot be a position. */
const MAX_PIECES = MAX_RECTANGLE_SIDE * MAX_RECTANGLE_SIDE;

const SIDES: Record<string, PositionSide> = { w: 'white', white: 'white', b: 'black', black: 'black' };
/** A piece name as LCPN writes one: no space, comma, '@' or ':'. */
const NAME = /^[^\s,@:]+$/u;

/** Reads a position string; throws PositionError saying what is wrong and where. */
export function parsePosition(text: string): Position {
    if (text.length > 100_000) throw new PositionError('the position is longer than 100,000 characters', 0);
    const words = [...text.matchAll(/\S+/g)];
    if (words.length === 0) throw new PositionError('the position is empty: write e.g. "8x8 w:rook@a1 b:king@e8"', 0);
    let board = DEFAULT_POSITION_BOARD;
    let first = 0;
    // A first word that does not start with a side is the board (8x8, hex6, 8x8-holes:d4,e5: geometry/board-spec.ts).
    const size = !/^(w|b|white|black):/i.test(words[0][0]) && /^(\d+x\d+|hex)/i.test(words[0][0]);
    if (size) {
        const spec = parseBoardSpec(words[0][0]);
        if (spec.error !== undefined) throw new PositionError(spec.error, words[0].index);
        board = spec.board;
        first = 1;
    }
    const geometry = boardGeometry(board);
    const pieces: PlacedPiece[] = [];
    const taken = new Map<string, PlacedPiece>();
    for (const word of words.slice(first)) {
        const colon = word[0].indexOf(':');
        const sideWord = colon < 0 ? '' : word[0].slice(0, colon).toLowerCase();
        const side = SIDES[sideWord];
        if (!side) {
            throw new PositionError(`'${word[0]}' should be a side and its pieces, e.g. 'w:rook@a1,king@e1' (w for White, b for Black)`
                + (size || first === 1 || !/x/i.test(word[0]) ? '' : ', or a board size first, e.g. 9x9'), word.index);
        }
        let offset = word.index + colon + 1;
        for (const entry of word[0].slice(colon + 1).split(',')) {
            const at = entry.lastIndexOf('@');
            const name = at < 0 ? '' : entry.slice(0, at);
            const squareText = at < 0 ? '' : entry.slice(at + 1);
            if (!NAME.test(name) || squareText === '') {
                throw new PositionError(`'${entry}' should be a piece and its square, e.g. 'rook@a1'`, offset);
            }
            if (!/^[a-z]+[0-9]+$/i.test(squareText)) throw new PositionError(`'${squareText}' is not a square name (a1, e5, aa10)`, offset + at + 1);
            const square = geometry.parse(squareText);
            if (!square) throw new PositionError(notACell(board, squareText), offset + at + 1);
            const key = geometry.name(square);
            const other = taken.get(key);
            if (other) throw new PositionError(`two pieces on ${key}: ${other.name} and ${name}`, offset);
            const piece: PlacedPiece = { name, side, square };
            taken.set(key, piece);
            pieces.push(piece);
            if (pieces.length > MAX_PIECES) throw new PositionError(`more than ${MAX_PIECES} pieces`, offset);
            offset += entry.length + 1;
        }
    }
    return { board, pieces };
}

/** The position as a string that parsePosition reads back as the same position. */
export function formatPosition(position: Position): string {
    const geometry = boardGeometry(position.board);
    const group = (side: PositionSide, letter: string) => {
        const list = position.pieces.filter((p) => p.side === side).map((p) => `${p.name}@${geometry.name(p.square)}`);
        return list.length > 0 ? [`${letter}:${list.join(',')}`] : [];
    };
    return [printBoardSpec(position.board), ...group('white', 'w'), ...group('black', 'b')].join(' ');
}

export interface PositionOptions {
    /** Treat this square as holding an enemy of the mover (for attackers of a square). */
    enemyOn?: Square;
    /** The file's board declaration (confinements, promotion zone). */
    rules?: Rules;
}

/** The engine's set-up for one piece of the position: its side's pieces are friends, the others enemies. */
export function setUpFor(position: Position, index: number, options: PositionOptions = {}): SetUp {
    const mover = position.pieces[index];
    const same = (a: Square, b: Square | undefined) => b !== undefined && a.file === b.file && a.rank === b.rank;
    const friends: Occupant[] = [];
    const enemies: Occupant[] = [];
    position.pieces.forEach((piece, i) => {
        if (i === index) return;
        const enemy = piece.side !== mover.side || same(piece.square, options.enemyOn);
        (enemy ? enemies : friends).push({ ...piece.square, piece: normalizeName(piece.name) });
    });
    if (options.enemyOn && !position.pieces.some((p) => same(p.square, options.enemyOn))) enemies.push({ ...options.enemyOn });
    return { board: position.board, at: mover.square, friends, enemies, side: mover.side, ...(options.rules ? { rules: options.rules } : {}) };
}

export interface PositionMoves {
    piece: PlacedPiece;
    /** Destinations on the real board (turned back for a Black piece). */
    destinations: Destination[];
    problems: EngineProblem[];
}

/** What the caller knows of a name: its definition (or undefined if the workspace has none) and how to resolve references. */
export type PieceLookup = (name: string) => { target: Target; resolve: Resolver } | undefined;

/** The moves of the piece at `index` in the position. */
export function movesInPosition(position: Position, index: number, lookup: PieceLookup, options: PositionOptions = {}): PositionMoves {
    const piece = position.pieces[index];
    const found = lookup(piece.name);
    if (!found) {
        return { piece, destinations: [], problems: [{ kind: 'unknown-piece', message: `no piece named '${piece.name}' is defined`, rule: 'unknown-piece' }] };
    }
    const result = destinations(found.target, setUpFor(position, index, options), found.resolve);
    return { piece, destinations: result.destinations, problems: result.problems };
}

export interface Attacker {
    index: number;
    piece: PlacedPiece;
    /** 'land': it captures by moving onto the square; 'igui': it captures there without moving. */
    how: 'land' | 'igui';
}

/**
 * The pieces that attack `square`: those that could capture a piece of the other side standing
 * there (whatever stands there now, or nothing). The piece on the square itself is not listed.
 */
export function attackersOf(position: Position, square: Square, lookup: PieceLookup, options: { rules?: Rules } = {}): Attacker[] {
    const attackers: Attacker[] = [];
    position.pieces.forEach((piece, index) => {
        if (piece.square.file === square.file && piece.square.rank === square.rank) return;
        const { destinations: found } = movesInPosition(position, index, lookup, { ...options, enemyOn: square });
        const there = found.find((d) => d.square.file === square.file && d.square.rank === square.rank);
        if (there?.capture) attackers.push({ index, piece, how: 'land' });
        else if (there?.igui) attackers.push({ index, piece, how: 'igui' });
    });
    return attackers;
}
