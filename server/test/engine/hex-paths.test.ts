// The path notation (seed 002) evaluated by the engine: the seed's table gives the orthodox
// moves on the square board and Glinski's on the hexagon; modifiers, keywords and Black apply
// to paths as to any movement.
import { describe, expect, test } from 'vitest';
import { destinations, type SetUp } from '../../src/engine/index.js';
import { type Board, boardGeometry, hexagonBoard } from '../../src/geometry/index.js';
import { parsePath } from '../../src/notation/index.js';
import type { Move } from '../../src/model/piece.js';
import { apply, blocked, leap, q, ref, STANDARD, union } from './helpers.js';

function path(text: string): Move {
    const { regex, problems } = parsePath(text);
    if (!regex) throw new Error(`${text}: ${JSON.stringify(problems)}`);
    return { kind: 'path', text, regex };
}

const SEED = {
    pawn: 'F$', pawnFirst: 'F$F?$', pawnCapture: 'F(LFR|RFL)$', knight: 'L*FF(L|R)F$', bishop: 'L*(FLFR$|LFRF$)+', rook: 'L*(F$)+',
    king: 'L*(F|FLF|FRF)$'
};
const queen = () => union(path(SEED.rook), path(SEED.bishop));

function cells(piece: Move, board: Board, at: string, options: { friends?: string[]; enemies?: string[]; side?: 'black' } = {}) {
    const g = boardGeometry(board);
    const parse = (n: string) => g.parse(n)!;
    const setup: SetUp = {
        board, at: parse(at), friends: (options.friends ?? []).map(parse), enemies: (options.enemies ?? []).map(parse),
        ...(options.side ? { side: options.side } : {})
    };
    const r = destinations(piece, setup, STANDARD);
    expect(r.problems).toEqual([]);
    const kind = (d: (typeof r.destinations)[number]) => (d.move ? 'm' : '') + (d.capture ? 'x' : '');
    return r.destinations.map((d) => `${g.name(d.square)}:${kind(d)}`).sort();
}

const SQ: Board = { files: 9, ranks: 9 };
const GLINSKI = hexagonBoard(6);

describe("seed 002's table on the square board = the orthodox pieces", () => {
    test.each([
        ['knight', SEED.knight, ref('knight')],
        ['bishop', SEED.bishop, ref('bishop')],
        ['rook', SEED.rook, ref('rook')],
        ['king', SEED.king, ref('king')]
    ])('%s %s', (_name, text, orthodox) => {
        for (const set of [{}, { friends: ['e7', 'g7', 'f5'], enemies: ['c5', 'c3', 'e8'] }]) {
            expect(cells(path(text), SQ, 'e5', set)).toEqual(cells(orthodox, SQ, 'e5', set));
        }
    });
    test('queen = rook | bishop', () => {
        expect(cells(queen(), SQ, 'e5', { enemies: ['e7'] })).toEqual(cells(ref('queen'), SQ, 'e5', { enemies: ['e7'] }));
    });
    test('pawn: F$ moves one forward (captures there too unless written (move ...)); F$F?$ two when the first is empty', () => {
        expect(cells(apply('move', path(SEED.pawn)), SQ, 'e2')).toEqual(['e3:m']);
        expect(cells(apply('move', path(SEED.pawnFirst)), SQ, 'e2')).toEqual(['e3:m', 'e4:m']);
        expect(cells(apply('move', path(SEED.pawnFirst)), SQ, 'e2', { enemies: ['e3'] })).toEqual([]);
        expect(cells(apply('capture', path(SEED.pawnCapture)), SQ, 'e2', { enemies: ['d3', 'f3', 'e3'] })).toEqual(['d3:x', 'f3:x']);
    });
});

describe("seed 002's table on Glinski's hexagon = Glinski's pieces", () => {
    const glinski = (text: string, piece: Move, at: string, set = {}) => expect(cells(path(text), GLINSKI, at, set)).toEqual(cells(piece, GLINSKI, at, set));
    test.each(['f6', 'a1', 'f1', 'l6', 'c4'])('knight, bishop, rook, king from %s (empty and with blockers)', (at) => {
        for (const set of [{}, { friends: ['f8', 'e4'], enemies: ['d4', 'g7', 'h5'] }]) {
            if (set !== undefined && ['f8', 'e4', 'd4', 'g7', 'h5'].includes(at)) continue;
            glinski(SEED.knight, ref('knight'), at, set);
            glinski(SEED.bishop, ref('bishop'), at, set);
            glinski(SEED.rook, ref('rook'), at, set);
            glinski(SEED.king, ref('king'), at, set);
        }
    });
    test('the path rook from f6 has 30 cells, the path king 12, the path knight 12', () => {
        expect(cells(path(SEED.rook), GLINSKI, 'f6')).toHaveLength(30);
        expect(cells(path(SEED.king), GLINSKI, 'f6')).toHaveLength(12);
        expect(cells(path(SEED.knight), GLINSKI, 'f6')).toHaveLength(12);
    });
    test('the pawn F$ goes up its file; for Black down it', () => {
        expect(cells(apply('move', path(SEED.pawn)), GLINSKI, 'f5')).toEqual(['f6:m']);
        expect(cells(apply('move', path(SEED.pawn)), GLINSKI, 'f7', { side: 'black' })).toEqual(['f6:m']);
    });
});

describe('paths as movements', () => {
    test('direction keywords select destinations by offset: ((path rook) :forward)', () => {
        expect(cells(q(path(SEED.rook), 'forward'), SQ, 'e5')).toEqual(['e6:mx', 'e7:mx', 'e8:mx', 'e9:mx']);
    });
    test('a path as a leg of a sequence: (=> (path "F$") wazir)', () => {
        expect(cells(blocked(path('F$'), leap(1, 0)), SQ, 'e5')).toEqual(cells(blocked(q(leap(0, 1), 'only'), leap(1, 0)), SQ, 'e5'));
    });
    test('a path that turns back over a cell and ends on it: the one-pass capture answer is re-checked', () => {
        // "F$FLLF" checks e6, goes on to e7, turns round and ends on e6: a move to the empty e6. An enemy
        // standing on e6 would end the path at the $ (the rest cannot follow), so e6 is not a capture:
        // the one-pass answer (capture wherever a path lands) would have said it was.
        const r = destinations(path('F$FLLF'), { board: SQ, at: { file: 4, rank: 4 }, friends: [], enemies: [] }, STANDARD);
        expect(r.destinations.map((d) => [d.square, d.move, d.capture])).toEqual([[{ file: 4, rank: 5 }, true, false]]);
        // With an enemy on e6 the path must end there at the $ (a capture on e6) and cannot come back to it.
        const placed = destinations(path('F$FLLF'), { board: SQ, at: { file: 4, rank: 4 }, friends: [], enemies: [{ file: 4, rank: 5 }] }, STANDARD);
        expect(placed.destinations).toEqual([]);
    });
    test('a rook path round a cylinder stops when it comes back', () => {
        const cylinder: Board = { files: 8, ranks: 1, shape: { kind: 'rectangle', cylinder: true } };
        expect(cells(path('L*(F$)+'), cylinder, 'a1')).toEqual(['b1:mx', 'c1:mx', 'd1:mx', 'e1:mx', 'f1:mx', 'g1:mx', 'h1:mx']);
    });
});
