/**
 * A game's position drawn whole: in text each square with the letter of the piece on it,
 * White's in upper case, Black's in lower case, as FEN writes them; in SVG each piece's figure
 * or letter (piece-drawing.ts; issue 23: boards draw each piece's letter or glyph, not
 * identical discs). Read from a FEN's placement (promoted pieces `+p`, Fairy-
 * Stockfish's `~` mark dropped), on a rectangle of files x ranks; the text and the SVG drawing
 * show the same cells.
 */
import { fileName } from '../geometry/square.js';
import type { Board } from '../geometry/index.js';
import type { Position } from '../engine/position.js';
import type { SetUp } from '../engine/board.js';
import { pieceText, type DrawnPiece, type PieceFace } from './piece-drawing.js';
import { renderSvgDiagram } from './svg.js';
import { renderTextDiagram } from './text.js';
import type { DiagramZone } from './zones.js';

export interface PositionCell {
    /** The piece's FEN letter as written (`K`, `p`, `+P`), or undefined for an empty square. */
    letter?: string;
}

export interface DrawnPosition {
    files: number;
    ranks: number;
    /** Rows from the top rank (Black's side) down, each from the a-file. */
    rows: PositionCell[][];
    /** The holdings, as written between `[` and `]`, when the FEN has them. */
    hand?: string;
    /** `white` or `black`: the side to move. */
    toMove: 'white' | 'black';
}

/** The cells of a FEN's placement on a files x ranks board (a placement that does not fit is cut or padded: the game checks FENs before they are drawn). */
export function drawnPosition(fen: string, files: number, ranks: number): DrawnPosition {
    const [placement = '', side = 'w'] = fen.trim().split(/\s+/);
    const handAt = placement.indexOf('[');
    const board = handAt >= 0 ? placement.slice(0, handAt) : placement;
    const hand = handAt >= 0 ? placement.slice(handAt + 1, placement.indexOf(']', handAt) >= 0 ? placement.indexOf(']', handAt) : undefined) : undefined;
    const rows: PositionCell[][] = [];
    for (const text of board.split('/').slice(0, ranks)) {
        const row: PositionCell[] = [];
        for (const token of text.match(/[0-9]+|\+?[A-Za-z]~?|\*|./g) ?? []) {
            if (/^[0-9]+$/.test(token)) for (let i = 0; i < Number(token); i++) row.push({});
            else if (/[A-Za-z]/.test(token)) row.push({ letter: token.replace('~', '') });
            else row.push({});
        }
        rows.push(row.slice(0, files).concat(Array.from({ length: Math.max(0, files - row.length) }, () => ({}))));
    }
    while (rows.length < ranks) rows.push(Array.from({ length: files }, () => ({})));
    return { files, ranks, rows, ...(hand !== undefined ? { hand } : {}), toMove: side === 'b' ? 'black' : 'white' };
}

/** The position as text: ranks from the top, `.` for an empty square, files lettered below. */
export function renderPositionText(position: DrawnPosition): string {
    const width = String(position.ranks).length;
    const lines = position.rows.map((row, i) => {
        const rank = String(position.ranks - i).padStart(width);
        return `${rank} ${row.map((c) => (c.letter ? pieceText({ letter: c.letter }, c.letter === c.letter.toLowerCase() ? 'black' : 'white') : '.').padStart(2)).join('')}`;
    });
    lines.push(`${' '.repeat(width)} ${Array.from({ length: position.files }, (_, f) => fileName(f).padStart(2)).join('')}`);
    if (position.hand !== undefined) lines.push(`in hand: ${position.hand === '' || position.hand === '-' ? 'nothing' : position.hand}`);
    lines.push(`${position.toMove === 'white' ? 'White' : 'Black'} to move`);
    return lines.join('\n');
}

/**
 * The position as an SVG picture: the board as every diagram draws it (svg.ts), each piece drawn
 * by piece-drawing.ts. `faceOf` says how a letter is drawn (lower case, `+` kept: `k`, `+p`):
 * a standard piece's figure; by default every piece is its letter.
 */
export function renderPositionSvg(position: DrawnPosition, cell = 28, title = '', faceOf: (letter: string) => PieceFace = (letter) => ({ letter })): string {
    const pieces: DrawnPiece[] = [];
    position.rows.forEach((row, r) => row.forEach((c, file) => {
        if (!c.letter) return;
        const white = c.letter !== c.letter.toLowerCase();
        pieces.push({ square: { file, rank: position.ranks - 1 - r }, face: faceOf(c.letter.toLowerCase()), side: white ? 'white' : 'black' });
    }));
    const board = { files: position.files, ranks: position.ranks };
    const setup = { board, at: { file: -1, rank: -1 }, friends: [], enemies: [] };
    const window = { files: [0, position.files - 1] as [number, number], ranks: [0, position.ranks - 1] as [number, number] };
    return renderSvgDiagram(setup, [], { window, cellSize: cell, labels: true, legend: false, pieces, ...(title ? { title } : {}) });
}

/** A position's pieces (named, as position strings write them) to draw, each with the face `faceOf` gives its name. */
export function drawnPieces(position: Position, faceOf: (name: string) => PieceFace): DrawnPiece[] {
    return position.pieces.map((p) => ({ square: p.square, face: faceOf(p.name), side: p.side }));
}

/** The set-up of a whole position, no piece moving: White's pieces as friends, Black's as enemies (drawn as themselves by `pieces`). */
export function wholePosition(board: Board, pieces: readonly DrawnPiece[]): SetUp {
    return {
        board,
        at: { file: -1, rank: -1 },
        friends: pieces.filter((p) => p.side === 'white').map((p) => p.square),
        enemies: pieces.filter((p) => p.side === 'black').map((p) => p.square)
    };
}

/** The pieces in letters on the whole board, any cell shape, with labels and the key (text cannot mix letters with the moves' symbols: `o` and `x` are both). */
export function renderPiecesText(board: Board, pieces: readonly DrawnPiece[], zones: readonly DiagramZone[] = []): string {
    const window = { files: [0, board.files - 1] as [number, number], ranks: [0, board.ranks - 1] as [number, number] };
    return renderTextDiagram(wholePosition(board, pieces), [], { window, labels: true, pieces, zones, facts: zones.length > 0 });
}
