/**
 * Direction keywords are read on the board the file declares (issue 11): on a hexagon the
 * hexagonal words (`:forward-left`, ...) are directions and the square-only words (`:narrow`,
 * `:forward-most`, ...) mean nothing, said with a code; on squares nothing changes. Board
 * shapes and paths validate cleanly in the three styles.
 */
import { messageText } from '../diagnostics/message-text.js';
import { AstUtils } from 'langium';
import { describe, expect, test } from 'vitest';
import { isNameRef } from '../../src/syntax/generated/ast.js';
import { IssueCodes } from '../../src/semantics/issue-codes.js';
import { createTestServices } from '../test-services.js';
import { codeOf, validate, validated } from '../lsp-helpers.js';


/** Errors and warnings, as `line:column code`. */
const complaints = async (text: string) => (await validate(text)).diagnostics
    .filter((d) => d.severity === 1 || d.severity === 2)
    .map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${codeOf(d)}`);

const HEXAGON = { lisp: '(def glinski (board (hexagon 6)))', c: 'glinski := board(hexagon(6))', sql: 'glinski IS board(hexagon(6))' };
const ROWS = { lisp: '(def spec (board (hexagon 6 rows)))', c: 'spec := board(hexagon(6, rows))', sql: 'spec IS board(hexagon(6, rows))' };

describe('on a hexagonal board', () => {
    test.each([
        ['lisp', `${HEXAGON.lisp}\n(def x (wazir :forward-left :forward-right :backwards-left))`],
        ['c', `${HEXAGON.c}\nx := wazir:forward_left:backward_right`],
        ['sql', `${HEXAGON.sql}\nx IS wazir:forward_right`]
    ])('%s: the hexagonal directions are keywords', async (_style, text) => {
        expect(await complaints(text)).toEqual([]);
    });

    test("the specification's hexagonal piece validates on its board (rows orientation)", async () => {
        expect(await complaints(`${ROWS.lisp}\n(def spec-piece (wazir :forward-left :forward-right :left :backward-left))`)).toEqual([]);
    });

    test.each([
        ['lisp', `${HEXAGON.lisp}\n(def x (knight :narrow))`, '2:16'],
        ['c', `${HEXAGON.c}\nx := knight:forward_most`, '2:12'],
        ['sql', `${HEXAGON.sql}\nx IS knight:backwards_shallow`, '2:12']
    ])('%s: a square-only direction means nothing, said at the keyword', async (_style, text, at) => {
        const diagnostics = (await validate(text)).diagnostics.filter((d) => codeOf(d) === IssueCodes.DirectionNotOnBoard);
        expect(diagnostics.map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1}`)).toEqual([at]);
        expect(diagnostics[0].severity).toBe(2);
        expect(diagnostics[0].message).toMatch(/means nothing on a hexagonal board/);
        // The message lists this board's directions, spelled in the keyword's style.
        expect(diagnostics[0].message).toContain(text.startsWith('(') ? ':forward-left' : ':forward_left');
        // Not reported twice (the engine's own note is not mapped to a diagnostic).
        expect((await validate(text)).diagnostics.filter((d) => /means nothing/.test(messageText(d)))).toHaveLength(1);
    });

    test('an unknown keyword is offered the directions of the hexagon', async () => {
        const [diagnostic] = (await validate(`${HEXAGON.lisp}\n(def x (wazir :forwrd-left))`)).diagnostics.filter((d) => codeOf(d) === IssueCodes.UnknownKeyword);
        expect((diagnostic.data as { suggestions: string[] }).suggestions).toContain(':forward-left');
    });
});

describe('on squares, as before', () => {
    test('square directions are keywords; the hexagonal words keep their advice', async () => {
        expect(await complaints('(def x (knight :narrow :forward-most))')).toEqual([]);
        expect(await complaints('(def b (board 8 8 (cylinder)))\n(def x (wazir :forward-left))')).toEqual(['2:15 hexagonal-keyword']);
    });

    test('a file without a board reads squares; with two, the first (the second is an error)', async () => {
        expect(await complaints('(def x (wazir :forward-left))')).toEqual(['1:15 hexagonal-keyword']);
        const two = await complaints('(def a (board 8 8))\n(def b (board (hexagon 6)))\n(def x (wazir :forward-left))');
        expect(two).toEqual(['2:6 second-board', '3:15 hexagonal-keyword']);
    });
});

describe('board shapes and paths validate cleanly in every style', () => {
    test.each([
        HEXAGON.lisp, HEXAGON.c, HEXAGON.sql, ROWS.lisp, ROWS.c, ROWS.sql,
        '(def holed (board 8 8 (cylinder) (holes d4 e5 c3-d3)))',
        'holed := board(8, 8, cylinder(), holes(d4, e5))',
        'holed IS board(10, 10, holes(a1, j10))',
        '(def rook-path (path "L*(F$)+"))',
        'pawn_path := move(path("F$")) / capture(path("F(LFR|RFL)$"))',
        'pawn_path IS moving (path("F$")) OR capturing (path("F(LFR|RFL)$"))'
    ])('%s', async (text) => {
        const diagnostics = (await validate(text)).diagnostics;
        // Not even information: a path is formal, not informal text; shape words are the language's.
        expect(diagnostics.filter((d) => d.severity !== 4).map((d) => `${codeOf(d)}: ${d.message}`)).toEqual([]);
    });

    test('lowering errors inside a board and a path are diagnostics at their place', async () => {
        expect(await complaints('(def g (board (hexagon 6) (cylinder)))')).toEqual(['1:27 board-shape']);
        expect(await complaints('g := board(8, 8, holes(d9))')).toEqual(['1:24 bad-hole']);
        expect(await complaints('(def p (path "F$Q"))')).toEqual(['1:17 path-error']);
    });
});

describe('a keyword that selects nothing is judged on the board', () => {
    test('on a hexagon, the hexagonal rook has no step straight across; on squares it has', async () => {
        // Glinski's rook [0 1]:rider moves along three axes: none is sideways in the files orientation.
        const hexagon = await complaints('(def glinski (board (hexagon 6)))\n(def x (rook :sideways))');
        expect(hexagon).toEqual(['2:14 keyword-selects-nothing']);
        expect(await complaints('(def x (rook :sideways))')).toEqual([]);
        // Its bishop [1 1]:rider has: (2, -1) and (-2, 1) go straight across.
        expect(await complaints('(def glinski (board (hexagon 6)))\n(def x (bishop :sideways))')).toEqual([]);
        // The specification's hexagonal example selects steps on its board.
        expect(await complaints('(def spec (board (hexagon 6 rows)))\n(def x (wazir :forward-left))')).toEqual([]);
    });
});

describe('board words are the language\'s', () => {
    test('a piece named like a shape word is not what the board declaration names', async () => {
        const { Lcpn } = await createTestServices();
        const document = await validated('(def hexagon wazir)\n(def holes ferz)\n(def g (board (hexagon 6)))\n(def h (board 8 8 (holes d4)))', { services: Lcpn, validation: false });
        const heads = AstUtils.streamAst(document.parseResult.value).filter(isNameRef).filter((r) => ['hexagon', 'holes'].includes(r.ref.$refText)).toArray();
        expect(heads).toHaveLength(2);
        for (const head of heads) expect(head.ref.ref, head.ref.$refText).toBeUndefined();
    });
});

describe('a notation after a SQL gerund', () => {
    test.each([
        'p IS moving path("F$") OR capturing path("F(LFR|RFL)$")',
        'p IS moving betza("W")',
        'p IS moving AND no_jumping parlett("1+")'
    ])('%s reads as the gerund applied to the notation, with no complaint', async (text) => {
        const diagnostics = (await validate(text)).diagnostics;
        expect(diagnostics.filter((d) => d.severity !== 4).map((d) => `${codeOf(d)}: ${messageText(d)}`)).toEqual([]);
    });
});
