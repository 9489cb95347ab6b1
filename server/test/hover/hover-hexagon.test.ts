/**
 * Hover in a file that declares a board of another shape (issue 11): a piece is drawn on the
 * declared hexagon (the specification's picture in rows, Glinski's board in files, 91 polygons
 * with images), a Black piece's diagram turned, zones named in Glinski's cells; a cylinder's and
 * a holed board's declaration said in words. The pictures are written by hand.
 */
import { Buffer } from 'node:buffer';
import { describe, expect, test } from 'vitest';
import { hoverAt, validated as open } from '../lsp-helpers.js';




/** The first SVG image of a hover, decoded. */
const svgOf = (value: string) => Buffer.from(/data:image\/svg\+xml;base64,([A-Za-z0-9+/=]+)/.exec(value)![1], 'base64').toString('utf8');

describe('pieces on a declared hexagon', () => {
    test("the specification's piece on (hexagon 6 rows): its picture, in each style", async () => {
        const texts = [
            '(def spec (board (hexagon 6 rows)))\n(def chess-piece (wazir :forward-left :forward-right :left :backward-left))',
            'spec := board(hexagon(6, rows))\nchess_piece := wazir:forward_left:forward_right:left:backward_left',
            'spec IS board(hexagon(6, rows))\nchess_piece IS wazir:forward_left:forward_right:left:backward_left'
        ];
        for (const text of texts) {
            const doc = await open(text);
            const value = await hoverAt(doc, 'chess', { style: 'text' });
            expect(value).toContain([
                '*on an empty board; hexagon of side 6 (rows)*',
                '',
                '```',
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
                '     . . . . . .',
                '! the piece, X move or capture, . empty'
            ].join('\n'));
        }
    });

    test("Glinski's knight with images: 91 hexagonal cells, its 12 destinations, Glinski's coordinates", async () => {
        const doc = await open('(def glinski (board (hexagon 6)))\n(def horse knight)');
        const value = await hoverAt(doc, 'horse', { style: 'image' });
        expect(value).toContain('*on an empty board; hexagon of side 6*');
        const svg = svgOf(value!);
        expect(svg.match(/<polygon /g)).toHaveLength(91);
        expect(svg).toContain('<title>horse on an empty board; hexagon of side 6</title>');
        // The move-or-capture discs: one path of 12 subpaths on the board.
        const discs = [...svg.matchAll(/<path fill="none" stroke="#0072b2" stroke-width="([\d.]+)" stroke-linecap="round" d="([^"]*)"/g)];
        expect(discs[0][2].match(/M/g)).toHaveLength(12);
        for (const label of ['>a<', '>l<', '>11<', '>1<']) expect(svg).toContain(label);
    });

    test("a zone of the declared hexagon is drawn and named in Glinski's cells; its pieces' Black diagram is turned", async () => {
        const doc = await open([
            '(def glinski (board (hexagon 6) (promotion-zone far-side)))',
            '(def far-side (zone a6 b7 c8 d9 e10 f11 g10 h9 i8 k7 l6))',
            '(def pawn (=> ([0 1] :only) (promote-to queen)))'
        ].join('\n'));
        const value = await hoverAt(doc, 'pawn (', { style: 'text' });
        // Cells in reading order (rank by rank); Black's far side is Glinski's rank 1, files a to l: one range.
        expect(value).toContain('zone far-side: a6, l6, b7, k7, c8, i8, d9, h9, e10, g10, f11');
        expect(value).toContain('zone far-side: a1-l1');
        // Next to the promotion zone: on f10, it promotes on f11.
        expect(value).toContain('promotes on f11 to queen');
        expect(value).toContain(', as Black; hexagon of side 6*');
    });

    test("a zone on the declared hexagon: its cells in Glinski's names, a range worded as files by ranks", async () => {
        const doc = await open('(def glinski (board (hexagon 6)))\n(def camp (zone d1-f3 f6))');
        const zone = await hoverAt(doc, 'camp', { style: 'text' });
        expect(zone).toContain("Cells, from White's side: d1-f3, f6.");
        // Turned half a turn about f6: d1-d3 -> h9-h7, e1-e3 -> g10-g8, f1-f3 -> f11-f9 (Glinski's ranks bend at the f-file).
        expect(zone).toContain('For a Black piece, turned half a turn: f6, h7-h9, g8-g10, f9-f11.');
        const range = await hoverAt(doc, 'd1-f3', { style: 'text' });
        expect(range).toContain('**d1-f3**: a range (files by ranks) of 9 cells (corners in any order)');
    });

    test('a board declaration: the hexagon, the cylinder and the holes said in words', async () => {
        const hex = await hoverAt(await open('(def glinski (board (hexagon 6)))'), 'glinski', { style: 'text' });
        expect(hex).toContain('hexagon of side 6: 91 cells.');
        const cylinder = await hoverAt(await open('(def tube (board 8 8 (cylinder)))'), 'tube', { style: 'text' });
        expect(cylinder).toContain('the board wraps round (8x8 cylinder)');
        const holedDoc = await open('(def holed (board 8 8 (holes d4 e5 a1-b2)))');
        const holed = await hoverAt(holedDoc, 'holed', { style: 'text' });
        expect(holed).toContain('holes (not squares of this board): a1, b1, a2, b2, d4, e5');
        // A hole's name in the declaration says what a hole is (not "a square of the zone").
        expect(await hoverAt(holedDoc, 'd4', { style: 'text' })).toBe('**d4**: a hole: a square that the board does not have. Nothing stands or lands there and diagrams leave it blank; a rider stops before a hole, a leaper may jump over it.');
        expect(await hoverAt(holedDoc, 'a1-b2', { style: 'text' })).toContain('**a1-b2**: a rectangle of 4 holes (corners in any order): squares that the board does not have.');
        const c = await open('holed := board(8, 8, holes(d4, e5))');
        expect(await hoverAt(c, 'e5', { style: 'text' })).toContain('**e5**: a hole:');
    });
});
