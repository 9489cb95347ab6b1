/**
 * A real LSP client other than VS Code: headless Neovim (Debian's 0.7.2) starts the bundled
 * server over stdio, opens a file, and must receive diagnostics, a hover with a movement
 * diagram, and a definition. In CI (CI=true) a missing `nvim` fails the test; elsewhere the
 * test is skipped with a message saying how to run it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
const server = join(root, 'dist/server/main.cjs');
const hasNeovim = spawnSync('nvim', ['--version'], { encoding: 'utf8' }).status === 0;
const required = process.env.CI === 'true';

describe.skipIf(!hasNeovim && !required)('Neovim drives the language server over stdio', () => {
    test('diagnostics, hover with a diagram, go to definition', () => {
        expect(hasNeovim, 'nvim is not installed (apt-get install -y neovim)').toBe(true);
        expect(existsSync(server), 'dist/server/main.cjs is missing: run npm run build').toBe(true);
        const dir = mkdtempSync(join(tmpdir(), 'lcpn-nvim-'));
        const file = join(dir, 'pieces.lcpn');
        writeFileSync(file, '(def my-knight [1 2])\n(def rider (my-knight :rider))\nbad := knigth / ferz\n');
        const out = join(dir, 'result.json');
        const run = spawnSync('nvim', ['--headless', '--clean', '-u', 'NONE', '-c', `luafile ${join(import.meta.dirname, 'lsp-client.lua')}`], {
            env: { ...process.env, LCPN_NVIM_OUT: out, LCPN_SERVER: server, LCPN_FILE: file },
            encoding: 'utf8',
            timeout: 60_000
        });
        expect(existsSync(out), `Neovim wrote no result (exit ${run.status}): ${run.stderr}`).toBe(true);
        const result = JSON.parse(readFileSync(out, 'utf8')) as {
            diagnostics: { line: number; col: number; severity: number; message: string }[];
            hover?: string;
            definition?: { uri: string; range: { start: { line: number; character: number } } };
            errors: string[];
        };
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
});
