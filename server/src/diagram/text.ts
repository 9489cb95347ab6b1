/**
 * Text movement diagrams in the spec's convention (`!` the piece, `.` empty, `:` another
 * piece, `X` a destination), for the CLI and for LSP clients that do not show images.
 * One character per square, so the diagram stays a grid in any monospace font.
 */
import { fileName, type Destination, type SetUp } from '../engine/board.js';
import { cellKind, diagramCells, diagramWindow, outsideWindow, type CellKind, type DiagramWindow } from './cells.js';
import { destinationFacts } from './facts.js';
import { orderZones, zoneFacts, zoneSet, inZone, type DiagramZone } from './zones.js';

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
}

export function renderTextDiagram(setup: SetUp, destinations: readonly Destination[], options: TextDiagramOptions = {}): string {
    const window = options.window ?? diagramWindow(setup, destinations, options.minSide);
    const rows = diagramCells(setup, destinations, window);
    const seen = new Set<CellKind>();
    const files: string[] = [];
    for (let f = window.files[0]; f <= window.files[1]; f++) files.push(fileName(f));
    // Past the z-file, names take two letters: widen every column alike to keep the grid.
    const width = options.labels ? Math.max(1, ...files.map((f) => f.length)) : 1;
    const rankWidth = String(window.ranks[1] + 1).length;
    const zones = orderZones(options.zones ?? []);
    const marked = zones[0]?.relevant ? zones[0] : undefined;
    const markedSet = marked ? zoneSet(marked) : undefined;
    let firstMove = false;
    let zoneMarks = false;

    const lines = rows.map((row) => {
        const cells = row.map((cell) => {
            const kind = cellKind(cell);
            if (cell.firstMoveOnly) {
                firstMove = true;
                return FIRST_MOVE_SYMBOL.padEnd(width);
            }
            if (kind === 'empty' && markedSet && inZone(markedSet, cell.square)) {
                zoneMarks = true;
                return ZONE_SYMBOL.padEnd(width);
            }
            seen.add(kind);
            return TEXT_SYMBOLS[kind].padEnd(width);
        });
        const body = cells.join(' ').trimEnd();
        return options.labels ? `${String(row[0].square.rank + 1).padStart(rankWidth)} ${body}` : body;
    });
    if (options.labels) {
        lines.push(`${' '.repeat(rankWidth)} ${files.map((f) => f.padEnd(width)).join(' ').trimEnd()}`);
    }
    const outside = outsideWindow(destinations, window);
    if (outside > 0) lines.push(`(${outside} more destination${outside === 1 ? '' : 's'} outside this window)`);
    if (options.legend ?? true) {
        const extra = [
            ...(firstMove ? [`${FIRST_MOVE_SYMBOL} only on its first move`] : []),
            ...(zoneMarks && marked ? [`${ZONE_SYMBOL} empty square of zone ${marked.name}`] : [])
        ];
        lines.push(textLegend(seen, extra));
    }
    if (options.facts ?? true) lines.push(...zoneFacts(zones), ...destinationFacts(destinations));
    return lines.join('\n');
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
