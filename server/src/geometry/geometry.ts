/**
 * The geometry seam (issue 11): everything that depends on a board's shape is asked of a
 * geometry, and nothing outside `server/src/geometry/` knows whether cells are squares or
 * hexagons. A `Geometry` is a lattice family (its step vectors, symmetric images, direction
 * keywords); a `BoardGeometry` is one board of that family (its cells, their names, how they
 * are drawn). Coordinates are lattice coordinates `{ file, rank }` (0-based), the same type the
 * engine has always used for squares: on the square lattice they are the file and the rank; on
 * the hexagonal lattice they are axial coordinates (see hex.ts). Steps are `[dx, dy]` in the
 * same coordinates, from White's point of view.
 *
 * Adding a geometry (triangular, ...) means implementing these two interfaces and naming the
 * board shape in `BoardShape`; see docs/ARCHITECTURE.md, "The geometry seam".
 */
import type { Board, Square } from './board.js';

/** A step on the lattice, from White's point of view. */
export type Step = readonly [number, number];

/** A direction keyword as a geometry understands it: its predicate on a step. */
export interface DirectionTest {
    /** Normalized keyword, without colon (`forward-left`). */
    name: string;
    /** Selects the steps the keyword holds for. */
    test(step: Step): boolean;
}

/** A lattice family: what moving on it means, independent of any one board's size or names. */
export interface Geometry {
    /** `square` or `hex`; the key of compiled-plan caches (a plan's steps depend on it). */
    readonly kind: GeometryKind;
    /**
     * The lattice and its keywords' meaning: `square`, `hex-files`, `hex-rows` (the two hexagon
     * orientations share their steps but not their direction keywords). Key of compiled-plan caches.
     */
    readonly id: string;
    /** Every symmetric image of `[m n]` (8 on squares, 12 on hexagons), without duplicates, in a fixed order. */
    images(m: number, n: number): Step[];
    /** The cells strictly between a leap's start and landing on the straight line joining their centres, as offsets. */
    pathOffsets(step: Step): Step[];
    /** A continuation step goes on outward (does not turn back) from the previous step. */
    isOutward(step: Step, previous: Step): boolean;
    /** The direction keywords this lattice gives meaning to, each with its predicate. */
    readonly directions: readonly DirectionTest[];
    /** The keyword `name` (normalized, no colon) on this lattice, or undefined when it means nothing here. */
    direction(name: string): DirectionTest | undefined;
    /**
     * The unit steps in counter-clockwise order, the first pointing forward: the rotation graph
     * of the path notation (seed 002). `L` turns to the next, `R` to the previous (4 on squares, 6 on hexagons).
     */
    readonly units: readonly Step[];
    /**
     * Whether cell names are the square names (`e4` is file e, rank 4) on every board of this
     * lattice: then a zone's squares, read once as square names, are already its cells (a
     * rectangle's, whatever its holes or edges); otherwise zone items are re-read in the board's names.
     */
    readonly namesAreSquares: boolean;
    /** What one cell is called in sentences: `square`, or `cell` on a lattice whose cells are not squares. */
    readonly cellWord: 'square' | 'cell';
    /** The lattice in sentences (`a step on a hexagonal board`). */
    readonly latticeAdjective: 'square' | 'hexagonal';
    /**
     * Cells are the squares of a files x ranks grid that fills its lattice box but for holes: the
     * diagrams draw them as a grid (one text character, one `<rect>` each), may show a window of
     * files and ranks, and call a missing box cell a hole. Otherwise cells are placed by their
     * drawing coordinates and the board is drawn whole.
     */
    readonly grid: boolean;
}

export type GeometryKind = 'square' | 'hex';

/** `BoardGeometry.cellMask` of a board's cells. */
export function cellMaskOf(board: Board, cells: readonly Square[]): Uint8Array {
    const mask = new Uint8Array(board.files * board.ranks);
    for (const c of cells) mask[c.rank * board.files + c.file] = 1;
    return mask;
}

/** Where a cell is drawn, in cell units (y grows upward, White's side at the bottom). */
export interface CellPlace {
    /** Centre of the cell. */
    x: number;
    y: number;
    /** The cell's outline as polygon corners (absolute, same units as x, y); a square has 4, a hexagon 6. */
    corners: readonly (readonly [number, number])[];
}

/** One board of a geometry: its cells, their names, their drawing. */
export interface BoardGeometry {
    readonly geometry: Geometry;
    readonly board: Board;
    /** A cell of this board (inside the shape, not a hole). */
    contains(cell: Square): boolean;
    /** Every cell, in reading order (rank by rank from White's side, file by file). */
    readonly cells: readonly Square[];
    /** The cells as a mask of the lattice box, index rank * files + file (1: a cell): the engine's test of a cell, without a call. */
    readonly cellMask: Uint8Array;
    /** The cell reached from `cell` by `step` (wrapping round on a cylinder), or undefined when off the board. */
    step(cell: Square, step: Step): Square | undefined;
    /** The board's own name of a cell: `e4` on squares, Glinski's `f6` on the hexagon. */
    name(cell: Square): string;
    /** Reads a cell name of this board; undefined when malformed or not a cell of the board. */
    parse(name: string): Square | undefined;
    /** The cell Black sees as `cell`: the board turned half a turn about its centre. */
    turn(cell: Square): Square;
    /** The cell the diagrams put a lone piece on: the centre, or the nearest cell to it. */
    readonly centre: Square;
    /** 1-based file and rank of a cell as the board names it (for `(file)` / `(rank)` in conditions), from White's side. */
    fileNumber(cell: Square): number;
    rankNumber(cell: Square): number;
    /** Drawing: where a lattice cell is drawn (a formula, defined for every lattice coordinate, on the board or not). */
    place(cell: Square): CellPlace;
    /**
     * The cell's colour class for drawing, 0..shades-1, so that no two neighbours share one:
     * squares 0 light / 1 dark (a1 dark); hexagons three classes ((q - r) mod 3), the centre 0.
     */
    shade(cell: Square): number;
    readonly shades: number;
    /** The drawing's extent in cell units: every `place` lies within [minX, maxX] x [minY, maxY] with its corners. */
    readonly extent: { minX: number; maxX: number; minY: number; maxY: number };
    /** A short description for messages and titles: `8x8`, `hexagon of side 6`, `8x8 cylinder`. */
    readonly label: string;
}
