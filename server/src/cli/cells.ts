/**
 * Cell names on the command line, on any board: the CLI reads and prints cells only through
 * the board's geometry (server/src/geometry/), so `--at f6` means Glinski's centre on the
 * hexagon and e5 on a 9x9 board, and a mistake is explained in the board's own naming.
 */
import { type Board, boardGeometry, isFullBox, isHole, notACell, type Square, theBoard } from '../geometry/index.js';
import { parseSquare } from '../geometry/square.js';
import { escapeText } from './escape.js';
import { CliError } from './workspace.js';

/** The board's own name of a cell (`e4`, Glinski's `f6`). */
export function cellName(board: Board, cell: Square): string {
    return boardGeometry(board).name(cell);
}

/** The board's own cell names, each once, in the board's reading order. */
export function cellNames(board: Board, cells: readonly Square[]): string[] {
    const geometry = boardGeometry(board);
    return cells.map((cell) => geometry.name(cell));
}

/** The centre of the board, or the cell nearest it (where a piece with no zone of its own is shown: views/home.ts). */
export function centreCell(board: Board): Square {
    return boardGeometry(board).centre;
}

/** What the board's cells are called in messages: squares on a square lattice, cells on any other. */
export function cellWord(board: Board): string {
    return boardGeometry(board).geometry.cellWord;
}

/**
 * Reads a cell name given for `option` (`--at`, `--friend`, ...); a usage error says what the
 * board's names look like. `more` is appended to the advice (`; or a piece and its cell, such as general@e5`).
 */
export function readCell(board: Board, text: string, option: string, more = ''): Square {
    const geometry = boardGeometry(board);
    const trimmed = text.trim();
    const wellFormed = /^[a-z]+[0-9]+$/i.test(trimmed);
    const cell = wellFormed ? geometry.parse(trimmed.toLowerCase()) : undefined;
    if (cell) return cell;
    if (!wellFormed) throw new CliError(`${option}: '${escapeText(text)}' is not a ${cellWord(board)} (${namingOf(board)}${more})`);
    // A hole is said to be one (no piece stands there); a plain rectangle's size says it all
    // (`j1 is not on the 9x10 board`); another shape's cells need naming.
    const square = parseSquare(trimmed);
    if (square && isHole(board, square)) throw new CliError(`${option}: ${escapeText(notACell(board, trimmed.toLowerCase()))}: no piece can stand there`);
    throw new CliError(`${option}: ${escapeText(trimmed)} is not on ${theBoard(board)}${isFullBox(board) ? '' : ` (${namingOf(board)})`}`);
}

/**
 * How the board names its cells, from its own cells: `cells are named by a file a to i and a
 * rank 1 to 10, such as e5`; `... a file a to l (no j) and a rank 1 to 11, such as f6`.
 */
export function namingOf(board: Board): string {
    const geometry = boardGeometry(board);
    const files = new Map<number, string>();
    let low = Infinity;
    let high = -Infinity;
    for (const cell of geometry.cells) {
        const match = /^([a-z]+)([0-9]+)$/.exec(geometry.name(cell));
        if (!match) continue;
        files.set(geometry.fileNumber(cell), match[1]);
        const rank = Number(match[2]);
        low = Math.min(low, rank);
        high = Math.max(high, rank);
    }
    const letters = [...files.entries()].sort((a, b) => a[0] - b[0]).map(([, letter]) => letter);
    const example = geometry.name(geometry.centre);
    if (letters.length === 0) return `such as ${example}`;
    return `${cellWord(board)}s are named by a file ${fileRange(letters)} and a rank ${low === high ? low : `${low} to ${high}`}, such as ${example}`;
}

/**
 * `a to h`; `a to l (no j)` when the single letters skip some of the alphabet between the first
 * and the last; `a to an` past z; `a to ab (no j)` on a hexagon past side 13.
 */
function fileRange(letters: readonly string[]): string {
    const first = letters[0];
    const last = letters[letters.length - 1];
    if (letters.length === 1) return first;
    const singles = letters.filter((l) => l.length === 1);
    const skipped: string[] = [];
    if (singles.length > 1) {
        for (let code = singles[0].charCodeAt(0); code <= singles[singles.length - 1].charCodeAt(0); code++) {
            const letter = String.fromCharCode(code);
            if (!singles.includes(letter)) skipped.push(letter);
        }
    }
    return `${first} to ${last}${skipped.length ? ` (no ${skipped.join(', ')})` : ''}`;
}
