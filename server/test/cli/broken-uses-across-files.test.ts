/**
 * `lcpn check` on a folder says what the editor says of a use of an imported file's broken
 * definition: the broken-definition warning naming that file and line, not "not defined".
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { requireBundle, runLcpn } from './run-cli.js';

let dir: string;
beforeAll(() => {
    requireBundle();
    dir = mkdtempSync(join(tmpdir(), 'lcpn-broken-uses-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test.each([
    ['lisp', '(def other wazir)\n(def deep zone a1)\n', '(def mover (cond ((in deep) rook) (t bishop)))\n(def m-ii (rook :deep))\n(import a)\n'],
    ['c', 'other := wazir\ndeep := zone a1\n', 'mover := if (in(deep)) { rook } else { bishop }\nm_ii := rook:deep\nimport a\n'],
    ['sql', 'other IS wazir\ndeep IS zone a1\n', 'mover IS IF in(deep) THEN rook ELSE bishop END\nm_ii IS rook:deep\nIMPORT a\n']
])('%s: check on a folder names the file and line of the broken definition', (style, a, b) => {
    const folder = mkdtempSync(join(dir, `${style}-`));
    writeFileSync(join(folder, 'a.lcpn'), a);
    writeFileSync(join(folder, 'b.lcpn'), b);
    const result = runLcpn(folder, ['check', '.']);
    const bLines = result.stdout.split('\n').filter((l) => l.startsWith('b.lcpn:'));
    expect(bLines, result.stdout + result.stderr).toHaveLength(2);
    expect(bLines[0]).toMatch(/^b\.lcpn:1:\d+: warning: \(in deep\): 'deep' is a definition with a syntax error \(a\.lcpn, line 2\): it does not restrict the moves until that is fixed$/);
    expect(bLines[1]).toMatch(/^b\.lcpn:2:\d+: warning: ':deep' names a definition with a syntax error \(a\.lcpn, line 2\): it does not restrict the moves until that is fixed$/);
    expect(result.stdout).not.toContain('not defined');
    expect(result.stdout).not.toContain('unknown keyword');
});
