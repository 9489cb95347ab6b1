/**
 * The Play view's board: an SVG of the position (play/session.ts's BoardView), each cell an
 * element with `data-square` (focusable, for clicks and keys), the chosen piece, the squares it
 * may go to and the last move marked, White at the bottom unless flipped.
 */
import { pieceSvg, STANDARD_PIECES, type PieceFace, type StandardPiece } from '../../server/src/diagram/piece-drawing.js';
import type { BoardView } from '../../server/src/play/session.js';

export interface BoardMarks {
    selected?: string;
    targets: ReadonlySet<string>;
    lastMove?: { from?: string; to: string };
}

const SVG_NS = 'http://www.w3.org/2000/svg';
const CELL = 50;
const MARGIN = 16;
const LIGHT = '#f0d9b5';
const DARK = '#b58863';

/**
 * The board of `view`; `names` gives each piece's name by its upper-case letter (for the cells'
 * labels), `figures` the chess figure of the letters (lower case) drawn as one (the server's
 * `PlayGame.figures`).
 */
export function drawPlayBoard(view: BoardView, options: { flipped: boolean; marks: BoardMarks; names: ReadonlyMap<string, string>; figures?: Readonly<Record<string, string>> }): SVGSVGElement {
    const { flipped, marks, names, figures = {} } = options;
    const width = MARGIN + view.files * CELL;
    const height = view.ranks * CELL + MARGIN;
    const svg = element('svg', { viewBox: `0 0 ${width} ${height}`, width: String(width), height: String(height), role: 'grid', 'font-family': 'sans-serif' }) as SVGSVGElement;
    const x = (file: number) => MARGIN + (flipped ? view.files - 1 - file : file) * CELL;
    const y = (rank: number) => (flipped ? rank : view.ranks - 1 - rank) * CELL;
    for (const cell of view.cells) {
        const left = x(cell.file);
        const top = y(cell.rank);
        const last = marks.lastMove && (marks.lastMove.from === cell.square || marks.lastMove.to === cell.square);
        const fill = marks.selected === cell.square ? '#7fb3d5' : last ? '#cdd26a' : (cell.file + cell.rank) % 2 === 0 ? DARK : LIGHT;
        const piece = cell.letter ? `${cell.side === 'white' ? 'White' : 'Black'} ${names.get(cell.letter) ?? cell.letter}` : undefined;
        const square = element('rect', {
            x: String(left), y: String(top), width: String(CELL), height: String(CELL), fill,
            'data-square': cell.square, tabindex: '0', role: 'gridcell',
            'aria-label': `${cell.square}${piece ? `: ${piece}` : ''}${marks.targets.has(cell.square) ? ' (a legal move goes here)' : ''}`
        });
        if (cell.letter) square.setAttribute('data-piece', cell.side === 'white' ? cell.letter : cell.letter.toLowerCase());
        svg.append(square);
        if (cell.letter) svg.append(drawPiece(faceOf(cell.letter, figures), cell.side!, left, top));
        if (marks.targets.has(cell.square)) {
            svg.append(element('circle', {
                cx: String(left + CELL / 2), cy: String(top + CELL / 2), r: String(cell.letter ? CELL * 0.46 : CELL * 0.14),
                fill: cell.letter ? 'none' : '#2a7a2a', stroke: cell.letter ? '#2a7a2a' : 'none', 'stroke-width': '3', 'fill-opacity': '0.7', 'pointer-events': 'none'
            }));
        }
    }
    for (let rank = 0; rank < view.ranks; rank++) svg.append(label(String(rank + 1), MARGIN / 2, y(rank) + CELL / 2));
    for (let file = 0; file < view.files; file++) {
        const name = view.cells.find((c) => c.file === file)?.square.replace(/[0-9]+$/, '') ?? '';
        svg.append(label(name, x(file) + CELL / 2, view.ranks * CELL + MARGIN / 2 + 1));
    }
    return svg;
}

/** A letter's face: its figure where the server says it moves as a standard chess piece. */
function faceOf(letter: string, figures: Readonly<Record<string, string>>): PieceFace {
    const figure = figures[letter.toLowerCase()];
    return { letter, ...(isStandard(figure) ? { standard: figure } : {}) };
}

function isStandard(name: string | undefined): name is StandardPiece {
    return (STANDARD_PIECES as readonly string[]).includes(name ?? '');
}

/** The piece as every board draws it (diagram/piece-drawing.ts), under no pointer (clicks go to the square). */
function drawPiece(face: PieceFace, side: 'white' | 'black', left: number, top: number): SVGElement {
    const g = element('g', { 'pointer-events': 'none' });
    // The drawing module's own elements (escaped text, no scripts), parsed as SVG.
    g.innerHTML = pieceSvg(face, side, left, top, CELL);
    return g;
}

/** The square an event's target is (or is in), if any. */
export function squareOfEvent(event: Event): string | undefined {
    return (event.target instanceof Element ? event.target.closest('[data-square]')?.getAttribute('data-square') : undefined) ?? undefined;
}

/** The square under a pointer (where a drag is released). */
export function squareAtPoint(event: PointerEvent): string | undefined {
    return document.elementFromPoint(event.clientX, event.clientY)?.closest('[data-square]')?.getAttribute('data-square') ?? undefined;
}

function label(text: string, x: number, y: number): SVGElement {
    const t = element('text', { x: String(x), y: String(y), 'font-size': '10', 'text-anchor': 'middle', 'dominant-baseline': 'central', fill: 'currentColor', 'pointer-events': 'none' });
    t.textContent = text;
    return t;
}

function element(name: string, attributes: Record<string, string>): SVGElement {
    const e = document.createElementNS(SVG_NS, name) as SVGElement;
    for (const [key, value] of Object.entries(attributes)) e.setAttribute(key, value);
    return e;
}
