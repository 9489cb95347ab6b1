// The square geometry keeps today's behaviour (issue 11): images, paths, names, turns; and the
// shapes the seam makes cheap (cylinder, holes) and the board spec.
import { describe, expect, test } from 'vitest';
import { boardGeometry, boardProblem, geometryOf, MAX_RECTANGLE_SIDE, SQUARE } from '../../src/geometry/index.js';
import { parseBoardSpec, printBoardSpec } from '../../src/geometry/board-spec.js';

describe('the square lattice', () => {
    test('images of [1 2] are the 8 knight steps, [0 1] the 4 wazir steps', () => {
        expect(SQUARE.images(1, 2)).toEqual([[1, 2], [1, -2], [-1, 2], [-1, -2], [2, 1], [2, -1], [-2, 1], [-2, -1]]);
        expect(SQUARE.images(0, 1)).toEqual([[0, 1], [0, -1], [1, 0], [-1, 0]]);
    });
    test('paths, outwardness and the keywords as before', () => {
        expect(SQUARE.pathOffsets([3, 3])).toEqual([[1, 1], [2, 2]]);
        expect(SQUARE.pathOffsets([1, 2])).toEqual([]);
        expect(SQUARE.isOutward([1, 0], [0, 1])).toBe(false);
        expect(SQUARE.isOutward([1, 1], [0, 1])).toBe(true);
        expect(SQUARE.direction('narrow')!.test([1, 2])).toBe(true);
        expect(SQUARE.direction('forward-left')).toBeUndefined();
        expect(SQUARE.units).toEqual([[0, 1], [-1, 0], [0, -1], [1, 0]]);
    });
    test('names: a..z then aa, round trip on a 64x64 board', () => {
        const board = boardGeometry({ files: 64, ranks: 64 });
        expect(board.name({ file: 26, rank: 63 })).toBe('aa64');
        for (const c of board.cells) expect(board.parse(board.name(c))).toEqual(c);
        expect(board.parse('e65')).toBeUndefined();
        expect(boardGeometry({ files: 8, ranks: 8 }).parse('i1')).toBeUndefined();
        expect(boardGeometry({ files: 8, ranks: 8 }).name(boardGeometry({ files: 8, ranks: 8 }).centre)).toBe('e5');
    });
    test('turn, label, memo by value', () => {
        const b = boardGeometry({ files: 9, ranks: 10 });
        expect(b.turn({ file: 0, rank: 0 })).toEqual({ file: 8, rank: 9 });
        expect(b.label).toBe('9x10');
        expect(boardGeometry({ files: 9, ranks: 10 })).toBe(b);
        expect(geometryOf({ files: 9, ranks: 10 })).toBe(SQUARE);
    });
    test('limits', () => {
        expect(boardProblem({ files: 64, ranks: 40 })).toBeUndefined();
        expect(boardProblem({ files: 65, ranks: 8 })).toBe(`board 65x8: each side must be a whole number from 1 to ${MAX_RECTANGLE_SIDE}`);
        expect(boardProblem({ files: 1, ranks: 1, shape: { kind: 'rectangle', holes: [{ file: 0, rank: 0 }] } })).toBe('board 1x1 with 1 hole: every square is a hole');
        expect(boardProblem({ files: 1, ranks: 1, shape: { kind: 'hexagon', side: 32, orientation: 'files' } })).toMatch(/side must be a whole number from 1 to 31, not 32/);
    });
});

describe('cylinder and holes', () => {
    test('a cylinder wraps files, not ranks', () => {
        const b = boardGeometry({ files: 8, ranks: 8, shape: { kind: 'rectangle', cylinder: true } });
        expect(b.step({ file: 7, rank: 3 }, [1, 0])).toEqual({ file: 0, rank: 3 });
        expect(b.step({ file: 0, rank: 3 }, [-2, 1])).toEqual({ file: 6, rank: 4 });
        expect(b.step({ file: 0, rank: 7 }, [0, 1])).toBeUndefined();
        expect(b.label).toBe('8x8 cylinder');
    });
    test('holes are not cells', () => {
        const b = boardGeometry({ files: 8, ranks: 8, shape: { kind: 'rectangle', holes: [{ file: 3, rank: 3 }, { file: 4, rank: 4 }] } });
        expect(b.cells).toHaveLength(62);
        expect(b.contains({ file: 3, rank: 3 })).toBe(false);
        expect(b.parse('d4')).toBeUndefined();
        expect(b.step({ file: 3, rank: 2 }, [0, 1])).toBeUndefined();
        expect(b.label).toBe('8x8 with 2 holes');
    });
});

describe('board spec', () => {
    test.each([
        ['8x8', { files: 8, ranks: 8 }],
        ['9x10', { files: 9, ranks: 10 }],
        ['hex6', { files: 11, ranks: 11, shape: { kind: 'hexagon', side: 6, orientation: 'files' } }],
        ['HEX6-rows', { files: 11, ranks: 11, shape: { kind: 'hexagon', side: 6, orientation: 'rows' } }],
        ['8x8-cylinder', { files: 8, ranks: 8, shape: { kind: 'rectangle', cylinder: true } }],
        ['8x8-holes:d4,e5', { files: 8, ranks: 8, shape: { kind: 'rectangle', holes: [{ file: 3, rank: 3 }, { file: 4, rank: 4 }] } }]
    ])('%s', (spec, board) => {
        const read = parseBoardSpec(spec);
        expect(read.board).toEqual(board);
        expect(parseBoardSpec(printBoardSpec(read.board!)).board).toEqual(board);
    });
    test('errors say what is allowed', () => {
        expect(parseBoardSpec('hexagon').error).toMatch(/'hexagon' is not a board: write FILESxRANKS/);
        expect(parseBoardSpec('hex0').error).toMatch(/from 1 to 31, not 0/);
        expect(parseBoardSpec('65x8').error).toMatch(/from 1 to 64/);
        expect(parseBoardSpec('8x8-holes:z9').error).toBe("hole 'z9' is not a square of the 8x8 board");
        expect(printBoardSpec({ files: 8, ranks: 8 })).toBe('8x8');
        expect(printBoardSpec({ files: 11, ranks: 11, shape: { kind: 'hexagon', side: 6, orientation: 'files' } })).toBe('hex6');
    });
});

describe('robustness', () => {
    test('a board outside the limits is read clamped (no billion-cell board), and boardProblem says why', () => {
        const huge = { files: 1e9, ranks: 3 };
        expect(boardGeometry(huge).cells).toHaveLength(64 * 3);
        expect(boardProblem(huge)).toMatch(/from 1 to 64/);
        const hex = { files: 1, ranks: 1, shape: { kind: 'hexagon' as const, side: 1e9, orientation: 'files' as const } };
        expect(boardGeometry(hex).cells).toHaveLength(3 * 31 * 30 + 1);
        expect(boardGeometry({ files: Number.NaN, ranks: 0 }).cells).toHaveLength(1);
    });
});
