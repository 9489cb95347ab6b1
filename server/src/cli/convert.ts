/**
 * `lcpn convert`: files into another LCPN style (comments kept, definitions with errors left
 * as written and counted) or into Betza/Parlett/paths (seed 002), and Betza/Parlett/path
 * strings into LCPN (standard parts named after the prelude's pieces) or into each other.
 *
 * Output: one file (or `-`) goes to standard output; several files or a directory need
 * `--out DIR` (same layout below DIR) or `--write` (in place). Files are written whole or not
 * at all (a temporary file renamed over the target).
 */
import { mkdirSync, renameSync, statSync, writeFileSync, chmodSync, realpathSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { STYLES } from '../semantics/convert.js';
import { normalizeName } from '../model/names.js';
import { createLcpnServices, type LcpnServices } from '../semantics/module.js';
import { parsePieceText } from '../semantics/parse-text.js';
import type { Move, Style } from '../model/piece.js';
import { printPiece } from '../model/print.js';
import { nameStandardParts, standardTable } from '../notation/standard-names.js';
import { escapeLines, escapeText } from './escape.js';
import { readStandardInput } from './files.js';
import type { CliOptions } from './main.js';
import { declaredOf } from './board-choice.js';
import { exportAs, exportPieces, fromNotation, notationTitle, type InputNotation } from './notation-input.js';
import { piecesOf } from './pieces.js';
import { plural } from './words.js';
import { CliError, diagnosticsOf, displayName, formatDiagnostic, loadWorkspace, reportProblems, STDIN } from './workspace.js';

const NOTATIONS = ['betza', 'parlett', 'path'] as const;
const TARGETS = [...STYLES, ...NOTATIONS] as const;
type Target = typeof TARGETS[number];
type Notation = InputNotation;

function isNotation(target: string): target is Notation {
    return (NOTATIONS as readonly string[]).includes(target);
}

export async function runConvert(args: string[], options: CliOptions): Promise<number> {
    const to = options.to;
    if (to === undefined) throw new CliError(`convert: say which notation to convert to with --to ${TARGETS.join('|')}`);
    if (!(TARGETS as readonly string[]).includes(to)) throw new CliError(`convert: --to must be one of ${TARGETS.join(', ')}, not '${escapeText(to)}'`);
    if (options.from !== undefined) return convertNotation(args, options.from, to as Target, options);
    if (options.name !== undefined) throw new CliError('convert: --name names the piece of a Betza, Parlett or path string (--from); pieces in files keep their names');
    return convertFiles(args, to as Target, options);
}

/** `--from betza|parlett|path TEXT`: one piece, to an LCPN style or to another notation. */
async function convertNotation(args: string[], from: string, to: Target, options: CliOptions): Promise<number> {
    if ((STYLES as readonly string[]).includes(from)) throw new CliError(`convert: --from is for Betza, Parlett or path text; a file's LCPN style is read from the file itself (lcpn convert FILE --to ${to})`);
    if (!isNotation(from)) throw new CliError(`convert: --from must be betza, parlett or path, not '${escapeText(from)}'`);
    if (args.length !== 1) throw new CliError(`convert: --from ${from} takes the notation text as its one argument (or - to read it from standard input), e.g. lcpn convert --from betza "fmWfcF" --to lisp`);
    if (options.out !== undefined || options.write) throw new CliError('convert: --out and --write are for files; a notation string is converted to standard output');
    const text = args[0] === STDIN ? await notationFromStdin() : args[0];
    const { move } = fromNotation(from, text);
    if (isNotation(to)) {
        const piece = { name: options.name ?? 'piece', key: normalizeName(options.name ?? 'piece'), properties: [], body: move, style: 'lisp' as Style };
        const { text: out, lost } = exportAs(to, piece, () => undefined);
        for (const item of lost) process.stderr.write(`lcpn: warning: ${to === 'path' ? 'a path' : notationTitle(to)} cannot say: ${escapeText(item)}\n`);
        process.stdout.write(escapeText(out) + '\n');
        return 0;
    }
    process.stdout.write(escapeText(importedPiece(createLcpnServices().Lcpn, move, to, options.name)) + '\n');
    return 0;
}

/**
 * The definition of an imported movement in `style`: its standard parts named after the
 * prelude's pieces, the piece named by `--name`, else after the standard piece it equals, else `piece`.
 */
export function importedPiece(services: LcpnServices, move: Move, style: Style, name?: string): string {
    const named = nameStandardParts(move, standardTable(services.lcpn.PieceModels.preludePieces()));
    const pieceName = name ?? named.standardName ?? 'piece';
    const text = printPiece({ name: pieceName, key: normalizeName(pieceName), properties: [], body: named.move, style }, style);
    // The name is the user's: it must read back as that one definition.
    const back = parsePieceText(services.parser.LangiumParser, text);
    if (name !== undefined && (back.pieces.length !== 1 || back.pieces[0].key !== normalizeName(name) || back.problems.some((p) => p.severity === 'error'))) {
        const why = back.problems.find((p) => p.severity === 'error')?.message;
        throw new CliError(`convert: --name '${escapeText(name)}' is not a piece name LCPN can read back${why ? ` (${escapeText(why)})` : ''}; use letters and '-' (no digits, no spaces)`);
    }
    return text;
}

async function notationFromStdin(): Promise<string> {
    const input = await readStandardInput();
    if ('problem' in input) throw new CliError(`<stdin>: ${input.problem.message}`);
    return input.text.replace(/\r?\n$/, '');
}

/** Files or directories to another style (or to Betza/Parlett lines). */
async function convertFiles(args: string[], to: Target, options: CliOptions): Promise<number> {
    if (args.length === 0) throw new CliError('convert: name a FILE or directory (or - for standard input), or give --from betza|parlett|path "TEXT"');
    if (options.out !== undefined && options.write) throw new CliError('convert: give either --out DIR or --write, not both');
    const notation = isNotation(to);
    if (notation && (options.out !== undefined || options.write)) throw new CliError(`convert: --to ${to} prints "name: notation" lines to standard output; --out and --write are for LCPN files`);
    const toFiles = options.out !== undefined || options.write === true;
    if (toFiles && args.includes(STDIN)) throw new CliError('convert: standard input is converted to standard output; --out and --write are for files');
    const several = args.length > 1 || args.some(isDirectory);
    if (!notation && several && !toFiles) {
        throw new CliError('convert: several files are converted into files: give --out DIR (written there, in the same layout) or --write (each converted in place)');
    }

    const workspace = await loadWorkspace(args);
    reportProblems(workspace);
    const { services, documents } = workspace;
    let errors = 0;
    let leftAsWritten = 0;
    const stdout: string[] = [];
    for (const document of documents) {
        const diagnostics = diagnosticsOf(document, 1);
        errors += diagnostics.length;
        for (const error of diagnostics) process.stderr.write(formatDiagnostic(document, error) + '\n');
        if (notation) {
            // A definition with an error has no meaning to export (the same rule as conversion to a style, convert-check.ts).
            const models = services.lcpn.PieceModels;
            const lowered = models.definitions(document);
            const withErrors = services.lcpn.Conversion.errors.all(document);
            const broken = new Set([...withErrors.keys()].map((node) => lowered.get(node)?.piece));
            const inOrder = [...withErrors].sort(([a], [b]) => (a.$cstNode?.offset ?? 0) - (b.$cstNode?.offset ?? 0));
            for (const [node, reason] of inOrder) {
                const what = node.name ? `'${escapeText(node.name)}'` : 'a definition without a name';
                const line = (node.$cstNode?.range.start.line ?? 0) + 1;
                process.stderr.write(`lcpn: ${escapeText(displayName(document))}:${line}: ${what} was left out: ${escapeText(reason)}\n`);
            }
            // Boards, zones, conditions and functions are not pieces: what they mean shows in the pieces' `lost:` lists.
            const pieces = piecesOf(services, document).filter((p) => !broken.has(p.piece) && !p.piece.declaration);
            if (documents.length > 1) stdout.push(`== ${displayName(document)}`);
            const board = declaredOf(services, document)?.declaration;
            const text = exportPieces(to as Notation, pieces.map((p) => p.piece), pieces[0]?.resolve ?? (() => undefined), board ? { board } : {});
            // One line per piece: a loop, since a spread of 100,000 lines overflows the call stack.
            for (const line of escapeLines(text.split('\n').slice(0, -1))) stdout.push(line);
            continue;
        }
        const { edits, leftAsWritten: left } = services.lcpn.Conversion.convertDocument(document, to as Style);
        leftAsWritten += left.length;
        for (const { name, range, reason } of left) {
            const what = name ? `'${escapeText(name)}'` : 'a definition without a name';
            process.stderr.write(`lcpn: ${escapeText(displayName(document))}:${range.start.line + 1}: ${what} was left as written: ${escapeText(reason)}\n`);
        }
        const converted = TextDocument.applyEdits(document.textDocument, edits);
        if (!toFiles) {
            // Redirected, the converted file byte for byte (it is data); on a terminal, its control characters are shown.
            process.stdout.write(process.stdout.isTTY ? converted.split('\n').map((l) => escapeText(l, { tabs: true })).join('\n') : converted);
            continue;
        }
        const source = document.uri.fsPath;
        const target = options.write ? realpathSync(source) : outputPath(source, args, options.out!);
        if (!options.write && sameFile(target, source)) {
            throw new CliError(`convert: --out would overwrite ${escapeText(displayName(document))}; use --write to convert files in place`);
        }
        if (options.write && converted === document.textDocument.getText()) continue;
        writeWhole(target, converted, source);
    }
    if (notation) process.stdout.write(stdout.join('\n') + (stdout.length ? '\n' : ''));
    if (toFiles) {
        process.stderr.write(`${plural(documents.length, 'file')} converted to ${to}${options.out !== undefined ? ` in ${escapeText(options.out)}` : ' in place'}`
            + `${leftAsWritten ? `; ${plural(leftAsWritten, 'definition')} with errors left as written` : ''}\n`);
    } else if (leftAsWritten > 1) {
        process.stderr.write(`lcpn: ${plural(leftAsWritten, 'definition')} with errors left as written\n`);
    }
    return workspace.problems.length > 0 ? 2 : errors > 0 ? 1 : 0;
}

/** Where `--out DIR` puts a file: its path below the named directory it was found in (or its own name) under DIR. */
function outputPath(source: string, args: string[], out: string): string {
    for (const arg of args) {
        if (!isDirectory(arg)) continue;
        const base = resolve(arg);
        if (source.startsWith(base + sep)) return join(resolve(out), relative(base, source));
    }
    return join(resolve(out), source.slice(dirname(source).length + 1));
}

/** Writes a temporary file beside the target and renames it over the target, keeping the source's permissions. */
function writeWhole(target: string, text: string, source: string): void {
    const temporary = `${target}.lcpn-convert-${process.pid}.tmp`;
    try {
        mkdirSync(dirname(target), { recursive: true });
        writeFileSync(temporary, text);
        chmodSync(temporary, statSync(source).mode & 0o7777);
        renameSync(temporary, target);
    } catch (error) {
        rmSync(temporary, { force: true });
        throw new CliError(`convert: cannot write ${escapeText(target)}: ${escapeText((error as Error).message)}`);
    }
}

function isDirectory(path: string): boolean {
    try {
        return path !== STDIN && statSync(path).isDirectory();
    } catch {
        return false;
    }
}

function sameFile(a: string, b: string): boolean {
    try {
        return realpathSync(a) === realpathSync(b);
    } catch {
        return false;
    }
}
