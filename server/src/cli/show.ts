/** `lcpn show`: each piece's definition (in the style it was written in), properties and movement diagrams as text. */
import { renderTextDiagram } from '../diagram/text.js';
import { scenarios } from '../views/scenarios.js';
import { caveats, propertyLines } from '../views/piece-summary.js';
import { printPiece } from '../model/print.js';
import { layOutDefinition } from '../language/lsp/lcpn-formatter.js';
import type { PieceDef } from '../model/piece.js';
import type { CliOptions } from './main.js';
import { piecesOf } from './pieces.js';
import { parseBoard, parseSetUp } from './setup-options.js';
import { squareName, type SetUp } from '../engine/board.js';
import { destinations } from '../engine/report.js';
import { escapeLines } from './escape.js';
import { plural } from './words.js';
import { CliError, diagnosticsOf, displayName, formatDiagnostic, loadWorkspace, reportProblems } from './workspace.js';

export async function runShow(args: string[], options: CliOptions): Promise<number> {
    if (args.length === 0) throw new CliError('show: name a file or directory (and optionally pieces in it)');
    const [path, ...names] = args;
    const board = parseBoard(options.board, { files: 9, ranks: 9 });
    // With a set-up of your own (--at, --friend, --enemy), one diagram in it; otherwise the scenarios that explain the piece.
    const custom = options.at !== undefined || options.friend !== undefined || options.enemy !== undefined
        ? parseSetUp({ ...options, board: `${board.files}x${board.ranks}` }) : undefined;
    const workspace = await loadWorkspace([path]);
    const { services, documents } = workspace;
    if (names.length > 0 && documents.length !== 1) throw new CliError('show: piece names can only follow a single file');
    reportProblems(workspace);
    const out: string[] = [];
    let errors = 0;
    let pieces = 0;
    for (const document of documents) {
        const problems = diagnosticsOf(document, 1);
        errors += problems.length;
        for (const problem of problems) process.stderr.write(formatDiagnostic(document, problem) + '\n');
        if (documents.length > 1) out.push(`== ${displayName(document)}`, '');
        const shownPieces = piecesOf(services, document, names);
        if (shownPieces.length === 0) out.push(`${displayName(document)} defines no pieces${document.textDocument.getText().trim() === '' ? ' (the file is empty)' : ''}`, '');
        for (const { piece, resolve } of shownPieces) {
            pieces++;
            out.push(...header(piece));
            out.push(...propertyLines(piece).map((l) => `  ${l}`));
            const shown = custom ? [{ title: `on ${squareName(custom.at)}${blockerText(custom)}`, setup: custom, result: destinations(piece, custom, resolve) }] : scenarios(piece, resolve, board);
            for (const scenario of shown) {
                out.push(`  ${scenario.title}:`);
                const window = custom ? { files: [0, board.files - 1] as [number, number], ranks: [0, board.ranks - 1] as [number, number] } : undefined;
                out.push(...renderTextDiagram(scenario.setup, scenario.result.destinations, { window, labels: !!custom }).split('\n').map((l) => `    ${l}`));
                out.push(...caveats(scenario.result.problems).map((c) => `  note: ${c}`));
            }
            out.push('');
        }
    }
    const unread = workspace.problems.length;
    if (names.length === 0) {
        out.push(`${plural(pieces, 'piece')} in ${plural(documents.length, 'file')}, ${plural(errors, 'error')}`
            + `${unread ? `, ${plural(unread, 'path')} not read` : ''}`, '');
    }
    process.stdout.write(escapeLines(out).join('\n'));
    return unread > 0 ? 2 : errors > 0 ? 1 : 0;
}

/**
 * The definition as its author wrote it, in its own style (normalized spelling), under the
 * piece's name as written: `sergeant IS capturing ferz OR moving wazir`; a long conditional
 * over several lines, as the formatter lays it out.
 */
function header(piece: PieceDef): string[] {
    if (!piece.body && piece.properties.length === 0) return [`${piece.name}: (no movement given)`];
    return layOutDefinition(printPiece(piece, piece.style)).split(/\r?\n/);
}

function blockerText(setup: SetUp): string {
    const list = (squares: SetUp['friends']) => squares.map(squareName).join(', ');
    const parts = [setup.friends.length ? `friends on ${list(setup.friends)}` : '', setup.enemies.length ? `enemies on ${list(setup.enemies)}` : ''].filter(Boolean);
    return parts.length ? ` with ${parts.join(' and ')}` : '';
}
