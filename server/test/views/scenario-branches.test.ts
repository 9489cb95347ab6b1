/**
 * Every branch and every first-move state gets its diagram (issue 25 §6), decided once in
 * views/scenarios.ts for the hover, `lcpn show` and the catalog: a piece whose moves change after
 * its first move is drawn before and after it (a pawn's double step, which moving only takes
 * away, stays one diagram with its first-move marks); a branch that only a rank and a file
 * together reach (`rank() > 5 AND file() < 3`) is drawn where both hold. In the three styles.
 * Squares by hand on the 9x9 board, the piece on e5.
 */
import { describe, expect, test } from 'vitest';
import { parsePieceText } from '../parse-text.js';
import type { PieceDef } from '../../src/model/piece.js';
import { pieceMarkdown } from '../../src/views/piece-markdown.js';
import { scenarios, type Scenario } from '../../src/views/scenarios.js';
import preludeText from '../../prelude/standard.lcpn?raw';
import { squareName } from '../../src/geometry/index.js';

const prelude = new Map(parsePieceText(preludeText).pieces.map((p) => [p.key, p]));
const BOARD = { files: 9, ranks: 9 };

function piece(text: string) {
    const own = parsePieceText(text).pieces;
    const resolve = (key: string) => own.find((p) => p.key === key) ?? prelude.get(key);
    return { piece: own[own.length - 1] as PieceDef, resolve };
}

const titles = (list: Scenario[]) => list.map((s) => s.title);
const squares = (s: Scenario) => s.result.destinations.map((d) => squareName(d.square)).sort();

describe('first move', () => {
    const KNIGHT = ['c4', 'c6', 'd3', 'd7', 'f3', 'f7', 'g4', 'g6'];
    const styles = {
        lisp: '(def opener (cond ((first-move) knight) (t wazir)))',
        c: 'opener := if (first_move()) { knight } else { wazir }',
        sql: 'opener IS IF first_move() THEN knight ELSE wazir END'
    };

    for (const [style, text] of Object.entries(styles)) {
        test(`${style}: IF first_move() THEN knight ELSE wazir: one diagram before the first move, one after`, () => {
            const { piece: p, resolve } = piece(text);
            const list = scenarios(p, resolve, BOARD);
            expect(titles(list)).toEqual(['on an empty board, before its first move', 'on an empty board, after its first move']);
            expect(squares(list[0])).toEqual(KNIGHT);
            expect(list[0].result.destinations.every((d) => d.firstMoveOnly)).toBe(true);
            expect(squares(list[1])).toEqual(['d5', 'e4', 'e6', 'f5']);
            expect(list[1].setup.firstMove).toBeUndefined();
        });
    }

    test('a double step that moving only takes away: one diagram, its first-move squares marked', () => {
        const { piece: p, resolve } = piece('(def runner (/ (move (0 1 :only)) (cond ((first-move) (move (0 2 :only))))))');
        const list = scenarios(p, resolve, BOARD);
        expect(titles(list)).toEqual(['on an empty board, before its first move']);
        expect(list[0].result.destinations.filter((d) => d.firstMoveOnly).map((d) => squareName(d.square))).toEqual(['e7']);
    });

    test('a state asked for (`--first-move`, or not moved) is the only one drawn', () => {
        const { piece: p, resolve } = piece(styles.lisp);
        expect(titles(scenarios(p, resolve, BOARD, { firstMove: true }))).toEqual(['on an empty board, before its first move']);
        expect(titles(scenarios(p, resolve, BOARD, { firstMove: false }))).toEqual(['on an empty board']);
    });

    test('with conditions on the square too: each place in both states where they differ, in one where they do not', () => {
        const { piece: p, resolve } = piece('(def p (cond ((= (rank) 2) (cond ((first-move) wazir) (t ferz))) (t knight)))');
        const list = scenarios(p, resolve, BOARD);
        expect(titles(list)).toEqual(['on rank 2, before its first move', 'on rank 2, after its first move', 'on rank 5']);
        expect(list.map((s) => squares(s).length)).toEqual([4, 4, 8]);
        // After the first move the wazir's steps are gone and the ferz's come: one diagram could not show both.
        const { piece: king, resolve: kings } = piece('(def p (cond ((= (rank) 2) (cond ((first-move) king) (t wazir))) (t knight)))');
        expect(titles(scenarios(king, kings, BOARD))).toEqual(['on rank 2, before its first move', 'on rank 5']);
    });

    test('the hover draws both states', () => {
        const { piece: p, resolve } = piece(styles.sql);
        const markdown = pieceMarkdown(p, resolve, { board: BOARD, images: false });
        expect(markdown).toContain('*on an empty board, before its first move*');
        expect(markdown).toContain('*on an empty board, after its first move*');
    });
});

describe('branches that only a combination of conditions reaches', () => {
    const styles = {
        sql: 'mixed IS IF rank() = 2 THEN wazir ELSE IF rank() > 5 AND file() < 3 THEN ferz ELSE knight END',
        c: 'mixed := if (rank() = 2) { wazir } else if (rank() > 5 && file() < 3) { ferz } else { knight }',
        lisp: '(def mixed (cond ((= (rank) 2) wazir) ((and (> (rank) 5) (< (file) 3)) ferz) (t knight)))'
    };

    for (const [style, text] of Object.entries(styles)) {
        test(`${style}: the wazir on rank 2, the ferz where rank > 5 and file < 3 (b6), the knight elsewhere`, () => {
            const { piece: p, resolve } = piece(text);
            const list = scenarios(p, resolve, BOARD);
            expect(titles(list)).toEqual(['on e2', 'on b6', 'on e5 (no condition holds)']);
            expect(squares(list[0])).toEqual(['d2', 'e1', 'e3', 'f2']);
            expect(squares(list[1])).toEqual(['a5', 'a7', 'c5', 'c7']);
            expect(squares(list[2])).toEqual(['c4', 'c6', 'd3', 'd7', 'f3', 'f7', 'g4', 'g6']);
        });
    }

    test('a rank inside a zone: found by the cells themselves when no rank or file alone reaches it', () => {
        const { piece: p, resolve } = piece('(def camp (zone a1-c3))\n(def p (cond ((and (in camp) (= (rank) 1)) king) ((in camp) ferz) (t wazir)))');
        const list = scenarios(p, resolve, BOARD);
        // The ferz in the camp's middle (b2), the king on the camp's first rank nearest the centre (c1), the wazir on rank 1 outside it.
        expect(titles(list)).toEqual(['on b2 (in camp)', 'on c1', 'on e1 (no condition holds)']);
        expect(list.map(squares)).toEqual([['a1', 'a3', 'c1', 'c3'], ['b1', 'b2', 'c2', 'd1', 'd2'], ['d1', 'e2', 'f1']]);
    });

    test('a branch is what the first test that holds takes: two tests that both hold on rank 2 are one diagram, and a branch no square reaches none', () => {
        const { piece: p, resolve } = piece('(def p (cond ((< (rank) 4) wazir) ((= (rank) 2) ferz) (t knight)))');
        expect(titles(scenarios(p, resolve, BOARD))).toEqual(['on rank 2', 'on rank 4 (no rank condition holds)']);
    });
});
