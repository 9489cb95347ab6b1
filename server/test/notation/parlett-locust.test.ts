/**
 * Parlett `^` (seed 000: "captures by hopping; final move is one square past the captured
 * piece") read as capturing on the way. Squares worked out by hand from that sentence.
 */
import { describe, expect, test } from 'vitest';
import { parseParlett, PARLETT_MESSAGES } from '../../src/notation/parlett-parse.js';
import { report } from '../engine/helpers.js';

const read = (text: string) => {
    const r = parseParlett(text, { lenient: true });
    expect(r.problems.filter((p) => p.severity === 'error')).toEqual([]);
    return r.move!;
};

describe('Parlett ^', () => {
    test('c^nX, onX (9x9, e5): rides to the first piece on a diagonal, takes it, lands just beyond', () => {
        const piece = read('c^nX, onX');
        expect(report(piece).locustSquares).toEqual([]);
        const r = report(piece, { enemies: [[2, 2]] });
        expect(r.locustSquares).toEqual([{ capture: ['g7'], to: 'h8' }]);
        expect(r.takeSquares).toEqual([]);
        expect(r.moveSquares).toContain('h8');
        expect(r.moveSquares).not.toContain('i9');
        // The landing square must be empty; a friend is never hopped and taken.
        expect(report(piece, { enemies: [[2, 2], [3, 3]] }).locustSquares).toEqual([]);
        expect(report(piece, { friends: [[2, 2]] }).locustSquares).toEqual([]);
    });

    test('the checker cn(^2X>), o1X> (8x8, c3): single and double jumps straight on', () => {
        const piece = read('cn(^2X>), o1X>');
        const r = report(piece, { board: [8, 8], at: [2, 2], enemies: [[1, 1], [3, 3]] });
        expect(r.locustSquares).toEqual([{ capture: ['d4'], to: 'e5' }, { capture: ['d4', 'f6'], to: 'g7' }]);
        expect(r.moveSquares).toEqual(['b4', 'e5', 'g7']);
        // Backwards is not a checker's jump.
        expect(report(piece, { board: [8, 8], at: [2, 2], enemies: [[-1, -1]] }).locustSquares).toEqual([]);
    });

    test('o^n+ hops over one piece of either side without taking it', () => {
        const piece = read('o^n+');
        expect(report(piece, { friends: [[0, 2]] }).moveSquares).toEqual(['e8']);
        expect(report(piece, { enemies: [[0, 1]] }).moveSquares).toEqual(['e7']);
        expect(report(piece, { enemies: [[0, 1]] }).locustSquares).toEqual([]);
    });

    test('^n(~1/2): the nightrider hops over the first piece on its line, capturing it', () => {
        const r = report(read('^n(~1/2)'), { enemies: [[1, 2]] });
        expect(r.locustSquares).toEqual([{ capture: ['f7'], to: 'g9' }]);
    });

    test('a locust distance counts the landing: ^1+ is refused where it is written', () => {
        const r = parseParlett('^1+, 1X');
        expect(r.problems.map((p) => [p.offset, p.message])).toEqual([[1, PARLETT_MESSAGES.locustShort]]);
    });

    test('lenient slips are read with a warning: c^* (no distance), ^ after a move without a comma', () => {
        expect(parseParlett('c^*', { lenient: true }).problems.map((p) => [p.offset, p.severity, p.message])).toEqual([[1, 'warning', PARLETT_MESSAGES.locustNoDistance]]);
        expect(parseParlett('c^*').problems.map((p) => p.severity)).toEqual(['error']);
        expect(parseParlett('cn(^2X^4+)', { lenient: true }).problems.map((p) => [p.offset, p.severity, p.message])).toEqual([[6, 'warning', PARLETT_MESSAGES.locustMissingComma]]);
    });
});
