/**
 * Which files the CLI loads (issue 8 §1): names resolve exactly as in the editor. A named
 * file's workspace is every .lcpn file in its directory (not recursive) plus the prelude;
 * --workspace DIR loads DIR recursively; output is for the named files only. Also `lcpn show`
 * on a directory (what `npm start` runs): paths relative to where it runs, a summary line.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { requireBundle, root, runLcpn } from './run-cli.js';

let dir: string;

beforeAll(() => {
    requireBundle();
    dir = mkdtempSync(join(tmpdir(), 'lcpn-cli-workspace-'));
    writeFileSync(join(dir, 'a.lcpn'), '(def dup-piece [0 1])\n(def only-in-a (/ wazir ferz))\n(def broken-in-a (/ wazir knigth))\n');
    writeFileSync(join(dir, 'b.lcpn'), 'dup-piece := [1, 1]\n');
    writeFileSync(join(dir, 'c.lcpn'), '(def user (/ dup-piece knight))\n');
    writeFileSync(join(dir, 'd.lcpn'), '(def uses-a only-in-a)\n(def uses-deep deep-piece)\n');
    writeFileSync(join(dir, 'own.lcpn'), '(def dup-piece [0 2])\n(def mine dup-piece)\n');
    mkdirSync(join(dir, 'sub'));
    writeFileSync(join(dir, 'sub', 'deep.lcpn'), '(def deep-piece [0 3])\n');
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the workspace of a named file', () => {
    test('a name defined in two other files of the directory is an error at the use that names both files', () => {
        const result = runLcpn(dir, ['check', 'c.lcpn']);
        expect(result.code).toBe(1);
        const lines = result.stdout.trim().split('\n');
        expect(lines).toHaveLength(1);
        expect(lines[0]).toMatch(/^c\.lcpn:1:14: error: .*dup-piece.*a\.lcpn.*b\.lcpn/);
    });

    test("a file's own definition wins over the other files'", () => {
        expect(runLcpn(dir, ['check', 'own.lcpn'])).toMatchObject({ code: 0, stdout: '' });
        const moves = JSON.parse(runLcpn(dir, ['moves', 'own.lcpn', 'mine', '--json']).stdout);
        expect(moves.moves).toEqual([[-2, 0], [0, -2], [0, 2], [2, 0]]);
    });

    test('sibling files are seen, subdirectories are not; diagnostics are for the named file only', () => {
        const result = runLcpn(dir, ['check', 'd.lcpn']);
        // a.lcpn's own error (knigth) is not reported: only d.lcpn was named.
        expect(result.stdout).not.toContain('a.lcpn');
        expect(result.stdout).toMatch(/^d\.lcpn:2:16: error: unknown piece 'deep-piece'/);
        expect(result.stdout.trim().split('\n')).toHaveLength(1);
        expect(result.stderr).toBe('1 file checked: 1 error, 0 warnings\n');
    });

    test('--workspace DIR loads DIR recursively, as the editor loads an open folder', () => {
        expect(runLcpn(dir, ['check', 'd.lcpn', '--workspace', '.'])).toMatchObject({ code: 0, stdout: '' });
        expect(runLcpn(join(dir, 'sub'), ['check', '../d.lcpn', '--workspace', '..'])).toMatchObject({ code: 0, stdout: '' });
        const shown = runLcpn(dir, ['show', 'd.lcpn', 'uses-deep', '--workspace', '.']);
        expect(shown.code).toBe(0);
        expect(shown.stdout.split('\n')[0]).toBe('(def uses-deep deep-piece)');
    });

    test('--workspace must be a directory', () => {
        expect(runLcpn(dir, ['check', 'd.lcpn', '--workspace', 'a.lcpn'])).toMatchObject({ code: 2, stderr: 'lcpn: --workspace a.lcpn: not a directory (the workspace is a folder, as in the editor)\n' });
        expect(runLcpn(dir, ['check', 'd.lcpn', '--workspace', 'nowhere'])).toMatchObject({ code: 2, stderr: 'lcpn: --workspace nowhere: no such directory (or it cannot be read)\n' });
    });

    test('a piece that is not in the file or its workspace is a clear error', () => {
        expect(runLcpn(dir, ['moves', 'c.lcpn', 'deep-piece', '--json'])).toMatchObject({ code: 2, stderr: expect.stringContaining("no piece named 'deep-piece' in c.lcpn, the files it imports or the prelude") });
    });
});

describe('lcpn show on a directory (npm start)', () => {
    test('the examples: headers relative to the working directory, and a summary line', () => {
        const result = runLcpn(root, ['show', 'examples/']);
        expect(result.stderr).toBe('');
        expect(result.code).toBe(0);
        const lines = result.stdout.trimEnd().split('\n');
        const files = readdirSync(join(root, 'examples')).filter((f) => f.endsWith('.lcpn')).sort();
        expect(files).toContain('fairy.sql.lcpn');
        expect(lines.filter((l) => l.startsWith('== '))).toEqual(files.map((f) => `== examples/${f}`));
        // Boards, zones and conditions are definitions but not pieces: counted apart.
        expect(lines[lines.length - 1]).toMatch(new RegExp(`^\\d+ pieces( and \\d+ other definitions?)? in ${files.length} files, 0 errors$`));
        // Each definition is echoed in the style it was written in: the SQL file's headers are SQL.
        const sql = lines.slice(lines.indexOf('== examples/fairy.sql.lcpn') + 2);
        expect(sql[0]).toMatch(/^\w+ IS /);
    });

    test('a directory with errors counts them in the summary; from a subdirectory, paths climb with ..', () => {
        const result = runLcpn(join(dir, 'sub'), ['show', '..']);
        expect(result.code).toBe(1);
        expect(result.stdout).toContain('== ../a.lcpn\n');
        expect(result.stdout).toContain('== deep.lcpn\n');
        expect(result.stdout.trimEnd().split('\n').pop()).toBe('10 pieces in 6 files, 2 errors');
    });
});
