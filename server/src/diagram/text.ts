/**
 * Text movement diagrams in the spec's convention (`!` the piece, `.` empty, `:` another
 * piece, `X` a destination), for the CLI and for LSP clients that do not show images.
 * One character per square, so the diagram stays a grid in any monospace font. Other cell shapes
 * are laid out where their geometry places them (the hexagon: the specification's offset rows).
 */
import type { Destination, SetUp } from '../engine/board.js';
import { boardGeometry, type BoardGeometry, fileName } from '../geometry/index.js';
import { boardCells, cellKind, diagramCells, diagramWindow, outsideWindow, type Cell, type CellKind, type DiagramWindow } from './cells.js';
import { boardFacts, destinationFacts } from './facts.js';
import { orderZones, zoneFacts, zoneSet, inZone, type DiagramZone } from './zones.js';
import { pieceText, piecesByCell, type DrawnPiece } from './piece-drawing.js';

/** The character for each kind of square; see docs/diagrams.md. */
export const TEXT_SYMBOLS: Readonly<Record<CellKind, string>> = {
    piece: '!',
    empty: '.',
    friend: ':',
    enemy: '#',
    both: 'X',
    move: 'o',
    capture: 'x',
    igui: '*',
    'igui-away': '~',
    'move-igui': '+',
    'enemy-captured': '@'
};

/** What each symbol means, as the legend says it. */
export const KIND_LABELS: Readonly<Record<CellKind, string>> = {
    piece: 'the piece',
    empty: 'empty',
    friend: 'friendly piece',
    enemy: 'enemy piece',
    both: 'move or capture',
    move: 'move only',
    capture: 'capture only',
    igui: 'capture without moving',
    'igui-away': 'capture without moving, after moving first',
    'move-igui': 'move, or capture without moving',
    'enemy-captured': 'enemy it captures'
};

/**
 * Marks that overlay a square's kind: a destination that exists only on the piece's first move
 * (Betza's and Parlett's `i`), whatever its kind (the line under the diagram says which), and an
 * empty square of the zone the piece's moves depend on most.
 */
export const FIRST_MOVE_SYMBOL = 'i';
export const ZONE_SYMBOL = '-';

/** Legend order: the piece, then destinations, then the board's other contents. */
const LEGEND_ORDER: readonly CellKind[] = [
    'piece', 'both', 'move', 'capture', 'igui', 'igui-away', 'move-igui', 'enemy-captured', 'friend', 'enemy', 'empty'
];

export interface TextDiagramOptions {
    /** Squares to draw; default `diagramWindow(setup, destinations, minSide)`. */
    window?: DiagramWindow;
    /** Minimum side of the default window (default 5). */
    minSide?: number;
    /** File letters below and rank numbers to the left (default false, as in the spec). */
    labels?: boolean;
    /** A last line naming each symbol that appears (default true). */
    legend?: boolean;
    /** Lines under the grid for zones, promotions, first moves and captures made after moving first (default true). */
    facts?: boolean;
    /** Zones to show: the first relevant one marks its empty squares, and a line names each zone's squares. */
    zones?: readonly DiagramZone[];
    /**
     * Pieces shown by their letters (piece-drawing.ts `pieceText`: White's upper case, Black's
     * lower case) instead of the friend and enemy symbols. For a position without moves: with
     * destinations, a letter could read as a destination's symbol (`o`, `x`).
     */
    pieces?: readonly DrawnPiece[];
}

export function renderTextDiagram(setup: SetUp, destinations: readonly Destination[], options: TextDiagramOptions = {}): string {
    const window = options.window ?? diagramWindow(setup, destinations, options.minSide);
    const geometry = boardGeometry(setup.board);
    const seen = new Set<CellKind>();
    const zones = orderZones(options.zones ?? []);
    const marked = zones[0]?.relevant ? zones[0] : undefined;
    const markedSet = marked ? zoneSet(marked) : undefined;
    let firstMove = false;
    let zoneMarks = false;
    let letters = false;
    const pieces = piecesByCell(options.pieces);
    /** The symbol of one cell (first-move and zone marks over its kind), noting what the legend must say. */
    const symbol = (cell: Cell): string => {
        const kind = cellKind(cell);
        const piece = pieces.get(`${cell.square.file},${cell.square.rank}`);
        if (piece && (kind === 'friend' || kind === 'enemy')) {
            letters = true;
            return pieceText(piece.face, piece.side);
        }
        if (cell.firstMoveOnly) {
            firstMove = true;
            return FIRST_MOVE_SYMBOL;
        }
        if (kind === 'empty' && markedSet && inZone(markedSet, cell.square)) {
            zoneMarks = true;
            return ZONE_SYMBOL;
        }
        seen.add(kind);
        return TEXT_SYMBOLS[kind];
    };
    // A promoted piece's two characters (`+P`) widen every column alike.
    const widest = Math.max(1, ...[...pieces.values()].map((p) => pieceText(p.face, p.side).length));
    const lines = geometry.geometry.grid
        ? squareGrid(setup, destinations, window, geometry, symbol, options.labels ?? false, widest)
        : placedGrid(boardCells(setup, destinations, window), geometry, symbol, options.labels ?? false);
    const outside = outsideWindow(destinations, window);
    if (outside > 0) lines.push(`(${outside} more destination${outside === 1 ? '' : 's'} outside this window)`);
    if (options.legend ?? true) {
        const extra = [
            ...(firstMove ? [`${FIRST_MOVE_SYMBOL} only on its first move`] : []),
            ...(zoneMarks && marked ? [`${ZONE_SYMBOL} empty square of zone ${marked.name}`] : []),
            ...(letters ? ['letters: pieces, White\'s in upper case, Black\'s in lower case'] : [])
        ];
        lines.push(textLegend(seen, extra));
    }
    if (options.facts ?? true) lines.push(...boardFacts(setup.board), ...zoneFacts(zones, setup.board), ...destinationFacts(destinations, setup.board));
    return lines.join('\n');
}

/** Squares: one character per square, a space between files; a hole is a blank. */
function squareGrid(setup: SetUp, destinations: readonly Destination[], window: DiagramWindow, geometry: BoardGeometry, symbol: (cell: Cell) => string, labels: boolean, widest = 1): string[] {
    const rows = diagramCells(setup, destinations, window);
    const files: string[] = [];
    for (let f = window.files[0]; f <= window.files[1]; f++) files.push(fileName(f));
    // Past the z-file, names take two letters: widen every column alike to keep the grid.
    const width = Math.max(widest, labels ? Math.max(1, ...files.map((f) => f.length)) : 1);
    const rankWidth = String(window.ranks[1] + 1).length;
    const lines = rows.map((row) => {
        const cells = row.map((cell) => (geometry.contains(cell.square) ? symbol(cell) : ' ').padEnd(width));
        const body = cells.join(' ').trimEnd();
        return labels ? `${String(row[0].square.rank + 1).padStart(rankWidth)} ${body}` : body;
    });
    if (labels) {
        lines.push(`${' '.repeat(rankWidth)} ${files.map((f) => f.padEnd(width)).join(' ').trimEnd()}`);
    }
    return lines;
}

/** How wide a monospace character is for its height. */
const CHARACTER_ASPECT = 0.6;

/**
 * Any other cell shape, where the geometry places each cell: a text row per height, columns
 * spaced to keep the board's proportions. The hexagon in rows is the specification's picture
 * (rows of cells offset by one character); in files, the cells at the same height (every other
 * file) share a row, and neighbouring rows are offset (three columns per file). Labels: when
 * every row is one rank, rank numbers on the left; when every column is one file, file letters below.
 */
function placedGrid(cells: readonly Cell[], geometry: BoardGeometry, symbol: (cell: Cell) => string, labels: boolean): string[] {
    if (cells.length === 0) return [];
    const placed = cells.map((cell) => ({ cell, at: geometry.place(cell.square) }));
    const round = (v: number) => Math.round(v * 1e6) / 1e6;
    const xs = [...new Set(placed.map((p) => round(p.at.x)))].sort((a, b) => a - b);
    const ys = [...new Set(placed.map((p) => round(p.at.y)))].sort((a, b) => b - a);
    let unit = Infinity;
    for (let i = 1; i < xs.length; i++) unit = Math.min(unit, xs[i] - xs[i - 1]);
    let rowGap = Infinity;
    for (let i = 1; i < ys.length; i++) rowGap = Math.min(rowGap, ys[i - 1] - ys[i]);
    // Keep the board's proportions in a monospace font (a character about 0.6 as wide as a line
    // is high): one character per half hexagon in rows (the specification's picture), three per
    // file in files; on squares the same rule would give the square grid's two per square.
    const perUnit = Number.isFinite(unit) && Number.isFinite(rowGap) ? Math.max(1, Math.round(unit / rowGap / CHARACTER_ASPECT)) : 1;
    const column = (x: number) => (Number.isFinite(unit) ? Math.round((round(x) - xs[0]) / unit) * perUnit : 0);
    const rowOf = new Map(ys.map((y, i) => [y, i]));
    const grid = ys.map(() => [] as { col: number; cell: Cell }[]);
    for (const p of placed) grid[rowOf.get(round(p.at.y))!].push({ col: column(p.at.x), cell: p.cell });
    const fileLetter = (cell: Cell) => geometry.name(cell.square).replace(/[0-9]+$/, '');
    // A row label only where the whole row is one rank, a file label only where the whole column is one file.
    const rowLabels = grid.map((row) => {
        const ranks = new Set(row.map((c) => geometry.rankNumber(c.cell.square)));
        return ranks.size === 1 ? String([...ranks][0]) : '';
    });
    const byColumn = new Map<number, Set<string>>();
    for (const row of grid) for (const c of row) byColumn.set(c.col, (byColumn.get(c.col) ?? new Set()).add(fileLetter(c.cell)));
    const columnLabels = [...byColumn].filter(([, letters]) => letters.size === 1).map(([col, letters]) => ({ col, text: [...letters][0] }));
    const showRows = labels && rowLabels.every((l) => l !== '');
    // Labels longer than a letter (a hexagon's files past z: aa, ab) where each fits before the next one with a space.
    const sortedLabels = [...columnLabels].sort((a, b) => a.col - b.col);
    const fit = sortedLabels.every((l, i) => i + 1 === sortedLabels.length || sortedLabels[i + 1].col - l.col > l.text.length);
    const showColumns = labels && columnLabels.length === byColumn.size && fit;
    const margin = showRows ? Math.max(...rowLabels.map((l) => l.length)) + 1 : 0;
    const line = (items: readonly { col: number; text: string }[], left = '') => {
        const chars: string[] = [];
        for (const { col, text } of items) {
            chars[col] = text;
            // A longer text takes the columns after its first (empty strings keep the rest in place).
            for (let k = 1; k < text.length; k++) chars[col + k] = '';
        }
        return (left.padStart(margin - 1) + (margin ? ' ' : '') + Array.from(chars, (c) => c ?? ' ').join('')).trimEnd();
    };
    const lines = grid.map((row, i) => line(row.sort((a, b) => a.col - b.col).map((c) => ({ col: c.col, text: symbol(c.cell) })), showRows ? rowLabels[i] : ''));
    if (showColumns) lines.push(line(columnLabels));
    return lines;
}

/**
 * `! the piece, X move or capture, ...` for the kinds given, in a fixed order; overlay marks
 * (`extra`, already worded) go after the destinations, before the board's other contents.
 */
export function textLegend(kinds: ReadonlySet<CellKind>, extra: readonly string[] = []): string {
    const entries = LEGEND_ORDER.filter((k) => kinds.has(k)).map((k) => ({ k, text: `${TEXT_SYMBOLS[k]} ${KIND_LABELS[k]}` }));
    const at = entries.findIndex((e) => e.k === 'friend' || e.k === 'enemy' || e.k === 'empty');
    const texts = entries.map((e) => e.text);
    texts.splice(at < 0 ? texts.length : at, 0, ...extra);
    return texts.join(', ');
}
