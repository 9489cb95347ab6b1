/**
 * Which files the CLI reads (docs/cli.md): names resolve exactly as in the editor. A named file
 * sees its own definitions, the files it imports (read from its directory) and the prelude,
 * never the other files of its directory; standard input's imports are read from --workspace
 * DIR; output is for the named files only. Also `lcpn show` on a directory (what `npm start`
 * runs): paths relative to where it runs, a summary line.
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
    writeFileSync(join(dir, 'c.lcpn'), '(def user (/ dup-piece knight))\n(import a)\n(import b)\n');
    writeFileSync(join(dir, 'd.lcpn'), '(def uses-a only-in-a)\n(def uses-deep deep-piece)\n(import a)\n');
    writeFileSync(join(dir, 'own.lcpn'), '(def dup-piece [0 2])\n(def mine dup-piece)\n(import a)\n');
    writeFileSync(join(dir, 'plain.lcpn'), '(def user (/ dup-piece only-in-a))\n');
    writeFileSync(join(dir, 'lost.lcpn'), '(import nowhere)\n(def x only-in-nowhere)\n');
    mkdirSync(join(dir, 'sub'));
    writeFileSync(join(dir, 'sub', 'deep.lcpn'), '(def deep-piece [0 3])\n');
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the files a named file sees', () => {
    test('a name defined in two imported files is an error at the use that names both files', () => {
        const result = runLcpn(dir, ['check', 'c.lcpn']);
        expect(result.code).toBe(1);
        const lines = result.stdout.trim().split('\n');
        expect(lines).toHaveLength(1);
        expect(lines[0]).toMatch(/^c\.lcpn:1:14: error: .*dup-piece.*a\.lcpn.*b\.lcpn/);
    });

    test("a file's own definition wins over an imported file's", () => {
        expect(runLcpn(dir, ['check', 'own.lcpn'])).toMatchObject({ code: 0, stdout: '' });
        const moves = JSON.parse(runLcpn(dir, ['moves', 'own.lcpn', 'mine', '--json']).stdout);
        expect(moves.moves).toEqual([[-2, 0], [0, -2], [0, 2], [2, 0]]);
    });

    test('imported files are seen, other files of the directory are not; diagnostics are for the named file only', () => {
        const plain = runLcpn(dir, ['check', 'plain.lcpn']);
        expect(plain.stdout).toMatch(/^plain\.lcpn:1:14: error: unknown piece 'dup-piece'.*\nplain\.lcpn:1:24: error: unknown piece 'only-in-a'/);
        const result = runLcpn(dir, ['check', 'd.lcpn']);
        // a.lcpn's own error (knigth) is not reported: only d.lcpn was named.
        expect(result.stdout).not.toContain('a.lcpn');
        expect(result.stdout).toMatch(/^d\.lcpn:2:16: error: unknown piece 'deep-piece'/);
        expect(result.stdout.trim().split('\n')).toHaveLength(1);
        expect(result.stderr).toBe('1 file checked: 1 error, 0 warnings\n');
    });

    test('a file whose import is not there: the error at the import, and its names unknown', () => {
        const result = runLcpn(dir, ['check', 'lost.lcpn']);
        expect(result.code).toBe(1);
        expect(result.stdout).toMatch(/^lost\.lcpn:1:9: error: cannot import 'nowhere': nowhere\.lcpn in .* cannot be read: does not exist/);
        expect(result.stdout).toContain("lost.lcpn:2:8: error: unknown piece 'only-in-nowhere'");
    });

    test("standard input's imports are read from --workspace DIR (for named files it changes nothing)", () => {
        const input = '(def x (/ only-in-a deep-piece))\n(import a)\n';
        expect(runLcpn(dir, ['check', '-'], input).stdout).toMatch(/^<stdin>:2:9: error: cannot import 'a'/m);
        const inDir = runLcpn(join(dir, 'sub'), ['check', '-', '--workspace', '..'], input);
        expect(inDir.stdout.trim().split('\n')).toEqual([expect.stringMatching(/^<stdin>:1:21: error: unknown piece 'deep-piece'/)]);
        expect(runLcpn(dir, ['check', 'd.lcpn', '--workspace', 'sub']).stdout).toBe(runLcpn(dir, ['check', 'd.lcpn']).stdout);
    });

    test('--workspace must be a directory', () => {
        expect(runLcpn(dir, ['check', 'd.lcpn', '--workspace', 'a.lcpn'])).toMatchObject({ code: 2, stderr: 'lcpn: --workspace a.lcpn: not a directory (the workspace is a folder, as in the editor)\n' });
        expect(runLcpn(dir, ['check', 'd.lcpn', '--workspace', 'nowhere'])).toMatchObject({ code: 2, stderr: 'lcpn: --workspace nowhere: no such directory (or it cannot be read)\n' });
    });

    test('moves, show and convert of a file with an import read the imported file from disk', () => {
        const moves = JSON.parse(runLcpn(dir, ['moves', 'd.lcpn', 'only-in-a', '--json']).stdout);
        expect(moves.moves).toHaveLength(8);
        expect(runLcpn(dir, ['show', 'd.lcpn', 'uses-a']).stdout.split('\n')[0]).toBe('(def uses-a only-in-a)');
        expect(runLcpn(dir, ['convert', 'd.lcpn', '--to', 'sql']).stdout).toBe('uses_a IS only_in_a\n(def uses-deep deep-piece)\nIMPORT a\n');
        // The bundled examples: crazyhouse plays with chess's pieces.
        expect(runLcpn(root, ['perft', 'examples/crazyhouse.lcpn', '--depth', '2'])).toMatchObject({ code: 0, stdout: expect.stringMatching(/^nodes: 400 /) });
    });

    test('a piece that is not in the file or its imports is a clear error', () => {
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
        expect(result.stdout.trimEnd().split('\n').pop()).toBe('12 pieces in 8 files, 7 errors');
    });
});
