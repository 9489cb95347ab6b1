/**
 * What a hover and `lcpn show` put on screen (issue 8 §3-§5, issue 9 "Slow paths"): a diagram
 * per informal condition, the definition echoed in its own style, the most informative diagram
 * first and small enough for VS Code's hover, text diagrams first without images, and a bounded
 * cost for huge definitions. Squares are worked out by hand (9x9 board, the piece on e5).
 */
import { describe, expect, test } from 'vitest';
import { parsePieceText } from '../parse-text.js';
import type { PieceDef } from '../../src/model/piece.js';
import { HOVER_BOARD_HEIGHT, pieceMarkdown } from '../../src/views/piece-markdown.js';
import { scenarios } from '../../src/views/scenarios.js';
import preludeText from '../../prelude/standard.lcpn?raw';
import { squareName } from '../../src/geometry/index.js';

const prelude = new Map(parsePieceText(preludeText).pieces.map((p) => [p.key, p]));

function pieces(text: string) {
    const own = new Map(parsePieceText(text).pieces.map((p) => [p.key, p]));
    const resolve = (key: string) => own.get(key) ?? prelude.get(key);
    return { piece: (key: string) => own.get(key) as PieceDef, resolve };
}

const BOARD = { files: 9, ranks: 9 };
const squares = (s: { result: { destinations: { square: { file: number; rank: number } }[] } }) => s.result.destinations.map((d) => squareName(d.square));

describe('a diagram per informal condition', () => {
    test('the Chinese pawn: one diagram if it has crossed the river, one if not', () => {
        const { piece, resolve } = pieces('(def chinese-pawn (cond ("crossed the river" (/ (wazir :forward) (wazir :sideways))) (t (wazir :forward))))');
        const shown = scenarios(piece('chinese-pawn'), resolve, BOARD);
        expect(shown.map((s) => s.title)).toEqual(['if "crossed the river"', 'if not "crossed the river"']);
        expect(shown.map(squares)).toEqual([['d5', 'e6', 'f5'], ['e6']]);
        // Each diagram shows one branch: no "if"/"unless" notes are left on its squares.
        expect(shown.flatMap((s) => s.result.destinations.flatMap((d) => d.notes))).toEqual([]);
    });

    test('C and SQL spellings give the same diagrams', () => {
        const c = pieces('p := if ("crossed the river") { wazir:forward / wazir:sideways } else { wazir:forward }');
        const sql = pieces('p IS IF "crossed the river" THEN wazir:forward OR wazir:sideways ELSE wazir:forward END');
        for (const { piece, resolve } of [c, sql]) {
            expect(scenarios(piece('p'), resolve, BOARD).map(squares)).toEqual([['d5', 'e6', 'f5'], ['e6']]);
        }
    });

    test('two informal conditions: each taken in turn, then neither', () => {
        const { piece, resolve } = pieces('(def p (cond ("promoted" king) ("in the palace" ferz) (t wazir)))');
        const shown = scenarios(piece('p'), resolve, BOARD);
        expect(shown.map((s) => s.title)).toEqual(['if "promoted"', 'if "in the palace" (and none before it)', 'if none of these conditions holds']);
        expect(shown.map((s) => s.result.destinations.length)).toEqual([8, 4, 4]);
        expect(squares(shown[1])).toEqual(['d4', 'd6', 'f4', 'f6']);
    });

    test('rank conditions keep their diagrams per rank', () => {
        const { piece, resolve } = pieces('(def p (cond ((= (rank) 2) wazir) ((= (rank) 3) king)))');
        expect(scenarios(piece('p'), resolve, BOARD).map((s) => s.title)).toEqual(['on rank 2', 'on rank 3', 'on rank 5 (no rank condition holds)']);
    });
});

describe('the hover', () => {
    const hover = (text: string, key: string, images: boolean) => {
        const { piece, resolve } = pieces(text);
        return pieceMarkdown(piece(key), resolve, { board: BOARD, images, text: true });
    };

    test.each([
        ['(def n (/ knight (wazir :forward)))', '```lcpn\n(/ knight (wazir :forward))\n```'],
        ['n := knight / wazir:forward', '```lcpn\nknight / wazir:forward\n```'],
        ['n IS knight OR wazir:forward', '```lcpn\nknight OR wazir:forward\n```']
    ])('echoes the definition in the style it was written in: %s', (text, block) => {
        expect(hover(text, 'n', false)).toContain(block);
    });

    test('without images, the text diagram comes first, before the definition', () => {
        const md = hover('n := knight', 'n', false);
        expect(md).not.toContain('data:image');
        expect(md.indexOf('. X . X .')).toBeGreaterThan(0);
        expect(md.indexOf('. X . X .')).toBeLessThan(md.indexOf('```lcpn'));
    });

    test('the most informative diagram first; each image fits the hover window', () => {
        const md = hover('(def p (cond ((= (rank) 2) wazir) ((= (rank) 3) king)))', 'p', true);
        const captions = [...md.matchAll(/^\*(on rank [^*]*)\*$/gm)].map((m) => m[1]);
        // The king's 8 squares on rank 3 before the wazir's 4 on rank 2; then the rank with no move.
        expect(captions.slice(0, 3)).toEqual(['on rank 3', 'on rank 2', 'on rank 5 (no rank condition holds)']);
        const heights = [...md.matchAll(/\|width=\d+,height=(\d+)\)/g)].map((m) => Number(m[1]));
        expect(heights.length).toBe(3);
        for (const h of heights) expect(h).toBeLessThanOrEqual(HOVER_BOARD_HEIGHT + 30);
    });

    test('the cannon: the diagram with a screen (slides and captures) before the one without (slides only)', () => {
        const md = hover('(def c (/ (move rook) ((& capture cannon) rook)))', 'c', true);
        const captions = [...md.matchAll(/^\*([^*]+)\*$/gm)].map((m) => m[1]);
        expect(captions[0]).toMatch(/^with a friendly piece on /);
        expect(captions[1]).toBe('on an empty board');
    });

        test('a rider on a 15x15 board: squares shrink so the whole board still fits', () => {
        const { piece, resolve } = pieces('(def r rook)');
        const md = pieceMarkdown(piece('r'), resolve, { board: { files: 15, ranks: 15 }, images: true, text: false });
        const [, w, h] = /\|width=(\d+),height=(\d+)\)/.exec(md)!.map(Number);
        expect(h).toBeLessThanOrEqual(HOVER_BOARD_HEIGHT + 30);
        expect(w).toBeLessThan(500);
    });

    test('coordinates are drawn on the image', () => {
        const md = hover('n := knight', 'n', true);
        const svg = Buffer.from(/base64,([A-Za-z0-9+/=]+)/.exec(md)![1], 'base64').toString('utf8');
        for (const label of ['>c<', '>g<', '>3<', '>7<']) expect(svg).toContain(label);
    });

    test('promotion is named under the image and under the text diagram', () => {
        const md = hover('(def p (=> (move (wazir :forward)) (promote-to queen rook)))', 'p', true);
        expect(md.match(/promotes on e6 to queen, rook/g)).toHaveLength(2);
    });
});

describe('huge definitions cost a bounded amount of work', () => {
    test('a 5,000-leg chain: the hover answers, and says its diagrams are incomplete', () => {
        const legs = Array.from({ length: 5000 }, (_, i) => (i % 2 ? 'wazir' : 'ferz')).join(' ');
        const { piece, resolve } = pieces(`(def long (=> ${legs}))`);
        const md = pieceMarkdown(piece('long'), resolve, { board: BOARD, images: true, text: true });
        // A generous bound, only to catch a hang: it took 53 s before the diagrams shared one budget.
        expect(md).toContain('step budget ran out');
    });
});

describe('branch diagrams drop the "shown with a note" caveat they make untrue', () => {
    test('no condition caveat under a diagram titled by that condition; other caveats stay', () => {
        const { piece, resolve } = pieces('(def p (cond ("crossed the river" (wazir :within-fortress)) (t ferz)))');
        const shown = scenarios(piece('p'), resolve, BOARD);
        expect(shown.map((s) => s.result.problems.map((p) => p.rule))).toEqual([['informal-keyword'], ['informal-keyword']]);
    });
});
