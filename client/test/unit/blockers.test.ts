import { describe, expect, it } from 'vitest';
import { cycleBlocker, isCellName, keepBlockers, nameBlocker, nextSide } from '../../src/diagram/blockers.js';

describe('cell names from the webview', () => {
    it('accepts any short name of letters then a number: squares, Glinski cells, large boards (whether it exists is the server\'s answer)', () => {
        for (const name of ['a1', 'f5', 'f6', 'l1', 'aa12', 'bl64', 'A1']) expect(isCellName(name), name).toBe(true);
    });

    it('refuses what cannot be a cell name of any board (the server decides whether the cell exists)', () => {
        for (const bad of ['', 'x', '5', '5f', 'f5 ', '<f5>', 'f5"', 'a-1', 'é1', 'x'.repeat(16) + '1']) expect(isCellName(bad), bad).toBe(false);
        expect(isCellName(42)).toBe(false);
        expect(isCellName({ toString: () => 'a1' })).toBe(false);
    });
});

describe('blockers', () => {
    it('cycles a cell through friend, enemy and empty', () => {
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

    it('keeps the order of placing (the client does not read names to sort them); a cycled blocker keeps its place and name', () => {
        let blockers = cycleBlocker([], 'h2');
        blockers = cycleBlocker(blockers, 'a3');
        blockers = cycleBlocker(blockers, 'b2');
        expect(blockers.map((b) => b.square)).toEqual(['h2', 'a3', 'b2']);
        blockers = nameBlocker(blockers, 'h2', 'cannon');
        expect(cycleBlocker(blockers, 'h2')).toEqual([{ square: 'h2', side: 'enemy', piece: 'cannon' }, { square: 'a3', side: 'friend' }, { square: 'b2', side: 'friend' }]);
        expect(cycleBlocker(cycleBlocker(blockers, 'h2'), 'h2').map((b) => b.square)).toEqual(['a3', 'b2']);
    });

    it('does not change the list it is given', () => {
        const before = [{ square: 'e5', side: 'friend' as const }];
        cycleBlocker(before, 'e5');
        cycleBlocker(before, 'a1');
        expect(before).toEqual([{ square: 'e5', side: 'friend' }]);
    });

    it('keeps the blockers the server placed, in the user\'s order with their names, never the piece\'s cell', () => {
        const blockers = [{ square: 'a1', side: 'friend' as const, piece: 'pawn' }, { square: 'j10', side: 'enemy' as const }, { square: 'd4', side: 'enemy' as const }];
        // The server placed a1 and d4 (j10 is off its board); the piece stands on d4.
        const placed = [{ square: 'd4', side: 'enemy' as const }, { square: 'a1', side: 'friend' as const }];
        expect(keepBlockers(blockers, placed, 'd4')).toEqual([{ square: 'a1', side: 'friend', piece: 'pawn' }]);
        // An older server does not say: only the piece's cell is dropped.
        expect(keepBlockers(blockers, undefined, 'd4').map((b) => b.square)).toEqual(['a1', 'j10']);
    });
});
