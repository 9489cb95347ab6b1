/**
 * The CLI's view of files: the same Langium services and document pipeline as the
 * language server (so `lcpn check` and the editor report the same diagnostics), over
 * the real file system, with the prelude loaded.
 *
 * Which documents are loaded: the named files, the prelude, and the files they import (read
 * beside each importing file by the document builder, as in the editor: docs/language.md,
 * "Files as modules"). What a file means never depends on the other files of its folder.
 * Standard input's imports are read from `--workspace DIR` (standard input has no folder).
 * Diagnostics and output are for the named files only.
 */
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { URI, type LangiumDocument } from 'langium';
import { LcpnFileSystem } from '../workspace/file-system.js';
import type { Diagnostic } from 'vscode-languageserver-types';
import type { Document } from '../syntax/generated/ast.js';
import { createLcpnServices, type LcpnServices } from '../semantics/module.js';
import { escapeText } from './escape.js';
import { collectFiles, displayPath, readSourceFile, readStandardInput, type PathProblem } from './files.js';

export const STDIN = '-';
const STDIN_URI = URI.parse('stdin:///stdin.lcpn');
/** Standard input's name inside `--workspace DIR`, so that its imports are read from DIR (a name no file is likely to have). */
const STDIN_FILE = '<stdin>.lcpn';

export interface LoadOptions {
    /** `--workspace DIR`: the folder standard input's imports are read from. */
    workspace?: string;
}

export interface LoadedWorkspace {
    services: LcpnServices;
    /** The named files' documents (directories expanded), in order; diagnostics are for these only. */
    documents: LangiumDocument<Document>[];
    /** Named paths that could not be read, or directories with no `.lcpn` file in them. */
    problems: PathProblem[];
}

const displayNames = new Map<string, string>();

let defaultLoadOptions: LoadOptions = {};

/** The command line's `--workspace`, for every command that loads files (set once by main). */
export function setDefaultLoadOptions(options: LoadOptions): void {
    defaultLoadOptions = options;
}

/** How a document is named in output: its path relative to the working directory, or `<stdin>`. */
export function displayName(document: LangiumDocument): string {
    return displayNames.get(document.uri.toString()) ?? displayPath(document.uri.fsPath);
}

/**
 * Loads the named paths (files, directories, `-` for standard input) and the files they
 * import, and validates the named documents. Paths that cannot be read are returned as problems; if
 * nothing named could be read at all, that is a CliError.
 */
export async function loadWorkspace(paths: readonly string[], options: LoadOptions = defaultLoadOptions): Promise<LoadedWorkspace> {
    checkWorkspaceOption(options.workspace);
    const { shared, Lcpn } = createLcpnServices(LcpnFileSystem);
    const factory = shared.workspace.LangiumDocumentFactory;
    const langiumDocuments = shared.workspace.LangiumDocuments;
    const prelude = shared.lcpn.Prelude.document();
    const problems: PathProblem[] = [];
    const named: LangiumDocument<Document>[] = [];
    const loaded = new Set<string>();

    const add = (uri: URI, text: string, display: string): LangiumDocument<Document> => {
        const document = factory.fromString<Document>(text, uri);
        langiumDocuments.addDocument(document);
        displayNames.set(uri.toString(), display);
        return document;
    };

    for (const path of paths) {
        if (path === STDIN) {
            if (loaded.has(STDIN)) continue;
            loaded.add(STDIN);
            const input = await readStandardInput();
            const uri = options.workspace !== undefined ? URI.file(resolve(options.workspace, STDIN_FILE)) : STDIN_URI;
            if ('problem' in input) problems.push(input.problem);
            else named.push(add(uri, input.text, '<stdin>'));
            continue;
        }
        const found = collectFiles([path]);
        problems.push(...found.problems);
        if (found.files.length === 0 && found.problems.length === 0) {
            problems.push({ path: displayPath(path), message: 'no .lcpn files in this directory' });
        }
        for (const file of found.files) {
            if (loaded.has(file.real)) continue;
            loaded.add(file.real);
            const read = readSourceFile(file.path);
            if ('problem' in read) problems.push(read.problem);
            else named.push(add(URI.file(file.path), read.text, displayPath(file.path)));
        }
    }
    if (named.length === 0 && problems.length > 0) {
        throw new CliError(problems.map(formatProblem).join('\nlcpn: '));
    }

    // The named files and their imports (read by the builder) are linked; only the named ones are validated (their diagnostics are the output).
    const builder = shared.workspace.DocumentBuilder;
    await builder.build([prelude, ...named], { validation: false });
    await builder.build(named, { validation: true });
    return { services: Lcpn, documents: named, problems };
}

/** Checks `--workspace DIR` before anything is loaded. */
export function checkWorkspaceOption(dir: string | undefined): void {
    if (dir === undefined) return;
    let stat;
    try {
        stat = statSync(dir);
    } catch {
        stat = undefined;
    }
    if (!stat) throw new CliError(`--workspace ${escapeText(dir)}: no such directory (or it cannot be read)`);
    if (!stat.isDirectory()) throw new CliError(`--workspace ${escapeText(dir)}: not a directory (the workspace is a folder, as in the editor)`);
}

/** `path: message`, escaped, for stderr. */
export function formatProblem(problem: PathProblem): string {
    return `${escapeText(problem.path)}: ${escapeText(problem.message)}`;
}

/** Prints each unreadable named path (`lcpn: PATH: reason`). */
export function reportProblems(workspace: Pick<LoadedWorkspace, 'problems'>): void {
    for (const problem of workspace.problems) process.stderr.write(`lcpn: ${formatProblem(problem)}\n`);
}

/** A document's diagnostics up to `severity` (1 errors only, 3 all but hints), in the order of the text. */
export function diagnosticsOf(document: LangiumDocument, severity: number): Diagnostic[] {
    return (document.diagnostics ?? []).filter((d) => (d.severity ?? 1) <= severity).sort((a, b) =>
        a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
}

const SEVERITY = ['', 'error', 'warning', 'info', 'hint'];

/** `file:line:col: severity: message`, the format compilers use and editors can jump to. User text is escaped. */
export function formatDiagnostic(document: LangiumDocument, diagnostic: Diagnostic): string {
    const { line, character } = diagnostic.range.start;
    // LSP 3.18 lets a message be markup (lcpn's are plain strings): its text either way.
    const message = typeof diagnostic.message === 'string' ? diagnostic.message : diagnostic.message.value;
    return `${escapeText(displayName(document))}:${line + 1}:${character + 1}: ${SEVERITY[diagnostic.severity ?? 1]}: ${escapeText(message)}`;
}

/**
 * An error the CLI reports as a message, never as a stack trace: exit code 2 (a usage error, a
 * path that cannot be read), or 1 when it is an error in a file (the piece named is broken).
 */
export class CliError extends Error {
    constructor(message: string, readonly exitCode: 1 | 2 = 2) {
        super(message);
    }
}
