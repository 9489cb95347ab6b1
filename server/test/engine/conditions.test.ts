// cond on (rank), informal conditions, and promotion notes.
import { describe, expect, test } from 'vitest';
import { apply, blocked, cond, dests, leap, moves, pieces, q, rankIs, ref, STANDARD, textTest, union } from './helpers.js';
import type { Move } from '../../src/model/piece.js';

const simplePawn = union(apply('move', q(leap(0, 1), 'only')), apply('capture', q(leap(1, 1), 'forward')));
const doubleStep = apply(['move', 'no-jump'], q(leap(0, 2), 'only'));
const promote = apply('promote-to', ref('queen'), ref('rook'), ref('knight'), ref('bishop'));
/** The spec's pawn, with the default branch the spec's C and SQL versions have. */
const pawn: Move = cond([
    [rankIs(2), union(ref('simple-pawn'), doubleStep)],
    [rankIs(7), blocked(ref('simple-pawn'), promote)]
], ref('simple-pawn'));
const resolve = pieces({ 'simple-pawn': simplePawn, pawn }, STANDARD);
const on8x8 = (rank: number, extra = {}) => ({ board: [8, 8] as [number, number], at: [4, rank - 1] as [number, number], ...extra });

describe('the pawn (cond on (rank), 8x8 board, on the e-file)', () => {
    test('on rank 2: one or two steps forward, captures diagonally forward', () => {
        const r = moves('pawn', on8x8(2), resolve);
        expect(r.moves).toEqual([[0, 1], [0, 2]]);
        expect(r.captures).toEqual([[-1, 1], [1, 1]]);
    });
    test('on rank 2 with a piece right in front: no step at all (no-jump on the double step)', () => {
        const r = moves('pawn', on8x8(2, { friends: [[0, 1]] }), resolve);
        expect(r.moves).toEqual([]);
        expect(r.captures).toEqual([[-1, 1], [1, 1]]);
    });
    test('on rank 2 with a piece two squares ahead: one step', () => {
        expect(moves('pawn', on8x8(2, { enemies: [[0, 2]] }), resolve).moves).toEqual([[0, 1]]);
    });
    test('on rank 4: one step only', () => {
        const r = moves('pawn', on8x8(4), resolve);
        expect(r.moves).toEqual([[0, 1]]);
        expect(r.captures).toEqual([[-1, 1], [1, 1]]);
        expect(r.problems).toEqual([]);
    });
    test('on rank 7: moves like the simple pawn, every destination carries the promotion choices', () => {
        const r = dests('pawn', on8x8(7, { enemies: [[1, 1]] }), resolve);
        const promotions = ['queen', 'rook', 'knight', 'bishop'];
        expect(r.destinations).toEqual([
            { square: { file: 3, rank: 7 }, move: false, capture: true, igui: false, notes: [], promotions },
            { square: { file: 4, rank: 7 }, move: true, capture: false, igui: false, notes: [], promotions },
            { square: { file: 5, rank: 7 }, move: false, capture: true, igui: false, notes: [], promotions }
        ]);
    });
    test('without a default branch (the spec\'s Lisp pawn), rank 4 has no moves', () => {
        const specPawn = cond([[rankIs(2), union(ref('simple-pawn'), doubleStep)], [rankIs(7), blocked(ref('simple-pawn'), promote)]]);
        expect(moves(specPawn, on8x8(4), resolve).moves).toEqual([]);
    });
    test('(= 3 (rank)) reads both ways round', () => {
        const piece = cond([[{ kind: 'compare', op: '=', left: { kind: 'number', value: 3 }, right: { kind: 'call', fn: 'rank', args: [] } }, ref('wazir')]], ref('ferz'));
        expect(moves(piece, on8x8(3)).moves).toEqual([[-1, 0], [0, -1], [0, 1], [1, 0]]);
        expect(moves(piece, on8x8(4)).moves).toEqual([[-1, -1], [-1, 1], [1, -1], [1, 1]]);
    });
    test('a condition in a continuation leg is tested where that leg starts', () => {
        // (=> (wazir :forward) (cond ((= (rank) 5) (wazir :forward)))) from rank 4: the second leg starts on rank 5.
        const piece = blocked(q(ref('wazir'), 'forward'), cond([[rankIs(5), q(ref('wazir'), 'forward')]]));
        expect(moves(piece, on8x8(4)).moves).toEqual([[0, 2]]);
        expect(moves(piece, on8x8(3)).moves).toEqual([]);
    });
});

describe('informal conditions', () => {
    const chinesePawn = cond([
        [textTest('before crossing river'), q(leap(0, 1), 'only')],
        [textTest('after crossing river'), q(leap(0, 1), 'forward', 'sideways')]
    ]);
    test('the Xiangqi pawn shows both branches, each move noted with its condition', () => {
        const r = dests(chinesePawn);
        expect(r.destinations).toEqual([
            { square: { file: 3, rank: 4 }, move: true, capture: true, igui: false, notes: ['if "after crossing river"'] },
            { square: { file: 4, rank: 5 }, move: true, capture: true, igui: false, notes: ['if "before crossing river"', 'if "after crossing river"'] },
            { square: { file: 5, rank: 4 }, move: true, capture: true, igui: false, notes: ['if "after crossing river"'] }
        ]);
        expect(r.problems.map((p) => p.kind)).toEqual(['informal', 'informal']);
    });
    test('a default after an informal branch is noted "unless"', () => {
        const r = dests(cond([[textTest('in the palace'), ref('ferz')]], q(ref('wazir'), 'forward')));
        expect(r.destinations.find((d) => d.square.file === 4 && d.square.rank === 5)?.notes).toEqual(['unless "in the palace"']);
    });
    test('(file) is evaluable: counted from 1 on the a-file', () => {
        const piece = cond([[{ kind: 'compare', op: '=', left: { kind: 'call', fn: 'file', args: [] }, right: { kind: 'number', value: 5 } }, ref('wazir')]]);
        expect(dests(piece).destinations.length).toBe(4); // the centre of the 9x9 board is e5
        expect(dests(piece, { at: [3, 4] }).destinations).toEqual([]);
        expect(dests(piece).problems).toEqual([]);
    });
    test('a comparison on something other than numbers, (rank) and (file) is informal', () => {
        const piece = cond([[{ kind: 'compare', op: '=', left: { kind: 'call', fn: 'colour', args: [] }, right: { kind: 'number', value: 1 } }, ref('wazir')]]);
        const r = dests(piece);
        expect(r.destinations.length).toBe(4);
        expect(r.destinations[0].notes).toEqual(['if (= (colour) 1)']);
        expect(r.problems).toEqual([{ kind: 'informal', message: 'condition (= (colour) 1) is not machine-evaluable (comparisons are between numbers, (rank) and (file)): it is shown with a note' }]);
    });
});
