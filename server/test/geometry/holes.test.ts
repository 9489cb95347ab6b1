// A hole is said to be a hole (notACell, isHole), and a lone piece is never put on one (the
// centre of a board whose middle square is a hole is the nearest cell). Expected cells by hand.
import { describe, expect, test } from 'vitest';
import { type Board, boardGeometry, isHole, notACell } from '../../src/geometry/index.js';
import { parseBoardSpec } from '../../src/geometry/board-spec.js';
import { scenarios } from '../../src/views/scenarios.js';
import { parsePieceText } from '../parse-text.js';

const board = (spec: string): Board => {
    const parsed = parseBoardSpec(spec);
    if (!parsed.board) throw new Error(parsed.error);
    return parsed.board;
};

describe('holes in words', () => {
    test('isHole: a declared hole only, not a cell, not a square off the board', () => {
        const b = board('8x8-holes:d4,e5');
        expect(isHole(b, { file: 3, rank: 3 })).toBe(true);
        expect(isHole(b, { file: 4, rank: 4 })).toBe(true);
        expect(isHole(b, { file: 4, rank: 3 })).toBe(false);
        expect(isHole(b, { file: 8, rank: 0 })).toBe(false);
        expect(isHole(b, { file: -1, rank: 0 })).toBe(false);
        expect(isHole(board('8x8'), { file: 3, rank: 3 })).toBe(false);
        expect(isHole(board('hex6'), { file: 0, rank: 0 })).toBe(false);
    });

    test('notACell says a hole is one, and anything else is not on the board, as before', () => {
        expect(notACell(board('8x8-holes:d4,e5'), 'd4')).toBe('d4 is a hole of the 8x8 board');
        expect(notACell(board('9x10-cylinder-holes:a1'), 'a1')).toBe('a1 is a hole of the 9x10 cylinder board');
        expect(notACell(board('8x8-holes:d4,e5'), 'i1')).toBe('i1 is not on the 8x8 board with 2 holes');
        expect(notACell(board('8x8'), 'j1')).toBe('j1 is not on the 8x8 board');
        expect(notACell(board('hex6'), 'j1')).toBe('j1 is not on the hexagon of side 6');
    });
});

describe('the centre is a cell', () => {
    test('a middle square that is a hole gives the nearest cell, the first in reading order on a tie', () => {
        // e5 is the middle of 8x8; d5, f5, e4 and e6 are one step away; e4 comes first (rank 4 before rank 5).
        expect(boardGeometry(board('8x8-holes:e5')).name(boardGeometry(board('8x8-holes:e5')).centre)).toBe('e4');
        // With e4 gone too, d5 (rank 5, file d) comes before f5 and e6.
        const g = boardGeometry(board('8x8-holes:e5,e4'));
        expect(g.name(g.centre)).toBe('d5');
        // The 3x3 ring: b2 is a hole; a1..c3 without it, the four edge-centres are nearest: b1 first.
        const ring = boardGeometry(board('3x3-holes:b2'));
        expect(ring.name(ring.centre)).toBe('b1');
        for (const spec of ['8x8-holes:e5', '8x8-holes:e5,e4', '3x3-holes:b2', '8x8-cylinder-holes:e5']) {
            const geometry = boardGeometry(board(spec));
            expect(geometry.contains(geometry.centre)).toBe(true);
        }
    });

    test('a board whose middle is a cell keeps it', () => {
        const g = boardGeometry(board('8x8-holes:a1'));
        expect(g.name(g.centre)).toBe('e5');
        expect(boardGeometry(board('9x10')).name(boardGeometry(board('9x10')).centre)).toBe('e6');
    });

    test('the diagrams put a lone piece on the nearest cell, never on the hole', () => {
        const [piece] = parsePieceText('(def walker [0 1])').pieces;
        const list = scenarios(piece, () => undefined, board('8x8-holes:e5'));
        expect(list.length).toBeGreaterThan(0);
        for (const s of list) expect(boardGeometry(s.setup.board).contains(s.setup.at)).toBe(true);
        expect(boardGeometry(list[0].setup.board).name(list[0].setup.at)).toBe('e4');
    });
});
