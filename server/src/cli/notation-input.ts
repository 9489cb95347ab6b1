/** Pieces given on the command line in Betza or Parlett notation (`--betza`, `--parlett`, `--from`). */
import type { Resolver } from '../engine/report.js';
import type { Move, PieceDef } from '../model/piece.js';
import type { CliOptions } from './main.js';
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

export function fromNotation(notation: 'betza' | 'parlett', text: string): NotationPiece {
    void notation;
    void text;
    throw new CliError(`--${notation} is not available in this build`);
}

/** `name: notation` lines for each piece, with what the notation cannot say. */
export function exportPieces(notation: 'betza' | 'parlett', pieces: PieceDef[], resolve: Resolver): string {
    void pieces;
    void resolve;
    throw new CliError(`--to ${notation} is not available in this build`);
}
