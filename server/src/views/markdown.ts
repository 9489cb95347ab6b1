/**
 * Markdown building blocks that are safe for user text: a piece's informal strings and
 * unknown names end up in hovers and completion documentation, and must never be read as
 * markdown, HTML or a link. This is the one place that escapes user text for markdown.
 */
import { svgDataUri } from '../diagram/svg.js';

/**
 * Escapes every character markdown or HTML could give meaning to inside a line (newlines
 * become spaces, so block syntax such as `#` or `-` at a line's start cannot arise). An `_`
 * between two letters is left alone: CommonMark never reads it as emphasis, and names like
 * `short_rook` stay readable in clients that show the markdown as text.
 *
 * Autolinks need no brackets, so escaping brackets is not enough: GFM (VS Code's hover) links
 * a bare `https://...`, `www.x` or `a@b.c`, and other renderers link any `scheme:...`. Each is
 * broken by a backslash escape that renders as the character itself: the `:` after a letter
 * or digit (unless a space follows, as in prose), the `.` of `www.` and of `name.tld`, and every `@`.
 */
export function escapeMarkdown(text: string): string {
    return text
        .replace(/\r\n?|\n/g, ' ')
        .replace(/[\\`*[\]~!#|@]|_(?![A-Za-z0-9])|(?<![A-Za-z0-9])_/g, (c) => `\\${c}`)
        .replace(/(?<=[A-Za-z0-9]):(?=\S)/g, '\\:')
        // `www.` and any `name.tld` (renderers with fuzzy linking, such as markdown-it's, link bare domains).
        .replace(/(?<![A-Za-z0-9])(www)\./gi, '$1\\.')
        .replace(/(?<=[A-Za-z0-9])\.(?=[A-Za-z])/g, '\\.')
        // A list marker or ordered-list number at the start would become a (nested) list.
        .replace(/^(\s*)([-+]|\d+(?=[.)]))/, (_m, space: string, marker: string) => `${space}${/^\d/.test(marker) ? marker + '\\' : '\\' + marker}`)
        .replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A fenced code block whose fence is longer than any backtick run inside it, so no line of the text can close it. */
export function codeBlock(text: string, language = ''): string {
    const fence = '`'.repeat(Math.max(2, longestBacktickRun(text)) + 1);
    return `${fence}${language}\n${text}\n${fence}`;
}

/**
 * An inline code span: delimiters longer than any backtick run inside, newlines as spaces
 * (a blank line would end the paragraph and let the rest render as markdown).
 */
export function inlineCode(text: string): string {
    const flat = text.replace(/\r\n?|\n/g, ' ');
    const ticks = '`'.repeat(longestBacktickRun(flat) + 1);
    // A span that starts or ends with a backtick needs a space between it and the delimiters.
    const pad = /^`|`$/.test(flat) || /^ .* $/.test(flat) ? ' ' : '';
    return `${ticks}${pad}${flat}${pad}${ticks}`;
}

function longestBacktickRun(text: string): number {
    let longest = 0;
    for (const m of text.matchAll(/`+/g)) longest = Math.max(longest, m[0].length);
    return longest;
}

/** The display size in a markdown image: an exact size, or the longest side in px (keeping the aspect ratio). */
export type ImageSize = { width: number; height: number } | number;

/**
 * `![alt](data:...|width=W,height=H)`, the form VS Code renders in a hover. The alt text is
 * escaped for markdown, so a piece's name can never close the link or inject markup.
 */
export function markdownImage(svg: string, alt: string, size?: ImageSize): string {
    const { width, height } = displaySize(svg, size);
    // User text reaches markdown only through escapeMarkdown (entities for & < >, autolinks broken:
    // renderers that refuse `data:` SVG show the alt as text); parentheses too, inside a link's brackets.
    const safeAlt = escapeMarkdown(alt).replace(/[()]/g, (c) => `\\${c}`);
    return `![${safeAlt}](${svgDataUri(svg)}|width=${width},height=${height})`;
}

function displaySize(svg: string, size: ImageSize | undefined): { width: number; height: number } {
    if (typeof size === 'object') return { width: Math.round(size.width), height: Math.round(size.height) };
    const head = /^<svg[^>]*>/.exec(svg)?.[0] ?? '';
    const w = Number(/\swidth="([\d.]+)"/.exec(head)?.[1] ?? 0);
    const h = Number(/\sheight="([\d.]+)"/.exec(head)?.[1] ?? 0);
    if (!(w > 0 && h > 0)) {
        const side = Math.round(size ?? 160);
        return { width: side, height: side };
    }
    if (size === undefined) return { width: Math.round(w), height: Math.round(h) };
    const scale = size / Math.max(w, h);
    return { width: Math.round(w * scale), height: Math.round(h * scale) };
}
