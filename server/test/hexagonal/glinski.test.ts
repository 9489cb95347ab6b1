/**
 * Glinski's and McCooey's hexagonal chess (issue 11): the pieces of examples/glinski.lcpn and
 * examples/mccooey.lcpn, read as the CLI reads them (the folder as workspace, the declared
 * board `(board (hexagon 6))` with its promotion zone), evaluated by the engine from the centre
 * f6, edge cells and corners, with friendly and enemy blockers, for White and for Black.
 *
 * Every expected list is worked out by hand from the published rules (Glinski's hexagonal chess
 * and McCooey's, as chessvariants.com and their rule sheets give them), in Glinski's cell names:
 * files a to l without j, rank r of file q counted from the bottom edge; f6 the centre, a1 and
 * l1 the lower corners, f1 the bottom corner, f11 the top corner, a6 and l6 the upper side
 * corners. The six orthogonal lines from f6 are the f-file (f1..f11), f6-e5-d4-c3-b2-a1,
 * f6-e6-d6-c6-b6-a6, f6-g6-h6-i6-k6-l6, f6-g5-h4-i3-k2-l1; the six diagonals are
 * f6-e7-d8, f6-g7-h8, f6-d5-b4, f6-h5-k4, f6-e4-d2, f6-g4-h2.
 */
import { join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { movesReport, type Occupant, type Side } from '../../src/engine/index.js';
import { boardGeometry } from '../../src/geometry/index.js';
import { loadLcpn, type LcpnFile } from '../variants/lcpn-side.js';

const root = resolve(import.meta.dirname, '../../..');
const files = new Map<string, LcpnFile>();

function file(name: string): LcpnFile {
    if (!files.has(name)) files.set(name, loadLcpn({ path: join(root, 'examples', name) }));
    return files.get(name)!;
}

interface Options {
    friends?: string[];
    enemies?: string[];
    side?: Side;
}

/** The piece's destinations on the file's declared board, as cell names (sorted by name: the order is not the rule). */
function moves(example: string, piece: string, at: string, options: Options = {}) {
    const lcpn = file(example);
    const board = lcpn.rules!.board;
    const geometry = boardGeometry(board);
    const cell = (name: string) => {
        const found = geometry.parse(name);
        if (!found) throw new Error(`${name} is not a cell of ${geometry.label}`);
        return found;
    };
    const occupants = (names: string[] = []): Occupant[] => names.map((entry) => {
        const [who, where] = entry.includes('@') ? entry.split('@') : [undefined, entry];
        return { ...cell(where), ...(who ? { piece: who } : {}) };
    });
    const report = movesReport(lcpn.piece(piece), {
        board, at: cell(at), rules: lcpn.rules, side: options.side ?? 'white',
        friends: occupants(options.friends), enemies: occupants(options.enemies)
    }, lcpn.resolve);
    expect(report.problems).toEqual([]);
    return {
        moves: sorted(report.moveSquares),
        takes: sorted(report.takeSquares),
        promotions: Object.keys(report.promotions).sort()
    };
}

const sorted = (names: readonly string[]) => [...names].sort();
const cells = (text: string) => (text === '' ? [] : text.split(' ').sort());

describe('examples/glinski.lcpn declares Glinski\'s board', () => {
    test('the hexagon of side 6: 91 cells, 11x11 lattice box, f6 the centre', () => {
        const board = file('glinski.lcpn').rules!.board;
        expect(board).toMatchObject({ files: 11, ranks: 11, shape: { kind: 'hexagon', side: 6, orientation: 'files' } });
        const geometry = boardGeometry(board);
        expect(geometry.cells.length).toBe(91);
        expect(geometry.name(geometry.centre)).toBe('f6');
    });
});

describe('Glinski\'s rook: any distance along the six orthogonal lines', () => {
    test('from the centre f6: five cells on each of the six lines, 30 in all', () => {
        const r = moves('glinski.lcpn', 'rook', 'f6');
        expect(r.moves).toEqual(cells('a1 b2 c3 d4 e5 a6 b6 c6 d6 e6 f1 f2 f3 f4 f5 f7 f8 f9 f10 f11 g5 h4 i3 k2 l1 g6 h6 i6 k6 l6'));
        expect(r.moves.length).toBe(30);
    });

    test('from f6, a friend on f8 stops it before; enemies on d4 and h6 are taken, and nothing behind them is reached', () => {
        const r = moves('glinski.lcpn', 'rook', 'f6', { friends: ['f8'], enemies: ['d4', 'h6'] });
        expect(r.moves).toEqual(cells('a6 b6 c6 d6 e6 e5 f1 f2 f3 f4 f5 f7 g5 h4 i3 k2 l1 g6'));
        expect(r.takes).toEqual(['d4', 'h6']);
    });

    test('from the corner a1: up the a-file, along the bottom edge to f1, and across the board to l6 (20 cells)', () => {
        expect(moves('glinski.lcpn', 'rook', 'a1').moves).toEqual(cells('a2 a3 a4 a5 a6 b1 c1 d1 e1 f1 b2 c3 d4 e5 f6 g6 h6 i6 k6 l6'));
    });

    test('from the edge cell a3, blocked by a friend on c3 (its rank line) and an enemy on a5', () => {
        const r = moves('glinski.lcpn', 'rook', 'a3', { friends: ['c3'], enemies: ['a5'] });
        expect(r.moves).toEqual(cells('a1 a2 a4 b3 b4 c5 d6 e7 f8 g8 h8 i8'));
        expect(r.takes).toEqual(['a5']);
    });

    test('from the corner l6: down the l-file, along the upper edge to f11, across to a1 (20 cells)', () => {
        expect(moves('glinski.lcpn', 'rook', 'l6').moves).toEqual(cells('l1 l2 l3 l4 l5 k7 i8 h9 g10 f11 k6 i6 h6 g6 f6 e5 d4 c3 b2 a1'));
    });
});

describe('Glinski\'s bishop: any distance along the six diagonals (three bishops, one per colour)', () => {
    test('from the centre f6: two cells on each diagonal, 12 in all', () => {
        expect(moves('glinski.lcpn', 'bishop', 'f6').moves).toEqual(cells('e7 d8 g7 h8 d5 b4 h5 k4 e4 d2 g4 h2'));
    });

    test('from f6, a friend on g7 and an enemy on d5 shut two diagonals', () => {
        const r = moves('glinski.lcpn', 'bishop', 'f6', { friends: ['g7'], enemies: ['d5'] });
        expect(r.moves).toEqual(cells('e7 d8 h5 k4 e4 d2 g4 h2'));
        expect(r.takes).toEqual(['d5']);
    });

    test('from the corner a1: up to f11 and straight across to l1 (10 cells)', () => {
        expect(moves('glinski.lcpn', 'bishop', 'a1').moves).toEqual(cells('b3 c5 d7 e9 f11 c2 e3 g3 i2 l1'));
    });

    test('from the top corner f11: down the two long diagonals to a1 and l1', () => {
        expect(moves('glinski.lcpn', 'bishop', 'f11').moves).toEqual(cells('e9 d7 c5 b3 a1 g9 h7 i5 k3 l1'));
    });

    test('from the edge cell c1 with a friend on e2', () => {
        expect(moves('glinski.lcpn', 'bishop', 'c1', { friends: ['e2'] }).moves).toEqual(cells('a3 b2 d3 e5 f7 g8 h9'));
    });
});

describe('Glinski\'s queen: rook and bishop together', () => {
    test('from the centre f6: 42 cells', () => {
        const r = moves('glinski.lcpn', 'queen', 'f6');
        expect(r.moves.length).toBe(42);
        expect(r.moves).toEqual(sorted([...moves('glinski.lcpn', 'rook', 'f6').moves, ...moves('glinski.lcpn', 'bishop', 'f6').moves]));
    });

    test('from the corner a1: 30 cells', () => {
        expect(moves('glinski.lcpn', 'queen', 'a1').moves).toEqual(
            cells('a2 a3 a4 a5 a6 b1 b2 b3 c1 c2 c3 c5 d1 d4 d7 e1 e3 e5 e9 f1 f6 f11 g3 g6 h6 i2 i6 k6 l1 l6'));
    });

    test('from f6, a friend on f7 and an enemy on e4', () => {
        const r = moves('glinski.lcpn', 'queen', 'f6', { friends: ['f7'], enemies: ['e4'] });
        expect(r.moves).toEqual(cells('a1 a6 b2 b4 b6 c3 c6 d4 d5 d6 d8 e5 e6 e7 f1 f2 f3 f4 f5 g4 g5 g6 g7 h2 h4 h5 h6 h8 i3 i6 k2 k4 k6 l1 l6'));
        expect(r.takes).toEqual(['e4']);
    });
});

describe('Glinski\'s king: one cell in any of the twelve directions', () => {
    test('from the centre f6: the six neighbours and the six diagonal cells', () => {
        expect(moves('glinski.lcpn', 'king', 'f6').moves).toEqual(cells('f7 e6 e5 f5 g5 g6 e7 d5 e4 g4 h5 g7'));
    });

    test('from f6 with friends on f7 and g7 and an enemy on e5', () => {
        const r = moves('glinski.lcpn', 'king', 'f6', { friends: ['f7', 'g7'], enemies: ['e5'] });
        expect(r.moves).toEqual(cells('e6 f5 g5 g6 e7 d5 e4 g4 h5'));
        expect(r.takes).toEqual(['e5']);
    });

    test('in the corner a1: five cells; at the top corner f11: five; on the edge a4: seven', () => {
        expect(moves('glinski.lcpn', 'king', 'a1').moves).toEqual(cells('a2 b1 b2 b3 c2'));
        expect(moves('glinski.lcpn', 'king', 'f11').moves).toEqual(cells('e10 f10 g10 e9 g9'));
        expect(moves('glinski.lcpn', 'king', 'a4').moves).toEqual(cells('a3 a5 b4 b5 b3 b6 c5'));
    });
});

describe('Glinski\'s knight: the twelve nearest cells a queen cannot reach in one move', () => {
    test('from the centre f6', () => {
        expect(moves('glinski.lcpn', 'knight', 'f6').moves).toEqual(cells('c4 c5 d3 d7 e3 e8 g3 g8 h3 h7 i4 i5'));
    });

    test('it jumps: friends on its way change nothing; a friend on d7 or c4 is not a destination, an enemy on g8 is taken', () => {
        const r = moves('glinski.lcpn', 'knight', 'f6', { friends: ['f7', 'e6', 'g6', 'f5', 'd7', 'c4'], enemies: ['g8'] });
        expect(r.moves).toEqual(cells('c5 d3 e3 e8 g3 h3 h7 i4 i5'));
        expect(r.takes).toEqual(['g8']);
    });

    test('from the corners a1, f1 and l6: four cells each', () => {
        expect(moves('glinski.lcpn', 'knight', 'a1').moves).toEqual(cells('b4 c4 d2 d3'));
        expect(moves('glinski.lcpn', 'knight', 'f1').moves).toEqual(cells('d2 e3 g3 h2'));
        expect(moves('glinski.lcpn', 'knight', 'l6').moves).toEqual(cells('h7 h8 i5 k4'));
    });
});

describe('Glinski\'s pawn: straight up its file, capturing to the two cells ahead that share an edge', () => {
    test('from its starting cell f5: one or two cells; enemies on e5 and g5 are taken', () => {
        expect(moves('glinski.lcpn', 'pawn', 'f5')).toEqual({ moves: ['f6', 'f7'], takes: [], promotions: [] });
        expect(moves('glinski.lcpn', 'pawn', 'f5', { enemies: ['e5', 'g5', 'f6'] })).toEqual({ moves: [], takes: ['e5', 'g5'], promotions: [] });
    });

    test('from the starting cell e4 it captures on d4 and f5; a piece on e6 leaves one step, on e5 none', () => {
        expect(moves('glinski.lcpn', 'pawn', 'e4', { enemies: ['d4', 'f5'] })).toEqual({ moves: ['e5', 'e6'], takes: ['d4', 'f5'], promotions: [] });
        expect(moves('glinski.lcpn', 'pawn', 'e4', { friends: ['e6'] }).moves).toEqual(['e5']);
        expect(moves('glinski.lcpn', 'pawn', 'e4', { enemies: ['e5'] }).moves).toEqual([]);
    });

    test('the edge pawn b1 captures on a1 and c2', () => {
        expect(moves('glinski.lcpn', 'pawn', 'b1', { enemies: ['a1', 'c2'] })).toEqual({ moves: ['b2', 'b3'], takes: ['a1', 'c2'], promotions: [] });
    });

    test('off the starting cells one step only; on another pawn\'s starting cell (g4, after a capture) two again', () => {
        expect(moves('glinski.lcpn', 'pawn', 'e5', { enemies: ['d5', 'f6'] })).toEqual({ moves: ['e6'], takes: ['d5', 'f6'], promotions: [] });
        expect(moves('glinski.lcpn', 'pawn', 'g4').moves).toEqual(['g5', 'g6']);
    });

    test('it promotes on the last cell of each file: from e9, on e10 and (capturing) on d9, not on f10', () => {
        expect(moves('glinski.lcpn', 'pawn', 'e9', { enemies: ['d9', 'f10'] })).toEqual({ moves: ['e10'], takes: ['d9', 'f10'], promotions: ['d9', 'e10'] });
    });

    test('Black\'s pawns start on rank 7, move down and promote on rank 1 (the board turned half a turn)', () => {
        expect(moves('glinski.lcpn', 'pawn', 'f7', { side: 'black', enemies: ['e6', 'g6'] })).toEqual({ moves: ['f5', 'f6'], takes: ['e6', 'g6'], promotions: [] });
        expect(moves('glinski.lcpn', 'pawn', 'c7', { side: 'black', enemies: ['b6', 'd7'] })).toEqual({ moves: ['c5', 'c6'], takes: ['b6', 'd7'], promotions: [] });
        expect(moves('glinski.lcpn', 'pawn', 'f2', { side: 'black' })).toMatchObject({ moves: ['f1'], promotions: ['e1', 'f1', 'g1'] });
    });
});

describe('McCooey\'s pawn (examples/mccooey.lcpn): diagonal captures, no double step for the centre pawn', () => {
    test('the centre pawn f4 moves one cell and captures on e5 and g5 (diagonally forward)', () => {
        expect(moves('mccooey.lcpn', 'pawn', 'f4', { enemies: ['e5', 'g5'] })).toEqual({ moves: ['f5'], takes: ['e5', 'g5'], promotions: [] });
    });

    test('the pawn on e3 may move two; it captures on d4 and f5, not on the edge neighbours d3 and f4', () => {
        expect(moves('mccooey.lcpn', 'pawn', 'e3', { enemies: ['d4', 'f5', 'd3', 'f4'] })).toEqual({ moves: ['e4', 'e5'], takes: ['d4', 'f5'], promotions: [] });
    });

    test('Black\'s pawn on e8 (a starting cell) moves down two and captures on d6 and f7', () => {
        expect(moves('mccooey.lcpn', 'pawn', 'e8', { side: 'black', enemies: ['d6', 'f7'] })).toEqual({ moves: ['e6', 'e7'], takes: ['d6', 'f7'], promotions: [] });
    });

    test('the other pieces are Glinski\'s', () => {
        for (const piece of ['rook', 'bishop', 'queen', 'king', 'knight']) {
            expect(moves('mccooey.lcpn', piece, 'c3').moves, piece).toEqual(moves('glinski.lcpn', piece, 'c3').moves);
        }
    });
});
