/**
 * Which files the CLI reads, and reading them safely. Only regular files are opened (a FIFO
 * would block forever, `/dev/zero` never ends), never more than MAX_LCPN_FILE_BYTES (the
 * language server's limit too), and every path that cannot be read (missing, dangling or
 * looping symbolic link, permission, too large, not a file) becomes one problem that names
 * it, while the other paths are still read.
 */
import { closeSync, constants, fstatSync, openSync, readdirSync, readSync, realpathSync, statSync, lstatSync, readlinkSync, type Stats } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describeOverLimit, describeSize, MAX_LCPN_FILE_BYTES } from '../workspace/limits.js';

export const LCPN_EXTENSION = '.lcpn';

/** A path that could not be used, with the reason in words. */
export interface PathProblem {
    /** The path as the user would recognise it (relative to the working directory). */
    path: string;
    message: string;
}

/** A file to read: its absolute path as reached (symbolic links not resolved) and the real file behind it. */
export interface FoundFile {
    path: string;
    real: string;
}

export interface Collected {
    files: FoundFile[];
    problems: PathProblem[];
}

/** A path for messages: relative to where the command runs, or absolute when that is shorter (a path far outside). */
export function displayPath(path: string): string {
    const absolute = resolve(path);
    const rel = relative(process.cwd(), absolute);
    if (rel === '') return '.';
    return rel.length <= absolute.length ? rel : absolute;
}

/**
 * The `.lcpn` files named by `paths`: a file as itself (it must end in `.lcpn`), a directory
 * as the `.lcpn` files below it (`recursive`) or in it, sorted, hidden entries and
 * `node_modules` left out. Symbolic links are followed; each real file is listed once.
 */
export function collectFiles(paths: readonly string[], options: { recursive?: boolean } = {}): Collected {
    const recursive = options.recursive ?? true;
    const files: FoundFile[] = [];
    const problems: PathProblem[] = [];
    const seenFiles = new Set<string>();
    const seenDirs = new Set<string>();
    const problem = (path: string, message: string): void => { problems.push({ path: displayPath(path), message }); };

    const addFile = (path: string, stat: Stats, named: boolean): void => {
        if (named && !path.endsWith(LCPN_EXTENSION)) {
            return void problem(path, `not an LCPN file: the name must end in ${LCPN_EXTENSION}`);
        }
        if (!stat.isFile()) return void problem(path, `${kindOf(stat)}, not a regular file; only regular files are read`);
        if (stat.size > MAX_LCPN_FILE_BYTES) return void problem(path, tooLarge(stat.size));
        const real = realpathOr(path);
        if (seenFiles.has(real)) return;
        seenFiles.add(real);
        files.push({ path: resolve(path), real });
    };

    const walkDir = (path: string, ancestors: readonly string[]): void => {
        const real = realpathOr(path);
        if (ancestors.includes(real)) {
            return void problem(path, `a symbolic link loop: this directory leads back to ${displayPath(real)}, which is already being read`);
        }
        if (seenDirs.has(real)) return;
        seenDirs.add(real);
        let entries: string[];
        try {
            entries = readdirSync(path).sort();
        } catch (error) {
            return void problem(path, systemMessage(error));
        }
        for (const entry of entries) {
            if (entry.startsWith('.') || entry === 'node_modules') continue;
            const child = join(path, entry);
            const isLcpn = entry.endsWith(LCPN_EXTENSION);
            const stat = statOr(child);
            if ('message' in stat) {
                // A broken link that does not even look like an LCPN file is not worth a word.
                if (isLcpn) problem(child, entry.includes('\ufffd') ? 'its name is not valid UTF-8, so it cannot be opened by name; rename it' : stat.message);
                continue;
            }
            if (stat.isDirectory()) {
                if (recursive) walkDir(child, [...ancestors, real]);
            } else if (isLcpn) {
                addFile(child, stat, false);
            }
        }
    };

    for (const path of paths) {
        const stat = statOr(path);
        if ('message' in stat) problem(path, stat.message);
        else if (stat.isDirectory()) walkDir(path, []);
        else addFile(path, stat, true);
    }
    return { files, problems };
}

/** A file's text, read without following it past the size limit; a problem if it cannot be read. */
export function readSourceFile(path: string): { text: string } | { problem: PathProblem } {
    let fd: number | undefined;
    try {
        // Non-blocking: should the path have been replaced by a FIFO since it was listed, opening it must not wait for a writer.
        fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
        const stat = fstatSync(fd);
        if (!stat.isFile()) return { problem: { path: displayPath(path), message: `${kindOf(stat)}, not a regular file; only regular files are read` } };
        if (stat.size > MAX_LCPN_FILE_BYTES) return { problem: { path: displayPath(path), message: tooLarge(stat.size) } };
        const content = readAtMost(fd, MAX_LCPN_FILE_BYTES);
        if (content === undefined) return { problem: { path: displayPath(path), message: tooLarge(undefined) } };
        return { text: decode(content) };
    } catch (error) {
        return { problem: { path: displayPath(path), message: systemMessage(error) } };
    } finally {
        if (fd !== undefined) closeSync(fd);
    }
}

/** Up to `limit` bytes from `fd` (undefined if there are more: a file that grew since it was measured). */
function readAtMost(fd: number, limit: number): Buffer | undefined {
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
        const chunk = Buffer.allocUnsafe(Math.min(1 << 20, limit + 1 - total));
        const n = readSync(fd, chunk, 0, chunk.length, null);
        if (n === 0) break;
        chunks.push(chunk.subarray(0, n));
        total += n;
        if (total > limit) return undefined;
    }
    return Buffer.concat(chunks, total);
}

/** Standard input, up to the size limit (a problem past it). */
export async function readStandardInput(): Promise<{ text: string } | { problem: PathProblem }> {
    const chunks: Buffer[] = [];
    let total = 0;
    for await (const chunk of process.stdin as AsyncIterable<Buffer>) {
        total += chunk.length;
        if (total > MAX_LCPN_FILE_BYTES) {
            process.stdin.destroy();
            return { problem: { path: '<stdin>', message: tooLarge(undefined) } };
        }
        chunks.push(chunk);
    }
    return { text: decode(Buffer.concat(chunks, total)) };
}

/** UTF-8, with invalid bytes shown as U+FFFD (never an exception). */
function decode(bytes: Buffer): string {
    return new TextDecoder('utf-8', { fatal: false }).decode(bytes);
}

/** `size` is the file's size, or undefined when only "more than the limit" is known (a stream, a growing file). */
function tooLarge(size: number | undefined): string {
    if (size === undefined) return `too large to read (more than the limit of ${describeSize(MAX_LCPN_FILE_BYTES)})`;
    const over = describeOverLimit(size);
    return `too large to read (${over.size}; the limit is ${over.limit})`;
}

function statOr(path: string): Stats | { message: string } {
    try {
        return statSync(path);
    } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'ENOTDIR') {
            const link = lstatOrUndefined(path);
            if (link?.isSymbolicLink()) return { message: `a dangling symbolic link: its target ${quote(readlinkOr(path))} does not exist` };
            return { message: 'no such file or directory' };
        }
        if (code === 'ELOOP') return { message: 'a symbolic link loop: following the links never reaches a file' };
        return { message: systemMessage(error) };
    }
}

function lstatOrUndefined(path: string): Stats | undefined {
    try {
        return lstatSync(path);
    } catch {
        return undefined;
    }
}

function readlinkOr(path: string): string {
    try {
        return readlinkSync(path);
    } catch {
        return '?';
    }
}

function realpathOr(path: string): string {
    try {
        return realpathSync(path);
    } catch {
        return resolve(path);
    }
}

function quote(text: string): string {
    return `'${text}'`;
}

function kindOf(stat: Stats): string {
    if (stat.isDirectory()) return 'a directory';
    if (stat.isFIFO()) return 'a named pipe (FIFO)';
    if (stat.isCharacterDevice()) return 'a character device';
    if (stat.isBlockDevice()) return 'a block device';
    if (stat.isSocket()) return 'a socket';
    return 'not a file';
}

/** A system error in words, without Node's call details. */
function systemMessage(error: unknown): string {
    const code = (error as NodeJS.ErrnoException).code;
    switch (code) {
        case 'EACCES': case 'EPERM': return 'permission denied';
        case 'ENOENT': return 'no such file or directory';
        case 'EISDIR': return 'a directory, not a file';
        case 'ELOOP': return 'a symbolic link loop: following the links never reaches a file';
        case 'ENAMETOOLONG': return 'the path is too long';
        case 'EIO': return 'an input/output error while reading';
        case 'EMFILE': case 'ENFILE': return 'too many open files';
        default: return code ? `cannot be read (${code})` : `cannot be read (${(error as Error).message ?? String(error)})`;
    }
}
