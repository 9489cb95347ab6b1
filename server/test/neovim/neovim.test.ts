/**
 * A real LSP client other than VS Code: headless Neovim (Debian's 0.7.2) set up by the README's
 * Neovim snippet, read from README.md and run as written (only the server's path filled in), as
 * a user's init.lua. Opening a .lcpn file must start the bundled server over stdio and give
 * diagnostics, a hover with a text movement diagram first and no base64 image (Neovim shows
 * hover markdown as text), a definition, and the prelude opened read-only and unmodifiable on
 * go to definition. The settings fragment of docs/editors.md is tested inside that snippet.
 * In CI (CI=true) a missing `nvim` fails the test; elsewhere the test is skipped with a message
 * saying how to run it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { documentedSnippet, replaceOnce } from '../editor-snippets.js';

const root = resolve(import.meta.dirname, '../../..');
const server = join(root, 'dist/server/main.cjs');
const hasNeovim = spawnSync('nvim', ['--version'], { encoding: 'utf8' }).status === 0;
const required = process.env.CI === 'true';

/** The README's set-up, as a user copies it into init.lua. */
const README_SNIPPET = documentedSnippet('README.md', '### Neovim', 'lua');
/** docs/editors.md's settings for Neovim: lines of the client's configuration. */
const SETTINGS_FRAGMENT = documentedSnippet('docs/editors.md', '### Neovim and Emacs', 'lua');
/** docs/editors.md's addition for Fairy-Stockfish variants.ini files, after the README's snippet. */
const VARIANTS_INI_SNIPPET = documentedSnippet('docs/editors.md', '## Fairy-Stockfish `variants.ini` files', 'lua');

interface NeovimResult {
    /** The opened file's 'filetype' (the snippet's autocommand sets it). */
    filetype: string;
    diagnostics: { line: number; col: number; severity: number; message: string }[];
    hover?: string;
    definition?: { uri: string; range: { start: { line: number; character: number } } };
    /** The buffer go to definition opened (with LCPN_OPEN_DEFINITION). */
    opened?: { name: string; readonly: boolean; modifiable: boolean; line: number; wrote: boolean; edited: boolean };
    actions?: { title: string; kind: string; command: string | null; edit: boolean }[];
    /** The buffer the chosen code action opened (with `convert`). */
    converted?: { filetype: string; text: string };
    /** The buffer's text after the action of kind `runAction` ran. */
    after?: string;
    /** What the server showed (window/showMessage) and the labels of the edits it applied. */
    messages?: string[];
    errors: string[];
}

interface DriveOptions {
    /** The README's `diagramStyle = 'text'` changed to this (as its comment offers). */
    diagramStyle?: string;
    /** Open the definition as F12 would and report its buffer. */
    openDefinition?: boolean;
    /** The server's XDG_CACHE_HOME (where it puts the read-only prelude). */
    cache?: string;
    /** Ask for code actions with these kinds as `only` ('all': no `only`). */
    codeActions?: string;
    /** Then run the action of this kind. */
    runAction?: string;
    /** docs/editors.md's settings fragment, added to the README's configuration, with this board. */
    board?: string;
    /** docs/editors.md's variants.ini snippet added after the README's. */
    variantsIni?: boolean;
    /** Run vim.lsp.buf.code_action() at the position and choose the action whose title contains this. */
    convert?: string;
}

/**
 * The specification's hexagonal example (seed 004, "Direction limitations"): this piece on the
 * hexagon as the specification draws it, and its picture (the spec's symbols: ! the piece, X a
 * move; trailing spaces trimmed).
 */
const SPEC_PIECE = 'spec-piece (wazir :forward-left :forward-right :left :backward-left)';
const SPEC_PICTURE = [
    '     . . . . . .',
    '    . . . . . . .',
    '   . . . . . . . .',
    '  . . . . . . . . .',
    ' . . . . X X . . . .',
    '. . . . X ! . . . . .',
    ' . . . . X . . . . .',
    '  . . . . . . . . .',
    '   . . . . . . . .',
    '    . . . . . . .',
    '     . . . . . .'
].join('\n');

const temporary: string[] = [];
const scratch = (prefix: string) => { const dir = mkdtempSync(join(tmpdir(), prefix)); temporary.push(dir); return dir; };
afterAll(() => temporary.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** The README's snippet with this checkout's server (and the changes `options` ask for). */
function initLua(options: DriveOptions): string {
    let init = replaceOnce(README_SNIPPET, '/path/to/lcpn/dist/server/main.cjs', server);
    if (options.diagramStyle) init = replaceOnce(init, "diagramStyle = 'text'", `diagramStyle = '${options.diagramStyle}'`);
    if (options.board) {
        const settings = replaceOnce(SETTINGS_FRAGMENT, "board = 'hex6'", `board = '${options.board}'`);
        const line = init.split('\n').find((l) => l.includes('init_options = '))!;
        init = replaceOnce(init, line, `${line}\n${settings}`);
    }
    if (options.variantsIni) init += VARIANTS_INI_SNIPPET;
    return init;
}

/**
 * Opens `file` in headless Neovim with the README's snippet as init.lua (from the file's folder,
 * as a user would), lsp-client.lua recording and asking for hover and definition at a position.
 */
function drive(file: string, position: { line: number; character: number }, options: DriveOptions = {}): NeovimResult {
    const out = join(scratch('lcpn-nvim-out-'), 'result.json');
    const init = join(scratch('lcpn-nvim-config-'), 'init.lua');
    writeFileSync(init, initLua(options));
    const env: NodeJS.ProcessEnv = {
        ...process.env, LCPN_NVIM_OUT: out, LCPN_FILE: file, LCPN_LINE: String(position.line), LCPN_CHARACTER: String(position.character),
        XDG_CACHE_HOME: options.cache ?? scratch('lcpn-nvim-cache-')
    };
    delete env.LCPN_OPEN_DEFINITION;
    delete env.LCPN_CODE_ACTIONS;
    delete env.LCPN_RUN_ACTION;
    delete env.LCPN_CONVERT;
    if (options.convert) env.LCPN_CONVERT = options.convert;
    if (options.codeActions) env.LCPN_CODE_ACTIONS = options.codeActions;
    if (options.runAction) env.LCPN_RUN_ACTION = options.runAction;
    if (options.openDefinition) env.LCPN_OPEN_DEFINITION = '1';
    const run = spawnSync('nvim', ['--headless', '--clean', '--cmd', `luafile ${join(import.meta.dirname, 'lsp-client.lua')}`, '-u', init, file], {
        cwd: dirname(file),
        env,
        encoding: 'utf8',
        timeout: 60_000
    });
    expect(existsSync(out), `Neovim wrote no result (exit ${run.status}): ${run.stderr}`).toBe(true);
    return JSON.parse(readFileSync(out, 'utf8')) as NeovimResult;
}

describe.skipIf(!hasNeovim && !required)('Neovim drives the language server over stdio', () => {
    test('diagnostics, hover with a text diagram first and no image, go to definition', () => {
        expect(hasNeovim, 'nvim is not installed (apt-get install -y neovim)').toBe(true);
        expect(existsSync(server), 'dist/server/main.cjs is missing: run npm run build').toBe(true);
        const dir = scratch('lcpn-nvim-');
        const file = join(dir, 'pieces.lcpn');
        writeFileSync(file, '(def my-knight [1 2])\n(def rider (my-knight :rider))\nbad := knigth / ferz\n');
        // Line 1 is "(def rider (my-knight :rider))": column 12 is inside `my-knight`.
        const result = drive(file, { line: 1, character: 12 });
        expect(result.errors).toEqual([]);
        expect(result.filetype).toBe('lcpn');
        expect(result.diagnostics).toContainEqual({
            line: 2, col: 7, severity: 1,
            message: "unknown piece 'knigth': no definition in this file, the files it imports or the standard prelude; did you mean 'knight'?"
        });
        expect(result.hover).toMatch(/^\*\*my-knight\*\*/);
        // Neovim renders no images: no base64 picture, and the text diagram before the definition.
        expect(result.hover).not.toContain('data:image');
        expect(result.hover).toContain('. X . X .\nX . . . X\n. . ! . .\nX . . . X\n. X . X .');
        expect(result.hover!.indexOf('. X . X .')).toBeLessThan(result.hover!.indexOf('```lcpn'));
        expect(result.definition?.uri).toBe(`file://${file}`);
        expect(result.definition?.range.start).toEqual({ line: 0, character: 5 });
    }, 90_000);

    test('an example: no error or warning, every part evaluated, a standard piece in the prelude', () => {
        const file = join(root, 'examples/xiangqi.lcpn');
        const lines = readFileSync(file, 'utf8').split('\n');
        // The general is the prelude's wazir kept in its fortress: hover and go to definition on `wazir`.
        const line = lines.findIndex((l) => l.startsWith('general :='));
        expect(line).toBeGreaterThanOrEqual(0);
        const result = drive(file, { line, character: lines[line].indexOf('wazir') + 1 });
        expect(result.errors).toEqual([]);
        expect(result.diagnostics.filter((d) => d.severity < 3)).toEqual([]);
        // The soldier's "before crossing river" names a condition the file defines: evaluated, not informal.
        const soldier = lines.findIndex((l) => l.startsWith('soldier'));
        expect(result.diagnostics.filter((d) => d.line === soldier)).toEqual([]);
        expect(result.hover).toMatch(/^\*\*wazir\*\* \*\(standard prelude\)\*/);
        const prelude = readFileSync(join(root, 'dist/server/prelude/standard.lcpn'), 'utf8').split('\n');
        expect(prelude[result.definition!.range.start.line]).toMatch(/^\(def wazir /);
    }, 90_000);

    test('go to definition on a prelude piece opens a read-only, unmodifiable copy, never the shipped file', () => {
        const dir = scratch('lcpn-nvim-');
        const cache = scratch('lcpn-nvim-cache-');
        const file = join(dir, 'pieces.lcpn');
        writeFileSync(file, '(def my-rook (rook :forward))\n');
        const shipped = join(root, 'dist/server/prelude/standard.lcpn');
        const shippedBefore = readFileSync(shipped, 'utf8');
        const result = drive(file, { line: 0, character: 14 }, { openDefinition: true, cache });
        expect(result.errors).toEqual([]);
        const copy = fileURLToPath(result.definition!.uri);
        expect(copy.startsWith(join(cache, 'lcpn') + sep)).toBe(true);
        expect(statSync(copy).mode & 0o222).toBe(0);
        expect(result.opened).toMatchObject({ name: copy, readonly: true, modifiable: false, wrote: false, edited: false });
        // The copy holds the shipped prelude, line for line: the definition's range is right in it.
        const lines = readFileSync(copy, 'utf8').split('\n');
        expect(lines[result.opened!.line]).toMatch(/^\(def rook /);
        expect(readFileSync(copy, 'utf8').startsWith(shippedBefore)).toBe(true);
        expect(readFileSync(shipped, 'utf8')).toBe(shippedBefore);
    }, 90_000);

    test("the README's diagramStyle 'both' brings the image back", () => {
        const dir = scratch('lcpn-nvim-');
        const file = join(dir, 'pieces.lcpn');
        writeFileSync(file, '(def my-knight [1 2])\n');
        const result = drive(file, { line: 0, character: 6 }, { diagramStyle: 'both' });
        expect(result.errors).toEqual([]);
        expect(result.hover).toContain('](data:image/svg+xml;base64,');
        expect(result.hover).toContain('. X . X .\nX . . . X\n. . ! . .\nX . . . X\n. X . X .');
    }, 90_000);

    test('a hexagonal board declared in the file: the hover draws the specification\'s hexagonal picture', () => {
        const file = join(scratch('lcpn-nvim-'), 'hexagonal.lcpn');
        writeFileSync(file, `(def spec-board (board (hexagon 6 rows)))\n(def ${SPEC_PIECE})\n`);
        const result = drive(file, { line: 1, character: 7 });
        expect(result.errors).toEqual([]);
        expect(result.diagnostics.filter((d) => d.severity < 3)).toEqual([]);
        expect(result.hover).toMatch(/^\*\*spec-piece\*\*/);
        expect(result.hover).not.toContain('data:image');
        expect(result.hover).toContain(SPEC_PICTURE);
    }, 90_000);

    test("docs/editors.md's lcpn.diagram.board setting (hex6-rows) draws the hover on the hexagon when the file declares no board", () => {
        const file = join(scratch('lcpn-nvim-'), 'pieces.lcpn');
        writeFileSync(file, `(def ${SPEC_PIECE})\n`);
        const result = drive(file, { line: 0, character: 7 }, { board: 'hex6-rows' });
        expect(result.errors).toEqual([]);
        expect(result.hover).toContain(SPEC_PICTURE);
    }, 90_000);

    test("code actions: context.only is honoured, and 'Convert the whole file' runs as the server's command", () => {
        const dir = scratch('lcpn-nvim-');
        const file = join(dir, 'pieces.lcpn');
        writeFileSync(file, 'pao IS moveing rook OR capture AND cannon(rook)\n(def x (/ ferz wazir))\n');
        const position = { line: 0, character: 9 };
        const quick = drive(file, position, { codeActions: 'quickfix' });
        expect(quick.errors).toEqual([]);
        expect(quick.actions).toEqual([{ title: "Change to 'moving'", kind: 'quickfix', command: null, edit: true }]);
        const all = drive(file, position, { codeActions: 'all', runAction: 'source.convert.lisp' });
        expect(all.errors).toEqual([]);
        expect(all.actions?.map((a) => [a.kind, a.command])).toEqual([
            ['quickfix', null], ['refactor.rewrite', null], ['refactor.rewrite', null],
            ['source.convert.lisp', 'lcpn.convertDocument'], ['source.convert.c', 'lcpn.convertDocument'], ['source.convert.sql', 'lcpn.convertDocument']
        ]);
        // The SQL definition converts (its misspelled gerund is a warning, not an error); the Lisp one is left alone.
        expect(all.after).toBe('(def pao (/ (move rook) ((& capture cannon) rook)))\n(def x (/ ferz wazir))');
        // The server tells what it did (as a message, or a request with no actions).
        expect(all.messages?.some((m) => /^(request: )?Converted 1 definition to Lisp style\.$/.test(m)), JSON.stringify(all.messages)).toBe(true);
    }, 90_000);
    test("docs/editors.md's variants.ini snippet: the server's diagnostics on a variants.ini, and the conversion opened in an LCPN buffer", () => {
        const file = join(scratch('lcpn-nvim-'), 'variants.ini');
        writeFileSync(file, ['# my variants', '[fsfini-fairy:chess]', 'customPiece1 = c:mRcpR', 'knight = n', 'castling: false', 'maxfile = 10', ''].join('\n'));
        const result = drive(file, { line: 3, character: 0 }, { variantsIni: true, convert: '(Lisp style)' });
        expect(result.errors).toEqual([]);
        expect(result.filetype).toBe('dosini');
        expect(result.diagnostics.map((d) => [d.line, d.col, d.severity])).toEqual([[4, 8, 1], [5, 0, 1]]);
        expect(result.diagnostics[1].message).toContain("'maxFile'");
        expect(result.hover?.split('\n')[0]).toBe('`knight = n`');
        expect(result.converted?.filetype).toBe('lcpn');
        const lines = result.converted!.text.split('\n');
        expect(lines[0]).toBe('; [fsfini-fairy] of variants.ini, as Fairy-Stockfish reads it (lcpn convert --from fsf)');
        expect(lines).toContain('(def custom-c (/ (move rook) ((& capture cannon) rook)))');
        // The buffer holds the text's lines, with no empty line after the last (Neovim ends a file with its newline).
        expect(lines.at(-1)).toMatch(/^\(def fsfini-fairy \(game /);
    }, 90_000);
});
