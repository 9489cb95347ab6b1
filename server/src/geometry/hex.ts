/**
 * The hexagonal lattice and the regular hexagon of side N (Glinski's board is side 6).
 *
 * Cells are axial coordinates `{ file: q, rank: r }` in the hexagon's lattice box
 * (0..2N-2 each); cell (q, r) is on the board iff, with dq = q - (N-1) and dr = r - (N-1),
 * |dq|, |dr| and |dq + dr| are at most N - 1. The centre (N-1, N-1) is Glinski's f6.
 *
 * Two orientations of the same lattice (docs/geometry.md):
 * - `files` (Glinski): flat-topped cells, files vertical; the unit (0, 1) points straight
 *   forward. Drawn at x = q*sqrt(3)/2, y = r + q/2. Named by Glinski: file letter = q (a..l
 *   without j; past z, aa, ab...: hexFileName), rank number = r + 1 + min(q - (N-1), 0).
 * - `rows` (the specification's picture): pointy-topped cells in rows; drawn at x = q + r/2,
 *   y = r*sqrt(3)/2. Row number = r + 1; cells of a row lettered from the left.
 * Each orientation's direction tests are exact sign tests on the step's cartesian (X, Y),
 * scaled to integers: files X ~ q, Y ~ 2r + q; rows X ~ 2q + r, Y ~ r.
 */
import type { Board, Square } from './board.js';
import { cellMaskOf, type BoardGeometry, type CellPlace, type DirectionTest, type Geometry, type Step } from './geometry.js';
import { indexOfLetters, lettersOf } from './file-letters.js';
import { latticePathOffsets } from './square.js';

export type HexOrientation = 'files' | 'rows';

/** File letters on the hexagon: no j (Glinski). Past the 25th file (side 13), two letters, as below. */
export const HEX_LETTERS = 'abcdefghiklmnopqrstuvwxyz';

/**
 * The hexagon's name of file `index` (0-based): a..z without j, then aa, ab, ..., az, ba, ...
 * (every letter from the same 25), as the square board goes on past z with aa. Names are
 * letters then digits, so `aa12` reads back as one file and one rank.
 */
export function hexFileName(index: number): string {
    return lettersOf(index, HEX_LETTERS);
}

/** The file index of a hexagon file name (`hexFileName`'s inverse); undefined for a name with a j or not letters. */
export function hexFileIndex(letters: string): number | undefined {
    return indexOfLetters(letters, HEX_LETTERS);
}

/** Rotates a step 60 degrees counter-clockwise (both orientations turn the same way in axial coordinates). */
export const rotate60 = ([q, r]: Step): Step => [-r + 0, q + r + 0];
/** Reflects left/right in the files orientation (the file axis is the mirror). */
export const reflect = ([q, r]: Step): Step => [-q + 0, q + r + 0];

/** The 6 rotations of [m n] and of its mirror image, without duplicates, in a fixed order. */
export function hexImages(m: number, n: number): Step[] {
    const out: Step[] = [];
    const seen = new Set<string>();
    for (const start of [[m, n] as Step, reflect([m, n])]) {
        let v = start;
        for (let i = 0; i < 6; i++) {
            const key = `${v[0]},${v[1]}`;
            if (!seen.has(key)) {
                seen.add(key);
                out.push(v);
            }
            v = rotate60(v);
        }
    }
    return out;
}

/** The step's cartesian direction as exact integers (same signs and ratios as the drawing, X scaled by sqrt(3) where needed). */
function cartesian(orientation: HexOrientation, [q, r]: Step): [number, number] {
    return orientation === 'files' ? [q, 2 * r + q] : [2 * q + r, r];
}

/** The steps that lie along one of the three lattice axes. */
const alongAxis = ([q, r]: Step): boolean => q === 0 || r === 0 || q + r === 0;
/** The hexagonal diagonals: the six directions between the axes ((1, 1), (2, -1), ...). */
const hexDiagonal = ([q, r]: Step): boolean => (q !== 0 || r !== 0) && (q === r || r === -2 * q || q === -2 * r);

function hexDirections(orientation: HexOrientation): DirectionTest[] {
    const xy = (test: (x: number, y: number) => boolean) => (step: Step) => {
        const [x, y] = cartesian(orientation, step);
        return test(x, y);
    };
    const make = (name: string, test: (step: Step) => boolean): DirectionTest => ({ name, test });
    return [
        make('forward', xy((_x, y) => y > 0)),
        make('backward', xy((_x, y) => y < 0)),
        make('backwards', xy((_x, y) => y < 0)),
        make('left', xy((x) => x < 0)),
        make('right', xy((x) => x > 0)),
        make('vertical', xy((x) => x === 0)),
        make('sideways', xy((_x, y) => y === 0)),
        make('orthogonal', alongAxis),
        make('diagonal', hexDiagonal),
        make('forward-left', xy((x, y) => x < 0 && y > 0)),
        make('forward-right', xy((x, y) => x > 0 && y > 0)),
        make('backward-left', xy((x, y) => x < 0 && y < 0)),
        make('backward-right', xy((x, y) => x > 0 && y < 0)),
        make('backwards-left', xy((x, y) => x < 0 && y < 0)),
        make('backwards-right', xy((x, y) => x > 0 && y < 0))
    ];
}

/**
 * Square-board keywords that mean nothing on a hexagon: they compare the two components of a
 * step (narrow, wide...), which have no counterpart on three axes.
 */
export const SQUARE_ONLY_DIRECTIONS: readonly string[] = [
    'narrow', 'wide', 'forward-most', 'forward-shallow', 'backward-most', 'backwards-most', 'backward-shallow', 'backwards-shallow'
];

function hexGeometry(orientation: HexOrientation): Geometry {
    const directions = hexDirections(orientation);
    const byName = new Map(directions.map((d) => [d.name, d]));
    return {
        kind: 'hex',
        id: `hex-${orientation}`,
        images: hexImages,
        // gcd in axial coordinates: axial coordinates are linear in the drawing, so the multiples are the cells on the line.
        pathOffsets: latticePathOffsets,
        // The cartesian dot product, times 4 (files) or 4 (rows): exact in integers. Rotating the
        // drawing does not change it, so both orientations agree.
        isOutward: (a, b) => 3 * a[0] * b[0] + (2 * a[1] + a[0]) * (2 * b[1] + b[0]) > 0,
        directions,
        direction: (name) => byName.get(name),
        // Counter-clockwise from (0, 1): straight forward in the files orientation, forward-right (60 degrees) in rows.
        units: [[0, 1], [-1, 1], [-1, 0], [0, -1], [1, -1], [1, 0]],
        // Glinski's a1 is not the square a1.
        namesAreSquares: false,
        cellWord: 'cell',
        latticeAdjective: 'hexagonal',
        grid: false
    };
}

export const HEX_FILES: Geometry = hexGeometry('files');
export const HEX_ROWS: Geometry = hexGeometry('rows');

const SQRT3 = Math.sqrt(3);
/** Circumradius of a cell whose neighbours' centres are 1 apart. */
const RADIUS = 1 / SQRT3;

/** The regular hexagon of side N in one orientation. */
export class HexagonBoard implements BoardGeometry {
    readonly geometry: Geometry;
    readonly board: Board;
    readonly centre: Square;
    readonly label: string;
    private readonly last: number;
    private cellList?: readonly Square[];
    private mask?: Uint8Array;
    private box?: BoardGeometry['extent'];

    constructor(readonly side: number, readonly orientation: HexOrientation) {
        this.geometry = orientation === 'files' ? HEX_FILES : HEX_ROWS;
        this.last = side - 1;
        const width = 2 * side - 1;
        this.board = { files: width, ranks: width, shape: { kind: 'hexagon', side, orientation } };
        this.centre = { file: this.last, rank: this.last };
        this.label = `hexagon of side ${side}${orientation === 'rows' ? ' (rows)' : ''}`;
    }

    /** Made when first asked: a chooser lists every side up to 32 (2977 cells) by its label alone. */
    get cells(): readonly Square[] {
        if (!this.cellList) {
            const width = 2 * this.side - 1;
            const cells: Square[] = [];
            for (let rank = 0; rank < width; rank++) for (let file = 0; file < width; file++) if (this.contains({ file, rank })) cells.push({ file, rank });
            this.cellList = cells;
        }
        return this.cellList;
    }

    get cellMask(): Uint8Array {
        return this.mask ??= cellMaskOf(this.board, this.cells);
    }

    get extent(): BoardGeometry['extent'] {
        if (!this.box) {
            let [minX, maxX, minY, maxY] = [Infinity, -Infinity, Infinity, -Infinity];
            for (const cell of this.cells) {
                for (const [x, y] of this.place(cell).corners) {
                    minX = Math.min(minX, x);
                    maxX = Math.max(maxX, x);
                    minY = Math.min(minY, y);
                    maxY = Math.max(maxY, y);
                }
            }
            this.box = { minX, maxX, minY, maxY };
        }
        return this.box;
    }

    contains(cell: Square): boolean {
        const { file, rank } = cell;
        if (!Number.isInteger(file) || !Number.isInteger(rank)) return false;
        const dq = file - this.last;
        const dr = rank - this.last;
        return Math.abs(dq) <= this.last && Math.abs(dr) <= this.last && Math.abs(dq + dr) <= this.last;
    }

    step(cell: Square, [dq, dr]: Step): Square | undefined {
        const to = { file: cell.file + dq, rank: cell.rank + dr };
        return this.contains(to) ? to : undefined;
    }

    /** The first file (q) of row r: the leftmost cell in the rows orientation. */
    private rowStart(rank: number): number {
        return Math.max(0, this.last - rank);
    }

    name(cell: Square): string {
        return hexFileName(this.fileNumber(cell) - 1) + String(this.rankNumber(cell));
    }

    parse(name: string): Square | undefined {
        const m = /^([a-z]+)([0-9]+)$/.exec(name.trim().toLowerCase());
        if (!m) return undefined;
        const letter = hexFileIndex(m[1]);
        const number = Number(m[2]);
        if (letter === undefined) return undefined;
        let cell: Square;
        if (this.orientation === 'files') {
            cell = { file: letter, rank: number - 1 - Math.min(letter - this.last, 0) };
        } else {
            const rank = number - 1;
            cell = { file: letter + this.rowStart(rank), rank };
        }
        return this.contains(cell) ? cell : undefined;
    }

    turn(cell: Square): Square {
        return { file: 2 * this.last - cell.file, rank: 2 * this.last - cell.rank };
    }

    fileNumber(cell: Square): number {
        return this.orientation === 'files' ? cell.file + 1 : cell.file - this.rowStart(cell.rank) + 1;
    }

    rankNumber(cell: Square): number {
        return this.orientation === 'files' ? cell.rank + 1 + Math.min(cell.file - this.last, 0) : cell.rank + 1;
    }

    readonly shades = 3;

    /** Three colours, no two neighbours alike (every unit step changes q - r by 1 or 2); the centre is 0. */
    shade(cell: Square): number {
        return (((cell.file - cell.rank) % 3) + 3) % 3;
    }

    place(cell: Square): CellPlace {
        const { file: q, rank: r } = cell;
        const files = this.orientation === 'files';
        const x = files ? q * SQRT3 / 2 : q + r / 2;
        const y = files ? r + q / 2 : r * SQRT3 / 2;
        // Flat-topped (files) corners at 0, 60, ... degrees; pointy-topped (rows) at 30, 90, ...
        const corners: [number, number][] = [];
        for (let k = 0; k < 6; k++) {
            const angle = Math.PI / 3 * k + (files ? 0 : Math.PI / 6);
            corners.push([x + RADIUS * Math.cos(angle), y + RADIUS * Math.sin(angle)]);
        }
        return { x, y, corners };
    }
}
