/**
 * The geometry seam's front door (issue 11): `boardGeometry(board)` is everything a board's
 * shape means (cells, names, steps, drawing), `geometryOf(board)` its lattice family. Nothing
 * outside server/src/geometry/ interprets `Board.shape`.
 */
import type { Board, Square } from './board.js';
import type { BoardGeometry, Geometry } from './geometry.js';
import { HexagonBoard } from './hex.js';
import { MAX_HEXAGON_SIDE, MAX_RECTANGLE_SIDE, MIN_HEXAGON_SIDE } from './limits.js';
import { inBox, parseSquare, RectangleBoard, SQUARE, squareName } from './square.js';

export type { BoardGeometry, CellPlace, DirectionTest, Geometry, GeometryKind, Step } from './geometry.js';
export type { Board, BoardShape, Square } from './board.js';
export { fileName, parseSquare, squareName } from './square.js';
export { SQUARE } from './square.js';
export { HEX_FILES, HEX_ROWS, SQUARE_ONLY_DIRECTIONS } from './hex.js';
export * from './limits.js';

/** Board geometries by value: a board is plain data, often rebuilt, so it is memoized by its key. */
const byKey = new Map<string, BoardGeometry>();
const byObject = new WeakMap<Board, BoardGeometry>();
/** Enough for every board a session uses; past it the oldest is forgotten. */
const MEMO_SIZE = 256;

/** The key two equal boards share (files, ranks and shape). */
export function boardKey(board: Board): string {
    const shape = board.shape;
    if (!shape) return `${board.files}x${board.ranks}`;
    if (shape.kind === 'hexagon') return `hex${shape.side}-${shape.orientation}`;
    const holes = (shape.holes ?? []).map((h) => `${h.file}.${h.rank}`).sort().join(',');
    return `${board.files}x${board.ranks}${shape.cylinder ? '-cylinder' : ''}${holes ? `-holes:${holes}` : ''}`;
}

/**
 * The geometry of `board` (memoized). A board outside the limits (`boardProblem` says why) is
 * read clamped to them, so that no caller can build a board of a billion cells: check
 * `boardProblem` first where the difference matters.
 */
export function boardGeometry(board: Board): BoardGeometry {
    let found = byObject.get(board);
    if (found) return found;
    const key = boardKey(board);
    found = byKey.get(key);
    if (!found) {
        const shape = board.shape;
        const clamp = (n: number, max: number) => (Number.isFinite(n) ? Math.min(max, Math.max(1, Math.floor(n))) : 1);
        found = shape?.kind === 'hexagon'
            ? new HexagonBoard(clamp(shape.side, MAX_HEXAGON_SIDE), shape.orientation === 'rows' ? 'rows' : 'files')
            : board.files === clamp(board.files, MAX_RECTANGLE_SIDE) && board.ranks === clamp(board.ranks, MAX_RECTANGLE_SIDE)
                ? new RectangleBoard(board, shape)
                : new RectangleBoard({ ...board, files: clamp(board.files, MAX_RECTANGLE_SIDE), ranks: clamp(board.ranks, MAX_RECTANGLE_SIDE) }, shape);
        if (byKey.size >= MEMO_SIZE) byKey.delete(byKey.keys().next().value!);
        byKey.set(key, found);
    }
    byObject.set(board, found);
    return found;
}

/** A cell of the board (inside its shape, not a hole); a plain rectangle is answered without its geometry (the engine's hot path). */
export function onBoard(board: Board, sq: Square): boolean {
    if (!board.shape) return sq.file >= 0 && sq.rank >= 0 && sq.file < board.files && sq.rank < board.ranks;
    return boardGeometry(board).contains(sq);
}

/** The board's own name of a cell (Glinski's on the hexagon; a plain rectangle's square name). */
export function cellName(board: Board, sq: Square): string {
    return board.shape ? boardGeometry(board).name(sq) : squareName(sq);
}

/** The lattice family of `board` (square unless its shape says otherwise). */
export function geometryOf(board: Board): Geometry {
    return board.shape?.kind === 'hexagon' ? boardGeometry(board).geometry : SQUARE;
}

/** Whether a board's shape wraps its files round (the walker must stop riders that come back). */
export function isCylinder(board: Board): boolean {
    return board.shape?.kind === 'rectangle' && board.shape.cylinder === true;
}

/** Whether every cell of the lattice box is a cell of the board (a plain rectangle: no shape, no holes). */
export function isFullBox(board: Board): boolean {
    const shape = board.shape;
    return !shape || (shape.kind === 'rectangle' && !(shape.holes && shape.holes.length > 0));
}

/**
 * The board as the other side sees it, turned half a turn: the same board for every symmetric
 * shape (rectangles, cylinders, hexagons), a rectangle's holes turned (a hole on b4 is Black's g5
 * on 8x8). The engine evaluates a Black piece on it.
 */
export function turnedBoard(board: Board): Board {
    const shape = board.shape;
    if (shape?.kind !== 'rectangle' || !shape.holes || shape.holes.length === 0) return board;
    const geometry = boardGeometry(board);
    return { ...board, shape: { ...shape, holes: shape.holes.map((h) => geometry.turn(h)) } };
}

/** A board named in a sentence: `the 8x8 board`, `the hexagon of side 6`. */
export function theBoard(board: Board): string {
    const geometry = boardGeometry(board);
    if (board.shape?.kind === 'hexagon') return `the ${geometry.label}`;
    const holes = board.files * board.ranks - geometry.cells.length;
    return `the ${board.files}x${board.ranks}${isCylinder(board) ? ' cylinder' : ''} board${holes > 0 ? ` with ${holes} hole${holes === 1 ? '' : 's'}` : ''}`;
}

/** Whether `cell` is one of the board's holes: in its lattice box, but a square the board declares does not exist. */
export function isHole(board: Board, cell: Square): boolean {
    const shape = board.shape;
    return shape?.kind === 'rectangle' && (shape.holes?.length ?? 0) > 0 && inBox(board, cell) && !boardGeometry(board).contains(cell);
}

/** Whether the cell name `name` (well formed: letters, then a number) names one of the board's holes. */
export function isHoleNamed(board: Board, name: string): boolean {
    const square = board.shape?.kind === 'rectangle' ? parseSquare(name) : undefined;
    return square !== undefined && isHole(board, square);
}

/**
 * Why the cell name `name` (well formed: letters, then a number) is not a cell of `board`, in
 * words, for every message that refuses one: `d4 is a hole of the 8x8 board` when the board
 * declares it does not exist, else `j1 is not on the 8x8 board`.
 */
export function notACell(board: Board, name: string): string {
    const square = board.shape?.kind === 'rectangle' ? parseSquare(name) : undefined;
    if (square && isHole(board, square)) return `${name} is a hole of the ${board.files}x${board.ranks}${isCylinder(board) ? ' cylinder' : ''} board`;
    return `${name} is not on ${theBoard(board)}`;
}

/** The regular hexagon of side N as a Board value. */
export function hexagonBoard(side: number, orientation: 'files' | 'rows' = 'files'): Board {
    const width = 2 * side - 1;
    return { files: width, ranks: width, shape: { kind: 'hexagon', side, orientation } };
}

/** Why the engine cannot evaluate on `board`, in words, or undefined when it can. */
export function boardProblem(board: Board): string | undefined {
    const shape = board.shape;
    if (shape?.kind === 'hexagon') {
        const side = shape.side;
        if (!Number.isInteger(side) || side < MIN_HEXAGON_SIDE || side > MAX_HEXAGON_SIDE) {
            return `a hexagon's side must be a whole number from ${MIN_HEXAGON_SIDE} to ${MAX_HEXAGON_SIDE}, not ${side}`;
        }
        return undefined;
    }
    const ok = (n: number) => Number.isInteger(n) && n >= 1 && n <= MAX_RECTANGLE_SIDE;
    if (!ok(board.files) || !ok(board.ranks)) return `board ${board.files}x${board.ranks}: each side must be a whole number from 1 to ${MAX_RECTANGLE_SIDE}`;
    if (shape && boardGeometry(board).cells.length === 0) return `board ${boardGeometry(board).label}: every square is a hole`;
    return undefined;
}
