/**
 * Parlett -> model, construct by construct (the corpus test covers the real-world strings):
 * move sets through the engine, and the located problems of the lenient and strict modes.
 */
import { describe, expect, it } from 'vitest';
import type { Move } from '../../src/model/piece.js';
import { MAX_GROUP_DEPTH, parseParlett } from '../../src/notation/parlett-parse.js';
import { MAX_RECTANGLE_SIDE } from '../../src/geometry/limits.js';
import { DIAGONAL, leaps, moveSet, ORTHOGONAL, rides, sorted } from './helpers.js';

function both(text: string, lenient = false): string[] {
    const result = parseParlett(text, { lenient });
    expect(result.problems.filter((p) => p.severity === 'error')).toEqual([]);
    const s = moveSet(result.move!);
    expect(s.moves).toEqual(s.captures);
    return s.moves;
}

describe('Parlett constructs', () => {
    it.each([
        ['1+', leaps([0, 1])], ['1X', leaps([1, 1])], ['1*', leaps([0, 1], [1, 1])],
        ['n+', rides(ORTHOGONAL)], ['nX', rides(DIAGONAL)], ['1-3+', rides(ORTHOGONAL, 3)],
        ['2+', leaps([0, 2])], ['~2X', leaps([2, 2])], ['~1/2', leaps([1, 2])], ['~0/2', leaps([0, 2])],
        ['1>', ['0,1']], ['1<', ['0,-1']], ['1<>', ['0,-1', '0,1']], ['1=', ['-1,0', '1,0']],
        ['1>=', ['-1,0', '0,1', '1,0']], ['1<=', ['-1,0', '0,-1', '1,0']], ['1X>', ['-1,1', '1,1']], ['1X<', ['-1,-1', '1,-1']],
        ['1*>', ['-1,1', '0,1', '1,1']], ['1*<', ['-1,-1', '0,-1', '1,-1']], ['1*>=', ['-1,0', '-1,1', '0,1', '1,0', '1,1']],
        ['1*<>', ['-1,-1', '-1,1', '0,-1', '0,1', '1,-1', '1,1']], ['1+<', ['0,-1']],
        ['~2/1>', ['-1,2', '1,2']], ['~1/2<', ['-2,-1', '2,-1']], ['~1/2<>', ['-2,-1', '-2,1', '2,-1', '2,1']], ['~1/2=', ['-1,-2', '-1,2', '1,-2', '1,2']],
        ['n(~1/2)', rides([[1, 2], [2, 1], [-1, 2], [-2, 1], [1, -2], [2, -1], [-1, -2], [-2, -1]])],
        ['~1/2&', rides([[1, 2], [2, 1], [-1, 2], [-2, 1], [1, -2], [2, -1], [-1, -2], [-2, -1]])],
        ['2(~1/2)', ['-4,-2', '-4,2', '-2,-4', '-2,4', '2,-4', '2,4', '4,-2', '4,2']],
        ['~1-2+', leaps([0, 1], [0, 2])]
    ] as [string, string[]][])('%s', (text, expected) => {
        expect(both(text)).toEqual(sorted(expected));
    });

    it('plain distances are blocked, ~ leaps', () => {
        expect(moveSet(parseParlett('2+').move!, { friends: [[0, 1]] }).moves).not.toContain('0,2');
        expect(moveSet(parseParlett('~2+').move!, { friends: [[0, 1]] }).moves).toContain('0,2');
        expect(moveSet(parseParlett('n(3+)').move!, { friends: [[0, 1]] }).moves).not.toContain('0,3');
    });

    it('o moves only, c captures only, i is the first-move predicate', () => {
        expect(moveSet(parseParlett('o1>, c1X>').move!)).toEqual({ moves: ['0,1'], captures: ['-1,1', '1,1'] });
        const pawn = parseParlett('o1>, c1X>, oi2>');
        expect(pawn.problems).toEqual([]);
        expect((pawn.move as { parts: Move[] }).parts[2]).toEqual({ kind: 'conditional', branches: [{ test: { kind: 'predicate', fn: 'first-move', args: [] },
            body: { kind: 'apply', functions: ['move'], args: [{ kind: 'qualified', base: { kind: 'leap', vector: [0, 1] }, qualifiers: [{ kind: 'direction', name: 'forward' }, { kind: 'range', min: 2, max: 2 }] }] } }] });
        expect(moveSet(pawn.move!, { firstMove: true })).toEqual({ moves: ['0,1', '0,2'], captures: ['-1,1', '1,1'] });
        expect(moveSet(pawn.move!)).toEqual({ moves: ['0,1'], captures: ['-1,1', '1,1'] });
    });

    it('. continues outward after a step that must land on an empty square', () => {
        expect(both('1+.1X')).toEqual(leaps([1, 2]));
        expect(moveSet(parseParlett('1+.1X').move!, { friends: [[0, 1]] }).moves).not.toContain('1,2');
    });
});

describe('Parlett diagnostics', () => {
    const errors = (text: string, lenient = false) => parseParlett(text, { lenient }).problems.filter((p) => p.severity !== 'info')
        .map((p) => `${p.severity} ${p.offset}+${p.length}: ${p.message}`);

    it.each([
        ['1X=', "error 1+2: 'X=' selects no move"],
        ['~n+', "error 1+1: a leaper ('~') needs a fixed distance, not 'n'"],
        ['n(~1/2', "error 1+1: '(' is not closed"],
        ['1+)', "error 2+1: ')' without a matching '('"],
        ['3-1+', 'error 0+3: range 3-1 is empty'],
        ['0+', 'error 0+1: a distance of 0 does not move'],
        ['~1/2+', 'error 4+1: a hippogonal leap (a/b) takes no + X * direction, only > < <> = >= <='],
        ['oc1+', "error 1+1: 'o' (no capture) and 'c' (capture only) together allow no move"],
        ['n(n(~1/2))', 'error 2+1: a repeated group inside a repeated group has no LCPN equivalent'],
        ['1+.', "error 2+1: '.' (then) must be followed by a move"],
        ['', 'error 0+0: empty Parlett string'],
        // Each distance of a leaper's range is one leap: a long range, or a number past 2^53 (where d + 1 === d), never finished.
        // The largest board is geometry/limits.ts's rectangle maximum (32 before issue 11, now 64).
        ['~1-999999999X', `error 1+11: a leaper's range lists one leap per distance: at most ${MAX_RECTANGLE_SIDE} of them (the largest board)`],
        ['~9007199254740993X', 'error 1+16: number too large'],
        ['1-99999999999999999999+', 'error 2+20: number too large']
    ])('%s', (text, message) => {
        expect(errors(text)).toEqual([message]);
    });

    it('the lenient mode accepts spaces, separators and case with warnings', () => {
        expect(errors('~1/4 ~2/3', true)).toEqual(["warning 4+1: missing ',' between move options: the space is read as ','"]);
        expect(errors('1+, ~ 1/2', true)).toEqual(['warning 5+1: space inside a move option ignored']);
        expect(errors('nx', true)).toEqual(["warning 1+1: lower-case 'x' read as 'X'"]);
        expect(errors('1>; 1X', true)).toEqual(["warning 2+1: ';' read as ','"]);
        expect(errors('1+ or 1X', true)).toEqual(["warning 3+2: 'or' read as ','"]);
        expect(errors('O1>', true)).toEqual(["warning 0+1: upper-case 'O' read as 'o'"]);
        expect(errors('O1>')).toEqual(["error 0+1: upper-case 'O': conditions are written in lower case (the lenient mode accepts it)"]);
    });
});

describe('Parlett nesting', () => {
    const problems = (text: string) => parseParlett(text).problems.filter((p) => p.severity === 'error').map((p) => `${p.offset}+${p.length}: ${p.message}`);

    it('groups nested 5,000 and 100,000 deep are one located error at the first group too deep, not a stack overflow', () => {
        for (const depth of [5_000, 100_000]) {
            for (const open of ['n(', '(']) {
                const text = open.repeat(depth) + '~1/2' + ')'.repeat(depth);
                const offset = open.length * MAX_GROUP_DEPTH + open.length - 1;
                expect(problems(text)).toEqual([`${offset}+1: groups nested more than ${MAX_GROUP_DEPTH} deep`]);
            }
        }
    });

    it('the options after a too-deep one still convert; nesting up to the limit is read', () => {
        const deep = '('.repeat(MAX_GROUP_DEPTH + 1) + '1X' + ')'.repeat(MAX_GROUP_DEPTH + 1);
        const result = parseParlett(`${deep}, 1+`);
        expect(result.problems.filter((p) => p.severity === 'error')).toHaveLength(1);
        expect(moveSet(result.move!).moves).toEqual(leaps([0, 1]));
        const limit = parseParlett('('.repeat(MAX_GROUP_DEPTH) + '1X' + ')'.repeat(MAX_GROUP_DEPTH));
        expect(limit.problems).toEqual([]);
        expect(moveSet(limit.move!).moves).toEqual(leaps([1, 1]));
    });
});
