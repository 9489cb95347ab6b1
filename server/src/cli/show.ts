/**
 * `lcpn show`: each piece's definition (in the style it was written in), properties and
 * movement diagrams, as text on standard output (the default), or with `--format svg|png|html
 * --out DIR` as files (show-files.ts); each file on its declared board (diagram-context.ts).
 * With `--position`, the pieces of a position (show-position.ts, position-files.ts).
 */
import type { LangiumDocument } from 'langium';
import { renderTextDiagram } from '../diagram/text.js';
import { caveats, propertyLines } from '../views/piece-summary.js';
import type { CliOptions } from './main.js';
import { contentsWords, filePieces } from './file-pieces.js';
import { declaredNotes, declaredOf } from './board-choice.js';
import { fitRules } from '../views/board-rules.js';
import { declarationLines } from './declaration-lines.js';
import { diagramContext, SHOW_BOARD, type DiagramContext } from './diagram-context.js';
import { parseBoard, parseSide } from './setup-options.js';
import { escapeLines, escapeText } from './escape.js';
import { definitionLines, shownDiagrams } from './piece-view.js';
import { writeShowFiles, type FileFormat } from './show-files.js';
import { writePositionFiles } from './position-files.js';
import { fenPosition } from './file-game.js';
import { looksLikeFen, piecesOf, positionGame } from './game-position.js';
import { positionDiagrams, positionLines, readPosition } from './show-position.js';
import { plural } from './words.js';
import { CliError, diagnosticsOf, displayName, formatDiagnostic, loadWorkspace, reportProblems } from './workspace.js';

const FORMATS = ['text', 'svg', 'png', 'html'] as const;

export async function runShow(args: string[], options: CliOptions): Promise<number> {
    if (args.length === 0) throw new CliError('show: name a file or directory (and optionally pieces in it)');
    const [path, ...names] = args;
    const format = options.format ?? 'text';
    if (!(FORMATS as readonly string[]).includes(format)) throw new CliError(`show: --format must be one of ${FORMATS.join(', ')}, not '${escapeText(format)}'`);
    if (format === 'text' && options.out !== undefined) throw new CliError('show: --out DIR is for --format svg, png or html; text diagrams go to standard output');
    if (format !== 'text' && options.out === undefined) throw new CliError(`show: --format ${format} writes files: say where with --out DIR`);
    if (options.position !== undefined) return showPosition(path, names, options);
    if (options.game !== undefined) throw new CliError('show: --game goes with --position (the game whose position it is)');
    // A malformed --board or --side is a usage error before any file is read.
    parseBoard(options.board, SHOW_BOARD);
    parseSide(options.side);
    const workspace = await loadWorkspace([path]);
    const { services, documents } = workspace;
    if (names.length > 0 && documents.length !== 1) throw new CliError('show: piece names can only follow a single file');
    reportProblems(workspace);
    // Each file's board (declared, or --board), set-up and notes, before anything is printed or written.
    const contexts = new Map<LangiumDocument, DiagramContext>();
    for (const document of documents) {
        const note = (text: string) => process.stderr.write(`lcpn: note: ${escapeText(displayName(document))}: ${escapeText(text)}\n`);
        contexts.set(document, inFile(document, documents.length > 1, () => diagramContext(services, document, options, note)));
    }
    // Found before anything is printed or written: a bad piece name writes nothing.
    const files = documents.map((document) => filePieces(services, document, names));
    if (format !== 'text') return writeShowFiles({ workspace, paths: [path], files, format: format as FileFormat, out: options.out!, contexts });
    const out: string[] = [];
    for (const { document, shown, errors } of files) {
        for (const problem of errors) process.stderr.write(formatDiagnostic(document, problem) + '\n');
        if (documents.length > 1) out.push(`== ${displayName(document)}`, '');
        if (shown.length === 0) out.push(`${displayName(document)} defines no pieces${document.textDocument.getText().trim() === '' ? ' (the file is empty)' : ''}`, '');
        const context = contexts.get(document)!;
        for (const named of shown) {
            const { piece } = named;
            out.push(...definitionLines(named.written, services.lcpn.Conversion));
            if (piece.declaration) {
                out.push(...declarationLines(piece.declaration, named.resolve, context.board).map((l) => `  ${l}`), '');
                continue;
            }
            out.push(...propertyLines(piece).map((l) => `  ${l}`));
            out.push(...named.notes.map((n) => `  note: ${n}`));
            for (const diagram of shownDiagrams(named, context)) {
                out.push(`  ${diagram.title}:`);
                out.push(...renderTextDiagram(diagram.setup, diagram.result.destinations, { window: diagram.window, labels: !!context.custom, zones: diagram.zones }).split('\n').map((l) => `    ${l}`));
                out.push(...caveats(diagram.result.problems).map((c) => `  note: ${c}`));
                out.push(...(diagram.outside ?? []).map((c) => `  note: ${c}`));
            }
            out.push('');
        }
    }
    const unread = workspace.problems.length;
    const errors = files.reduce((n, f) => n + f.errors.length, 0);
    if (names.length === 0) {
        out.push(`${contentsWords(files)} in ${plural(documents.length, 'file')}, ${plural(errors, 'error')}`
            + `${unread ? `, ${plural(unread, 'path')} not read` : ''}`, '');
    }
    // Output ends with one line break, so that what stderr prints next starts on a line of its own.
    const text = escapeLines(out).join('\n');
    process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
    return unread > 0 ? 2 : errors > 0 ? 1 : 0;
}

/** Runs `work`; with several files, a usage error names the file it is about (its board may differ from the others'). */
function inFile<T>(document: LangiumDocument, several: boolean, work: () => T): T {
    try {
        return work();
    } catch (error) {
        if (several && error instanceof CliError) throw new CliError(`${escapeText(displayName(document))}: ${error.message}`, error.exitCode);
        throw error;
    }
}

/** `--position`: the position's pieces, each with its moves there (show-position.ts), as text or as files (position-files.ts). */
async function showPosition(path: string, names: string[], options: CliOptions): Promise<number> {
    for (const option of ['at', 'friend', 'enemy', 'board', 'side'] as const) {
        if (options[option] !== undefined) throw new CliError(`show: --${option} does not go with --position, which gives the board, every piece and its side`);
    }
    if (names.length > 0) throw new CliError('show: with --position, the pieces shown are those of the position; name no piece after the file');
    const workspace = await loadWorkspace([path]);
    if (workspace.documents.length !== 1) throw new CliError('show: --position names pieces as one file sees them: name one file, not a directory');
    reportProblems(workspace);
    const [document] = workspace.documents;
    // A position that gives no size is on the board the file declares; its rules apply where they fit.
    const declared = declaredOf(workspace.services, document);
    const note = (text: string) => process.stderr.write(`lcpn: note: ${escapeText(displayName(document))}: ${escapeText(text)}\n`);
    // The declaration's own notes first: a mistake in the string may come from an error in it.
    for (const text of declaredNotes(declared)) note(text);
    // A file with a game: a FEN is read in its notation, and only legal moves are shown (as `lcpn moves --position`).
    const game = positionGame('show', workspace.services, document, options.game, options.position!);
    const fromFen = game && looksLikeFen(options.position!) ? fenPosition('show', game, options.position!) : undefined;
    const position = fromFen ? piecesOf(fromFen) : readPosition(options.position!, declared?.rules.board);
    const fitted = declared ? fitRules(declared.rules, position.board, declared.key, 'of the position') : undefined;
    for (const text of fitted?.notes ?? []) note(text);
    const diagrams = positionDiagrams(workspace.services, document, position, fitted?.rules, options['first-move'] === true, game && { game, ...(fromFen ? { fromFen } : {}) });
    const problems = diagnosticsOf(document, 1);
    for (const problem of problems) process.stderr.write(formatDiagnostic(document, problem) + '\n');
    const format = options.format ?? 'text';
    if (format === 'text') process.stdout.write(escapeLines(positionLines(position, diagrams)).join('\n'));
    else writePositionFiles({ document, path, position, diagrams, format: format as FileFormat, out: options.out!, conversion: workspace.services.lcpn.Conversion });
    return workspace.problems.length > 0 ? 2 : problems.length > 0 ? 1 : 0;
}
