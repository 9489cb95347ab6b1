/**
 * `lcpn catalog --side` and `--first-move`: the page draws each piece as `lcpn show` does with the
 * same options (one meaning, diagram-context.ts), in all three styles. Expected squares are worked
 * out by hand: a pawn on e5 as Black moves down the board (e4; e3 on its first move only).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { requireBundle, runLcpn } from './run-cli.js';

let dir: string;

/** The same pawn in each style: one step forward without capturing, two on its first move, captures one forward diagonal. */
const PAWNS: Record<string, string> = {
    'lisp.lcpn': '(def pawn (/ (move ([0 1] :only)) (capture ([1 1] :forward)) (cond ((first-move) (move ([0 2] :only))))))\n',
    'c.lcpn': 'pawn := move([0, 1]:only) / capture([1, 1]:forward) / if (first_move()) { move([0, 2]:only) };\n',
    'sql.lcpn': 'pawn IS moving [0, 1]:only OR capturing [1, 1]:forward OR IF first_move() THEN moving [0, 2]:only END;\n'
};

beforeAll(() => {
    requireBundle();
    dir = mkdtempSync(join(tmpdir(), 'lcpn-catalog-options-'));
    for (const [name, text] of Object.entries(PAWNS)) writeFileSync(join(dir, name), text);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const lcpn = (...args: string[]) => runLcpn(dir, args);
const captions = (page: string) => [...page.matchAll(/<figcaption>([^<]*)<\/figcaption>/g)].map((m) => m[1]);
const facts = (page: string) => [...page.matchAll(/<li>([^<]*)<\/li>/g)].map((m) => m[1]);
/** `lcpn show`'s diagram captions (two-space indented lines ending with ':'). */
const showCaptions = (stdout: string) => stdout.split('\n').filter((l) => /^ {2}\S.*:$/.test(l)).map((l) => l.trim().slice(0, -1));

describe('lcpn catalog --side and --first-move', () => {
    for (const file of Object.keys(PAWNS)) {
        test(`${file}: --side black --first-move draws as Black before the first move, as show does`, () => {
            const run = lcpn('catalog', file, '--out', `${file}.black.html`, '--side', 'black', '--first-move');
            expect(run.code).toBe(0);
            expect(run.stderr).toBe(`1 piece from 1 file written to ${file}.black.html, 0 errors\n`);
            const page = readFileSync(join(dir, `${file}.black.html`), 'utf8');
            const shown = lcpn('show', file, '--side', 'black', '--first-move');
            expect(captions(page)).toEqual(showCaptions(shown.stdout));
            expect(captions(page)[0]).toBe('on an empty board, before its first move, as Black');
            for (const caption of captions(page)) expect(caption).toMatch(/, as Black$/);
            // From e5 as Black: the double step lands on e3, below the pawn.
            expect(facts(page)).toContain('only on its first move: e3 (move only)');
        });
    }

    test('without them the page is White\'s, with the first move as its own diagram (as show draws it)', () => {
        const run = lcpn('catalog', 'lisp.lcpn', '--out', 'white.html');
        expect(run.code).toBe(0);
        const page = readFileSync(join(dir, 'white.html'), 'utf8');
        expect(captions(page)).toEqual(showCaptions(lcpn('show', 'lisp.lcpn').stdout));
        expect(captions(page).some((c) => c.endsWith('as Black'))).toBe(false);
        expect(facts(page)).toContain('only on its first move: e7 (move only)');
    });

    test('--side white alone: only White\'s diagrams', () => {
        const run = lcpn('catalog', 'c.lcpn', '--out', 'side-white.html', '--side', 'w');
        expect(run.code).toBe(0);
        const page = readFileSync(join(dir, 'side-white.html'), 'utf8');
        expect(captions(page)).toEqual(showCaptions(lcpn('show', 'c.lcpn', '--side', 'w').stdout));
        expect(captions(page).some((c) => c.includes('Black'))).toBe(false);
    });

    test('a bad --side is a usage error before anything is written', () => {
        const run = lcpn('catalog', 'sql.lcpn', '--out', 'red.html', '--side', 'red');
        expect(run).toMatchObject({ code: 2, stdout: '', stderr: "lcpn: --side: expected white or black, got 'red'\n" });
        expect(existsSync(join(dir, 'red.html'))).toBe(false);
    });

    test('--first-move takes no value', () => {
        expect(lcpn('catalog', 'sql.lcpn', '--out', 'x.html', '--first-move=yes')).toMatchObject({ code: 2, stderr: "lcpn: option '--first-move' takes no value; run 'lcpn help' for the usage\n" });
    });
});
