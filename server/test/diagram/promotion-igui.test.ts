/**
 * Promotion on the destinations, and igui made after moving first, in the text and SVG
 * diagrams (issue 8 §3); the hover's compact layout (key beside the board). Hand-built
 * destinations, no engine.
 */
import { describe, expect, test } from 'vitest';
import type { Destination } from '../../src/engine/board.js';
import { destinationFacts, diagramCells, renderSvgDiagram, renderTextDiagram, svgLayout } from '../../src/diagram/index.js';
import { dest, setup, sq } from './helpers.js';

const lines = (...rows: string[]) => rows.join('\n');
const promoting = (d: Destination, ...choices: string[]): Destination => ({ ...d, promotions: choices });
const from = (d: Destination, ...squares: string[]): Destination => ({ ...d, iguiFrom: squares.map(sq) });

describe('promotion', () => {
    // A pawn on e7 of an 8x8 board: e8 by moving, d8 and f8 by capturing, each promoting.
    const pawn = [
        promoting(dest('d8', 'capture'), 'queen', 'knight'),
        promoting(dest('e8', 'move'), 'queen', 'knight'),
        promoting(dest('f8', 'capture'), 'queen', 'knight')
    ];

    test('the text diagram names the squares and the choices under its legend', () => {
        expect(renderTextDiagram(setup(8, 8, 'e7'), pawn, { labels: true })).toBe(lines(
            '8 . x o x .',
            '7 . . ! . .',
            '6 . . . . .',
            '5 . . . . .',
            '4 . . . . .',
            '  c d e f g',
            '! the piece, o move only, x capture only, . empty',
            'promotes on d8, e8, f8 to queen, knight'
        ));
    });

    test('different choices on different squares are listed apart; facts can be left out', () => {
        const mixed = [promoting(dest('e8', 'move'), 'queen'), promoting(dest('d8', 'capture'), 'rook')];
        expect(destinationFacts(mixed)).toEqual(['promotes on e8 to queen', 'promotes on d8 to rook']);
        expect(renderTextDiagram(setup(8, 8, 'e7'), mixed, { facts: false })).not.toContain('promotes');
    });

    test('the image marks each promoting square with a crown and keys it', () => {
        const cells = diagramCells(setup(8, 8, 'e7'), pawn, { files: [2, 6], ranks: [3, 7] }).flat();
        expect(cells.filter((c) => c.promotions.length > 0).map((c) => c.square)).toEqual([sq('d8'), sq('e8'), sq('f8')]);
        const svg = renderSvgDiagram(setup(8, 8, 'e7'), pawn);
        expect(svg).toContain('>promotes (queen, knight)</text>');
        // One crown path on the board (three subpaths) and one in the key.
        const crowns = [...svg.matchAll(/<path fill="#f0e442" stroke="#222222"[^>]* d="([^"]*)"/g)].map((m) => m[1].split('M').length - 1);
        expect(crowns).toEqual([3, 1]);
        expect(renderSvgDiagram(setup(8, 8, 'e7'), [dest('e8', 'move')])).not.toContain('promotes');
    });

    test('an igui capture does not promote (the piece does not arrive there)', () => {
        const cells = diagramCells(setup(8, 8, 'e7'), [promoting(dest('e8', 'igui'), 'queen')], { files: [2, 6], ranks: [3, 7] }).flat();
        expect(cells.every((c) => c.promotions.length === 0)).toBe(true);
    });
});

describe('igui after moving first', () => {
    // A piece on c3 moves to a2 or e2, and from there removes a piece on a3 or e3 without moving.
    const shots = [dest('a2', 'move'), dest('e2', 'move'), from(dest('a3', 'igui'), 'a2'), from(dest('e3', 'igui'), 'e2')];

    test('its own symbol, and where each capture is made from', () => {
        expect(renderTextDiagram(setup(5, 5, 'c3'), shots, { labels: true })).toBe(lines(
            '5 . . . . .',
            '4 . . . . .',
            '3 ~ . ! . ~',
            '2 o . . . o',
            '1 . . . . .',
            '  a b c d e',
            '! the piece, o move only, ~ capture without moving, after moving first, . empty',
            'captures without moving, after moving first: a3 from a2; e3 from e2'
        ));
    });

    test('a square also taken from the start keeps the plain igui star', () => {
        const mixed = [from(dest('c4', 'igui'), 'b3', 'c3')];
        expect(renderTextDiagram(setup(5, 5, 'c3'), mixed, { legend: false, facts: false }).split('\n')[1]).toBe('. . * . .');
    });

    test('the image draws a hollow star and keys it', () => {
        const svg = renderSvgDiagram(setup(5, 5, 'c3'), shots);
        expect(svg).toContain('fill="#ffffff" stroke="#cc79a7"');
        expect(svg).toContain('>capture without moving, after moving first</text>');
    });

    test('long lists are cut with a count', () => {
        const many = Array.from({ length: 10 }, (_, i) => from(dest(`${'abcdefghij'[i]}9`, 'igui'), `${'abcdefghij'[i]}8`));
        expect(destinationFacts(many)).toEqual(['captures without moving, after moving first: a9 from a8; b9 from b8; c9 from c8; d9 from d8; e9 from e8; f9 from f8; g9 from g8; h9 from h8 and 2 more']);
    });
});

describe('the key beside the board (hovers)', () => {
    test('the image is no taller than the board and its labels; the board does not move', () => {
        const s = setup(9, 9, 'e5');
        const dests = [dest('e6', 'move'), dest('d6', 'capture'), dest('f6', 'capture'), dest('e7', 'igui')];
        const below = svgLayout(s, dests, { labels: true, cellSize: 18 });
        const right = svgLayout(s, dests, { labels: true, cellSize: 18, legendPosition: 'right' });
        expect(right.boardX).toBe(below.boardX);
        expect(right.boardY).toBe(below.boardY);
        expect(right.height).toBeLessThan(below.height);
        expect(right.height).toBeLessThanOrEqual(right.boardY + 5 * 18 + 20);
        expect(right.width).toBeGreaterThan(below.boardX + 5 * 18 + 100);
    });
});
