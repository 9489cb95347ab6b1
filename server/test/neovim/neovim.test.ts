/**
 * A real LSP client other than VS Code: headless Neovim (Debian's 0.7.2) starts the bundled
 * server over stdio, opens a file, and must receive diagnostics, a hover with a movement
 * diagram, and a definition. In CI (CI=true) a missing `nvim` fails the test; elsewhere the
 * test is skipped with a message saying how to run it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
const server = join(root, 'dist/server/main.cjs');
const hasNeovim = spawnSync('nvim', ['--version'], { encoding: 'utf8' }).status === 0;
const required = process.env.CI === 'true';

interface NeovimResult {
    diagnostics: { line: number; col: number; severity: number; message: string }[];
    hover?: string;
    definition?: { uri: string; range: { start: { line: number; character: number } } };
    errors: string[];
}

const temporary: string[] = [];
const scratch = (prefix: string) => { const dir = mkdtempSync(join(tmpdir(), prefix)); temporary.push(dir); return dir; };
afterAll(() => temporary.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** Runs lsp-client.lua in headless Neovim on `file`, asking for hover and definition at a position. */
function drive(file: string, position: { line: number; character: number }): NeovimResult {
    const out = join(scratch('lcpn-nvim-out-'), 'result.json');
    const run = spawnSync('nvim', ['--headless', '--clean', '-u', 'NONE', '-c', `luafile ${join(import.meta.dirname, 'lsp-client.lua')}`], {
        env: { ...process.env, LCPN_NVIM_OUT: out, LCPN_SERVER: server, LCPN_FILE: file, LCPN_LINE: String(position.line), LCPN_CHARACTER: String(position.character) },
        encoding: 'utf8',
        timeout: 60_000
    });
    expect(existsSync(out), `Neovim wrote no result (exit ${run.status}): ${run.stderr}`).toBe(true);
    return JSON.parse(readFileSync(out, 'utf8')) as NeovimResult;
}

describe.skipIf(!hasNeovim && !required)('Neovim drives the language server over stdio', () => {
    test('diagnostics, hover with a diagram, go to definition', () => {
        expect(hasNeovim, 'nvim is not installed (apt-get install -y neovim)').toBe(true);
        expect(existsSync(server), 'dist/server/main.cjs is missing: run npm run build').toBe(true);
        const dir = scratch('lcpn-nvim-');
        const file = join(dir, 'pieces.lcpn');
        writeFileSync(file, '(def my-knight [1 2])\n(def rider (my-knight :rider))\nbad := knigth / ferz\n');
        // Line 1 is "(def rider (my-knight :rider))": column 12 is inside `my-knight`.
        const result = drive(file, { line: 1, character: 12 });
        expect(result.errors).toEqual([]);
        expect(result.diagnostics).toContainEqual({
            line: 2, col: 7, severity: 1,
            message: "unknown piece 'knigth': no definition in this file, the workspace or the standard prelude; did you mean 'knight'?"
        });
        expect(result.hover).toMatch(/^\*\*my-knight\*\*/);
        expect(result.hover).toContain('](data:image/svg+xml;base64,');
        expect(result.hover).toContain('. X . X .\nX . . . X\n. . ! . .\nX . . . X\n. X . X .');
        expect(result.definition?.uri).toBe(`file://${file}`);
        expect(result.definition?.range.start).toEqual({ line: 0, character: 5 });
    }, 90_000);

    test('an example: its diagnostics, the cannon with a screen, a standard piece in the prelude', () => {
        const file = join(root, 'examples/xiangqi.lcpn');
        const lines = readFileSync(file, 'utf8').split('\n');
        const line = lines.findIndex((l) => l.startsWith('pao :='));
        const result = drive(file, { line, character: lines[line].indexOf('rook') + 1 });
        expect(result.errors).toEqual([]);
        expect(result.diagnostics.map((d) => [d.line, d.severity, d.message])).toEqual([
            [lines.findIndex((l) => l.startsWith('soldier')), 3, 'informal description: kept and shown, but not machine-evaluable (no moves are computed from it)']
        ]);
        expect(result.hover).toMatch(/^\*\*rook\*\* \*\(standard prelude\)\*/);
        expect(result.definition?.uri).toMatch(/\/dist\/server\/prelude\/standard\.lcpn$/);
        const prelude = readFileSync(join(root, 'dist/server/prelude/standard.lcpn'), 'utf8').split('\n');
        expect(prelude[result.definition!.range.start.line]).toMatch(/^\(def rook /);
    }, 90_000);
});
