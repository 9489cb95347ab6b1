/**
 * Diagrams on boards that are not plain rectangles (issue 11): the hexagon (SVG polygons, text in
 * the specification's offset rows and in files), a Black piece on it, a cylinder and a board with
 * holes. Pictures are written by hand from the specification and from the geometry's rules
 * (docs/geometry.md, docs/diagrams.md).
 */
import { describe, expect, test } from 'vitest';
import {
    compactSquares, cycleOccupant, destinationFacts, renderSvgDiagram, renderTextDiagram, squareAt, svgLayout, zoneFacts
} from '../../src/diagram/index.js';
import { COLOURS } from '../../src/diagram/svg.js';
import { destinations } from '../../src/engine/report.js';
import type { Destination, SetUp } from '../../src/engine/board.js';
import { type Board, boardGeometry, hexagonBoard, type Square } from '../../src/geometry/index.js';
import { parseBoardSpec } from '../../src/geometry/board-spec.js';
import { parsePieceText } from '../parse-text.js';
import { scenarios } from '../../src/views/scenarios.js';
import { fitRules } from '../../src/views/board-rules.js';
import preludeText from '../../prelude/standard.lcpn?raw';

const prelude = new Map(parsePieceText(preludeText).pieces.map((p) => [p.key, p]));

/** The destinations of `text`'s piece `key` (prelude names resolve) in the set-up given. */
function moves(text: string, key: string, setup: SetUp): Destination[] {
    const own = new Map(parsePieceText(text).pieces.map((p) => [p.key, p]));
    const resolve = (k: string) => own.get(k) ?? prelude.get(k);
    return destinations(resolve(key)!, setup, resolve).destinations;
}

const GLINSKI = hexagonBoard(6);
const SPEC = hexagonBoard(6, 'rows');
const glinski = boardGeometry(GLINSKI);
const cell = (board: Board, name: string): Square => {
    const found = boardGeometry(board).parse(name);
    if (!found) throw new Error(`no cell ${name}`);
    return found;
};
const alone = (board: Board, at: string, friends: string[] = [], enemies: string[] = []): SetUp =>
    ({ board, at: cell(board, at), friends: friends.map((n) => cell(board, n)), enemies: enemies.map((n) => cell(board, n)) });
const board = (spec: string): Board => parseBoardSpec(spec).board!;

/** The specification's hexagonal picture (seed 004, "Direction limitations"), trailing spaces dropped. */
const SPEC_PICTURE = [
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
    '     . . . . . .'
].join('\n');

describe('text diagrams on the hexagon', () => {
    test("the specification's picture: (wazir :forward-left :forward-right :left :backward-left) on (hexagon 6 rows)", () => {
        const setup = alone(SPEC, 'f6');
        for (const piece of ['(def p (wazir :forward-left :forward-right :left :backward-left))', '(def p (wazir :forward :left))']) {
            const found = moves(piece, 'p', setup);
            expect(renderTextDiagram(setup, found, { legend: false, facts: false })).toBe(SPEC_PICTURE);
        }
    });

    test('rows: with labels, each row has its number on the left (the rows are the ranks)', () => {
        const setup = alone(SPEC, 'f6');
        const lines = renderTextDiagram(setup, moves('(def p (wazir :forward :left))', 'p', setup), { labels: true, legend: false, facts: false }).split('\n');
        expect(lines[0]).toBe('11      . . . . . .');
        expect(lines[5]).toBe(' 6 . . . . X ! . . . . .');
        expect(lines[10]).toBe(' 1      . . . . . .');
        expect(lines).toHaveLength(11);
    });

    test('files: cells at one height share a row (every other file), neighbouring rows offset, file letters below', () => {
        // Side 3 (19 cells, files a-e): the wazir from the centre c3 reaches its six neighbours.
        const small = hexagonBoard(3);
        const setup = alone(small, 'c3');
        const found = moves('(def p wazir)', 'p', setup);
        expect(found.map((d) => boardGeometry(small).name(d.square)).sort()).toEqual(['b2', 'b3', 'c2', 'c4', 'd2', 'd3']);
        expect(renderTextDiagram(setup, found, { labels: true, legend: false, facts: false })).toBe([
            '      .',
            '   .     .',
            '.     X     .',
            '   X     X',
            '.     !     .',
            '   X     X',
            '.     X     .',
            '   .     .',
            '      .',
            'a  b  c  d  e'
        ].join('\n'));
    });

    test("a Black piece's forward is down the board: ([0 1] :only) as Black on f6 goes to f5", () => {
        const setup: SetUp = { ...alone(GLINSKI, 'f6'), side: 'black' };
        const found = moves('(def p ([0 1] :only))', 'p', setup);
        expect(found.map((d) => glinski.name(d.square))).toEqual(['f5']);
        const lines = renderTextDiagram(setup, found, { legend: false, facts: false }).split('\n');
        const piece = lines.findIndex((l) => l.includes('!'));
        // Files: the cell straight below is two text rows down, in the same column.
        expect(lines[piece + 2].indexOf('X')).toBe(lines[piece].indexOf('!'));
        expect(lines.join('').match(/X/g)).toHaveLength(1);
    });

    test('words under the diagram name cells as Glinski does', () => {
        const setup = alone(GLINSKI, 'f10');
        const found: Destination[] = [{ square: cell(GLINSKI, 'f11'), move: true, capture: true, igui: false, notes: [], promotions: ['queen'] }];
        expect(destinationFacts(found, GLINSKI)).toEqual(['promotes on f11 to queen']);
        expect(renderTextDiagram(setup, found)).toContain('promotes on f11 to queen');
        // A range on the hexagon is files by rank numbers: d1-f3 is the nine cells d1..f3.
        const zone = ['d1', 'd2', 'd3', 'e1', 'e2', 'e3', 'f1', 'f2', 'f3'].map((n) => cell(GLINSKI, n));
        expect(compactSquares(zone, GLINSKI)).toEqual(['d1-f3']);
        expect(zoneFacts([{ name: 'camp', squares: zone, relevant: true }], GLINSKI)).toEqual(['zone camp: d1-f3']);
    });
});

/** `points="x,y x,y ..."` of every `<polygon>` in the SVG, with its data-square when it has one. */
function polygons(svg: string): { name?: string; x: number; y: number }[] {
    return [...svg.matchAll(/<polygon points="([^"]*)"(?: data-square="([^"]*)")?\/>/g)].map((m) => {
        const corners = m[1].split(' ').map((p) => p.split(',').map(Number));
        const x = corners.reduce((s, c) => s + c[0], 0) / corners.length;
        const y = corners.reduce((s, c) => s + c[1], 0) / corners.length;
        return { name: m[2], x, y };
    });
}

/** The subpaths' start points of the `<path>` whose start tag contains every attribute given. */
function dots(svg: string, ...attrs: string[]): { x: number; y: number }[][] {
    return [...svg.matchAll(/<path\s[^>]*>/g)].filter((t) => attrs.every((a) => t[0].includes(a))).map((t) =>
        [...(/\sd="([^"]*)"/.exec(t[0])?.[1] ?? '').matchAll(/M(-?[\d.]+)[ ]?(-?[\d.]+)/g)].map((m) => ({ x: Number(m[1]), y: Number(m[2]) })));
}

/** The name of the cell whose centre is nearest (x, y), from the click targets. */
function nearest(targets: { name?: string; x: number; y: number }[], p: { x: number; y: number }): string {
    return targets.reduce((a, b) => (Math.hypot(b.x - p.x, b.y - p.y) < Math.hypot(a.x - p.x, a.y - p.y) ? b : a)).name!;
}

describe('SVG diagrams on the hexagon', () => {
    const knightAt = alone(GLINSKI, 'f6');
    const knight = moves('(def n knight)', 'n', knightAt);

    test("Glinski's board: 91 hexagonal cells in three colours, each click target named as Glinski names it", () => {
        const svg = renderSvgDiagram(knightAt, knight, { labels: true });
        expect(polygons(svg)).toHaveLength(91);
        // Three colour groups, 31 + 30 + 30 cells (the centre's colour has one more).
        const groups = [...svg.matchAll(/<g fill="(#[0-9a-f]+)" stroke[^>]*>(.*?)<\/g>/g)].map((g) => (g[2].match(/<polygon/g) ?? []).length);
        expect(groups.sort()).toEqual([30, 30, 31]);
        const interactive = renderSvgDiagram(knightAt, knight, { interactive: true });
        const targets = polygons(interactive).filter((p) => p.name);
        expect(targets).toHaveLength(91);
        expect(new Set(targets.map((t) => t.name))).toEqual(new Set(glinski.cells.map((c) => glinski.name(c))));
        for (const corner of ['a1', 'a6', 'f1', 'f11', 'l1', 'l6']) expect(targets.some((t) => t.name === corner)).toBe(true);
        // No j file; labels are the file letters and rank numbers.
        expect(targets.some((t) => t.name!.startsWith('j'))).toBe(false);
        const labels = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
        expect(labels).toEqual(expect.arrayContaining(['a', 'f', 'l', '1', '6', '11']));
    });

    test("Glinski's knight from f6: its 12 destinations are marked, each centred on its cell", () => {
        const names = knight.map((d) => glinski.name(d.square)).sort();
        expect(names).toEqual(['c4', 'c5', 'd3', 'd7', 'e3', 'e8', 'g3', 'g8', 'h3', 'h7', 'i4', 'i5']);
        const svg = renderSvgDiagram(knightAt, knight, { interactive: true, legend: false, cellSize: 24 });
        const targets = polygons(svg).filter((p) => p.name);
        const discs = dots(svg, `stroke="${COLOURS.move}"`, 'stroke-width="12"');
        expect(discs).toHaveLength(1);
        expect(discs[0].map((p) => nearest(targets, p)).sort()).toEqual(names);
        for (const p of discs[0]) {
            const target = targets.find((t) => t.name === nearest(targets, p))!;
            expect(Math.hypot(target.x - p.x, target.y - p.y)).toBeLessThan(0.5);
        }
        // The piece's own cell is filled (a hexagon, six corners), on f6.
        const highlight = [...svg.matchAll(new RegExp(`<path fill="${COLOURS.piece}" d="([^"]*)"`, 'g'))][0][1];
        expect(highlight.split('L')).toHaveLength(6);
    });

    test('a blocker: a friend on f7 stops the rook there, and is drawn on f7', () => {
        const setup = alone(GLINSKI, 'f6', ['f7']);
        const rook = moves('(def r rook)', 'r', setup);
        const names = rook.map((d) => glinski.name(d.square));
        expect(names).not.toContain('f7');
        expect(names).not.toContain('f8');
        expect(names).toContain('f5');
        const svg = renderSvgDiagram(setup, rook, { interactive: true });
        const targets = polygons(svg).filter((p) => p.name);
        const friends = dots(svg, `stroke="${COLOURS.friend}"`, 'stroke-width="14.9"');
        expect(friends[0].map((p) => nearest(targets, p))).toEqual(['f7']);
    });

    test('zones: a relevant zone is tinted cell by cell and outlined along its boundary', () => {
        const zone = ['e5', 'f5', 'f6'].map((n) => cell(GLINSKI, n));
        const svg = renderSvgDiagram(alone(GLINSKI, 'f6'), [], { zones: [{ name: 'camp', squares: zone, relevant: true }] });
        const tint = dots(svg, 'fill-opacity="0.3"');
        // The board's tint (3 cells) and the legend's swatch is a <rect>: one path, three subpaths.
        expect(tint[0]).toHaveLength(3);
        // Three mutually adjacent hexagons share three sides: 18 - 2 * 3 = 12 boundary sides.
        const outline = [...svg.matchAll(/<path fill="none" stroke="#56b4e9"[^>]* d="([^"]*)"/g)][0][1];
        expect(outline.match(/M/g)).toHaveLength(12);
        expect(svg).toContain('zone camp');
    });

    test('squareAt maps each cell centre back to its cell, and a point outside the hexagon to nothing', () => {
        const options = { interactive: true, labels: true, cellSize: 20 };
        const svg = renderSvgDiagram(knightAt, knight, options);
        const layout = svgLayout(knightAt, knight, options);
        for (const t of polygons(svg).filter((p) => p.name)) expect(squareAt(layout, t.x, t.y)).toEqual(cell(GLINSKI, t.name!));
        expect(squareAt(layout, 1, 1)).toBeUndefined();
    });

    test('the rows orientation is drawn too, named by rows', () => {
        const setup = alone(SPEC, 'f6');
        const svg = renderSvgDiagram(setup, moves('(def p (wazir :forward :left))', 'p', setup), { interactive: true });
        const targets = polygons(svg).filter((p) => p.name);
        expect(targets).toHaveLength(91);
        // Row 6 has 11 cells a..l; row 11, 6 cells a..f, at the top.
        const top = targets.filter((t) => t.name!.endsWith('11'));
        expect(top.map((t) => t.name).sort()).toEqual(['a11', 'b11', 'c11', 'd11', 'e11', 'f11']);
        expect(Math.max(...top.map((t) => t.y))).toBeLessThan(Math.min(...targets.filter((t) => t.name!.endsWith('10')).map((t) => t.y)));
    });
});

describe("a declared board's rules on the board a diagram is drawn on", () => {
    test('they apply on a board of the same lattice and orientation where they fit, and not on another, which is said', () => {
        const palace = { key: 'palace', squares: [cell(board('9x10'), 'e2')] };
        const rules = { board: { files: 9, ranks: 10 }, confine: new Map([['general', palace]]), zones: [palace] };
        const kept = (on: ReturnType<typeof board>) => fitRules(rules, on, 'xiangqi', 'chosen for the diagram');
        expect(kept({ files: 9, ranks: 9 })).toMatchObject({ rules: { confine: new Map([['general', palace]]), zones: [palace] }, notes: [] });
        expect(kept(board('8x8-cylinder')).notes).toEqual([]);
        expect(kept(GLINSKI)).toMatchObject({ rules: { confine: new Map(), zones: [] } });
        expect(kept(GLINSKI).notes).toEqual(['board xiangqi is 9x10; its zone palace does not fit on the hexagon of side 6 chosen for the diagram, so general is not confined to it']);
        const hexRules = { ...rules, board: GLINSKI, confine: new Map(), zones: [{ key: 'camp', squares: [cell(GLINSKI, 'f6')] }] };
        expect(fitRules(hexRules, hexagonBoard(6), 'glinski', 'of --board').rules).toBe(hexRules);
        expect(fitRules(hexRules, hexagonBoard(8), 'glinski', 'of --board').rules.zones).toEqual(hexRules.zones);
        expect(fitRules(hexRules, SPEC, 'glinski', 'of --board').rules.zones).toEqual([]);
    });
});

describe('paths in the diagrams', () => {
    test("a path that checks cells on its way gets a blocker diagram: the seed's rook on Glinski's board", () => {
        const own = new Map(parsePieceText('(def path-rook (path "L*(F$)+")) (def path-pawn (path "F$"))').pieces.map((p) => [p.key, p]));
        const resolve = (k: string) => own.get(k);
        const shown = scenarios(own.get('path-rook')!, resolve, GLINSKI);
        expect(shown.map((s) => s.title)).toEqual(['on an empty board', 'with a friendly piece on f7']);
        expect(shown[0].result.destinations).toHaveLength(30);
        // The friend on f7 takes f7 to f11 away (5 of the 30).
        expect(shown[1].result.destinations.map((d) => glinski.name(d.square))).not.toContain('f8');
        expect(shown[1].result.destinations).toHaveLength(25);
        // A path that checks only where it ends has nothing a blocker could change on its way.
        expect(scenarios(own.get('path-pawn')!, resolve, GLINSKI).map((s) => s.title)).toEqual(['on an empty board']);
    });
});

describe('a cylinder and holes', () => {
    test("a cylinder's joined edges: marked in the SVG, said under the text, and the rook rides round", () => {
        const cylinder = board('8x8-cylinder');
        const setup = alone(cylinder, 'b4');
        const rook = moves('(def r rook)', 'r', setup);
        // Along rank 4 every other square, the a-file and the h-file joined.
        expect(rook.filter((d) => d.square.rank === 3).map((d) => boardGeometry(cylinder).name(d.square)).sort()).toEqual(['a4', 'c4', 'd4', 'e4', 'f4', 'g4', 'h4']);
        const svg = renderSvgDiagram(setup, rook, { labels: true });
        const seams = dots(svg, `stroke="${COLOURS.border}"`, 'stroke-dasharray');
        // One seam per square on the a-file and the h-file (the window is the whole 8x8 board); then the legend's.
        expect(seams[0]).toHaveLength(16);
        expect(svg).toContain('edges that join');
        expect(renderTextDiagram(setup, rook)).toContain('the board wraps round (8x8 cylinder)');
    });

    test('holes are not drawn, not clickable, said in words, and a click there changes nothing', () => {
        const holed = board('8x8-holes:d4,e5');
        const setup = alone(holed, 'd2');
        const rook = moves('(def r rook)', 'r', setup);
        expect(rook.map((d) => boardGeometry(holed).name(d.square))).not.toContain('d4');
        const svg = renderSvgDiagram(setup, rook, { interactive: true });
        const names = [...svg.matchAll(/data-square="([^"]*)"/g)].map((m) => m[1]);
        expect(names).toHaveLength(62);
        expect(names).not.toContain('d4');
        expect(names).not.toContain('e5');
        expect(dots(svg, 'fill="#ffffff"').flat()).toHaveLength(2);
        const text = renderTextDiagram(setup, rook, { window: { files: [0, 7], ranks: [0, 7] }, labels: true });
        const rank4 = text.split('\n').find((l) => l.startsWith('4 '))!;
        expect(rank4).toBe('4 . . .   . . . .');
        expect(text).toContain('holes (not squares of this board): d4, e5');
        expect(cycleOccupant(setup, cell(board('8x8'), 'd4'))).toBe(setup);
    });

    test("a lone piece whose board's centre (e5) is a hole stands on the nearest square, and rides round the cylinder to the hole", () => {
        const holed = board('8x8-cylinder-holes:d4,e5');
        const shown = scenarios(prelude.get('rook')!, (k) => prelude.get(k), holed);
        expect(boardGeometry(holed).name(shown[0].setup.at)).toBe('e4');
        expect(shown[0].title).toBe('on an empty board');
        const rank4 = shown[0].result.destinations.filter((d) => d.square.rank === 3).map((d) => boardGeometry(holed).name(d.square)).sort();
        // Right from e4: f4, g4, h4, round to a4, b4, c4; the hole on d4 stops it both ways.
        expect(rank4).toEqual(['a4', 'b4', 'c4', 'f4', 'g4', 'h4']);
    });
});
