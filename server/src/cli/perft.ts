/**
 * `lcpn perft FILE [--game NAME] [--position FEN] --depth N [--divide] [--json]` (issue 23's
 * contract): the number of leaf positions of legal play N plies deep from the game's start
 * position or from FEN (Fairy-Stockfish's notation for the game), counted by the game layer
 * (game/perft.ts). `--divide` gives the count after each legal first move, by its UCI text.
 * `ms` is the time spent counting only (loading and compiling excluded).
 */
import { divide, perft } from '../game/index.js';
import type { CliOptions } from './main.js';
import { fenPosition, loadFileGame } from './file-game.js';
import { CliError } from './workspace.js';

/** Deeper counts take hours on any real game: refused rather than left to run. */
const MAX_DEPTH = 12;

export async function runPerft(args: string[], options: CliOptions): Promise<number> {
    if (args.length !== 1) throw new CliError('perft: expected one FILE (lcpn perft FILE --depth N)');
    const depth = perftDepth(options.depth);
    const { game } = await loadFileGame('perft', args[0], options.game);
    const position = fenPosition('perft', game, options.position);
    const started = performance.now();
    const moves = options.divide ? divide(position, depth) : undefined;
    const nodes = moves ? [...moves.values()].reduce((a, b) => a + b, 0) : perft(position, depth);
    const ms = Math.round((performance.now() - started) * 1000) / 1000;
    if (options.json) {
        process.stdout.write(JSON.stringify({ nodes, depth, ms, ...(moves ? { moves: Object.fromEntries(moves) } : {}) }) + '\n');
    } else {
        const lines = moves ? [...moves].map(([move, count]) => `${move}: ${count}`) : [];
        if (moves) lines.push('');
        lines.push(`nodes: ${nodes} (depth ${depth}, ${ms} ms)`);
        process.stdout.write(lines.join('\n') + '\n');
    }
    return 0;
}

function perftDepth(text: string | undefined): number {
    if (text === undefined) throw new CliError('perft: --depth N is required (the number of plies to count, as in --depth 3)');
    if (!/^[0-9]+$/.test(text.trim()) || Number(text) < 1 || Number(text) > MAX_DEPTH) {
        throw new CliError(`perft: --depth is a whole number of plies from 1 to ${MAX_DEPTH}, not '${text}'`);
    }
    return Number(text);
}
