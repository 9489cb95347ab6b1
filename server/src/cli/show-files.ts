/**
 * `lcpn show --format svg|png|html --out DIR`: the diagrams `lcpn show` prints as text, written
 * as pictures (one file per diagram) or as pages (one per piece), at the stable names of
 * publish-paths.ts. The paths written are printed on standard output, one a line, so a script
 * can pick them up; the summary goes to standard error.
 */
import { join } from 'node:path';
import type { LangiumDocument } from 'langium';
import { declarationLines } from './declaration-lines.js';
import type { DiagramContext } from './diagram-context.js';
import type { PieceDef } from '../model/piece.js';
import { propertyLines } from '../views/piece-summary.js';
import { escapeText } from './escape.js';
import { displayPath } from './files.js';
import { piecePage, type HtmlPiece } from './piece-html.js';
import type { LcpnConversion } from '../semantics/convert.js';
import { definitionLines, diagramFacts, diagramNotes, diagramSvg, notationsOf, shownDiagrams } from './piece-view.js';
import { pieceCount, type FilePiece, type FilePieces } from './file-pieces.js';
import { resvg, svgToPng } from './png.js';
import { documentFolder, NameSet, prepareOutDir, publishedName, slug, writeWhole } from './publish-paths.js';
import { cliVersion } from './version.js';
import { plural } from './words.js';
import { displayName, formatDiagnostic, type LoadedWorkspace } from './workspace.js';

export type FileFormat = 'svg' | 'png' | 'html';

export interface ShowFilesRequest {
    workspace: LoadedWorkspace;
    /** The paths named on the command line (a document's folder is its path below a named directory). */
    paths: readonly string[];
    /** Each named file's pieces (file-pieces.ts), as `lcpn show` found them. */
    files: readonly FilePieces[];
    format: FileFormat;
    out: string;
    /** Each document's board, rules, side, first-move state and set-up (diagram-context.ts). */
    contexts: ReadonlyMap<LangiumDocument, DiagramContext>;
}

export function writeShowFiles(request: ShowFilesRequest): number {
    const { workspace, format, contexts, files } = request;
    // A PNG renderer that cannot be loaded is said before any directory or file is made.
    if (format === 'png') resvg();
    const outDir = prepareOutDir(request.out, 'show');
    const folders = new NameSet();
    let written = 0;
    for (const { document, shown, errors } of files) {
        for (const problem of errors) process.stderr.write(formatDiagnostic(document, problem) + '\n');
        if (shown.length === 0) {
            process.stderr.write(`lcpn: note: ${escapeText(displayName(document))} defines no pieces: nothing written for it\n`);
            continue;
        }
        // Slugs hold no '/', and a clash only adds a suffix to the last part.
        const folder = join(outDir, ...folders.take(documentFolder(document, request.paths).join('/')).split('/'));
        const names = new NameSet();
        const context = contexts.get(document)!;
        // `'rook' has an error, ...`, `'rook': it uses names ...`
        const note = (named: FilePiece, text: string) => process.stderr.write(`lcpn: note: ${escapeText(displayName(document))}: '${escapeText(named.piece.name)}'${escapeText(text)}\n`);
        for (const named of shown) {
            // Boards, zones, conditions and functions are not pieces: the pieces' pictures and pages show what they mean.
            if (named.piece.declaration) continue;
            const base = slug(named.piece.key, 'piece');
            if (format === 'html') {
                const name = names.take(base, '.html');
                const page = piecePage(htmlPiece(named, context, `piece-${base}`, workspace.services.lcpn.Conversion), publishedName(document, request.paths), cliVersion());
                written += emit(join(folder, name), page);
                continue;
            }
            if (named.error) {
                note(named, ` has an error, so no diagram of it was written (${named.error})`);
                continue;
            }
            if (!named.piece.body) {
                note(named, ' gives no movement, so it has no diagram');
                continue;
            }
            for (const text of named.notes) note(named, `: ${text}`);
            for (const diagram of shownDiagrams(named, context)) {
                const svg = diagramSvg(named.piece, diagram);
                const name = names.take(`${base}.${slug(diagram.title, 'diagram')}`, `.${format}`);
                written += emit(join(folder, name), format === 'svg' ? svg : svgToPng(svg));
            }
        }
    }
    const unread = workspace.problems.length;
    const errors = files.reduce((n, f) => n + f.errors.length, 0);
    process.stderr.write(`${plural(written, 'file')} written to ${escapeText(displayPath(outDir))} for ${plural(pieceCount(files), 'piece')} in ${plural(files.length, 'file')}, `
        + `${plural(errors, 'error')}${unread ? `, ${plural(unread, 'path')} not read` : ''}\n`);
    return unread > 0 ? 2 : errors > 0 ? 1 : 0;
}

function emit(path: string, data: string | Uint8Array): number {
    writeWhole(path, data, 'show');
    process.stdout.write(escapeText(displayPath(path)) + '\n');
    return 1;
}

/**
 * A piece as the HTML pages show it: the same definition, diagrams and captions as `lcpn show`,
 * Betza, Parlett and a path with what they lose; a definition with an error only as written.
 */
export function htmlPiece(named: FilePiece, context: DiagramContext, id: string, conversion: LcpnConversion): HtmlPiece {
    const piece: PieceDef = named.piece;
    const base = { id, name: piece.name, definition: definitionLines(named.written, conversion), properties: propertyLines(piece) };
    if (named.error) return { ...base, diagrams: [], notes: [], error: named.error };
    // A board, zone, condition or function: what it declares, in words; no diagram or notation of its own.
    if (piece.declaration) return { ...base, properties: declarationLines(piece.declaration, named.resolve, context.board), diagrams: [], notes: [] };
    const shown = piece.body ? shownDiagrams(named, context) : [];
    const { betza, parlett, path } = notationsOf(named, context);
    return {
        ...base,
        diagrams: shown.map((d) => ({ caption: d.title, svg: diagramSvg(piece, d), facts: diagramFacts(d) })),
        // What broken definitions behind it change first: the diagrams assume it.
        notes: [...named.notes, ...diagramNotes(shown.flatMap((d) => d.result.problems))],
        notations: [{ label: 'Betza', ...betza }, { label: 'Parlett', ...parlett }, { label: 'Path', ...path }]
    };
}
