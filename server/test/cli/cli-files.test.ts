/**
 * `lcpn check` on special files (issue 9, "The CLI on special files"): each unreadable path is
 * one clean message that names it, nothing blocks or is read past the size limit, and the good
 * files beside it are still checked. Also: output never carries raw control characters.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { requireBundle, runLcpn, type CliResult } from './run-cli.js';

let dir: string;
const GOOD = '(def good-piece (/ wazir ferz))\n';
/** A file with one error, so that "was it checked" shows in the output. */
const CHECKED = '(def checked-piece (/ wazir knigth))\n';

beforeAll(() => {
    requireBundle();
    dir = mkdtempSync(join(tmpdir(), 'lcpn-cli-files-'));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A fresh directory holding the good files and whatever `setUp` adds. */
function folder(name: string, setUp: (path: string) => void): string {
    const path = join(dir, name);
    mkdirSync(path);
    writeFileSync(join(path, 'good.lcpn'), GOOD);
    writeFileSync(join(path, 'zz-checked.lcpn'), CHECKED);
    setUp(path);
    return path;
}

/** No stack trace, no hang, and the error in the file beside the bad one was found. */
function expectCleanAndChecked(result: CliResult): void {
    expect(result.signal).toBeNull();
    expect(result.stderr).not.toMatch(/internal error|\n\s+at /);
    expect(result.stdout).toContain("zz-checked.lcpn:1:29: error: unknown piece 'knigth'");
    expect(result.code).toBe(2);
}

describe('special files next to good ones', () => {
    test('a FIFO named x.lcpn does not block: it is reported and skipped', () => {
        const path = folder('fifo', (p) => execFileSync('mkfifo', [join(p, 'x.lcpn')]));
        const result = runLcpn(path, ['check', '.']);
        expectCleanAndChecked(result);
        expect(result.stderr).toContain('lcpn: x.lcpn: a named pipe (FIFO), not a regular file; only regular files are read\n');
        // Named on its own, it is the same message (and nothing else to check is a usage error).
        expect(runLcpn(path, ['check', 'x.lcpn'])).toMatchObject({ code: 2, stderr: 'lcpn: x.lcpn: a named pipe (FIFO), not a regular file; only regular files are read\n' });
        // Beside a named file it is never read (a file sees only what it imports).
        expect(runLcpn(path, ['check', 'good.lcpn'])).toMatchObject({ code: 0, stdout: '', stderr: '1 file checked: 0 errors, 0 warnings\n' });
        // Imported, it is not read either: the import is an error that says why.
        writeFileSync(join(path, 'importer.lcpn'), '(import x)\n(def y wazir)\n');
        const imported = runLcpn(path, ['check', 'importer.lcpn']);
        expect(imported.code).toBe(1);
        expect(imported.stdout).toMatch(/^importer\.lcpn:1:9: error: cannot import 'x': x\.lcpn in .* cannot be read: is not a regular file \(a pipe, socket or device\)/);
    });

    test('/dev/zero and /dev/urandom behind a name ending in .lcpn are not read', () => {
        const path = folder('devices', (p) => {
            symlinkSync('/dev/zero', join(p, 'zero.lcpn'));
            symlinkSync('/dev/urandom', join(p, 'random.lcpn'));
        });
        const result = runLcpn(path, ['check', '.']);
        expectCleanAndChecked(result);
        expect(result.stderr).toContain('lcpn: zero.lcpn: a character device, not a regular file; only regular files are read\n');
        expect(result.stderr).toContain('lcpn: random.lcpn: a character device, not a regular file; only regular files are read\n');
    });

    test('a 2 GiB (sparse) file and a 600 MB one are refused by size, without reading them', () => {
        const path = folder('big', (p) => {
            execFileSync('truncate', ['-s', '2G', join(p, 'huge.lcpn')]);
            execFileSync('truncate', ['-s', '600M', join(p, 'dump.lcpn')]);
        });
        const result = runLcpn(path, ['check', '.']);
        expectCleanAndChecked(result);
        expect(result.stderr).toContain('lcpn: huge.lcpn: too large to read (2048 MB; the limit is 16 MB)\n');
        expect(result.stderr).toContain('lcpn: dump.lcpn: too large to read (600 MB; the limit is 16 MB)\n');
    });

    test('a file just over the limit is refused, one at the limit is read', () => {
        const path = folder('limit', (p) => {
            writeFileSync(join(p, 'over.lcpn'), Buffer.alloc(16 * 1024 * 1024 + 1, ' '));
        });
        const result = runLcpn(path, ['check', '.']);
        expectCleanAndChecked(result);
        expect(result.stderr).toContain('lcpn: over.lcpn: too large to read (16,777,217 bytes; the limit is 16,777,216 bytes)\n');
        writeFileSync(join(path, 'over.lcpn'), Buffer.alloc(16 * 1024 * 1024, ' '));
        expect(runLcpn(path, ['check', 'over.lcpn'])).toMatchObject({ code: 0, stderr: 'lcpn: note: over.lcpn is empty: it defines no pieces\n1 file checked: 0 errors, 0 warnings\n' });
    });

    test('a dangling symbolic link and a symbolic link loop are named, not stack traces', () => {
        const path = folder('links', (p) => {
            symlinkSync('missing-target.lcpn', join(p, 'dangling.lcpn'));
            symlinkSync('loop-b.lcpn', join(p, 'loop-a.lcpn'));
            symlinkSync('loop-a.lcpn', join(p, 'loop-b.lcpn'));
        });
        const result = runLcpn(path, ['check', '.']);
        expectCleanAndChecked(result);
        expect(result.stderr).toContain("lcpn: dangling.lcpn: a dangling symbolic link: its target 'missing-target.lcpn' does not exist\n");
        expect(result.stderr).toContain('lcpn: loop-a.lcpn: a symbolic link loop: following the links never reaches a file\n');
        expect(result.stderr).toContain('lcpn: loop-b.lcpn: a symbolic link loop: following the links never reaches a file\n');
        expect(result.stderr).toContain('2 files checked: 1 error, 0 warnings; 3 paths could not be read\n');
    });

    test('a directory symbolic link loop is reported once and the walk ends', () => {
        const path = folder('dirloop', (p) => {
            mkdirSync(join(p, 'sub'));
            writeFileSync(join(p, 'sub', 'inner.lcpn'), GOOD.replace('good-piece', 'inner-piece'));
            symlinkSync('..', join(p, 'sub', 'up'));
        });
        const result = runLcpn(path, ['check', '.']);
        expectCleanAndChecked(result);
        expect(result.stderr).toContain('lcpn: sub/up: a symbolic link loop: this directory leads back to ., which is already being read\n');
        expect(result.stderr).toContain('3 files checked: 1 error, 0 warnings; 1 path could not be read\n');
    });

    test('a file that cannot be opened (mode 000) is reported; skipped under root, which can read it', () => {
        const path = folder('unreadable', (p) => {
            writeFileSync(join(p, 'secret.lcpn'), GOOD.replace('good-piece', 'secret-piece'));
            chmodSync(join(p, 'secret.lcpn'), 0o000);
        });
        const result = runLcpn(path, ['check', '.']);
        expect(result.stdout).toContain("zz-checked.lcpn:1:29: error: unknown piece 'knigth'");
        if (process.getuid?.() === 0) return;
        expect(result.stderr).toContain('lcpn: secret.lcpn: permission denied\n');
        expect(result.code).toBe(2);
    });
});

describe('file names', () => {
    test('a name that is not valid UTF-8 is reported with a way out, the other files are checked', () => {
        const path = folder('bytes', (p) => writeFileSync(Buffer.concat([Buffer.from(join(p, 'bad')), Buffer.from([0xff]), Buffer.from('.lcpn')]), GOOD));
        const result = runLcpn(path, ['check', '.']);
        expectCleanAndChecked(result);
        expect(result.stderr).toContain('lcpn: bad\ufffd.lcpn: its name is not valid UTF-8, so it cannot be opened by name; rename it\n');
    });
});

describe('paths that are not .lcpn files', () => {
    test('a file with another extension is a clear error, and the other paths are still checked', () => {
        const path = folder('extension', (p) => writeFileSync(join(p, 'notes.txt'), 'not lcpn'));
        const result = runLcpn(path, ['check', 'notes.txt', 'zz-checked.lcpn']);
        expect(result.stderr).toContain('lcpn: notes.txt: not an LCPN file: the name must end in .lcpn\n');
        expect(result.stdout).toContain("zz-checked.lcpn:1:29: error: unknown piece 'knigth'");
        expect(result.code).toBe(2);
        expect(runLcpn(path, ['check', 'notes.txt'])).toMatchObject({ code: 2, stdout: '', stderr: 'lcpn: notes.txt: not an LCPN file: the name must end in .lcpn\n' });
    });

    test('an empty file says so; an empty directory says so', () => {
        const path = folder('empty', (p) => {
            writeFileSync(join(p, 'blank.lcpn'), '\n\n');
            mkdirSync(join(p, 'nothing-here'));
            writeFileSync(join(p, 'nothing-here', 'readme.txt'), 'no lcpn files');
        });
        expect(runLcpn(path, ['check', 'blank.lcpn'])).toMatchObject({ code: 0, stdout: '', stderr: 'lcpn: note: blank.lcpn is empty: it defines no pieces\n1 file checked: 0 errors, 0 warnings\n' });
        expect(runLcpn(path, ['check', 'nothing-here'])).toMatchObject({ code: 2, stderr: 'lcpn: nothing-here: no .lcpn files in this directory\n' });
        expect(runLcpn(path, ['show', 'blank.lcpn']).stdout).toBe('blank.lcpn defines no pieces (the file is empty)\n\n0 pieces in 1 file, 0 errors\n');
    });
});

describe('user text is printed with its control characters visible', () => {
    test('a file name with a newline cannot forge a diagnostic line', () => {
        const name = 'a\n:1:1: error: spoofed.lcpn';
        const path = folder('spoof', (p) => writeFileSync(join(p, name), '(def a (/ wazir knigth))\n'));
        const result = runLcpn(path, ['check', '.']);
        const lines = result.stdout.split('\n').filter(Boolean);
        expect(lines).toContain("a\\n:1:1: error: spoofed.lcpn:1:17: error: unknown piece 'knigth': no definition in this file, the files it imports or the standard prelude; did you mean 'knight'?");
        // Every line is one real diagnostic: none starts with the forged text.
        expect(lines.every((l) => /^(a\\n:1:1: error: spoofed|zz-checked)\.lcpn:\d+:\d+: /.test(l))).toBe(true);
        // Named on the command line (a path problem): the same escape.
        expect(runLcpn(path, ['check', 'missing\n:1:1: error: x.lcpn']).stderr).toBe('lcpn: missing\\n:1:1: error: x.lcpn: no such file or directory\n');
    });

    test('terminal escape sequences in strings and names never reach the terminal raw', () => {
        const path = folder('escapes', (p) => writeFileSync(join(p, 'colour.lcpn'),
            '(def painted "\x1b[31mred\x1b]0;title\x07 \u202eevil")\n(def other (/ wazir "\x1b[2J"))\n'));
        const outputs = [runLcpn(path, ['check', 'colour.lcpn']), runLcpn(path, ['show', 'colour.lcpn']), runLcpn(path, ['convert', 'colour.lcpn', '--to', 'betza']),
            runLcpn(path, ['moves', 'colour.lcpn', 'other']), runLcpn(path, ['moves', 'colour.lcpn', 'painted', '--json'])];
        for (const result of outputs) {
            // eslint-disable-next-line no-control-regex -- looks for control characters on purpose
            expect(result.stdout + result.stderr).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f\u202e]/);
        }
        expect(outputs[3].stderr).toContain('informal description "\\x1b[2J" is not evaluated');
        expect(outputs[1].stdout).toContain('(def painted "\\x1b[31mred\\x1b]0;title\\x07 \\u202eevil")');
        expect(outputs[1].stdout).toContain('note: informal description "\\x1b[31mred\\x1b]0;title\\x07 \\u202eevil" is not evaluated');
    });

    test('a Betza string with an escape sequence is shown escaped, the caret under it', () => {
        const result = runLcpn(dir, ['moves', '--betza', 'W\x1b[31mx', '--json']);
        expect(result.code).toBe(2);
        // eslint-disable-next-line no-control-regex -- looks for the escape character on purpose
        expect(result.stderr).not.toMatch(/\x1b/);
        expect(result.stderr).toContain('W\\x1b[31mx');
    });
});
