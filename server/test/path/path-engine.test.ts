// Paths written in LCPN files, evaluated by the engine: the three styles, the modifiers, Black
// (walked on the turned board), zones and landing tests, the CLI report's cell names.
import { describe, expect, test } from 'vitest';
import preludeText from '../../prelude/standard.lcpn?raw';
import { parsePieceText } from '../parse-text.js';
import type { PieceDef } from '../../src/model/piece.js';
import { destinations, movesReport, type Resolver } from '../../src/engine/index.js';
import { type Board, boardGeometry, hexagonBoard } from '../../src/geometry/index.js';
import type { Side } from '../../src/engine/board.js';
import { sortNames } from './helpers.js';

const preludeMap = new Map(parsePieceText(preludeText).pieces.map((p) => [p.key, p]));
const GLINSKI = hexagonBoard(6);
const SQUARE8: Board = { files: 8, ranks: 8 };

function load(text: string): (name: string) => { piece: PieceDef; resolve: Resolver } {
    const parsed = parsePieceText(text);
    expect(parsed.problems.filter((p) => p.severity === 'error')).toEqual([]);
    const own = new Map(parsed.pieces.map((p) => [p.key, p]));
    const resolve: Resolver = (key) => own.get(key) ?? preludeMap.get(key);
    return (name) => ({ piece: own.get(name)!, resolve });
}

interface Where { friends?: string[]; enemies?: string[]; side?: Side }

/** Moves and captures (of the set-up's enemies) as the board's cell names. */
function run(found: { piece: PieceDef; resolve: Resolver }, board: Board, at: string, where: Where = {}) {
    const geometry = boardGeometry(board);
    const cell = (n: string) => geometry.parse(n)!;
    const enemies = where.enemies ?? [];
    const r = destinations(found.piece, {
        board, at: cell(at), friends: (where.friends ?? []).map(cell), enemies: enemies.map(cell), side: where.side ?? 'white'
    }, found.resolve);
    expect(r.problems).toEqual([]);
    const moves: string[] = [];
    const captures: string[] = [];
    for (const d of r.destinations) {
        const name = geometry.name(d.square);
        if (enemies.includes(name)) {
            if (d.capture) captures.push(name);
        } else if (d.move) moves.push(name);
    }
    return { moves: sortNames(moves), captures: sortNames(captures) };
}

describe('the three styles', () => {
    const lisp = load('(def tank (path "L*FF(L|R)F$"))')('tank');
    const c = load('tank := path("L*FF(L|R)F$")')('tank');
    const sql = load('tank IS path("/L* F F (L|R) F $/")')('tank');

    test('give the knight on 8x8 and Glinski\'s knight on the hexagon', () => {
        for (const found of [lisp, c, sql]) {
            expect(run(found, SQUARE8, 'd4').moves).toEqual(sortNames(['b3', 'b5', 'c2', 'c6', 'e2', 'e6', 'f3', 'f5']));
            expect(run(found, GLINSKI, 'f6').moves).toEqual(sortNames('c4 c5 d3 d7 e3 e8 g3 g8 h3 h7 i4 i5'.split(' ')));
        }
    });
});

describe("Glinski's pawn written as paths", () => {
    const pawn = load('(def hex-pawn (/ (move (path "F$")) (capture (path "(L|R)F$"))))')('hex-pawn');

    test('White: moves up the file, captures on the two forward neighbours only', () => {
        expect(run(pawn, GLINSKI, 'f5')).toEqual({ moves: ['f6'], captures: [] });
        expect(run(pawn, GLINSKI, 'f5', { enemies: ['f6', 'e5', 'g5'] })).toEqual({ moves: [], captures: ['e5', 'g5'] });
    });

    test('Black: walked on the turned board, so it goes down the file', () => {
        expect(run(pawn, GLINSKI, 'f7', { side: 'black' })).toEqual({ moves: ['f6'], captures: [] });
        expect(run(pawn, GLINSKI, 'f7', { side: 'black', enemies: ['e6', 'g6', 'e7'] })).toEqual({ moves: ['f6'], captures: ['e6', 'g6'] });
    });
});

describe('modifiers and zones apply to a path as to any movement', () => {
    const get = load(`
        (def palace (zone d1-f3))
        (def quiet-rook (move (path "L*(F$)+")))
        (def guard ((path "L*(F$)+") :palace))`);

    test('move: stops before the enemy instead of taking it', () => {
        expect(run(get('quiet-rook'), SQUARE8, 'a1', { enemies: ['a3', 'c1'] })).toEqual({ moves: ['a2', 'b1'], captures: [] });
    });

    test('a zone keeps every cell of the walk inside it', () => {
        expect(run(get('guard'), { files: 9, ranks: 10 }, 'e2').moves).toEqual(sortNames(['d2', 'f2', 'e1', 'e3']));
    });
});

describe('the report', () => {
    test("lcpn moves' cell names on the hexagon", () => {
        const { piece, resolve } = load('(def hex-rook (path "L*(F$)+"))')('hex-rook');
        const r = movesReport(piece, { board: GLINSKI, at: { file: 5, rank: 5 }, friends: [], enemies: [] }, resolve);
        expect(r.problems).toEqual([]);
        expect(sortNames(r.moveSquares)).toEqual(sortNames(`f7 f8 f9 f10 f11 f5 f4 f3 f2 f1 e6 d6 c6 b6 a6 e5 d4 c3 b2 a1
            g6 h6 i6 k6 l6 g5 h4 i3 k2 l1`.split(/\s+/)));
        expect(sortNames(r.captureSquares)).toEqual(sortNames(r.moveSquares));
    });
});
