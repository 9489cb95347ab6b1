/**
 * Markdown building blocks that are safe for user text: a piece's informal strings and
 * unknown names end up in hovers, and must never be read as markdown or HTML.
 */

/**
 * Escapes every character markdown or HTML could give meaning to inside a line (newlines
 * become spaces, so block syntax such as `#` or `-` at a line's start cannot arise). An `_`
 * between two letters is left alone: CommonMark never reads it as emphasis, and names like
 * `short_rook` stay readable in clients that show the markdown as text.
 */
export function escapeMarkdown(text: string): string {
    return text
        .replace(/[\\`*[\]~!]|_(?![A-Za-z0-9])|(?<![A-Za-z0-9])_/g, (c) => `\\${c}`)
        .replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
        .replace(/\r?\n/g, ' ');
}

/** A fenced code block whose fence is longer than any backtick run inside it. */
export function codeBlock(text: string, language = ''): string {
    const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
    const fence = '`'.repeat(longest + 1);
    return `${fence}${language}\n${text}\n${fence}`;
}
