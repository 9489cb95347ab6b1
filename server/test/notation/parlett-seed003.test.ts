/**
 * Seed 003's extended Parlett, as far as it describes one piece's moves: `{a..b}`, `0` as a
 * first leg (with the tile label that brings the piece back: a capture without moving), `l`/`r`,
 * `^`. Its Fairy Chess pieces, destinations worked out by hand from the seed's text (9x9 board,
 * the piece on e5). What describes more than one piece or the game is refused where it is written.
 */
import { describe, expect, test } from 'vitest';
import { parseParlett, PARLETT_MESSAGES } from '../../src/notation/parlett-parse.js';
import { report } from '../engine/helpers.js';

const read = (text: string) => {
    const r = parseParlett(text);
    expect(r.problems).toEqual([]);
    return r.move!;
};

describe("seed 003's Fairy Chess pieces", () => {
    test('Wheel {1..3}+, ~1/2: a rook of at most 3 steps and a knight', () => {
        const r = report(read('{1..3}+, ~1/2'));
        expect(r.moveSquares).toEqual(['b5', 'c4', 'c5', 'c6', 'd3', 'd5', 'd7', 'e2', 'e3', 'e4', 'e6', 'e7', 'e8', 'f3', 'f5', 'f7', 'g4', 'g5', 'g6', 'h5']);
        expect(r.captureSquares).toEqual(r.moveSquares);
    });

    test('Shooter 0@S@.c{1..4}+.~%S%, o1*: moves one step without capturing, shoots up to 4 squares orthogonally without moving', () => {
        const r = report(read('0@S@.c{1..4}+.~%S%, o1*'));
        expect(r.moveSquares).toEqual(['d4', 'd5', 'd6', 'e4', 'e6', 'f4', 'f5', 'f6']);
        expect(r.iguiSquares).toEqual(['a5', 'b5', 'c5', 'd5', 'e1', 'e2', 'e3', 'e4', 'e6', 'e7', 'e8', 'e9', 'f5', 'g5', 'h5', 'i5']);
        // A piece on e7 stops the shot there: it is taken, e8 and e9 are out of range.
        const blocked = report(read('0@S@.c{1..4}+.~%S%, o1*'), { enemies: [[0, 2]] });
        expect(blocked.takeSquares).toEqual(['e7']);
        expect(blocked.iguiSquares).not.toContain('e8');
    });

    test('Kirin 1X, ~2+: ferz and dabbabah', () => {
        expect(report(read('1X, ~2+')).moveSquares).toEqual(['c5', 'd4', 'd6', 'e3', 'e7', 'f4', 'f6', 'g5']);
    });

    test('Jumper ^2+: over an adjacent enemy, capturing it, to the empty square beyond', () => {
        const piece = read('^2+');
        expect(report(piece).moveSquares).toEqual([]);
        const r = report(piece, { enemies: [[0, 1], [1, 0]] });
        expect(r.locustSquares).toEqual([{ capture: ['e6'], to: 'e7' }, { capture: ['f5'], to: 'g5' }]);
    });

    test('0 as a first leg stands still; l and r are left and right', () => {
        expect(report(read('0.1+')).moveSquares).toEqual(['d5', 'e4', 'e6', 'f5']);
        expect(report(read('1l, 2r')).moveSquares).toEqual(['d5', 'g5']);
        expect(report(read('1Xl')).moveSquares).toEqual(['d4', 'd6']);
    });
});

describe('what is not one piece\'s move is refused, located', () => {
    test.each([
        ['is0.os1r.os1r', 1, PARLETT_MESSAGES.safe],
        ['c1X?', 3, PARLETT_MESSAGES.notPieceMove("'?' (if the preceding move is possible)")],
        ['1+, !1X', 4, PARLETT_MESSAGES.notPieceMove("'!' (an invalid move that keeps its labels)")],
        ['jump:1+', 0, PARLETT_MESSAGES.notPieceMove("'jump:' (a move label)")],
        ['1*, $jump$', 4, PARLETT_MESSAGES.notPieceMove("'$...$' (a reference to a move label)")],
        ['{n*2}+', 0, PARLETT_MESSAGES.braces],
        ['0', 0, PARLETT_MESSAGES.zeroDistance]
    ])('%s', (text, offset, message) => {
        const errors = parseParlett(text).problems.filter((p) => p.severity === 'error');
        expect(errors.map((p) => [p.offset, p.message])).toEqual([[offset, message]]);
    });

    test('a multi-piece move (castling) keeps the other options', () => {
        const r = parseParlett('is0.os1r.os1r; ~i2l', { lenient: true });
        // 's' at 1; '~i2l' puts the condition after '~' (the seed's own order slip): also located, at 16.
        expect(r.problems.filter((p) => p.severity === 'error').map((p) => p.offset)).toEqual([1, 16]);
        expect(r.move).toBeDefined();
    });
});
