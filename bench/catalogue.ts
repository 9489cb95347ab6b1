/**
 * The bench's files, made of real definitions: the examples' and the prelude's, each file in
 * each of the three styles (converted by the built `lcpn convert`), one after another like the
 * pages of a catalogue. Group g is source g mod N (the sources in order, each after the files it
 * imports), as written in the first round and in the next style at each later round, so any run
 * of three groups mixes the styles. One file holds every group, so imports are dropped: a
 * group's use of a name its imported file defines means that file's group of the same round.
 * Boards are left out (a file declares one) and written in place in their file's games
 * (`(game (board 10 8) ...)`); a name an earlier group already defines gets the group's suffix
 * (`general-c`) throughout its group, so every name is defined once and every use still means
 * its own group's piece (a later definition named after a built-in function, janggi's `cannon`,
 * is left out instead: its uses of the function would be renamed too). The files have no errors.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';

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

/**
 * `examples/*.lcpn` and the prelude, each converted to the three styles by `cli` (a bundle of
 * `lcpn`). The examples keep their names and their folder, so their imports (`import chess`: a
 * file beside the importing one) find their files; the prelude is converted in a folder of its own.
 */
export function loadSources(root: string, cli: string): Source[] {
    const dir = mkdtempSync(join(tmpdir(), 'lcpn-bench-sources-'));
    const convert = (folder: string) => {
        for (const style of STYLES) {
            try {
                execFileSync(process.execPath, [cli, 'convert', 'src', '--to', style, '--out', style], { cwd: join(dir, folder), encoding: 'utf8', stdio: 'pipe' });
            } catch (error) {
                const { stdout, stderr } = error as { stdout?: string; stderr?: string };
                throw new Error(`lcpn convert ${folder} --to ${style} failed:\n${stdout ?? ''}${stderr ?? ''}`);
            }
        }
    };
    const copy = (folder: string, files: string[]) => {
        mkdirSync(join(dir, folder, 'src'), { recursive: true });
        for (const file of files) writeFileSync(join(dir, folder, 'src', basename(file)), readFileSync(file, 'utf8'));
        convert(folder);
        return files.map((file) => ({ folder, name: basename(file) }));
    };
    try {
        const examples = readdirSync(join(root, 'examples')).filter((n) => n.endsWith('.lcpn')).sort().map((n) => join(root, 'examples', n));
        const all = [...copy('examples', examples), ...copy('prelude', [join(root, 'server/prelude/standard.lcpn')])];
        return all.map(({ folder, name }) => {
            const text = readFileSync(join(dir, folder, 'src', name), 'utf8');
            const texts = Object.fromEntries(STYLES.map((s) => [s, readFileSync(join(dir, folder, s, name), 'utf8')])) as Record<Style, string>;
            return { name, style: styleOf(text), texts: { ...texts, [styleOf(text)]: text } };
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

/** An import line in any style: `(import chess)`, `import chess`, `IMPORT chess`; the file's name is group 1 or 2. */
const IMPORT = /^\s*(?:[([]\s*import\s+([^\s)\]]+)\s*[)\]]|(?:import|IMPORT)\s+(\S+))\s*$/;

/** The files a text imports (their names without `.lcpn`). */
export function importsOf(text: string): string[] {
    return text.split('\n').flatMap((line) => {
        const match = IMPORT.exec(line.slice(0, commentStart(line)));
        return match ? [match[1] ?? match[2]] : [];
    });
}

/** The text without its import lines: one file holds every group, and each group's uses of imported names are renamed to the imported group's. */
function withoutImports(text: string): string {
    return text.split('\n').filter((line) => !IMPORT.test(line.slice(0, commentStart(line)))).join('\n');
}

/** The sources, each after the sources it imports (otherwise in their order): a group's imports are then made before it in each round. */
export function importsFirst(sources: Source[]): Source[] {
    const byName = new Map(sources.map((s) => [s.name.replace(/\.lcpn$/, ''), s]));
    const ordered: Source[] = [];
    const visit = (source: Source, path: Source[]) => {
        if (ordered.includes(source) || path.includes(source)) return;
        for (const name of importsOf(source.texts[source.style])) {
            const imported = byName.get(name);
            if (imported) visit(imported, [...path, source]);
        }
        ordered.push(source);
    };
    for (const source of sources) visit(source, []);
    return ordered;
}

/** The body of a definition (its code after the name, comments left out), in its style. */
function bodyOf(chunk: Chunk): string {
    const code = chunk.text.slice(chunk.preamble.length).split('\n').map((l) => l.slice(0, commentStart(l)).trim()).filter((l) => l !== '').join(' ');
    const match = /^\(def\s+\S+\s+(.*)\)$/.exec(code) ?? /^\S+\s*:=\s*(.*)$/.exec(code) ?? /^\S+\s+IS\s+(.*)$/.exec(code);
    if (!match) throw new Error(`no body in: ${code}`);
    return match[1];
}

/** A game declaration's call, `(game` or `game(`, right after the defined name. */
const GAME_CALL = /^(\(def\s+\S+\s+\(game)(\s)|^(\S+\s*(?::=|IS)\s*game\s*\()/;

/**
 * A game declaration with the file's board written in place as its first clause (`(board 10 8)`,
 * `board(9, 10, confine(elephant, own_side))`): the catalogue leaves the file's board out, and a
 * game without a board clause is played on the board its file declares.
 */
function withBoard(chunk: Chunk, board: string): string {
    const code = chunk.text.slice(chunk.preamble.length);
    if (/\bboard\b/i.test(code.split('\n').map((l) => l.slice(0, commentStart(l))).join('\n'))) return chunk.text;
    const call = GAME_CALL.exec(code)!;
    const rest = code.slice(call[0].length);
    // `(game (board 10 8) (pieces ...`; `game(board(10, 10), pieces(...` (`,` alone before a line break).
    const inserted = call[1] ? `${call[1]} ${board}${call[2]}` : `${call[3]}${board},${rest.startsWith('\n') ? '' : ' '}`;
    return chunk.preamble + inserted + rest;
}

/** A group's definitions: each original name's key and the suffix it was renamed with (`''`: not renamed). */
type Suffixes = Map<string, string>;

/**
 * Group `g` of the catalogue: its text and the names it defines (after renaming). `latest` holds,
 * for each source, the suffixes of its latest group: a group's uses of the names of a file it
 * imports take that file's group's suffixes (made before it in the round, importsFirst).
 */
function group(sources: Source[], g: number, defined: Set<string>, latest: Map<Source, Suffixes>): { text: string; names: string[] } {
    const source = sources[g % sources.length];
    const style = STYLES[(STYLES.indexOf(source.style) + Math.floor(g / sources.length)) % 3];
    // Imports are dropped, boards are left out (a file declares one; its games get it in place),
    // and so is a second definition named after a built-in function; the comments before them stay.
    const all = chunks(withoutImports(source.texts[style]));
    const board = all.find((c) => isBoard(c.head));
    const kept = all.filter((c) => !isBoard(c.head) && !(defined.has(key(c.name)) && usesItsOwnName(c)));
    let text = all.map((c) => (kept.includes(c) ? (board && GAME_CALL.test(c.text.slice(c.preamble.length)) ? withBoard(c, bodyOf(board)) : c.text) : c.preamble)).join('');
    const names: string[] = [];
    const suffixes: Suffixes = new Map();
    for (const chunk of kept) {
        if (defined.has(key(chunk.name))) {
            text = rename(text, chunk.name, letters(g), style);
            names.push(`${chunk.name}${style === 'lisp' ? '-' : '_'}${letters(g)}`);
            suffixes.set(key(chunk.name), letters(g));
        } else {
            names.push(chunk.name);
            suffixes.set(key(chunk.name), '');
        }
    }
    // A file's own definition hides an imported one of the same name.
    for (const imported of importsOf(source.texts[source.style])) {
        const from = sources.find((s) => s.name.replace(/\.lcpn$/, '') === imported);
        for (const [name, suffix] of (from && latest.get(from)) ?? []) {
            if (suffix && !suffixes.has(name)) text = rename(text, name, suffix, style);
        }
    }
    latest.set(source, suffixes);
    for (const name of names) defined.add(key(name));
    return { text, names };
}

/** The first `count` groups, one blank line apart. */
export function catalogue(sources: Source[], count: number): Catalogue {
    const ordered = importsFirst(sources);
    const defined = new Set<string>();
    const latest = new Map<Source, Suffixes>();
    const groups = Array.from({ length: count }, (_, g) => group(ordered, g, defined, latest));
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
