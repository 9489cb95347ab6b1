/** A board's shape: the one place it is declared (issue 11). */
import type { Square } from '../engine/board.js';

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
