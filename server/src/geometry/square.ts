/**
 * The square lattice (every board before issue 11): the 8 images of [m n], gcd paths, the
 * Euclidean outward test, the direction keywords' predicates (their names and docs are in
 * model/vocabulary.ts), and rectangle boards, with wrapped files (cylinder) and holes.
 */
import type { Board, BoardShape, Square } from './board.js';
import { cellMaskOf, type BoardGeometry, type CellPlace, type DirectionTest, type Geometry, type Step } from './geometry.js';
import { indexOfLetters, lettersOf } from './file-letters.js';

/** Every sign and order permutation of (m, n), without duplicates, in a fixed order. */
export function squareImages(m: number, n: number): Step[] {
    const out: Step[] = [];
    const seen = new Set<string>();
    for (const [a, b] of [[m, n], [n, m]]) {
        for (const sa of [1, -1]) {
            for (const sb of [1, -1]) {
                const v: Step = [sa * a + 0, sb * b + 0]; // `+ 0` turns -0 into 0
                const key = `${v[0]},${v[1]}`;
                if (!seen.has(key)) {
                    seen.add(key);
                    out.push(v);
                }
            }
        }
    }
    return out;
}

export function gcd(a: number, b: number): number {
    let x = Math.abs(a);
    let y = Math.abs(b);
    while (y !== 0) [x, y] = [y, x % y];
    return x;
}

/**
 * The cells whose centres lie strictly between a leap's start and landing on the straight
 * line joining them, as offsets: the multiples of the step divided by the gcd of its
 * components. True on any lattice whose coordinates are linear in the drawing (squares, and
 * the hexagon's axial coordinates).
 */
export function latticePathOffsets(step: Step): Step[] {
    const g = gcd(step[0], step[1]);
    if (g <= 1) return [];
    const unit: Step = [step[0] / g, step[1] / g];
    const out: Step[] = [];
    for (let i = 1; i < g; i++) out.push([unit[0] * i, unit[1] * i]);
    return out;
}

const oblique = (dx: number, dy: number): boolean => dx !== 0 && dy !== 0 && Math.abs(dx) !== Math.abs(dy);
const narrow = (dx: number, dy: number): boolean => oblique(dx, dy) && Math.abs(dy) > Math.abs(dx);
const wide = (dx: number, dy: number): boolean => oblique(dx, dy) && Math.abs(dx) > Math.abs(dy);

function direction(name: string, test: (dx: number, dy: number) => boolean): DirectionTest {
    return { name, test: (step) => test(step[0], step[1]) };
}

/** The square lattice's direction keywords (docs: model/vocabulary.ts DIRECTIONS, same names). */
const SQUARE_DIRECTIONS: readonly DirectionTest[] = [
    direction('forward', (_dx, dy) => dy > 0),
    direction('backward', (_dx, dy) => dy < 0),
    direction('backwards', (_dx, dy) => dy < 0),
    direction('left', (dx) => dx < 0),
    direction('right', (dx) => dx > 0),
    direction('sideways', (_dx, dy) => dy === 0),
    direction('vertical', (dx) => dx === 0),
    direction('orthogonal', (dx, dy) => dx === 0 || dy === 0),
    direction('diagonal', (dx, dy) => Math.abs(dx) === Math.abs(dy)),
    direction('narrow', narrow),
    direction('wide', wide),
    direction('forward-most', (dx, dy) => dy > 0 && narrow(dx, dy)),
    direction('forward-shallow', (dx, dy) => dy > 0 && wide(dx, dy)),
    direction('backward-most', (dx, dy) => dy < 0 && narrow(dx, dy)),
    direction('backwards-most', (dx, dy) => dy < 0 && narrow(dx, dy)),
    direction('backward-shallow', (dx, dy) => dy < 0 && wide(dx, dy)),
    direction('backwards-shallow', (dx, dy) => dy < 0 && wide(dx, dy))
];

const squareByName = new Map(SQUARE_DIRECTIONS.map((d) => [d.name, d]));

export const SQUARE: Geometry = {
    kind: 'square',
    id: 'square',
    images: squareImages,
    pathOffsets: latticePathOffsets,
    isOutward: (step, previous) => step[0] * previous[0] + step[1] * previous[1] > 0,
    directions: SQUARE_DIRECTIONS,
    direction: (name) => squareByName.get(name),
    // Counter-clockwise from forward: forward, left, backward, right.
    units: [[0, 1], [-1, 0], [0, -1], [1, 0]],
    namesAreSquares: true,
    cellWord: 'square',
    latticeAdjective: 'square',
    grid: true
};

/** The square board's file letters: a..z, then aa, ab, ... */
const SQUARE_LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** Square-board name of a file: letters a..z, then aa, ab, ... */
export function fileName(file: number): string {
    return lettersOf(file, SQUARE_LETTERS);
}

/** Square-board name of a lattice cell: file letters then the rank from 1 (`f5`, `aa12`). On a shaped board use `boardGeometry(board).name`. */
export function squareName(sq: Square): string {
    return fileName(sq.file) + String(sq.rank + 1);
}

/** `f5`, `aa12` as lattice coordinates (not checked against any board); undefined if malformed. On a shaped board use `boardGeometry(board).parse`. */
export function parseSquare(text: string): Square | undefined {
    const m = /^([a-z]+)([0-9]+)$/.exec(text.trim().toLowerCase());
    if (!m) return undefined;
    return { file: indexOfLetters(m[1], SQUARE_LETTERS)!, rank: Number(m[2]) - 1 };
}

/** A files x ranks rectangle of squares, possibly with its files wrapped round (cylinder) and holes. */
export class RectangleBoard implements BoardGeometry {
    readonly geometry = SQUARE;
    readonly cells: readonly Square[];
    readonly centre: Square;
    readonly extent: BoardGeometry['extent'];
    readonly label: string;
    readonly cylinder: boolean;
    /** Holes by index rank * files + file; undefined when there are none. */
    private readonly holes?: Uint8Array;
    private mask?: Uint8Array;

    constructor(readonly board: Board, shape?: Extract<BoardShape, { kind: 'rectangle' }>) {
        const { files, ranks } = board;
        this.cylinder = shape?.cylinder === true;
        if (shape?.holes && shape.holes.length > 0) {
            this.holes = new Uint8Array(files * ranks);
            for (const h of shape.holes) if (inBox(board, h)) this.holes[h.rank * files + h.file] = 1;
        }
        const cells: Square[] = [];
        for (let rank = 0; rank < ranks; rank++) for (let file = 0; file < files; file++) if (!this.holes?.[rank * files + file]) cells.push({ file, rank });
        this.cells = cells;
        this.centre = nearestCell(cells, { file: Math.floor(files / 2), rank: Math.floor(ranks / 2) }, this.holes ? (sq) => !this.holes![sq.rank * files + sq.file] : () => true);
        this.extent = { minX: -0.5, maxX: files - 0.5, minY: -0.5, maxY: ranks - 0.5 };
        const holeCount = files * ranks - cells.length;
        this.label = `${files}x${ranks}${this.cylinder ? ' cylinder' : ''}${holeCount > 0 ? ` with ${holeCount} hole${holeCount === 1 ? '' : 's'}` : ''}`;
    }

    get cellMask(): Uint8Array {
        return this.mask ??= cellMaskOf(this.board, this.cells);
    }

    contains(cell: Square): boolean {
        return inBox(this.board, cell) && !this.holes?.[cell.rank * this.board.files + cell.file];
    }

    step(cell: Square, [dx, dy]: Step): Square | undefined {
        let file = cell.file + dx;
        if (this.cylinder) file = ((file % this.board.files) + this.board.files) % this.board.files;
        const to = { file, rank: cell.rank + dy };
        return this.contains(to) ? to : undefined;
    }

    name(cell: Square): string {
        return fileName(cell.file) + String(cell.rank + 1);
    }

    parse(name: string): Square | undefined {
        const cell = parseSquare(name);
        return cell && this.contains(cell) ? cell : undefined;
    }

    turn(cell: Square): Square {
        return { file: this.board.files - 1 - cell.file, rank: this.board.ranks - 1 - cell.rank };
    }

    fileNumber(cell: Square): number {
        return cell.file + 1;
    }

    rankNumber(cell: Square): number {
        return cell.rank + 1;
    }

    readonly shades = 2;

    shade(cell: Square): number {
        return (cell.file + cell.rank) % 2 === 0 ? 1 : 0;
    }

    place(cell: Square): CellPlace {
        const { file: x, rank: y } = cell;
        return { x, y, corners: [[x - 0.5, y - 0.5], [x + 0.5, y - 0.5], [x + 0.5, y + 0.5], [x - 0.5, y + 0.5]] };
    }
}

/**
 * The middle square, or when it is a hole the nearest cell to it (the first in reading order,
 * rank by rank from a1, on a tie), so that a lone piece is never put on a hole. A board of holes
 * only keeps the middle (boardProblem refuses it).
 */
function nearestCell(cells: readonly Square[], middle: Square, isCell: (sq: Square) => boolean): Square {
    if (isCell(middle) || cells.length === 0) return middle;
    const distance = (sq: Square) => (sq.file - middle.file) ** 2 + (sq.rank - middle.rank) ** 2;
    return cells.reduce((best, sq) => (distance(sq) < distance(best) ? sq : best));
}

/** Whether `cell` lies in the board's lattice box (a hole does; a cell past the last file does not). */
export function inBox(board: Board, cell: Square): boolean {
    return Number.isInteger(cell.file) && Number.isInteger(cell.rank) && cell.file >= 0 && cell.rank >= 0 && cell.file < board.files && cell.rank < board.ranks;
}
