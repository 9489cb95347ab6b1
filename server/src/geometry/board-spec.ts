/**
 * The textual board spec of the CLI's `--board`, the editor settings and the panel (issue 11):
 *
 *   8x8, 9x10            a rectangle of files x ranks
 *   8x8-cylinder         its a-file and last file touch (files wrap round)
 *   8x8-holes:d4,e5      squares that do not exist (combinable: 8x8-cylinder-holes:d4,e5)
 *   hex6, hex6-files     the regular hexagon of side 6, Glinski's orientation and names
 *   hex6-rows            the same hexagon drawn as the specification draws it (rows of cells)
 *
 * Case and surrounding spaces are ignored. docs/cli.md and docs/geometry.md describe it for users.
 */
import type { Board, Square } from './board.js';
import { boardGeometry, boardProblem, hexagonBoard } from './index.js';
import { MAX_HEXAGON_SIDE, MAX_RECTANGLE_SIDE } from './limits.js';
import { parseSquare } from './square.js';

export type BoardSpecResult = { board: Board; error?: undefined } | { board?: undefined; error: string };

/** What a board spec may look like, for error messages. */
export const BOARD_SPEC_FORMS = `FILESxRANKS (8x8, 9x10, at most ${MAX_RECTANGLE_SIDE}x${MAX_RECTANGLE_SIDE}), FILESxRANKS-cylinder, FILESxRANKS-holes:d4,e5, hexN (hex6, N at most ${MAX_HEXAGON_SIDE}) or hexN-rows`;

/** Reads a board spec; the error says what was wrong and what is allowed. */
export function parseBoardSpec(text: string): BoardSpecResult {
    const spec = text.trim().toLowerCase();
    const hex = /^hex(?:agon)?(\d+)(?:-(files|rows))?$/.exec(spec);
    if (hex) {
        const board = hexagonBoard(Number(hex[1]), (hex[2] ?? 'files') as 'files' | 'rows');
        const problem = boardProblem(board);
        return problem ? { error: problem } : { board };
    }
    const rect = /^(\d+)x(\d+)((?:-(?:cylinder|holes:[a-z0-9,]*))*)$/.exec(spec);
    if (!rect) return { error: `'${text.trim()}' is not a board: write ${BOARD_SPEC_FORMS}` };
    const files = Number(rect[1]);
    const ranks = Number(rect[2]);
    let cylinder = false;
    const holes: Square[] = [];
    for (const part of rect[3].split('-').filter((p) => p !== '')) {
        if (part === 'cylinder') {
            cylinder = true;
            continue;
        }
        for (const name of part.slice('holes:'.length).split(',').filter((n) => n !== '')) {
            const cell = parseSquare(name);
            if (!cell || cell.file >= files || cell.rank < 0 || cell.rank >= ranks) return { error: `hole '${name}' is not a square of the ${files}x${ranks} board` };
            holes.push(cell);
        }
    }
    const board: Board = cylinder || holes.length > 0
        ? { files, ranks, shape: { kind: 'rectangle', ...(cylinder ? { cylinder } : {}), ...(holes.length > 0 ? { holes } : {}) } }
        : { files, ranks };
    const problem = boardProblem(board);
    return problem ? { error: problem } : { board };
}

/** The spec of a board (parseBoardSpec reads it back to an equal board). */
export function printBoardSpec(board: Board): string {
    const shape = board.shape;
    if (shape?.kind === 'hexagon') return `hex${shape.side}${shape.orientation === 'rows' ? '-rows' : ''}`;
    let spec = `${board.files}x${board.ranks}`;
    if (shape?.cylinder) spec += '-cylinder';
    if (shape?.holes && shape.holes.length > 0) {
        const geometry = boardGeometry({ files: board.files, ranks: board.ranks });
        spec += `-holes:${shape.holes.map((h) => geometry.name(h)).join(',')}`;
    }
    return spec;
}

/**
 * The boards a chooser offers besides a file's own (the panel's): the usual rectangles and the
 * cylinder, then every hexagon side the engine evaluates from 2 (side 1 is a single cell), each
 * in both orientations. A new geometry adds its boards here.
 */
export function offeredBoards(): Board[] {
    return [
        { files: 8, ranks: 8 }, { files: 9, ranks: 9 }, { files: 9, ranks: 10 }, { files: 10, ranks: 10 }, { files: 12, ranks: 12 },
        { files: 8, ranks: 8, shape: { kind: 'rectangle', cylinder: true } },
        ...Array.from({ length: MAX_HEXAGON_SIDE - 1 }, (_, i) => i + 2).flatMap((side) => [hexagonBoard(side, 'files'), hexagonBoard(side, 'rows')])
    ];
}
