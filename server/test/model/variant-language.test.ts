/**
 * The language of real variants (issue 10): boards, zones, conditions and defined functions, in
 * the three styles. Every construct parses with no error, lowers to the model written here by
 * hand from docs/language.md, and survives `parse -> print in each style -> parse` unchanged.
 */
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { parsePieceText } from '../parse-text.js';
import type { PieceDef, Style } from '../../src/model/piece.js';
import { printPiece } from '../../src/model/print.js';
import { canPrintInfix } from '../../src/model/print-infix.js';
import { lowerDefinition } from '../../src/semantics/lower.js';

const STYLES: Style[] = ['lisp', 'c', 'sql'];

/** What survives a change of style. */
const meaning = ({ key, properties, body, declaration }: PieceDef) => ({ key, properties, body, declaration });

const rankAtMost5 = { kind: 'compare', op: '<=', left: { kind: 'call', fn: 'rank', args: [] }, right: { kind: 'number', value: 5 } };
const firstMove = { kind: 'predicate', fn: 'first-move', args: [] };
const inPalace = { kind: 'predicate', fn: 'in', args: [{ kind: 'name', key: 'palace' }] };
const notCannon = { kind: 'not', test: { kind: 'predicate', fn: 'occupied-by', args: [{ kind: 'name', key: 'cannon' }] } };

/** Each construct in its three spellings, and the model all three lower to. */
const CONSTRUCTS: { lisp: string; c: string; sql: string; model: object }[] = [
    {
        lisp: '(def xiangqi (board 9 10 (confine elephant own-side) (promotion-zone far-ranks)))',
        c: 'xiangqi := board(9, 10, confine(elephant, own_side), promotion_zone(far_ranks))',
        sql: 'xiangqi IS board(9, 10, confine(elephant, own_side), promotion_zone(far_ranks))',
        model: { kind: 'board', files: 9, ranks: 10, clauses: [{ kind: 'confine', pieces: ['elephant'], zone: 'own-side' }, { kind: 'promotion-zone', zone: 'far-ranks' }] }
    },
    {
        lisp: '(def palace (zone D1-f3 e5 I10))',
        c: 'palace := zone(d1-f3, e5, i10)',
        sql: 'palace IS zone(d1-F3, e5, i10)',
        model: { kind: 'zone', squares: ['d1-f3', 'e5', 'i10'] }
    },
    {
        lisp: '(def on-own-side (<= (rank) 5))',
        c: 'on_own_side := rank() <= 5',
        sql: 'on_own_side IS rank() <= 5',
        model: { kind: 'condition', test: rankAtMost5 }
    },
    {
        lisp: '(def far (and (> (rank) 5) (= (file) 3)))',
        c: 'far := rank() > 5 && file() = 3',
        sql: 'far IS rank() > 5 AND file() = 3',
        model: { kind: 'condition', test: { kind: 'and', tests: [
            { kind: 'compare', op: '>', left: { kind: 'call', fn: 'rank', args: [] }, right: { kind: 'number', value: 5 } },
            { kind: 'compare', op: '=', left: { kind: 'call', fn: 'file', args: [] }, right: { kind: 'number', value: 3 } }] } }
    },
    {
        // Precedence, loosest first: or, and, not, comparison.
        lisp: '(def mixed (or (first-move) (and (not (in palace)) (>= (rank) 2))))',
        c: 'mixed := first_move() || !in(palace) && rank() >= 2',
        sql: 'mixed IS first_move() OR NOT in(palace) AND rank() >= 2',
        model: { kind: 'condition', test: { kind: 'or', tests: [firstMove, { kind: 'and', tests: [{ kind: 'not', test: inPalace },
            { kind: 'compare', op: '>=', left: { kind: 'call', fn: 'rank', args: [] }, right: { kind: 'number', value: 2 } }] }] } }
    },
    {
        lisp: '(def grouped (and (or (first-move) (empty)) (< (rank) 3)))',
        c: 'grouped := (first_move() || empty()) && rank() < 3',
        sql: 'grouped IS (first_move() OR empty()) AND rank() < 3',
        model: { kind: 'condition', test: { kind: 'and', tests: [{ kind: 'or', tests: [firstMove, { kind: 'predicate', fn: 'empty', args: [] }] },
            { kind: 'compare', op: '<', left: { kind: 'call', fn: 'rank', args: [] }, right: { kind: 'number', value: 3 } }] } }
    },
    {
        // In SQL a name before AND is read by the movement grammar first; lowering regroups it.
        lisp: '(def home (and on-own-side (in palace)))',
        c: 'home := on_own_side && in(palace)',
        sql: 'home IS on_own_side AND in(palace)',
        model: { kind: 'condition', test: { kind: 'and', tests: [{ kind: 'ref', key: 'on-own-side' }, inPalace] } }
    },
    {
        lisp: '(def either (or on-own-side (> (rank) 8)))',
        c: 'either := on_own_side || rank() > 8',
        sql: 'either IS on_own_side OR rank() > 8',
        model: { kind: 'condition', test: { kind: 'or', tests: [{ kind: 'ref', key: 'on-own-side' },
            { kind: 'compare', op: '>', left: { kind: 'call', fn: 'rank', args: [] }, right: { kind: 'number', value: 8 } }] } }
    },
    {
        lisp: '(def not-cannon (not (occupied-by cannon)))',
        c: 'not_cannon := !occupied_by(cannon)',
        sql: 'not_cannon IS NOT occupied_by(cannon)',
        model: { kind: 'condition', test: notCannon }
    },
    {
        lisp: '(def unmoved (first-move))',
        c: 'unmoved := first_move()',
        sql: 'unmoved IS first_move()',
        model: { kind: 'condition', test: firstMove }
    },
    {
        lisp: '(def general-there (occupied-by general advisor))',
        c: 'general_there := occupied_by(general, advisor)',
        sql: 'general_there IS occupied_by(general, advisor)',
        model: { kind: 'condition', test: { kind: 'predicate', fn: 'occupied-by', args: [{ kind: 'name', key: 'general' }, { kind: 'name', key: 'advisor' }] } }
    },
    {
        lisp: '(def capture-a-general (& capture general-there))',
        c: 'capture_a_general := capture & general_there',
        sql: 'capture_a_general IS capture AND general_there',
        model: { kind: 'function', parts: [{ kind: 'function', name: 'capture' }, { kind: 'function', name: 'general-there' }] }
    },
    {
        lisp: '(def soldier (cond ((and (first-move) (not (in palace))) (0 2 :only)) (on-own-side (0 1 :only)) (t (0 1 :forward :sideways))))',
        c: 'soldier := if (first_move() && !in(palace)) { [0, 2]:only } else if (on_own_side) { [0, 1]:only } else { [0, 1]:forward:sideways }',
        sql: 'soldier IS IF first_move() AND NOT in(palace) THEN [0, 2]:only ELSE IF on_own_side THEN [0, 1]:only ELSE [0, 1]:forward:sideways END',
        model: { kind: 'piece' }
    },
    {
        lisp: '(def janggi-cannon (cannon (rook :not-cannon)))',
        c: 'janggi_cannon := cannon(rook:not_cannon)',
        sql: 'janggi_cannon IS cannon(rook:not_cannon)',
        model: { kind: 'piece' }
    }
];

/** Ambiguity reports of the parser's lookahead go to console.log; there must be none. */
let logged: string[];
beforeEach(() => {
    logged = [];
    vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => { logged.push(args.join(' ')); });
});
afterEach(() => {
    vi.restoreAllMocks();
    expect(logged.filter((l) => l.includes('Ambiguous'))).toEqual([]);
});

describe.each(STYLES)('%s spelling', (style) => {
    test.each(CONSTRUCTS.map((c) => [c[style], c] as const))('%s', (text, construct) => {
        const { pieces, problems } = parsePieceText(text);
        expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
        expect(pieces).toHaveLength(1);
        const [piece] = pieces;
        expect(piece.incomplete).toBeUndefined();
        if ('kind' in construct.model && construct.model.kind === 'piece') {
            expect(piece.declaration).toBeUndefined();
            // The same movement in the three styles.
            expect(meaning(piece)).toEqual(meaning(parsePieceText(construct.lisp).pieces[0]));
        } else {
            expect(piece.body).toBeUndefined();
            expect(piece.declaration).toEqual(construct.model);
        }
        for (const target of STYLES) {
            const printed = printPiece(piece, target);
            const reparsed = parsePieceText(printed);
            expect(reparsed.problems.filter((p) => p.severity === 'error'), printed).toEqual([]);
            expect(reparsed.pieces.map(meaning), printed).toEqual([meaning(piece)]);
        }
    });
});

describe('what has no C or SQL spelling is said so, never printed wrong', () => {
    test.each([
        ['(def alias (and on-own-side))', { c: false, sql: false }],
        ['(def both (and on-own-side far))', { c: true, sql: false }],
        ['(def one-part (& capture))', { c: false, sql: false }],
        ['(def tested (& capture (> (rank) 5)))', { c: true, sql: false }]
    ])('%s', (text, expected) => {
        const [piece] = parsePieceText(text).pieces;
        for (const style of ['c', 'sql'] as const) {
            expect(canPrintInfix(piece, style), style).toBe(expected[style]);
            if (expected[style]) expect(parsePieceText(printPiece(piece, style)).pieces.map(meaning)).toEqual([meaning(piece)]);
        }
        // Lisp always can.
        expect(parsePieceText(printPiece(piece, 'lisp')).pieces.map(meaning)).toEqual([meaning(piece)]);
    });
});

describe('misuse is a located error in plain words', () => {
    test.each([
        ['(def x (/ wazir (zone d1)))', 'misplaced-declaration', '(zone d1)'],
        ['(def x (board 9 (confine elephant own-side)))', 'board-size', '(confine elephant own-side)'],
        ['(def x (board))', 'board-size', '(board)'],
        ['(def x (&))', 'empty-function', '(&)'],
        ['x := board(0, 10)', 'board-size', '0'],
        ['x IS board(9, 65)', 'board-size', '65'],
        ['(def x (board 9 10 (confine elephant)))', 'bad-board-clause', '(confine elephant)'],
        ['(def x (board 9 10 wazir))', 'bad-board-clause', 'wazir'],
        ['(def x (zone d1 e))', 'bad-square', 'e'],
        ['(def x (zone d1-f3-g4))', 'bad-square', 'd1-f3-g4'],
        ['(def x (zone cm1))', 'bad-square', 'cm1'],
        ['(def x (zone))', 'empty-zone', '(zone)'],
        ['(def x (cond ((rank) wazir)))', 'term-as-test', '(rank)'],
        ['(def x (not))', 'test-arity', '(not)'],
        ['(def x (in palace fortress))', 'test-arity', '(in palace fortress)'],
        ['(def x (first-move wazir))', 'test-arity', '(first-move wazir)'],
        ['x := wazir / first_move()', 'test-as-move', 'first_move()'],
        ['(def x (cond ([1 2] wazir)))', 'bad-test', '[1 2]']
    ])('%s: %s', (text, code, where) => {
        const { document } = parsePieceText(text);
        const problems = document.definitions.flatMap((d) => lowerDefinition(d).problems);
        const problem = problems.find((p) => p.code === code);
        expect(problem, problems.map((p) => p.code).join()).toBeDefined();
        expect(problem!.severity).toBe('error');
        expect(problem!.node.$cstNode?.text).toBe(where);
        expect(problem!.message).not.toMatch(/undefined|\[object/);
    });
});

describe("the spec's Chinese chess pieces, as printed, with a board declaration", () => {
    test.each(['lisp', 'c', 'sql'])('%s style', (style) => {
        const text = readFileSync(new URL(`../fixtures/xiangqi/spec.${style}.lcpn`, import.meta.url), 'utf8');
        const { pieces, problems } = parsePieceText(text);
        expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
        expect(pieces.some((p) => p.declaration?.kind === 'board')).toBe(true);
        expect(pieces.map((p) => p.key)).toEqual(expect.arrayContaining(['general', 'advisor', 'elephant', 'horse']));
    });
});

test('a board with neither number gets one error, not one per number', () => {
    const { document } = parsePieceText('(def x (board (promotion-zone far)))');
    const problems = document.definitions.flatMap((d) => lowerDefinition(d).problems);
    expect(problems.map((p) => p.code)).toEqual(['board-size']);
    expect(lowerDefinition(document.definitions[0]).piece.declaration).toEqual({ kind: 'board', files: 8, ranks: 8, clauses: [{ kind: 'promotion-zone', zone: 'far' }] });
});
