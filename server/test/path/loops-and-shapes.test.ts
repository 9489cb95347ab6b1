// The walk ends on loops (seed 002, "Use in practise"), and follows the board's shape: holes,
// cylinders, zones.
import { describe, expect, test } from 'vitest';
import { parsePath } from '../../src/notation/path-parse.js';
import { walkPath, PathWalkLimit } from '../../src/engine/path-walk.js';
import { compilePath, matchesPath } from '../../src/engine/path-compile.js';
import { type Board, boardGeometry } from '../../src/geometry/index.js';
import { GLINSKI, SQUARE8, cellNames, sortNames, walk } from './helpers.js';

describe('loops end', () => {
    test('turning forever goes nowhere: L*, (LR)*, (L|R)*', () => {
        for (const path of ['L*', '(LR)*', '(L|R)*', '(L$R$)+']) expect(walk(path, SQUARE8, 'd4')).toEqual({ moves: [], captures: [] });
    });

    test('(LR)*F$: the turns come back to forward', () => {
        expect(walk('(LR)*F$', SQUARE8, 'd4').moves).toEqual(['d5']);
        expect(walk('(LL)*F$', SQUARE8, 'd4').moves).toEqual(['d3', 'd5']);
    });

    test('(F$L)*: round a small square, back to the start (which is not a destination)', () => {
        expect(walk('(F$L)*', SQUARE8, 'd4').moves).toEqual(['c4', 'c5', 'd5']);
        // A piece on the way: the path ends at it (and captures it).
        expect(walk('(F$L)*', SQUARE8, 'd4', { enemies: ['c5'] })).toEqual({ moves: ['d5'], captures: ['c5'] });
    });

    test('(F|L|R)* reaches every cell of the board, over every piece', () => {
        const all = cellNames(SQUARE8).filter((n) => n !== 'd4');
        expect(walk('(F|L|R)*', SQUARE8, 'd4').moves).toEqual(sortNames(all));
        const hex = cellNames(GLINSKI).filter((n) => n !== 'f6');
        const r = walk('(F|L|R)*', GLINSKI, 'f6', { friends: ['f7'], enemies: ['a1'] });
        expect(r.moves).toEqual(sortNames(hex.filter((n) => n !== 'f7' && n !== 'a1')));
        expect(r.captures).toEqual(['a1']);
    });

    test('(F$|L|R)* stops at the first piece on every route: a friend walls off the cells behind it only where it blocks', () => {
        // A wall of friends across rank 3 except h3: the cells above are reached round it through h3.
        const wall = ['a3', 'b3', 'c3', 'd3', 'e3', 'f3', 'g3'];
        const r = walk('(F$|L|R)*', SQUARE8, 'd1', { friends: wall });
        expect(r.moves).toContain('a8');
        const closed = walk('(F$|L|R)*', SQUARE8, 'd1', { friends: [...wall, 'h3'] });
        expect(closed.moves).toEqual(sortNames(['a1', 'b1', 'c1', 'e1', 'f1', 'g1', 'h1', 'a2', 'b2', 'c2', 'd2', 'e2', 'f2', 'g2', 'h2']));
    });

    test('the walk is bounded by its own limit when the caller gives no budget, and by the caller\'s budget otherwise', () => {
        const regex = parsePath('(F|L|R)*').regex!;
        const geometry = boardGeometry({ files: 64, ranks: 64 });
        let ticks = 0;
        const budget = 1000;
        expect(() => walkPath(compilePath(regex), {
            geometry, read: () => 0, tick: () => {
                if (++ticks > budget) throw new PathWalkLimit('budget');
            }
        }, { file: 0, rank: 0 }, () => undefined)).toThrow(PathWalkLimit);
        // Without one, 64 x 64 x 4 facings x one state = 16384 configurations: well within the limit.
        let count = 0;
        walkPath(compilePath(regex), { geometry, read: () => 0 }, { file: 0, rank: 0 }, () => count++);
        expect(count).toBe(64 * 64 - 1);
    });
});

describe('board shapes', () => {
    const cylinder: Board = { files: 8, ranks: 8, shape: { kind: 'rectangle', cylinder: true } };
    const holed: Board = { files: 8, ranks: 8, shape: { kind: 'rectangle', holes: [{ file: 3, rank: 4 }] } }; // d5

    test('a rook on a cylinder rides round the back, and stops at a piece whichever way it comes', () => {
        expect(walk('L*(F$)+', cylinder, 'a1').moves).toEqual(sortNames(['b1', 'c1', 'd1', 'e1', 'f1', 'g1', 'h1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7', 'a8']));
        expect(walk('L*(F$)+', cylinder, 'd4', { friends: ['g4'] }).moves).toEqual(sortNames(['a4', 'b4', 'c4', 'e4', 'f4', 'h4', 'd1', 'd2', 'd3', 'd5', 'd6', 'd7', 'd8']));
    });

    test('the step reported with each destination is the walk\'s, the short way round on a cylinder', () => {
        const regex = parsePath('L*(F$)+').regex!;
        const steps = (board: Board) => {
            const geometry = boardGeometry(board);
            const out = new Map<string, readonly [number, number]>();
            walkPath(compilePath(regex), { geometry, read: () => 0 }, geometry.parse('b4')!, (to, step) => out.set(geometry.name(to), step));
            return out;
        };
        const flat = steps({ files: 8, ranks: 8 });
        expect(flat.get('a4')).toEqual([-1, 0]);
        expect(flat.get('h4')).toEqual([6, 0]);
        expect(flat.get('b8')).toEqual([0, 4]);
        const round = steps(cylinder);
        expect(round.get('a4')).toEqual([-1, 0]);
        // h4 is two cells left of b4 round the back, six to the right the long way.
        expect(round.get('h4')).toEqual([-2, 0]);
        expect(round.get('e4')).toEqual([3, 0]);
    });

    test('a knight on a cylinder leaps across the edge', () => {
        expect(walk('L*FF(L|R)F$', cylinder, 'a1').moves).toEqual(sortNames(['b3', 'c2', 'h3', 'g2']));
    });

    test('a hole is not a cell: a path that steps into it dies, so the rook stops short and the walking knight cannot pass it', () => {
        expect(walk('L*(F$)+', holed, 'd4').moves).not.toContain('d5');
        expect(walk('L*(F$)+', holed, 'd4').moves).not.toContain('d6');
        // c6 and e6 are reached only through d5 (forward twice, then a turn).
        expect(walk('L*FF(L|R)F$', holed, 'd4').moves).toEqual(sortNames(['b3', 'b5', 'c2', 'e2', 'f3', 'f5']));
    });

    test('a zone the path may not leave (enter): the rook inside the palace d1-f3', () => {
        const palace = ['d1', 'e1', 'f1', 'd2', 'e2', 'f2', 'd3', 'e3', 'f3'];
        expect(walk('L*(F$)+', { files: 9, ranks: 10 }, 'e2', { zone: palace }).moves).toEqual(sortNames(['d2', 'f2', 'e1', 'e3']));
    });
});

describe('the automaton', () => {
    test('matches exactly the strings of the expression', () => {
        const knight = parsePath('L*FF(L|R)F$').regex!;
        expect(matchesPath(knight, 'FFLF$')).toBe(true);
        expect(matchesPath(knight, 'LLLFFRF$')).toBe(true);
        expect(matchesPath(knight, 'FFLF')).toBe(false);
        expect(matchesPath(knight, 'FFF$')).toBe(false);
        const counted = parsePath('F{2,3}$').regex!;
        expect(['F$', 'FF$', 'FFF$', 'FFFF$'].map((s) => matchesPath(counted, s))).toEqual([false, true, true, false]);
        const atLeast = parsePath('(FL){2,}').regex!;
        expect(['FL', 'FLFL', 'FLFLFLFL', 'FLF'].map((s) => matchesPath(atLeast, s))).toEqual([false, true, true, false]);
        const nested = parsePath('((F|)L)*').regex!;
        expect(['', 'L', 'FLL', 'FLFLL', 'FF'].map((s) => matchesPath(nested, s))).toEqual([true, true, true, true, false]);
    });
});
