/**
 * A game's positions beside the position strings of the diagrams (docs/position.md, pieces by
 * name): a game position as named pieces, a position string as a FEN of the game (each name by
 * its letter), and the squares a piece may legally reach. What `lcpn moves --position` and the
 * editor's position view use to give legal moves only in a file that declares a game.
 */
import type { Position as PiecesPosition } from '../engine/position.js';
import type { Destination } from '../engine/board.js';
import { type Board, boardGeometry, type Square } from '../geometry/index.js';
import { normalizeName } from '../model/names.js';
import type { Game } from './game.js';
import type { Position } from './position.js';
import { legalUci } from './uci.js';
import { positionFromFen } from './fen.js';

/** A FEN has ranks separated by `/` and no `piece@square` of a position string (docs/position.md): how `--position` and the position view tell them apart. */
export function looksLikeFen(text: string): boolean {
    return text.includes('/') && !text.includes('@');
}

/**
 * `fen` with its placement replaced by the pieces of `position` (a position string's pieces after
 * an edit), its holdings, side to move, castling rights, en passant square and counters kept as
 * written; an Error says which piece is not the game's, or that the boards differ.
 */
export function withPlacement(game: Game, fen: string, position: PiecesPosition): string {
    const placement = fenOfPieces(game, position, 'white').split(/[[\s]/)[0];
    return fen.trim().replace(/^[^\s[]*/, placement);
}

/** A game position as the diagrams read positions: each piece by the name of the definition its letter stands for. */
export function piecesOf(position: Position): PiecesPosition {
    const game = position.game;
    const pieces: PiecesPosition['pieces'] = [];
    for (let sq = 0; sq < game.size; sq++) {
        const code = position.cells[sq];
        if (code <= 0) continue;
        pieces.push({ name: game.types[code >> 1].key, side: (code & 1) === 1 ? 'black' : 'white', square: { file: sq % game.files, rank: Math.floor(sq / game.files) } });
    }
    return { board: game.board, pieces };
}

/**
 * A position string's pieces as a FEN of the game, `side` to move (no castling rights, no en
 * passant square, empty hands); an Error says which piece is not the game's, or that the boards differ.
 */
function fenOfPieces(game: Game, position: PiecesPosition, side: 'white' | 'black'): string {
    const letters = new Map(game.model.pieces.map((p) => [p.piece, p.letter]));
    if (position.board.files !== game.files || position.board.ranks !== game.ranks) {
        throw new Error(`the position's board is ${position.board.files}x${position.board.ranks}, the game's ${game.files}x${game.ranks}`);
    }
    const rows: string[] = [];
    for (let rank = game.ranks - 1; rank >= 0; rank--) {
        let row = '';
        let empty = 0;
        for (let file = 0; file < game.files; file++) {
            const piece = position.pieces.find((p) => p.square.file === file && p.square.rank === rank);
            if (!piece) {
                empty++;
                continue;
            }
            const letter = letters.get(normalizeName(piece.name));
            if (letter === undefined) throw new Error(`${piece.name} is not one of the game's pieces (${[...letters.keys()].join(', ')})`);
            if (empty > 0) row += String(empty);
            empty = 0;
            row += piece.side === 'white' ? letter.toUpperCase() : letter;
        }
        rows.push(empty > 0 ? row + String(empty) : row);
    }
    return `${rows.join('/')}${game.model.drops ? '[]' : ''} ${side === 'white' ? 'w' : 'b'} - - 0 1`;
}

/** The squares the piece on `from` may legally reach: where each of its legal moves lands, and where it captures on the way or without moving. */
function legalTargets(position: Position, from: Square): Set<string> {
    const name = boardGeometry(position.game.board).name(from);
    const targets = new Set<string>();
    for (const text of legalUci(position).texts) {
        const legs = text.split(',');
        if (text.includes('@') || /^[a-z]+[0-9]+/.exec(legs[0])?.[0] !== name) continue;
        for (const leg of legs) {
            const end = /^[a-z]+[0-9]+([a-z]+[0-9]+)/.exec(leg)?.[1];
            if (end !== undefined && end !== name) targets.add(end);
        }
    }
    return targets;
}

/**
 * The destinations the game allows, of a piece's own (engine/report.ts, the diagrams'): those
 * that are legal, and the legal ones its own moves do not have (the king's castling), as moves.
 */
export function legalDestinations(all: readonly Destination[], legal: ReadonlySet<string>, board: Board): Destination[] {
    const geometry = boardGeometry(board);
    const kept = all.filter((d) => legal.has(geometry.name(d.square)));
    const listed = new Set(all.map((d) => geometry.name(d.square)));
    const extra = [...legal].filter((s) => !listed.has(s)).flatMap((s) => {
        const square = geometry.parse(s);
        return square ? [{ square, move: true, capture: false, igui: false, notes: [] }] : [];
    });
    return [...kept, ...extra];
}

/** Which squares a piece of a position may legally reach, and what to say of it. */
export interface LegalInPosition {
    /** Undefined when the game cannot decide (the position is none of the game's): then every move of the piece stands. */
    targets?: Set<string>;
    /** Unpunctuated words: which game's legal moves these are, or why there are none, or why the game does not decide. */
    note: string;
    /** True when the note says more than whose legal moves these are (the side not to move, a position the game does not decide): what `lcpn moves` prints. */
    caveat: boolean;
}

/**
 * The legal moves of the piece `mover` of a position string's `position` under `game`: in the
 * FEN's own position (`fromFen`: its side to move, castling rights and en passant square) when the
 * position came from one, else with the mover's side to move (no castling right, no en passant).
 */
export function legalInPosition(game: Game, position: PiecesPosition, mover: PiecesPosition['pieces'][number], fromFen?: Position): LegalInPosition {
    if (fromFen) {
        const toMove = fromFen.side === 1 ? 'black' : 'white';
        if (toMove !== mover.side) return { targets: new Set(), note: `it is ${toMove === 'white' ? 'White' : 'Black'}'s move in this position: ${mover.name} has no legal move`, caveat: true };
        return { targets: legalTargets(fromFen, mover.square), note: `legal moves of ${game.name}, ${mover.side} to move`, caveat: false };
    }
    try {
        return { targets: legalTargets(positionFromFen(game, fenOfPieces(game, position, mover.side)), mover.square), note: `legal moves of ${game.name}, ${mover.side} to move`, caveat: false };
    } catch (error) {
        return { note: `not a position of ${game.name} (${(error as Error).message}), so these are the piece's moves, legal or not`, caveat: true };
    }
}
