/**
 * `lcpn catalog PATH... --out page.html`: one self-contained HTML page of every piece of the
 * named files (piece-html.ts): name, definition in its own style, the diagrams `lcpn show`
 * draws with their captions, Betza, Parlett and a path with what each loses; grouped per file, with a
 * table of contents. A definition with an error is shown as written, marked, without diagrams
 * or notations (the rule `lcpn convert` follows: an error is never published as a meaning).
 * `--board`, `--side` and `--first-move` mean what they mean for `lcpn show` (diagram-context.ts).
 */
import { statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { escapeText } from './escape.js';
import { displayPath, LCPN_EXTENSION } from './files.js';
import type { CliOptions } from './main.js';
import { catalogPage, type HtmlFile } from './piece-html.js';
import { contentsWords, filePieces } from './file-pieces.js';
import { NameSet, publishedName, slug, writeWhole } from './publish-paths.js';
import { parseBoard, parseSide } from './setup-options.js';
import { htmlPiece } from './show-files.js';
import { cliVersion } from './version.js';
import { plural } from './words.js';
import { diagramContext, SHOW_BOARD } from './diagram-context.js';
import { CliError, displayName, formatDiagnostic, loadWorkspace, reportProblems } from './workspace.js';

export async function runCatalog(args: string[], options: CliOptions): Promise<number> {
    if (args.length === 0) throw new CliError('catalog: name the files or directories whose pieces go on the page');
    if (options.out === undefined) throw new CliError('catalog: say where to write the page with --out page.html');
    if (options.out.trim() === '' || options.out.endsWith('/')) throw new CliError(`catalog: --out names the page's file (such as pieces.html), not '${escapeText(options.out)}'`);
    const target = resolve(options.out);
    // Never over a source file, nor in place of a directory.
    if (target.toLowerCase().endsWith(LCPN_EXTENSION)) throw new CliError(`catalog: --out ${escapeText(options.out)} would replace an LCPN file; the page is HTML (such as pieces.html)`);
    if (statSync(target, { throwIfNoEntry: false })?.isDirectory()) throw new CliError(`catalog: --out ${escapeText(options.out)} is a directory; name the page's file (such as ${escapeText(join(options.out, 'pieces.html'))})`);
    // A malformed --board or --side is a usage error before any file is read.
    parseBoard(options.board, SHOW_BOARD);
    parseSide(options.side);
    const workspace = await loadWorkspace(args);
    const { services, documents } = workspace;
    reportProblems(workspace);
    const ids = new NameSet();
    const found = documents.map((document) => filePieces(services, document));
    const files: HtmlFile[] = [];
    for (const { document, shown, errors } of found) {
        for (const problem of errors) process.stderr.write(formatDiagnostic(document, problem) + '\n');
        const name = publishedName(document, args);
        const fileId = ids.take(`file-${slug(name, 'file')}`);
        // Each file on its own declared board (or --board), as --side and --first-move say (as `show` draws them); a declared rule that does not fit is a note.
        const context = diagramContext(services, document, { board: options.board, side: options.side, 'first-move': options['first-move'] },
            (text) => process.stderr.write(`lcpn: note: ${escapeText(displayName(document))}: ${escapeText(text)}\n`));
        files.push({ id: fileId, name, pieces: shown.map((named) => htmlPiece(named, context, ids.take(slug(named.piece.key, 'piece')), services.lcpn.Conversion)) });
    }
    const title = options.title ?? 'LCPN pieces';
    // The page and the summary count as `lcpn show` does (file-pieces.ts).
    const contents = contentsWords(found);
    writeWhole(target, catalogPage(title, files, cliVersion(), contents), 'catalog');
    const unread = workspace.problems.length;
    const errors = found.reduce((n, f) => n + f.errors.length, 0);
    process.stdout.write(escapeText(displayPath(target)) + '\n');
    process.stderr.write(`${contents} from ${plural(documents.length, 'file')} written to ${escapeText(displayPath(target))}, `
        + `${plural(errors, 'error')}${unread ? `, ${plural(unread, 'path')} not read` : ''}\n`);
    return unread > 0 ? 2 : errors > 0 ? 1 : 0;
}
