/**
 * `lcpn convert` (issue 8 §6, issue 9 "convert DIR"): every file of a directory is converted
 * (into --out DIR or in place with --write, never silently only the first), definitions with
 * errors are left as written and counted, and notation strings convert between every pair.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, chmodSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { requireBundle, runLcpn } from './run-cli.js';

let dir: string;
const ORTHO = '; leapers\n(def my-knight [1 2])\n(def my-rook (wazir :rider))\n';
const FAIRY = 'squirrel IS knight OR dabbabah OR alfil\n';
const BROKEN = '(def good ferz)\n(def half (/ wazir\n';

function tree(name: string): string {
    const path = join(dir, name);
    mkdirSync(join(path, 'src', 'deep'), { recursive: true });
    writeFileSync(join(path, 'src', 'ortho.lcpn'), ORTHO);
    writeFileSync(join(path, 'src', 'fairy.lcpn'), FAIRY);
    writeFileSync(join(path, 'src', 'deep', 'broken.lcpn'), BROKEN);
    writeFileSync(join(path, 'src', 'notes.txt'), 'not converted');
    return path;
}

beforeAll(() => {
    requireBundle();
    dir = mkdtempSync(join(tmpdir(), 'lcpn-cli-convert-'));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('convert a directory', () => {
    test('without --out or --write it refuses, rather than converting only the first file', () => {
        const path = tree('refuse');
        const result = runLcpn(path, ['convert', 'src', '--to', 'c']);
        expect(result).toMatchObject({ code: 2, stdout: '' });
        expect(result.stderr).toBe('lcpn: convert: several files are converted into files: give --out DIR (written there, in the same layout) or --write (each converted in place)\n');
        expect(runLcpn(path, ['convert', 'src/ortho.lcpn', 'src/fairy.lcpn', '--to', 'c']).code).toBe(2);
    });

    test('--out DIR: every file, in the same layout; broken definitions as written and counted', () => {
        const path = tree('out');
        const result = runLcpn(path, ['convert', 'src', '--to', 'c', '--out', 'converted']);
        expect(result.code).toBe(1);
        expect(readFileSync(join(path, 'converted', 'ortho.lcpn'), 'utf8')).toBe('// leapers\nmy_knight := [1, 2]\nmy_rook := wazir:rider\n');
        expect(readFileSync(join(path, 'converted', 'fairy.lcpn'), 'utf8')).toBe('squirrel := knight / dabbabah / alfil\n');
        expect(readFileSync(join(path, 'converted', 'deep', 'broken.lcpn'), 'utf8')).toBe('good := ferz\n(def half (/ wazir\n');
        expect(existsSync(join(path, 'converted', 'notes.txt'))).toBe(false);
        expect(result.stderr).toContain("lcpn: src/deep/broken.lcpn:2: 'half' was left as written: it has a syntax error\n");
        expect(result.stderr).toContain('3 files converted to c in converted; 1 definition with errors left as written\n');
        // The sources are untouched.
        expect(readFileSync(join(path, 'src', 'ortho.lcpn'), 'utf8')).toBe(ORTHO);
    });

    test('--write converts each file in place, keeping its permissions', () => {
        const path = tree('write');
        chmodSync(join(path, 'src', 'fairy.lcpn'), 0o640);
        const result = runLcpn(path, ['convert', 'src', '--to', 'c', '--write']);
        expect(result.code).toBe(1);
        expect(readFileSync(join(path, 'src', 'fairy.lcpn'), 'utf8')).toBe('squirrel := knight / dabbabah / alfil\n');
        expect(statSync(join(path, 'src', 'fairy.lcpn')).mode & 0o777).toBe(0o640);
        expect(readFileSync(join(path, 'src', 'deep', 'broken.lcpn'), 'utf8')).toBe('good := ferz\n(def half (/ wazir\n');
        expect(result.stderr).toContain('3 files converted to c in place; 1 definition with errors left as written\n');
        // Converting back gives the definitions as they were written (the broken one was never touched).
        runLcpn(path, ['convert', 'src', '--to', 'lisp', '--write']);
        expect(readFileSync(join(path, 'src', 'deep', 'broken.lcpn'), 'utf8')).toBe(BROKEN);
        expect(readFileSync(join(path, 'src', 'ortho.lcpn'), 'utf8')).toBe(ORTHO);
    });

    test('--out never overwrites a source, and --out with --write is refused', () => {
        const path = tree('overwrite');
        expect(runLcpn(path, ['convert', 'src/ortho.lcpn', '--to', 'sql', '--out', 'src'])).toMatchObject({ code: 2, stderr: expect.stringContaining('lcpn: convert: --out would overwrite src/ortho.lcpn; use --write to convert files in place') });
        expect(readFileSync(join(path, 'src', 'ortho.lcpn'), 'utf8')).toBe(ORTHO);
        expect(runLcpn(path, ['convert', 'src', '--to', 'c', '--out', 'x', '--write']).stderr).toBe('lcpn: convert: give either --out DIR or --write, not both\n');
    });

    test('to Betza, a directory gives "name: notation" lines under a header per file', () => {
        const path = tree('betza');
        const result = runLcpn(path, ['convert', 'src', '--to', 'betza']);
        expect(result.stdout).toBe('== src/deep/broken.lcpn\ngood: F\n== src/fairy.lcpn\nsquirrel: NDA\n== src/ortho.lcpn\nmy-knight: N\nmy-rook: R\n');
        // A definition with an error has no notation to give: it is named and left out.
        expect(result.stderr).toContain("lcpn: src/deep/broken.lcpn:2: 'half' was left out: it has a syntax error\n");
    });
});

describe('export to a notation never exports an error', () => {
    test('a definition with an error (not only a syntax error) is left out and named', () => {
        writeFileSync(join(dir, 'errors.lcpn'), '(def too-far [99999999999999999999 1])\n(def typo (/ wazir knigth))\n(def ok ferz)\n');
        const result = runLcpn(dir, ['convert', 'errors.lcpn', '--to', 'parlett']);
        expect(result.stdout).toBe('ok: 1X\n');
        expect(result.stderr).toContain("lcpn: errors.lcpn:1: 'too-far' was left out: it has an error: this number is too large");
        expect(result.stderr).toContain("lcpn: errors.lcpn:2: 'typo' was left out: it has an error: unknown piece 'knigth'");
        expect(result.code).toBe(1);
    });
});

describe('convert notation strings', () => {
    test.each([
        ['betza', 'BN', 'lisp', '(def archbishop (/ bishop knight))'],
        ['betza', 'BN', 'c', 'archbishop := bishop / knight'],
        ['betza', 'BN', 'sql', 'archbishop IS bishop OR knight'],
        ['betza', 'fmWfcF', 'parlett', 'o1>, c1X>'],
        ['parlett', 'o1>, c1X>', 'betza', 'fmWfcF'],
        ['betza', 'NN', 'betza', 'NN'],
        ['parlett', 'n+', 'lisp', '(def rook (wazir :rider))']
    ])('--from %s %s --to %s', (from, text, to, expected) => {
        expect(runLcpn(dir, ['convert', '--from', from, text, '--to', to])).toMatchObject({ code: 0, stdout: expected + '\n' });
    });

    test('--name names the piece; a name LCPN cannot read back is refused', () => {
        expect(runLcpn(dir, ['convert', '--from', 'betza', 'NN', '--to', 'c', '--name', 'big-jumper']).stdout).toBe('big_jumper := knight:rider\n');
        expect(runLcpn(dir, ['convert', '--from', 'betza', 'fmWfcF', '--to', 'lisp', '--name', 'my-pawn']).stdout).toBe('(def my-pawn (/ (move (wazir :forward)) (capture (ferz :forward))))\n');
        const bad = runLcpn(dir, ['convert', '--from', 'betza', 'W', '--to', 'lisp', '--name', 'pawn 2']);
        expect(bad.code).toBe(2);
        expect(bad.stderr).toMatch(/^lcpn: convert: --name 'pawn 2' is not a piece name LCPN can read back/);
    });

    test('--from takes Betza, Parlett or a path only; a file keeps its names', () => {
        expect(runLcpn(dir, ['convert', '--from', 'lisp', 'x', '--to', 'c']).stderr).toBe("lcpn: convert: --from is for Betza, Parlett or path text; a file's LCPN style is read from the file itself (lcpn convert FILE --to c)\n");
        expect(runLcpn(dir, ['convert', 'x.lcpn', '--to', 'c', '--name', 'x']).stderr).toBe('lcpn: convert: --name names the piece of a Betza, Parlett or path string (--from); pieces in files keep their names\n');
        expect(runLcpn(dir, ['convert', 'x.lcpn']).stderr).toBe('lcpn: convert: say which notation to convert to with --to lisp|c|sql|betza|parlett|path|fsf|id\n');
    });
});
