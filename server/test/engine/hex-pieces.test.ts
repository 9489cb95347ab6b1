// Glinski's pieces on the hexagon of side 6 (91 cells, files a-l without j), each move set
// written by hand from the published rules (Glinski's hexagonal chess: the rook moves along the
// six orthogonal lines through cell edges, the bishop along the six diagonals through corners,
// the queen both, the king one cell in any of the twelve, the knight to the twelve cells at
// [1 2], the pawn one cell straight up its file and captures one cell forward at 60 degrees).
import { describe, expect, test } from 'vitest';
import { destinations, type Occupant, type SetUp } from '../../src/engine/index.js';
import { type Board, boardGeometry, hexagonBoard } from '../../src/geometry/index.js';
import { zoneSquares } from '../../src/engine/rules.js';
import { apply, cond, leap, pieces, q, rankIs, ref, union, STANDARD } from './helpers.js';
import type { Move, PieceDef } from '../../src/model/piece.js';

const GLINSKI = hexagonBoard(6);
const g = boardGeometry(GLINSKI);
const cell = (name: string) => {
    const c = g.parse(name);
    if (!c) throw new Error(`${name} is not a cell`);
    return c;
};

const HEX = pieces({
    // Glinski's pawn: moves straight up its file, captures forward-left and forward-right.
    pawn: union(apply('move', q(q(ref('wazir'), 'vertical'), 'forward')), apply('capture', q(ref('wazir'), 'forward-left', 'forward-right')))
}, STANDARD);

interface Options {
    friends?: string[];
    enemies?: string[];
    side?: 'white' | 'black';
    board?: Board;
}

/** Destinations as cell names: [moves (to empty cells), captures of the set-up's enemies]. */
function run(piece: string | Move, at: string, options: Options = {}) {
    const board = options.board ?? GLINSKI;
    const geometry = boardGeometry(board);
    const parse = (n: string): Occupant => geometry.parse(n)!;
    const setup: SetUp = {
        board, at: geometry.parse(at)!, friends: (options.friends ?? []).map(parse), enemies: (options.enemies ?? []).map(parse),
        ...(options.side ? { side: options.side } : {})
    };
    const r = destinations(typeof piece === 'string' ? ref(piece) : piece, setup, HEX);
    expect(r.problems).toEqual([]);
    const enemy = new Set(options.enemies ?? []);
    const names = r.destinations.map((d) => ({ name: geometry.name(d.square), d }));
    return {
        moves: names.filter(({ name, d }) => d.move && !enemy.has(name)).map((x) => x.name).sort(),
        takes: names.filter(({ name, d }) => d.capture && enemy.has(name)).map((x) => x.name).sort()
    };
}

const sorted = (list: string) => list.split(' ').sort();

describe('Glinski pieces from the centre f6', () => {
    test('rook: six lines of five cells', () => {
        expect(run('rook', 'f6').moves).toEqual(sorted('f7 f8 f9 f10 f11 f5 f4 f3 f2 f1 e6 d6 c6 b6 a6 e5 d4 c3 b2 a1 g5 h4 i3 k2 l1 g6 h6 i6 k6 l6'));
    });
    test('bishop: six diagonals of two cells', () => {
        expect(run('bishop', 'f6').moves).toEqual(sorted('g7 h8 e7 d8 d5 b4 e4 d2 g4 h2 h5 k4'));
    });
    test('queen = rook + bishop: 42 cells', () => {
        expect(run('queen', 'f6').moves).toHaveLength(42);
    });
    test('king: the twelve cells around', () => {
        expect(run('king', 'f6').moves).toEqual(sorted('d5 e4 e5 e6 e7 f5 f7 g4 g5 g6 g7 h5'));
    });
    test('knight: twelve leaps', () => {
        expect(run('knight', 'f6').moves).toEqual(sorted('c4 c5 d3 d7 e3 e8 g3 g8 h3 h7 i4 i5'));
    });
    test('rook with a friend on f8 and an enemy on d4: stops before the friend, takes the enemy', () => {
        const r = run('rook', 'f6', { friends: ['f8'], enemies: ['d4'] });
        expect(r.moves).toEqual(sorted('f7 f5 f4 f3 f2 f1 e6 d6 c6 b6 a6 e5 g5 h4 i3 k2 l1 g6 h6 i6 k6 l6'));
        expect(r.takes).toEqual(['d4']);
    });
    test('bishop blocked on g7 by an enemy, on d5 by a friend', () => {
        const r = run('bishop', 'f6', { friends: ['d5'], enemies: ['g7'] });
        expect(r.moves).toEqual(sorted('e7 d8 e4 d2 g4 h2 h5 k4'));
        expect(r.takes).toEqual(['g7']);
    });
    test('the knight leaps over pieces', () => {
        const r = run('knight', 'f6', { friends: g.geometry.units.map((u) => g.name(g.step(g.centre, u)!)), enemies: ['g8'] });
        expect(r.moves).toEqual(sorted('c4 c5 d3 d7 e3 e8 g3 h3 h7 i4 i5'));
        expect(r.takes).toEqual(['g8']);
    });
});

describe('from a corner (a1), an edge (f1) and the other corners', () => {
    test('rook a1: up the a-file, along the long diagonal row to l6, along the first rank to f1', () => {
        expect(run('rook', 'a1').moves).toEqual(sorted('a2 a3 a4 a5 a6 b2 c3 d4 e5 f6 g6 h6 i6 k6 l6 b1 c1 d1 e1 f1'));
    });
    test('bishop a1: two diagonals', () => {
        expect(run('bishop', 'a1').moves).toEqual(sorted('b3 c5 d7 e9 f11 c2 e3 g3 i2 l1'));
    });
    test('king a1 and f1', () => {
        expect(run('king', 'a1').moves).toEqual(sorted('a2 b1 b2 b3 c2'));
        expect(run('king', 'f1').moves).toEqual(sorted('e1 e2 f2 g1 g2'));
    });
    test('knight a1', () => {
        expect(run('knight', 'a1').moves).toEqual(sorted('b4 c4 d2 d3'));
    });
    test('king at the corners a6, f11, l1, l6: three neighbours and two diagonals each', () => {
        expect(run('king', 'a6').moves).toEqual(sorted('a5 b7 b6 b5 c7'));
        expect(run('king', 'f11').moves).toEqual(sorted('e10 f10 g10 e9 g9'));
        expect(run('king', 'l1').moves).toEqual(sorted('k1 k2 l2 k3 i2'));
        expect(run('king', 'l6').moves).toEqual(sorted('l5 k6 k7 i7 k5'));
    });
    test('rook f1: up the f-file and along the two first-rank edges', () => {
        expect(run('rook', 'f1').moves).toEqual(sorted('f2 f3 f4 f5 f6 f7 f8 f9 f10 f11 e1 d1 c1 b1 a1 g1 h1 i1 k1 l1'));
    });
});

describe("Glinski's pawn", () => {
    test('White on f5: one cell up the file; captures on e5 and g5', () => {
        expect(run('pawn', 'f5').moves).toEqual(['f6']);
        expect(run('pawn', 'f5', { enemies: ['e5', 'g5', 'f6'] })).toEqual({ moves: [], takes: ['e5', 'g5'] });
    });
    test('White on e4 captures on d4 and f5', () => {
        expect(run('pawn', 'e4', { enemies: ['d4', 'f5'] }).takes).toEqual(['d4', 'f5']);
    });
    test('Black is turned half a turn: on f7 it moves to f6 and captures on e6 and g6', () => {
        expect(run('pawn', 'f7', { side: 'black' }).moves).toEqual(['f6']);
        expect(run('pawn', 'f7', { side: 'black', enemies: ['e6', 'g6', 'e7', 'g7'] }).takes).toEqual(['e6', 'g6']);
    });
    test('a pawn on the last cell of its file has no move', () => {
        expect(run('pawn', 'f11').moves).toEqual([]);
        expect(run('pawn', 'a6').moves).toEqual([]);
    });
});

describe('conditions and zones on the hexagon', () => {
    const firstRankRook: Move = cond([[rankIs(1), ref('rook')]], ref('wazir'));
    test("(rank) is Glinski's rank number, from the mover's side", () => {
        // a1 and l1 are both on rank 1 (Glinski's ranks bend); e2 is on rank 2.
        expect(run(firstRankRook, 'a1').moves).toHaveLength(20);
        expect(run(firstRankRook, 'e2').moves).toEqual(sorted('e1 e3 d1 d2 f2 f3'));
        // Black's rank 1 is White's rank 11 side: f11 turned is f1.
        expect(run(firstRankRook, 'f11', { side: 'black' }).moves).toHaveLength(20);
    });
    test('a zone keyword confines a move to its cells in Glinski names: (king :home), home = (zone e4-g5)', () => {
        const home: PieceDef = { name: 'home', key: 'home', properties: [], style: 'lisp', declaration: { kind: 'zone', squares: ['e4-g5'] } };
        const resolve = (key: string) => (key === 'home' ? home : HEX(key));
        const r = destinations(q(ref('king'), 'home'), { board: GLINSKI, at: cell('f5'), friends: [], enemies: [] }, resolve);
        expect(r.destinations.map((d) => g.name(d.square)).sort()).toEqual(sorted('e4 e5 f4 g4 g5'));
    });
    test('a zone range d1-f3 is files d..f x ranks 1..3 in Glinski names', () => {
        const { squares, problems } = zoneSquares(['a1-c2', 'f6'], GLINSKI);
        expect(problems).toEqual([]);
        expect(squares.map((s) => g.name(s)).sort()).toEqual(sorted('a1 a2 b1 b2 c1 c2 f6'));
        expect(zoneSquares(['a7', 'j1'], GLINSKI).problems).toEqual([
            { index: 0, message: 'a7 is not on the hexagon of side 6' },
            { index: 1, message: 'j1 is not on the hexagon of side 6' }
        ]);
    });
});

describe("the specification's hexagonal example, on (board (hexagon 6 rows))", () => {
    test('(wazir :forward-left :forward-right :left :backward-left) = (wazir :forward :left) from the centre', () => {
        const rows = hexagonBoard(6, 'rows');
        const spec = run(q(ref('wazir'), 'forward-left', 'forward-right', 'left', 'backward-left'), 'f6', { board: rows });
        const short = run(q(ref('wazir'), 'forward', 'left'), 'f6', { board: rows });
        expect(spec.moves).toEqual(short.moves);
        // Rows: row 7 above, cells lettered from the left; e5 is down-left, e6 left.
        expect(spec.moves).toEqual(sorted('e5 e6 e7 f7'));
    });
    test('a square-only keyword on a hexagon restricts nothing and says so', () => {
        const r = destinations(q(ref('knight'), 'narrow'), { board: GLINSKI, at: cell('f6'), friends: [], enemies: [] }, HEX);
        expect(r.destinations).toHaveLength(12);
        expect(r.problems.map((p) => p.rule)).toEqual(['direction-not-on-board']);
        expect(r.problems[0].message).toMatch(/:narrow means nothing on a hexagonal board/);
    });
    test('a [m n] of three numbers is still refused, in hexagonal words', () => {
        const r = destinations({ kind: 'leap', vector: [1, 2, 3] }, { board: GLINSKI, at: cell('f6'), friends: [], enemies: [] }, HEX);
        expect(r.problems[0].message).toMatch(/a step on a hexagonal board has two/);
    });
    test('the same definition prepared once evaluates on squares and on the hexagon', () => {
        const onSquares = destinations(ref('king'), { board: { files: 9, ranks: 9 }, at: { file: 4, rank: 4 }, friends: [], enemies: [] }, HEX);
        expect(onSquares.destinations).toHaveLength(8);
        expect(run('king', 'f6').moves).toHaveLength(12);
    });
});

describe('one-pass captures hold on the hexagon', () => {
    test('every "capture if an enemy stood here" answer matches an evaluation with the enemy placed (chains of three legs)', () => {
        const chain: Move = { kind: 'sequence', mode: 'free', legs: [leap(0, 1), leap(1, 1), leap(0, 1)] };
        const empty = destinations(chain, { board: GLINSKI, at: cell('f6'), friends: [], enemies: [] }, HEX);
        for (const d of empty.destinations) {
            const placed = destinations(chain, { board: GLINSKI, at: cell('f6'), friends: [], enemies: [d.square] }, HEX);
            const there = placed.destinations.find((p) => p.square.file === d.square.file && p.square.rank === d.square.rank);
            expect({ at: g.name(d.square), capture: there?.capture ?? false }).toEqual({ at: g.name(d.square), capture: d.capture });
        }
    });
});
