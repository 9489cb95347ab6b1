/** Formatting through Langium's `expectFormatting`, per style, on mixed files, and on the spec's examples. */
import { readdirSync, readFileSync } from 'node:fs';
import { expectFormatting } from 'langium/test';
import type { LangiumServices } from 'langium/lsp';
import { beforeAll, describe, expect, test } from 'vitest';
import { formatted, formattedRange, testServices } from '../lsp-helpers.js';

let services: LangiumServices;
let format: ReturnType<typeof expectFormatting>;
beforeAll(async () => {
    services = await testServices();
    format = expectFormatting(services);
});


describe('Lisp style', () => {
    test('one space between elements, none inside brackets, `( def` closed up', async () => {
        await format({ before: '(  def   knight   [ 1   2 ] )\n( def queen (  / rook\tbishop ))', after: '(def knight [1 2])\n(def queen (/ rook bishop))\n', disposeAfterCheck: true });
    });

    test('continuation lines align with the first argument, or two spaces in', async () => {
        await format({
            before: '(def general (/ ::royal\n(wazir :within-fortress)\n      (capture-a-general rook)))\n(def x (=>\nwazir\n  ferz))\n(def y ((& capture cannon)\n      rook))',
            after: '(def general (/ ::royal\n                (wazir :within-fortress)\n                (capture-a-general rook)))\n(def x (=>\n         wazir\n         ferz))\n(def y ((& capture cannon)\n        rook))\n',
            disposeAfterCheck: true
        });
    });

    test('a definition body on its own line is indented by two; comments follow the code', async () => {
        await format({
            before: '(def cannon\n;; in Chinese chess\n        (/ (move rook)\n   (capture (cannon rook))))',
            after: '(def cannon\n  ;; in Chinese chess\n  (/ (move rook)\n     (capture (cannon rook))))\n',
            disposeAfterCheck: true
        });
    });

    test('closing brackets join the line before, except after a comment', async () => {
        await format({
            before: '(def x\n  (/ wazir\n     ferz\n  )\n)\n(def y (/ wazir ; why\n))',
            after: '(def x\n  (/ wazir\n     ferz))\n(def y (/ wazir ; why\n       ))\n',
            disposeAfterCheck: true
        });
    });

    test('cond clauses align under the first clause', async () => {
        await format({
            before: '(def p (cond ((= (rank) 2) (0 2 :only))\n((= (rank)   7) (promote-to queen))\n  (t wazir)))',
            after: '(def p (cond ((= (rank) 2) (0 2 :only))\n             ((= (rank) 7) (promote-to queen))\n             (t wazir)))\n',
            disposeAfterCheck: true
        });
    });
});

describe('C style', () => {
    test('spaces around operators, none before a keyword or a call', async () => {
        await format({
            before: 'knight:=[1,2]\ncannon:=move ( rook )/capture&cannon(rook)\nwagon := rook :2 :*\nhorse := wazir=>[1, 1]:outward\nrhino := wazir->ferz\nking:= ::royal ferz/wazir\npao := ( move / capture & cannon )( rook )',
            after: 'knight := [1, 2]\ncannon := move(rook) / capture & cannon(rook)\nwagon := rook:2:*\nhorse := wazir => [1, 1]:outward\nrhino := wazir -> ferz\nking := ::royal ferz / wazir\npao := (move / capture & cannon)(rook)\n',
            disposeAfterCheck: true
        });
    });

    test('if/else spacing and block indentation', async () => {
        await format({
            before: 'p := if(rank()=2){wazir}\nelse if (x = 7) {\nferz => f(q,\nr)\n   }\n  else {w}',
            after: 'p := if (rank() = 2) { wazir }\nelse if (x = 7) {\n    ferz => f(q,\n        r)\n}\nelse { w }\n',
            disposeAfterCheck: true
        });
    });

    test('a conditional too long for one line gets the specification\'s block layout', async () => {
        await format({
            before: 'pawn := if(rank()=2){simple_pawn}\nelse if (rank() = 7) {\nsimple_pawn => promote_to(queen,rook,\nknight)\n   }\n  else {simple_pawn}',
            after: 'pawn := if (rank() = 2) {\n    simple_pawn\n}\nelse if (rank() = 7) {\n    simple_pawn => promote_to(queen, rook,\n        knight)\n}\nelse { simple_pawn }\n',
            disposeAfterCheck: true
        });
    });

    test('continued expressions are indented one unit, with the editor\'s tab settings', async () => {
        await format({ before: 'queen := rook\n/ bishop', after: 'queen := rook\n\t/ bishop\n', options: { tabSize: 4, insertSpaces: false }, disposeAfterCheck: true });
    });
});

describe('long conditionals (the specification\'s layout)', () => {
    test('Lisp: a clause per line, each movement under its test when a clause does not fit', async () => {
        await format({
            before: '(def pawn (cond ((= (rank) 2) (/ simple-pawn ((& move no-jump) (0 2 :only)))) ((= (rank) 7) (=> simple-pawn (promote-to queen rook knight bishop))) (t simple-pawn)))',
            after: '(def pawn (cond ((= (rank) 2)\n                 (/ simple-pawn ((& move no-jump) (0 2 :only))))\n                ((= (rank) 7)\n                 (=> simple-pawn (promote-to queen rook knight bishop)))\n                (t simple-pawn)))\n',
            disposeAfterCheck: true
        });
    });

    test('Lisp: clauses that fit keep their movement on the test\'s line', async () => {
        await format({
            before: '(def chinese-pawn (cond ("before crossing river" (0 1 :only)) ("after crossing river" (0 1 :forward :sideways))))',
            after: '(def chinese-pawn (cond ("before crossing river" (0 1 :only))\n                        ("after crossing river" (0 1 :forward :sideways))))\n',
            disposeAfterCheck: true
        });
    });

    test('SQL: each ELSE starts a line', async () => {
        await format({
            before: 'pawn IS IF rank() = 2 THEN simple_pawn OR moving AND no_jumping [0, 2]:only ELSE IF rank() = 7 THEN simple_pawn AND_THEN promote_to(queen, rook, knight, bishop) ELSE simple_pawn END',
            after: 'pawn IS IF rank() = 2 THEN simple_pawn OR moving AND no_jumping [0, 2]:only\n    ELSE IF rank() = 7 THEN simple_pawn AND_THEN promote_to(queen, rook, knight, bishop)\n    ELSE simple_pawn END\n',
            disposeAfterCheck: true
        });
    });

    test('a short conditional stays on one line', async () => {
        await format({ before: '(def p (cond ((= (rank) 2) wazir) (t ferz)))\np IS IF rank() = 2 THEN wazir ELSE ferz END', after: '(def p (cond ((= (rank) 2) wazir) (t ferz)))\np IS IF rank() = 2 THEN wazir ELSE ferz END\n', disposeAfterCheck: true });
    });
});

describe('game declarations: a clause per line, in each style', () => {
    const FEN = '"4k3/8/8/8/8/8/8/R3K2R w K - 0 1"';
    test('Lisp: each clause after the first under the first, as cond clauses', async () => {
        await format({
            before: `(def g (game (pieces (king "k") (rook "r")) (start ${FEN}) (royal check king) (checkmate loss)))`,
            after: `(def g (game (pieces (king "k") (rook "r"))\n             (start ${FEN})\n             (royal check king)\n             (checkmate loss)))\n`,
            disposeAfterCheck: true
        });
        // The body on its own line (as the examples write it) keeps its place; the clauses follow it.
        await format({
            before: `(def g\n(game (pieces (king "k")) (start ${FEN})))`,
            after: `(def g\n  (game (pieces (king "k"))\n        (start ${FEN})))\n`,
            disposeAfterCheck: true
        });
    });

    test('C and SQL: every clause on a line of its own, one unit in, closed after the last', async () => {
        await format({
            before: `g := game(pieces(king("k"), rook("r")), start(${FEN}),royal(check, king), checkmate(loss))\nh IS game(pieces(king("k")),   start(${FEN}))`,
            after: `g := game(\n    pieces(king("k"), rook("r")),\n    start(${FEN}),\n    royal(check, king),\n    checkmate(loss))\nh IS game(\n    pieces(king("k")),\n    start(${FEN}))\n`,
            disposeAfterCheck: true
        });
    });

    test('a game of one clause, and a call of game that is not a definition\'s body, are left on their line', async () => {
        await format({ before: '(def g (game (pieces (king "k"))))\nx := f(game(a, b))', after: '(def g (game (pieces (king "k"))))\nx := f(game(a, b))\n', disposeAfterCheck: true });
    });

    test('the examples\' games are laid out as the formatter lays them out: formatting leaves them as they are', async () => {
        for (const name of ['chess', 'xiangqi', 'grand', 'shogi']) {
            const text = readFileSync(`examples/${name}.lcpn`, 'utf8');
            // The game is each file's last definition.
            const game = new RegExp(`^(\\(def ${name}$|${name} (:=|IS) game\\()`, 'm');
            const after = await formatted(text);
            expect(text.search(game), name).toBeGreaterThan(0);
            expect(after.slice(after.search(game)), name).toBe(text.slice(text.search(game)));
        }
    });
});

describe('SQL style', () => {
    test('single spaces around SHOUTY keywords and gerunds; continuation lines indented', async () => {
        await format({
            before: 'sargeant   IS   capturing   ferz OR  moving wazir\nchinese_pawn IS IF "before crossing river"\nTHEN [0,1]:only\n        ELSE [0, 1] :forward:sideways END\ncannon IS (move OR capture AND cannon) (rook)',
            after: 'sargeant IS capturing ferz OR moving wazir\nchinese_pawn IS IF "before crossing river"\n    THEN [0, 1]:only\n    ELSE [0, 1]:forward:sideways END\ncannon IS (move OR capture AND cannon)(rook)\n',
            disposeAfterCheck: true
        });
    });
});

describe('mixed files and comments', () => {
    test('every definition on its own line, at most one blank line, comments kept', async () => {
        await format({
            before: '\n\n; leapers\n(def knight [1  2]) knight_rider := knight:rider   # trailing, kept where it is\n\n\n\n   ;; indented top-level comment\nnightrider   IS knight:rider\n// last',
            after: '; leapers\n(def knight [1 2])\nknight_rider := knight:rider   # trailing, kept where it is\n\n;; indented top-level comment\nnightrider IS knight:rider\n// last\n',
            disposeAfterCheck: true
        });
    });

    test('a range formats only its lines', async () => {
        await format({
            before: '(def a   [1 2])\n(def b   [1 2])\n(def c   [1 2])\n',
            after: '(def a   [1 2])\n(def b [1 2])\n(def c   [1 2])\n',
            range: { start: { line: 1, character: 0 }, end: { line: 1, character: 15 } },
            disposeAfterCheck: true
        });
    });

    test('line ends \\r and \\r\\n are line breaks, and are kept', async () => {
        // A comment ends at '\r': joining the next line onto it would have commented the definition out.
        expect(await formatted('; leapers\r(def  a [1 2])\r;; more\r\rb :=wazir\r')).toBe('; leapers\r(def a [1 2])\r;; more\r\rb := wazir\r');
        expect(await formatted('# x\r\n(def a  (/ wazir\r\nferz))\r\n')).toBe('# x\r\n(def a (/ wazir\r\n          ferz))\r\n');
    });

    test('range formatting of a broken document never removes a token', async () => {
        const tokens = (text: string) => text.replace(/\s+/g, '');
        for (const [text, range] of [
            ['x IS IF ra ) = END', { start: { line: 0, character: 3 }, end: { line: 0, character: 17 } }],
            // Past the nesting limit the parser skips tokens: they are not in the tree, and must stay in the text.
            ['x := ' + '('.repeat(500) + 'wazir' + ')'.repeat(500), { start: { line: 0, character: 1 }, end: { line: 0, character: 60 } }]
        ] as const) {
            expect(tokens(await formattedRange(text, range))).toBe(tokens(text));
        }
    });

    test('a document with syntax errors is left alone', async () => {
        await format({ before: '(def a   (/ wazir', after: '(def a   (/ wazir', disposeAfterCheck: true });
    });
});

const fixtures = [
    ...['lisp', 'c', 'sql'].map((name) => new URL(`../fixtures/spec/${name}.lcpn`, import.meta.url)),
    ...readdirSync(new URL('../../../examples/', import.meta.url)).map((name) => new URL(`../../../examples/${name}`, import.meta.url))
];

describe.each(fixtures.map((url) => [url.pathname.split('/').slice(-2).join('/'), url] as const))('%s', (_name, url) => {
    const text = readFileSync(url, 'utf8');

    test('only whitespace changes, and formatting is idempotent', async () => {
        const once = await formatted(text);
        expect(once.replace(/\s+/g, '')).toBe(text.replace(/\s+/g, ''));
        expect(once).not.toMatch(/[ \t]$/m);
        expect(await formatted(once)).toBe(once);
    });
});

test('the spec\'s C examples keep their layout, apart from spacing around `&` and braces, a 4-space body and the long Chinese pawn on several lines', async () => {
    const text = readFileSync(new URL('../fixtures/spec/c.lcpn', import.meta.url), 'utf8');
    const changed = (await formatted(text)).split('\n').filter((line, i) => line !== text.split('\n')[i]);
    expect(changed).toEqual([
        'cannon := move(rook) / capture & cannon(rook)',
        '    simple_pawn / move & no_jump([0, 2]:only)',
        '    simple_pawn => promote_to(queen, rook, knight, bishop)',
        'chinese_pawn := if "before crossing river" {',
        '    [0, 1]:only',
        '} else { [0, 1]:forward:sideways }',
        ''
    ]);
});

describe('boards, zones and conditions (issue 10)', () => {
    test('C: one space around comparisons and && ||, none after !', async () => {
        await format({
            before: 'far :=   rank()>5&&file()=3||!  first_move()\np := if (first_move()&&!in( palace )) {wazir} else {ferz}\nxq := board(9,10,  confine(elephant,own_side))',
            after: 'far := rank() > 5 && file() = 3 || !first_move()\np := if (first_move() && !in(palace)) { wazir } else { ferz }\nxq := board(9, 10, confine(elephant, own_side))\n',
            disposeAfterCheck: true
        });
    });

    test('SQL: words spaced once; Lisp: one space between elements', async () => {
        await format({
            before: 'far IS rank()   >=  5 AND   NOT in( palace )\nq IS IF a  OR   NOT  b THEN wazir END\n(def  z (zone   d1-f3  e5))\n(def c (and  (<=  (rank) 5)   (not (occupied-by  cannon))))',
            after: 'far IS rank() >= 5 AND NOT in(palace)\nq IS IF a OR NOT b THEN wazir END\n(def z (zone d1-f3 e5))\n(def c (and (<= (rank) 5) (not (occupied-by cannon))))\n',
            disposeAfterCheck: true
        });
    });
});

describe('board shapes and paths (issue 11)', () => {
    test('shape calls and paths are spaced like any call; a path string is never touched', async () => {
        await format({
            before: '(  def glinski (board   ( hexagon  6   rows )\n(promotion-zone far)))\n(def p (path   "L* (F$)+"))',
            after: '(def glinski (board (hexagon 6 rows)\n                    (promotion-zone far)))\n(def p (path "L* (F$)+"))\n',
            disposeAfterCheck: true
        });
        await format({
            before: 'cyl  :=  board( 8 ,8, cylinder( ) ,holes(d4,c3-d3))\nrp IS   path( "F$" )',
            after: 'cyl := board(8, 8, cylinder(), holes(d4, c3-d3))\nrp IS path("F$")\n',
            disposeAfterCheck: true
        });
    });
});
