// Seed 002's table on the square board: each path expression gives the orthodox piece's moves,
// compared with the prelude's definitions evaluated by the engine, alone and among blockers.
import { describe, expect, test } from 'vitest';
import preludeText from '../../prelude/standard.lcpn?raw';
import { parsePieceText } from '../parse-text.js';
import { destinations, type Resolver } from '../../src/engine/index.js';
import { SQUARE8, sortNames, walk, type PathResult } from './helpers.js';
import { squareName } from '../../src/geometry/index.js';

const prelude = new Map(parsePieceText(preludeText).pieces.map((p) => [p.key, p]));
const resolve: Resolver = (key) => prelude.get(key);

const parse = (name: string) => ({ file: name.charCodeAt(0) - 97, rank: Number(name.slice(1)) - 1 });

/** The prelude piece's moves and captures in the same set-up, as cell names. */
function orthodox(piece: string, at: string, where: { friends?: string[]; enemies?: string[] } = {}): PathResult {
    const enemies = new Set(where.enemies ?? []);
    const r = destinations(prelude.get(piece)!, {
        board: SQUARE8, at: parse(at), friends: (where.friends ?? []).map(parse), enemies: (where.enemies ?? []).map(parse)
    }, resolve);
    expect(r.problems).toEqual([]);
    const moves: string[] = [];
    const captures: string[] = [];
    for (const d of r.destinations) {
        const name = squareName(d.square);
        if (enemies.has(name)) {
            if (d.capture) captures.push(name);
        } else if (d.move && !(where.friends ?? []).includes(name)) moves.push(name);
    }
    return { moves: sortNames(moves), captures: sortNames(captures) };
}

const TABLE: [string, string][] = [
    ['knight', 'L*FF(L|R)F$'],
    ['bishop', 'L*(FLFR$|LFRF$)+'],
    ['rook', 'L*(F$)+'],
    ['queen', 'L*(F$)+|L*(FLFR$|LFRF$)+'],
    ['king', 'L*(F|FLF|FRF)$']
];

/** Set-ups: alone in the middle, in a corner, on an edge, and among friends and enemies. */
const SETUPS: { at: string; friends?: string[]; enemies?: string[] }[] = [
    { at: 'd4' },
    { at: 'a1' },
    { at: 'h5' },
    { at: 'e1' },
    { at: 'd4', friends: ['d6', 'f6', 'b3', 'e4'], enemies: ['d2', 'b6', 'g1', 'a4', 'e5'] },
    { at: 'c3', friends: ['c4', 'd4', 'b2'], enemies: ['c2', 'd2', 'e5', 'a3'] },
    // Every neighbour occupied: the knight still jumps, the others only capture next door.
    { at: 'e4', friends: ['d3', 'e3', 'f3', 'd4'], enemies: ['f4', 'd5', 'e5', 'f5'] }
];

describe('the seed table equals the orthodox pieces on 8x8', () => {
    for (const [piece, path] of TABLE) {
        for (const setup of SETUPS) {
            test(`${piece} = ${path} at ${setup.at} (${(setup.friends ?? []).length} friends, ${(setup.enemies ?? []).length} enemies)`, () => {
                expect(walk(path, SQUARE8, setup.at, setup)).toEqual(orthodox(piece, setup.at, setup));
            });
        }
    }

    test('the rook among blockers, written out', () => {
        expect(walk('L*(F$)+', SQUARE8, 'd4', { friends: ['d6', 'f4'], enemies: ['d2', 'b4'] })).toEqual({
            moves: ['c4', 'd3', 'd5', 'e4'],
            captures: ['b4', 'd2']
        });
    });

    test('the bishop passes beside a piece without stopping: either side of the diagonal will do', () => {
        // FLFR goes over d5, LFRF over c4: with both occupied the diagonal c5-b6-a7 stays open.
        expect(walk('L*(FLFR$|LFRF$)+', SQUARE8, 'd4', { friends: ['d5', 'c4'] }).moves).toContain('a7');
        expect(walk('L*(FLFR$|LFRF$)+', SQUARE8, 'd4', { friends: ['c5'] }).moves).not.toContain('b6');
    });
});

describe('the pawn rows on 8x8 (the move-or-capture split is the modifiers\' job: the path alone ends on either)', () => {
    test('F$: one forward', () => {
        expect(walk('F$', SQUARE8, 'e2')).toEqual({ moves: ['e3'], captures: [] });
        expect(walk('F$', SQUARE8, 'e8')).toEqual({ moves: [], captures: [] });
        expect(walk('F$', SQUARE8, 'e2', { friends: ['e3'] })).toEqual({ moves: [], captures: [] });
    });

    test('F$F?$: one or two forward, the second only over an empty cell', () => {
        expect(walk('F$F?$', SQUARE8, 'e2')).toEqual({ moves: ['e3', 'e4'], captures: [] });
        expect(walk('F$F?$', SQUARE8, 'e2', { enemies: ['e3'] })).toEqual({ moves: [], captures: ['e3'] });
        expect(walk('F$F?$', SQUARE8, 'e2', { friends: ['e4'] })).toEqual({ moves: ['e3'], captures: [] });
        expect(walk('F$F?$', SQUARE8, 'e7')).toEqual({ moves: ['e8'], captures: [] });
    });

    test('F(LFR|RFL)$: the two forward diagonals, over whatever stands in front', () => {
        expect(walk('F(LFR|RFL)$', SQUARE8, 'e2')).toEqual({ moves: ['d3', 'f3'], captures: [] });
        expect(walk('F(LFR|RFL)$', SQUARE8, 'e2', { friends: ['e3'], enemies: ['d3', 'f3'] })).toEqual({ moves: [], captures: ['d3', 'f3'] });
        expect(walk('F(LFR|RFL)$', SQUARE8, 'a2', { enemies: ['b3'] })).toEqual({ moves: [], captures: ['b3'] });
        // Off the board in front: no path at all.
        expect(walk('F(LFR|RFL)$', SQUARE8, 'd8')).toEqual({ moves: [], captures: [] });
    });

    test('the seed\'s slashes are accepted', () => {
        expect(walk('/F$/', SQUARE8, 'e2')).toEqual(walk('F$', SQUARE8, 'e2'));
    });
});
