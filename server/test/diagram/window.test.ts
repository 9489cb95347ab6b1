/** Choosing the board window, and the click-to-cycle set-up helper for interactive diagrams. */
import { describe, expect, test } from 'vitest';
import { cycleOccupant, diagramWindow } from '../../src/diagram/index.js';
import { dest, KNIGHT, leaper, queenLines, setup, sq } from './helpers.js';

describe('diagramWindow', () => {
    test('a knight in the centre of 15x15 needs only 5x5', () => {
        expect(diagramWindow(setup(15, 15, 'h8'), leaper('h8', KNIGHT, 15, 15))).toEqual({ files: [5, 9], ranks: [5, 9] });
    });

    test('a lone wazir still gets the minimum side; a larger minimum is honoured', () => {
        const wazir = leaper('h8', [[0, 1], [1, 0], [0, -1], [-1, 0]], 15, 15);
        expect(diagramWindow(setup(15, 15, 'h8'), wazir)).toEqual({ files: [5, 9], ranks: [5, 9] });
        expect(diagramWindow(setup(15, 15, 'h8'), wazir, 7)).toEqual({ files: [4, 10], ranks: [4, 10] });
    });

    test('an even minimum side gives that many squares, the piece just left of and below the middle', () => {
        expect(diagramWindow(setup(15, 15, 'h8'), [], 6)).toEqual({ files: [5, 10], ranks: [5, 10] });
    });

    test('a rider in the centre reaches the edges: the whole board', () => {
        expect(diagramWindow(setup(15, 15, 'h8'), queenLines('h8', 15, 15))).toEqual({ files: [0, 14], ranks: [0, 14] });
    });

    test('a rider in a corner: the board, not a square twice its size', () => {
        expect(diagramWindow(setup(8, 8, 'a1'), queenLines('a1', 8, 8))).toEqual({ files: [0, 7], ranks: [0, 7] });
    });

    test('near an edge the square is shifted onto the board, not cut', () => {
        const pawn = [dest('e3', 'move'), dest('e4', 'move'), dest('d3', 'capture'), dest('f3', 'capture')];
        expect(diagramWindow(setup(8, 8, 'e2'), pawn)).toEqual({ files: [2, 6], ranks: [0, 4] });
    });

    test('a board narrower than the minimum is shown whole', () => {
        expect(diagramWindow(setup(3, 12, 'b6'), [])).toEqual({ files: [0, 2], ranks: [3, 7] });
    });

    test('blockers widen the window so they are shown, squares off the board do not', () => {
        const s = setup(15, 15, 'h8', ['h11'], ['e8']);
        expect(diagramWindow(s, [])).toEqual({ files: [4, 10], ranks: [4, 10] });
        const off = { ...setup(15, 15, 'h8'), enemies: [{ file: 40, rank: 7 }] };
        expect(diagramWindow(off, [])).toEqual({ files: [5, 9], ranks: [5, 9] });
    });
});

describe('cycleOccupant', () => {
    test('a click cycles empty -> friend -> enemy -> empty', () => {
        const empty = setup(7, 7, 'd4');
        const friend = cycleOccupant(empty, sq('d5'));
        expect(friend.friends).toEqual([sq('d5')]);
        expect(friend.enemies).toEqual([]);
        const enemy = cycleOccupant(friend, sq('d5'));
        expect(enemy.friends).toEqual([]);
        expect(enemy.enemies).toEqual([sq('d5')]);
        const again = cycleOccupant(enemy, sq('d5'));
        expect(again.friends).toEqual([]);
        expect(again.enemies).toEqual([]);
    });

    test('keeps other pieces and never changes its input', () => {
        const before = setup(7, 7, 'd4', ['a1'], ['g7']);
        const snapshot = structuredClone(before);
        const after = cycleOccupant(before, sq('c3'));
        expect(before).toEqual(snapshot);
        expect(after.friends).toEqual([sq('a1'), sq('c3')]);
        expect(after.enemies).toEqual([sq('g7')]);
    });

    test("the piece's own square and squares off the board are left alone", () => {
        const s = setup(7, 7, 'd4');
        expect(cycleOccupant(s, sq('d4'))).toBe(s);
        expect(cycleOccupant(s, sq('h1'))).toBe(s);
    });
});
