/**
 * `lcpn bestmove FILE [--game NAME] [--position FEN] [--movetime MS] [--depth N] [--json]`: the
 * computer opponent's move (play/opponent.ts) in the game's start position or in FEN. With
 * `--json`, one object: `move` (Fairy-Stockfish's UCI), `score` (hundredths of the game's
 * cheapest piece, from the side to move's view), `depth`, `nodes`, then `mate` (moves to a won,
 * or negative: lost, game end) when the score is one, `time` (ms), `pv` (UCI) and `result` when
 * the game has ended here. Without it, the same in words with the moves in SAN.
 *
 * The CLI is a process of its own, so the search runs on its main thread (the language server
 * and the pages use the worker, play/worker-*.ts). A position where the side to move has no legal
 * move is answered with the result (exit 1): there is no move to give.
 */
import type { Game, Position } from '../game/index.js';
import { Opponent, type BestMove } from '../play/opponent.js';
import { sanLine } from '../play/san.js';
import { MAX_PLY } from '../play/search.js';
import { escapeLines, escapeText } from './escape.js';
import { fenPosition, loadFileGame } from './file-game.js';
import type { CliOptions } from './main.js';
import { CliError } from './workspace.js';

export async function runBestmove(args: string[], options: CliOptions): Promise<number> {
    if (args.length !== 1) throw new CliError('bestmove: expected one FILE (lcpn bestmove FILE [--position FEN] [--movetime MS] [--depth N] [--json])');
    const settings = bestmoveSettings(options);
    const { game } = await loadFileGame('bestmove', args[0], options.game);
    const position = fenPosition('bestmove', game, options.position);
    const answer = searchBestMove(game, position, settings);
    if (options.json) process.stdout.write(JSON.stringify(bestmoveJson(answer)) + '\n');
    else if (answer.move !== null) process.stdout.write(escapeLines(bestmoveText(position, answer).split('\n')).join('\n'));
    else throw new CliError(`bestmove: ${escapeText(bestmoveText(position, answer).trimEnd())}`, 1);
    return answer.move === null ? 1 : 0;
}

export interface BestmoveSettings {
    movetime?: number;
    depth?: number;
}

/** The longest think allowed: a day. */
const MAX_MOVETIME = 86_400_000;

/** --movetime and --depth read and checked (positive whole numbers); neither: the opponent's default time. */
export function bestmoveSettings(options: { movetime?: string | undefined; depth?: string | undefined }): BestmoveSettings {
    const settings: BestmoveSettings = {};
    if (options.movetime !== undefined) settings.movetime = wholeNumber('--movetime', options.movetime, MAX_MOVETIME, 'milliseconds');
    if (options.depth !== undefined) settings.depth = wholeNumber('--depth', options.depth, MAX_PLY - 1, 'plies');
    return settings;
}

function wholeNumber(option: string, text: string, max: number, unit: string): number {
    const value = /^[0-9]+$/.test(text.trim()) ? Number(text.trim()) : NaN;
    if (!(value >= 1 && value <= max)) throw new CliError(`bestmove: ${option} is a whole number of ${unit} from 1 to ${max.toLocaleString('en-US')}, not '${escapeText(text)}'`);
    return value;
}

/** The opponent's answer in `pos` (left as it was). */
export function searchBestMove(game: Game, pos: Position, settings: BestmoveSettings): BestMove {
    return new Opponent(game).bestMove(pos, settings);
}

/** The `--json` object: the contract's fields first. */
export function bestmoveJson(answer: BestMove): Record<string, unknown> {
    return {
        move: answer.move,
        score: answer.score,
        depth: answer.depth,
        nodes: answer.nodes,
        ...(answer.mate !== undefined ? { mate: answer.mate } : {}),
        time: Math.round(answer.time),
        pv: answer.pv,
        ...(answer.result ? { result: answer.result } : {})
    };
}

/** The answer in words: the move in UCI and SAN, the score, the expected line in SAN. */
export function bestmoveText(pos: Position, answer: BestMove): string {
    if (answer.move === null) return `no legal move: ${resultWords(answer)}\n`;
    const line = sanLine(pos, answer.pv);
    const lines = [
        `bestmove ${answer.move}${line[0] ? ` (${line[0]})` : ''}`,
        `score: ${scoreWords(answer)}`,
        `depth ${answer.depth}, ${answer.nodes} nodes, ${Math.round(answer.time)} ms`
    ];
    if (line.length > 0) lines.push(`line: ${numbered(pos, line)}`);
    if (answer.result) lines.push(`the game's rules end it here: ${resultWords(answer)}; the move is for playing on`);
    return `${lines.join('\n')}\n`;
}

function scoreWords(answer: BestMove): string {
    if (answer.mate !== undefined) return answer.mate > 0 ? `wins in ${answer.mate} move${answer.mate === 1 ? '' : 's'}` : `loses in ${-answer.mate} move${answer.mate === -1 ? '' : 's'}`;
    const units = (answer.score / 100).toFixed(2);
    return `${answer.score > 0 ? '+' : ''}${units} (in the game's cheapest piece, for the side to move)`;
}

function resultWords(answer: BestMove): string {
    const result = answer.result;
    if (!result) return 'the game has ended';
    const who = result.winner === null ? 'a draw' : `${result.winner === 'white' ? 'White' : 'Black'} wins`;
    return `${who} (${result.reason})`;
}

/** `1. e4 e5 2. Nf3`, or `1... e5 2. Nf3` from a Black move. */
function numbered(pos: Position, sans: readonly string[]): string {
    const words: string[] = [];
    let number = pos.fullmove;
    let side = pos.side;
    sans.forEach((san, n) => {
        if (side === 0) words.push(`${number}.`);
        else if (n === 0) words.push(`${number}...`);
        words.push(san);
        if (side === 1) number++;
        side ^= 1;
    });
    return words.join(' ');
}
