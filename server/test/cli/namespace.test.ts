/**
 * The CLI resolves names exactly as the editor does (docs/language.md, "Files as modules"): the
 * bundled `lcpn` run as a process on files in a temporary directory, compared with the
 * language services in-process on the same files.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { IssueCodes } from '../../src/semantics/issue-codes.js';
import { TestWorkspace } from '../language/namespace-workspace.js';

const root = resolve(import.meta.dirname, '../../..');
const cli = join(root, 'bin/lcpn.cjs');
let dir: string;

function lcpn(cwd: string, ...args: string[]) {
    const result = spawnSync(process.execPath, [cli, ...args], { cwd, encoding: 'utf8' });
    return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Writes `files` into a new directory under the temporary one; returns its path. */
function folder(name: string, files: Record<string, string>): string {
    const path = join(dir, name);
    mkdirSync(path);
    for (const [file, text] of Object.entries(files)) writeFileSync(join(path, file), text);
    return path;
}

/** The editor's diagnostics for `file` with every file of `files` open in one workspace, as `check` prints them. */
async function editorLines(path: string, files: Record<string, string>, file: string): Promise<string[]> {
    const ws = await TestWorkspace.create();
    for (const [name, text] of Object.entries(files)) await ws.set(pathToFileURL(join(path, name)).toString(), text);
    const severities = ['', 'error', 'warning', 'info', 'hint'];
    return ws.diagnostics(pathToFileURL(join(path, file)).toString())
        .map((d) => `${file}:${d.range.start.line + 1}:${d.range.start.character + 1}: ${severities[d.severity ?? 1]}: ${d.message}`);
}

beforeAll(() => {
    if (!existsSync(join(root, 'dist/cli.cjs'))) throw new Error('dist/cli.cjs is missing: run `npm run build` (npm test does)');
    dir = mkdtempSync(join(tmpdir(), 'lcpn-namespace-'));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('names resolve in the CLI as in the editor', () => {
    const DUPLICATED = {
        'a.lcpn': '(def dup-piece [0 1])\n',
        'b.lcpn': 'DUP_PIECE IS [1, 1]\n',
        'c.lcpn': 'x := knight\nuser := dup-piece / ferz\nimport a\nIMPORT b\n'
    };

    test('a name two imported files define: `check` reports the ambiguity at the use, naming both, exactly as the editor does', async () => {
        const path = folder('dup', DUPLICATED);
        const result = lcpn(path, 'check', 'c.lcpn');
        expect(result.code).not.toBe(0);
        const lines = (result.stdout + result.stderr).split('\n').filter((l) => l.startsWith('c.lcpn:'));
        const editor = await editorLines(path, DUPLICATED, 'c.lcpn');
        expect(editor.length).toBeGreaterThan(0);
        expect(lines).toEqual(editor);
        const ambiguity = lines.find((l) => l.startsWith('c.lcpn:2:9: error:'));
        expect(ambiguity).toContain('a.lcpn');
        expect(ambiguity).toContain('b.lcpn');
        // The editor's diagnostic carries the code; the CLI prints the same message.
        const ws = await TestWorkspace.create();
        for (const [name, text] of Object.entries(DUPLICATED)) await ws.set(pathToFileURL(join(path, name)).toString(), text);
        expect(ws.diagnostics(pathToFileURL(join(path, 'c.lcpn')).toString()).map((d) => (d.data as { code?: string }).code)).toContain(IssueCodes.AmbiguousPiece);
    });

    test('`show` evaluates the ambiguous name as unresolved: neither file\'s moves', () => {
        const path = folder('dup-show', DUPLICATED);
        const shown = lcpn(path, 'show', 'c.lcpn', 'user').stdout;
        expect(shown).toContain('dup-piece');
        // The diagram is the ferz's alone (a.lcpn's wazir step and b.lcpn's ferz step would add squares).
        const diagram = shown.split('\n').filter((l) => /^\s+[.X!:o x]+$/.test(l)).join('\n');
        expect(diagram).toContain('. X . X .');
        expect(diagram).not.toMatch(/\. \. X \. \./);
    });

    test('a name one imported file defines resolves there, before the prelude', async () => {
        const files = { 'a.lcpn': '(def knight [0 1])\nsolo := [1, 1]\n', 'c.lcpn': '(def user (/ solo knight))\n(import a)\n' };
        const path = folder('single', files);
        const result = lcpn(path, 'moves', 'c.lcpn', 'user', '--json');
        expect(result.code).toBe(0);
        const moves = JSON.parse(result.stdout).moves as [number, number][];
        expect(moves.map(([x, y]) => `${x},${y}`).sort()).toEqual(['-1,-1', '-1,0', '-1,1', '0,-1', '0,1', '1,-1', '1,0', '1,1']);
        expect(await editorLines(path, files, 'c.lcpn')).toEqual([]);
    });

    test('a half-typed line in an imported file changes nothing', async () => {
        const horse = '(def chinese-horse (=> wazir (ferz :outward)))\nleaper := knight\n';
        const files = {
            'broken.lcpn': 'x := ferz wazir\ntoad IS ferz or knight\n',
            'horse.lcpn': horse + '(import broken)\n'
        };
        const path = folder('broken', files);
        const alone = folder('alone', { 'horse.lcpn': horse });
        expect(lcpn(path, 'check', 'horse.lcpn')).toMatchObject({ code: 0, stdout: '' });
        for (const piece of ['chinese-horse', 'leaper']) {
            const withBroken = lcpn(path, 'moves', 'horse.lcpn', piece, '--json');
            expect(withBroken.code).toBe(0);
            expect(withBroken.stdout).toBe(lcpn(alone, 'moves', 'horse.lcpn', piece, '--json').stdout);
            expect(JSON.parse(withBroken.stdout).moves.length).toBe(8);
        }
    });

    test('an imported piece whose names the importer redefines: `moves` and `show` have it as its own file does', () => {
        const files = {
            'chess.lcpn': '(def rook ([0 1] :rider))\n(def queen (/ rook ([1 1] :rider)))\n',
            'mini.lcpn': '(import chess)\n(def rook ([0 1] :rider :2))\n(def guard queen)\n'
        };
        const path = folder('redefined', files);
        const there = lcpn(path, 'moves', 'chess.lcpn', 'queen', '--json');
        const here = lcpn(path, 'moves', 'mini.lcpn', 'queen', '--json');
        expect(here.code).toBe(0);
        expect(JSON.parse(here.stdout).moves).toEqual(JSON.parse(there.stdout).moves);
        expect(JSON.parse(here.stdout).moves.length).toBe(56);
        // Its definition as chess.lcpn writes it: no file-qualified names.
        const shown = lcpn(path, 'show', 'mini.lcpn', 'queen');
        expect(shown.stdout).toContain('(def queen (/ rook (1 1 :rider)))');
        expect(shown.stdout).not.toContain('@');
    });
});
