/**
 * Text the user controls (file names, names and strings from a file, notation strings) is
 * printed with its control characters made visible, so that it cannot forge a line of output
 * (a file named `a\n:1:1: error: x.lcpn` would otherwise print a diagnostic of its own in a CI
 * log) or drive the terminal (escape sequences, bidirectional overrides).
 */

/** C0 and C1 controls, DEL, line/paragraph separators and the bidirectional formatting characters. */
// eslint-disable-next-line no-control-regex -- matches control characters on purpose
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function visible(ch: string): string {
    const named = NAMED[ch];
    if (named) return named;
    const code = ch.charCodeAt(0);
    return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/**
 * `text` with every unsafe character written as an escape (`\n`, `\x1b`, `\u202e`); other text
 * unchanged. `tabs` keeps tab characters (a file's indentation shown on a terminal).
 */
export function escapeText(text: string, options: { tabs?: boolean } = {}): string {
    return text.replace(UNSAFE, (ch) => (options.tabs && ch === '\t' ? ch : visible(ch)));
}

/** Each line escaped on its own: the line breaks the CLI put there stay, everything else is shown. */
export function escapeLines(lines: readonly string[]): string[] {
    return lines.map((line) => escapeText(line));
}
