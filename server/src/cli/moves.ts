/**
 * `lcpn moves`: a piece's destinations in one set-up. With `--json`, one JSON object whose
 * `moves` and `captures` (offsets) are kept exactly as scripts know them, plus square names,
 * the enemies it can take, igui targets and promotions as fields of their own; without it, the
 * same facts as a readable list.
 */
import { squareName, type SetUp } from '../engine/board.js';
import { movesReport, type MovesReport, type Resolver } from '../engine/report.js';
import type { Move, PieceDef } from '../model/piece.js';
import type { CliOptions } from './main.js';
import { notationInput } from './notation-input.js';
import { findPiece } from './pieces.js';
import { parseSetUp } from './setup-options.js';
import { escapeLines, escapeText } from './escape.js';
import { CliError, loadWorkspace } from './workspace.js';

export async function runMoves(args: string[], options: CliOptions): Promise<number> {
    const setup = parseSetUp(options);
    let name: string;
    let target: PieceDef | Move;
    let resolve: Resolver;
    const notation = notationInput(options);
    if (notation) {
        if (args.length > 0) throw new CliError('moves: give either FILE PIECE or --betza/--parlett, not both');
        ({ name, move: target, resolve } = notation);
    } else {
        if (args.length !== 2) throw new CliError('moves: expected FILE PIECE (or --betza "..." / --parlett "...")');
        const { services, documents } = await loadWorkspace([args[0]]);
        const found = findPiece(services, documents[0], args[1]);
        name = found.piece.name;
        target = found.piece;
        resolve = found.resolve;
    }
    const report = movesReport(target, setup, resolve);
    // Names and messages carry user text (informal strings): never let it drive the terminal.
    for (const problem of report.problems) process.stderr.write(`lcpn: ${escapeText(name)}: ${escapeText(problem.message)}\n`);
    process.stdout.write(options.json ? JSON.stringify(movesJson(name, setup, report)) + '\n' : movesText(name, setup, report));
    return 0;
}

/** The `--json` object: today's fields first, unchanged, then the added ones. */
export function movesJson(name: string, setup: SetUp, report: MovesReport): Record<string, unknown> {
    return {
        piece: name,
        board: { files: setup.board.files, ranks: setup.board.ranks },
        at: squareName(setup.at),
        moves: report.moves,
        captures: report.captures,
        moveSquares: report.moveSquares,
        captureSquares: report.captureSquares,
        takeSquares: report.takeSquares,
        iguiSquares: report.iguiSquares,
        iguiFrom: report.iguiFrom,
        promotions: report.promotions,
        locustSquares: report.locustSquares
    };
}

/** One line per kind of destination, squares by name; kinds with no square are left out. */
export function movesText(name: string, setup: SetUp, report: MovesReport): string {
    const list = (squares: readonly string[]) => squares.join(' ');
    const lines = [`${name} on ${squareName(setup.at)}, ${setup.board.files}x${setup.board.ranks} board`];
    const line = (label: string, squares: readonly string[]) => { if (squares.length > 0) lines.push(`  ${label}: ${list(squares)}`); };
    line('moves to', report.moveSquares);
    line('captures on (if an enemy stood there)', report.captureSquares);
    line('takes the enemy on', report.takeSquares);
    line('captures without moving on', report.iguiSquares);
    const after = Object.entries(report.iguiFrom).map(([target, from]) => `${target} from ${from.join(' or ')}`);
    if (after.length > 0) lines.push(`  of these, after moving first: ${after.join('; ')}`);
    for (const [square, choices] of Object.entries(report.promotions)) lines.push(`  promotes on ${square} to ${choices.join(', ')}`);
    for (const { capture, to } of report.locustSquares) lines.push(`  captures on the way ${capture.join(' and ')}, lands on ${to}`);
    if (lines.length === 1) lines.push('  no moves in this set-up');
    return escapeLines(lines).join('\n') + '\n';
}
