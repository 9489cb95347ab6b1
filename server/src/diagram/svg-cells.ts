/**
 * SVG movement diagrams on boards whose cells are not squares (the hexagon): every cell is the
 * `<polygon>` its geometry's `place(cell).corners` give, coloured by `shade(cell)` (three colours
 * on the hexagon, as Glinski's board), with the same markers, zones, legend and click targets as
 * the square diagrams (svg.ts). Nothing here knows the cells' shape: it only asks the geometry.
 */
import type { Destination, SetUp } from '../engine/board.js';
import { boardGeometry, type BoardGeometry, type CellPlace, type Square } from '../geometry/index.js';
import { boardCells, cellKind, diagramWindow, inWindow, outsideWindow, wrapEdges, type Cell } from './cells.js';
import { locustPairs } from './facts.js';
import {
    COLOURS, escapeXml, fontSize, frame, group, legendKeys, legendMarkup, locustLines, num, PAD, path, Shapes, svgDocument, textWidth,
    ZONE_COLOURS, ZONE_DASHES
} from './svg-paint.js';
import { orderZones, zoneSet, type DiagramZone } from './zones.js';
import { pieceSvg, piecesByCell } from './piece-drawing.js';
import type { SvgDiagramOptions, SvgLayout } from './svg.js';

/** Cell colours by shade: two shades are the chessboard's; three (the hexagon) add a middle one. */
const SHADE_COLOURS: Readonly<Record<number, readonly string[]>> = {
    2: [COLOURS.light, COLOURS.dark],
    3: [COLOURS.light, '#ddd6c6', COLOURS.dark]
};

/** Markers in the corners (promotion crown, first-move pennant) are drawn smaller, to stay inside a hexagon. */
const CORNER_SCALE = 0.75;

/** How far from a cell's centre its coordinate label goes, in cell units. */
const LABEL_OFFSET = 0.9;

interface Label {
    x: number;
    y: number;
    text: string;
}

/**
 * Coordinates around the board, in cell units: each rank's number beside its leftmost cell and,
 * where a file's cells stand in one vertical line (Glinski's files), its letter under its lowest.
 * Each label goes on the first side (left, up-left, down-left, down) clear of every cell.
 */
function labelsFor(geometry: BoardGeometry, cells: readonly Cell[], places: ReadonlyMap<Cell, CellPlace>): Label[] {
    const out: Label[] = [];
    const centres = [...places.values()];
    const clear = (x: number, y: number) => centres.every((p) => Math.hypot(p.x - x, p.y - y) >= 0.8);
    const beside = (place: CellPlace, text: string, sides: readonly (readonly [number, number])[]) => {
        for (const [dx, dy] of sides) {
            const x = place.x + dx * LABEL_OFFSET;
            const y = place.y + dy * LABEL_OFFSET;
            if (clear(x, y)) return out.push({ x, y, text });
        }
        return undefined;
    };
    // Leftmost, and the lowest of cells one above the other.
    const moreLeft = (a: CellPlace, b: CellPlace) => a.x < b.x - 1e-9 || (Math.abs(a.x - b.x) < 1e-9 && a.y < b.y);
    const ranks = new Map<number, Cell>();
    for (const c of cells) {
        const rank = geometry.rankNumber(c.square);
        const best = ranks.get(rank);
        if (!best || moreLeft(places.get(c)!, places.get(best)!)) ranks.set(rank, c);
    }
    const s = Math.SQRT1_2;
    for (const [rank, c] of ranks) beside(places.get(c)!, String(rank), [[-1, 0], [-s, s], [-s, -s], [0, -1]]);
    const files = new Map<string, Cell[]>();
    for (const c of cells) {
        const letter = geometry.name(c.square).replace(/[0-9]+$/, '');
        files.set(letter, [...(files.get(letter) ?? []), c]);
    }
    for (const [letter, column] of files) {
        const xs = column.map((c) => places.get(c)!.x);
        // A lone cell says nothing about a file's line (the rows orientation's longest row).
        if (column.length < 2 || Math.max(...xs) - Math.min(...xs) > 1e-6) continue;
        const lowest = column.reduce((a, b) => (places.get(b)!.y < places.get(a)!.y ? b : a));
        beside(places.get(lowest)!, letter, [[0, -1], [s, -s], [-s, -s]]);
    }
    return out;
}

/** The layout of a cell diagram: the frame, and the map between cell units and the picture's pixels. */
function plan(setup: SetUp, destinations: readonly Destination[], options: SvgDiagramOptions) {
    const geometry = boardGeometry(setup.board);
    const window = options.window ?? diagramWindow(setup, destinations, options.minSide);
    const cell = Math.max(8, options.cellSize ?? 24);
    const cells = boardCells(setup, destinations, window);
    const places = new Map(cells.map((c) => [c, geometry.place(c.square)] as const));
    const labelSize = fontSize(cell) - 1;
    const labels = options.labels ? labelsFor(geometry, cells, places) : [];
    // The drawing's extent in cell units: every drawn corner, and every label with room for its text.
    let [minX, maxX, minY, maxY] = [Infinity, -Infinity, Infinity, -Infinity];
    const include = (x: number, y: number) => {
        minX = Math.min(minX, x);
        maxX = Math.max(maxX, x);
        minY = Math.min(minY, y);
        maxY = Math.max(maxY, y);
    };
    for (const p of places.values()) for (const [x, y] of p.corners) include(x, y);
    for (const l of labels) {
        const half = (textWidth(l.text, labelSize) / 2 + 1) / cell;
        const tall = (labelSize / 2 + 1) / cell;
        include(l.x - half, l.y - tall);
        include(l.x + half, l.y + tall);
    }
    if (cells.length === 0) [minX, maxX, minY, maxY] = [0, 1, 0, 1];
    const boardX = PAD;
    const boardY = PAD;
    const boardW = (maxX - minX) * cell;
    const boardH = (maxY - minY) * cell;
    const zones = orderZones(options.zones ?? []);
    const wraps = wrapEdges(setup.board).filter((w) => inWindow(window, w.cell));
    const keys = legendKeys(cells, destinations, zones, wraps.length > 0, (options.pieces?.length ?? 0) > 0);
    const outside = outsideWindow(destinations, window);
    const framed = frame({ boardX, boardY, boardW, boardH, below: 0 }, keys, cell, options, outside);
    const px = (x: number) => boardX + (x - minX) * cell;
    const py = (y: number) => boardY + (maxY - y) * cell;
    const layout: SvgLayout = { window, cell, boardX, boardY, width: framed.width, height: framed.height, units: { minX, maxY, board: setup.board } };
    return { ...framed, layout, geometry, cells, places, labels, labelSize, zones, wraps, outside, px, py };
}

export function cellLayout(setup: SetUp, destinations: readonly Destination[], options: SvgDiagramOptions): SvgLayout {
    return plan(setup, destinations, options).layout;
}

/** The cell under pixel (x, y) of a cell diagram: the nearest centre, if the point is inside that cell's outline. */
export function cellAt(layout: SvgLayout & { units: NonNullable<SvgLayout['units']> }, x: number, y: number): Square | undefined {
    const geometry = boardGeometry(layout.units.board);
    const ux = layout.units.minX + (x - layout.boardX) / layout.cell;
    const uy = layout.units.maxY - (y - layout.boardY) / layout.cell;
    let best: { sq: Square; place: CellPlace; d: number } | undefined;
    for (const sq of geometry.cells) {
        if (!inWindow(layout.window, sq)) continue;
        const place = geometry.place(sq);
        const d = Math.hypot(place.x - ux, place.y - uy);
        if (!best || d < best.d) best = { sq, place, d };
    }
    return best && inside(best.place.corners, ux, uy) ? best.sq : undefined;
}

/** Point in a convex polygon whose corners go round in either direction. */
function inside(corners: readonly (readonly [number, number])[], x: number, y: number): boolean {
    let sign = 0;
    for (let i = 0; i < corners.length; i++) {
        const [x1, y1] = corners[i];
        const [x2, y2] = corners[(i + 1) % corners.length];
        const cross = (x2 - x1) * (y - y1) - (y2 - y1) * (x - x1);
        if (Math.abs(cross) < 1e-12) continue;
        if (sign === 0) sign = Math.sign(cross);
        else if (Math.sign(cross) !== sign) return false;
    }
    return true;
}

export function renderCellDiagram(setup: SetUp, destinations: readonly Destination[], options: SvgDiagramOptions = {}): string {
    const p = plan(setup, destinations, options);
    const { layout, geometry, cells, places, px, py, legend, legendX, legendY, noteY, outside, zones, wraps } = p;
    const { cell, width, height } = layout;
    const corners = (place: CellPlace) => place.corners.map(([x, y]) => [px(x), py(y)] as const);
    const points = (place: CellPlace) => corners(place).map(([x, y]) => `${num(x)},${num(y)}`).join(' ');
    const palette = SHADE_COLOURS[geometry.shades] ?? SHADE_COLOURS[3];
    const byShade = palette.map(() => [] as string[]);
    const shapes = new Shapes();
    const pieces = piecesByCell(options.pieces);
    const figures: string[] = [];
    for (const c of cells) {
        const place = places.get(c)!;
        byShade[geometry.shade(c.square) % palette.length].push(`<polygon points="${points(place)}"/>`);
        const cx = px(place.x);
        const cy = py(place.y);
        const piece = pieces.get(`${c.square.file},${c.square.rank}`);
        if (piece) figures.push(pieceSvg(piece.face, piece.side, cx - cell / 2, cy - cell / 2, cell));
        shapes.mark(cellKind(c), cx, cy, cell, corners(place), piece !== undefined);
        if (c.promotions.length > 0) shapes.promotion(cx, cy, cell * CORNER_SCALE);
        if (c.firstMoveOnly) shapes.firstMove(cx, cy, cell * CORNER_SCALE);
    }
    // Joined edges: a seam on the side of each cell its wrapping step leaves by.
    for (const { cell: sq, step } of wraps) {
        const place = geometry.place(sq);
        const toward = geometry.place({ file: sq.file + step[0], rank: sq.rank + step[1] });
        const edge = facingEdge(place, toward.x - place.x, toward.y - place.y);
        if (edge) shapes.seam(px(edge[0][0]), py(edge[0][1]), px(edge[1][0]), py(edge[1][1]));
    }
    const zoneLayers = zones.map((z, i) => zoneLayer(z, i, geometry, cells, places, px, py, cell));
    const centre = (sq: Square): [number, number] => {
        const place = geometry.place(sq);
        return [px(place.x), py(place.y)];
    };
    const visible = (sq: Square) => inWindow(layout.window, sq) && geometry.contains(sq);
    const lines = locustLines(locustPairs(destinations).filter((l) => visible(l.from) && visible(l.to)), centre, cell);
    const { key, zoneKeys, texts } = legendMarkup(legend, legendX, legendY, zones, outside, noteY, (options.pieces?.length ?? 0) > 0);
    const labels = p.labels.map((l) =>
        `<text x="${num(px(l.x))}" y="${num(py(l.y) + p.labelSize * 0.35)}" text-anchor="middle">${escapeXml(l.text)}</text>`);
    // Invisible but painted (fill-opacity 0), so that they receive pointer events; named as the board names its cells.
    const hits = options.interactive
        ? cells.map((c) => `<polygon points="${points(places.get(c)!)}" data-square="${escapeXml(geometry.name(c.square))}"/>`)
        : [];
    return svgDocument(width, height, options.title, [
        ...byShade.map((polygons, i) => group(polygons, `fill="${palette[i]}" stroke="${COLOURS.border}" stroke-width="0.5"`)),
        ...zoneLayers.map((l) => l.tint),
        ...zoneLayers.map((l) => l.outline)
    ], { shapes, cell, lines, legend, key, zoneKeys, texts, labels, labelSize: p.labelSize, hits, figures });
}

/** The side of a cell's outline that faces direction (dx, dy): the one whose midpoint lies farthest along it. */
function facingEdge(place: CellPlace, dx: number, dy: number): [readonly [number, number], readonly [number, number]] | undefined {
    let best: { at: number; edge: [readonly [number, number], readonly [number, number]] } | undefined;
    const n = place.corners.length;
    for (let i = 0; i < n; i++) {
        const a = place.corners[i];
        const b = place.corners[(i + 1) % n];
        const at = ((a[0] + b[0]) / 2 - place.x) * dx + ((a[1] + b[1]) / 2 - place.y) * dy;
        if (!best || at > best.at) best = { at, edge: [a, b] };
    }
    return best?.edge;
}

/**
 * One zone on a cell diagram: its cells tinted (relevant zones) and its boundary outlined: each
 * side of a zone cell whose neighbour across it (the cell mirrored through that side) is not in
 * the zone, but is drawn, or is off the board; a side toward a cell of the board outside the
 * window is left open, as on squares.
 */
function zoneLayer(
    zone: DiagramZone, index: number, geometry: BoardGeometry, cells: readonly Cell[], places: ReadonlyMap<Cell, CellPlace>,
    px: (x: number) => number, py: (y: number) => number, cell: number
): { tint: string; outline: string } {
    const colour = ZONE_COLOURS[index % ZONE_COLOURS.length];
    const dash = ZONE_DASHES[index % ZONE_DASHES.length];
    const set = zoneSet(zone);
    const at = (x: number, y: number) => `${Math.round(x * 1000)},${Math.round(y * 1000)}`;
    const drawn = new Map<string, Square>();
    for (const c of cells) drawn.set(at(places.get(c)!.x, places.get(c)!.y), c.square);
    const onBoard = new Set(geometry.cells.map((sq) => { const p = geometry.place(sq); return at(p.x, p.y); }));
    const tint: string[] = [];
    const edges: string[] = [];
    for (const c of cells) {
        if (!set.has(`${c.square.file},${c.square.rank}`)) continue;
        const place = places.get(c)!;
        if (zone.relevant) tint.push(`M${place.corners.map(([x, y]) => `${num(px(x))} ${num(py(y))}`).join('L')}z`);
        const n = place.corners.length;
        for (let i = 0; i < n; i++) {
            const a = place.corners[i];
            const b = place.corners[(i + 1) % n];
            const across = at(a[0] + b[0] - place.x, a[1] + b[1] - place.y);
            const neighbour = drawn.get(across);
            const inside = neighbour && set.has(`${neighbour.file},${neighbour.rank}`);
            // A neighbour that is a cell of the board but not drawn: the zone may go on there.
            if (inside || (!neighbour && onBoard.has(across))) continue;
            edges.push(`M${num(px(a[0]))} ${num(py(a[1]))}L${num(px(b[0]))} ${num(py(b[1]))}`);
        }
    }
    const width = zone.relevant ? Math.max(2, cell / 9) : Math.max(1.5, cell / 14);
    return {
        tint: path(tint, `fill="${colour}" fill-opacity="0.3"`),
        outline: path(edges, `fill="none" stroke="${colour}" stroke-width="${num(width)}" stroke-linecap="round"${dash ? ` stroke-dasharray="${dash.split(' ').map((d) => num(Number(d) * width)).join(' ')}"` : ''}`)
    };
}
