/**
 * Capturing on the way in the diagrams (issue 10): the enemy taken on the way is marked as
 * captured, a line under the text diagram pairs it with the landing square, and the SVG draws a
 * dashed line from it to the landing square.
 */
import { describe, expect, test } from 'vitest';
import { destinations } from '../../src/engine/report.js';
import { renderTextDiagram } from '../../src/diagram/text.js';
import { renderSvgDiagram } from '../../src/diagram/svg.js';
import { destinationFacts } from '../../src/diagram/facts.js';
import { apply, blocked, ref, STANDARD } from '../engine/helpers.js';

const CHECKER = blocked(apply('capture', ref('ferz')), apply('move', ref('ferz')));
/** 5x5 board, the checker on c3, an enemy on d4 (and one on b4 for the second test). */
const setUp = (enemies: [number, number][]) => ({
    board: { files: 5, ranks: 5 }, at: { file: 2, rank: 2 }, friends: [], enemies: enemies.map(([file, rank]) => ({ file, rank }))
});

describe('diagrams of capturing on the way', () => {
    test('text: the captured enemy is @, the landing o, and a line pairs them', () => {
        const setup = setUp([[3, 3]]);
        const { destinations: found } = destinations(CHECKER, setup, STANDARD);
        expect(renderTextDiagram(setup, found)).toBe([
            '. . . . o',
            '. . . @ .',
            '. . ! . .',
            '. . . . .',
            '. . . . .',
            '! the piece, o move only, @ enemy it captures, . empty',
            'captures on the way: d4, lands on e5'
        ].join('\n'));
    });

    test('two jumps: both pairs are listed, each with its own line in the SVG', () => {
        const setup = setUp([[3, 3], [1, 3]]);
        const { destinations: found } = destinations(CHECKER, setup, STANDARD);
        expect(destinationFacts(found)).toEqual(['captures on the way: b4, lands on a5; d4, lands on e5']);
        const svg = renderSvgDiagram(setup, found);
        expect(svg.match(/<line /g)).toHaveLength(2);
        expect(svg).toContain('stroke="#d55e00"');
    });

    test('no enemy to capture: no line, no fact', () => {
        const setup = setUp([]);
        const { destinations: found } = destinations(CHECKER, setup, STANDARD);
        expect(destinationFacts(found)).toEqual([]);
        expect(renderSvgDiagram(setup, found)).not.toContain('<line ');
    });
});

describe('the scenario picker places enemies for a piece that captures on the way', () => {
    test('the checker jump (8x8, e5): enemies added one by one where each adds a capture on the way', async () => {
        const { scenarios } = await import('../../src/views/scenarios.js');
        const list = scenarios(CHECKER, STANDARD, { files: 8, ranks: 8 });
        // A friendly blocker changes nothing (no moves without an enemy), so no blocker diagram.
        expect(list.map((s) => s.title)).toEqual(['on an empty board', 'with enemies on d6, f6, d4']);
        const last = list[list.length - 1];
        expect(last.result.destinations.flatMap((d) => d.locusts ?? []).length).toBe(3);
    });

    test('a piece that never captures on the way gets no such diagram', async () => {
        const { scenarios } = await import('../../src/views/scenarios.js');
        expect(scenarios(ref('knight'), STANDARD, { files: 8, ranks: 8 }).map((s) => s.title)).toEqual(['on an empty board']);
    });
});
