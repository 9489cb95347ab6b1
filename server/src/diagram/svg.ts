/**
 * SVG movement diagrams for hovers (as markdown `data:` images: views/markdown.ts) and webviews.
 *
 * The output is one self-contained SVG 1.1 document: no external references, no scripts, only
 * generic font families, no ids (so several diagrams can be inlined in one page). Shapes of one
 * kind are merged into one element, which keeps even a fully marked 15x15 board under 20 KB.
 * Numbers are rounded to one decimal, so equal inputs give byte-identical output.
 *
 * Every kind differs by shape as well as colour (Okabe-Ito palette), so the diagram reads
 * without colour vision and in greyscale: move only = blue ring, move or capture = blue disc,
 * capture only = vermillion cross, capture without moving = purple four-pointed star (hollow when
 * it is made after moving to another square first), friendly piece = white disc, enemy piece =
 * black disc; a destination where the piece promotes carries a small yellow crown in its corner,
 * one that exists only on the piece's first move a small green pennant in the other corner. Zones
 * are tinted areas with an outline, each zone its own colour and dash pattern, named in the key.
 */
import { Buffer } from 'node:buffer';
import type { Destination, SetUp } from '../engine/board.js';
import { type Board, boardGeometry, fileName, type Square, squareName } from '../geometry/index.js';
import { cellKind, diagramCells, diagramWindow, inWindow, outsideWindow, wrapEdges, type DiagramWindow } from './cells.js';
import { cellAt, cellLayout, renderCellDiagram } from './svg-cells.js';
import { locustPairs } from './facts.js';
import { orderZones, zoneEdges, zoneSet, type DiagramZone } from './zones.js';
import { pieceSvg, piecesByCell, type DrawnPiece } from './piece-drawing.js';
import {
    COLOURS, escapeXml, fontSize, frame, legendKeys, legendMarkup, locustLines, num, PAD, path, pts, Shapes, svgDocument, textWidth,
    ZONE_COLOURS, ZONE_DASHES
} from './svg-paint.js';

export { COLOURS, ZONE_COLOURS, escapeXml } from './svg-paint.js';

export interface SvgDiagramOptions {
    /** Squares to draw; default `diagramWindow(setup, destinations, minSide)`. */
    window?: DiagramWindow;
    /** Minimum side of the default window (default 5). */
    minSide?: number;
    /** Side of one square in px (default 24; 16 fits 15x15 into 240 px). */
    cellSize?: number;
    /** File letters below and rank numbers to the left (default false). */
    labels?: boolean;
    /** A key to the markers that appear (default true). */
    legend?: boolean;
    /** Where the key goes: below the board (default), or beside it on the right, which keeps a hover short. */
    legendPosition?: 'below' | 'right';
    /** Accessible name of the image (`<title>`); escaped. */
    title?: string;
    /**
     * For webviews: lay one invisible square per board square on top, carrying its algebraic
     * name in `data-square`, so a click or key press can be mapped to a square without geometry.
     * `data-*` is HTML, not SVG 1.1: leave this off for hover images.
     */
    interactive?: boolean;
    /** Zones to draw (squares on the board as drawn): relevant ones tinted and outlined, others outlined. */
    zones?: readonly DiagramZone[];
    /**
     * Pieces drawn as themselves (piece-drawing.ts: figure or letter, by side) on their cells,
     * instead of the friend and enemy discs and the moving piece's "!" (a position's diagrams).
     */
    pieces?: readonly DrawnPiece[];
}

/** Where things are in a rendered diagram, so a click can be mapped back to a square. */
export interface SvgLayout {
    window: DiagramWindow;
    cell: number;
    /** Top-left corner of the board (the top-left square of the window). */
    boardX: number;
    boardY: number;
    width: number;
    height: number;
    /**
     * On a board whose cells are not squares (svg-cells.ts): the cell-unit coordinates of the
     * board's top-left corner (boardX, boardY), so a point maps back to a cell through the geometry.
     */
    units?: { minX: number; maxY: number; board: Board };
}

export function svgLayout(setup: SetUp, destinations: readonly Destination[], options: SvgDiagramOptions = {}): SvgLayout {
    if (!boardGeometry(setup.board).geometry.grid) return cellLayout(setup, destinations, options);
    return plan(setup, destinations, options).layout;
}

/** The square under point (x, y) of the SVG's coordinate system, or undefined off the board. */
export function squareAt(layout: SvgLayout, x: number, y: number): Square | undefined {
    if (layout.units) return cellAt({ ...layout, units: layout.units }, x, y);
    const col = Math.floor((x - layout.boardX) / layout.cell);
    const row = Math.floor((y - layout.boardY) / layout.cell);
    const files = layout.window.files[1] - layout.window.files[0] + 1;
    const ranks = layout.window.ranks[1] - layout.window.ranks[0] + 1;
    if (col < 0 || row < 0 || col >= files || row >= ranks) return undefined;
    return { file: layout.window.files[0] + col, rank: layout.window.ranks[1] - row };
}

function plan(setup: SetUp, destinations: readonly Destination[], options: SvgDiagramOptions) {
    const window = options.window ?? diagramWindow(setup, destinations, options.minSide);
    const cell = Math.max(8, options.cellSize ?? 24);
    const rows = diagramCells(setup, destinations, window);
    const files = window.files[1] - window.files[0] + 1;
    const ranks = window.ranks[1] - window.ranks[0] + 1;
    const labelSize = fontSize(cell) - 1;
    const rankLabelWidth = options.labels ? textWidth(String(window.ranks[1] + 1), labelSize) + 4 : 0;
    const fileLabelHeight = options.labels ? labelSize + 4 : 0;
    const boardX = PAD + rankLabelWidth;
    const boardY = PAD;
    const boardW = files * cell;
    const boardH = ranks * cell;

    const zones = orderZones(options.zones ?? []);
    const wraps = wrapEdges(setup.board).filter((w) => inWindow(window, w.cell));
    const keys = legendKeys(rows.flat(), destinations, zones, wraps.length > 0, (options.pieces?.length ?? 0) > 0);
    const outside = outsideWindow(destinations, window);
    const { legend, legendX, legendY, noteY, width, height } = frame({ boardX, boardY, boardW, boardH, below: fileLabelHeight }, keys, cell, options, outside);
    const layout: SvgLayout = { window, cell, boardX, boardY, width, height };
    return { layout, rows, legend, legendX, legendY, noteY, outside, labelSize, fileLabelHeight, zones, wraps };
}


export function renderSvgDiagram(setup: SetUp, destinations: readonly Destination[], options: SvgDiagramOptions = {}): string {
    if (!boardGeometry(setup.board).geometry.grid) return renderCellDiagram(setup, destinations, options);
    const { layout, rows, legend, legendX, legendY, noteY, outside, labelSize, fileLabelHeight, zones, wraps } = plan(setup, destinations, options);
    const { cell, boardX, boardY, width, height, window } = layout;
    const boardW = (window.files[1] - window.files[0] + 1) * cell;
    const boardH = (window.ranks[1] - window.ranks[0] + 1) * cell;
    const shapes = new Shapes();

    const geometry = boardGeometry(setup.board);
    const holes: string[] = [];
    const pieces = piecesByCell(options.pieces);
    const figures: string[] = [];
    rows.forEach((row, r) => row.forEach((c, f) => {
        const x = boardX + f * cell;
        const y = boardY + r * cell;
        // A hole is not a square of the board: left blank, never marked.
        if (!geometry.contains(c.square)) return shapes.square(holes, x, y, cell);
        // a1 is a dark square, as on every chessboard.
        if (geometry.shade(c.square) === 1) shapes.square(shapes.dark, x, y, cell);
        const piece = pieces.get(`${c.square.file},${c.square.rank}`);
        if (piece) figures.push(pieceSvg(piece.face, piece.side, x, y, cell));
        shapes.mark(cellKind(c), x + cell / 2, y + cell / 2, cell, undefined, piece !== undefined);
        if (c.promotions.length > 0) shapes.promotion(x + cell / 2, y + cell / 2, cell);
        if (c.firstMoveOnly) shapes.firstMove(x + cell / 2, y + cell / 2, cell);
    }));
    const zoneLayers = zones.map((z, i) => zoneLayer(z, i, layout));
    // Edges that join (a cylinder's): a seam along the side of each square whose step wraps round.
    for (const { cell: sq, step } of wraps) {
        const x = boardX + (sq.file - window.files[0]) * cell;
        const y = boardY + (window.ranks[1] - sq.rank) * cell;
        if (step[0] !== 0) shapes.seam(step[0] > 0 ? x + cell : x, y, step[0] > 0 ? x + cell : x, y + cell);
        else shapes.seam(x, step[1] > 0 ? y : y + cell, x + cell, step[1] > 0 ? y : y + cell);
    }

    // Capturing on the way: a dashed line from each enemy taken on the way to where the piece goes on to (docs/diagrams.md).
    const centre = (sq: Square): [number, number] =>
        [boardX + (sq.file - window.files[0] + 0.5) * cell, boardY + (window.ranks[1] - sq.rank + 0.5) * cell];
    const lines = locustLines(locustPairs(destinations).filter((p) => inWindow(window, p.from) && inWindow(window, p.to)), centre, cell);
    const { key, zoneKeys, texts } = legendMarkup(legend, legendX, legendY, zones, outside, noteY, (options.pieces?.length ?? 0) > 0);

    const labels: string[] = [];
    if (options.labels) {
        for (let f = window.files[0]; f <= window.files[1]; f++) {
            const x = boardX + (f - window.files[0] + 0.5) * cell;
            labels.push(`<text x="${num(x)}" y="${num(boardY + boardH + fileLabelHeight - 3)}" text-anchor="middle">${escapeXml(fileName(f))}</text>`);
        }
        for (let rk = window.ranks[0]; rk <= window.ranks[1]; rk++) {
            const y = boardY + (window.ranks[1] - rk + 0.5) * cell + labelSize * 0.35;
            labels.push(`<text x="${num(boardX - 3)}" y="${num(y)}" text-anchor="end">${escapeXml(String(rk + 1))}</text>`);
        }
    }

    // Invisible but painted (fill-opacity 0, not fill none), so that they receive pointer events.
    const hits = options.interactive
        ? rows.flatMap((row, r) => row.filter((c) => geometry.contains(c.square)).map((c) => [c, c.square.file - window.files[0]] as const).map(([c, f]) =>
            `<rect x="${num(boardX + f * cell)}" y="${num(boardY + r * cell)}" width="${num(cell)}" height="${num(cell)}" data-square="${escapeXml(squareName(c.square))}"/>`))
        : [];
    return svgDocument(width, height, options.title, [
        `<rect x="${num(boardX)}" y="${num(boardY)}" width="${num(boardW)}" height="${num(boardH)}" fill="${COLOURS.light}"/>`,
        path(shapes.dark, `fill="${COLOURS.dark}"`),
        path(holes, 'fill="#ffffff"'),
        ...zoneLayers.map((l) => l.tint),
        `<rect x="${num(boardX)}" y="${num(boardY)}" width="${num(boardW)}" height="${num(boardH)}" fill="none" stroke="${COLOURS.border}" stroke-width="1"/>`,
        ...zoneLayers.map((l) => l.outline)
    ], { shapes, cell, lines, legend, key, zoneKeys, texts, labels, labelSize, hits, figures });
}

/**
 * One zone on the board: a tint over its squares (relevant zones only: the ones the piece's moves
 * depend on) and an outline along its boundary, in the zone's colour and dash pattern.
 */
function zoneLayer(zone: DiagramZone, index: number, layout: SvgLayout): { tint: string; outline: string } {
    const { window, cell, boardX, boardY } = layout;
    const colour = ZONE_COLOURS[index % ZONE_COLOURS.length];
    const dash = ZONE_DASHES[index % ZONE_DASHES.length];
    const x = (file: number) => boardX + (file - window.files[0]) * cell;
    // Edge y is a rank boundary: the lower edge of rank r is y = r, drawn at the bottom of that rank's row.
    const y = (rank: number) => boardY + (window.ranks[1] + 1 - rank) * cell;
    const set = zoneSet(zone);
    const tint: string[] = [];
    if (zone.relevant) {
        for (let rank = window.ranks[0]; rank <= window.ranks[1]; rank++) {
            for (let file = window.files[0]; file <= window.files[1]; file++) {
                if (set.has(`${file},${rank}`)) tint.push(`M${pts(x(file), y(rank + 1))}h${num(cell)}v${num(cell)}h${num(-cell)}z`);
            }
        }
    }
    const edges = zoneEdges(zone, window).map((e) => `M${pts(x(e.x), y(e.y))}${e.horizontal ? 'h' : 'v'}${num(e.horizontal ? cell : -cell)}`);
    const width = zone.relevant ? Math.max(2, cell / 9) : Math.max(1.5, cell / 14);
    return {
        tint: path(tint, `fill="${colour}" fill-opacity="0.3"`),
        outline: path(edges, `fill="none" stroke="${colour}" stroke-width="${num(width)}" stroke-linecap="square"${dash ? ` stroke-dasharray="${dash.split(' ').map((d) => num(Number(d) * width)).join(' ')}"` : ''}`)
    };
}


/** The SVG as a base64 `data:` URI: VS Code hovers accept only this form (no raw spaces). */
export function svgDataUri(svg: string): string {
    return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}
