// Export to the path notation: the seed's own expressions for the orthodox pieces, every written
// path walked on the square board against the engine's moves of the piece, and what is lost.
import { describe, expect, test } from 'vitest';
import preludeText from '../../prelude/standard.lcpn?raw';
import { parsePieceText } from '../parse-text.js';
import type { PieceDef } from '../../src/model/piece.js';
import { destinations, type Resolver } from '../../src/engine/index.js';
import { toPath } from '../../src/notation/path-print.js';
import { toBetza } from '../../src/notation/betza-print.js';
import { toParlett } from '../../src/notation/parlett-print.js';
import { parsePath } from '../../src/notation/path-parse.js';
import { sortNames, walk } from './helpers.js';
import { boardGeometry, hexagonBoard, squareName } from '../../src/geometry/index.js';

const prelude = parsePieceText(preludeText).pieces;
const preludeMap = new Map(prelude.map((p) => [p.key, p]));

function load(text: string): { resolve: Resolver; pieces: PieceDef[] } {
    const parsed = parsePieceText(text);
    expect(parsed.problems.filter((p) => p.severity === 'error')).toEqual([]);
    const own = new Map(parsed.pieces.map((p) => [p.key, p]));
    return { resolve: (key) => own.get(key) ?? preludeMap.get(key), pieces: parsed.pieces };
}

const BOARD = { files: 15, ranks: 15 };
const AT = 'h8';
const FRIENDS = ['h11', 'e8', 'k11', 'f6', 'i10'];
const ENEMIES = ['h5', 'l8', 'e11', 'k5', 'g10', 'j7'];
const cell = (n: string) => ({ file: n.charCodeAt(0) - 97, rank: Number(n.slice(1)) - 1 });

/** The cells the engine's piece reaches (moving or capturing) among the blockers. */
function engineCells(piece: PieceDef, resolve: Resolver): string[] {
    const r = destinations(piece, { board: BOARD, at: cell(AT), friends: FRIENDS.map(cell), enemies: ENEMIES.map(cell) }, resolve);
    return sortNames(r.destinations.filter((d) => (ENEMIES.includes(squareName(d.square)) ? d.capture : d.move)).map((d) => squareName(d.square)));
}

function pathCells(text: string): string[] {
    const r = walk(text, BOARD, AT, { friends: FRIENDS, enemies: ENEMIES });
    return sortNames([...r.moves, ...r.captures]);
}

describe("the seed's table comes back as the seed writes it", () => {
    const resolve: Resolver = (key) => preludeMap.get(key);
    test.each([
        ['knight', 'L*FF(L|R)F$'],
        ['bishop', 'L*(FLFR$|LFRF$)+'],
        ['rook', 'L*(F$)+'],
        ['queen', 'L*((F$)+|(FLFR$|LFRF$)+)'],
        ['commoner', 'L*(FLFR$|LFRF$|F$)']
    ])('%s: %s', (name, text) => {
        expect(toPath(preludeMap.get(name)!, resolve)).toEqual({ text, lost: [] });
    });

    test('the king loses only its royalty', () => {
        expect(toPath(preludeMap.get('king')!, resolve)).toEqual({ text: 'L*(FLFR$|LFRF$|F$)', lost: ['royalty (::royal)'] });
    });
});

describe('every prelude piece that loses nothing of its moves walks the same cells as the engine', () => {
    const resolve: Resolver = (key) => preludeMap.get(key);
    const exact = prelude.filter((p) => toPath(p, resolve).lost.every((l) => l === 'royalty (::royal)'));
    test('most of the prelude is exact', () => {
        expect(exact.length).toBeGreaterThan(30);
    });
    for (const piece of exact) {
        test(`${piece.key}: ${toPath(piece, resolve).text}`, () => {
            const { text } = toPath(piece, resolve);
            expect(parsePath(text).problems).toEqual([]);
            expect(pathCells(text)).toEqual(engineCells(piece, resolve));
        });
    }
});

describe('direction restrictions, ranges and non-jumping leaps', () => {
    const { resolve, pieces } = load(`
        (def fwd-knight (knight :forward))
        (def narrow-knight (knight :narrow))
        (def side-rook (rook :sideways))
        (def lone-leap ([1 2] :only))
        (def two-steps (wazir :2 :2))
        (def short-rook (rook :3))
        (def far-rook (rook :2 :*))
        (def lame-dabbabah (no-jump dabbabah))
        (def lame-alfil (no-jump alfil))
        (def fwd-bishop (bishop :forward))
        (def back-nightrider (nightrider :backward))
        (def fl-ferz (ferz :forward :left))
        (def three-ways (wazir :forward :left :right))
        (def back-right-camel (camel :backward :right))
        (def dabbaba-rider (dabbabah :rider))
        (def alfil-rider (alfil :rider))`);
    for (const piece of pieces) {
        test(`${piece.key}: ${toPath(piece, resolve).text}`, () => {
            const { text, lost } = toPath(piece, resolve);
            expect(lost).toEqual([]);
            expect(parsePath(text).problems).toEqual([]);
            expect(pathCells(text)).toEqual(engineCells(piece, resolve));
        });
    }

    test('a few spelled out', () => {
        const text = (name: string) => toPath(pieces.find((p) => p.key === name)!, resolve).text;
        expect(text('fwd-knight')).toBe('R?FFLF$|L?FFRF$');
        expect(text('side-rook')).toBe('(L|R)(F$)+');
        expect(text('lone-leap')).toBe('FFRF$');
        expect(text('two-steps')).toBe('L*F$F$');
        expect(text('short-rook')).toBe('L*(F$){1,3}');
        expect(text('far-rook')).toBe('L*(F$){2,}');
        expect(text('lame-dabbabah')).toBe('L*F$F$');
        expect(text('three-ways')).toBe('(L|R)?F$');
        expect(text('fl-ferz')).toBe('(L|R)?(FLFR$|LFRF$)');
    });
});

describe('what a path cannot say is listed', () => {
    test('moving and capturing alike; the first move written out; cannons and sequences left out', () => {
        const resolve: Resolver = (key) => preludeMap.get(key);
        const pawn = toPath(preludeMap.get('simple-pawn')!, resolve);
        expect(pawn.text).toBe('F$|R?(FLFR$|LFRF$)');
        expect(pawn.lost).toContain('that some moves may not capture (a path ends on an empty cell or an enemy alike: they are written as moving or capturing)');
        expect(pawn.lost).toContain('that some moves only capture (a path ends on an empty cell or an enemy alike: they are written as moving or capturing)');

        const { resolve: r2, pieces } = load(`
            (def first-stepper (cond ((first-move) (/ wazir dabbabah)) (t wazir)))
            (def xiangqi-cannon (/ (move rook) (capture (cannon rook))))
            (def lame-horse (=> wazir (ferz :outward)))
            (def hopper (=> (capture wazir) wazir))`);
        const get = (n: string) => toPath(pieces.find((p) => p.key === n)!, r2);
        expect(get('first-stepper')).toEqual({
            text: 'L*F$',
            lost: ['the moves allowed only on the first move, L*FF$ (a path has no first move: the seed writes them as an expression of their own)']
        });
        expect(get('xiangqi-cannon').text).toBe('L*(F$)+');
        expect(get('xiangqi-cannon').lost).toContain('the cannon moves, over exactly one piece (a path cannot count the pieces it passes)');
        expect(get('hopper')).toEqual({ text: '', lost: ['the => sequences that capture on the way (a path captures only where it ends)'] });
    });

    test('zones and square tests are worded for paths', () => {
        const { resolve, pieces } = load(`
            (def palace (zone d1-f3))
            (def guard (wazir :palace))`);
        expect(toPath(pieces.find((p) => p.key === 'guard')!, resolve)).toEqual({
            text: 'L*F$',
            lost: ['the zone :palace (paths have no zones: the moves are written as if it were not there)']
        });
    });
});

describe('paths inside a piece', () => {
    const { resolve, pieces } = load(`
        (def tank (/ (path "L*FF(L|R)F$") wazir))
        (def path-pawn (/ (move (path "F$")) (capture (path "F(LFR|RFL)$"))))
        (def first-path (cond ((first-move) (/ (path "F$") (path "F$F$"))) (t (path "F$"))))
        (def only-first (cond ((first-move) (path "F$F$")) (t (path "F$"))))
        (def kept-apart (=> (path "F$") wazir))
        (def restricted ((path "L*(F$)+") :forward))`);
    const get = (n: string) => toPath(pieces.find((p) => p.key === n)!, resolve);

    test('are written as they are, beside the other parts', () => {
        expect(get('tank')).toEqual({ text: 'L*F$|L*FF(L|R)F$', lost: [] });
    });

    test('under move and capture: written, and the difference lost', () => {
        const r = get('path-pawn');
        expect(r.text).toBe('F$|F(LFR|RFL)$');
        expect(r.lost).toHaveLength(2);
    });

    test('on the first move only: written in the loss', () => {
        expect(get('first-path').text).toBe('F$');
        expect(get('first-path').lost).toEqual(['the moves allowed only on the first move, F$F$ (a path has no first move: the seed writes them as an expression of their own)']);
        // The first move lacks F$ there: not "F$ always, and more at first", so the branch is lost (as Betza's i).
        expect(get('only-first')).toEqual({ text: 'F$', lost: ['the branch for the condition (first-move)'] });
    });

    test('as a leg of a sequence, or under direction keywords: said', () => {
        expect(get('kept-apart')).toEqual({ text: '', lost: ['the sequences with the path "F$" as a leg (a path export writes a path on its own only)'] });
        expect(get('restricted')).toEqual({ text: 'L*(F$)+', lost: ['the direction keywords and ranges applied to the path L*(F$)+ (a path says its own directions: it is written without them)'] });
    });

    test('Betza and Parlett say a path that moves as a standard piece as that piece (issue 25): the seed\'s knight is N', () => {
        expect(toBetza(pieces.find((p) => p.key === 'tank')!, resolve)).toEqual({ text: 'NW', lost: [] });
        expect(toParlett(pieces.find((p) => p.key === 'tank')!, resolve)).toEqual({ text: '~1/2, 1+', lost: [] });
    });
});

describe('sequences: each leg turns relative to the previous one', () => {
    const { resolve, pieces } = load(`
        (def xiangqi-horse (=> wazir (ferz :outward)))
        (def janggi-elephant (=> wazir ([1 1] :outward :2 :2)))
        (def aanca (=> ferz (wazir :outward :rider)))
        (def free-two (-> wazir (wazir :outward)))
        (def free-ride (-> (rook :3) (knight :any)))
        (def forward-then (=> (wazir :forward) (ferz :outward)))
        (def three-legs (=> wazir wazir (ferz :outward)))`);
    const get = (n: string) => toPath(pieces.find((p) => p.key === n)!, resolve);

    for (const piece of pieces) {
        test(`${piece.key}: ${toPath(piece, resolve).text}`, () => {
            const { text, lost } = toPath(piece, resolve);
            expect(lost).toEqual([]);
            expect(parsePath(text).problems).toEqual([]);
            expect(pathCells(text)).toEqual(engineCells(piece, resolve));
        });
    }

    test('the xiangqi horse, spelled out', () => {
        expect(get('xiangqi-horse').text).toBe('L*F$R?(FLFR|LFRF)$');
        expect(get('janggi-elephant').text).toBe('L*F$R?(FLFR$|LFRF$){2}');
    });

    test('a later leg with absolute directions is lost', () => {
        const { resolve: r, pieces: p } = load('(def odd (=> wazir (ferz :forward)))');
        expect(toPath(p[0], r)).toEqual({ text: '', lost: ['the => sequences whose later legs keep some directions only (a path turns relative to the previous leg)'] });
    });
});


describe('on a declared hexagon, pieces are exported with its images and keywords', () => {
    const GLINSKI_BOARD = hexagonBoard(6);
    const context = { board: { clauses: [], shape: GLINSKI_BOARD.shape } };
    const { resolve, pieces } = load(`
        (def spec-example (wazir :forward-left :forward-right :left :backward-left))
        (def forward-knight (knight :forward))
        (def forward-rook (rook :forward))
        (def back-king (king :backward))
        (def hex-horse (=> wazir (ferz :outward)))
        (def left-bishop (bishop :left))`);
    const hexCells = (text: string, at: string, where: { friends?: string[]; enemies?: string[] }) => {
        const r = walk(text, GLINSKI_BOARD, at, where);
        return sortNames([...r.moves, ...r.captures]);
    };
    const engineHexCells = (piece: PieceDef, at: string, where: { friends?: string[]; enemies?: string[] }) => {
        const geometry = boardGeometry(GLINSKI_BOARD);
        const cellOf = (n: string) => geometry.parse(n)!;
        const enemies = where.enemies ?? [];
        const r = destinations(piece, { board: GLINSKI_BOARD, at: cellOf(at), friends: (where.friends ?? []).map(cellOf), enemies: enemies.map(cellOf) }, resolve);
        return sortNames(r.destinations.filter((d) => (enemies.includes(geometry.name(d.square)) ? d.capture : d.move)).map((d) => geometry.name(d.square)));
    };
    const where = { friends: ['f8', 'd5', 'h4'], enemies: ['g7', 'c6', 'f3', 'i5'] };
    const all = [...prelude.filter((p) => toPath(p, (k) => preludeMap.get(k), context).lost.every((l) => l === 'royalty (::royal)')), ...pieces];

    for (const piece of all) {
        test(`${piece.key}: ${toPath(piece, resolve, context).text}`, () => {
            const { text, lost } = toPath(piece, resolve, context);
            expect(lost.filter((l) => l !== 'royalty (::royal)')).toEqual([]);
            for (const at of ['f6', 'c4', 'a1', 'k3']) expect(hexCells(text, at, where)).toEqual(engineHexCells(piece, at, where));
        });
    }

    test("the spec's hexagonal example and Glinski's pieces, spelled out", () => {
        const text = (name: string) => toPath(pieces.find((p) => p.key === name)!, resolve, context).text;
        // Files orientation (Glinski): forward-left, left, backward-left and forward-right are four of the six neighbours, not forward.
        expect(text('spec-example')).toBe('(L|LL|R)F$');
        // Rows (the spec's own picture): the first unit points forward-right, so the four are the first four turns.
        const rows = { board: { clauses: [], shape: hexagonBoard(6, 'rows').shape } };
        const example = toPath(pieces.find((p) => p.key === 'spec-example')!, resolve, rows).text;
        expect(example).toBe('(L|LL|LLL)?F$');
        expect(sortNames(walk(example, hexagonBoard(6, 'rows'), 'f6').moves)).toEqual(sortNames(['f7', 'e7', 'e6', 'e5']));
        expect(toPath(preludeMap.get('knight')!, (k) => preludeMap.get(k), context).text).toBe('L*FF(L|R)F$');
        expect(toPath(preludeMap.get('bishop')!, (k) => preludeMap.get(k), context).text).toBe('L*(FLFR$|LFRF$)+');
        expect(toPath(preludeMap.get('rook')!, (k) => preludeMap.get(k), context).text).toBe('L*(F$)+');
    });

    test('square-only keywords are lost there', () => {
        const { resolve: r, pieces: p } = load('(def narrow-knight (knight :narrow))');
        expect(toPath(p[0], r, context).lost).toEqual(['the restriction :narrow (the moves are written without it)']);
    });
});
