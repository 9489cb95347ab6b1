/**
 * Another real LSP client: Debian's Emacs 28 with elpa-eglot, set up by the README's Emacs
 * snippet, read from README.md and loaded as written (only the server's path filled in), starts
 * the bundled server over stdio (lsp-client.el). What the user sees must be right: Flymake's
 * diagnostics, eldoc's hover with the movement diagram as text (no image), M-. (xref) going to
 * the definition, including a standard piece's read-only prelude copy, and no warning. The
 * settings line of docs/editors.md is tested after that snippet.
 * In CI (CI=true) a missing Emacs or eglot fails the test; elsewhere the test is skipped.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { documentedSnippet, replaceOnce } from '../editor-snippets.js';

const root = resolve(import.meta.dirname, '../../..');
const server = join(root, 'dist/server/main.cjs');
const hasEmacs = spawnSync('emacs', ['--version'], { encoding: 'utf8' }).status === 0
    && existsSync('/usr/share/emacs/site-lisp/elpa-src') && spawnSync('sh', ['-c', 'ls -d /usr/share/emacs/site-lisp/elpa*/eglot-*'], { encoding: 'utf8' }).status === 0;
const required = process.env.CI === 'true';

/** The README's set-up, as a user copies it into init.el. */
const README_SNIPPET = documentedSnippet('README.md', '### Emacs (eglot)', 'elisp');
/** docs/editors.md's settings for eglot. */
const SETTINGS_LINE = documentedSnippet('docs/editors.md', '### Neovim and Emacs', 'elisp');
/** docs/editors.md's set-up for Fairy-Stockfish variants.ini files, after the README's. */
const VARIANTS_INI_SNIPPET = documentedSnippet('docs/editors.md', '## Fairy-Stockfish `variants.ini` files', 'elisp');

interface EmacsResult {
    diagnostics: { line: number; col: number; type: string; message: string }[];
    hover?: string;
    definition?: { file: string; line: number };
    /** The buffer lcpn-convert-section opened (with `convert`). */
    converted?: { mode: string; text: string };
    errors: string[];
    /** What *Warnings* would show. */
    warnings: string[];
}

/** The specification's picture of its hexagonal example (seed 004, "Direction limitations"), trailing spaces trimmed. */
const SPEC_PICTURE = [
    '     . . . . . .', '    . . . . . . .', '   . . . . . . . .', '  . . . . . . . . .', ' . . . . X X . . . .',
    '. . . . X ! . . . . .',
    ' . . . . X . . . . .', '  . . . . . . . . .', '   . . . . . . . .', '    . . . . . . .', '     . . . . . .'
].join('\n');

const temporary: string[] = [];
const scratch = (prefix: string) => { const dir = mkdtempSync(join(tmpdir(), prefix)); temporary.push(dir); return dir; };
afterAll(() => temporary.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/**
 * Runs lsp-client.el in batch Emacs on `file`, with the cursor at an LSP position, after the
 * README's snippet (then docs/editors.md's settings line, with this board, when `board` is given).
 */
function drive(file: string, position: { line: number; character: number }, cache = scratch('lcpn-emacs-cache-'), board?: string, convert?: string): EmacsResult {
    const out = join(scratch('lcpn-emacs-out-'), 'result.json');
    const init = join(scratch('lcpn-emacs-config-'), 'init.el');
    const settings = board ? replaceOnce(SETTINGS_LINE, '(:board "hex6")', `(:board "${board}")`) : '';
    // With `convert` (a style): docs/editors.md's variants.ini set-up too, and its command run at the position.
    const variantsIni = convert ? replaceOnce(VARIANTS_INI_SNIPPET, '/path/to/lcpn/dist/server/main.cjs', server) : '';
    writeFileSync(init, replaceOnce(README_SNIPPET, '/path/to/lcpn/dist/server/main.cjs', server) + settings + variantsIni);
    const run = spawnSync('emacs', ['--batch', '-Q', '-l', join(import.meta.dirname, 'lsp-client.el')], {
        env: { ...process.env, LCPN_EMACS_OUT: out, LCPN_INIT: init, LCPN_FILE: file, LCPN_LINE: String(position.line),
            LCPN_CHARACTER: String(position.character), XDG_CACHE_HOME: cache, HOME: scratch('lcpn-emacs-home-'), LCPN_CONVERT: convert ?? '' },
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
        // Eglot warned at every start that the server registered a capability it does not support.
        expect(result.warnings).toEqual([]);
        expect(result.diagnostics).toHaveLength(1);
        expect(result.diagnostics[0]).toMatchObject({ line: 2, col: 7, type: 'eglot-error' });
        expect(result.diagnostics[0].message).toContain("unknown piece 'knigth': no definition in this file, the files it imports or the standard prelude; did you mean 'knight'?");
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
        expect(result.hover).toContain(SPEC_PICTURE);
    }, 120_000);

    test("docs/editors.md's eglot-workspace-configuration (hex6-rows) draws the hover on the hexagon when the file declares no board", () => {
        const file = join(scratch('lcpn-emacs-'), 'pieces.lcpn');
        writeFileSync(file, '(def spec-piece (wazir :forward-left :forward-right :left :backward-left))\n');
        const result = drive(file, { line: 0, character: 7 }, undefined, 'hex6-rows');
        expect(result.errors).toEqual([]);
        expect(result.warnings).toEqual([]);
        expect(result.hover).toContain(SPEC_PICTURE);
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
    test("docs/editors.md's variants.ini set-up: Flymake shows the server's diagnostics, lcpn-convert-section opens the section as LCPN", () => {
        const file = join(scratch('lcpn-emacs-'), 'variants.ini');
        writeFileSync(file, ['# my variants', '[fsfini-fairy:chess]', 'customPiece1 = c:mRcpR', 'knight = n', 'castling: false', 'maxfile = 10', ''].join('\n'));
        const result = drive(file, { line: 3, character: 0 }, undefined, undefined, 'sql');
        expect(result.errors).toEqual([]);
        expect(result.warnings).toEqual([]);
        expect(result.diagnostics.map((d) => [d.line, d.col, d.type])).toEqual([[4, 8, 'eglot-error'], [5, 0, 'eglot-error']]);
        expect(result.diagnostics[0].message).toContain("write 'castling = false'");
        expect(result.diagnostics[1].message).toContain("'maxFile'");
        expect(result.hover?.split('\n')[0]).toBe('`knight = n`');
        expect(result.converted?.mode).toBe('lcpn-mode');
        const lines = result.converted!.text.split('\n');
        expect(lines[0]).toBe('# [fsfini-fairy] of variants.ini, as Fairy-Stockfish reads it (lcpn convert --from fsf)');
        expect(lines).toContain('custom_c IS moving rook OR capture AND cannon(rook)');
    }, 120_000);
});
