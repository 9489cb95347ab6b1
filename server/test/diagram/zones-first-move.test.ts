/**
 * Zones (the palace, a side of the river) and first-move-only destinations in the text and SVG
 * diagrams (issue 10). Hand-built destinations and zones, no engine.
 */
import { describe, expect, test } from 'vitest';
import type { Destination } from '../../src/engine/board.js';
import { destinationFacts, diagramCells, renderSvgDiagram, renderTextDiagram } from '../../src/diagram/index.js';
import { compactSquares, zoneEdges, zoneFacts, type DiagramZone } from '../../src/diagram/zones.js';
import { dest, setup, sq } from './helpers.js';
import type { Square } from '../../src/geometry/index.js';

const lines = (...rows: string[]) => rows.join('\n');
const rect = (a: string, b: string): Square[] => {
    const [from, to] = [sq(a), sq(b)];
    const out: Square[] = [];
    for (let rank = from.rank; rank <= to.rank; rank++) for (let file = from.file; file <= to.file; file++) out.push({ file, rank });
    return out;
};
const firstOnly = (d: Destination): Destination => ({ ...d, firstMoveOnly: true });
const PALACE: DiagramZone = { name: 'palace', squares: rect('d1', 'f3'), relevant: true };
const OWN_SIDE: DiagramZone = { name: 'own-side', squares: rect('a1', 'i5') };
// The xiangqi general on e2: one step orthogonally, inside the palace.
const GENERAL = [dest('e1', 'move', 'capture'), dest('d2', 'move', 'capture'), dest('f2', 'move', 'capture'), dest('e3', 'move', 'capture')];

describe('zones in words', () => {
    test('squares are said as few rectangles, in reading order from a1', () => {
        expect(compactSquares(rect('d1', 'f3'))).toEqual(['d1-f3']);
        expect(compactSquares(rect('a1', 'i5'))).toEqual(['a1-i5']);
        expect(compactSquares([...rect('a1', 'c2'), sq('e5'), ...rect('a3', 'a4')])).toEqual(['a1-c2', 'a3-a4', 'e5']);
        expect(compactSquares([sq('e5'), sq('e5')])).toEqual(['e5']);
    });

    test('a line per zone, the ones the piece depends on first; an empty zone says so', () => {
        expect(zoneFacts([OWN_SIDE, PALACE, { name: 'nowhere', squares: [] }])).toEqual([
            'zone palace: d1-f3', 'zone own-side: a1-i5', 'zone nowhere: no squares on this board'
        ]);
    });

    test('the outline runs where the zone ends, not where the window cuts it', () => {
        // The palace whole in a window: 3 x 4 unit edges.
        expect(zoneEdges(PALACE, { files: [2, 6], ranks: [0, 4] })).toHaveLength(12);
        // Ranks 1-3 of a side that goes on to rank 5: only the board edge, left and right (no top).
        const cut = zoneEdges(OWN_SIDE, { files: [0, 8], ranks: [0, 2] });
        expect(cut.filter((e) => e.horizontal && e.y === 3)).toEqual([]);
        expect(cut.filter((e) => e.horizontal && e.y === 0)).toHaveLength(9);
        expect(cut.filter((e) => !e.horizontal)).toHaveLength(6);
    });
});

describe('zones on the text diagram', () => {
    test('the empty squares of the zone the piece depends on are marked, and each zone is named with its squares', () => {
        expect(renderTextDiagram(setup(9, 10, 'e2'), GENERAL, { labels: true, zones: [OWN_SIDE, PALACE] })).toBe(lines(
            '5 . . . . .',
            '4 . . . . .',
            '3 . - X - .',
            '2 . X ! X .',
            '1 . - X - .',
            '  c d e f g',
            '! the piece, X move or capture, - empty square of zone palace, . empty',
            'zone palace: d1-f3',
            'zone own-side: a1-i5'
        ));
    });

    test('a zone the piece does not depend on is named but not marked; facts: false drops the lines', () => {
        const text = renderTextDiagram(setup(9, 10, 'e5'), [dest('e6', 'move', 'capture')], { zones: [OWN_SIDE] });
        expect(text.split('\n').slice(0, 5).join('')).not.toContain('-');
        expect(text.split('\n').slice(-1)).toEqual(['zone own-side: a1-i5']);
        expect(renderTextDiagram(setup(9, 10, 'e5'), [], { zones: [OWN_SIDE], facts: false })).not.toContain('zone');
    });
});

describe('zones on the image', () => {
    const svg = renderSvgDiagram(setup(9, 10, 'e2'), GENERAL, { zones: [OWN_SIDE, PALACE] });

    test('a zone the piece depends on is tinted and outlined; another is outlined only; the key names both', () => {
        // Tints: only the palace's (sky blue), 9 squares in one path.
        const tints = [...svg.matchAll(/<path fill="(#[0-9a-f]{6})" fill-opacity="0.3" d="([^"]*)"/g)];
        expect(tints.map((m) => [m[1], m[2].split('M').length - 1])).toEqual([['#56b4e9', 9]]);
        // Outlines: the palace solid in sky blue, the side dashed in orange.
        expect(svg).toMatch(/<path fill="none" stroke="#56b4e9" stroke-width="[\d.]+" stroke-linecap="square" d="/);
        expect(svg).toMatch(/<path fill="none" stroke="#e69f00" stroke-width="[\d.]+" stroke-linecap="square" stroke-dasharray="[\d. ]+" d="/);
        expect(svg).toContain('>zone palace</text>');
        expect(svg).toContain('>zone own-side</text>');
        expect(svg.indexOf('>zone palace</text>')).toBeLessThan(svg.indexOf('>zone own-side</text>'));
    });

    test('without zones nothing is tinted or keyed', () => {
        const plain = renderSvgDiagram(setup(9, 10, 'e2'), GENERAL);
        expect(plain).not.toContain('fill-opacity="0.3"');
        expect(plain).not.toContain('>zone');
    });
});

describe('first-move-only destinations', () => {
    // A pawn on e2 that has not moved: e3 always, e4 only on its first move; d3 and f3 captures.
    const pawn = [dest('d3', 'capture'), dest('e3', 'move'), firstOnly(dest('e4', 'move')), dest('f3', 'capture')];

    test('the text diagram marks them i, keys the mark and says what the piece does there', () => {
        expect(renderTextDiagram(setup(8, 8, 'e2'), pawn, { labels: true })).toBe(lines(
            '5 . . . . .',
            '4 . . i . .',
            '3 . x o x .',
            '2 . . ! . .',
            '1 . . . . .',
            '  c d e f g',
            '! the piece, o move only, x capture only, i only on its first move, . empty',
            'only on its first move: e4 (move only)'
        ));
    });

    test('a square also reached after moving is not first-move-only', () => {
        const both = [firstOnly(dest('e4', 'move')), dest('e4', 'move')];
        expect(diagramCells(setup(8, 8, 'e2'), both, { files: [4, 4], ranks: [3, 3] })[0][0].firstMoveOnly).toBe(false);
        expect(destinationFacts(both)).toEqual([]);
    });

    test('the facts group squares by what the piece does there', () => {
        const mixed = [firstOnly(dest('e4', 'move')), firstOnly(dest('c4', 'capture')), firstOnly(dest('g4', 'capture'))];
        expect(destinationFacts(mixed)).toEqual(['only on its first move: e4 (move only); c4, g4 (capture only)']);
    });

    test('the image adds a green pennant to the square and a key line', () => {
        const svg = renderSvgDiagram(setup(8, 8, 'e2'), pawn);
        const pennants = [...svg.matchAll(/<path fill="#009e73" stroke="#222222"[^>]* d="([^"]*)"/g)].map((m) => m[1].split('M').length - 1);
        // One on the board (e4), one in the key.
        expect(pennants).toEqual([1, 1]);
        expect(svg).toContain('>only on its first move</text>');
        expect(renderSvgDiagram(setup(8, 8, 'e2'), [dest('e3', 'move')])).not.toContain('first move');
    });

    test('the pennant reads at the sizes hovers and the panel use: half the square high, under the move ring', () => {
        for (const cellSize of [24, 32]) {
            const svg = renderSvgDiagram(setup(8, 8, 'e2'), pawn, { cellSize, window: { files: [4, 4], ranks: [1, 3] } });
            // The board's pennant: `M x y v h l w -h/2 z`, its height h.
            const d = /<path fill="#009e73" stroke="#222222"[^>]* d="M[^v]*v([\d.]+)l/.exec(svg)!;
            expect(Number(d[1])).toBeGreaterThanOrEqual(cellSize / 2);
            // Painted before the rings (a ring keeps its shape on top of it).
            expect(svg.indexOf('fill="#009e73"')).toBeLessThan(svg.indexOf(`stroke="#0072b2" stroke-width="${cellSize / 2}"`));
        }
    });

    test('promotion keeps its crown next to the first-move pennant', () => {
        const svg = renderSvgDiagram(setup(8, 8, 'e6'), [{ ...firstOnly(dest('e8', 'move')), promotions: ['queen'] }]);
        expect(svg).toContain('>promotes (queen)</text>');
        expect(svg).toContain('>only on its first move</text>');
    });
});
