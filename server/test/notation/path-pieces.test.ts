// What Betza and Parlett say of paths (issue 25, item 10): a path that moves as standard leaps and
// rides is written as them (seed 002's knight L*FF(L|R)F$ is N, not an empty string), and Betza's
// crooked pieces (z) are read and written through the path of their zig-zag. Destinations below
// are worked by hand from the rules: the crooked bishop zig-zags, each diagonal step at a right
// angle to the one before, turning back and forth; the crooked rook does the same with orthogonal
// steps (Betza: "z is crooked; zF7 is a crooked Bishop"). Fairy-Stockfish reads no z (ffish
// 0.7.10 generates the plain rook's moves for zR: ffish.test.ts), so there is no engine to compare
// with; the Betza written for the seed's paths is compared with Fairy-Stockfish in ffish.test.ts.
import { describe, expect, test } from 'vitest';
import { movesReport } from '../../src/engine/index.js';
import type { Move } from '../../src/model/piece.js';
import { parseBetza, parsePath, toBetza, toParlett } from '../../src/notation/index.js';
import { crookedOf, crookedPath, pathAsLeaps } from '../../src/notation/path-pieces.js';

const path = (text: string): Move => {
    const { regex, text: written } = parsePath(text);
    return { kind: 'path', text: written, regex: regex! };
};
const none = () => undefined;

describe('a path that moves as standard pieces is written as them', () => {
    // Seed 002's table, as the seed writes each piece.
    test.each([
        ['pawn', 'F$', 'fW', '1>'],
        ['pawn (first move)', 'F$F?$', 'fR2', '1-2>'],
        ['pawn (capturing)', 'F(LFR|RFL)$', 'fF', '1X>'],
        ['knight', 'L*FF(L|R)F$', 'N', '~1/2'],
        ['bishop', 'L*(FLFR$|LFRF$)+', 'B', 'nX'],
        ['rook', 'L*(F$)+', 'R', 'n+'],
        ['king', 'L*(F|FLF|FRF)$', 'K', '1*'],
        ['queen', 'L*(F$)+|L*(FLFR$|LFRF$)+', 'Q', 'n*']
    ])('the seed\'s %s %s: Betza %s, Parlett %s', (_name, text, betza, parlett) => {
        expect(toBetza(path(text), none)).toEqual({ text: betza, lost: [] });
        expect(toParlett(path(text), none)).toEqual({ text: parlett, lost: [] });
    });

    test('other spellings of the same moves: the dabbabah that jumps, the one that does not, the short rook', () => {
        expect(toBetza(path('L*FF$'), none).text).toBe('D');
        expect(toBetza(path('L*F$F$'), none).text).toBe('nD');
        expect(toBetza(path('(L|R)*(F$){1,3}'), none).text).toBe('R3');
    });

    test('modifiers around the path apply: (move (path ...)) is m', () => {
        expect(toBetza({ kind: 'apply', functions: ['move'], args: [path('L*FF(L|R)F$')] }, none).text).toBe('mN');
    });

    test.each([
        ['a ride, then a turn', 'L*(F$)+FLF'],
        ['a three-step needing only its first square empty', 'L*F$FF'],
        ['the crooked bishop written otherwise', 'L*((FLFR|LFRF)$(FRFL|RFLF)$)+']
    ])('a path that moves otherwise is left out, as before: %s', (_name, text) => {
        expect(pathAsLeaps(path(text) as Extract<Move, { kind: 'path' }>)).toBeUndefined();
        const exported = toBetza(path(text), none);
        expect(exported.text).toBe('');
        expect(exported.lost).toEqual([`the path "${parsePath(text).text}" (Betza and Parlett cannot say a walk on the board's rotation graph: left out)`]);
    });
});

describe('Betza z (crooked) reads as the path of the zig-zag, and writes back', () => {
    const D4 = { board: { files: 8, ranks: 8 }, at: { file: 3, rank: 3 } };
    const squares = (betza: string, friends: [number, number][] = []) => {
        const { move, problems } = parseBetza(betza);
        expect(problems).toEqual([]);
        return movesReport(move!, { ...D4, friends: friends.map(([file, rank]) => ({ file, rank })), enemies: [] }, none).moveSquares.join(' ');
    };

    test('zB from d4: four zig-zags along each axis, each starting to either side', () => {
        // Heading up: e5 d6 e7 d8 and c5 d6 c7 d8; right: e5 f4 g5 h4 and e3 f4 g3 h4; down and left likewise.
        expect(squares('zB')).toBe('a3 a5 b4 c1 c3 c5 c7 d2 d6 d8 e1 e3 e5 e7 f4 g3 g5 h4');
    });

    test('zB is stopped by the first piece on its way: a friend on e5 takes away e7 and g5, not d6 or h4 (reached by other zig-zags)', () => {
        expect(squares('zB', [[4, 4]])).toBe('a3 a5 b4 c1 c3 c5 c7 d2 d6 d8 e1 e3 f4 g3 h4');
    });

    test('zR from d4: staircases, turning right then left or left then right', () => {
        // Up, turning right first: d5 e5 e6 f6 f7 g7 g8 h8; left first: d5 c5 c6 b6 b7 a7 a8; and so on from each facing.
        expect(squares('zR')).toBe('a1 a2 a6 a7 a8 b1 b2 b3 b5 b6 b7 c2 c3 c4 c5 c6 d3 d5 e2 e3 e4 e5 e6 f1 f2 f3 f5 f6 f7 g1 g2 g6 g7 g8 h1 h7 h8');
    });

    test('a range counts the steps: zF2 is one diagonal step and one back across', () => {
        expect(squares('zF2')).toBe('b4 c3 c5 d2 d6 e3 e5 f4');
    });

    test.each([
        ['zB', 'zB'], ['zR', 'zR'], ['zQ', 'zQ'], ['mzB', 'mzB'], ['czR', 'czR'], ['zF7', 'zF7'], ['zW3', 'zW3'], ['izB', 'izB'],
        ['zFF', 'zB'], ['zW0', 'zR'], ['WzB', 'WzB']
    ])('%s is written back %s', (betza, written) => {
        expect(toBetza(parseBetza(betza).move!, none)).toEqual({ text: written, lost: [] });
    });

    test('Parlett has no zig-zag: said lost', () => {
        expect(toParlett(parseBetza('zB').move!, none)).toEqual({ text: '', lost: ['the crooked moves (Betza zB: a zig-zag, which Parlett has no spelling for)'] });
    });

    test('the paths are the ones crookedPath writes, and only those are crooked', () => {
        expect(crookedOf(crookedPath('F', null))).toEqual({ atom: 'F', max: null });
        expect(crookedOf(crookedPath('W', 5))).toEqual({ atom: 'W', max: 5 });
        expect(crookedOf('L*(F$)+')).toBeUndefined();
        for (const atom of ['W', 'F'] as const) for (let max = 2; max <= 63; max++) expect(crookedOf(crookedPath(atom, max))).toEqual({ atom, max });
        expect(crookedPath('W', null)).toBe('L*(F$(RF$LF$)*(RF$)?|F$(LF$RF$)*(LF$)?)');
    });

    test.each([
        ['zN', 0, "'z' (crooked) is read on W and F riders (zR, zB, zQ, zW4, ...): a crooked N zig-zags in no agreed way"],
        ['zW', 0, "'z' (crooked) is read on W and F riders (zR, zB, zQ, zW4, ...): a crooked W zig-zags in no agreed way"],
        ['fzB', 0, "'f' with 'z' (crooked): a crooked piece is read as its whole zig-zag, without direction or hopping letters"],
        ['pzR', 0, "'p' with 'z' (crooked): a crooked piece is read as its whole zig-zag, without direction or hopping letters"],
        ['zafW', 0, "'z' inside an XBetza multi-leg move has no LCPN equivalent"]
    ])('refused where it has no reading: %s', (betza, offset, message) => {
        expect(parseBetza(betza).problems).toEqual([{ message, offset, length: 1, severity: 'error' }]);
    });
});
