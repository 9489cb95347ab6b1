// Reading path expressions: the tree, the normalized text, located errors in words, limits.
import { describe, expect, test } from 'vitest';
import { parsePath, MAX_PATH_COUNT, MAX_PATH_LENGTH, MAX_PATH_NESTING } from '../../src/notation/path-parse.js';

const F = { kind: 'forward' } as const;
const L = { kind: 'left' } as const;
const R = { kind: 'right' } as const;
const C = { kind: 'check' } as const;

/** The single error's offset, length and message. */
function error(text: string) {
    const r = parsePath(text);
    expect(r.regex).toBeUndefined();
    const errors = r.problems.filter((p) => p.severity === 'error');
    expect(errors).toHaveLength(1);
    return errors[0];
}

describe('the tree', () => {
    test('letters, sequences, choices, groups and repetitions', () => {
        expect(parsePath('F').regex).toEqual(F);
        expect(parsePath('F$').regex).toEqual({ kind: 'sequence', items: [F, C] });
        expect(parsePath('L*FF(L|R)F$').regex).toEqual({
            kind: 'sequence',
            items: [{ kind: 'repeat', item: L, min: 0, max: null }, F, F, { kind: 'choice', options: [L, R] }, F, C]
        });
        expect(parsePath('(F$)+').regex).toEqual({ kind: 'repeat', item: { kind: 'sequence', items: [F, C] }, min: 1, max: null });
        expect(parsePath('F?').regex).toEqual({ kind: 'repeat', item: F, min: 0, max: 1 });
        expect(parsePath('F{3}').regex).toEqual({ kind: 'repeat', item: F, min: 3, max: 3 });
        expect(parsePath('F{2,}').regex).toEqual({ kind: 'repeat', item: F, min: 2, max: null });
        expect(parsePath('F{0,4}').regex).toEqual({ kind: 'repeat', item: F, min: 0, max: 4 });
        // An empty option is allowed: (F|) is F?.
        expect(parsePath('(F|)L').regex).toEqual({ kind: 'sequence', items: [{ kind: 'choice', options: [F, { kind: 'sequence', items: [] }] }, L] });
    });

    test('alternation binds loosest: FL|R is (FL)|R', () => {
        expect(parsePath('FL|R').regex).toEqual({ kind: 'choice', options: [{ kind: 'sequence', items: [F, L] }, R] });
    });

    test('spaces and one pair of enclosing slashes are dropped from the text', () => {
        const r = parsePath(' /L* F F (L | R) F $/ ');
        expect(r.problems).toEqual([]);
        expect(r.text).toBe('L*FF(L|R)F$');
        expect(r.regex).toEqual(parsePath('L*FF(L|R)F$').regex);
    });
});

describe('errors say what is allowed, at the offending characters', () => {
    test('an unknown letter', () => {
        const e = error('L*FX$');
        expect(e).toMatchObject({ offset: 3, length: 1 });
        expect(e.message).toContain("'X' is not part of a path");
        expect(e.message).toContain('F (one cell forward)');
    });

    test('lower-case letters, a dot, a letter set', () => {
        expect(error('Ff')).toMatchObject({ offset: 1, message: "'f' must be written in capitals: F" });
        expect(error('F.F').message).toContain('(F|L|R)');
        expect(error('[FL]').offset).toBe(0);
    });

    test('brackets that do not match', () => {
        expect(error('L*(F$')).toMatchObject({ offset: 2 });
        expect(error('L*(F$')).toHaveProperty('message', "this '(' is never closed: add the ')' that ends the group");
        expect(error('F$)F')).toMatchObject({ offset: 2 });
        expect(error('F$)F').message).toContain("closes no '('");
    });

    test('a repetition with nothing to repeat, and two repetitions in a row', () => {
        expect(error('*F')).toMatchObject({ offset: 0 });
        expect(error('F|+F')).toMatchObject({ offset: 2 });
        expect(error('(*)')).toMatchObject({ offset: 1 });
        const e = error('F+?');
        expect(e).toMatchObject({ offset: 2 });
        expect(e.message).toContain('(F+)?');
    });

    test('counts', () => {
        expect(error('F{3,2}')).toMatchObject({ offset: 1, length: 5 });
        expect(error('F{3,2}').message).toContain('at least 3 and at most 2');
        expect(error('F{}').message).toContain('a number is missing');
        expect(error('F{2').message).toContain("not closed by '}'");
        expect(error('F{x}')).toMatchObject({ offset: 2 });
        expect(error('F{0}').message).toContain('repeats nothing');
        expect(error(`F{${MAX_PATH_COUNT + 1}}`)).toMatchObject({ offset: 2, length: String(MAX_PATH_COUNT + 1).length });
        expect(parsePath(`F{${MAX_PATH_COUNT}}`).problems).toEqual([]);
    });

    test('slashes', () => {
        expect(error('/F$')).toMatchObject({ offset: 0 });
        expect(error('F/$').message).toContain('may only enclose the whole path');
    });

    test('empty', () => {
        expect(error('').message).toContain('this path is empty');
        expect(error(' // ').message).toContain('this path is empty');
    });
});

describe('limits', () => {
    test('length', () => {
        const e = error('F'.repeat(MAX_PATH_LENGTH + 5));
        expect(e).toMatchObject({ offset: MAX_PATH_LENGTH, length: 5 });
        expect(parsePath('F'.repeat(MAX_PATH_LENGTH)).regex).toBeDefined();
    });

    test('nesting', () => {
        const deep = (n: number) => '('.repeat(n) + 'F' + ')'.repeat(n);
        expect(parsePath(deep(MAX_PATH_NESTING)).regex).toBeDefined();
        expect(error(deep(MAX_PATH_NESTING + 1))).toMatchObject({ offset: MAX_PATH_NESTING });
    });

    test('the size once counts are written out', () => {
        const e = error('((F{100}){100}){100}');
        expect(e.message).toContain('too large once its counted repetitions are written out');
        expect(e.message).toContain('(1,000,000 letters; at most 5,000)');
        expect(parsePath('(F{50}){50}').regex).toBeDefined();
    });
});

test('a path that never moves is accepted with a warning', () => {
    const r = parsePath('L*$');
    expect(r.regex).toBeDefined();
    expect(r.problems).toEqual([{ severity: 'warning', offset: 0, length: 3, message: 'this path has no F: the piece never leaves its cell, so it has no moves' }]);
});
