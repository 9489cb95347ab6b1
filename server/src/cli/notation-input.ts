/**
 * Pieces given on the command line in Betza or Parlett notation or as a path expression (seed
 * 002: `--betza`, `--parlett`, `--path`, `convert --from`), and pieces written out in those
 * notations (`convert --to`). Problems are printed with a caret under the offending character;
 * errors that leave nothing to convert stop the command.
 */
import type { Resolver } from '../engine/report.js';
import type { Move, PieceDef } from '../model/piece.js';
import { parseBetza, parseParlett, parsePath, toBetza, toParlett, toPath, turnProblems, TURN_RULES, type ConversionResult, type ExportResult, type NotationProblem } from '../notation/index.js';
import type { ExportContext } from '../notation/flatten.js';
import type { CliOptions } from './main.js';
import { escapeText } from './escape.js';
import { CliError } from './workspace.js';

export interface NotationPiece {
    name: string;
    move: Move;
    resolve: Resolver;
    /** Rules of the engine's problems already shown on the string (what its turns lose), not to be said again unlocated. */
    shown: ReadonlySet<string>;
}

/** A notation a piece can be read from on the command line. */
export type InputNotation = 'betza' | 'parlett' | 'path';
/** A notation pieces can be written out in (`convert --to`). */
export type OutputNotation = InputNotation;

const TITLE: Record<InputNotation, string> = { betza: 'Betza', parlett: 'Parlett', path: 'path' };

/** The piece given by --betza, --parlett or --path, or undefined when none is given. */
export function notationInput(options: CliOptions): NotationPiece | undefined {
    const given = (['betza', 'parlett', 'path'] as const).filter((n) => options[n] !== undefined);
    if (given.length > 1) throw new CliError(`give one of --betza, --parlett and --path, not ${given.map((n) => `--${n}`).join(' and ')}`);
    return given.length === 1 ? fromNotation(given[0], options[given[0]]!) : undefined;
}

/** Parses a Betza, (leniently) Parlett or path string; warnings go to stderr, errors without a result stop. */
export function fromNotation(notation: InputNotation, text: string): NotationPiece {
    const { move, problems: read, spans } = readNotation(notation, text);
    // What the engine finds lost to turns is shown on the string too, with the reading's own problems.
    const problems = move ? [...read, ...turnProblems(move, spans)].sort((a, b) => a.offset - b.offset) : read;
    for (const problem of problems) process.stderr.write(formatProblem(notation, text, problem));
    const errors = problems.filter((p) => p.severity === 'error');
    if (!move || errors.length > 0) {
        const what = notation === 'path' ? `path "${escapeText(text)}"` : `${TITLE[notation]} string "${escapeText(text)}"`;
        throw new CliError(`the ${what} has ${errors.length || 'no'} error${errors.length === 1 ? '' : 's'}${errors.length ? ' (shown above)' : ' and no movement'}`);
    }
    return { name: text, move, resolve: () => undefined, shown: TURN_RULES };
}

function readNotation(notation: InputNotation, text: string): ConversionResult {
    if (notation === 'betza') return parseBetza(text);
    if (notation === 'parlett') return parseParlett(text, { lenient: true });
    // A path is evaluated on the board's own rotation graph: the model keeps it as written (model/piece.ts PathMove).
    const { regex, text: normalized, problems } = parsePath(text);
    return { ...(regex ? { move: { kind: 'path' as const, text: normalized, regex } } : {}), problems };
}

/** `notation` of one piece or movement, with what it cannot say. */
export function exportAs(notation: OutputNotation, piece: PieceDef | Move, resolve: Resolver, context: ExportContext = {}): ExportResult {
    if (notation === 'betza') return toBetza(piece, resolve, context);
    if (notation === 'parlett') return toParlett(piece, resolve, context);
    return toPath(piece, resolve, context);
}

/** How a notation is named in messages: `Betza`, `Parlett`, `a path`. */
export function notationTitle(notation: InputNotation): string {
    return TITLE[notation];
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
export function exportPieces(notation: OutputNotation, pieces: PieceDef[], resolve: Resolver, context: ExportContext = {}): string {
    const lines: string[] = [];
    for (const piece of pieces) {
        const { text, lost } = exportAs(notation, piece, resolve, context);
        lines.push(`${piece.name}: ${text}`);
        for (const item of lost) lines.push(`  lost: ${item}`);
    }
    return lines.join('\n') + (lines.length ? '\n' : '');
}
