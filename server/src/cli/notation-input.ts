/**
 * Pieces given on the command line in Betza or Parlett notation (`--betza`, `--parlett`,
 * `convert --from`), and pieces written out in those notations (`convert --to`). Problems are
 * printed with a caret under the offending character; errors that leave nothing to convert
 * stop the command.
 */
import type { Resolver } from '../engine/report.js';
import type { Move, PieceDef } from '../model/piece.js';
import { parseBetza, parseParlett, toBetza, toParlett, type NotationProblem } from '../notation/index.js';
import type { ExportContext } from '../notation/flatten.js';
import type { CliOptions } from './main.js';
import { escapeText } from './escape.js';
import { CliError } from './workspace.js';

export interface NotationPiece {
    name: string;
    move: Move;
    resolve: Resolver;
}

/** The piece given by --betza or --parlett, or undefined when neither is given. */
export function notationInput(options: CliOptions): NotationPiece | undefined {
    if (options.betza !== undefined && options.parlett !== undefined) throw new CliError('give either --betza or --parlett, not both');
    if (options.betza !== undefined) return fromNotation('betza', options.betza);
    if (options.parlett !== undefined) return fromNotation('parlett', options.parlett);
    return undefined;
}

/** Parses a Betza or (leniently) Parlett string; warnings go to stderr, errors without a result stop. */
export function fromNotation(notation: 'betza' | 'parlett', text: string): NotationPiece {
    const { move, problems } = notation === 'betza' ? parseBetza(text) : parseParlett(text, { lenient: true });
    for (const problem of problems) process.stderr.write(formatProblem(notation, text, problem));
    const errors = problems.filter((p) => p.severity === 'error');
    if (!move || errors.length > 0) {
        throw new CliError(`the ${notation === 'betza' ? 'Betza' : 'Parlett'} string "${escapeText(text)}" has ${errors.length || 'no'} error${errors.length === 1 ? '' : 's'}${errors.length ? ' (shown above)' : ' and no movement'}`);
    }
    return { name: text, move, resolve: () => undefined };
}

/** `lcpn: betza "fmWfcF" col 3: warning: ...` and the string with a caret under the offending part. */
export function formatProblem(notation: string, text: string, problem: NotationProblem): string {
    // The caret is placed under the escaped text, as printed.
    const before = escapeText(text.slice(0, problem.offset)).length;
    const width = escapeText(text.slice(problem.offset, problem.offset + Math.max(1, problem.length))).length;
    const caret = ' '.repeat(before) + '^'.repeat(Math.max(1, width));
    const shown = escapeText(text);
    return `lcpn: ${notation} "${shown}" col ${problem.offset + 1}: ${problem.severity}: ${escapeText(problem.message)}\n      ${shown}\n      ${caret}\n`;
}

/**
 * `name: notation` lines for each piece, each followed by what the notation cannot say (with
 * `context.board`, the file's board declaration, that includes its confinement and promotion zone).
 */
export function exportPieces(notation: 'betza' | 'parlett', pieces: PieceDef[], resolve: Resolver, context: ExportContext = {}): string {
    const lines: string[] = [];
    for (const piece of pieces) {
        const { text, lost } = notation === 'betza' ? toBetza(piece, resolve, context) : toParlett(piece, resolve, context);
        lines.push(`${piece.name}: ${text}`);
        for (const item of lost) lines.push(`  lost: ${item}`);
    }
    return lines.join('\n') + (lines.length ? '\n' : '');
}
