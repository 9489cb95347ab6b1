/**
 * The panel's requests on hexagonal boards (issue 11): the client names boards by spec and cells
 * by name, and never reads either; the server answers in the board's own names (Glinski's on
 * the hexagon of side 6), puts the piece on the centre f6, places blockers by name (dropping
 * names that are no cell of the board), and the diagram changes with them. Move sets written by
 * hand from Glinski's rules: his rook moves along the six lines through the cell's edges.
 */
import { describe, expect, test } from 'vitest';
import { pieceDiagram } from '../../src/lsp/diagram-request.js';
import { positionDiagram } from '../../src/lsp/position-request.js';
import { createTestServices } from '../test-services.js';
import { validated } from '../lsp-helpers.js';

const PIECES = [
    '(def hex-rook (wazir :rider))',
    '(def hex-bishop (ferz :rider))',
    ''
].join('\n');

async function open(text: string) {
    const services = await createTestServices();
    const document = await validated(text, { services: services.Lcpn, validation: false });
    return { services, uri: document.uri.toString(), lineOf: (name: string) => text.split('\n').findIndex((l) => l.startsWith(`(def ${name} `)) };
}

/** Glinski's rook on f6 of the empty board: five cells along each of the six lines. */
const ROOK_ON_F6 = [
    'f7', 'f8', 'f9', 'f10', 'f11', 'f5', 'f4', 'f3', 'f2', 'f1',
    'e6', 'd6', 'c6', 'b6', 'a6', 'g6', 'h6', 'i6', 'k6', 'l6',
    'e5', 'd4', 'c3', 'b2', 'a1', 'g5', 'h4', 'i3', 'k2', 'l1'
];

describe('pieceDiagram on a hexagon chosen in the panel', () => {
    test('hex6: the piece stands on the centre f6; the answer names the board by spec and in words', async () => {
        const { services, uri, lineOf } = await open(PIECES);
        const result = pieceDiagram(services.shared, { uri, position: { line: lineOf('hex-rook'), character: 6 }, board: 'hex6' })!;
        expect(result).toMatchObject({ piece: 'hex-rook', at: 'f6', board: { files: 11, ranks: 11 }, boardSpec: 'hex6', boardLabel: 'hexagon of side 6', boardSource: 'request' });
        expect(result.boardProblem).toBeUndefined();
        // Every cell is drawn with its Glinski name for the client's clicks; j and a7 are no cells.
        const cells = [...result.svg.matchAll(/data-square="([a-z]+[0-9]+)"/g)].map((m) => m[1]);
        expect(new Set(cells).size).toBe(91);
        for (const name of ['a1', 'a6', 'f1', 'f11', 'l1', 'l6', 'f6']) expect(cells).toContain(name);
        for (const name of ['a7', 'l7', 'j1', 'f12']) expect(cells).not.toContain(name);
    });

    test('a cell name of the board is placed; a name that is no cell of it (a7, j3, f12) is dropped, the answer lists what was placed', async () => {
        const { services, uri, lineOf } = await open(PIECES);
        const position = { line: lineOf('hex-rook'), character: 6 };
        const result = pieceDiagram(services.shared, { uri, position, board: 'hex6', blockers: [
            { square: 'f8', side: 'enemy' }, { square: 'a7', side: 'friend' }, { square: 'j3', side: 'friend' }, { square: 'f12', side: 'enemy' },
            { square: 'f6', side: 'friend' }, { square: 'd4', side: 'friend', piece: 'pawn' }
        ] })!;
        expect(result.blockers).toEqual([{ square: 'f8', side: 'enemy' }, { square: 'd4', side: 'friend', piece: 'pawn' }]);
        const empty = pieceDiagram(services.shared, { uri, position, board: 'hex6' })!;
        expect(result.svg).not.toBe(empty.svg);
    });

    test('a piece put on a cell by name stands there; a name off the hexagon falls back to the centre', async () => {
        const { services, uri, lineOf } = await open(PIECES);
        const position = { line: lineOf('hex-bishop'), character: 6 };
        expect(pieceDiagram(services.shared, { uri, position, board: 'hex6', at: 'a1' })).toMatchObject({ at: 'a1' });
        expect(pieceDiagram(services.shared, { uri, position, board: 'hex6-rows', at: 'a1' })).toMatchObject({ at: 'a1', boardSpec: 'hex6-rows' });
        expect(pieceDiagram(services.shared, { uri, position, board: 'hex6', at: 'a9' })).toMatchObject({ at: 'f6' });
    });

    test('a spec the server cannot read: the file\'s board (else 9 x 9) is drawn and the answer says why', async () => {
        const { services, uri, lineOf } = await open(PIECES);
        const result = pieceDiagram(services.shared, { uri, position: { line: lineOf('hex-rook'), character: 6 }, board: 'hex99' })!;
        expect(result).toMatchObject({ board: { files: 9, ranks: 9 }, boardSpec: '9x9', boardSource: 'default', at: 'e5' });
        expect(result.boardProblem).toMatch(/^The board 'hex99' cannot be used: /);
    });

    test('the chooser offers the hexagons; a declared hexagon comes first, by name, and is the default board', async () => {
        const { services, uri, lineOf } = await open(`(def glinski (board (hexagon 6)))\n${PIECES}`);
        const result = pieceDiagram(services.shared, { uri, position: { line: lineOf('hex-rook'), character: 6 } })!;
        expect(result).toMatchObject({ at: 'f6', boardSpec: 'hex6', boardSource: 'declared', declaredBoard: { name: 'glinski', spec: 'hex6', label: 'hexagon of side 6' } });
        expect(result.boardOffers[0]).toEqual({ spec: 'hex6', label: 'glinski (hexagon of side 6, the file\'s board)' });
        expect(result.boardOffers.map((o) => o.spec)).toEqual(expect.arrayContaining(['hex2', 'hex2-rows', 'hex6-rows', '8x8', '8x8-cylinder']));
    });
});

describe('positionDiagram on a hexagon', () => {
    test('a position string that starts with hex6 is on the hexagon; moves and captures are Glinski\'s names', async () => {
        const { services, uri } = await open(PIECES);
        const free = positionDiagram(services.shared, { uri, position: 'hex6 w:hex-rook@f6', select: 'f6' })!;
        expect(free.error).toBeUndefined();
        expect(free).toMatchObject({ boardSpec: 'hex6', boardLabel: 'hexagon of side 6', board: { files: 11, ranks: 11 } });
        expect([...free.selected!.moves].sort()).toEqual([...ROOK_ON_F6].sort());
        // An enemy on f8 is taken and ends the line; a friend on d4 ends the line before it.
        const blocked = positionDiagram(services.shared, { uri, position: 'hex6 w:hex-rook@f6,hex-rook@d4 b:hex-rook@f8', select: 'f6' })!;
        expect(blocked.selected!.captures).toEqual(['f8']);
        const expected = ROOK_ON_F6.filter((c) => !['f8', 'f9', 'f10', 'f11', 'd4', 'c3', 'b2', 'a1'].includes(c));
        expect([...blocked.selected!.moves].sort()).toEqual(expected.sort());
    });

    test('an empty position on a declared hexagon starts from it; an edit puts a piece on a cell by its name', async () => {
        const { services, uri } = await open(`(def glinski (board (hexagon 6)))\n${PIECES}`);
        const empty = positionDiagram(services.shared, { uri, position: '' })!;
        expect(empty).toMatchObject({ boardSpec: 'hex6', pieces: [] });
        const placed = positionDiagram(services.shared, { uri, position: '', edit: { square: 'l1', piece: 'hex-rook', side: 'black' } })!;
        expect(placed.error).toBeUndefined();
        expect(placed.pieces).toEqual([{ name: 'hex-rook', side: 'black', square: 'l1', known: true }]);
        expect(placed.position).toMatch(/^hex6 /);
        // A side's pieces alone: on the declared hexagon.
        const sideOnly = positionDiagram(services.shared, { uri, position: 'w:hex-rook@a6' })!;
        expect(sideOnly).toMatchObject({ boardSpec: 'hex6', pieces: [{ square: 'a6' }] });
        const offBoard = positionDiagram(services.shared, { uri, position: '', edit: { square: 'a7', piece: 'hex-rook' } })!;
        expect(offBoard.error).toEqual({ message: 'a7 is not a cell of the board (hexagon of side 6)', column: 0 });
    });
});

describe('other shapes in the panel', () => {
    test('a cylinder: the facts say the board wraps round; a hole is no cell (a blocker there is not placed)', async () => {
        const { services, uri, lineOf } = await open(PIECES);
        const position = { line: lineOf('hex-rook'), character: 6 };
        const cylinder = pieceDiagram(services.shared, { uri, position, board: '8x8-cylinder', at: 'a1' })!;
        expect(cylinder).toMatchObject({ boardSpec: '8x8-cylinder', boardLabel: '8x8 cylinder', at: 'a1' });
        expect(cylinder.facts.some((f) => f.startsWith('the board wraps round'))).toBe(true);
        const holed = pieceDiagram(services.shared, { uri, position, board: '8x8-holes:d4,e5', blockers: [{ square: 'd4', side: 'friend' }, { square: 'c3', side: 'enemy' }] })!;
        expect(holed.blockers).toEqual([{ square: 'c3', side: 'enemy' }]);
        expect(holed.facts.some((f) => f.startsWith('holes (not squares of this board): d4, e5'))).toBe(true);
    });

    test('a position on a board with holes reads back its own string after an edit', async () => {
        const { services, uri } = await open(PIECES);
        const first = positionDiagram(services.shared, { uri, position: '8x8-holes:d4,e5 w:hex-rook@a4' })!;
        expect(first.error).toBeUndefined();
        const edited = positionDiagram(services.shared, { uri, position: first.position, edit: { square: 'h4', piece: 'hex-rook', side: 'black' }, select: 'a4' })!;
        expect(edited.error).toBeUndefined();
        expect(edited.boardSpec).toBe('8x8-holes:d4,e5');
        // The rook's rank stops before the hole d4: a hole is not a cell, a rider stops at it.
        expect(edited.selected!.moves.filter((c) => c.endsWith('4')).sort()).toEqual(['b4', 'c4']);
        expect(positionDiagram(services.shared, { uri, position: edited.position })!.position).toBe(edited.position);
        expect(positionDiagram(services.shared, { uri, position: edited.position, edit: { square: 'd4', piece: 'hex-rook' } })!.error)
            .toEqual({ message: 'd4 is not a cell of the board (8x8 with 2 holes)', column: edited.position.length });
    });
});

test('a file\'s rules (zones named on its squares) hold on boards of the same lattice only: not on a hexagon chosen in the panel', async () => {
    const { services, uri, lineOf } = await open('(def mini (board 9 10 (confine general fortress)))\n(def fortress (zone d1-f3))\n(def general (wazir :rider))\n');
    const position = { line: lineOf('general'), character: 6 };
    // On the declared 9 x 10 the general stays in its fortress; on a 12x12 chosen in the panel too (same lattice).
    const square = pieceDiagram(services.shared, { uri, position, board: '12x12', at: 'e2' })!;
    expect(square.svg).toContain('fortress');
    // On hex6, d1-f3 would name other cells: no fortress is drawn, and the rook-like general moves freely from e2.
    const hex = pieceDiagram(services.shared, { uri, position, board: 'hex6', at: 'e2' })!;
    expect(hex.svg).not.toContain('fortress');
    expect(hex.facts.some((f) => f.includes('fortress'))).toBe(false);
    const moves = positionDiagram(services.shared, { uri, position: 'hex6 w:general@e2', select: 'e2' })!;
    expect(moves.selected!.moves).toEqual(expect.arrayContaining(['e10', 'a2', 'd1', 'e1']));
});
