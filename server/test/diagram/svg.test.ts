/** SVG diagrams: well-formed, self-contained, every marker kind drawn, deterministic and small. */
import { Buffer } from 'node:buffer';
import { describe, expect, test } from 'vitest';
import {
    COLOURS, renderSvgDiagram, squareAt, svgDataUri, svgLayout, type SvgLayout
} from '../../src/diagram/index.js';
import type { Destination } from '../../src/engine/board.js';
import { markdownImage } from '../../src/views/markdown.js';
import { dest, KNIGHT, leaper, queenLines, setup } from './helpers.js';

const ELEMENTS = new Set(['svg', 'title', 'rect', 'path', 'g', 'circle', 'text']);

/** Throws unless `svg` is one balanced element tree of known elements with quoted attributes and escaped text. */
function checkWellFormed(svg: string): void {
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" version="1.1"')).toBe(true);
    expect(svg.endsWith('</svg>')).toBe(true);
    const stack: string[] = [];
    let rootClosed = false;
    for (const token of svg.split(/(<[^<>]*>)/)) {
        if (token === '') continue;
        if (!token.startsWith('<')) {
            // Character data: only inside an element, and only the five XML entities.
            expect(stack.length).toBeGreaterThan(0);
            expect(token).not.toMatch(/[<>]|&(?!(amp|lt|gt|quot|apos);)/);
            continue;
        }
        expect(rootClosed).toBe(false);
        const m = /^<(\/?)([a-z]+)((?:\s+[a-zA-Z][a-zA-Z-]*="[^"<>&]*(?:&(?:amp|lt|gt|quot|apos);[^"<>&]*)*")*)\s*(\/?)>$/.exec(token);
        if (!m) throw new Error(`malformed tag: ${token}`);
        const [, closing, name, , selfClosing] = m;
        expect(ELEMENTS.has(name), name).toBe(true);
        if (closing) {
            expect(stack.pop()).toBe(name);
            if (stack.length === 0) rootClosed = true;
        } else if (!selfClosing) {
            stack.push(name);
        }
    }
    expect(stack).toEqual([]);
    expect(rootClosed).toBe(true);
}

/** What must never be in a hover image: scripts, event handlers, anything fetched from elsewhere. */
function checkSelfContained(svg: string): void {
    expect(svg).not.toMatch(/<script|<foreignObject|<image|<style|href=|url\(|\son[a-z]+=|@import|javascript:/i);
    for (const family of svg.matchAll(/font-family="([^"]*)"/g)) expect(family[1]).toBe('sans-serif');
}

/** The path data of every `<path>` whose start tag contains every attribute given, in document order. */
function paths(svg: string, ...attrs: string[]): string[] {
    return [...svg.matchAll(/<path\s[^>]*>/g)]
        .filter((t) => attrs.every((a) => t[0].includes(a)))
        .map((t) => /\sd="([^"]*)"/.exec(t[0])?.[1] ?? '');
}

/** How many subpaths (one per marker) each matching path has. */
const markers = (svg: string, ...attrs: string[]) => paths(svg, ...attrs).map((d) => count(d, /M/g));

const count = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].length;

/** One of every kind: d4 piece, e4 friend, b2 enemy left alone, f6 enemy captured. */
const allKinds = setup(7, 7, 'd4', ['e4'], ['b2', 'f6']);
const allKindsMoves: Destination[] = [
    dest('c6', 'move', 'capture'), dest('e6', 'move', 'capture'),
    dest('b5', 'move'), dest('d5', 'move'),
    dest('b3', 'capture'),
    dest('e2', 'igui'),
    dest('c2', 'move', 'igui'),
    dest('f6', 'capture')
];

describe('renderSvgDiagram', () => {
    test('is a well-formed, self-contained SVG 1.1 document, with and without labels and legend', () => {
        for (const options of [{}, { labels: true }, { legend: false }, { labels: true, legend: false, cellSize: 16 }]) {
            const svg = renderSvgDiagram(allKinds, allKindsMoves, { ...options, title: 'all kinds' });
            checkWellFormed(svg);
            checkSelfContained(svg);
        }
    });

    test('escapes the title, so a piece name cannot inject markup', () => {
        const svg = renderSvgDiagram(allKinds, allKindsMoves, { title: `<script>alert("x")</script> & 'co'` });
        checkWellFormed(svg);
        checkSelfContained(svg);
        expect(svg).toContain('<title>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &apos;co&apos;</title>');
    });

    test('draws each kind of square with its own marker, once per square', () => {
        const svg = renderSvgDiagram(allKinds, allKindsMoves, { legend: false });
        // Blue dots: rings (move only, and move/igui) are painted first, then discs (move or capture).
        expect(markers(svg, `stroke="${COLOURS.move}"`)).toEqual([3, 2]);
        // Each ring has a white hole; friends have a white face on a dark rim.
        expect(markers(svg, `stroke="${COLOURS.friend}" stroke-width="7.2"`)).toEqual([3]);
        expect(markers(svg, `stroke="${COLOURS.ink}" stroke-width="17.8"`)).toEqual([1]);
        expect(markers(svg, `stroke="${COLOURS.friend}" stroke-width="14.9"`)).toEqual([1]);
        expect(markers(svg, `stroke="${COLOURS.enemy}"`)).toEqual([2]);
        // Crosses: capture only and the captured enemy; only the one on the enemy needs a halo.
        expect(markers(svg, `stroke="${COLOURS.capture}"`)).toEqual([2]);
        expect(markers(svg, `stroke="${COLOURS.friend}" stroke-width="4.3"`)).toEqual([1]);
        // Stars: capture without moving, alone and beside a ring.
        expect(markers(svg, `fill="${COLOURS.igui}"`)).toEqual([2]);
        expect(markers(svg, `fill="${COLOURS.piece}"`)).toEqual([1]);
        expect(markers(svg, `fill="${COLOURS.ink}"`)).toEqual([2]); // the "!": bar and dot
    });

    test('discs and rings are round-capped zero-length strokes, which SVG 1.1 paints as circles', () => {
        const svg = renderSvgDiagram(allKinds, allKindsMoves, { legend: false });
        for (const d of paths(svg, `stroke="${COLOURS.move}"`)) expect(d).toMatch(/^(M[\d.]+ [\d.]+h0)+$/);
        for (const tag of svg.match(/<path [^>]*stroke="#0072b2"[^>]*>/g) ?? []) expect(tag).toContain('stroke-linecap="round"');
    });

    test('the legend names exactly the kinds that appear', () => {
        const labels = (svg: string) => [...svg.matchAll(/<text [^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
        expect(labels(renderSvgDiagram(allKinds, allKindsMoves))).toEqual([
            'move or capture', 'move only', 'capture only', 'capture without moving',
            'move, or capture without moving', 'enemy it captures', 'friendly piece', 'enemy piece'
        ]);
        const knight = renderSvgDiagram(setup(7, 7, 'd4'), leaper('d4', KNIGHT, 7, 7));
        expect(labels(knight)).toEqual(['move or capture']);
        expect(knight).not.toContain(COLOURS.capture);
        expect(knight).not.toContain(COLOURS.igui);
        expect(labels(renderSvgDiagram(setup(7, 7, 'd4'), leaper('d4', KNIGHT, 7, 7), { legend: false }))).toEqual([]);
    });

    test('labels name the files and ranks of the window', () => {
        const svg = renderSvgDiagram(setup(8, 8, 'e2'), [dest('e3', 'move')], { labels: true, legend: false });
        const texts = [...svg.matchAll(/<text [^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
        expect(texts).toEqual(['c', 'd', 'e', 'f', 'g', '1', '2', '3', '4', '5']);
    });

    test('a1 is a dark square', () => {
        const svg = renderSvgDiagram(setup(8, 8, 'a1'), queenLines('a1', 8, 8), { legend: false, cellSize: 20 });
        const [dark] = paths(svg, `fill="${COLOURS.dark}"`);
        // Board origin (2, 2); a1 is the bottom-left square, b1 its neighbour.
        expect(dark).toContain('M2 142h20v20h-20z');
        expect(dark).not.toContain('M22 142h20');
        expect(count(dark, /M/g)).toBe(32);
    });

    test('says how many destinations a narrow window leaves out', () => {
        const svg = renderSvgDiagram(setup(15, 15, 'h8'), queenLines('h8', 15, 15), { window: { files: [6, 8], ranks: [6, 8] } });
        expect(svg).toContain('>48 more destinations outside this view<');
    });

    test('is deterministic and does not depend on the order of destinations', () => {
        const a = renderSvgDiagram(allKinds, allKindsMoves, { labels: true });
        const b = renderSvgDiagram(allKinds, [...allKindsMoves].reverse(), { labels: true });
        expect(b).toBe(a);
        expect(renderSvgDiagram(allKinds, allKindsMoves, { labels: true })).toBe(a);
    });

    test('stays well under 20 KB for a full 15x15 board, even with every square marked', () => {
        const queen = renderSvgDiagram(setup(15, 15, 'h8'), queenLines('h8', 15, 15), { labels: true });
        expect(queen.length).toBeLessThan(8_000);
        // Worst case: every square a destination, all kinds mixed, a blocker on every fifth.
        const flags: ('move' | 'capture' | 'igui')[][] = [['move', 'capture'], ['move'], ['capture'], ['igui'], ['move', 'igui']];
        const all: Destination[] = [];
        const friends: string[] = [];
        const enemies: string[] = [];
        let i = 0;
        for (const f of 'abcdefghijklmno') {
            for (let r = 1; r <= 15; r++) {
                const name = `${f}${r}`;
                if (name === 'h8') continue;
                if (i % 10 === 7) friends.push(name);
                else if (i % 10 === 3) enemies.push(name);
                all.push(dest(name, ...flags[i % flags.length]));
                i++;
            }
        }
        const svg = renderSvgDiagram(setup(15, 15, 'h8', friends, enemies), all, { labels: true, title: 'worst case' });
        checkWellFormed(svg);
        expect(svg.length).toBeLessThan(20_000);
        // Base64 of it still leaves most of a hover's 100,000 characters for text.
        expect(markdownImage(svg, 'worst case', 240).length).toBeLessThan(30_000);
    });

    test('the square size changes the layout, never the markers drawn', () => {
        const small = renderSvgDiagram(allKinds, allKindsMoves, { cellSize: 16, legend: false });
        const large = renderSvgDiagram(allKinds, allKindsMoves, { cellSize: 32, legend: false });
        expect(/width="(\d+)"/.exec(small)?.[1]).toBe(String(2 + 5 * 16 + 2));
        expect(/width="(\d+)"/.exec(large)?.[1]).toBe(String(2 + 5 * 32 + 2));
        expect(count(small, /h0/g)).toBe(count(large, /h0/g));
        expect(count(small, /h0/g)).toBe(2 + 3 * 2 + 1 * 2 + 2); // discs, rings with holes, friend face and rim, enemies
    });
});

describe('interactive diagrams', () => {
    test('carry one clickable square per board square, named, on top of everything', () => {
        const svg = renderSvgDiagram(setup(8, 8, 'e2'), [dest('e3', 'move')], { interactive: true, labels: true });
        checkWellFormed(svg);
        checkSelfContained(svg);
        const names = [...svg.matchAll(/data-square="([a-z]+\d+)"/g)].map((m) => m[1]);
        expect(names).toHaveLength(25);
        expect(names.slice(0, 6)).toEqual(['c5', 'd5', 'e5', 'f5', 'g5', 'c4']);
        expect(names.at(-1)).toBe('g1');
        expect(svg.indexOf('data-square')).toBeGreaterThan(svg.lastIndexOf('<text'));
        // The clickable square of e2 lies exactly over e2 in the layout.
        const layout = svgLayout(setup(8, 8, 'e2'), [dest('e3', 'move')], { interactive: true, labels: true });
        const e2 = /<rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)"[^>]*data-square="e2"/.exec(svg);
        expect(squareAt(layout, Number(e2?.[1]) + 1, Number(e2?.[2]) + 1)).toEqual({ file: 4, rank: 1 });
    });

    test('hover images have no data attributes', () => {
        expect(renderSvgDiagram(setup(8, 8, 'e2'), [dest('e3', 'move')])).not.toContain('data-');
    });
});

describe('squareAt and svgLayout', () => {
    test('the centre of every drawn square maps back to that square; outside the board, nothing', () => {
        for (const labels of [false, true]) {
            const layout: SvgLayout = svgLayout(setup(8, 8, 'e2'), [dest('e3', 'move')], { labels, cellSize: 20 });
            expect(layout.window).toEqual({ files: [2, 6], ranks: [0, 4] });
            for (let file = 2; file <= 6; file++) {
                for (let rank = 0; rank <= 4; rank++) {
                    const x = layout.boardX + (file - 2 + 0.5) * layout.cell;
                    const y = layout.boardY + (4 - rank + 0.5) * layout.cell;
                    expect(squareAt(layout, x, y)).toEqual({ file, rank });
                }
            }
            expect(squareAt(layout, layout.boardX - 1, layout.boardY + 1)).toBeUndefined();
            expect(squareAt(layout, layout.boardX + 1, layout.boardY + 5 * layout.cell + 1)).toBeUndefined();
        }
    });

    test('the layout matches the rendered size', () => {
        const options = { labels: true, cellSize: 18 };
        const layout = svgLayout(allKinds, allKindsMoves, options);
        const svg = renderSvgDiagram(allKinds, allKindsMoves, options);
        expect(svg).toContain(`width="${layout.width}" height="${layout.height}" viewBox="0 0 ${layout.width} ${layout.height}"`);
    });
});

describe('svgDataUri and markdownImage', () => {
    test('the data URI is base64 with no spaces and decodes to the SVG, non-ASCII included', () => {
        const svg = renderSvgDiagram(allKinds, allKindsMoves, { title: 'Rhinocéros → ü' });
        const uri = svgDataUri(svg);
        expect(uri.startsWith('data:image/svg+xml;base64,')).toBe(true);
        const payload = uri.slice('data:image/svg+xml;base64,'.length);
        expect(payload).toMatch(/^[A-Za-z0-9+/]+=*$/);
        expect(Buffer.from(payload, 'base64').toString('utf8')).toBe(svg);
    });

    test('builds the markdown image VS Code renders, with the size given', () => {
        const svg = renderSvgDiagram(setup(7, 7, 'd4'), leaper('d4', KNIGHT, 7, 7));
        const md = markdownImage(svg, 'knight', { width: 160, height: 200 });
        expect(md).toBe(`![knight](${svgDataUri(svg)}|width=160,height=200)`);
    });

    test('a single number is the longest side, keeping the aspect ratio', () => {
        const svg = renderSvgDiagram(setup(7, 7, 'd4'), leaper('d4', KNIGHT, 7, 7));
        const [w, h] = [Number(/width="(\d+)"/.exec(svg)?.[1]), Number(/height="(\d+)"/.exec(svg)?.[1])];
        expect(h).toBeGreaterThan(w); // the legend sits below the board
        const md = markdownImage(svg, 'knight', 200);
        expect(md.endsWith(`|width=${Math.round((w * 200) / h)},height=200)`)).toBe(true);
        expect(markdownImage(svg, 'knight').endsWith(`|width=${w},height=${h})`)).toBe(true);
    });

    test('escapes the alt text so it cannot close the link or add markup', () => {
        const svg = renderSvgDiagram(setup(5, 5, 'c3'), []);
        const md = markdownImage(svg, 'evil](http://x) <b>*hi*</b>\nnext', 100);
        expect(md.startsWith('![evil\\]\\(http\\://x\\) &lt;b&gt;\\*hi\\*&lt;/b&gt; next](data:image/svg+xml;base64,')).toBe(true);
        expect(md).not.toContain('<');
    });

    test('the alt text breaks autolinks (shown as text where data: images are refused)', () => {
        const svg = renderSvgDiagram(setup(5, 5, 'c3'), []);
        const alt = /^!\[(.*)\]\(data:/.exec(markdownImage(svg, 'if "www.evil.com me@x.org https://e.com/i.png"', 100))![1];
        expect(alt).toBe('if "www\\.evil\\.com me\\@x\\.org https\\://e\\.com/i\\.png"');
    });
});
