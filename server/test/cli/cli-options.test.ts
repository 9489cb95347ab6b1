/**
 * The command line itself (issue 8 §6): --version, standard input as `-`, unknown options and
 * options a command does not read, all as one clean line with a pointer to `lcpn help`.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { requireBundle, root, runLcpn } from './run-cli.js';

let dir: string;

beforeAll(() => {
    requireBundle();
    dir = mkdtempSync(join(tmpdir(), 'lcpn-cli-options-'));
    writeFileSync(join(dir, 'pieces.lcpn'), '(def sergeant (/ (capture ferz) (move wazir)))\n');
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const lcpn = (...args: string[]) => runLcpn(dir, args);

describe('version and help', () => {
    test('--version (and -v) print the package version', () => {
        const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
        expect(lcpn('--version')).toMatchObject({ code: 0, stdout: `lcpn ${version}\n`, stderr: '' });
        expect(lcpn('-v').stdout).toBe(`lcpn ${version}\n`);
    });

    test('help documents stdin, the workspace rule, the size limit and convert of several files', () => {
        const help = lcpn('help').stdout;
        for (const words of ['- for standard input', '--workspace DIR', '16 MB', '--out DIR', '--write', '--name NAME', 'Exit status']) {
            expect(help).toContain(words);
        }
    });
});

describe('bad arguments are one clean line', () => {
    test('an unknown option names itself and points at lcpn help', () => {
        expect(lcpn('check', 'pieces.lcpn', '--frobnicate')).toMatchObject({ code: 2, stdout: '', stderr: "lcpn: unknown option '--frobnicate'; run 'lcpn help' for the usage\n" });
        expect(lcpn('show', '-x', 'pieces.lcpn')).toMatchObject({ code: 2, stderr: "lcpn: unknown option '-x'; run 'lcpn help' for the usage\n" });
    });

    test('an option without its value, or with one it does not take', () => {
        expect(lcpn('convert', 'pieces.lcpn', '--to')).toMatchObject({ code: 2, stderr: "lcpn: option '--to' needs a value; run 'lcpn help' for the usage\n" });
        expect(lcpn('moves', 'pieces.lcpn', 'sergeant', '--json=yes')).toMatchObject({ code: 2, stderr: "lcpn: option '--json' takes no value; run 'lcpn help' for the usage\n" });
    });

    test('an option the command does not read is refused, not silently ignored', () => {
        expect(lcpn('check', 'pieces.lcpn', '--json')).toMatchObject({ code: 2, stderr: "lcpn: check: --json does not apply to this command; run 'lcpn help' for the usage\n" });
        expect(lcpn('show', 'pieces.lcpn', '--to', 'c')).toMatchObject({ code: 2, stderr: "lcpn: show: --to does not apply to this command; run 'lcpn help' for the usage\n" });
    });

    test('an unknown command lists the commands; its name is escaped', () => {
        expect(lcpn('chek')).toMatchObject({ code: 2, stderr: "lcpn: unknown command 'chek'; the commands are check, show, catalog, moves, perft, bestmove, convert and help; run 'lcpn help' for the usage\n" });
        expect(lcpn('\x1b[2J').stderr).toContain("unknown command '\\x1b[2J'");
    });
});

describe('a reader that stops early', () => {
    test('lcpn show DIR | head: the closed pipe ends the command quietly, without a stack trace', async () => {
        const names = Array.from({ length: 2000 }, (_, i) => `(def p${[...String(i)].map((d) => String.fromCharCode(97 + Number(d))).join('')} (/ wazir knight))`);
        writeFileSync(join(dir, 'many.lcpn'), names.join('\n') + '\n');
        const child = spawn(process.execPath, [join(root, 'bin/lcpn.cjs'), 'show', 'many.lcpn'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
        let stderr = '';
        child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
        // Read the first chunk, then close the pipe as `head` does.
        await new Promise<void>((resolve) => child.stdout.once('data', () => { child.stdout.destroy(); resolve(); }));
        const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
        expect(stderr).toBe('');
        expect(code).toBe(0);
    });
});

describe('- reads standard input', () => {
    test('check - reports diagnostics under <stdin>', () => {
        const result = runLcpn(dir, ['check', '-'], '(def a (/ wazir knigth))\n');
        expect(result.code).toBe(1);
        expect(result.stdout).toBe("<stdin>:1:17: error: unknown piece 'knigth': no definition in this file, the files it imports or the standard prelude; did you mean 'knight'?\n");
        expect(result.stderr).toBe('1 file checked: 1 error, 0 warnings\n');
    });

    test('show - draws the pieces read from standard input', () => {
        const result = runLcpn(dir, ['show', '-'], 'wide := [0 1]:rider:sideways\n');
        expect(result.code).toBe(0);
        expect(result.stdout.split('\n')[0]).toBe('wide := [0, 1]:rider:sideways');
        expect(result.stdout).toContain('1 piece in 1 file, 0 errors\n');
    });

    test('convert - writes the converted text to standard output', () => {
        expect(runLcpn(dir, ['convert', '-', '--to', 'sql'], '; a comment\n(def s (/ (capture ferz) (move wazir)))\n').stdout)
            .toBe('# a comment\ns IS capturing ferz OR moving wazir\n');
    });

    test('convert --from betza - reads the notation string', () => {
        expect(runLcpn(dir, ['convert', '--from', 'betza', '-', '--to', 'lisp'], 'BN\n').stdout).toBe('(def archbishop (/ bishop knight))\n');
    });

    test('standard input is read up to the size limit, not further', () => {
        const result = runLcpn(dir, ['check', '-'], ' '.repeat(17 * 1024 * 1024));
        expect(result).toMatchObject({ code: 2, stdout: '', stderr: 'lcpn: <stdin>: too large to read (more than the limit of 16 MB)\n' });
    });

    test('standard input sees only the prelude: names in files of the working directory do not leak in', () => {
        const result = runLcpn(dir, ['check', '-'], '(def x sergeant)\n');
        expect(result.stdout).toContain("<stdin>:1:8: error: unknown piece 'sergeant'");
        // Not even with --workspace: it is where standard input's imports are read from.
        expect(runLcpn(dir, ['check', '-', '--workspace', '.'], '(def x sergeant)\n').stdout).toContain("<stdin>:1:8: error: unknown piece 'sergeant'");
    });
});
