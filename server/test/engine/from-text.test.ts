// From LCPN text to moves: the shipped prelude, and the spec's examples in all three styles.
import { describe, expect, test } from 'vitest';
import preludeText from '../../prelude/standard.lcpn?raw';
import { parsePieceText } from '../parse-text.js';
import { compile, movesReport, type Resolver } from '../../src/engine/index.js';
import { Problems } from '../../src/engine/plan.js';
import type { PieceDef } from '../../src/model/piece.js';
import { normalizeName } from '../../src/model/names.js';

const prelude = parsePieceText(preludeText);
const preludeMap = new Map(prelude.pieces.map((p) => [p.key, p]));

/** Parses `text` over the prelude (the file's own definitions win) and returns a moves function. */
function load(text: string) {
    const parsed = parsePieceText(text);
    expect(parsed.problems.filter((p) => p.severity === 'error')).toEqual([]);
    const own = new Map<string, PieceDef>();
    for (const p of parsed.pieces) own.set(p.key, p); // a later definition replaces an earlier one
    const resolve: Resolver = (key) => own.get(key) ?? preludeMap.get(key);
    return (name: string, where: { board?: [number, number]; at?: [number, number]; friends?: [number, number][]; enemies?: [number, number][] } = {}) => {
        const [files, ranks] = where.board ?? [9, 9];
        const [file, rank] = where.at ?? [Math.floor(files / 2), Math.floor(ranks / 2)];
        const square = ([dx, dy]: [number, number]) => ({ file: file + dx, rank: rank + dy });
        const piece = resolve(normalizeName(name));
        if (!piece) throw new Error(`no piece ${name}`);
        const r = movesReport(piece, {
            board: { files, ranks }, at: { file, rank },
            friends: (where.friends ?? []).map(square), enemies: (where.enemies ?? []).map(square)
        }, resolve);
        return { moves: r.moves, captures: r.captures, problems: r.problems.map(({ kind, message }) => ({ kind, message })) };
    };
}

describe('the standard prelude', () => {
    test('parses without any problem', () => {
        expect(prelude.problems).toEqual([]);
        expect(prelude.pieces.length).toBeGreaterThanOrEqual(30);
    });
    test('every piece compiles without a problem (all names resolve, no cycles)', () => {
        const resolve: Resolver = (key) => preludeMap.get(key);
        const problems = new Problems();
        for (const piece of prelude.pieces) compile(piece, resolve, problems);
        expect(problems.list).toEqual([]);
    });
    test('the king is royal', () => expect(preludeMap.get('king')?.properties).toEqual(['royal']));
    const moves = load('');
    test('giraffe, tripper and antelope', () => {
        expect(moves('giraffe').moves).toEqual([[-4, -1], [-4, 1], [-1, -4], [-1, 4], [1, -4], [1, 4], [4, -1], [4, 1]]);
        expect(moves('tripper').moves).toEqual([[-3, -3], [-3, 3], [3, -3], [3, 3]]);
        expect(moves('antelope').moves).toEqual([[-4, -3], [-4, 3], [-3, -4], [-3, 4], [3, -4], [3, 4], [4, -3], [4, 3]]);
    });
    test('gold and silver generals', () => {
        expect(moves('gold-general').moves).toEqual([[-1, 0], [-1, 1], [0, -1], [0, 1], [1, 0], [1, 1]]);
        expect(moves('silver-general').moves).toEqual([[-1, -1], [-1, 1], [0, 1], [1, -1], [1, 1]]);
    });
    test('dragon horse (/ bishop wazir) on 5x5', () => {
        expect(moves('dragon-horse', { board: [5, 5] }).moves).toEqual([
            [-2, -2], [-2, 2], [-1, -1], [-1, 0], [-1, 1], [0, -1], [0, 1], [1, -1], [1, 0], [1, 1], [2, -2], [2, 2]
        ]);
    });
    test('kirin (/ ferz dabbabah) and phoenix (/ wazir alfil)', () => {
        expect(moves('kirin').moves).toEqual([[-2, 0], [-1, -1], [-1, 1], [0, -2], [0, 2], [1, -1], [1, 1], [2, 0]]);
        expect(moves('phoenix').moves).toEqual([[-2, -2], [-2, 2], [-1, 0], [0, -1], [0, 1], [1, 0], [2, -2], [2, 2]]);
    });
    test('mann is the commoner is a non-royal king', () => {
        const king = [[-1, -1], [-1, 0], [-1, 1], [0, -1], [0, 1], [1, -1], [1, 0], [1, 1]];
        expect(moves('mann').moves).toEqual(king);
        expect(moves('commoner').moves).toEqual(king);
    });
    test('the pawn on an 8x8 board: rank 2, rank 5, rank 7', () => {
        expect(moves('pawn', { board: [8, 8], at: [4, 1] }).moves).toEqual([[0, 1], [0, 2]]);
        expect(moves('pawn', { board: [8, 8], at: [4, 4] }).moves).toEqual([[0, 1]]);
        const last = moves('pawn', { board: [8, 8], at: [0, 6] });
        expect([last.moves, last.captures]).toEqual([[[0, 1]], [[1, 1]]]);
    });
});

describe('spec examples (Lisp style) over the prelude', () => {
    const moves = load(`
        (def crab ([2 1] :forward-most :backwards-shallow))
        (def crab-bare (2 1 :forward-most :backwards-shallow))
        (def short-rook (rook :4))
        (def wagon (rook :2 :*))
        (def fibnif (/ [1 1] (knight :narrow)))
        (def chinese-horse (=> wazir (ferz :outward)))
        (def rhino (-> wazir (ferz :outward)))
        (def gryphon (-> ferz rook))
        (def lion (-> king (king :any)))
        (def sargeant (/ (capture ferz) (move wazir)))
        (def cannon (/ (move rook) (capture (cannon rook))))
        (def cannon-two (/ (move rook) ((& capture cannon) rook)))
        (def cannon-three ((/ move (& capture cannon)) rook))
        (def elephant (no-jump [2 2]))
        (def horse (=> wazir (1 1 :outward)))
        (def japanese-pawn-unpromoted (wazir :forward))
    `);
    test('crab, both spellings', () => {
        const crab = [[-2, -1], [-1, 2], [1, 2], [2, -1]];
        expect(moves('crab').moves).toEqual(crab);
        expect(moves('crab-bare').moves).toEqual(crab);
    });
    test('short rook and wagon on 11x11', () => {
        expect(moves('short-rook', { board: [11, 11] }).moves).toEqual([
            [-4, 0], [-3, 0], [-2, 0], [-1, 0], [0, -4], [0, -3], [0, -2], [0, -1],
            [0, 1], [0, 2], [0, 3], [0, 4], [1, 0], [2, 0], [3, 0], [4, 0]
        ]);
        expect(moves('wagon', { board: [5, 5] }).moves).toEqual([[-2, 0], [0, -2], [0, 2], [2, 0]]);
    });
    test('fibnif', () => {
        expect(moves('fibnif').moves).toEqual([[-1, -2], [-1, -1], [-1, 1], [-1, 2], [1, -2], [1, -1], [1, 1], [1, 2]]);
    });
    test('chinese horse and Xiangqi horse with the spec\'s blockers', () => {
        const expected = [[-2, -1], [-2, 1], [-1, -2], [-1, 2], [1, -2], [1, 2]];
        expect(moves('chinese-horse', { friends: [[1, 0], [-1, -1]] }).moves).toEqual(expected);
        expect(moves('horse', { friends: [[1, 0], [-1, -1]] }).moves).toEqual(expected);
    });
    test('rhino, gryphon, lion', () => {
        expect(moves('rhino', { friends: [[1, 0]] }).moves).toEqual([
            [-2, -1], [-2, 1], [-1, -2], [-1, 0], [-1, 2], [0, -1], [0, 1], [1, -2], [1, 2], [2, -1], [2, 1]
        ]);
        expect(moves('gryphon', { board: [5, 5] }).moves).toEqual([
            [-2, -1], [-2, 1], [-1, -2], [-1, -1], [-1, 1], [-1, 2], [1, -2], [1, -1], [1, 1], [1, 2], [2, -1], [2, 1]
        ]);
        expect(moves('lion', { board: [5, 5] }).moves.length).toBe(24);
    });
    test('sargeant', () => {
        const r = moves('sargeant');
        expect([r.moves, r.captures]).toEqual([[[-1, 0], [0, -1], [0, 1], [1, 0]], [[-1, -1], [-1, 1], [1, -1], [1, 1]]]);
    });
    test('the three spellings of the cannon move alike', () => {
        const where = { friends: [[0, 2]] as [number, number][] };
        const expected = { moves: [[-4, 0], [-3, 0], [-2, 0], [-1, 0], [0, -4], [0, -3], [0, -2], [0, -1], [0, 1], [1, 0], [2, 0], [3, 0], [4, 0]], captures: [[0, 3], [0, 4]], problems: [] };
        expect(moves('cannon', where)).toEqual(expected);
        expect(moves('cannon-two', where)).toEqual(expected);
        expect(moves('cannon-three', where)).toEqual(expected);
    });
    test('elephant and japanese pawn', () => {
        expect(moves('elephant', { enemies: [[1, 1]] }).moves).toEqual([[-2, -2], [-2, 2], [2, -2]]);
        expect(moves('japanese-pawn-unpromoted').moves).toEqual([[0, 1]]);
    });
});

describe('the same pieces in C and SQL style', () => {
    const c = load(`
        chinese_horse := wazir => ferz:outward
        wagon := rook:2:*
        sargeant := capture(ferz) / move(wazir)
        pao := (move / capture & cannon)(rook)
        crab := [2, 1]:forward_most:backwards_shallow
    `);
    const sql = load(`
        chinese_horse IS wazir AND_THEN ferz:outward
        sargeant IS capturing ferz OR moving wazir
        pao IS move(rook) OR (capture AND cannon)(rook)
        elephant IS no_jumping [2, 2]
    `);
    test('C style', () => {
        expect(c('chinese_horse', { friends: [[1, 0]] }).moves).toEqual([[-2, -1], [-2, 1], [-1, -2], [-1, 2], [1, -2], [1, 2]]);
        expect(c('wagon', { board: [5, 5] }).moves).toEqual([[-2, 0], [0, -2], [0, 2], [2, 0]]);
        expect(c('sargeant').captures).toEqual([[-1, -1], [-1, 1], [1, -1], [1, 1]]);
        expect(c('pao', { friends: [[0, 2]] }).captures).toEqual([[0, 3], [0, 4]]);
        expect(c('crab').moves).toEqual([[-2, -1], [-1, 2], [1, 2], [2, -1]]);
    });
    test('SQL style', () => {
        expect(sql('chinese_horse', { friends: [[1, 0]] }).moves).toEqual([[-2, -1], [-2, 1], [-1, -2], [-1, 2], [1, -2], [1, 2]]);
        expect(sql('sargeant').moves).toEqual([[-1, 0], [0, -1], [0, 1], [1, 0]]);
        expect(sql('pao', { friends: [[0, 2]] }).captures).toEqual([[0, 3], [0, 4]]);
        expect(sql('elephant', { friends: [[-1, 1]] }).moves).toEqual([[-2, -2], [2, -2], [2, 2]]);
    });
});
