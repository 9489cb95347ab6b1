/**
 * No injection through markdown: user text (strings, names, Betza/Parlett strings, string
 * conditions) in a hover or a completion's documentation never becomes a link, an image,
 * HTML or a closed code block. Each answer is rendered with markdown-it with HTML and fuzzy
 * linking on (stricter than VS Code's `marked`, which links only `https://`, `www.` and e-mails).
 */
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, test } from 'vitest';
import type { CompletionItem } from 'vscode-languageserver';
import type { LcpnServices } from '../../src/semantics/module.js';
import { pieceDiagram } from '../../src/lsp/diagram-request.js';
import { codeBlock, escapeMarkdown, inlineCode } from '../../src/views/markdown.js';
import { createTestServices } from '../test-services.js';
import { completionAt, hoverAt, validated } from '../lsp-helpers.js';

interface Renderer { render(src: string): string; renderInline(src: string): string; validateLink(url: string): boolean }
const MarkdownIt = createRequire(import.meta.url)('markdown-it') as (options: object) => Renderer;
const md = MarkdownIt({ html: true, linkify: true });
// As in VS Code, the server's own `data:` SVG images render as images (markdown-it refuses SVG
// by default and would show the image's markdown as text, alt text included).
const validateLink = md.validateLink.bind(md);
md.validateLink = (url) => /^data:image\/svg\+xml;base64,/.test(url) || validateLink(url);

/** Strings an attacker could put in a shared .lcpn file. */
const HOSTILE = [
    'https://evil.example.com/x.png',
    'see www.evil.example.com now',
    'write to me@evil.example.com',
    'mailto:me@evil.example.com',
    'evil.example.com/payload.png',
    '[click](https://evil.example.com/x)',
    '![img](https://evil.example.com/i.png)',
    '\\[x\\](https://evil.example.com/escaped.png)',
    '<img src="https://evil.example.com/i.png"> <b>bold</b> <script>alert(1)</script>',
    '<https://evil.example.com/auto>',
    'javascript:alert(1)',
    '&lt;b&gt; &#60;b&#62; &amp;',
    '```\n[fenced](https://evil.example.com/f)\n```',
    '~~~\n# heading\n~~~',
    '`` a `code` span ``',
    'line one\n\n# Heading\n- item\n1. first\n> quote',
    '| a | b |\n|---|---|\n| 1 | 2 |',
    '*em* **strong** _u_ ~~del~~'
];

const TAGS_MADE_BY_THE_SERVER = new Set(['p', 'strong', 'em', 'code', 'pre', 'ul', 'li', 'br', 'img']);

/** Renders `markdown` and fails on any link, foreign image or HTML tag the server did not make. */
function expectNoInjectedMarkup(markdown: string, where: string): string {
    const html = md.render(markdown);
    expect(html, `${where}: a link in\n${markdown}`).not.toMatch(/<a[\s>]/i);
    for (const img of html.matchAll(/<img\b[^>]*>/gi)) expect(img[0], where).toMatch(/^<img src="data:image\/svg\+xml;base64,/);
    for (const tag of html.matchAll(/<\/?([a-z][\w-]*)/gi)) expect(TAGS_MADE_BY_THE_SERVER, `${where}: <${tag[1]}> in\n${html}`).toContain(tag[1].toLowerCase());
    return html;
}

/** The text a reader sees: tags removed, entities decoded. */
function visibleText(html: string): string {
    return html.replace(/<[^>]*>/g, '').replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&').trim();
}

describe('markdown building blocks', () => {
    test.each(HOSTILE)('escapeMarkdown shows %j as written, as plain text', (text) => {
        const html = expectNoInjectedMarkup(escapeMarkdown(text), 'escapeMarkdown');
        expect(html.startsWith('<p>')).toBe(true);
        expect(html.match(/<\/?[a-z]+/gi)).toEqual(['<p', '</p']);
        expect(visibleText(html)).toBe(text.replace(/\r?\n/g, ' ').trim());
    });

    test('names and prose stay readable: no escape where nothing could be read as markup', () => {
        expect(escapeMarkdown('short_rook moves: 2 squares')).toBe('short_rook moves: 2 squares');
        expect(escapeMarkdown('on rank 1.5')).toBe('on rank 1.5');
    });

    test.each(HOSTILE)('codeBlock keeps %j inside one block', (text) => {
        const html = expectNoInjectedMarkup(codeBlock(text, 'lcpn'), 'codeBlock');
        expect(html.match(/<pre>/g)).toHaveLength(1);
        expect(visibleText(html)).toBe(text.trim());
    });

    test.each(HOSTILE)('inlineCode keeps %j inside one code span', (text) => {
        const html = md.renderInline(inlineCode(text));
        expect(html.match(/<\/?[a-z]+/gi)).toEqual(['<code', '</code']);
        expect(visibleText(html)).toBe(text.replace(/\r?\n/g, ' '));
    });
});

let services: LcpnServices;
beforeAll(async () => {
    services = (await createTestServices()).Lcpn;
});

/** A string literal holding `text` (LCPN strings escape `"` and `\`). */
const literal = (text: string) => `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`;

/** Definitions that carry `text` in every place a string can stand, in the three styles. */
function hostileFile(text: string): string {
    const s = literal(text);
    return [
        `(def informal ${s})`,
        `(def conditional (cond (${s} wazir) (t ferz)))`,
        `c_style := if (${s}) { wazir } else { ferz }`,
        `sql_style IS IF ${s} THEN wazir ELSE ferz END`,
        `(def from-betza (betza ${s}))`,
        `(def from-parlett (parlett ${s}))`,
        `(def diver (=> (move knight) (igui ${s})))`,
        `(def user (/ informal conditional c-style sql-style from-betza from-parlett diver))`,
        '(def probe (/ '
    ].join('\n');
}


describe('hover and completion carry hostile strings as text', () => {
    test.each(HOSTILE)('%j', async (text) => {
        const document = await validated(hostileFile(text), { services });
        const source = document.textDocument.getText();
        let hovers = 0;
        // Every name (definitions and uses) and every string.
        for (const m of source.matchAll(/[\w-]+|"/g)) {
            const value = await hoverAt(document, m.index! + (m[0] === '"' ? 1 : 0), { services });
            if (value === undefined) continue;
            hovers++;
            expectNoInjectedMarkup(value, `hover at ${JSON.stringify(m[0])} (offset ${m.index})`);
        }
        expect(hovers).toBeGreaterThan(8);
        const completion = await completionAt(document, source.length, services);
        const documented = completion.items.filter((i: CompletionItem) => typeof i.documentation === 'object');
        for (const name of ['informal', 'conditional', 'c_style', 'sql_style', 'from_betza', 'from_parlett', 'diver']) {
            expect(documented.map((i) => i.label.replace(/-/g, '_'))).toContain(name);
        }
        for (const item of documented) {
            const html = expectNoInjectedMarkup((item.documentation as { value: string }).value, `completion documentation of ${item.label}`);
            expect(html.match(/<pre>/g), item.label).toHaveLength(1);
        }
    });
});

describe('the diagram request carries no markup', () => {
    test.each(HOSTILE)('%j: plain text for the panel (shown with textContent), an SVG with nothing active', async (text) => {
        const document = await validated(hostileFile(text), { services });
        const source = document.textDocument.getText();
        let answers = 0;
        for (const name of ['informal', 'conditional', 'c_style', 'sql_style', 'from-betza', 'from-parlett', 'diver', 'user']) {
            const offset = source.indexOf(name) + 1;
            const result = pieceDiagram(services.shared, { uri: document.uri.toString(), position: document.textDocument.positionAt(offset) });
            if (!result) continue;
            answers++;
            // Everything the SVG holds is the server's: no link, image, script, foreign HTML or event handler.
            expect(result.svg, name).not.toMatch(/<(a|image|script|foreignObject|iframe|use|style)\b|href\s*=|\son[a-z]+\s*=|url\(/i);
            // User text inside it is XML-escaped: the hostile string never appears raw.
            if (/[<&]/.test(text)) expect(result.svg, name).not.toContain(text);
        }
        expect(answers).toBeGreaterThan(5);
    });
});
