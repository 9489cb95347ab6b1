/**
 * Every board default and limit, in one place (issue 11). Each consumer (engine, hover, diagram
 * request, settings, client, CLI) reads its number from here; the values are those each used
 * before, named.
 */
import type { Board } from './board.js';

/** The largest rectangle the engine evaluates, on each side (files and ranks). Was 32. */
export const MAX_RECTANGLE_SIDE = 64;
/**
 * The largest regular hexagon's side. Files past z are named aa, ab... without j (geometry/hex.ts
 * `hexFileName`; the limit was 13 while names stopped at z). At 31 its 61 files end at `bl`, which
 * read as a square name is the 64th file, so every cell name is also a square of the largest
 * rectangle: a zone's names are checked against that before the file's board is known, and
 * the lattice box (61 a side) fits the engine's zone masks.
 */
export const MAX_HEXAGON_SIDE = 31;
/** The smallest hexagon side (side 1 is a single cell). */
export const MIN_HEXAGON_SIDE = 1;
/** Holes a rectangle may list (a board with every cell a hole is still refused: it has no cell). */
export const MAX_HOLES = MAX_RECTANGLE_SIDE * MAX_RECTANGLE_SIDE;

/** The board a hover draws on when neither the settings nor the file say: 9x9. */
export const HOVER_BOARD: Board = { files: 9, ranks: 9 };
/** The board of `lcpn/pieceDiagram` when the request and the file say none: 9x9. */
export const DIAGRAM_REQUEST_BOARD: Board = { files: 9, ranks: 9 };
/** The editor settings `lcpn.diagram.files` / `ranks`: default (when set to a bad value) and maximum. */
export const SETTINGS_BOARD: Board = { files: 9, ranks: 9 };
export const SETTINGS_MAX_SIDE = 26;
/** The VS Code panel's board chooser: default and maximum. */
export const CLIENT_BOARD: Board = { files: 8, ranks: 8 };
export const CLIENT_MAX_SIDE = 26;
/** `lcpn show` (and catalog) when neither --board nor the file say: 9x9. */
export const SHOW_BOARD: Board = { files: 9, ranks: 9 };
/** `lcpn moves` when neither --board nor the file say: 15x15. */
export const MOVES_BOARD: Board = { files: 15, ranks: 15 };
/** A position string that names no board: the standard chessboard. */
export const POSITION_BOARD: Board = { files: 8, ranks: 8 };
