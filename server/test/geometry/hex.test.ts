// The hexagonal geometry (issue 11), checked by hand against Glinski's board (side 6, 91 cells,
// files a-l without j) and the specification's rows picture.
import { describe, expect, test } from 'vitest';
import { boardGeometry, geometryOf, hexagonBoard, HEX_FILES, HEX_ROWS, SQUARE_ONLY_DIRECTIONS, type Step } from '../../src/geometry/index.js';

const glinski = boardGeometry(hexagonBoard(6));
const rows = boardGeometry(hexagonBoard(6, 'rows'));
const cell = (name: string) => {
    const c = glinski.parse(name);
    if (!c) throw new Error(`no cell ${name}`);
    return c;
};
const names = (steps: readonly Step[], from = 'f6') =>
    steps.map((s) => glinski.step(cell(from), s)).filter((c) => c !== undefined).map((c) => glinski.name(c!)).sort();

describe('the hexagon of side 6', () => {
    test('91 cells in a 11x11 lattice box, centre f6 at (5, 5)', () => {
        expect(glinski.cells.length).toBe(91);
        expect(glinski.board).toMatchObject({ files: 11, ranks: 11 });
        expect(glinski.centre).toEqual({ file: 5, rank: 5 });
        expect(glinski.name(glinski.centre)).toBe('f6');
        expect(rows.name(rows.centre)).toBe('f6');
    });

    test("Glinski's names: the corners and the ends of the long file", () => {
        expect(cell('a1')).toEqual({ file: 0, rank: 5 });
        expect(cell('l1')).toEqual({ file: 10, rank: 0 });
        expect(cell('f1')).toEqual({ file: 5, rank: 0 });
        expect(cell('f11')).toEqual({ file: 5, rank: 10 });
        expect(cell('a6')).toEqual({ file: 0, rank: 10 });
        expect(cell('l6')).toEqual({ file: 10, rank: 5 });
        // Files have 6, 7, ..., 11, ..., 6 cells; j is skipped; no a7, no l7, no f12.
        for (const off of ['a7', 'l7', 'f12', 'j1', 'a0', 'm1', 'e11']) expect(glinski.parse(off)).toBeUndefined();
        expect(glinski.parse('e10')).toEqual({ file: 4, rank: 10 });
        expect(glinski.parse('K3')).toEqual(glinski.parse('k3'));
    });

    test('names round trip for all 91 cells, in both orientations, and are distinct', () => {
        for (const board of [glinski, rows]) {
            const seen = new Set<string>();
            for (const c of board.cells) {
                const name = board.name(c);
                expect(board.parse(name)).toEqual(c);
                seen.add(name);
            }
            expect(seen.size).toBe(91);
        }
    });

    test('rows orientation: rows 1..11 from White, lettered from the left', () => {
        // Row 1 has 6 cells (a1..f1), row 6 has 11 (a6..l6), row 11 has 6.
        const inRow = (n: number) => rows.cells.filter((c) => rows.rankNumber(c) === n).map((c) => rows.name(c));
        expect(inRow(1)).toEqual(['a1', 'b1', 'c1', 'd1', 'e1', 'f1']);
        expect(inRow(6)).toEqual(['a6', 'b6', 'c6', 'd6', 'e6', 'f6', 'g6', 'h6', 'i6', 'k6', 'l6']);
        expect(inRow(11)).toEqual(['a11', 'b11', 'c11', 'd11', 'e11', 'f11']);
        // The leftmost cell of row 1 is (5, 0); of row 11, (0, 10).
        expect(rows.parse('a1')).toEqual({ file: 5, rank: 0 });
        expect(rows.parse('a11')).toEqual({ file: 0, rank: 10 });
    });

    test("contains: the three axes' bounds", () => {
        expect(glinski.contains({ file: 0, rank: 4 })).toBe(false);
        expect(glinski.contains({ file: 10, rank: 6 })).toBe(false);
        expect(glinski.contains({ file: 0, rank: 5 })).toBe(true);
        expect(glinski.contains({ file: 11, rank: 0 })).toBe(false);
        expect(glinski.contains({ file: 2.5, rank: 5 })).toBe(false);
    });

    test('the six neighbours of f6, and of the corner a1', () => {
        expect(names(HEX_FILES.units)).toEqual(['e5', 'e6', 'f5', 'f7', 'g5', 'g6']);
        expect(names(HEX_FILES.units, 'a1')).toEqual(['a2', 'b1', 'b2']);
    });

    test('turn: half a turn about f6', () => {
        expect(glinski.name(glinski.turn(cell('f1')))).toBe('f11');
        expect(glinski.name(glinski.turn(cell('a1')))).toBe('l6');
        expect(glinski.name(glinski.turn(cell('f6')))).toBe('f6');
        expect(glinski.name(glinski.turn(cell('c2')))).toBe('i7'); // White's c2 pawn faces Black's i7 (Glinski's set-up)
    });

    test('file and rank numbers are the names\' (Glinski) and the rows\'', () => {
        expect([glinski.fileNumber(cell('c4')), glinski.rankNumber(cell('c4'))]).toEqual([3, 4]);
        const g4 = rows.parse('g4')!;
        expect([rows.fileNumber(g4), rows.rankNumber(g4)]).toEqual([7, 4]);
    });
});

describe('symmetric images of [m n]', () => {
    const set = (steps: Step[]) => steps.map((s) => `${s[0]},${s[1]}`).sort();
    test('wazir [0 1]: the 6 orthogonal neighbours', () => {
        expect(HEX_FILES.images(0, 1)).toEqual([[0, 1], [-1, 1], [-1, 0], [0, -1], [1, -1], [1, 0]]);
    });
    test('ferz [1 1]: the 6 hexagonal diagonals', () => {
        expect(set(HEX_FILES.images(1, 1))).toEqual(set([[1, 1], [-1, 2], [-2, 1], [-1, -1], [1, -2], [2, -1]]));
        expect(names(HEX_FILES.images(1, 1))).toEqual(['d5', 'e4', 'e7', 'g4', 'g7', 'h5']);
    });
    test("knight [1 2]: Glinski's 12 knight leaps from f6", () => {
        expect(HEX_FILES.images(1, 2)).toHaveLength(12);
        // Glinski's knight from f6 (chessvariants.com diagram): the 12 cells at "distance 3" off the lines.
        expect(names(HEX_FILES.images(1, 2))).toEqual(['c4', 'c5', 'd3', 'd7', 'e3', 'e8', 'g3', 'g8', 'h3', 'h7', 'i4', 'i5']);
    });
    test('images are the same in both orientations; [0 2] has 6', () => {
        expect(HEX_ROWS.images(1, 2)).toEqual(HEX_FILES.images(1, 2));
        expect(HEX_FILES.images(0, 2)).toHaveLength(6);
        expect(HEX_FILES.images(0, 0)).toEqual([[0, 0]]);
    });
    test('geometryOf picks the lattice', () => {
        expect(geometryOf(hexagonBoard(6)).id).toBe('hex-files');
        expect(geometryOf(hexagonBoard(6, 'rows')).id).toBe('hex-rows');
        expect(geometryOf({ files: 8, ranks: 8 }).id).toBe('square');
    });
});

describe('paths and outwardness on the hexagon', () => {
    test('pathOffsets: gcd in axial coordinates', () => {
        expect(HEX_FILES.pathOffsets([0, 3])).toEqual([[0, 1], [0, 2]]);
        expect(HEX_FILES.pathOffsets([2, -1])).toEqual([]);
        expect(HEX_FILES.pathOffsets([4, -2])).toEqual([[2, -1]]);
        expect(HEX_FILES.pathOffsets([1, 2])).toEqual([]);
    });
    test('outward: a turn of 60 degrees goes on, 120 turns back', () => {
        expect(HEX_FILES.isOutward([-1, 1], [0, 1])).toBe(true); // 60 degrees
        expect(HEX_FILES.isOutward([-1, 0], [0, 1])).toBe(false); // 120 degrees
        expect(HEX_FILES.isOutward([1, 1], [0, 1])).toBe(true); // the diagonal at 30 degrees
        expect(HEX_FILES.isOutward([2, -1], [0, 1])).toBe(false); // the diagonal at 90 degrees
        expect(HEX_ROWS.isOutward([2, -1], [0, 1])).toBe(false);
        expect(HEX_ROWS.isOutward([0, 1], [0, 1])).toBe(true);
    });
});

describe('direction keywords on the hexagon', () => {
    const select = (geometry: typeof HEX_FILES, name: string, steps: Step[]) => steps.filter((s) => geometry.direction(name)!.test(s));
    const wazir = HEX_FILES.images(0, 1);
    test('files orientation: forward is (0, 1); forward-left / forward-right are the 60-degree units', () => {
        expect(select(HEX_FILES, 'forward', wazir)).toEqual([[0, 1], [-1, 1], [1, 0]]);
        expect(select(HEX_FILES, 'vertical', wazir)).toEqual([[0, 1], [0, -1]]);
        expect(select(HEX_FILES, 'forward-left', wazir)).toEqual([[-1, 1]]);
        expect(select(HEX_FILES, 'forward-right', wazir)).toEqual([[1, 0]]);
        expect(select(HEX_FILES, 'backward-left', wazir)).toEqual([[-1, 0]]);
        expect(select(HEX_FILES, 'backwards-right', wazir)).toEqual([[1, -1]]);
        expect(select(HEX_FILES, 'sideways', wazir)).toEqual([]);
        expect(select(HEX_FILES, 'sideways', HEX_FILES.images(1, 1))).toEqual([[-2, 1], [2, -1]]);
        expect(select(HEX_FILES, 'orthogonal', [...wazir, ...HEX_FILES.images(1, 1)])).toEqual(wazir);
        expect(select(HEX_FILES, 'diagonal', [...wazir, ...HEX_FILES.images(1, 1)])).toEqual(HEX_FILES.images(1, 1));
    });
    test("rows orientation: the specification's example (wazir :forward-left :forward-right :left :backward-left) = (wazir :forward :left)", () => {
        const words = ['forward-left', 'forward-right', 'left', 'backward-left'];
        const spec = wazir.filter((s) => words.some((w) => HEX_ROWS.direction(w)!.test(s)));
        const short = wazir.filter((s) => ['forward', 'left'].some((w) => HEX_ROWS.direction(w)!.test(s)));
        expect(spec).toEqual(short);
        expect(spec).toEqual([[0, 1], [-1, 1], [-1, 0], [0, -1]]);
        expect(select(HEX_ROWS, 'sideways', wazir)).toEqual([[-1, 0], [1, 0]]);
        expect(select(HEX_ROWS, 'vertical', wazir)).toEqual([]);
    });
    test('square-only keywords mean nothing on a hexagon', () => {
        for (const name of SQUARE_ONLY_DIRECTIONS) {
            expect(HEX_FILES.direction(name)).toBeUndefined();
            expect(HEX_ROWS.direction(name)).toBeUndefined();
        }
    });
});

describe('drawing', () => {
    test('neighbours are drawn 1 apart; corners are 6 per cell; the extent holds every corner', () => {
        for (const board of [glinski, rows]) {
            const a = board.place(board.centre);
            for (const u of board.geometry.units) {
                const b = board.place(board.step(board.centre, u)!);
                expect(Math.hypot(b.x - a.x, b.y - a.y)).toBeCloseTo(1, 9);
            }
            expect(a.corners).toHaveLength(6);
            for (const c of board.cells) for (const [x, y] of board.place(c).corners) {
                expect(x).toBeGreaterThanOrEqual(board.extent.minX - 1e-9);
                expect(x).toBeLessThanOrEqual(board.extent.maxX + 1e-9);
                expect(y).toBeGreaterThanOrEqual(board.extent.minY - 1e-9);
                expect(y).toBeLessThanOrEqual(board.extent.maxY + 1e-9);
            }
        }
        // Files orientation: (0, 1) is straight up; rows: (1, 0) is straight right.
        expect(glinski.place(cell('f7')).x).toBeCloseTo(glinski.place(cell('f6')).x, 9);
        expect(rows.place(rows.parse('g6')!).y).toBeCloseTo(rows.place(rows.parse('f6')!).y, 9);
    });
});

describe('shades', () => {
    test('no two neighbours share a shade; the centre is 0; squares: a1 dark', () => {
        for (const board of [glinski, rows, boardGeometry({ files: 8, ranks: 8 })]) {
            for (const c of board.cells) for (const u of board.geometry.units) {
                const n = board.step(c, u);
                if (n) expect(board.shade(n)).not.toBe(board.shade(c));
            }
        }
        expect(glinski.shade(glinski.centre)).toBe(0);
        expect(glinski.shades).toBe(3);
        expect(boardGeometry({ files: 8, ranks: 8 }).shade({ file: 0, rank: 0 })).toBe(1);
    });
});
