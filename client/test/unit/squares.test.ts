import { describe, expect, it } from 'vitest';
import { clampBoard, cycleBlocker, isSquareName, keepBlockers, nextSide, onBoard, parseSquare } from '../../src/diagram/squares.js';

describe('square names', () => {
    it('parses algebraic squares zero-based', () => {
        expect(parseSquare('a1')).toEqual({ file: 0, rank: 0 });
        expect(parseSquare('f5')).toEqual({ file: 5, rank: 4 });
        expect(parseSquare('z26')).toEqual({ file: 25, rank: 25 });
        // Boards up to 32 x 32 (a file may declare one): files aa..af, ranks to 32.
        expect(parseSquare('aa1')).toEqual({ file: 26, rank: 0 });
        expect(parseSquare('af32')).toEqual({ file: 31, rank: 31 });
    });

    it('rejects what is not a square', () => {
        for (const bad of ['', 'a0', 'a33', 'A1', 'ag1', 'ba1', 'a01', 'f5 ', '<f5>', 'f5"']) expect(parseSquare(bad), bad).toBeUndefined();
        expect(isSquareName(42)).toBe(false);
        expect(isSquareName({ toString: () => 'a1' })).toBe(false);
    });

    it('knows the board edge', () => {
        expect(onBoard('h8', { files: 8, ranks: 8 })).toBe(true);
        expect(onBoard('i8', { files: 8, ranks: 8 })).toBe(false);
        expect(onBoard('a9', { files: 8, ranks: 8 })).toBe(false);
        expect(onBoard('j10', { files: 10, ranks: 10 })).toBe(true);
    });
});

describe('blockers', () => {
    it('cycles a square through friend, enemy and empty', () => {
        expect(nextSide(undefined)).toBe('friend');
        expect(nextSide('friend')).toBe('enemy');
        expect(nextSide('enemy')).toBeUndefined();
        let blockers = cycleBlocker([], 'e5');
        expect(blockers).toEqual([{ square: 'e5', side: 'friend' }]);
        blockers = cycleBlocker(blockers, 'e5');
        expect(blockers).toEqual([{ square: 'e5', side: 'enemy' }]);
        blockers = cycleBlocker(blockers, 'e5');
        expect(blockers).toEqual([]);
    });

    it('keeps other squares and sorts by rank then file', () => {
        let blockers = cycleBlocker([], 'h2');
        blockers = cycleBlocker(blockers, 'a3');
        blockers = cycleBlocker(blockers, 'b2');
        expect(blockers.map((b) => b.square)).toEqual(['b2', 'h2', 'a3']);
        expect(cycleBlocker(blockers, 'h2').find((b) => b.square === 'h2')?.side).toBe('enemy');
    });

    it('does not change the list it is given', () => {
        const before = [{ square: 'e5', side: 'friend' as const }];
        cycleBlocker(before, 'e5');
        expect(before).toEqual([{ square: 'e5', side: 'friend' }]);
    });

    it('drops blockers off a smaller board and on the piece itself', () => {
        const blockers = [{ square: 'a1', side: 'friend' as const }, { square: 'j10', side: 'enemy' as const }, { square: 'd4', side: 'enemy' as const }];
        expect(keepBlockers(blockers, { files: 8, ranks: 8 }, 'd4')).toEqual([{ square: 'a1', side: 'friend' }]);
    });

    it('clamps board settings to 1..32 and falls back on nonsense', () => {
        expect(clampBoard(10, 12)).toEqual({ files: 10, ranks: 12 });
        expect(clampBoard(0, 99)).toEqual({ files: 1, ranks: 32 });
        expect(clampBoard('8', 7.5)).toEqual({ files: 8, ranks: 8 });
    });
});
