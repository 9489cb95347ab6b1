/** Text diagrams, asserted against diagrams written by hand in the spec's convention. */
import { describe, expect, test } from 'vitest';
import { renderTextDiagram, textLegend } from '../../src/diagram/index.js';
import { dest, KNIGHT, leaper, queenLines, setup } from './helpers.js';

const lines = (...rows: string[]) => rows.join('\n');

describe('renderTextDiagram', () => {
    test('a knight in the centre of 7x7', () => {
        const s = setup(7, 7, 'd4');
        expect(renderTextDiagram(s, leaper('d4', KNIGHT, 7, 7), { minSide: 7 })).toBe(lines(
            '. . . . . . .',
            '. . X . X . .',
            '. X . . . X .',
            '. . . ! . . .',
            '. X . . . X .',
            '. . X . X . .',
            '. . . . . . .',
            '! the piece, X move or capture, . empty'
        ));
    });

    test('the default window is the 5x5 square that holds every knight move', () => {
        expect(renderTextDiagram(setup(15, 15, 'h8'), leaper('h8', KNIGHT, 15, 15), { legend: false })).toBe(lines(
            '. X . X .',
            'X . . . X',
            '. . ! . .',
            'X . . . X',
            '. X . X .'
        ));
    });

    test("the spec's Chinese horse diagram, with its two blockers", () => {
        // Blocked at e4, so f5 and f3 are missing; c3 is diagonal and blocks nothing.
        const s = setup(7, 7, 'd4', ['e4', 'c3']);
        const moves = ['c6', 'e6', 'b5', 'b3', 'c2', 'e2'].map((n) => dest(n, 'move', 'capture'));
        expect(renderTextDiagram(s, moves, { minSide: 7, legend: false })).toBe(lines(
            '. . . . . . .',
            '. . X . X . .',
            '. X . . . . .',
            '. . . ! : . .',
            '. X : . . . .',
            '. . X . X . .',
            '. . . . . . .'
        ));
        expect(renderTextDiagram(s, moves, { minSide: 7 }).split('\n').at(-1)).toBe(
            '! the piece, X move or capture, : friendly piece, . empty'
        );
    });

    test('a pawn on e2: move-only and capture-only squares, labels, window shifted onto the board', () => {
        const s = setup(8, 8, 'e2');
        const moves = [dest('e3', 'move'), dest('e4', 'move'), dest('d3', 'capture'), dest('f3', 'capture')];
        expect(renderTextDiagram(s, moves, { labels: true })).toBe(lines(
            '5 . . . . .',
            '4 . . o . .',
            '3 . x o x .',
            '2 . . ! . .',
            '1 . . . . .',
            '  c d e f g',
            '! the piece, o move only, x capture only, . empty'
        ));
    });

    test('a cannon with a screen: enemies it captures and enemies it cannot', () => {
        // d6 screens d7 (captured by the hop); b4 has no screen before it, a4 is reached by hopping it.
        const s = setup(7, 7, 'd4', ['d6'], ['d7', 'b4']);
        const moves = [
            ...['d5', 'e4', 'f4', 'g4', 'c4', 'd3', 'd2', 'd1'].map((n) => dest(n, 'move')),
            dest('d7', 'capture'), dest('a4', 'capture')
        ];
        expect(renderTextDiagram(s, moves, { minSide: 7 })).toBe(lines(
            '. . . @ . . .',
            '. . . : . . .',
            '. . . o . . .',
            'x # o ! o o o',
            '. . . o . . .',
            '. . . o . . .',
            '. . . o . . .',
            '! the piece, o move only, x capture only, @ enemy it captures, : friendly piece, # enemy piece, . empty'
        ));
    });

    test('igui squares: capture without moving, alone, with a move, on an enemy, and subsumed by a landing capture', () => {
        const s = setup(5, 5, 'c3', [], ['e3']);
        const moves = [
            dest('c5', 'igui'),           // * capture without moving
            dest('b4', 'move', 'igui'),   // + move, or capture without moving
            dest('e3', 'igui'),           // @ the enemy standing there is taken
            dest('a1', 'capture', 'igui'), // x landing capture wins
            dest('e1', 'move', 'capture', 'igui') // X
        ];
        expect(renderTextDiagram(s, moves)).toBe(lines(
            '. . * . .',
            '. + . . .',
            '. . ! . @',
            '. . . . .',
            'x . . . X',
            '! the piece, X move or capture, x capture only, * capture without moving, ' +
                '+ move, or capture without moving, @ enemy it captures, . empty'
        ));
    });

    test('duplicate destinations for one square merge their flags', () => {
        const s = setup(5, 5, 'c3');
        const text = renderTextDiagram(s, [dest('c4', 'move'), dest('c4', 'capture')], { legend: false });
        expect(text.split('\n')[1]).toBe('. . X . .');
    });

    test('a friend or the piece itself is never drawn as a destination', () => {
        const s = setup(5, 5, 'c3', ['c4']);
        const text = renderTextDiagram(s, [dest('c4', 'move', 'capture'), dest('c3', 'move')], { legend: false });
        expect(text.split('\n').slice(1, 3)).toEqual(['. . : . .', '. . ! . .']);
    });

    test('an explicit window says how many destinations it leaves out', () => {
        const s = setup(15, 15, 'h8');
        const text = renderTextDiagram(s, queenLines('h8', 15, 15), { window: { files: [6, 8], ranks: [6, 8] } });
        expect(text).toBe(lines(
            'X X X',
            'X ! X',
            'X X X',
            '(48 more destinations outside this window)',
            '! the piece, X move or capture'
        ));
    });

    test('a rider in the centre of 15x15 shows the whole board', () => {
        const text = renderTextDiagram(setup(15, 15, 'h8'), queenLines('h8', 15, 15), { legend: false, labels: true });
        const rows = text.split('\n');
        expect(rows).toHaveLength(16);
        expect(rows[0]).toBe('15 X . . . . . . X . . . . . . X');
        expect(rows[7]).toBe(' 8 X X X X X X X ! X X X X X X X');
        expect(rows[15]).toBe('   a b c d e f g h i j k l m n o');
    });

    test('past the z-file, columns widen so the grid stays aligned', () => {
        const s = setup(28, 3, 'aa2');
        const text = renderTextDiagram(s, [dest('ab2', 'move'), dest('z3', 'capture')], {
            labels: true, legend: false, window: { files: [24, 27], ranks: [0, 2] }
        });
        expect(text).toBe(lines(
            '3 .  x  .  .',
            '2 .  .  !  o',
            '1 .  .  .  .',
            '  y  z  aa ab'
        ));
    });

    test('the legend lists only the symbols given, in a fixed order', () => {
        expect(textLegend(new Set(['enemy', 'move', 'piece']))).toBe('! the piece, o move only, # enemy piece');
        expect(textLegend(new Set())).toBe('');
    });
});
