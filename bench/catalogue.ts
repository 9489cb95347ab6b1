/**
 * The bench's files, made of real definitions: the examples' and the prelude's, each file in
 * each of the three styles (converted by the built `lcpn convert`), one after another like the
 * pages of a catalogue. Group g is source g mod 12, as written in the first round and in the
 * next style at each later round, so any run of three groups mixes the styles. Boards are left
 * out (a file declares one board); a name an earlier group already defines gets the group's
 * suffix (`general-c`) throughout its group, so every name is defined once and every use still
 * means its own group's piece (a later definition named after a built-in function, janggi's
 * `cannon`, is left out instead: its uses of the function would be renamed too).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type Style = 'lisp' | 'c' | 'sql';
const STYLES: Style[] = ['lisp', 'c', 'sql'];

/** One source file in the three styles; `style` is the one it is written in. */
export interface Source {
    name: string;
    style: Style;
    texts: Record<Style, string>;
}

export interface Position {
    line: number;
    character: number;
}

export interface Catalogue {
    text: string;
    groups: number;
    /** A use of a name defined in the file, in a definition near the middle: where it starts and ends. */
    use: { start: Position; end: Position; name: string };
}

/** The style a text is written in: the form of its first definition. */
export function styleOf(text: string): Style {
    for (const line of text.split('\n')) {
        if (/^\(def\s/.test(line)) return 'lisp';
        if (/^\S+\s*:=/.test(line)) return 'c';
        if (/^\S+\s+IS\s/.test(line)) return 'sql';
    }
    throw new Error('no definition in the text');
}

/** `examples/*.lcpn` and the prelude, each converted to the three styles by `cli` (a bundle of `lcpn`). */
export function loadSources(root: string, cli: string): Source[] {
    const dir = mkdtempSync(join(tmpdir(), 'lcpn-bench-sources-'));
    try {
        const files = readdirSync(join(root, 'examples')).filter((n) => n.endsWith('.lcpn')).sort().map((n) => join(root, 'examples', n));
        files.push(join(root, 'server/prelude/standard.lcpn'));
        const names = files.map((f, i) => `${String(i).padStart(2, '0')}-${f.split('/').pop()}`);
        mkdirSync(join(dir, 'src'));
        files.forEach((f, i) => writeFileSync(join(dir, 'src', names[i]), readFileSync(f, 'utf8')));
        for (const style of STYLES) {
            execFileSync(process.execPath, [cli, 'convert', 'src', '--to', style, '--out', style], { cwd: dir, stdio: 'ignore' });
        }
        return names.map((name) => {
            const text = readFileSync(join(dir, 'src', name), 'utf8');
            const texts = Object.fromEntries(STYLES.map((s) => [s, readFileSync(join(dir, s, name), 'utf8')])) as Record<Style, string>;
            return { name: name.slice(3), style: styleOf(text), texts: { ...texts, [styleOf(text)]: text } };
        });
    } finally {
        rmSync(dir, { recursive: true, force: true });
    }
}

/** A definition with the comment lines before it. */
interface Chunk {
    text: string;
    /** The comment and blank lines before the definition (part of `text`). */
    preamble: string;
    name: string;
    head: string;
}

const COMMENT = /^\s*(;|#|\/\/)/;
/** The first line of a definition in each style. */
const HEAD = /^(\(def\s|[^\s;#/(][^\s:]*\s*:=|[^\s;#/(]\S*\s+IS\s)/;

function chunks(text: string): Chunk[] {
    const found: Chunk[] = [];
    let pending: string[] = []; // comment and blank lines not yet given to a definition
    let current: { lines: string[]; head: string; preamble: number } | undefined;
    const push = () => {
        if (!current) return;
        const preamble = current.lines.slice(0, current.preamble).map((l) => `${l}\n`).join('');
        found.push({ text: current.lines.join('\n') + '\n', preamble, head: current.head, name: definedName(current.head) });
    };
    for (const line of text.replace(/\n+$/, '').split('\n')) {
        if (HEAD.test(line)) {
            push();
            current = { lines: [...pending, line], head: line, preamble: pending.length };
            pending = [];
        } else if (current && line.trim() !== '' && !COMMENT.test(line)) {
            current.lines.push(...pending, line); // the definition goes on (a blank or comment line inside it stays in it)
            pending = [];
        } else {
            pending.push(line);
        }
    }
    if (current) current.lines.push(...pending);
    push();
    return found;
}

function definedName(head: string): string {
    const match = /^\(def\s+([^\s()]+)/.exec(head) ?? /^([^\s:]+)\s*:=/.exec(head) ?? /^(\S+)\s+IS\b/.exec(head);
    if (!match) throw new Error(`not a definition: ${head}`);
    return match[1];
}

const isBoard = (head: string) => /^\(def\s+\S+\s+\(board\b|^\S+\s*(:=|IS)\s*board\s*\(/.test(head);

/** A name's key: names ignore case and treat `-` and `_` alike. */
const key = (name: string) => name.toLowerCase().replace(/_/g, '-');

/** A name as a pattern: any case, `-` or `_`, not inside a longer name. */
function namePattern(name: string): string {
    const body = [...name].map((c) => (c === '-' || c === '_' ? '[-_]' : c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('');
    return `(?<![\\p{L}\\p{N}_$-])${body}(?![\\p{L}\\p{N}_-])`;
}

/** `a`, `b`, ..., `z`, `aa`, ...: suffixes without digits (LCPN names have none). */
function letters(n: number): string {
    let s = '';
    for (let i = n + 1; i > 0; i = Math.floor((i - 1) / 26)) s = String.fromCharCode(97 + ((i - 1) % 26)) + s;
    return s;
}

/** Where a line's comment starts (outside a string), or its length. */
function commentStart(line: string): number {
    let inString = false;
    for (let i = 0; i < line.length; i++) {
        if (line[i] === '"') inString = !inString;
        else if (!inString && (line[i] === ';' || line[i] === '#' || line.startsWith('//', i))) return i;
    }
    return line.length;
}

/** Renames every use of `name` in a group's text, not in comments (`-` or `_` before the suffix, as the style spells names). */
function rename(text: string, name: string, suffix: string, style: Style): string {
    const pattern = new RegExp(namePattern(name), 'giu');
    const renamed = (code: string) => code.replace(pattern, (match) => match + (style === 'lisp' ? '-' : '_') + suffix);
    return text.split('\n').map((line) => renamed(line.slice(0, commentStart(line))) + line.slice(commentStart(line))).join('\n');
}

/**
 * Whether a definition uses its own name: then the use is the built-in function of the same
 * name (janggi's `cannon := cannon(...)`, Lisp's `(& capture cannon)`), not the piece, and
 * renaming it would make it an unknown function.
 */
function usesItsOwnName(chunk: Chunk): boolean {
    const afterName = chunk.head.slice(chunk.head.indexOf(chunk.name) + chunk.name.length) + chunk.text.slice(chunk.text.indexOf(chunk.head) + chunk.head.length);
    return new RegExp(namePattern(chunk.name), 'iu').test(afterName.split('\n').map((l) => l.slice(0, commentStart(l))).join('\n'));
}

/** Group `g` of the catalogue: its text and the names it defines (after renaming). */
function group(sources: Source[], g: number, defined: Set<string>): { text: string; names: string[] } {
    const source = sources[g % sources.length];
    const style = STYLES[(STYLES.indexOf(source.style) + Math.floor(g / sources.length)) % 3];
    // Boards are left out (a file declares one), and so is a second definition named after a
    // built-in function; the comments before them stay.
    const all = chunks(source.texts[style]);
    const kept = all.filter((c) => !isBoard(c.head) && !(defined.has(key(c.name)) && usesItsOwnName(c)));
    let text = all.map((c) => (kept.includes(c) ? c.text : c.preamble)).join('');
    const names: string[] = [];
    for (const chunk of kept) {
        if (defined.has(key(chunk.name))) {
            text = rename(text, chunk.name, letters(g), style);
            names.push(`${chunk.name}${style === 'lisp' ? '-' : '_'}${letters(g)}`);
        } else {
            names.push(chunk.name);
        }
    }
    for (const name of names) defined.add(key(name));
    return { text, names };
}

/** The first `count` groups, one blank line apart. */
export function catalogue(sources: Source[], count: number): Catalogue {
    const defined = new Set<string>();
    const groups = Array.from({ length: count }, (_, g) => group(sources, g, defined));
    const text = groups.map((g) => g.text).join('\n');
    // The group nearest the middle that uses one of its own names.
    const middle = Math.floor(count / 2);
    const order = Array.from({ length: count }, (_, i) => i).sort((a, b) => Math.abs(a - middle) - Math.abs(b - middle));
    for (const g of order) {
        const use = useIn(text, groups[g]);
        if (use) return { text, groups: count, use };
    }
    throw new Error('no group uses one of its own names');
}

/** The fewest groups whose text has at least `bytes` characters. */
export function catalogueOfBytes(sources: Source[], bytes: number): Catalogue {
    let count = 1;
    while (catalogue(sources, count).text.length < bytes) count++;
    return catalogue(sources, count);
}

/** The first use (not a definition) of a name the group defines, in the group: where a user edits. */
function useIn(text: string, middle: { text: string; names: string[] }): Catalogue['use'] | undefined {
    const base = text.indexOf(middle.text);
    for (const chunk of chunks(middle.text)) {
        const headAt = middle.text.indexOf(chunk.text) + chunk.text.indexOf(chunk.head) + chunk.head.indexOf(chunk.name) + chunk.name.length;
        for (const name of middle.names.filter((n) => key(n) !== key(chunk.name))) {
            const match = new RegExp(namePattern(name), 'iu').exec(middle.text.slice(headAt, middle.text.indexOf(chunk.text) + chunk.text.length));
            if (!match || COMMENT.test(lineAt(middle.text, headAt + match.index))) continue;
            const start = base + headAt + match.index;
            return { start: positionAt(text, start), end: positionAt(text, start + match[0].length), name: match[0] };
        }
    }
    return undefined;
}

function lineAt(text: string, offset: number): string {
    return text.slice(text.lastIndexOf('\n', offset - 1) + 1, text.indexOf('\n', offset) < 0 ? undefined : text.indexOf('\n', offset));
}

export function positionAt(text: string, offset: number): Position {
    const before = text.slice(0, offset);
    const line = before.split('\n').length - 1;
    return { line, character: offset - (before.lastIndexOf('\n') + 1) };
}
