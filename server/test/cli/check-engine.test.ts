/**
 * `lcpn check` reports what the engine knows, where it is written, as the editor does
 * (issue 8 §3: "lcpn check and the editor report what show notes").
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
let dir: string;

beforeAll(() => {
    if (!existsSync(join(root, 'dist/cli.cjs'))) throw new Error('dist/cli.cjs is missing: run `npm run build` (npm test does)');
    dir = mkdtempSync(join(tmpdir(), 'lcpn-check-engine-'));
    writeFileSync(join(dir, 'e.lcpn'), [
        '(def a (=> (igui ferz) rook))',
        'b := capture(move(rook))',
        'c IS [1, 2, 3] OR wazir',
        '(def d (wazir :within-fortress))',
        '(def ok (capture (=> ferz rook)))',
        ''
    ].join('\n'));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('errors and notes at the written node, in all three styles; exit 1', () => {
    const result = spawnSync(process.execPath, [join(root, 'bin/lcpn.cjs'), 'check', 'e.lcpn'], { cwd: dir, encoding: 'utf8' });
    expect(result.status).toBe(1);
    const lines = result.stdout.trim().split('\n').map((l) => l.replace(/: (error|warning|info): .*$/, ': $1'));
    expect(lines).toEqual(['e.lcpn:1:12: error', 'e.lcpn:2:14: error', 'e.lcpn:3:6: error', 'e.lcpn:4:15: warning']);
    expect(result.stdout).toContain('e.lcpn:1:12: error: igui on a leg that another leg follows');
});
