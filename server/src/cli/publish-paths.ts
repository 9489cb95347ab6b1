/**
 * Names of the files `lcpn show --format svg|png|html --out DIR` writes, and writing them.
 *
 * Layout (docs/cli.md, "show --out"): one directory per source file, named after the file
 * without `.lcpn` (its path below a named directory, so `a/x.lcpn` and `b/x.lcpn` stay apart),
 * then `<piece>.<scenario>.svg` per diagram, or `<piece>.html` per piece. Names are derived
 * from the piece's normalized name and the diagram's caption, so the same file gives the same
 * names on every run; a name that would clash gets `-2`, `-3`, ...
 */
import { mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, relative, resolve, sep } from 'node:path';
import type { LangiumDocument } from 'langium';
import { LCPN_EXTENSION } from './files.js';
import { escapeText } from './escape.js';
import { CliError, STDIN } from './workspace.js';

/** Longest part of a file name we make (in characters; 3 bytes each at most, far below 255 bytes). */
const MAX_PART = 60;
const RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/i;

/**
 * A file-name part from user text: letters and digits kept (lower case), every other run of
 * characters one `-`. Never empty, never a name Windows reserves, never starting with `.`.
 */
export function slug(text: string, fallback: string): string {
    const cut = text.normalize('NFC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '');
    const short = [...cut].slice(0, MAX_PART).join('').replace(/-+$/, '');
    const name = short || fallback;
    return RESERVED.test(name) ? `${name}_` : name;
}

/** Hands out names in one directory: a second `x` becomes `x-2`. */
export class NameSet {
    private readonly used = new Set<string>();

    take(base: string, extension = ''): string {
        let name = base;
        for (let n = 2; this.used.has(`${name}${extension}`.toLowerCase()); n++) name = `${base}-${n}`;
        this.used.add(`${name}${extension}`.toLowerCase());
        return `${name}${extension}`;
    }
}

/**
 * The directory (relative to `--out`) of a document's pictures: its path below the named
 * directory it was found in, or its own name, without `.lcpn`; `stdin` for standard input.
 */
export function documentFolder(document: LangiumDocument, paths: readonly string[]): string[] {
    if (document.uri.scheme !== 'file') return ['stdin'];
    const { below } = placeOf(document.uri.fsPath, paths);
    const parts = below.split(sep);
    const last = parts.length - 1;
    if (parts[last].toLowerCase().endsWith(LCPN_EXTENSION)) parts[last] = parts[last].slice(0, -LCPN_EXTENSION.length);
    return parts.map((p) => slug(p, 'file'));
}

/**
 * A document's name on a published page: its path from the named directory (that directory's
 * own name included: `variants/shogi.lcpn`), or its own name for a named file; never the
 * absolute path, which would put the author's home directory on a website.
 */
export function publishedName(document: LangiumDocument, paths: readonly string[]): string {
    if (document.uri.scheme !== 'file') return '<stdin>';
    const { base, below } = placeOf(document.uri.fsPath, paths);
    return (base ? `${base}/${below}` : below).split(sep).join('/');
}

/** Where a file was found: below a named directory (and that directory's name), or named itself. */
function placeOf(source: string, paths: readonly string[]): { base: string; below: string } {
    for (const arg of paths) {
        if (arg === STDIN || !isDirectory(arg)) continue;
        const dir = resolve(arg);
        if (source.startsWith(dir + sep)) return { base: basename(dir), below: relative(dir, source) };
    }
    return { base: '', below: basename(source) };
}

function isDirectory(path: string): boolean {
    try {
        return statSync(path).isDirectory();
    } catch {
        return false;
    }
}

/** The output directory given by --out: created if missing; an existing file there is a usage error. */
export function prepareOutDir(out: string, command: string): string {
    const dir = resolve(out);
    try {
        if (statSync(dir, { throwIfNoEntry: false })?.isDirectory() === false) {
            throw new CliError(`${command}: --out ${escapeText(out)} is a file; give a directory`);
        }
        mkdirSync(dir, { recursive: true });
    } catch (error) {
        if (error instanceof CliError) throw error;
        throw new CliError(`${command}: cannot create the directory ${escapeText(out)}: ${escapeText((error as Error).message)}`);
    }
    return dir;
}

/** Writes a file whole or not at all: a temporary file beside it, renamed over it. */
export function writeWhole(target: string, data: string | Uint8Array, command: string): void {
    const temporary = `${target}.lcpn-${process.pid}.tmp`;
    try {
        mkdirSync(dirname(target), { recursive: true });
        writeFileSync(temporary, data);
        renameSync(temporary, target);
    } catch (error) {
        rmSync(temporary, { force: true });
        throw new CliError(`${command}: cannot write ${escapeText(target)}: ${escapeText((error as Error).message)}`);
    }
}
