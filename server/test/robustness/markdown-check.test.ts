/**
 * The fuzz tests' markup detector (markdown-check.ts) must itself be right: it finds what a
 * markdown renderer would turn into a link, an image or HTML, and nothing inside code or
 * escaped. Hand-written cases from CommonMark's rules.
 */
import { describe, expect, test } from 'vitest';
import { activeSvg, foreignMarkup, markdownIn } from './markdown-check.js';

const kinds = (markdown: string) => foreignMarkup(markdown).map((f) => f.slice(0, f.indexOf(':')));

describe('foreignMarkup', () => {
    test('the server\'s own hover markup passes', () => {
        const hover = '**a**\n\n*on an empty board*\n\n![a: movement diagram](data:image/svg+xml;base64,PHN2Zz4=|width=124,height=124)\n\n'
            + '````lcpn\n(igui "x [y](https://evil.example)\n```\n<b>hi</b>\n```")\n````\n\n- informal description "x \\[y\\](https\\://evil.example) &lt;b&gt;" is not evaluated\n\n[Show diagram](command:lcpn.showDiagram?%5B%22a%22%5D)';
        expect(foreignMarkup(hover)).toEqual([]);
    });

    test('a fence closed early by user text lets the rest render', () => {
        const completion = '```lcpn\n(def a (igui "x\n```\n[y](https://evil.example) <b>hi</b>\n```"))\n```';
        expect(kinds(completion)).toEqual(['a link', 'raw HTML', 'raw HTML']);
    });

    test('links, images, autolinks, bare URLs, e-mail addresses, reference definitions, HTML', () => {
        expect(kinds('see [x](https://evil.example)')).toEqual(['a link']);
        expect(kinds('![x](https://evil.example/i.png)')).toEqual(['an image']);
        expect(kinds('![x](data:image/svg+xml;base64,AAAA) and [y](javascript:alert(1))')).toEqual(['a link']);
        expect(kinds('<https://evil.example>')).toEqual(['an autolink', 'a bare URL']);
        expect(kinds('go to https://evil.example now')).toEqual(['a bare URL']);
        expect(kinds('or www.evil.example')).toEqual(['a bare URL']);
        expect(kinds('write to evil@evil.example')).toEqual(['an e-mail address']);
        expect(kinds('text\n[ref]: https://evil.example\n[ref]')).toEqual(['a reference definition', 'a bare URL']);
        expect(kinds('a <img src=x> b')).toEqual(['raw HTML']);
        expect(kinds('<!-- hidden -->')).toEqual(['raw HTML']);
    });

    test('escaped, in a code span or in a code block: text', () => {
        expect(foreignMarkup('\\[x\\](https\\://evil.example) \\<b> &lt;b&gt; evil\\@evil.example www\\.evil.example')).toEqual([]);
        expect(foreignMarkup('`[x](https://evil.example) <b>`')).toEqual([]);
        expect(foreignMarkup('`` a ` [x](https://evil.example) ``')).toEqual([]);
        expect(foreignMarkup('~~~\n<b>[x](https://evil.example)</b>\n~~~')).toEqual([]);
        // An unclosed fence runs to the end of the text.
        expect(foreignMarkup('```\n<b>never closed\n[x](https://evil.example)')).toEqual([]);
        // A backtick run without its closing run is literal: what follows is prose.
        expect(kinds('`` a ` <b>')).toEqual(['raw HTML']);
        // An escaped backslash does not escape the bracket after it.
        expect(kinds('\\\\[x](https://evil.example)')).toEqual(['a link']);
    });
});

describe('markdownIn', () => {
    test('hover contents and completion documentation', () => {
        expect(markdownIn({ contents: { kind: 'markdown', value: 'h' } })).toEqual(['h']);
        expect(markdownIn({ contents: 'plain marked string' })).toEqual(['plain marked string']);
        expect(markdownIn({ items: [{ label: 'a', documentation: { kind: 'markdown', value: 'd' } }, { label: 'b', documentation: 'plain text' }] })).toEqual(['d']);
        expect(markdownIn([{ label: 'a', documentation: { kind: 'plaintext', value: '<b>' } }])).toEqual([]);
    });
});

describe('activeSvg', () => {
    test('scripts, event handlers and external references', () => {
        expect(activeSvg('<svg><title>a on e4</title><rect width="1"/><use href="#m"/></svg>')).toEqual([]);
        expect(activeSvg('<svg><script>alert(1)</script></svg>')).toHaveLength(1);
        expect(activeSvg('<svg><rect onload="x()"/></svg>')).toHaveLength(1);
        expect(activeSvg('<svg><image href="https://evil.example/i.png"/></svg>')).toHaveLength(1);
    });
});
