// Seed 002's table on Glinski's hexagon (side 6, files orientation): the rook, bishop, knight and
// king paths give Glinski's pieces. Expected cells are written by hand from Glinski's rules and
// his cell names (files a-l without j; ranks bend at the f-file: f6 is the centre, a1, f1, l1,
// a6, f11 and l6 the corners).
import { describe, expect, test } from 'vitest';
import { GLINSKI, HEX_ROWS6, sortNames, walk } from './helpers.js';

const ROOK = 'L*(F$)+';
const BISHOP = 'L*(FLFR$|LFRF$)+';
const KNIGHT = 'L*FF(L|R)F$';
const KING = 'L*(F|FLF|FRF)$';

const names = (s: string) => sortNames(s.split(/\s+/).filter(Boolean));

describe("Glinski's rook: the six orthogonal lines", () => {
    test('from the centre f6: 30 cells to the six corners', () => {
        expect(walk(ROOK, GLINSKI, 'f6').moves).toEqual(names(`
            f7 f8 f9 f10 f11   f5 f4 f3 f2 f1
            e6 d6 c6 b6 a6     e5 d4 c3 b2 a1
            g6 h6 i6 k6 l6     g5 h4 i3 k2 l1`));
    });

    test('from the corner a1: up the a-file, along the bent first rank, and across to l6', () => {
        expect(walk(ROOK, GLINSKI, 'a1').moves).toEqual(names(`
            a2 a3 a4 a5 a6
            b1 c1 d1 e1 f1
            b2 c3 d4 e5 f6 g6 h6 i6 k6 l6`));
    });

    test('blocked by a friend, capturing the first enemy', () => {
        expect(walk(ROOK, GLINSKI, 'f6', { friends: ['f8', 'g6'], enemies: ['d4', 'a6', 'f3'] })).toEqual({
            moves: names('f7 f5 f4 e6 d6 c6 b6 e5 g5 h4 i3 k2 l1'),
            captures: names('a6 d4 f3')
        });
    });
});

describe("Glinski's bishop: the six diagonals, passing between cells", () => {
    test('from the centre f6', () => {
        expect(walk(BISHOP, GLINSKI, 'f6').moves).toEqual(names('g7 h8  e7 d8  d5 b4  e4 d2  g4 h2  h5 k4'));
    });

    test('from the edge cell f1: the two diagonals that go up; the others leave the board', () => {
        expect(walk(BISHOP, GLINSKI, 'f1').moves).toEqual(names('e2 d3 c4 b5 a6  g2 h3 i4 k5 l6'));
    });

    test('a neighbour on the way does not block it; a piece on the diagonal does', () => {
        expect(walk(BISHOP, GLINSKI, 'f6', { friends: ['f7', 'g6', 'e6', 'e5', 'f5', 'g5'] }).moves).toEqual(names('g7 h8  e7 d8  d5 b4  e4 d2  g4 h2  h5 k4'));
        expect(walk(BISHOP, GLINSKI, 'f6', { friends: ['g7'], enemies: ['d5'] })).toEqual({
            moves: names('e7 d8  e4 d2  g4 h2  h5 k4'),
            captures: ['d5']
        });
    });
});

describe("Glinski's knight: twelve leaps", () => {
    test('from the centre f6', () => {
        expect(walk(KNIGHT, GLINSKI, 'f6').moves).toEqual(names('c4 c5 d3 d7 e3 e8 g3 g8 h3 h7 i4 i5'));
    });

    test('from the corner a1', () => {
        expect(walk(KNIGHT, GLINSKI, 'a1').moves).toEqual(names('b4 c4 d2 d3'));
    });

    test('jumps over every neighbour; captures enemies, not friends', () => {
        const ring = ['f7', 'f5', 'e6', 'e5', 'g6', 'g5', 'd5', 'e4', 'e7', 'g4', 'g7', 'h5'];
        expect(walk(KNIGHT, GLINSKI, 'f6', { friends: [...ring, 'c4'], enemies: ['g8', 'i5'] })).toEqual({
            moves: names('c5 d3 d7 e3 e8 g3 h3 h7 i4'),
            captures: ['g8', 'i5']
        });
    });
});

describe("Glinski's queen: rook or bishop", () => {
    test('from the centre f6: the 30 rook cells and the 12 bishop cells', () => {
        const queen = walk(`${ROOK}|${BISHOP}`, GLINSKI, 'f6').moves;
        expect(queen).toEqual(sortNames([...walk(ROOK, GLINSKI, 'f6').moves, ...walk(BISHOP, GLINSKI, 'f6').moves]));
        expect(queen).toHaveLength(42);
    });
});

describe("Glinski's king: six neighbours and six diagonal cells", () => {
    test('from the centre f6', () => {
        expect(walk(KING, GLINSKI, 'f6').moves).toEqual(names('f7 f5 e6 e5 g6 g5  d5 e4 e7 g4 g7 h5'));
    });

    test('from the corner l1', () => {
        // l1: neighbours l2, k1, k2; diagonals k3 (up-left) and i2 (straight left, at the same height: ranks bend down right of f).
        expect(walk(KING, GLINSKI, 'l1').moves).toEqual(names('l2 k1 k2 k3 i2'));
    });

    test('among pieces', () => {
        expect(walk(KING, GLINSKI, 'f6', { friends: ['f7', 'd5'], enemies: ['e5', 'h5'] })).toEqual({
            moves: names('f5 e6 g6 g5  e4 e7 g4 g7'),
            captures: names('e5 h5')
        });
    });
});

describe('the pawn rows on the hexagon', () => {
    test('F$ and F$F?$ go straight up the file', () => {
        expect(walk('F$', GLINSKI, 'f5').moves).toEqual(['f6']);
        expect(walk('F$F?$', GLINSKI, 'f5').moves).toEqual(['f6', 'f7']);
        expect(walk('F$F?$', GLINSKI, 'e4', { enemies: ['e5'] })).toEqual({ moves: [], captures: ['e5'] });
    });

    test("the seed's capture F(LFR|RFL)$ reaches the two forward hexagonal diagonals", () => {
        expect(walk('F(LFR|RFL)$', GLINSKI, 'f5').moves).toEqual(['e6', 'g6']);
    });

    test("Glinski's own pawn captures on the two forward neighbours: (L|R)F$", () => {
        expect(walk('(L|R)F$', GLINSKI, 'f5').moves).toEqual(['e5', 'g5']);
        expect(walk('(L|R)F$', GLINSKI, 'b1').moves).toEqual(['a1', 'c2']);
    });
});

describe('the rows orientation is the same lattice', () => {
    test('the rook from the centre reaches 30 cells, the knight 12, the king 12, the bishop 12', () => {
        expect(walk(ROOK, HEX_ROWS6, 'f6').moves).toHaveLength(30);
        expect(walk(KNIGHT, HEX_ROWS6, 'f6').moves).toHaveLength(12);
        expect(walk(KING, HEX_ROWS6, 'f6').moves).toHaveLength(12);
        expect(walk(BISHOP, HEX_ROWS6, 'f6').moves).toHaveLength(12);
    });

    test('F points forward-right in rows: from the centre f6 to f7 (the next row up starts half a cell further right)', () => {
        expect(walk('F$', HEX_ROWS6, 'f6').moves).toEqual(['f7']);
        expect(walk('RF$', HEX_ROWS6, 'f6').moves).toEqual(['g6']);
        expect(walk('LF$', HEX_ROWS6, 'f6').moves).toEqual(['e7']);
    });
});
