/**
 * Another real LSP client: Debian's Emacs 28 with elpa-eglot, set up as the README says,
 * starts the bundled server over stdio (lsp-client.el). What the user sees must be right:
 * Flymake's diagnostics, eldoc's hover with the movement diagram as text (no image), and M-.
 * (xref) going to the definition, including a standard piece's read-only prelude copy.
 * In CI (CI=true) a missing Emacs or eglot fails the test; elsewhere the test is skipped.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
const server = join(root, 'dist/server/main.cjs');
const hasEmacs = spawnSync('emacs', ['--version'], { encoding: 'utf8' }).status === 0
    && existsSync('/usr/share/emacs/site-lisp/elpa-src') && spawnSync('sh', ['-c', 'ls -d /usr/share/emacs/site-lisp/elpa*/eglot-*'], { encoding: 'utf8' }).status === 0;
const required = process.env.CI === 'true';

interface EmacsResult {
    diagnostics: { line: number; col: number; type: string; message: string }[];
    hover?: string;
    definition?: { file: string; line: number };
    errors: string[];
}

const temporary: string[] = [];
const scratch = (prefix: string) => { const dir = mkdtempSync(join(tmpdir(), prefix)); temporary.push(dir); return dir; };
afterAll(() => temporary.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** Runs lsp-client.el in batch Emacs on `file`, with the cursor at an LSP position. */
function drive(file: string, position: { line: number; character: number }, cache = scratch('lcpn-emacs-cache-')): EmacsResult {
    const out = join(scratch('lcpn-emacs-out-'), 'result.json');
    const run = spawnSync('emacs', ['--batch', '-Q', '-l', join(import.meta.dirname, 'lsp-client.el')], {
        env: { ...process.env, LCPN_EMACS_OUT: out, LCPN_SERVER: server, LCPN_FILE: file, LCPN_LINE: String(position.line),
            LCPN_CHARACTER: String(position.character), XDG_CACHE_HOME: cache, HOME: scratch('lcpn-emacs-home-') },
        encoding: 'utf8',
        timeout: 90_000
    });
    expect(existsSync(out), `Emacs wrote no result (exit ${run.status}): ${run.stderr}`).toBe(true);
    return JSON.parse(readFileSync(out, 'utf8')) as EmacsResult;
}

describe.skipIf(!hasEmacs && !required)('Emacs (eglot) drives the language server over stdio', () => {
    test('Flymake diagnostics, eldoc hover with a text diagram and no image, M-. to the definition', () => {
        expect(hasEmacs, 'emacs or eglot is not installed (apt-get install -y emacs-nox elpa-eglot)').toBe(true);
        expect(existsSync(server), 'dist/server/main.cjs is missing: run npm run build').toBe(true);
        const file = join(scratch('lcpn-emacs-'), 'pieces.lcpn');
        writeFileSync(file, '(def my-knight [1 2])\n(def rider (my-knight :rider))\nbad := knigth / ferz\n');
        // Line 1 is "(def rider (my-knight :rider))": column 12 is inside `my-knight`.
        const result = drive(file, { line: 1, character: 12 });
        expect(result.errors).toEqual([]);
        expect(result.diagnostics).toHaveLength(1);
        expect(result.diagnostics[0]).toMatchObject({ line: 2, col: 7, type: 'eglot-error' });
        expect(result.diagnostics[0].message).toContain("unknown piece 'knigth': no definition in this file, the workspace or the standard prelude; did you mean 'knight'?");
        expect(result.hover).toMatch(/^\*\*my-knight\*\*/);
        expect(result.hover).not.toContain('data:image');
        expect(result.hover).toContain('. X . X .\nX . . . X\n. . ! . .\nX . . . X\n. X . X .');
        expect(result.hover!.indexOf('. X . X .')).toBeLessThan(result.hover!.indexOf('```lcpn'));
        expect(result.definition).toEqual({ file, line: 1 });
    }, 120_000);

    test('a hexagonal board declared in the file: eldoc shows the specification\'s hexagonal picture', () => {
        const file = join(scratch('lcpn-emacs-'), 'hexagonal.lcpn');
        writeFileSync(file, '(def spec-board (board (hexagon 6 rows)))\n(def spec-piece (wazir :forward-left :forward-right :left :backward-left))\n');
        const result = drive(file, { line: 1, character: 7 });
        expect(result.errors).toEqual([]);
        expect(result.diagnostics.filter((d) => d.type === 'eglot-error')).toEqual([]);
        expect(result.hover).toMatch(/^\*\*spec-piece\*\*/);
        expect(result.hover).not.toContain('data:image');
        // The specification's picture (seed 004, "Direction limitations"), trailing spaces trimmed.
        expect(result.hover).toContain([
            '     . . . . . .', '    . . . . . . .', '   . . . . . . . .', '  . . . . . . . . .', ' . . . . X X . . . .',
            '. . . . X ! . . . . .',
            ' . . . . X . . . . .', '  . . . . . . . . .', '   . . . . . . . .', '    . . . . . . .', '     . . . . . .'
        ].join('\n'));
    }, 120_000);

    test('M-. on a standard piece opens a read-only copy of the prelude, never the shipped file', () => {
        const file = join(scratch('lcpn-emacs-'), 'pieces.lcpn');
        writeFileSync(file, '(def my-rook (rook :forward))\n');
        const cache = scratch('lcpn-emacs-cache-');
        const result = drive(file, { line: 0, character: 14 }, cache);
        expect(result.errors).toEqual([]);
        expect(result.diagnostics.filter((d) => d.type === 'eglot-error')).toEqual([]);
        expect(result.hover).toMatch(/^\*\*rook\*\* \*\(standard prelude\)\*/);
        const copy = result.definition!.file;
        expect(copy.startsWith(join(cache, 'lcpn') + sep)).toBe(true);
        expect(statSync(copy).mode & 0o222).toBe(0);
        expect(readFileSync(copy, 'utf8').split('\n')[result.definition!.line - 1]).toMatch(/^\(def rook /);
    }, 120_000);
});
