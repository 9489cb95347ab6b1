/**
 * HTML pages of pieces: `lcpn show --format html` (one page per piece) and `lcpn catalog` (one
 * page of every piece, grouped per file, with a table of contents).
 *
 * A page is self-contained and static: inline CSS, inline SVG, no script, no external request
 * (no web font, no image URL), so it can be put on any website or opened offline. It reads on
 * a phone (diagrams wrap and shrink to the width) and prints (a piece is not split across
 * pages). Every piece of user text (names, file names, definitions, strings in conditions,
 * notes) goes through `html()`, which escapes markup and makes control characters visible, as
 * the CLI does on a terminal; names sit in `<bdi>` so a right-to-left name cannot reorder the
 * text around it.
 */
import { escapeText } from './escape.js';

/** User text as HTML: control characters made visible (escape.ts), then `& < > " '` as entities. */
export function html(text: string): string {
    return escapeText(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

export interface HtmlDiagram {
    caption: string;
    /** A self-contained SVG document from renderSvgDiagram (its own text already escaped). */
    svg: string;
    /** Lines the squares cannot say (promotions, where a capture is made from). */
    facts: string[];
}

export interface HtmlNotation {
    label: 'Betza' | 'Parlett' | 'Path';
    text: string;
    lost: string[];
}

export interface HtmlPiece {
    /** Unique within the page: the target of the table of contents' link. */
    id: string;
    name: string;
    /** The definition as `lcpn show` prints it, in the piece's own style, one entry per line. */
    definition: string[];
    properties: string[];
    diagrams: HtmlDiagram[];
    /** The engine's caveats (informal text, unknown keywords): what the diagrams assume. */
    notes: string[];
    notations?: HtmlNotation[];
    /** Set when the definition has an error: it is shown as written, without diagrams or notations. */
    error?: string;
}

export interface HtmlFile {
    id: string;
    /** The file as the CLI names it (relative to where it was run). */
    name: string;
    pieces: HtmlPiece[];
}

const CSS = `
:root { --ink: #222; --muted: #555; --line: #d8d4c8; --accent: #0072b2; --code: #f6f4ee; }
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
body { margin: 0 auto; max-width: 72rem; padding: 1rem 1.25rem 3rem; color: var(--ink); background: #fff;
  font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "DejaVu Sans", Arial, sans-serif; }
h1 { font-size: 1.7rem; margin: .5rem 0 .25rem; }
h2 { font-size: 1.35rem; margin: 2rem 0 .5rem; padding-bottom: .2rem; border-bottom: 2px solid var(--accent); overflow-wrap: anywhere; }
h3 { font-size: 1.15rem; margin: 0 0 .5rem; overflow-wrap: anywhere; }
article.piece > h1 { margin-top: 0; overflow-wrap: anywhere; }
a { color: var(--accent); }
.summary { color: var(--muted); margin: 0 0 1rem; }
nav.toc { border: 1px solid var(--line); border-radius: 6px; padding: .5rem 1rem; }
nav.toc h2 { margin: .25rem 0 .5rem; font-size: 1.1rem; border: 0; }
nav.toc ul { margin: 0 0 .5rem; padding-left: 1.2rem; columns: 14rem; column-gap: 2rem; }
nav.toc > ul { columns: auto; padding-left: 0; list-style: none; }
nav.toc li { break-inside: avoid; overflow-wrap: anywhere; }
article.piece { border: 1px solid var(--line); border-radius: 6px; padding: .75rem 1rem; margin: 1rem 0;
  break-inside: avoid; page-break-inside: avoid; }
pre.definition { background: var(--code); border-radius: 4px; padding: .5rem .75rem; margin: 0 0 .75rem;
  overflow-x: auto; white-space: pre-wrap; overflow-wrap: anywhere;
  font: .9rem/1.4 ui-monospace, "SFMono-Regular", Menlo, Consolas, "DejaVu Sans Mono", monospace; }
ul.properties, ul.notes, ul.lost, ul.facts { margin: .25rem 0 .5rem; padding-left: 1.2rem; }
.diagrams { display: flex; flex-wrap: wrap; gap: 1rem 1.5rem; margin: .5rem 0; }
figure { margin: 0; max-width: 100%; }
figure svg { display: block; max-width: 100%; height: auto; }
figcaption { font-size: .9rem; color: var(--muted); margin-top: .25rem; max-width: 22rem; overflow-wrap: anywhere; }
ul.facts { font-size: .85rem; color: var(--muted); max-width: 22rem; }
dl.notations { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; margin: .5rem 0 0; }
dl.notations dt { font-weight: 600; }
dl.notations dd { margin: 0; overflow-wrap: anywhere; }
dl.notations code { font-family: ui-monospace, Menlo, Consolas, "DejaVu Sans Mono", monospace; background: var(--code); padding: 0 .25rem; border-radius: 3px; }
.none, .lost-title { color: var(--muted); }
.error { border-left: 4px solid #d55e00; padding-left: .5rem; }
footer { margin-top: 2rem; color: var(--muted); font-size: .85rem; }
@media (max-width: 40rem) {
  body { padding: .5rem .75rem 2rem; }
  article.piece { padding: .5rem .6rem; }
  dl.notations { grid-template-columns: 1fr; }
  dl.notations dd { margin-bottom: .5rem; }
}
@media print {
  body { max-width: none; padding: 0; font-size: 11pt; }
  a { color: inherit; text-decoration: none; }
  article.piece { border-color: #999; }
  h2 { break-after: avoid; page-break-after: avoid; }
  pre.definition { background: none; border: 1px solid #ccc; }
}
`.trim();

/** One piece: name, definition, properties, diagrams with captions, notations and what they lose. */
export function pieceArticle(piece: HtmlPiece, headingLevel: 1 | 3 = 3): string {
    const h = `h${headingLevel}`;
    const out: string[] = [`<article class="piece" id="${html(piece.id)}">`, `<${h}><bdi>${html(piece.name)}</bdi></${h}>`];
    out.push(`<pre class="definition"><code>${piece.definition.map(html).join('\n')}</code></pre>`);
    if (piece.error) {
        out.push(`<p class="error">This definition has an error, so it is shown as written, without diagrams or notations: ${html(piece.error)}. Run <code>lcpn check</code> on the file for the details.</p>`);
        out.push('</article>');
        return out.join('\n');
    }
    if (piece.properties.length > 0) out.push(`<ul class="properties">${piece.properties.map((p) => `<li>${html(p)}</li>`).join('')}</ul>`);
    if (piece.diagrams.length > 0) {
        out.push('<div class="diagrams">');
        for (const d of piece.diagrams) {
            const facts = d.facts.length > 0 ? `<ul class="facts">${d.facts.map((f) => `<li>${html(f)}</li>`).join('')}</ul>` : '';
            out.push(`<figure>${d.svg}<figcaption>${html(d.caption)}</figcaption>${facts}</figure>`);
        }
        out.push('</div>');
    } else {
        out.push('<p class="none">No movement is given, so there is no diagram.</p>');
    }
    if (piece.notes.length > 0) out.push(`<ul class="notes">${piece.notes.map((n) => `<li>${html(n)}</li>`).join('')}</ul>`);
    if (piece.notations) {
        out.push('<dl class="notations">');
        for (const n of piece.notations) {
            const text = n.text ? `<code>${html(n.text)}</code>` : `<span class="none">no ${n.label} spelling</span>`;
            const lost = n.lost.length > 0
                ? `<div class="lost-title">${n.label} cannot say:</div><ul class="lost">${n.lost.map((l) => `<li>${html(l)}</li>`).join('')}</ul>`
                : (n.text ? `<div class="lost-title">nothing lost</div>` : '');
            out.push(`<dt>${n.label}</dt><dd>${text}${lost}</dd>`);
        }
        out.push('</dl>');
    }
    out.push('</article>');
    return out.join('\n');
}

/** A complete HTML document around `body` (already HTML). */
export function htmlPage(title: string, body: string[]): string {
    return [
        '<!DOCTYPE html>',
        '<html lang="en">',
        '<head>',
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        // No request leaves the page: nothing to load, and nothing a hostile string could add.
        '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; style-src \'unsafe-inline\'; img-src data:">',
        `<title>${html(title)}</title>`,
        `<style>\n${CSS}\n</style>`,
        '</head>',
        '<body>',
        ...body,
        '</body>',
        '</html>',
        ''
    ].join('\n');
}

/** The page of one piece (`lcpn show --format html`). */
export function piecePage(piece: HtmlPiece, fileName: string, version: string): string {
    return htmlPage(`${piece.name}: LCPN piece`, [
        '<main>',
        pieceArticle(piece, 1),
        '</main>',
        `<footer>From <bdi>${html(fileName)}</bdi>; made with lcpn ${html(version)}.</footer>`
    ]);
}

/** The catalog: every piece of every file, a table of contents first; `contents` counts them as `lcpn show` does (`87 pieces and 26 other definitions`). */
export function catalogPage(title: string, files: HtmlFile[], version: string, contents: string): string {
    const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? '' : 's'}`;
    const body: string[] = [
        '<header>',
        `<h1>${html(title)}</h1>`,
        `<p class="summary">${html(contents)} from ${plural(files.length, 'file')}. Each diagram shows the piece on an otherwise empty board unless its caption says otherwise; white moves up the page.</p>`,
        '</header>',
        '<nav class="toc" aria-label="Contents">',
        '<h2>Contents</h2>',
        '<ul>'
    ];
    for (const file of files) {
        body.push(`<li><a href="#${html(file.id)}"><bdi>${html(file.name)}</bdi></a>`);
        if (file.pieces.length > 0) body.push(`<ul>${file.pieces.map((p) => `<li><a href="#${html(p.id)}"><bdi>${html(p.name)}</bdi></a></li>`).join('')}</ul>`);
        body.push('</li>');
    }
    body.push('</ul>', '</nav>', '<main>');
    for (const file of files) {
        body.push(`<section class="file" id="${html(file.id)}">`, `<h2><bdi>${html(file.name)}</bdi></h2>`);
        if (file.pieces.length === 0) body.push('<p class="none">This file defines no pieces.</p>');
        for (const piece of file.pieces) body.push(pieceArticle(piece));
        body.push('</section>');
    }
    body.push('</main>', `<footer>Made with lcpn ${html(version)}.</footer>`);
    return htmlPage(title, body);
}
