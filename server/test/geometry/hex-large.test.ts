// Hexagons past side 13: files past z are named aa, ab... without j (as the square board goes on
// past z), up to side 31, whose every cell name is also a square of the largest rectangle. Names by hand.
import { describe, expect, test } from 'vitest';
import { boardGeometry, boardProblem, hexagonBoard, MAX_HEXAGON_SIDE, MAX_RECTANGLE_SIDE } from '../../src/geometry/index.js';
import { hexFileIndex, hexFileName, HexagonBoard } from '../../src/geometry/hex.js';
import { offeredBoards, parseBoardSpec, printBoardSpec } from '../../src/geometry/board-spec.js';
import { renderTextDiagram } from '../../src/diagram/text.js';
import { renderSvgDiagram } from '../../src/diagram/svg.js';
import { parseSquare } from '../../src/geometry/square.js';

describe('hexagon file names past z', () => {
    test('a..z without j (25), then aa, ab, ... az (no aj), ba', () => {
        expect(hexFileName(0)).toBe('a');
        expect(hexFileName(8)).toBe('i');
        expect(hexFileName(9)).toBe('k');
        expect(hexFileName(24)).toBe('z');
        expect(hexFileName(25)).toBe('aa');
        expect(hexFileName(26)).toBe('ab');
        expect(hexFileName(34)).toBe('ak');
        expect(hexFileName(49)).toBe('az');
        expect(hexFileName(50)).toBe('ba');
        expect(hexFileName(62)).toBe('bn');
    });

    test('hexFileIndex reads them back, and refuses a j anywhere', () => {
        for (let i = 0; i < 200; i++) expect(hexFileIndex(hexFileName(i))).toBe(i);
        expect(hexFileIndex('j')).toBeUndefined();
        expect(hexFileIndex('aj')).toBeUndefined();
        expect(hexFileIndex('ja')).toBeUndefined();
        expect(hexFileIndex('')).toBeUndefined();
    });

    test('side 14: 27 files a..z, aa, ab; Glinski\'s ranks; the centre is o14', () => {
        const g = new HexagonBoard(14, 'files');
        expect(g.cells.length).toBe(3 * 14 * 13 + 1);
        expect(g.name(g.centre)).toBe('o14');
        // The last file (q = 26) is ab: axial ranks 0..13, numbered 1..14 from its lowest cell; aa (q = 25) has 15.
        expect(g.name({ file: 26, rank: 0 })).toBe('ab1');
        expect(g.name({ file: 26, rank: 13 })).toBe('ab14');
        expect(g.name({ file: 25, rank: 0 })).toBe('aa1');
        expect(g.name({ file: 25, rank: 14 })).toBe('aa15');
        expect(g.name({ file: 0, rank: 13 })).toBe('a1');
        expect(g.parse('AB1')).toEqual({ file: 26, rank: 0 });
        expect(g.parse('ac1')).toBeUndefined();
        expect(g.parse('ab15')).toBeUndefined();
        expect(g.parse('aj1')).toBeUndefined();
    });

    test('names round trip and are distinct on every side up to the largest, in both orientations', () => {
        for (const side of [13, 14, 20, MAX_HEXAGON_SIDE]) {
            for (const orientation of ['files', 'rows'] as const) {
                const g = boardGeometry(hexagonBoard(side, orientation));
                const names = g.cells.map((c) => g.name(c));
                expect(new Set(names).size).toBe(names.length);
                for (const c of g.cells) expect(g.parse(g.name(c))).toEqual(c);
            }
        }
    });

    test('rows orientation past z: the middle row of side 14 has 27 cells, a1.. to ab14', () => {
        const g = new HexagonBoard(14, 'rows');
        const middle = g.cells.filter((c) => c.rank === 13).map((c) => g.name(c));
        expect(middle.length).toBe(27);
        expect(middle[0]).toBe('a14');
        expect(middle[26]).toBe('ab14');
    });
});

describe('the largest hexagon', () => {
    test('side 31 is a board; 32 is refused with the largest side said', () => {
        expect(MAX_HEXAGON_SIDE).toBe(31);
        expect(boardProblem(hexagonBoard(31))).toBeUndefined();
        expect(parseBoardSpec('hex31-rows').board).toEqual(hexagonBoard(31, 'rows'));
        expect(parseBoardSpec('hex32').error).toBe("a hexagon's side must be a whole number from 1 to 31, not 32");
        expect(printBoardSpec(hexagonBoard(20))).toBe('hex20');
    });

    test('every cell name of the largest hexagon is also a square of the largest rectangle (a zone\'s names are checked against it first)', () => {
        expect(2 * MAX_HEXAGON_SIDE - 1).toBeLessThanOrEqual(MAX_RECTANGLE_SIDE);
        for (const orientation of ['files', 'rows'] as const) {
            const g = boardGeometry(hexagonBoard(MAX_HEXAGON_SIDE, orientation));
            for (const cell of g.cells) {
                const square = parseSquare(g.name(cell))!;
                expect(square.file).toBeLessThan(MAX_RECTANGLE_SIDE);
                expect(square.rank).toBeLessThan(MAX_RECTANGLE_SIDE);
            }
        }
        // One side more would name its last file bn, the 66th square file.
        expect(hexFileName(2 * (MAX_HEXAGON_SIDE + 1) - 2)).toBe('bn');
        expect(parseSquare('bn1')!.file).toBeGreaterThanOrEqual(MAX_RECTANGLE_SIDE);
    });

    test('the chooser offers every side from 2 to 31 in both orientations, and each reads back', () => {
        const specs = offeredBoards().map(printBoardSpec);
        for (let side = 2; side <= MAX_HEXAGON_SIDE; side++) {
            expect(specs).toContain(`hex${side}`);
            expect(specs).toContain(`hex${side}-rows`);
        }
        expect(specs).not.toContain('hex32');
        for (const spec of specs) expect(parseBoardSpec(spec).error).toBeUndefined();
    });

    test('a text diagram of side 14 labels the files past z under their columns', () => {
        const board = hexagonBoard(14);
        const g = boardGeometry(board);
        const at = g.parse('ab1')!;
        const text = renderTextDiagram({ board, at, friends: [], enemies: [] }, [], { labels: true });
        const labels = text.split('\n').find((l) => /^\s*a\s+b\s/.test(l))!;
        expect(labels.trim().split(/\s+/)).toEqual([...'abcdefghiklmnopqrstuvwxyz'.split(''), 'aa', 'ab']);
        // Each label under its column: ab's first letter where the last file's cells are drawn.
        const rows = text.split('\n').filter((l) => l.includes('!') && !l.includes('the piece'));
        expect(rows.length).toBe(1);
        expect(labels.indexOf('ab')).toBe(rows[0].indexOf('!'));
    });

    test('an SVG diagram of side 14: every cell a click target named past z, and the files labelled aa and ab', () => {
        const board = hexagonBoard(14);
        const g = boardGeometry(board);
        const svg = renderSvgDiagram({ board, at: g.parse('aa1')!, friends: [], enemies: [] }, [], { labels: true, interactive: true });
        const names = [...svg.matchAll(/data-square="([^"]*)"/g)].map((m) => m[1]);
        expect(names).toHaveLength(3 * 14 * 13 + 1);
        expect(new Set(names)).toEqual(new Set(g.cells.map((c) => g.name(c))));
        expect(names.some((n) => /j/.test(n))).toBe(false);
        const labels = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
        expect(labels).toEqual(expect.arrayContaining(['a', 'z', 'aa', 'ab']));
    });
});
