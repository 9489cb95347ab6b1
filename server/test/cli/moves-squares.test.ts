/**
 * `lcpn moves`: the fields added for issue 8 §3 and issue 10's contract (square names, the
 * enemies it can take, igui targets, promotions) next to the unchanged `moves`/`captures`, and
 * the readable list printed without `--json`. Expected squares are worked out by hand.
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
const json = (...args: string[]) => JSON.parse(lcpn('moves', 'p.lcpn', ...args, '--json').stdout);

beforeAll(() => {
    if (!existsSync(join(root, 'dist/cli.cjs'))) throw new Error('dist/cli.cjs is missing: run `npm run build` (npm test does)');
    dir = mkdtempSync(join(tmpdir(), 'lcpn-moves-'));
    writeFileSync(join(dir, 'p.lcpn'), [
        '(def promoter (=> (move (wazir :forward)) (promote-to queen rook)))',
        'shooter := move(knight) -> igui(wazir:forward:any)',
        'locust IS capturing ferz => rook',
        ''
    ].join('\n'));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('lcpn moves --json', () => {
    test('an enemy in the set-up is in neither offset list but in takeSquares; square names mirror the offsets', () => {
        expect(json('rook', '--board', '5x5', '--at', 'a1', '--enemy', 'a3')).toEqual({
            piece: 'rook', board: { files: 5, ranks: 5 }, at: 'a1',
            moves: [[0, 1], [1, 0], [2, 0], [3, 0], [4, 0]],
            captures: [[0, 1], [1, 0], [2, 0], [3, 0], [4, 0]],
            moveSquares: ['a2', 'b1', 'c1', 'd1', 'e1'],
            captureSquares: ['a2', 'b1', 'c1', 'd1', 'e1'],
            takeSquares: ['a3'],
            iguiSquares: [],
            iguiFrom: {},
            promotions: {},
            locustSquares: [],
            side: 'white',
            firstMove: false,
            firstMoveSquares: [],
            boardSpec: '5x5'
        });
    });

    test('a friend is never taken; an enemy behind it is out of reach', () => {
        const r = json('rook', '--board', '5x5', '--at', 'a1', '--friend', 'a2', '--enemy', 'a3,b1');
        expect(r.moveSquares).toEqual([]);
        expect(r.takeSquares).toEqual(['b1']);
    });

    test('promotion is a field: square -> choices', () => {
        const r = json('promoter', '--board', '8x8', '--at', 'e7');
        expect(r.moves).toEqual([[0, 1]]);
        expect(r.promotions).toEqual({ e8: ['queen', 'rook'] });
        // The annotation is on the sequence, not tied to a rank: it applies wherever the piece arrives.
        expect(json('promoter', '--board', '8x8', '--at', 'e5').promotions).toEqual({ e6: ['queen', 'rook'] });
    });

    test('capturing on the way is a field of its own: each captured square with its landing square', () => {
        // locust IS capturing ferz => rook, on c3 with an enemy on d4: d4 is removed, the rook rides on outward.
        const r = json('locust', '--board', '5x5', '--at', 'c3', '--enemy', 'd4');
        expect(r.locustSquares).toEqual([{ capture: ['d4'], to: 'd5' }, { capture: ['d4'], to: 'e4' }]);
        expect(r.moveSquares).toEqual(['d5', 'e4']);
        expect(r.takeSquares).toEqual([]);
    });

    test('igui after moving: the targets, and where each capture is made from', () => {
        const r = json('shooter', '--board', '5x5', '--at', 'c3');
        expect(r.moveSquares).toEqual(['a2', 'a4', 'b1', 'b5', 'd1', 'd5', 'e2', 'e4']);
        expect(r.iguiSquares).toEqual(['a3', 'a5', 'b2', 'd2', 'e3', 'e5']);
        expect(r.captureSquares).toEqual(['a3', 'a5', 'b2', 'd2', 'e3', 'e5']);
        expect(r.iguiFrom).toEqual({ a3: ['a2'], a5: ['a4'], b2: ['b1'], d2: ['d1'], e3: ['e2'], e5: ['e4'] });
        // An enemy on an igui target is taken from where the piece stands.
        expect(json('shooter', '--board', '5x5', '--at', 'c3', '--enemy', 'e5').takeSquares).toEqual(['e5']);
    });
});

describe('lcpn moves without --json', () => {
    test('a readable list of square names', () => {
        const result = lcpn('moves', 'p.lcpn', 'rook', '--board', '5x5', '--at', 'a1', '--enemy', 'a3');
        expect(result.code).toBe(0);
        expect(result.stdout).toBe([
            'rook on a1, 5x5 board',
            '  moves to: a2 b1 c1 d1 e1',
            '  captures on (if an enemy stood there): a2 b1 c1 d1 e1',
            '  takes the enemy on: a3',
            ''
        ].join('\n'));
    });

    test('promotion and igui lines; a piece that cannot move says so, and why on stderr', () => {
        expect(lcpn('moves', 'p.lcpn', 'promoter', '--board', '8x8', '--at', 'e7').stdout).toContain('  promotes on e8 to queen, rook\n');
        expect(lcpn('moves', 'p.lcpn', 'shooter', '--board', '5x5', '--at', 'c3').stdout).toContain('  of these, after moving first: a3 from a2; a5 from a4; b2 from b1; d2 from d1; e3 from e2; e5 from e4\n');
        // Capturing on the way needs an enemy to capture: none, no moves (and nothing wrong).
        const locust = lcpn('moves', 'p.lcpn', 'locust', '--board', '5x5', '--at', 'c3');
        expect(locust.stdout).toBe('locust on c3, 5x5 board\n  no moves in this set-up\n');
        expect(locust.stderr).toBe('');
        const withEnemy = lcpn('moves', 'p.lcpn', 'locust', '--board', '5x5', '--at', 'c3', '--enemy', 'd4');
        expect(withEnemy.stdout).toContain('  captures on the way d4, lands on d5\n  captures on the way d4, lands on e4\n');
    });
});
