/**
 * A game's position drawn whole: each square with the letter of the piece on it, White's in
 * upper case, Black's in lower case, as FEN writes them (issue 23: boards draw each piece's
 * letter, not identical discs). Read from a FEN's placement (promoted pieces `+p`, Fairy-
 * Stockfish's `~` mark dropped), on a rectangle of files x ranks; the text and the SVG drawing
 * show the same cells.
 */
import { escapeXml } from './svg-paint.js';
import { fileName } from '../geometry/square.js';

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
        return `${rank} ${row.map((c) => (c.letter ?? '.').padStart(2)).join('')}`;
    });
    lines.push(`${' '.repeat(width)} ${Array.from({ length: position.files }, (_, f) => fileName(f).padStart(2)).join('')}`);
    if (position.hand !== undefined) lines.push(`in hand: ${position.hand === '' || position.hand === '-' ? 'nothing' : position.hand}`);
    lines.push(`${position.toMove === 'white' ? 'White' : 'Black'} to move`);
    return lines.join('\n');
}

/** The position as an SVG picture: squares, and on each piece its letter in a disc of its side's colour. */
export function renderPositionSvg(position: DrawnPosition, cell = 28, title = ''): string {
    const margin = 16;
    const width = margin + position.files * cell + 4;
    const height = position.ranks * cell + margin + 4;
    const parts: string[] = [];
    parts.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif">`);
    if (title) parts.push(`<title>${escapeXml(title)}</title>`);
    parts.push(`<rect width="${width}" height="${height}" fill="#ffffff"/>`);
    position.rows.forEach((row, r) => {
        row.forEach((c, f) => {
            const x = margin + f * cell;
            const y = r * cell;
            parts.push(`<rect x="${x}" y="${y}" width="${cell}" height="${cell}" fill="${(f + position.ranks - 1 - r) % 2 === 0 ? '#b58863' : '#f0d9b5'}"/>`);
            if (!c.letter) return;
            const white = c.letter.replace('+', '') === c.letter.replace('+', '').toUpperCase();
            const cx = x + cell / 2;
            const cy = y + cell / 2;
            parts.push(`<circle cx="${cx}" cy="${cy}" r="${cell * 0.4}" fill="${white ? '#ffffff' : '#222222'}" stroke="#222222" stroke-width="1"/>`);
            const size = Math.round(cell * (c.letter.length > 1 ? 0.38 : 0.5));
            parts.push(`<text x="${cx}" y="${cy}" font-size="${size}" font-weight="bold" text-anchor="middle" dominant-baseline="central" fill="${white ? '#222222' : '#ffffff'}">${escapeXml(c.letter.toUpperCase())}</text>`);
        });
        parts.push(`<text x="${margin / 2}" y="${r * cell + cell / 2}" font-size="10" text-anchor="middle" dominant-baseline="central" fill="#444444">${position.ranks - r}</text>`);
    });
    for (let f = 0; f < position.files; f++) {
        parts.push(`<text x="${margin + f * cell + cell / 2}" y="${position.ranks * cell + margin / 2 + 2}" font-size="10" text-anchor="middle" dominant-baseline="central" fill="#444444">${fileName(f)}</text>`);
    }
    parts.push('</svg>');
    return parts.join('');
}
