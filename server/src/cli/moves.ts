/** `lcpn moves`: one JSON object with a piece's destinations in one set-up. */
import { squareName } from '../engine/board.js';
import { movesReport, type Resolver } from '../engine/report.js';
import type { Move, PieceDef } from '../model/piece.js';
import type { CliOptions } from './main.js';
import { notationInput } from './notation-input.js';
import { findPiece } from './pieces.js';
import { parseSetUp } from './setup-options.js';
import { CliError, loadWorkspace } from './workspace.js';

export async function runMoves(args: string[], options: CliOptions): Promise<number> {
    if (!options.json) throw new CliError('moves: only --json output is supported; add --json');
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
    for (const problem of report.problems) process.stderr.write(`lcpn: ${name}: ${problem.message}\n`);
    const output = {
        piece: name,
        board: { files: setup.board.files, ranks: setup.board.ranks },
        at: squareName(setup.at),
        moves: report.moves,
        captures: report.captures
    };
    process.stdout.write(JSON.stringify(output) + '\n');
    return 0;
}
