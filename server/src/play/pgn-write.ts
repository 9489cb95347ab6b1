/**
 * A game as PGN: the Seven Tag Roster (Event, Site, Date, Round, White, Black, Result), then
 * `Variant` (the game's name, as Fairy-Stockfish and pychess name variants), `FEN` (the start
 * position) and `SetUp`, then the moves in SAN as Fairy-Stockfish writes them (san.ts), with
 * comments, lines of at most 80 characters and the result. A game that ended by its rules gets its
 * result, and the reason as a comment after the last move.
 */
import { gameResult, legalUci, playUci, positionFromFen, type Game, type Position } from '../game/index.js';
import { playMove } from './move-key.js';
import { SanLetters, moveSan } from './san.js';

export type PgnResult = '1-0' | '0-1' | '1/2-1/2' | '*';

export interface PgnWriteOptions {
    /** More tags, or values for the roster's (`White`, `Event`, ...). */
    tags?: Record<string, string>;
    /** The result, when the game ended otherwise than by its rules (a resignation); by default the rules' result, else `*`. */
    result?: PgnResult;
    /** A comment after each move (by index; undefined for none). */
    comments?: readonly (string | undefined)[];
}

const ROSTER = ['Event', 'Site', 'Date', 'Round', 'White', 'Black', 'Result'];
const UNKNOWN: Record<string, string> = { Event: '?', Site: '?', Date: '????.??.??', Round: '?', White: '?', Black: '?' };
const LINE = 80;

/**
 * The PGN of the game played from `start` (FEN) by `moves` (UCI). Throws an Error naming the
 * move that is not legal, if one is not.
 */
export function writePgn(game: Game, start: string, moves: readonly string[], options: PgnWriteOptions = {}): string {
    const pos = positionFromFen(game, start);
    const letters = new SanLetters(game);
    const words: string[] = [];
    moves.forEach((uci, n) => {
        const { list, texts } = legalUci(pos);
        const i = texts.indexOf(uci);
        if (i < 0) throw new Error(`move ${n + 1} of the game: ${whyNot(pos, uci)}`);
        if (pos.side === 0 || n === 0 || options.comments?.[n - 1] !== undefined) words.push(`${pos.fullmove}${pos.side === 0 ? '.' : '...'}`);
        words.push(moveSan(pos, list, i, letters));
        playMove(pos, list, i);
        const comment = options.comments?.[n];
        if (comment !== undefined) words.push(`{${comment.replace(/}/g, ')')}}`);
    });
    const ended = gameResult(pos);
    const result = options.result ?? (ended ? (ended.winner === 'white' ? '1-0' : ended.winner === 'black' ? '0-1' : '1/2-1/2') : '*');
    if (ended && options.comments?.[moves.length - 1] === undefined) words.push(`{${ended.reason.replace(/}/g, ')')}}`);
    words.push(result);

    const tags: Record<string, string> = { ...UNKNOWN, ...options.tags, Result: result };
    const lines = ROSTER.map((name) => tag(name, tags[name]));
    const own = { Variant: game.name, FEN: start, SetUp: '1' };
    for (const [name, value] of Object.entries(own)) lines.push(tag(name, value));
    for (const [name, value] of Object.entries(options.tags ?? {})) if (!ROSTER.includes(name) && !(name in own)) lines.push(tag(name, value));
    return `${lines.join('\n')}\n\n${wrap(words)}\n`;
}

/** The game layer's reason why `uci` is not a legal move of `pos`. */
function whyNot(pos: Position, uci: string): string {
    try {
        playUci(pos, uci);
    } catch (error) {
        return (error as Error).message;
    }
    pos.unmake();
    return `'${uci}' is not legal`;
}

function tag(name: string, value: string): string {
    return `[${name} "${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"]`;
}

/** Words joined by spaces in lines of at most LINE characters. */
function wrap(words: string[]): string {
    const lines: string[] = [];
    let line = '';
    for (const word of words) {
        if (line && line.length + 1 + word.length > LINE) {
            lines.push(line);
            line = word;
        } else {
            line = line ? `${line} ${word}` : word;
        }
    }
    if (line) lines.push(line);
    return lines.join('\n');
}
