/**
 * Capturing on the way through Betza and Parlett: import, export, and back (issue 10).
 */
import { describe, expect, test } from 'vitest';
import { parseBetza } from '../../src/notation/betza-parse.js';
import { toBetza } from '../../src/notation/betza-print.js';
import { parseParlett } from '../../src/notation/parlett-parse.js';
import { toParlett } from '../../src/notation/parlett-print.js';
import { apply, blocked, ref, report, STANDARD } from '../engine/helpers.js';

/** The checker's capture, `(=> (capture ferz) (move ferz))`. */
const JUMP = blocked(apply('capture', ref('ferz')), apply('move', ref('ferz')));

describe('XBetza c on a non-final a leg', () => {
    test('cafW: captures the wazir step, goes on straight (9x9, e5, enemy on e6 -> e7)', () => {
        const parsed = parseBetza('cafW');
        expect(parsed.problems).toEqual([]);
        const r = report(parsed.move!, { enemies: [[0, 1]] });
        expect(r.locustSquares).toEqual([{ capture: ['e6'], to: 'e7' }]);
        // The last leg has no m/c: it may land on an enemy too (a double capture).
        expect(report(parsed.move!, { enemies: [[0, 1], [0, 2]] }).locustSquares).toEqual([{ capture: ['e6'], to: 'e7' }]);
        expect(report(parsed.move!, { enemies: [[0, 1], [0, 2]] }).takeSquares).toContain('e7');
    });

    test('mcafW on the first leg: passes an empty square or captures there, and goes on', () => {
        const parsed = parseBetza('mcafmW');
        expect(parsed.problems).toEqual([]);
        expect(report(parsed.move!).moveSquares).toEqual(['c5', 'e3', 'e7', 'g5']);
        expect(report(parsed.move!, { enemies: [[0, 1]] }).locustSquares).toEqual([{ capture: ['e6'], to: 'e7' }]);
    });

    test('the checker jump exports as cafmF and reads back', () => {
        const out = toBetza(JUMP, STANDARD);
        expect(out).toEqual({ text: 'cafmF', lost: [] });
        expect(report(parseBetza(out.text).move!, { enemies: [[1, 1]] }).locustSquares).toEqual([{ capture: ['f6'], to: 'g7' }]);
    });
});

describe('Parlett ^ export', () => {
    test.each(['c^nX', 'c^n+', 'c^2X'])('%s reads and prints back the same', (text) => {
        expect(toParlett(parseParlett(text).move!, STANDARD)).toEqual({ text, lost: [] });
    });

    test('the checker jump written in LCPN is c^2X', () => {
        expect(toParlett(JUMP, STANDARD)).toEqual({ text: 'c^2X', lost: [] });
    });
});
