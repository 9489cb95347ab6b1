/**
 * Test support: the editor set-ups the documentation gives, read from the documentation itself,
 * so that the Neovim and Emacs tests run exactly what a user copies (and fail when the text
 * changes shape instead of testing a copy that drifted).
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

/** The first ```language block under the heading `heading` (a whole line) of `file`, before the next heading. */
export function documentedSnippet(file: string, heading: string, language: string): string {
    const lines = readFileSync(join(root, file), 'utf8').split('\n');
    const at = lines.indexOf(heading);
    if (at < 0) throw new Error(`${file} has no heading '${heading}'`);
    const section = lines.slice(at + 1);
    const end = section.findIndex((line) => /^#{1,6} /.test(line));
    const body = end < 0 ? section : section.slice(0, end);
    const open = body.indexOf('```' + language);
    const close = body.indexOf('```', open + 1);
    if (open < 0 || close < 0) throw new Error(`${file}, '${heading}': no \`\`\`${language} block`);
    return body.slice(open + 1, close).join('\n') + '\n';
}

/** `text` with `from` replaced by `to` (exactly once: a snippet that lost `from` fails the test). */
export function replaceOnce(text: string, from: string, to: string): string {
    const at = text.indexOf(from);
    if (at < 0 || text.indexOf(from, at + 1) >= 0) throw new Error(`expected '${from}' once in:\n${text}`);
    return text.slice(0, at) + to + text.slice(at + from.length);
}
