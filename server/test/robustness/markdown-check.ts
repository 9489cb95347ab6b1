/**
 * Finds markup in a markdown answer that a client would render as a link, an image or raw
 * HTML, other than the server's own (its `data:` image diagrams and `command:` links). The
 * server builds hovers and completion documentation from user text (strings, names), and user
 * text must only ever render as text: escaped, or inside a code block or span.
 *
 * This reads markdown the way CommonMark + GFM autolinks (VS Code's renderer) do, closely
 * enough for the question asked: fenced code blocks and code spans are text, a backslash
 * escape makes its character text; everything else that looks like a link, an autolink, a bare
 * URL or e-mail address, a reference definition or an HTML tag is reported.
 */

const OWN_IMAGE = /^data:image\/(?:svg\+xml|png);base64,[A-Za-z0-9+/=]*(?:\|width=\d+,height=\d+)?$/;
const OWN_LINK = /^command:lcpn\.[A-Za-z.]+(?:\?[A-Za-z0-9%._~-]*)?$/;

/** Placeholder for text that cannot form markup (escaped characters, code). */
const INERT = '\u0000';

/** Prose lines of a markdown text: fenced code blocks removed (an unclosed fence runs to the end). */
function proseOf(markdown: string): string {
    const lines = markdown.split(/\r\n|\r|\n/);
    const prose: string[] = [];
    let fence: { char: string; length: number } | undefined;
    for (const line of lines) {
        if (fence) {
            const close = /^ {0,3}(`+|~+)\s*$/.exec(line);
            if (close && close[1][0] === fence.char && close[1].length >= fence.length) fence = undefined;
            prose.push('');
            continue;
        }
        const open = /^ {0,3}(`{3,}|~{3,})(.*)$/.exec(line);
        if (open && !(open[1][0] === '`' && open[2].includes('`'))) {
            fence = { char: open[1][0], length: open[1].length };
            prose.push('');
            continue;
        }
        prose.push(line);
    }
    return prose.join('\n');
}

/** Backslash escapes and code spans made inert. */
function inertCode(text: string): string {
    const escaped = text.replace(/\\[!-/:-@[-`{-~]/g, INERT + INERT);
    let out = '';
    let i = 0;
    while (i < escaped.length) {
        if (escaped[i] !== '`') { out += escaped[i++]; continue; }
        let n = 0;
        while (escaped[i + n] === '`') n++;
        // The closing run has exactly n backticks.
        const close = new RegExp(`(?<!\`)\`{${n}}(?!\`)`, 'g');
        close.lastIndex = i + n;
        const match = close.exec(escaped);
        if (!match) { out += escaped.slice(i, i + n); i += n; continue; }
        out += INERT.repeat(match.index + n - i);
        i = match.index + n;
    }
    return out;
}

/** The offending pieces of markup, each quoted with a little context; empty when there are none. */
export function foreignMarkup(markdown: string): string[] {
    let text = inertCode(proseOf(markdown));
    const found: string[] = [];
    const report = (what: string, index: number, length: number) => {
        found.push(`${what}: ${JSON.stringify(text.slice(Math.max(0, index - 20), index + length + 20).replaceAll(INERT, '·'))}`);
    };
    // Inline images and links; the server's own are removed so their URLs are not read as bare URLs below.
    text = text.replace(/(!?)\[((?:[^\]\\]|\\.)*)\]\(\s*<?([^)\s>]*)[^)]*\)/g, (whole, bang: string, _label: string, url: string, offset: number) => {
        if (bang ? OWN_IMAGE.test(url) : OWN_LINK.test(url)) return INERT.repeat(whole.length);
        report(bang ? 'an image' : 'a link', offset, whole.length);
        return INERT.repeat(whole.length);
    });
    const checks: [string, RegExp][] = [
        ['a reference definition', /^ {0,3}\[[^\]]+\]:/gm],
        ['raw HTML', /<\/?[A-Za-z][A-Za-z0-9-]*(?=[\s/>])|<!--|<\?|<![A-Z]|<!\[CDATA\[/g],
        ['an autolink', /<[A-Za-z][A-Za-z0-9+.-]{1,31}:[^\s<>]*>|<[^\s<>@]+@[^\s<>]+>/g],
        ['a bare URL', /\b(?:https?|ftp):\/\/|\bwww\./gi],
        ['an e-mail address', /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g]
    ];
    for (const [what, pattern] of checks) {
        for (const m of text.matchAll(pattern)) report(what, m.index, m[0].length);
    }
    return found;
}

/** Every markdown text in an LSP answer: hover contents and completion documentation. */
export function markdownIn(answer: unknown): string[] {
    const out: string[] = [];
    const visit = (value: unknown, depth: number): void => {
        if (depth > 6 || value === null || typeof value !== 'object') return;
        if (Array.isArray(value)) { for (const v of value) visit(v, depth + 1); return; }
        const record = value as Record<string, unknown>;
        if (record.kind === 'markdown' && typeof record.value === 'string') out.push(record.value);
        // MarkedString { language, value } is a code block: text by definition.
        for (const key of ['contents', 'documentation', 'items']) {
            const v = record[key];
            if (typeof v === 'string' && key === 'contents') out.push(v);
            else visit(v, depth + 1);
        }
    };
    visit(answer, 0);
    return out;
}

/** Active content in a diagram SVG (the panel shows it in a webview). */
export function activeSvg(svg: string): string[] {
    return [...svg.matchAll(/<script|<foreignObject|\son[a-z]+\s*=|(?:xlink:)?href\s*=\s*["'](?!#)/gi)].map((m) => JSON.stringify(svg.slice(Math.max(0, m.index - 30), m.index + 60)));
}
