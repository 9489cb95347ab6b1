/**
 * Holes on the command line: a cell given where a piece stands (--at, --friend, --enemy) that is
 * a hole is said to be one; a board whose middle square is a hole puts the piece on the nearest
 * cell; a position string may name a board with holes even when the file declares another board.
 * Expected cells by hand.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { requireBundle, runLcpn } from './run-cli.js';

let dir: string;

const FILES: Record<string, string> = {
    'lisp.lcpn': '(def holed (board 8 8 (holes d4 e5)))\n(def walker [0 1])\n',
    'c.lcpn': 'holed := board(8, 8, holes(d4, e5));\nwalker := [0, 1];\n',
    'sql.lcpn': 'holed IS board(8, 8, holes(d4, e5));\nwalker IS [0, 1];\n'
};

/** A zone listing a hole of the file's board, in each style, with the column of the hole d4 on line 2. */
const ZONES: Record<string, [string, number]> = {
    'zone-lisp.lcpn': ['(def holed (board 8 8 (holes d4 e5)))\n(def z (zone a1 d4))\n', 17],
    'zone-c.lcpn': ['holed := board(8, 8, holes(d4, e5));\nz := zone(a1, d4);\n', 15],
    'zone-sql.lcpn': ['holed IS board(8, 8, holes(d4, e5));\nz IS zone(a1, d4);\n', 15]
};

beforeAll(() => {
    requireBundle();
    dir = mkdtempSync(join(tmpdir(), 'lcpn-holes-'));
    for (const [name, text] of Object.entries(FILES)) writeFileSync(join(dir, name), text);
    for (const [name, [text]] of Object.entries(ZONES)) writeFileSync(join(dir, name), text);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const lcpn = (...args: string[]) => runLcpn(dir, args);

describe('holes in lcpn moves and show', () => {
    for (const file of Object.keys(FILES)) {
        test(`${file}: --at, --friend and --enemy on a declared hole say it is a hole`, () => {
            expect(lcpn('moves', file, 'walker', '--at', 'd4')).toMatchObject({ code: 2, stdout: '', stderr: 'lcpn: --at: d4 is a hole of the 8x8 board: no piece can stand there\n' });
            expect(lcpn('moves', file, 'walker', '--friend', 'E5')).toMatchObject({ code: 2, stderr: 'lcpn: --friend: e5 is a hole of the 8x8 board: no piece can stand there\n' });
            expect(lcpn('show', file, 'walker', '--enemy', 'd4')).toMatchObject({ code: 2, stderr: 'lcpn: --enemy: d4 is a hole of the 8x8 board: no piece can stand there\n' });
        });

        test(`${file}: without --at the piece stands on the cell nearest the middle (e5 is a hole: e4), and steps into neither hole`, () => {
            const r = lcpn('moves', file, 'walker');
            expect(r).toMatchObject({ code: 0, stderr: '' });
            // [0 1] is the wazir: from e4, d4 and e5 are holes; e3 and f4 remain.
            expect(r.stdout).toBe('walker on e4, 8x8 board with 2 holes (holed)\n  moves to: e3 f4\n  captures on (if an enemy stood there): e3 f4\n');
        });
    }

    test('a square off the board is still said to be off it, with the board\'s naming', () => {
        expect(lcpn('moves', 'lisp.lcpn', 'walker', '--at', 'i1')).toMatchObject({
            code: 2, stderr: 'lcpn: --at: i1 is not on the 8x8 board with 2 holes (squares are named by a file a to h and a rank 1 to 8, such as e4)\n'
        });
    });

    test('--board 8x8-holes:e5: the default square is e4, and a wazir there does not step into the hole', () => {
        const r = lcpn('moves', '--betza', 'W', '--board', '8x8-holes:e5');
        expect(r).toMatchObject({ code: 0, stderr: '' });
        expect(r.stdout).toBe('W on e4, 8x8 board with 1 hole\n  moves to: d4 e3 f4\n  captures on (if an enemy stood there): d4 e3 f4\n');
    });

    test('show --position may name a board with holes of its own on a file that declares a board', () => {
        const r = lcpn('show', 'lisp.lcpn', '--position', '8x8-holes:c3 w:walker@e5');
        expect(r.code).toBe(0);
        expect(r.stdout).toContain('position 8x8 with 1 hole, 1 piece');
        expect(r.stdout).toContain('walker (White) on e5:');
    });

    for (const [name, [, column]] of Object.entries(ZONES)) {
        test(`${name}: a zone that lists a hole of the file's board says it is a hole, at the square`, () => {
            const r = lcpn('check', name);
            expect(r.code).toBe(1);
            expect(r.stdout).toBe(`${name}:2:${column}: error: d4 is a hole of the 8x8 board this file declares (a zone lists squares of the file's board)\n`);
        });
    }

    test('a position that puts a piece on a hole says it is a hole, at the square', () => {
        expect(lcpn('moves', 'lisp.lcpn', 'walker', '--position', '8x8-holes:d4 w:walker@d4')).toMatchObject({
            code: 2, stdout: '', stderr: 'lcpn: --position: column 23: d4 is a hole of the 8x8 board\n'
        });
        // Without a size, on the file's declared board (holes d4 and e5).
        expect(lcpn('show', 'c.lcpn', '--position', 'w:walker@e5')).toMatchObject({ code: 2, stderr: 'lcpn: --position: column 10: e5 is a hole of the 8x8 board\n' });
    });
});
