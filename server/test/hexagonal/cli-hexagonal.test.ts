/**
 * Issue 11's CLI contract, run as outside checks run it (the built `lcpn`, in the repository):
 * `lcpn moves examples/glinski.lcpn PIECE --board hex6 --at f6 --json` (or the declared board)
 * keeps every JSON field and names cells as Glinski does; --friend/--enemy take cell names and
 * name@cell; `lcpn moves --path "..."` evaluates seed 002's table on the hexagon and on the
 * square board; mistakes are one-line usage errors in the board's own naming.
 *
 * Expected cells are worked out by hand: on the hexagon from Glinski's rules (see glinski.test.ts
 * for the lines through f6), on 8x8 from orthodox chess.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { requireBundle, root, runLcpn } from '../cli/run-cli.js';

const cells = (text: string) => (text === '' ? [] : text.split(' ').sort());
const sorted = (names: readonly string[]) => [...names].sort();

function lcpn(...args: string[]) {
    return runLcpn(root, args);
}

/** `lcpn ARGS --json`, required to succeed without a word on stderr. */
function json(...args: string[]) {
    const result = lcpn(...args, '--json');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    return JSON.parse(result.stdout);
}

const GLINSKI = {
    rook: 'a1 b2 c3 d4 e5 a6 b6 c6 d6 e6 f1 f2 f3 f4 f5 f7 f8 f9 f10 f11 g5 h4 i3 k2 l1 g6 h6 i6 k6 l6',
    bishop: 'e7 d8 g7 h8 d5 b4 h5 k4 e4 d2 g4 h2',
    king: 'f7 e6 e5 f5 g5 g6 e7 d5 e4 g4 h5 g7',
    knight: 'c4 c5 d3 d7 e3 e8 g3 g8 h3 h7 i4 i5'
};

describe('lcpn moves on Glinski\'s hexagon (issue 11 contract)', () => {
    requireBundle();

    test('lcpn moves examples/glinski.lcpn knight --board hex6 --at f6 --json: every field, cells in Glinski\'s names', () => {
        const r = json('moves', 'examples/glinski.lcpn', 'knight', '--board', 'hex6', '--at', 'f6');
        for (const field of ['piece', 'board', 'at', 'moves', 'captures', 'moveSquares', 'captureSquares', 'takeSquares', 'iguiSquares',
            'iguiFrom', 'promotions', 'locustSquares', 'side', 'firstMove', 'firstMoveSquares']) expect(r, field).toHaveProperty(field);
        expect(r).toMatchObject({ piece: 'knight', board: { files: 11, ranks: 11 }, at: 'f6', side: 'white', firstMove: false, boardSpec: 'hex6' });
        expect(sorted(r.moveSquares)).toEqual(cells(GLINSKI.knight));
        expect(sorted(r.captureSquares)).toEqual(cells(GLINSKI.knight));
        // The offsets are the same destinations in lattice coordinates: twelve of them.
        expect(r.moves).toHaveLength(12);
    });

    test('the declared board is the default: rook, bishop, queen, king and pawn from f6 without --board', () => {
        expect(sorted(json('moves', 'examples/glinski.lcpn', 'rook', '--at', 'f6').moveSquares)).toEqual(cells(GLINSKI.rook));
        expect(sorted(json('moves', 'examples/glinski.lcpn', 'bishop', '--at', 'f6').moveSquares)).toEqual(cells(GLINSKI.bishop));
        expect(sorted(json('moves', 'examples/glinski.lcpn', 'queen', '--at', 'f6').moveSquares)).toEqual(cells(`${GLINSKI.rook} ${GLINSKI.bishop}`));
        expect(sorted(json('moves', 'examples/glinski.lcpn', 'king').moveSquares)).toEqual(cells(GLINSKI.king));
        const pawn = json('moves', 'examples/glinski.lcpn', 'pawn', '--at', 'f5');
        expect(pawn).toMatchObject({ at: 'f5', moveSquares: ['f6', 'f7'] });
        expect(sorted(pawn.captureSquares)).toEqual(['e5', 'g5']);
    }, 60_000);

    test('--friend and --enemy take cell names and name@cell; Black sees the board turned', () => {
        const r = json('moves', 'examples/glinski.lcpn', 'knight', '--at', 'f6', '--friend', 'pawn@d7', '--enemy', 'king@g8,c4');
        expect(sorted(r.moveSquares)).toEqual(cells('c5 d3 e3 e8 g3 h3 h7 i4 i5'));
        expect(sorted(r.takeSquares)).toEqual(['c4', 'g8']);
        const black = json('moves', 'examples/glinski.lcpn', 'pawn', '--at', 'c7', '--side', 'black', '--enemy', 'b6');
        expect(black).toMatchObject({ side: 'black', takeSquares: ['b6'] });
        expect(sorted(black.moveSquares)).toEqual(['c5', 'c6']);
    });

    test('a position on the declared board names its cells as the board does', () => {
        const r = json('moves', 'examples/glinski.lcpn', 'knight', '--position', 'w:knight@f6,pawn@d7 b:king@g8');
        expect(r).toMatchObject({ at: 'f6', board: { files: 11, ranks: 11 }, takeSquares: ['g8'] });
        expect(r.moveSquares).not.toContain('d7');
    });

    test('the readable list says the board and the cells', () => {
        const r = lcpn('moves', 'examples/glinski.lcpn', 'king', '--at', 'a1');
        expect(r.stdout).toBe([
            'king on a1, hexagon of side 6 (glinski)',
            '  moves to: a2 b1 b2 b3 c2',
            '  captures on (if an enemy stood there): a2 b1 b2 b3 c2',
            ''
        ].join('\n'));
    });

    test('a cell that is not on the hexagon is a usage error that says how its cells are named', () => {
        expect(lcpn('moves', 'examples/glinski.lcpn', 'rook', '--at', 'a7')).toMatchObject({
            code: 2, stdout: '', stderr: 'lcpn: --at: a7 is not on the hexagon of side 6 (cells are named by a file a to l (no j) and a rank 1 to 11, such as f6)\n'
        });
        expect(lcpn('moves', '--betza', 'W', '--board', 'hex6', '--enemy', 'j1')).toMatchObject({
            code: 2, stderr: 'lcpn: --enemy: j1 is not on the hexagon of side 6 (cells are named by a file a to l (no j) and a rank 1 to 11, such as f6)\n'
        });
        expect(lcpn('moves', '--betza', 'W', '--board', 'hex6', '--friend', 'f')).toMatchObject({ code: 2 });
        expect(lcpn('moves', '--betza', 'W', '--board', 'hex6', '--friend', 'f').stderr).toMatch(/^lcpn: --friend: 'f' is not a cell \(cells are named by a file a to l \(no j\)/);
        expect(lcpn('moves', '--betza', 'W', '--board', 'hex32')).toMatchObject({ code: 2, stderr: "lcpn: --board: a hexagon's side must be a whole number from 1 to 31, not 32\n" });
    });

    test('a square board\'s declaration on --board hex6 is left out with a note (its zones name other cells there)', () => {
        const r = lcpn('moves', 'examples/xiangqi.lcpn', 'elephant', '--board', 'hex6', '--json');
        expect(r.code).toBe(0);
        expect(r.stderr).toContain('lcpn: note: board xiangqi-board is 9x10; its zone own-side does not fit on the hexagon of side 6 of --board, so elephant is not confined to it');
        expect(JSON.parse(r.stdout)).toMatchObject({ at: 'f6', boardSpec: 'hex6' });
    });
});

/** Seed 002's table: each path with its destinations by hand on the hexagon (from f6, the pawn's double step from f5) and on 8x8 (from d4, d2). */
const SEED_TABLE: { name: string; path: string; hex: [string, string]; square: [string, string] }[] = [
    { name: 'pawn', path: 'F$', hex: ['f6', 'f7'], square: ['d4', 'd5'] },
    { name: 'pawn, first move', path: 'F$F?$', hex: ['f5', 'f6 f7'], square: ['d2', 'd3 d4'] },
    // On the hexagon, one step forward and one turned: the two diagonal cells ahead (McCooey's pawn capture).
    { name: 'pawn capturing', path: 'F(LFR|RFL)$', hex: ['f6', 'e7 g7'], square: ['d4', 'c5 e5'] },
    { name: 'knight', path: 'L*FF(L|R)F$', hex: ['f6', GLINSKI.knight], square: ['d4', 'b3 b5 c2 c6 e2 e6 f3 f5'] },
    { name: 'bishop', path: 'L*(FLFR$|LFRF$)+', hex: ['f6', GLINSKI.bishop], square: ['d4', 'a1 b2 c3 e5 f6 g7 h8 a7 b6 c5 e3 f2 g1'] },
    { name: 'rook', path: 'L*(F$)+', hex: ['f6', GLINSKI.rook], square: ['d4', 'a4 b4 c4 e4 f4 g4 h4 d1 d2 d3 d5 d6 d7 d8'] },
    {
        name: 'queen', path: 'L*(F$)+|L*(FLFR$|LFRF$)+', hex: ['f6', `${GLINSKI.rook} ${GLINSKI.bishop}`],
        square: ['d4', 'a4 b4 c4 e4 f4 g4 h4 d1 d2 d3 d5 d6 d7 d8 a1 b2 c3 e5 f6 g7 h8 a7 b6 c5 e3 f2 g1']
    },
    { name: 'king', path: 'L*(F|FLF|FRF)$', hex: ['f6', GLINSKI.king], square: ['d4', 'c3 c4 c5 d3 d5 e3 e4 e5'] }
];

describe('lcpn moves --path: seed 002\'s table on Glinski\'s hexagon and on the square board', () => {
    requireBundle();

    test.each(SEED_TABLE)('$name: $path', ({ path, hex, square }) => {
        const onHex = json('moves', '--path', path, '--board', 'hex6', '--at', hex[0]);
        expect(onHex).toMatchObject({ piece: path, at: hex[0], boardSpec: 'hex6' });
        expect(sorted(onHex.moveSquares)).toEqual(cells(hex[1]));
        const onSquares = json('moves', '--path', path, '--board', '8x8', '--at', square[0]);
        expect(sorted(onSquares.moveSquares)).toEqual(cells(square[1]));
    }, 30_000);

    test('lcpn moves --path "L*FF(L|R)F$" --at f6 --board hex6 --json: the contract line verbatim, the same as Glinski\'s knight', () => {
        const byPath = json('moves', '--path', 'L*FF(L|R)F$', '--at', 'f6', '--board', 'hex6');
        const byFile = json('moves', 'examples/glinski.lcpn', 'knight', '--at', 'f6');
        expect(byPath.moveSquares).toEqual(byFile.moveSquares);
        expect(byPath.moves).toEqual(byFile.moves);
    });

    test('a path jumps over what its F passes without $, and stops at a piece where it has $', () => {
        const r = json('moves', '--path', 'L*(F$)+', '--board', 'hex6', '--at', 'f6', '--enemy', 'f8', '--friend', 'e5');
        expect(r.takeSquares).toEqual(['f8']);
        expect(r.moveSquares).not.toContain('f9');
        expect(r.moveSquares).not.toContain('d4');
        expect(sorted(json('moves', '--path', 'L*FF(L|R)F$', '--board', 'hex6', '--at', 'f6', '--friend', 'f7,e6,g6').moveSquares)).toEqual(cells(GLINSKI.knight));
    });

    test('a mistake in the path is shown under the string, and nothing is evaluated', () => {
        const r = lcpn('moves', '--path', 'F(LF', '--board', 'hex6');
        expect(r.code).toBe(2);
        expect(r.stdout).toBe('');
        expect(r.stderr).toMatch(/^lcpn: path "F\(LF" col 2: error: .*\n {6}F\(LF\n {7}\^\nlcpn: the path "F\(LF" has 1 error \(shown above\)\n$/);
        expect(lcpn('moves', '--path', 'F$', '--betza', 'W')).toMatchObject({ code: 2, stderr: 'lcpn: give one of --betza, --parlett and --path, not --betza and --path\n' });
        expect(lcpn('moves', 'examples/glinski.lcpn', 'rook', '--path', 'F$')).toMatchObject({ code: 2, stderr: 'lcpn: moves: give either FILE PIECE or --betza/--parlett/--path, not both\n' });
    });
});

describe('lcpn convert and paths', () => {
    requireBundle();

    test('--to path: Glinski\'s pieces as paths, with what a path cannot say', () => {
        const r = lcpn('convert', 'examples/glinski.lcpn', '--to', 'path');
        expect(r.code).toBe(0);
        const lines = r.stdout.split('\n');
        expect(lines).toContain('rook: L*(F$)+');
        expect(lines).toContain('knight: L*FF(L|R)F$');
        expect(lines[lines.indexOf('king: L*(F$|FLFR$|LFRF$)') + 1]).toBe('  lost: royalty (::royal)');
    });

    test('--from path: a path becomes a (path "...") definition, and back', () => {
        expect(lcpn('convert', '--from', 'path', '/L*FF(L|R)F$/', '--to', 'lisp', '--name', 'knight')).toMatchObject({ code: 0, stdout: '(def knight (path "L*FF(L|R)F$"))\n' });
        expect(lcpn('convert', '--from', 'path', 'L*(F$)+', '--to', 'path')).toMatchObject({ code: 0, stdout: 'L*(F$)+\n', stderr: '' });
    });
});

/** The specification's hexagonal example (seed 004), as its picture draws it: ! the piece, X where it may go. */
const SPEC_PICTURE = [
    '     . . . . . .',
    '    . . . . . . .',
    '   . . . . . . . .',
    '  . . . . . . . . .',
    ' . . . . X X . . . .',
    '. . . . X ! . . . . .',
    ' . . . . X . . . . .',
    '  . . . . . . . . .',
    '   . . . . . . . .',
    '    . . . . . . .',
    '     . . . . . .'
];

describe('lcpn show: the specification\'s hexagonal picture, in each style', () => {
    requireBundle();
    const dir = mkdtempSync(join(tmpdir(), 'lcpn-spec-hex-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const STYLES: Record<string, string> = {
        lisp: '(def spec-board (board (hexagon 6 rows)))\n(def spec-piece (wazir :forward-left :forward-right :left :backward-left))\n',
        c: 'spec_board := board(hexagon(6, rows))\nspec_piece := wazir:forward_left:forward_right:left:backward_left\n',
        sql: 'spec_board IS board(hexagon(6, rows))\nspec_piece IS wazir:forward_left:forward_right:left:backward_left\n'
    };

    test.each(Object.keys(STYLES))('%s: (wazir :forward-left :forward-right :left :backward-left) on (board (hexagon 6 rows))', (style) => {
        writeFileSync(join(dir, `${style}.lcpn`), STYLES[style]);
        const r = runLcpn(dir, ['show', `${style}.lcpn`, 'spec-piece']);
        expect(r.stderr).toBe('');
        const lines = r.stdout.split('\n');
        const start = lines.indexOf('  on an empty board:') + 1;
        expect(start).toBeGreaterThan(0);
        // The diagram is indented under its caption; the picture is the spec's, cell for cell.
        const drawn = lines.slice(start, start + SPEC_PICTURE.length).map((l) => l.slice(4).trimEnd());
        expect(drawn).toEqual(SPEC_PICTURE.map((l) => l.trimEnd()));
    }, 30_000);
});
