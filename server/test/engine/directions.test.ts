// Direction keywords (issue 2 §3), `:only`, and how nested qualifier lists combine.
import { describe, expect, test } from 'vitest';
import { leap, moves, q, ref, union, type Offset } from './helpers.js';

const only = (target: Parameters<typeof moves>[0], where = {}) => {
    const r = moves(target, where);
    expect(r.captures).toEqual(r.moves);
    expect(r.problems).toEqual([]);
    return r.moves;
};

describe('each direction keyword (on the king or the knight, 9x9 board)', () => {
    const king = ref('king');
    const knight = ref('knight');
    const cases: [string, Parameters<typeof q>[0], string, Offset[]][] = [
        ['king', king, 'forward', [[-1, 1], [0, 1], [1, 1]]],
        ['king', king, 'backward', [[-1, -1], [0, -1], [1, -1]]],
        ['king', king, 'backwards', [[-1, -1], [0, -1], [1, -1]]],
        ['king', king, 'left', [[-1, -1], [-1, 0], [-1, 1]]],
        ['king', king, 'right', [[1, -1], [1, 0], [1, 1]]],
        ['king', king, 'sideways', [[-1, 0], [1, 0]]],
        ['king', king, 'vertical', [[0, -1], [0, 1]]],
        ['king', king, 'orthogonal', [[-1, 0], [0, -1], [0, 1], [1, 0]]],
        ['king', king, 'diagonal', [[-1, -1], [-1, 1], [1, -1], [1, 1]]],
        ['knight', knight, 'narrow', [[-1, -2], [-1, 2], [1, -2], [1, 2]]],
        ['knight', knight, 'wide', [[-2, -1], [-2, 1], [2, -1], [2, 1]]],
        ['knight', knight, 'forward-most', [[-1, 2], [1, 2]]],
        ['knight', knight, 'forward-shallow', [[-2, 1], [2, 1]]],
        ['knight', knight, 'backward-most', [[-1, -2], [1, -2]]],
        ['knight', knight, 'backwards-most', [[-1, -2], [1, -2]]],
        ['knight', knight, 'backward-shallow', [[-2, -1], [2, -1]]],
        ['knight', knight, 'backwards-shallow', [[-2, -1], [2, -1]]],
        ['knight', knight, 'forward', [[-2, 1], [-1, 2], [1, 2], [2, 1]]],
        ['knight', knight, 'left', [[-2, -1], [-2, 1], [-1, -2], [-1, 2]]]
    ];
    test.each(cases)('(%s :%s)', (_name, base, keyword, expected) => {
        expect(only(q(base, keyword))).toEqual(expected);
    });

    test('narrow and wide hold only for oblique steps: (king :narrow) goes nowhere', () => {
        expect(only(q(ref('king'), 'narrow'))).toEqual([]);
    });
    test('(knight :sideways) selects nothing', () => expect(only(q(ref('knight'), 'sideways'))).toEqual([]));
});

describe('selection rules', () => {
    test('the spec\'s crab (2 1 :forward-most :backwards-shallow) is (±1,+2) and (±2,−1)', () => {
        expect(only(q(leap(2, 1), 'forward-most', 'backwards-shallow'))).toEqual([[-2, -1], [-1, 2], [1, 2], [2, -1]]);
    });
    test('keywords in one list add up: (king :forward :sideways)', () => {
        expect(only(q(ref('king'), 'forward', 'sideways'))).toEqual([[-1, 0], [-1, 1], [0, 1], [1, 0], [1, 1]]);
    });
    test('nested lists intersect: ((king :forward) :diagonal)', () => {
        expect(only(q(q(ref('king'), 'forward'), 'diagonal'))).toEqual([[-1, 1], [1, 1]]);
    });
    test('japanese pawn (wazir :forward)', () => expect(only(q(ref('wazir'), 'forward'))).toEqual([[0, 1]]));
    test('(rook :forward) rides forward only (5x5)', () => {
        expect(only(q(ref('rook'), 'forward'), { board: [5, 5] })).toEqual([[0, 1], [0, 2]]);
    });
    test('a keyword on a compound distributes to its parts: ((/ rook knight) :forward) on 5x5', () => {
        expect(only(q(union(ref('rook'), ref('knight')), 'forward'), { board: [5, 5] }))
            .toEqual([[-2, 1], [-1, 2], [0, 1], [0, 2], [1, 2], [2, 1]]);
    });
});

describe(':only', () => {
    test('([0 1] :only) is the forward step', () => expect(only(q(leap(0, 1), 'only'))).toEqual([[0, 1]]));
    test('([1 2] :only) is one knight move, x first', () => expect(only(q(leap(1, 2), 'only'))).toEqual([[1, 2]]));
    test('([-1 2] :only) keeps the sign', () => expect(only(q(leap(-1, 2), 'only'))).toEqual([[-1, 2]]));
    test('(knight :only) reaches the vector through the name', () => expect(only(q(ref('knight'), 'only'))).toEqual([[1, 2]]));
    test('(1 1 :forward) without :only is both forward diagonals', () => {
        expect(only(q(leap(1, 1), 'forward'))).toEqual([[-1, 1], [1, 1]]);
    });
});
