/**
 * What `lcpn show`, `moves` and `catalog` show (issue 25): a broken definition is never replaced
 * by another without a word (§3); a piece confined to a zone is shown in it when no square is
 * given (§4); every branch and first-move state gets its diagram (§6); a piece's other pieces' errors do not fail a command about it, and show and catalog
 * count a folder's pieces alike (§7); a piece's diagrams list only the zones it uses (§9).
 * Squares worked out by hand.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { requireBundle, runLcpn } from './run-cli.js';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8');

let dir: string;

/** The specification's Lisp pawn as printed (its brackets do not balance), after a piece that uses it: the pawn starts on line 3. */
const SPEC_PAWN = `(def my-pawn pawn)\n${fixture('spec/pawn-unbalanced.lcpn')}`;
/** The specification's xiangqi pieces with a board that confines the elephant to its side and a palace the general's keyword names. */
const XIANGQI = fixture('xiangqi/spec.c.lcpn');

const FILES: Record<string, string> = {
    'spec/pawn.lcpn': SPEC_PAWN,
    'xq/xiangqi.lcpn': XIANGQI,
    'two/two.lcpn': '(def good (wazir :forward))\n(def bad (/ ferz nobody-defines-this))\n(def uses-bad (/ bad wazir))\n',
    'count/a.lcpn': '(def tiny (board 5 5))\n(def camp (zone a1 b2))\n(def walker (wazir :forward))\n',
    'count/b.sql.lcpn': 'hopper IS [2, 2]\nfar IS zone(e5)\n',
    'fm/fm.sql.lcpn': 'opener IS IF first_move() THEN knight ELSE wazir END\nmixed IS IF rank() = 2 THEN wazir ELSE IF rank() > 5 AND file() < 3 THEN ferz ELSE knight END\n'
};

beforeAll(() => {
    requireBundle();
    dir = mkdtempSync(join(tmpdir(), 'lcpn-views-'));
    for (const [name, text] of Object.entries(FILES)) {
        mkdirSync(dirname(join(dir, name)), { recursive: true });
        writeFileSync(join(dir, name), text);
    }
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const lcpn = (...args: string[]) => runLcpn(dir, args);

describe('a broken definition is never replaced without a word', () => {
    const refused = "'pawn' (spec/pawn.lcpn, line 3) has a syntax error: fix it to see its moves (lcpn check shows the details); the standard prelude's pawn is not shown in its place\n";

    test('every command that takes a piece name refuses it, exit 1, and writes nothing', () => {
        for (const args of [['moves', 'spec/pawn.lcpn', 'pawn'], ['moves', 'spec/pawn.lcpn', 'pawn', '--json'], ['show', 'spec/pawn.lcpn', 'pawn']]) {
            expect(lcpn(...args)).toMatchObject({ code: 1, stdout: '', stderr: `lcpn: ${refused}` });
        }
        expect(lcpn('moves', 'spec/pawn.lcpn', 'simple-pawn', '--friend', 'pawn@e6')).toMatchObject({ code: 1, stderr: `lcpn: --friend: ${refused}` });
        expect(lcpn('moves', 'spec/pawn.lcpn', 'simple-pawn', '--position', 'w:simple-pawn@e2 b:pawn@e7')).toMatchObject({ code: 1, stderr: `lcpn: --position: ${refused}` });
        expect(lcpn('show', 'spec/pawn.lcpn', '--position', 'w:pawn@e2')).toMatchObject({ code: 1, stdout: '' });
        const files = lcpn('show', 'spec/pawn.lcpn', 'pawn', '--format', 'svg', '--out', 'pawn-svg');
        expect(files).toMatchObject({ code: 1, stdout: '', stderr: `lcpn: ${refused}` });
        expect(existsSync(join(dir, 'pawn-svg'))).toBe(false);
    });

    test('the whole file: the broken pawn and the piece that uses it each say so under their definition', () => {
        const shown = lcpn('show', 'spec/pawn.lcpn');
        expect(shown.code).toBe(1);
        expect(shown.stdout).toContain("(def my-pawn pawn)\n  note: it uses names whose own definition is broken: pawn means the standard prelude's pawn (this file's own, line 3, has a syntax error)\n");
        expect(shown.stdout).toContain("  note: this definition has a syntax error: its moves are those of what could be read of it; until it is fixed, pawn elsewhere in this file means the standard prelude's pawn\n");
        const moves = lcpn('moves', 'spec/pawn.lcpn', 'my-pawn', '--at', 'e2');
        expect(moves.code).toBe(0);
        expect(moves.stderr).toBe("lcpn: note: my-pawn: it uses names whose own definition is broken: pawn means the standard prelude's pawn (this file's own, line 3, has a syntax error) (run lcpn check for the details)\n");
        // The prelude's pawn, as the note says: the double step from e2.
        expect(moves.stdout).toContain('  moves to: e3 e4\n');
        const page = lcpn('catalog', 'spec', '--out', 'spec.html');
        expect(page.code).toBe(1);
        expect(readFileSync(join(dir, 'spec.html'), 'utf8')).toContain("<li>it uses names whose own definition is broken: pawn means the standard prelude&#39;s pawn (this file&#39;s own, line 3, has a syntax error)</li>");
    });
});

describe('where a piece stands when no square is given', () => {
    test('a piece confined to a zone stands in it (by the board, by a keyword), for either side; any other on the centre', () => {
        expect(lcpn('moves', 'xq/xiangqi.lcpn', 'elephant').stdout).toBe('elephant on e3, 9x10 board (xiangqi)\n  moves to: c1 c5 g1 g5\n  captures on (if an enemy stood there): c1 c5 g1 g5\n');
        expect(lcpn('moves', 'xq/xiangqi.lcpn', 'general').stdout).toBe('general on e2, 9x10 board (xiangqi)\n  moves to: d2 e1 e3 f2\n  captures on (if an enemy stood there): d2 e1 e3 f2\n');
        expect(lcpn('moves', 'xq/xiangqi.lcpn', 'general', '--side', 'black').stdout.split('\n')[0]).toBe('general on e9, 9x10 board (xiangqi), as Black');
        expect(lcpn('moves', 'xq/xiangqi.lcpn', 'horse').stdout.split('\n')[0]).toBe('horse on e6, 9x10 board (xiangqi)');
        // `show` with blockers but no --at: the same square.
        expect(lcpn('show', 'xq/xiangqi.lcpn', 'general', '--friend', 'e3').stdout).toContain('  on e2 with friends on e3:\n');
        expect(lcpn('moves', 'xq/xiangqi.lcpn', 'general', '--friend', 'e2').stderr)
            .toBe('lcpn: --friend: e2 is where the piece stands when --at is not given; put the friend piece elsewhere, or say where the piece stands with --at\n');
    });

    test('--board: a confinement that does not fit is left out with a note, and the piece stands on the centre', () => {
        const small = lcpn('moves', 'xq/xiangqi.lcpn', 'elephant', '--board', '8x8');
        expect(small.stderr).toBe('lcpn: note: board xiangqi is 9x10; its zone own-side does not fit on the 8x8 board of --board, so elephant is not confined to it\n');
        expect(small.stdout.split('\n')[0]).toBe('elephant on e5, 8x8 board (xiangqi)');
    });
});

describe('every branch and state gets its diagram', () => {
    test('show and the catalog draw the opener before and after its first move, and the ferz branch on b6', () => {
        const shown = lcpn('show', 'fm/fm.sql.lcpn').stdout;
        const captions = shown.split('\n').filter((l) => /^ {2}on /.test(l));
        expect(captions).toEqual([
            '  on an empty board, before its first move:', '  on an empty board, after its first move:',
            '  on e2:', '  on b6:', '  on e5 (no condition holds):'
        ]);
        lcpn('catalog', 'fm', '--out', 'fm.html');
        const page = readFileSync(join(dir, 'fm.html'), 'utf8');
        for (const caption of captions) expect(page).toContain(`<figcaption>${caption.trim().replace(/:$/, '')}</figcaption>`);
        // --first-move asks for one state: the other is not drawn.
        expect(lcpn('show', 'fm/fm.sql.lcpn', 'opener', '--first-move').stdout).not.toContain('after its first move');
    });
});

describe('pieces, counts and errors', () => {
    test('a piece named is not failed by another piece\'s error; one it uses counts', () => {
        for (const format of ['text', 'png', 'svg']) {
            const options = format === 'text' ? [] : ['--format', format, '--out', `two-${format}`];
            const good = lcpn('show', 'two/two.lcpn', 'good', ...options);
            expect(good.code, format).toBe(0);
            expect(good.stderr).not.toContain('error: unknown piece');
            const uses = lcpn('show', 'two/two.lcpn', 'uses-bad', ...options);
            expect(uses.code, format).toBe(1);
            expect(uses.stderr).toContain("two/two.lcpn:2:18: error: unknown piece 'nobody-defines-this'");
        }
        // The whole file has the error.
        expect(lcpn('show', 'two/two.lcpn').code).toBe(1);
    });

    test('show and catalog count the same folder alike: pieces, and the other definitions apart', () => {
        const shown = lcpn('show', 'count');
        expect(shown.stdout).toContain('\n2 pieces and 3 other definitions in 2 files, 0 errors\n');
        const page = lcpn('catalog', 'count', '--out', 'count.html');
        expect(page.stderr).toBe('2 pieces and 3 other definitions from 2 files written to count.html, 0 errors\n');
        expect(readFileSync(join(dir, 'count.html'), 'utf8')).toContain('<p class="summary">2 pieces and 3 other definitions from 2 files.');
        expect(lcpn('show', 'count', '--format', 'svg', '--out', 'count-svg').stderr).toBe('3 files written to count-svg for 2 pieces in 2 files, 0 errors\n');
    });
});

describe('the zones listed under a piece', () => {
    test('only those its moves or conditions use: the horse none, the elephant its confinement, the general its palace', () => {
        expect(lcpn('show', 'xq/xiangqi.lcpn', 'horse').stdout).not.toContain('zone ');
        const elephant = lcpn('show', 'xq/xiangqi.lcpn', 'elephant').stdout;
        expect(elephant).toContain('zone own-side: a1-i5');
        expect(elephant).not.toContain('within-fortress');
        const general = lcpn('show', 'xq/xiangqi.lcpn', 'general').stdout;
        expect(general).toContain('zone within-fortress: d1-f3');
        expect(general).not.toContain('own-side');
    });
});
