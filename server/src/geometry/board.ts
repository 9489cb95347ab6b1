/**
 * A board as plain data: its lattice box and its shape, and a cell of it. The one place they
 * are declared (issues 11, 22); everything below the language (model, engine, notation,
 * views, diagram) takes them from here. Coordinates are 0-based lattice coordinates: file 0 =
 * the a-file, rank 0 = White's first rank (on the hexagon, axial coordinates: see hex.ts).
 */

export interface Square {
    file: number;
    rank: number;
}

/**
 * A board's shape, beyond its lattice box. Only server/src/geometry/ interprets it; everything
 * else asks the board's geometry (`boardGeometry(board)`).
 */
export type BoardShape =
    /** Squares; `cylinder`: the a-file and the last file touch (Betza's `o`); `holes`: squares that do not exist. */
    | { kind: 'rectangle'; cylinder?: boolean; holes?: readonly Square[] }
    /**
     * The regular hexagon of side `side` (Glinski's board is side 6, 91 cells). `files`: files
     * run up the board, cells named as Glinski does (a-l without j, ranks 1-11); `rows`: the
     * same board turned a quarter turn, as the specification draws it (rows of cells offset by half a cell).
     */
    | { kind: 'hexagon'; side: number; orientation: 'files' | 'rows' };

export interface Board {
    /** Width of the board's lattice box (on a hexagon of side N: 2N - 1). */
    files: number;
    /** Height of the board's lattice box (on a hexagon of side N: 2N - 1). */
    ranks: number;
    /** Absent: the files x ranks rectangle of squares. */
    shape?: BoardShape;
}
