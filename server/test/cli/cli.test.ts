/**
 * The `lcpn` command run as a user runs it: the bundled CLI (built by `npm test`'s build step)
 * in a child process, on files written to a temporary directory.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
const cli = join(root, 'bin/lcpn.cjs');
let dir: string;

function lcpn(...args: string[]) {
    const result = spawnSync(process.execPath, [cli, ...args], { cwd: dir, encoding: 'utf8' });
    return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

beforeAll(() => {
    if (!existsSync(join(root, 'dist/cli.cjs'))) throw new Error('dist/cli.cjs is missing: run `npm run build` (npm test does)');
    dir = mkdtempSync(join(tmpdir(), 'lcpn-cli-'));
    writeFileSync(join(dir, 'pieces.lcpn'), [
        '; three styles in one file',
        '(def chinese-horse (=> wazir (ferz :outward)))',
        'cannon := move(rook) / capture & cannon(rook)',
        'sergeant IS capturing ferz OR moving wazir',
        ''
    ].join('\n'));
    writeFileSync(join(dir, 'broken.lcpn'), '(def a (/ wazir ferz)\nb := knigth\nc := /\n');
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('lcpn check', () => {
    test('a clean file: exit 0, nothing on stdout', () => {
        const result = lcpn('check', 'pieces.lcpn');
        expect(result).toMatchObject({ code: 0, stdout: '' });
        expect(result.stderr).toBe('1 file checked: 0 errors, 0 warnings\n');
    });

    test('errors are file:line:col: severity: message, and exit 1', () => {
        const result = lcpn('check', 'broken.lcpn');
        expect(result.code).toBe(1);
        const lines = result.stdout.trim().split('\n');
        expect(lines).toContain("broken.lcpn:2:6: error: unknown piece 'knigth': no definition in this file, the files it imports or the standard prelude; did you mean 'knight'?");
        expect(lines.every((l) => /^broken\.lcpn:\d+:\d+: (error|warning|info): /.test(l))).toBe(true);
    });

    test('a directory is checked file by file; a missing path is a usage error', () => {
        expect(lcpn('check', '.').code).toBe(1);
        expect(lcpn('check', 'missing.lcpn')).toMatchObject({ code: 2, stderr: 'lcpn: missing.lcpn: no such file or directory\n' });
    });
});

describe('lcpn moves --json', () => {
    test('exactly one JSON object, offsets sorted, default 15x15 board with the piece in the centre', () => {
        const result = lcpn('moves', 'pieces.lcpn', 'sergeant', '--json');
        expect(result.code).toBe(0);
        // The original fields exactly as they were (scripts rely on them); newer fields come after.
        expect(JSON.parse(result.stdout)).toMatchObject({
            piece: 'sergeant', board: { files: 15, ranks: 15 }, at: 'h8',
            moves: [[-1, 0], [0, -1], [0, 1], [1, 0]],
            captures: [[-1, -1], [-1, 1], [1, -1], [1, 1]]
        });
    });

    test('blockers: the Chinese horse is lamed by a friend, the cannon captures over a screen', () => {
        const horse = JSON.parse(lcpn('moves', 'pieces.lcpn', 'chinese-horse', '--board', '9x10', '--at', 'e5', '--friend', 'e6', '--json').stdout);
        expect(horse.moves).toEqual([[-2, -1], [-2, 1], [-1, -2], [1, -2], [2, -1], [2, 1]]);
        const cannon = JSON.parse(lcpn('moves', 'pieces.lcpn', 'CANNON', '--board', '5x5', '--at', 'a1', '--enemy', 'a3', '--json').stdout);
        expect(cannon).toMatchObject({ piece: 'cannon', board: { files: 5, ranks: 5 }, at: 'a1', moves: [[0, 1], [1, 0], [2, 0], [3, 0], [4, 0]], captures: [[0, 3], [0, 4]] });
    });

    test('bad options are one-line usage errors', () => {
        // Rectangles go up to 64x64 since issue 11 (geometry/limits.ts).
        expect(lcpn('moves', 'pieces.lcpn', 'sergeant', '--board', '70x2', '--json')).toMatchObject({ code: 2, stderr: 'lcpn: --board: board 70x2: each side must be a whole number from 1 to 64\n' });
        expect(lcpn('moves', 'pieces.lcpn', 'sergeant', '--at', 'z9', '--json')).toMatchObject({ code: 2, stderr: 'lcpn: --at: z9 is not on the 15x15 board\n' });
        expect(lcpn('moves', 'pieces.lcpn', 'sergant', '--json')).toMatchObject({ code: 2, stderr: expect.stringContaining("did you mean 'sergeant'?") });
        expect(lcpn('moves', 'pieces.lcpn', 'sergeant', '--friend', 'h8', '--json').stderr)
            .toBe('lcpn: --friend: h8 is where the piece stands when --at is not given; put the friend piece elsewhere, or say where the piece stands with --at\n');
        expect(lcpn('moves', 'pieces.lcpn', 'sergeant', '--at', 'h8', '--friend', 'h8', '--json').stderr).toBe('lcpn: --friend: h8 is already occupied by the piece itself\n');
    });
});

describe('lcpn show and convert', () => {
    test('show draws each piece in the spec convention, its definition echoed in the style it was written in', () => {
        const result = lcpn('show', 'pieces.lcpn', 'sergeant');
        expect(result.code).toBe(0);
        expect(result.stdout).toBe([
            'sergeant IS capturing ferz OR moving wazir',
            '  on an empty board:',
            '    . . . . .',
            '    . x o x .',
            '    . o ! o .',
            '    . x o x .',
            '    . . . . .',
            '    ! the piece, o move only, x capture only, . empty',
            ''
        ].join('\n'));
    });

    test('show lays a long conditional out over several lines, in its own style', () => {
        writeFileSync(join(dir, 'long.lcpn'), 'step IS IF rank() = 2 THEN moving wazir:forward:2 OR capturing ferz:forward ELSE moving wazir:forward OR capturing ferz:forward END\n');
        const header = lcpn('show', 'long.lcpn', 'step').stdout.split('\n  on ')[0].split('\n');
        expect(header.length).toBeGreaterThan(1);
        expect(header[0]).toMatch(/^step IS IF rank\(\) = 2/);
        expect(header.every((l) => l.length <= 80)).toBe(true);
    });

    test('show in a set-up of your own: the whole board, labelled, with the blockers', () => {
        const result = lcpn('show', 'pieces.lcpn', 'chinese-horse', '--board', '5x5', '--at', 'c3', '--friend', 'c4', '--enemy', 'b1');
        expect(result.stdout).toBe([
            '(def chinese-horse (=> wazir (ferz :outward)))',
            '  on c3 with friends on c4 and enemies on b1:',
            '    5 . . . . .',
            '    4 X . : . X',
            '    3 . . ! . .',
            '    2 X . . . X',
            '    1 . @ . X .',
            '      a b c d e',
            '    ! the piece, X move or capture, @ enemy it captures, : friendly piece, . empty',
            ''
        ].join('\n'));
    });

    test('convert keeps comments and converts every definition', () => {
        const result = lcpn('convert', 'pieces.lcpn', '--to', 'lisp');
        expect(result.stdout).toBe([
            '; three styles in one file',
            '(def chinese-horse (=> wazir (ferz :outward)))',
            '(def cannon (/ (move rook) ((& capture cannon) rook)))',
            '(def sergeant (/ (capture ferz) (move wazir)))',
            ''
        ].join('\n'));
        expect(lcpn('convert', 'pieces.lcpn', '--to', 'sql').stdout).toContain('cannon IS moving rook OR capture AND cannon(rook)');
    });

    test('no command prints the usage and fails; help succeeds', () => {
        expect(lcpn().code).toBe(2);
        expect(lcpn('help')).toMatchObject({ code: 0, stdout: expect.stringContaining('lcpn moves FILE PIECE') });
        expect(lcpn('frobnicate')).toMatchObject({ code: 2, stderr: expect.stringContaining("unknown command 'frobnicate'") });
    });
});

describe('Betza and Parlett on the command line', () => {
    test('moves --betza and --parlett give the same JSON as an LCPN file would', () => {
        const betza = JSON.parse(lcpn('moves', '--betza', 'fmWfcF', '--json').stdout);
        expect(betza).toMatchObject({ piece: 'fmWfcF', board: { files: 15, ranks: 15 }, at: 'h8', moves: [[0, 1]], captures: [[-1, 1], [1, 1]] });
        const parlett = JSON.parse(lcpn('moves', '--parlett', 'o1>, c1X>', '--json').stdout);
        expect({ ...parlett, piece: '' }).toEqual({ ...betza, piece: '' });
    });

    test('convert --from betza to each style (standard parts named), and a file to Betza with what is lost', () => {
        expect(lcpn('convert', '--from', 'betza', 'ffNbsN', '--to', 'lisp').stdout).toBe('(def piece (/ (knight :forward-most) (knight :backward-shallow)))\n');
        expect(lcpn('convert', '--from', 'parlett', '1X.n+', '--to', 'c').stdout).toBe('piece := ferz => rook\n');
        expect(lcpn('convert', 'pieces.lcpn', '--to', 'betza').stdout).toBe('chinese-horse: nN\ncannon: mRcpR\nsergeant: cFmW\n');
    });

    test('a bad notation string points at the character', () => {
        const result = lcpn('moves', '--betza', 'fmWxQ', '--json');
        expect(result.code).toBe(2);
        expect(result.stderr).toBe([
            "lcpn: betza \"fmWxQ\" col 4: error: 'x' (relay/teleport) has no LCPN equivalent",
            '      fmWxQ',
            '         ^',
            'lcpn: the Betza string "fmWxQ" has 1 error (shown above)',
            ''
        ].join('\n'));
    });
});
