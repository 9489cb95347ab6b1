/**
 * Zones on a diagram (the palace, the river side, the promotion zone): sets of squares drawn as
 * tinted, outlined areas with a legend, and said in words as compact rectangles (`d1-f3`).
 * Squares are on the board as drawn: a Black piece's zones arrive already turned (views/zones.ts).
 */
import { type Board, boardGeometry, type Square, squareName } from '../geometry/index.js';
import type { DiagramWindow } from './cells.js';

export interface DiagramZone {
    /** The zone's name as the file writes it (`palace`, `own-side`). */
    name: string;
    squares: Square[];
    /**
     * The piece's moves depend on it (a keyword, a confinement, a condition, its promotion zone):
     * tinted and outlined. Other zones of the declared board are only outlined, for orientation.
     */
    relevant?: boolean;
}

const key = (sq: Square) => `${sq.file},${sq.rank}`;

/** Membership test for one zone, built once per diagram. */
export function zoneSet(zone: DiagramZone): Set<string> {
    return new Set(zone.squares.map(key));
}

export function inZone(set: ReadonlySet<string>, sq: Square): boolean {
    return set.has(key(sq));
}

/**
 * A zone's boundary inside the window, as unit edges between a square in the zone and one
 * outside it (or off the board). Where the zone goes on past the window's edge no edge is drawn,
 * so a zone the window cuts does not look closed. Coordinates are in squares: a horizontal edge
 * `{ x, y, horizontal: true }` runs from (x, y) to (x + 1, y), where rank r's lower edge is y = r.
 */
export interface Edge {
    x: number;
    y: number;
    horizontal: boolean;
}

export function zoneEdges(zone: DiagramZone, window: DiagramWindow): Edge[] {
    const set = zoneSet(zone);
    const has = (file: number, rank: number) => set.has(`${file},${rank}`);
    const edges: Edge[] = [];
    for (let rank = window.ranks[0]; rank <= window.ranks[1]; rank++) {
        for (let file = window.files[0]; file <= window.files[1]; file++) {
            if (!has(file, rank)) continue;
            if (!has(file, rank - 1)) edges.push({ x: file, y: rank, horizontal: true });
            if (!has(file, rank + 1)) edges.push({ x: file, y: rank + 1, horizontal: true });
            if (!has(file - 1, rank)) edges.push({ x: file, y: rank, horizontal: false });
            if (!has(file + 1, rank)) edges.push({ x: file + 1, y: rank, horizontal: false });
        }
    }
    return edges;
}

/**
 * The squares as few rectangles as a greedy cover gives, each `d1-f3` (or `e5` alone), in
 * reading order from a1: `d1-f3` for the palace, `a1-i5` for a side of the xiangqi board.
 * On another board the rectangles are of its own file and rank numbers, named as it names cells
 * (on Glinski's hexagon `d1-f3` is files d to f by ranks 1 to 3, as a zone is written there);
 * a rectangle never includes a cell outside the set.
 */
export function compactSquares(squares: readonly Square[], board?: Board): string[] {
    const geometry = board ? boardGeometry(board) : undefined;
    const name = geometry ? (sq: Square) => geometry.name(sq) : squareName;
    // Each cell by its (file number, rank number) as the board names it: on squares, file + 1 and rank + 1.
    const at = new Map<string, Square>();
    const coords = (sq: Square) => (geometry ? { f: geometry.fileNumber(sq), r: geometry.rankNumber(sq) } : { f: sq.file + 1, r: sq.rank + 1 });
    for (const sq of squares) {
        const c = coords(sq);
        at.set(`${c.f},${c.r}`, sq);
    }
    const left = new Set(at.keys());
    const sorted = [...at.keys()].map((k) => k.split(',').map(Number)).sort((a, b) => a[1] - b[1] || a[0] - b[0]);
    const out: string[] = [];
    for (const [file, rank] of sorted) {
        if (!left.has(`${file},${rank}`)) continue;
        // Grow right along the rank, then up while the whole row is there.
        let width = 1;
        while (left.has(`${file + width},${rank}`)) width++;
        let height = 1;
        const rowThere = (r: number) => Array.from({ length: width }, (_, i) => `${file + i},${r}`).every((k) => left.has(k));
        while (rowThere(rank + height)) height++;
        for (let r = 0; r < height; r++) for (let f = 0; f < width; f++) left.delete(`${file + f},${rank + r}`);
        const start = at.get(`${file},${rank}`)!;
        const end = at.get(`${file + width - 1},${rank + height - 1}`)!;
        out.push(width === 1 && height === 1 ? name(start) : `${name(start)}-${name(end)}`);
    }
    return out;
}

/** `zone palace: d1-f3` for each zone (a line each), the ones the piece depends on first; cells named as `board` names them. */
export function zoneFacts(zones: readonly DiagramZone[], board?: Board): string[] {
    return orderZones(zones).map((z) => `zone ${z.name}: ${z.squares.length > 0 ? compactSquares(z.squares, board).join(', ') : 'no squares on this board'}`);
}
/** Relevant zones first, then the board's others; each name once (the first wins). */
export function orderZones(zones: readonly DiagramZone[]): DiagramZone[] {
    const seen = new Set<string>();
    const unique = zones.filter((z) => !seen.has(z.name) && (seen.add(z.name), true));
    return [...unique.filter((z) => z.relevant), ...unique.filter((z) => !z.relevant)];
}
