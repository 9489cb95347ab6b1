/**
 * One piece drawn on one square: the one home of how every board shows a piece (issue 23:
 * "boards draw each piece's letter or glyph, not identical discs"). The game hover, the
 * position view, `lcpn show --position` and the Play view all draw pieces with it.
 *
 * - A standard piece (one that moves as the prelude's king, queen, rook, bishop, knight or pawn:
 *   decided by its movement, by the caller, never by its name) is drawn as the usual chess
 *   figure. The figures are SVG paths, not font glyphs: they look the same in a hover, a
 *   webview and a PNG made by resvg, which draws text in one font only.
 * - Any other piece is drawn as its letter (the game's FEN letter, or the initial of its name
 *   when no game gives letters) in a disc.
 * - White is white with a dark outline, Black is near-black with a light outline: told apart
 *   on light and dark squares, in colour, in greyscale and whatever the editor's theme (the
 *   boards are drawn on their own light ground).
 *
 * The text form is the letter as FEN writes it: upper case for White, lower case for Black
 * (`K`, `k`, `+P`). Text keeps letters even for standard pieces: the Unicode chess symbols
 * swap meaning on a dark terminal (the "white" king is the outlined one), and the black pawn
 * (U+265F) is shown as a wide emoji by many terminals, which breaks the columns.
 */
import type { Square } from '../geometry/index.js';
import { escapeXml, num } from './svg-text.js';

export const STANDARD_PIECES = ['king', 'queen', 'rook', 'bishop', 'knight', 'pawn'] as const;

/** A piece that moves as one of the prelude's six chess pieces. */
export type StandardPiece = (typeof STANDARD_PIECES)[number];

export type PieceSide = 'white' | 'black';

/** What stands for a piece in a drawing. */
export interface PieceFace {
    /** The piece's letter, in either case (`k`, `+p`, `H`): shown when it is not a standard piece, and always in text. */
    letter: string;
    /** The chess figure drawn instead of the letter, when the piece moves as that prelude piece. */
    standard?: StandardPiece;
}

/** A piece standing on a cell of a diagram (SvgDiagramOptions.pieces). */
export interface DrawnPiece {
    square: Square;
    face: PieceFace;
    side: PieceSide;
}

/** The pieces by cell (`file,rank`), for the renderers. */
export function piecesByCell(pieces: readonly DrawnPiece[] = []): Map<string, DrawnPiece> {
    return new Map(pieces.map((p) => [`${p.square.file},${p.square.rank}`, p]));
}

/** The figures on a 40 x 40 grid, base at the bottom; each one path (non-zero fill: an inner subpath wound the other way is a hole). */
const FIGURES: Record<StandardPiece, string> = {
    pawn: 'M12 35H28L27 31C27 27 24.5 24.5 22.8 23.2A6 6 0 1 0 17.2 23.2C15.5 24.5 13 27 13 31Z',
    rook: 'M11 35H29V31H26.5L25.5 18H28V10H24.5V13H21.8V10H18.2V13H15.5V10H12V18H14.5L13.5 31H11Z',
    knight: 'M12 35H30V31C30 24 29.5 17 26 12L24.5 6L22 9.5L20 6.5L18.5 10.5C14.5 12 11 16 9 21L11 24.5L14.5 23L18.5 20.5C18.5 24 15 26.5 13.5 31H12Z'
        + 'M19.5 14.8A1.4 1.4 0 1 1 19.5 14.7Z',
    bishop: 'M11 35H29V32H23.5C27 29 28 24.5 26 20.5L21.5 13.5A2.6 2.6 0 1 0 18.5 13.5L14 20.5C12 24.5 13 29 16.5 32H11Z'
        + 'M20.5 20.5L21.4 22L25.4 19.5L24.5 18Z',
    queen: 'M11 35H29V32L27.5 30L31 14L25 24L25.5 11L21.5 23L20 9L18.5 23L14.5 11L15 24L9 14L12.5 30L11 32Z'
        + 'M9 12.6A1.4 1.4 0 1 1 9 15.4A1.4 1.4 0 1 1 9 12.6Z'
        + 'M14.5 9.6A1.4 1.4 0 1 1 14.5 12.4A1.4 1.4 0 1 1 14.5 9.6Z'
        + 'M20 7.6A1.4 1.4 0 1 1 20 10.4A1.4 1.4 0 1 1 20 7.6Z'
        + 'M25.5 9.6A1.4 1.4 0 1 1 25.5 12.4A1.4 1.4 0 1 1 25.5 9.6Z'
        + 'M31 12.6A1.4 1.4 0 1 1 31 15.4A1.4 1.4 0 1 1 31 12.6Z',
    king: 'M11 35H29V32L27 30C30.5 25.5 30.5 19 25.5 18C23.5 18 21.5 19 20 21.5C18.5 19 16.5 18 14.5 18C9.5 19 9.5 25.5 13 30L11 32Z'
        + 'M21.4 21V13.6H24V11H21.4V8H18.6V11H16V13.6H18.6V21Z'
};

/** The side's paint: the fill, the outline, and the ink of a letter on that fill. */
const PAINT: Record<PieceSide, { fill: string; line: string; ink: string }> = {
    white: { fill: '#ffffff', line: '#1f1f1f', ink: '#1f1f1f' },
    black: { fill: '#262626', line: '#f2f2f2', ink: '#ffffff' }
};

/**
 * The SVG elements that draw the piece on the square whose top-left corner is (x, y) and whose
 * side is `size` (any size: the figure and the letter scale with it). No ids, no fonts but the
 * generic `sans-serif` family: the elements can go into any SVG document.
 */
export function pieceSvg(face: PieceFace, side: PieceSide, x: number, y: number, size: number): string {
    const paint = PAINT[side];
    if (face.standard) {
        // The 40-unit grid in the square, with a margin; the outline keeps its width in pixels (about 1 px at 24 px squares).
        const scale = size / 40;
        const line = Math.max(0.8, size / 28) / scale;
        return `<path transform="translate(${num(x)} ${num(y)}) scale(${Math.round(scale * 1000) / 1000})" d="${FIGURES[face.standard]}" `
            + `fill="${paint.fill}" stroke="${paint.line}" stroke-width="${num(line)}" stroke-linejoin="round"/>`;
    }
    const letter = face.letter.toUpperCase();
    const cx = x + size / 2;
    const cy = y + size / 2;
    const fontSize = size * (letter.length > 1 ? 0.4 : 0.54);
    return `<circle cx="${num(cx)}" cy="${num(cy)}" r="${num(size * 0.41)}" fill="${paint.fill}" stroke="${paint.line}" stroke-width="${num(Math.max(0.8, size / 28))}"/>`
        + `<text x="${num(cx)}" y="${num(cy + fontSize * 0.36)}" font-family="sans-serif" font-size="${num(fontSize)}" font-weight="bold" text-anchor="middle" fill="${paint.ink}">${escapeXml(letter)}</text>`;
}

/** The text form: the letter as FEN writes it, upper case for White and lower case for Black. */
export function pieceText(face: PieceFace, side: PieceSide): string {
    return side === 'white' ? face.letter.toUpperCase() : face.letter.toLowerCase();
}

/** The face of a piece known by name: the letter its game gives it, else the initial of its name. */
export function namedFace(name: string, given: { letter?: string; standard?: StandardPiece } = {}): PieceFace {
    const letter = given.letter ?? /[\p{L}\p{N}]/u.exec(name)?.[0] ?? '?';
    return { letter, ...(given.standard ? { standard: given.standard } : {}) };
}
