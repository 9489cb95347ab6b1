/**
 * Board shapes and paths in the language (issue 11): `(board (hexagon 6))`, `(board 8 8
 * (cylinder) (holes d4))`, `(path "L*(F$)+")` in the three styles. Each lowers to the model
 * written here by hand from docs/language.md ("Board shapes", "Paths") and survives
 * `parse -> print in each style -> parse` unchanged; misuse is a located error.
 */
import { describe, expect, test } from 'vitest';
import { parsePieceText } from '../parse-text.js';
import type { PieceDef, Style } from '../../src/model/piece.js';
import { printPiece } from '../../src/model/print.js';
import { lowerDefinition } from '../../src/semantics/lower.js';

const STYLES: Style[] = ['lisp', 'c', 'sql'];
const meaning = ({ key, properties, body, declaration }: PieceDef) => ({ key, properties, body, declaration });

const rook = { kind: 'sequence', items: [{ kind: 'repeat', item: { kind: 'left' }, min: 0, max: null },
    { kind: 'repeat', item: { kind: 'sequence', items: [{ kind: 'forward' }, { kind: 'check' }] }, min: 1, max: null }] };
const pawnStep = { kind: 'sequence', items: [{ kind: 'forward' }, { kind: 'check' }] };

const CONSTRUCTS: { lisp: string; c: string; sql: string; model: object }[] = [
    {
        lisp: '(def glinski (board (hexagon 6)))',
        c: 'glinski := board(hexagon(6))',
        sql: 'glinski IS board(hexagon(6))',
        model: { kind: 'board', files: 11, ranks: 11, clauses: [], shape: { kind: 'hexagon', side: 6, orientation: 'files' } }
    },
    {
        // `files` is the default orientation: written or not, the same board.
        lisp: '(def glinski (board (hexagon 6 files) (promotion-zone far)))',
        c: 'glinski := board(hexagon(6), promotion_zone(far))',
        sql: 'glinski IS board(hexagon(6, files), promotion_zone(far))',
        model: { kind: 'board', files: 11, ranks: 11, clauses: [{ kind: 'promotion-zone', zone: 'far' }], shape: { kind: 'hexagon', side: 6, orientation: 'files' } }
    },
    {
        lisp: '(def spec-hexagon (board (hexagon 6 rows)))',
        c: 'spec_hexagon := board(hexagon(6, rows))',
        sql: 'spec_hexagon IS board(hexagon(6, Rows))',
        model: { kind: 'board', files: 11, ranks: 11, clauses: [], shape: { kind: 'hexagon', side: 6, orientation: 'rows' } }
    },
    {
        lisp: '(def cylinder-chess (board 8 8 (cylinder)))',
        c: 'cylinder_chess := board(8, 8, cylinder())',
        sql: 'cylinder_chess IS board(8, 8, cylinder())',
        model: { kind: 'board', files: 8, ranks: 8, clauses: [], shape: { kind: 'rectangle', cylinder: true } }
    },
    {
        // A rectangle of holes is its squares, rank by rank; a square named twice is one hole.
        lisp: '(def holed (board 8 8 (holes d4 E5 c3-d2 d3) (confine king home)))',
        c: 'holed := board(8, 8, holes(d4, e5, d2-c3), confine(king, home))',
        sql: 'holed IS board(8, 8, holes(d4, e5, c2-d3, c3), confine(king, home))',
        model: { kind: 'board', files: 8, ranks: 8, clauses: [{ kind: 'confine', pieces: ['king'], zone: 'home' }],
            shape: { kind: 'rectangle', holes: [{ file: 3, rank: 3 }, { file: 4, rank: 4 }, { file: 2, rank: 1 }, { file: 3, rank: 1 }, { file: 2, rank: 2 }, { file: 3, rank: 2 }] } }
    },
    {
        lisp: '(def torus-ish (board 10 6 (cylinder) (holes a1)))',
        c: 'torus_ish := board(10, 6, cylinder(), holes(a1))',
        sql: 'torus_ish IS board(10, 6, holes(a1), cylinder())',
        model: { kind: 'board', files: 10, ranks: 6, clauses: [], shape: { kind: 'rectangle', cylinder: true, holes: [{ file: 0, rank: 0 }] } }
    },
    {
        // The seed's slashes and spaces are not kept: the model holds the path as LCPN prints it.
        lisp: '(def rook-path (path "/L* (F$)+/"))',
        c: 'rook_path := path("L*(F$)+")',
        sql: 'rook_path IS path("L* (F$)+")',
        model: { kind: 'path', text: 'L*(F$)+', regex: rook }
    },
    {
        lisp: '(def pawn-path (/ (move (path "F$")) (capture (path "F(LFR|RFL)$"))))',
        c: 'pawn_path := move(path("F$")) / capture(path("F(LFR|RFL)$"))',
        sql: 'pawn_path IS moving (path("F$")) OR capturing (path("F(LFR|RFL)$"))',
        model: { kind: 'union', parts: [
            { kind: 'apply', functions: ['move'], args: [{ kind: 'path', text: 'F$', regex: pawnStep }] },
            { kind: 'apply', functions: ['capture'], args: [{ kind: 'path', text: 'F(LFR|RFL)$', regex: { kind: 'sequence', items: [{ kind: 'forward' },
                { kind: 'choice', options: [
                    { kind: 'sequence', items: [{ kind: 'left' }, { kind: 'forward' }, { kind: 'right' }] },
                    { kind: 'sequence', items: [{ kind: 'right' }, { kind: 'forward' }, { kind: 'left' }] }] },
                { kind: 'check' }] } }] }] }
    },
    {
        // The grammar reads `moving path("F$")` as `(moving path)("F$")`; lowering reads what was meant.
        lisp: '(def step-path (move (path "F$")))',
        c: 'step_path := move(path("F$"))',
        sql: 'step_path IS moving path("F$")',
        model: { kind: 'apply', functions: ['move'], args: [{ kind: 'path', text: 'F$', regex: pawnStep }] }
    },
    {
        lisp: '(def leg (=> (path "F$") wazir))',
        c: 'leg := path("F$") => wazir',
        sql: 'leg IS path("F$") AND_THEN wazir',
        model: { kind: 'sequence', mode: 'blocked', legs: [{ kind: 'path', text: 'F$', regex: pawnStep }, { kind: 'ref', key: 'wazir' }] }
    }
];

describe('board shapes and paths read the same in every style', () => {
    test.each(CONSTRUCTS.flatMap((c) => STYLES.map((style) => [style, c[style], c.model] as const)))('%s: %s', (_style, text, model) => {
        const { pieces, problems } = parsePieceText(text);
        expect(problems).toEqual([]);
        expect(pieces).toHaveLength(1);
        expect(pieces[0].declaration ?? pieces[0].body).toEqual(model);
    });

    test.each(CONSTRUCTS.flatMap((c) => STYLES.map((style) => [style, c.lisp] as const)))('printed in %s, %s reads back the same', (style, text) => {
        const [piece] = parsePieceText(text).pieces;
        const printed = printPiece(piece, style);
        const again = parsePieceText(printed);
        expect(again.problems, printed).toEqual([]);
        expect(again.pieces.map(meaning)).toEqual([meaning(piece)]);
    });

    test('printers spell the shape as the documentation does', () => {
        const [hexagon] = parsePieceText('(def g (board (hexagon 6 rows) (promotion-zone far)))').pieces;
        expect(printPiece(hexagon, 'lisp')).toBe('(def g (board (hexagon 6 rows) (promotion-zone far)))');
        expect(printPiece(hexagon, 'c')).toBe('g := board(hexagon(6, rows), promotion_zone(far))');
        const [holed] = parsePieceText('g IS board(8, 8, holes(d4, c3-d3), cylinder())').pieces;
        expect(printPiece(holed, 'lisp')).toBe('(def g (board 8 8 (cylinder) (holes d4 c3 d3)))');
        expect(printPiece(holed, 'sql')).toBe('g IS board(8, 8, cylinder(), holes(d4, c3, d3))');
    });
});

describe('misuse of a board shape or a path is a located error in plain words', () => {
    test.each([
        ['(def g (board 11 11 (hexagon 6)))', 'board-shape', '11'],
        ['g := board(hexagon(0))', 'hexagon-side', '0'],
        ['g IS board(hexagon(32))', 'hexagon-side', '32'],
        ['(def g (board (hexagon)))', 'hexagon-side', '(hexagon)'],
        ['(def g (board (hexagon rows)))', 'hexagon-side', 'rows'],
        ['(def g (board (hexagon 6 diagonal)))', 'board-shape', 'diagonal'],
        ['(def g (board (hexagon 6 rows files)))', 'board-shape', 'files'],
        ['(def g (board (hexagon 6) (cylinder)))', 'board-shape', '(cylinder)'],
        ['g := board(hexagon(6), holes(f6))', 'board-shape', 'holes(f6)'],
        ['(def g (board (hexagon 6) (hexagon 5)))', 'board-shape', '(hexagon 5)'],
        ['(def g (board 8 8 (cylinder wrap)))', 'board-shape', 'wrap'],
        ['(def g (board 8 8 (holes)))', 'board-shape', '(holes)'],
        ['(def g (board 8 8 (holes i1)))', 'bad-hole', 'i1'],
        ['g := board(8, 8, holes(a9))', 'bad-hole', 'a9'],
        ['g := board(8, 8, holes(a1-a2-a3))', 'bad-hole', 'a1-a2-a3'],
        ['g IS board(2, 1, holes(a1-b1))', 'bad-hole', 'holes(a1-b1)'],
        ['(def p (/ wazir (hexagon 6)))', 'misplaced-declaration', '(hexagon 6)'],
        ['p := cylinder()', 'misplaced-declaration', 'cylinder()'],
        ['(def p (path "F$X"))', 'path-error', '"F$X"'],
        ['(def g (board hexagon 6))', 'board-shape', 'hexagon'],
        ['(def g (board 8 8 cylinder))', 'board-shape', 'cylinder'],
        ['g := board(8, 8, holes)', 'board-shape', 'holes']
    ])('%s: %s at %s', (text, code, where) => {
        const { document } = parsePieceText(text);
        const problems = document.definitions.flatMap((d) => lowerDefinition(d).problems);
        const problem = problems.find((p) => p.code === code);
        expect(problem, problems.map((p) => p.code).join()).toBeDefined();
        expect(problem!.severity).toBe('error');
        expect(problem!.node.$cstNode?.text).toBe(where);
        expect(problem!.message).not.toMatch(/undefined|\[object/);
    });

    test('a path error points at the offending character inside the string', () => {
        const { problems } = parsePieceText('x := move(path("F$X"))');
        expect(problems.map((p) => [p.code, p.line, p.column])).toEqual([['path-error', 1, 19]]);
        expect(problems[0].message).toMatch(/^Path: 'X'/);
    });

    test('a broken shape keeps the rest of the board', () => {
        const [piece] = parsePieceText('(def g (board (hexagon 6 diagonal) (promotion-zone far)))').pieces;
        expect(piece.declaration).toEqual({ kind: 'board', files: 11, ranks: 11, clauses: [{ kind: 'promotion-zone', zone: 'far' }], shape: { kind: 'hexagon', side: 6, orientation: 'files' } });
        // Holes covering the whole board are refused, and the board keeps its squares.
        const [whole] = parsePieceText('g := board(2, 1, holes(a1-b1))').pieces;
        expect(whole.declaration).toEqual({ kind: 'board', files: 2, ranks: 1, clauses: [] });
    });

    test('a hexagon without its brackets is an error, and the board is still the hexagon meant', () => {
        const { pieces, problems } = parsePieceText('(def g (board hexagon 5 (promotion-zone far)))');
        expect(problems.map((p) => p.code)).toEqual(['board-shape']);
        expect(pieces[0].declaration).toEqual({ kind: 'board', files: 9, ranks: 9, clauses: [{ kind: 'promotion-zone', zone: 'far' }], shape: { kind: 'hexagon', side: 5, orientation: 'files' } });
    });

    test('a hexagon written after the rules, or with a colon, is read with a warning', () => {
        const late = parsePieceText('(def g (board (promotion-zone far) (hexagon 6)))');
        expect(late.problems.map((p) => [p.code, p.severity])).toEqual([['board-shape', 'warning']]);
        expect(late.pieces[0].declaration).toMatchObject({ shape: { kind: 'hexagon', side: 6 } });
        const colon = parsePieceText('(def g (board (hexagon 6 :rows)))');
        expect(colon.problems.map((p) => p.code)).toEqual(['board-shape']);
        expect(colon.pieces[0].declaration).toMatchObject({ shape: { orientation: 'rows' } });
    });
});
