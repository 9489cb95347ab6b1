/**
 * A read-only file holding the prelude, for clients that open a go-to-definition target as
 * a file (Neovim, Emacs, ...). The prelude shipped next to the server bundle is writable by
 * whoever installed it, so F12 on `rook` would open the shipped file for editing; instead the
 * server names a copy in the user's cache directory, mode 0444 (Vim and Neovim then set
 * 'readonly', Emacs `buffer-read-only`), with a modeline that also makes the buffer
 * 'nomodifiable' in Vim and Neovim. The directory is named by the content's hash, so servers
 * of different versions never share a copy, and a copy someone changed is replaced.
 * VS Code does not need this: its client serves the prelude from a read-only URI of its own.
 */
import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { URI } from 'langium';
import type { InitializeParams } from 'vscode-languageserver';

/** The copy's file name, as the prelude is named everywhere. */
const PRELUDE_FILE_NAME = 'standard.lcpn';

/** Appended after the last definition: lines and offsets of the definitions are those of the prelude. */
const MODELINE = '; vim: set nomodifiable readonly :';

/** The text of the read-only copy: the prelude, then the modeline on a line of its own. */
export function preludeFileText(preludeText: string): string {
    return `${preludeText}${preludeText.endsWith('\n') ? '' : '\n'}${MODELINE}\n`;
}

/**
 * The path of the read-only copy, made if needed; undefined if no cache directory can be
 * written (the caller then keeps the shipped file).
 */
export function readOnlyPreludeFile(preludeText: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
    const text = preludeFileText(preludeText);
    const hash = createHash('sha256').update(text).digest('hex').slice(0, 16);
    for (const base of cacheDirectories(env)) {
        try {
            const dir = join(base, 'lcpn', `prelude-${hash}`);
            const file = join(dir, PRELUDE_FILE_NAME);
            if (isIntactCopy(file, text)) return file;
            mkdirSync(dir, { recursive: true });
            // Written under another name and renamed: another server starting at the same time never reads half a file.
            const temporary = join(dir, `.${PRELUDE_FILE_NAME}.${process.pid}.tmp`);
            writeFileSync(temporary, text, { mode: 0o444 });
            chmodSync(temporary, 0o444); // the umask may have left write bits off, never on; this makes the mode exact
            makeWritable(file); // Windows refuses to replace a read-only file
            renameSync(temporary, file);
            return file;
        } catch {
            continue; // read-only home, no such directory...: try the next place
        }
    }
    return undefined;
}

function makeWritable(file: string): void {
    try {
        chmodSync(file, 0o644);
    } catch {
        // no such file yet
    }
}

function isIntactCopy(file: string, text: string): boolean {
    try {
        const stat = statSync(file);
        return stat.isFile() && (stat.mode & 0o222) === 0 && readFileSync(file, 'utf8') === text;
    } catch {
        return false;
    }
}

/** The user's cache directory as each platform names it, then the temporary directory. */
function cacheDirectories(env: NodeJS.ProcessEnv): string[] {
    const home = safeHomedir();
    const candidates = [
        env.XDG_CACHE_HOME,
        process.platform === 'win32' ? env.LOCALAPPDATA : undefined,
        home && process.platform === 'darwin' ? join(home, 'Library', 'Caches') : undefined,
        home ? join(home, '.cache') : undefined,
        tmpdir()
    ];
    // A relative XDG_CACHE_HOME is invalid (XDG spec) and would depend on the server's working directory.
    return candidates.filter((c): c is string => typeof c === 'string' && isAbsolute(c));
}

function safeHomedir(): string | undefined {
    try {
        return homedir();
    } catch {
        return undefined;
    }
}

/**
 * At `initialize`: the prelude URI the client names (VS Code serves it read-only itself),
 * else the read-only copy of `preludeText`; undefined: the shipped file (prelude.ts's default).
 */
export function choosePreludeUri(params: InitializeParams, preludeText: string): string | undefined {
    const clientUri = (params.initializationOptions as { preludeUri?: unknown } | null | undefined)?.preludeUri;
    if (typeof clientUri === 'string') return clientUri;
    const file = readOnlyPreludeFile(preludeText);
    return file ? URI.file(file).toString() : undefined;
}
