/**
 * What a movement diagram shows on each square, independent of how it is drawn: the text
 * and SVG renderers both read this model, so they always agree on what a square means.
 */
import type { Destination, SetUp } from '../engine/board.js';
import { type Board, boardGeometry, type Square, squareName } from '../geometry/index.js';

/** An inclusive, 0-based range of files and of ranks to draw. */
export interface DiagramWindow {
    files: [number, number];
    ranks: [number, number];
}

export type Occupant = 'piece' | 'friend' | 'enemy' | 'empty';

/** One square of the diagram: what stands there and what the piece can do there. */
export interface Cell {
    square: Square;
    occupant: Occupant;
    /** Moves here without capturing (only ever on an empty square). */
    move: boolean;
    /** Captures by landing here (an enemy standing here, or one that were added). */
    capture: boolean;
    /** Captures a piece here without moving onto the square. */
    igui: boolean;
    /** Every igui capture here is made after moving to another square first (Destination.iguiFrom). */
    iguiAway: boolean;
    /** Pieces it may promote to on arriving here; empty when it does not promote here. */
    promotions: string[];
    /** An enemy here is captured on the way by some move that lands elsewhere (Destination.locusts). */
    onTheWay: boolean;
    /** Every way of reaching this destination exists only while the piece has not moved (Destination.firstMoveOnly). */
    firstMoveOnly: boolean;
}

/**
 * The kinds of things a diagram can show, in legend order. Destination kinds follow the
 * flags: `both` = move or capture, `igui` = capture without moving and nothing else,
 * `move-igui` = move, or capture without moving (but not by landing), `igui-away` = capture without
 * moving, from a square the piece moved to first. A square where the piece captures by landing
 * *and* by igui shows the landing capture: either way the enemy is taken.
 */
export type CellKind =
    | 'piece' | 'empty' | 'friend' | 'enemy'
    | 'both' | 'move' | 'capture' | 'igui' | 'igui-away' | 'move-igui'
    | 'enemy-captured';

export const CELL_KINDS: readonly CellKind[] = [
    'piece', 'empty', 'friend', 'enemy', 'both', 'move', 'capture', 'igui', 'igui-away', 'move-igui', 'enemy-captured'
];

export function cellKind(cell: Cell): CellKind {
    switch (cell.occupant) {
        case 'piece': return 'piece';
        // A friend can never be landed on or captured; the engine never lists one.
        case 'friend': return 'friend';
        case 'enemy': return cell.capture || cell.igui || cell.onTheWay ? 'enemy-captured' : 'enemy';
        case 'empty':
            if (cell.move && cell.capture) return 'both';
            if (cell.move && cell.igui) return 'move-igui';
            if (cell.move) return 'move';
            if (cell.capture) return 'capture';
            if (cell.igui) return cell.iguiAway ? 'igui-away' : 'igui';
            return 'empty';
    }
}

const key = (sq: Square) => `${sq.file},${sq.rank}`;

/** How cells are named in words under a diagram: the board's own names (Glinski's on the hexagon); without a board, square names. */
export function cellNamer(board?: Board): (sq: Square) => string {
    if (!board) return squareName;
    const geometry = boardGeometry(board);
    return (sq) => geometry.name(sq);
}

/** The diagram's cells, top rank first (White moves up the page), files left to right. */
export function diagramCells(setup: SetUp, destinations: readonly Destination[], window: DiagramWindow): Cell[][] {
    const occupants = new Map<string, Occupant>();
    for (const sq of setup.friends) occupants.set(key(sq), 'friend');
    for (const sq of setup.enemies) occupants.set(key(sq), 'enemy');
    occupants.set(key(setup.at), 'piece');
    // Merge duplicates rather than let the last one win: a caller may concatenate lists.
    const flags = new Map<string, { move: boolean; capture: boolean; igui: boolean; iguiHere: boolean; always: boolean; promotions: Set<string> }>();
    const start = key(setup.at);
    const victims = new Set(destinations.flatMap((d) => (d.locusts ?? []).flat().map(key)));
    for (const d of destinations) {
        const f = flags.get(key(d.square)) ?? { move: false, capture: false, igui: false, iguiHere: false, always: false, promotions: new Set<string>() };
        f.move ||= d.move;
        f.capture ||= d.capture;
        f.igui ||= d.igui;
        f.iguiHere ||= d.igui && (!d.iguiFrom || d.iguiFrom.some((sq) => key(sq) === start));
        f.always ||= !d.firstMoveOnly;
        for (const p of d.promotions ?? []) f.promotions.add(p);
        flags.set(key(d.square), f);
    }
    const rows: Cell[][] = [];
    for (let rank = window.ranks[1]; rank >= window.ranks[0]; rank--) {
        const row: Cell[] = [];
        for (let file = window.files[0]; file <= window.files[1]; file++) {
            const square = { file, rank };
            const occupant = occupants.get(key(square)) ?? 'empty';
            const f = flags.get(key(square));
            const active = f !== undefined && occupant !== 'piece' && occupant !== 'friend';
            row.push({
                square,
                occupant,
                // Nobody moves onto an occupied square without capturing.
                move: active && occupant === 'empty' && f.move,
                capture: active && f.capture,
                igui: active && f.igui,
                iguiAway: active && f.igui && !f.iguiHere,
                promotions: active && (f.move || f.capture) ? [...f.promotions] : [],
                onTheWay: occupant === 'enemy' && victims.has(key(square)),
                firstMoveOnly: active && (f.move || f.capture || f.igui) && !f.always
            });
        }
        rows.push(row);
    }
    return rows;
}

/**
 * The cells of the board inside the window, each once, in reading order (from White's side): what
 * a renderer that draws cells where the geometry places them (svg-cells.ts, the hexagon's text)
 * iterates over. Holes and the corners of a hexagon's lattice box are not cells.
 */
export function boardCells(setup: SetUp, destinations: readonly Destination[], window: DiagramWindow): Cell[] {
    const board = boardGeometry(setup.board);
    return diagramCells(setup, destinations, window).reverse().flat().filter((c) => board.contains(c.square));
}

/** How many destinations lie outside the window (so a renderer can say so). */
export function outsideWindow(destinations: readonly Destination[], window: DiagramWindow): number {
    const seen = new Set<string>();
    for (const d of destinations) if (!inWindow(window, d.square)) seen.add(key(d.square));
    return seen.size;
}

export function inWindow(window: DiagramWindow, sq: Square): boolean {
    return sq.file >= window.files[0] && sq.file <= window.files[1] && sq.rank >= window.ranks[0] && sq.rank <= window.ranks[1];
}

/**
 * The board window to draw: the smallest square centred on the piece that holds every
 * destination and every other piece of the set-up, at least `minSide` wide. Riders run to the
 * board's edge, so the board bounds it. Near an edge the square is shifted back onto the board
 * (the piece is then off-centre) rather than cut, so a pawn on its first ranks still gets a full
 * square of context; only a board narrower than the square cuts it.
 */
export function diagramWindow(setup: SetUp, destinations: readonly Destination[], minSide = 5): DiagramWindow {
    const { at, board } = setup;
    const geometry = boardGeometry(board);
    // A hexagon is drawn whole: a window of its lattice box would be a slanted parallelogram of it.
    if (!geometry.geometry.grid) return { files: [0, board.files - 1], ranks: [0, board.ranks - 1] };
    let reach = Math.max(0, Math.floor((minSide - 1) / 2));
    const points = [...destinations.map((d) => d.square), ...setup.friends, ...setup.enemies];
    for (const sq of points) {
        if (!geometry.contains(sq)) continue;
        reach = Math.max(reach, Math.abs(sq.file - at.file), Math.abs(sq.rank - at.rank));
    }
    // An even minSide asks for one more square than a centred odd side gives.
    const side = Math.max(2 * reach + 1, minSide);
    return { files: span(at.file, side, board.files), ranks: span(at.rank, side, board.ranks) };
}

/** `side` consecutive indices around `centre`, kept within [0, limit). */
function span(centre: number, side: number, limit: number): [number, number] {
    if (side >= limit) return [0, limit - 1];
    let from = centre - Math.floor((side - 1) / 2);
    from = Math.min(Math.max(from, 0), limit - side);
    return [from, from + side - 1];
}

/**
 * The set-up after a click on `square` in an interactive diagram: empty -> friend -> enemy ->
 * empty. The piece's own square and squares off the board (or holes in it) are left alone. Pure: the input is
 * not changed, and re-rendering needs only the engine's destinations for the result.
 */
export function cycleOccupant(setup: SetUp, square: Square): SetUp {
    if (!boardGeometry(setup.board).contains(square) || key(square) === key(setup.at)) return setup;
    const same = (sq: Square) => key(sq) === key(square);
    const friends = setup.friends.filter((sq) => !same(sq));
    const enemies = setup.enemies.filter((sq) => !same(sq));
    if (setup.friends.some(same)) enemies.push({ ...square });
    else if (!setup.enemies.some(same)) friends.push({ ...square });
    return { ...setup, friends, enemies };
}

/** A unit step from a cell that comes back in at the far edge (a cylinder's files): where the diagram marks the join. */
export interface WrapEdge {
    cell: Square;
    /** The unit step, in lattice coordinates, that wraps. */
    step: readonly [number, number];
}

/**
 * The board's edges that join another edge: for each cell and unit step whose neighbour is not
 * drawn next to it. Asked of the geometry (its `step` wraps), so a diagram marks any joined
 * edges the same way, whatever the shape. Empty on a board that does not wrap.
 */
export function wrapEdges(board: Board): readonly WrapEdge[] {
    const geometry = boardGeometry(board);
    const out: WrapEdge[] = [];
    for (const cell of geometry.cells) {
        const at = geometry.place(cell);
        for (const step of geometry.geometry.units) {
            const next = geometry.step(cell, step);
            if (!next) continue;
            const there = geometry.place(next);
            // Neighbours' centres are one unit apart on every lattice; farther means it wrapped round.
            if (Math.hypot(there.x - at.x, there.y - at.y) > 1.5) out.push({ cell, step });
        }
    }
    return out;
}

/** The lattice cells of a square board's box that are not cells of it: its holes (only square lattices fill their box). */
export function holes(board: Board): Square[] {
    const geometry = boardGeometry(board);
    if (!geometry.geometry.grid || geometry.cells.length === board.files * board.ranks) return [];
    const out: Square[] = [];
    for (let rank = 0; rank < board.ranks; rank++) for (let file = 0; file < board.files; file++) if (!geometry.contains({ file, rank })) out.push({ file, rank });
    return out;
}
