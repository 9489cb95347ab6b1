/**
 * Publishing (issue 13): `lcpn show --format svg|png|html --out DIR` and `lcpn catalog`, run as
 * a process: which files are written under which names, what they hold, and the usage errors.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { requireBundle, root, runLcpn } from './run-cli.js';

let dir: string;

const SERGEANT = '(def sergeant (/ (capture ferz) (move wazir)))\n';
const PAWN = `(def pawn
  (cond ((= (rank) 2) (/ (move (0 1 :only)) (move (0 2 :only)) (capture (1 1 :forward))))
        (t (/ (move (0 1 :only)) (capture (1 1 :forward))))))
`;

beforeAll(() => {
    requireBundle();
    dir = mkdtempSync(join(tmpdir(), 'lcpn-publish-'));
    writeFileSync(join(dir, 'pieces.lcpn'), SERGEANT + PAWN);
    mkdirSync(join(dir, 'set', 'sub'), { recursive: true });
    writeFileSync(join(dir, 'set', 'A B.lcpn'), 'horse := wazir => [1, 1]:outward\n');
    writeFileSync(join(dir, 'set', 'a-b.lcpn'), 'ferzé IS ferz\n');
    writeFileSync(join(dir, 'set', 'sub', 'x.lcpn'), '(def knight [1 2])\n(def Bad (/ wazir nosuch))\n');
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const lcpn = (args: string[], input = '') => runLcpn(dir, args, input);
const fresh = (name: string) => {
    rmSync(join(dir, name), { recursive: true, force: true });
    return name;
};
/** Every file below `root`, relative, sorted. */
function listing(root: string): string[] {
    const out: string[] = [];
    const walk = (d: string, prefix: string) => {
        for (const e of readdirSync(d, { withFileTypes: true })) {
            if (e.isDirectory()) walk(join(d, e.name), `${prefix}${e.name}/`);
            else out.push(`${prefix}${e.name}`);
        }
    };
    walk(join(dir, root), '');
    return out.sort();
}
const read = (path: string) => readFileSync(join(dir, path), 'utf8');
const labels = (svg: string) => [...svg.matchAll(/text-anchor="middle">([a-z])<\/text>/g)].map((m) => m[1]).join('');

describe('show --format svg', () => {
    test('one SVG per diagram, at <file>/<piece>.<caption>.svg, the paths on stdout and a summary on stderr', () => {
        const out = fresh('svg');
        const run = lcpn(['show', 'pieces.lcpn', '--format', 'svg', '--out', out]);
        expect(run.code).toBe(0);
        const expected = [
            'pieces/pawn.on-rank-2.svg', 'pieces/pawn.on-rank-5-no-rank-condition-holds.svg', 'pieces/sergeant.on-an-empty-board.svg'
        ];
        expect(listing(out)).toEqual(expected);
        // In the order of the file and of `lcpn show`'s diagrams.
        expect(run.stdout).toBe(['pieces/sergeant.on-an-empty-board.svg', 'pieces/pawn.on-rank-2.svg', 'pieces/pawn.on-rank-5-no-rank-condition-holds.svg']
            .map((p) => `svg/${p}\n`).join(''));
        expect(run.stderr).toBe('3 files written to svg for 2 pieces in 1 file, 0 errors\n');
        // The same names on a second run (over the first: each file is replaced whole).
        expect(lcpn(['show', 'pieces.lcpn', '--format', 'svg', '--out', out]).stdout).toBe(run.stdout);
        expect(listing(out)).toEqual(expected);
    });

    test('each SVG is the diagram of its caption: the piece centred, coordinates, a key, an accessible title', () => {
        const svg = read('svg/pieces/sergeant.on-an-empty-board.svg');
        expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
        expect(svg).toContain('<title>sergeant: on an empty board</title>');
        // The piece on e5 of the 9x9 board, in the 5x5 window c..g.
        expect(labels(svg)).toBe('cdefg');
        expect(svg).toContain('>move only</text>');
        expect(svg).toContain('>capture only</text>');
        const pawn = read('svg/pieces/pawn.on-rank-2.svg');
        expect(pawn).toContain('<title>pawn: on rank 2</title>');
        // Rank labels (written from rank 1 up): the pawn on e2 sees ranks 1..5.
        expect([...pawn.matchAll(/text-anchor="end">([0-9])<\/text>/g)].map((m) => m[1]).join('')).toBe('12345');
    });

    test('a set-up of your own (--at, --friend) is one diagram of the whole board, named after it', () => {
        const out = fresh('setup');
        const run = lcpn(['show', 'pieces.lcpn', 'sergeant', '--at', 'b2', '--friend', 'b3', '--format', 'svg', '--out', out]);
        expect(run.code).toBe(0);
        expect(listing(out)).toEqual(['pieces/sergeant.on-b2-with-friends-on-b3.svg']);
        const svg = read(`${out}/pieces/sergeant.on-b2-with-friends-on-b3.svg`);
        expect(labels(svg)).toBe('abcdefghi');
        expect(svg).toContain('<title>sergeant: on b2 with friends on b3</title>');
    });

    test('a directory: one folder per file, by its path below the directory; clashing names get -2; letters kept', () => {
        const out = fresh('tree');
        const run = lcpn(['show', 'set', '--format', 'svg', '--out', out]);
        // set/sub/x.lcpn has an error: exit 1, and its broken definition gets no picture.
        expect(run.code).toBe(1);
        expect(listing(out)).toEqual([
            'a-b-2/ferzé.on-an-empty-board.svg',
            'a-b/horse.on-an-empty-board.svg',
            'a-b/horse.with-a-friendly-piece-on-e6.svg',
            'sub/x/knight.on-an-empty-board.svg'
        ]);
        expect(run.stderr).toContain("set/sub/x.lcpn:2:");
        expect(run.stderr).toContain("lcpn: note: set/sub/x.lcpn: 'Bad' has an error, so no diagram of it was written");
        expect(run.stderr).toContain('4 files written to tree for 4 pieces in 3 files, 1 error\n');
    });

    test('standard input goes to a folder named stdin', () => {
        const out = fresh('stdin');
        const run = lcpn(['show', '-', '--format', 'svg', '--out', out], SERGEANT);
        expect(run.code).toBe(0);
        expect(listing(out)).toEqual(['stdin/sergeant.on-an-empty-board.svg']);
    });
});

describe('show --format png', () => {
    test('a PNG per diagram, twice the SVG size, white and not blank', () => {
        const out = fresh('png');
        const run = lcpn(['show', 'pieces.lcpn', 'sergeant', '--format', 'png', '--out', out]);
        expect(run).toMatchObject({ code: 0, stdout: `${out}/pieces/sergeant.on-an-empty-board.png\n` });
        const png = readFileSync(join(dir, out, 'pieces/sergeant.on-an-empty-board.png'));
        expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
        expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR');
        const svg = read('svg/pieces/sergeant.on-an-empty-board.svg');
        const [w, h] = [/width="(\d+)"/.exec(svg)![1], /height="(\d+)"/.exec(svg)![1]].map(Number);
        expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([2 * w, 2 * h]);
        // A picture with a board and markers compresses to far more than a blank page would.
        expect(png.length).toBeGreaterThan(4000);
    });
});

describe('show --format html', () => {
    test('one self-contained page per piece: definition, diagrams with captions, Betza and Parlett with what they lose', () => {
        const out = fresh('html');
        const run = lcpn(['show', 'pieces.lcpn', '--format', 'html', '--out', out]);
        expect(run.code).toBe(0);
        expect(listing(out)).toEqual(['pieces/pawn.html', 'pieces/sergeant.html']);
        const page = read(`${out}/pieces/pawn.html`);
        expect(page.startsWith('<!DOCTYPE html>')).toBe(true);
        expect(page).toContain('<h1><bdi>pawn</bdi></h1>');
        expect(page).toContain('<footer>From <bdi>pieces.lcpn</bdi>;');
        expect((page.match(/<figure><svg /g) ?? []).length).toBe(2);
        expect(page).toContain('<figcaption>on rank 2</figcaption>');
        expect(page).toContain('<figcaption>on rank 5 (no rank condition holds)</figcaption>');
        expect(page).toContain('<dt>Betza</dt>');
        expect(page).toContain('<dt>Parlett</dt>');
        expect(page).toContain('<li>the branch for the condition (= (rank) 2)</li>');
        // Nothing to fetch, nothing to run.
        expect(page).not.toMatch(/<script|<link|<img|\ssrc=|\shref="(?!#)|url\(/i);
    });
});

describe('catalog', () => {
    test('one page: every piece of every file, grouped per file with a table of contents, definitions as show prints them', () => {
        const run = lcpn(['catalog', 'pieces.lcpn', 'set', '--out', 'book/page.html']);
        expect(run.code).toBe(1);
        expect(run.stdout).toBe('book/page.html\n');
        expect(run.stderr).toContain('6 pieces from 4 files written to book/page.html, 1 error\n');
        const page = read('book/page.html');
        expect((page.match(/<article class="piece"/g) ?? []).length).toBe(6);
        expect((page.match(/<section class="file"/g) ?? []).length).toBe(4);
        for (const file of ['pieces.lcpn', 'set/A B.lcpn', 'set/a-b.lcpn', 'set/sub/x.lcpn']) expect(page).toContain(`<h2><bdi>${file}</bdi></h2>`);
        // sergeant 1, pawn 2, horse 2, ferzé 1, knight 1; the definition with an error none.
        expect((page.match(/<figure><svg /g) ?? []).length).toBe(7);
        expect(page).toContain('<p class="error">This definition has an error');
        // Every link of the contents has its target.
        const ids = new Set([...page.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]));
        const links = [...page.matchAll(/href="#([^"]+)"/g)].map((m) => m[1]);
        expect(links.length).toBe(4 + 6);
        for (const link of links) expect(ids.has(link)).toBe(true);
        // The definition as `lcpn show` echoes it, in the file's own style (C here), HTML-escaped.
        const shown = lcpn(['show', 'set/A B.lcpn']).stdout.split('\n')[0];
        expect(shown).toBe('horse := wazir => [1, 1]:outward');
        expect(page).toContain('<pre class="definition"><code>horse := wazir =&gt; [1, 1]:outward</code></pre>');
    });

    test('files are named from the path given, never by an absolute path (no home directory on a website)', () => {
        const run = lcpn(['catalog', join(dir, 'pieces.lcpn'), join(dir, 'set'), '--out', 'abs.html']);
        expect(run.code).toBe(1);
        const page = read('abs.html');
        expect(page).not.toContain(dir);
        expect([...page.matchAll(/<h2><bdi>([^<]*)<\/bdi><\/h2>/g)].map((m) => m[1])).toEqual(['pieces.lcpn', 'set/A B.lcpn', 'set/a-b.lcpn', 'set/sub/x.lcpn']);
    });

    test('user text cannot inject markup: file names, strings, the title', () => {
        mkdirSync(join(dir, 'evil'), { recursive: true });
        writeFileSync(join(dir, 'evil', '<script>x.lcpn'), '(def trap (cond ("</pre><script>alert(1)</script>" [0 1]) (t [1 1])))\n');
        const run = lcpn(['catalog', 'evil', '--out', 'evil.html', '--title', '<img src=x onerror=alert(1)>']);
        expect(run.code).toBe(0);
        const page = read('evil.html');
        expect(page).not.toMatch(/<script|<img/i);
        expect(page).toContain('<title>&lt;img src=x onerror=alert(1)&gt;</title>');
        expect(page).toContain('<h2><bdi>evil/&lt;script&gt;x.lcpn</bdi></h2>');
        expect(page).toContain('&lt;/pre&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
        // Inside the SVG too (its accessible title holds the caption).
        expect(page).toContain('<title>trap: if &quot;&lt;/pre&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot;</title>');
    });
});

describe('usage errors write nothing', () => {
    test.each([
        [['show', 'pieces.lcpn', '--format', 'svg'], 'show: --format svg writes files: say where with --out DIR'],
        [['show', 'pieces.lcpn', '--out', 'o'], 'show: --out DIR is for --format svg, png or html; text diagrams go to standard output'],
        [['show', 'pieces.lcpn', '--format', 'gif', '--out', 'o'], "show: --format must be one of text, svg, png, html, not 'gif'"],
        [['catalog', 'pieces.lcpn'], 'catalog: say where to write the page with --out page.html'],
        [['catalog', '--out', 'o.html'], 'catalog: name the files or directories whose pieces go on the page'],
        [['catalog', 'pieces.lcpn', '--out', 'o.html', '--at', 'e4'], "catalog: --at does not apply to this command; run 'lcpn help' for the usage"]
    ])('%j', (args, message) => {
        const run = lcpn(args);
        expect(run).toMatchObject({ code: 2, stdout: '' });
        expect(run.stderr).toBe(`lcpn: ${message}\n`);
        expect(existsSync(join(dir, 'o'))).toBe(false);
        expect(existsSync(join(dir, 'o.html'))).toBe(false);
    });

    test('an unknown piece is reported before anything is written', () => {
        const run = lcpn(['show', 'pieces.lcpn', 'sargent', '--format', 'svg', '--out', 'o']);
        expect(run.code).toBe(2);
        expect(run.stderr).toContain("no piece named 'sargent'");
        expect(existsSync(join(dir, 'o'))).toBe(false);
    });

    test('catalog never writes over an LCPN file or in place of a directory', () => {
        expect(lcpn(['catalog', 'pieces.lcpn', '--out', 'pieces.lcpn'])).toMatchObject({
            code: 2, stderr: 'lcpn: catalog: --out pieces.lcpn would replace an LCPN file; the page is HTML (such as pieces.html)\n'
        });
        expect(read('pieces.lcpn')).toBe(SERGEANT + PAWN);
        expect(lcpn(['catalog', 'pieces.lcpn', '--out', 'set'])).toMatchObject({
            code: 2, stderr: "lcpn: catalog: --out set is a directory; name the page's file (such as set/pieces.html)\n"
        });
    });

    test('--out naming an existing file is refused', () => {
        writeFileSync(join(dir, 'afile'), 'keep');
        const run = lcpn(['show', 'pieces.lcpn', '--format', 'svg', '--out', 'afile']);
        expect(run).toMatchObject({ code: 2, stderr: 'lcpn: show: --out afile is a file; give a directory\n' });
        expect(read('afile')).toBe('keep');
    });
});

describe('PNG without its renderer', () => {
    test('a CLI bundle that cannot load @resvg/resvg-js says so, suggests SVG, and writes nothing', () => {
        // The bundle alone in a directory with no node_modules above it, as after copying dist/ without installing.
        const alone = mkdtempSync(join(tmpdir(), 'lcpn-no-resvg-'));
        try {
            copyFileSync(join(root, 'dist/cli.cjs'), join(alone, 'cli.cjs'));
            writeFileSync(join(alone, 'a.lcpn'), SERGEANT);
            const run = spawnSync(process.execPath, [join(alone, 'cli.cjs'), 'show', 'a.lcpn', '--format', 'png', '--out', 'o'], { cwd: alone, encoding: 'utf8', timeout: 60_000 });
            expect(run.status).toBe(2);
            expect(run.stderr).toMatch(/^lcpn: show: PNG output needs the package @resvg\/resvg-js, which could not be loaded \(.*\); reinstall lcpn with its dependencies \(npm install\), or use --format svg\n$/);
            expect(existsSync(join(alone, 'o'))).toBe(false);
            // SVG needs nothing more.
            const svg = spawnSync(process.execPath, [join(alone, 'cli.cjs'), 'show', 'a.lcpn', '--format', 'svg', '--out', 'o'], { cwd: alone, encoding: 'utf8', timeout: 60_000 });
            expect(svg.status).toBe(0);
            expect(svg.stdout).toBe('o/a/sergeant.on-an-empty-board.svg\n');
        } finally {
            rmSync(alone, { recursive: true, force: true });
        }
    });
});

describe('show as text (the default)', () => {
    test('standard output ends with exactly one line break, whatever comes last (summary, a named piece, a note)', () => {
        writeFileSync(join(dir, 'notes.lcpn'), '(def a (cond ("x" [0 1]) (t [1 1])))\n(def b (wazir :weird))\n');
        for (const args of [['notes.lcpn'], ['notes.lcpn', 'b'], ['notes.lcpn', 'a', '--at', 'e4'], ['pieces.lcpn', 'sergeant']]) {
            const { stdout } = lcpn(['show', ...args]);
            expect(stdout.endsWith('\n') && !stdout.endsWith('\n\n\n')).toBe(true);
        }
    });
});
