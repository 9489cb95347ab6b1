/**
 * Parsing of the set-up options shared by `lcpn moves` and `lcpn show`: --board, --at,
 * --friend/--enemy (a square, or `name@square` to say which piece stands there, for
 * `occupied-by`), --side and --first-move. Squares are always the board's own names (White's
 * side at the bottom), whichever side moves.
 */
import { MAX_BOARD_SIDE, onBoard, parseSquare, squareName, type Board, type Occupant, type SetUp, type Side, type Square } from '../engine/board.js';
import { normalizeName } from '../model/names.js';
import { escapeText } from './escape.js';
import { CliError } from './workspace.js';

/** The set-up the options describe: the engine's SetUp with the side and the first-move state always said. */
export type CliSetUp = SetUp & { side: Side; firstMove: boolean };

export function parseBoard(text: string | undefined, fallback: Board): Board {
    if (text === undefined) return fallback;
    const m = /^([0-9]+)x([0-9]+)$/i.exec(text.trim());
    if (!m) throw new CliError(`--board: expected FILESxRANKS such as 12x10, got '${escapeText(text)}'`);
    const board = { files: Number(m[1]), ranks: Number(m[2]) };
    if (board.files < 1 || board.ranks < 1 || board.files > MAX_BOARD_SIDE || board.ranks > MAX_BOARD_SIDE) {
        throw new CliError(`--board: each side must be between 1 and ${MAX_BOARD_SIDE}, got '${escapeText(text)}'`);
    }
    return board;
}

/** `--side white|black` (default White). */
export function parseSide(text: string | undefined): Side {
    if (text === undefined) return 'white';
    const side = text.trim().toLowerCase();
    if (side === 'white' || side === 'w') return 'white';
    if (side === 'black' || side === 'b') return 'black';
    throw new CliError(`--side: expected white or black, got '${escapeText(text)}'`);
}

export function centre(board: Board): Square {
    return { file: Math.floor(board.files / 2), rank: Math.floor(board.ranks / 2) };
}

function square(text: string, board: Board, option: string): Square {
    const sq = parseSquare(text);
    if (!sq || !/^[a-z]+[0-9]+$/i.test(text.trim())) {
        throw new CliError(`${option}: '${escapeText(text)}' is not a square (expected a file letter and a rank number, such as f5${option === '--at' ? '' : ', or a piece and its square, such as general@e9'})`);
    }
    if (!onBoard(board, sq)) throw new CliError(`${option}: ${escapeText(text.trim())} is not on the ${board.files}x${board.ranks} board`);
    return sq;
}

/** `e6,general@e9`: squares, each optionally with the piece standing there. */
function occupants(text: string | undefined, board: Board, option: string): Occupant[] {
    if (!text) return [];
    return text.split(',').map((s) => s.trim()).filter(Boolean).map((entry) => {
        const at = entry.lastIndexOf('@');
        if (at < 0) return square(entry, board, option);
        const name = entry.slice(0, at).trim();
        if (name === '' || /[\s:@]/.test(name)) throw new CliError(`${option}: '${escapeText(entry)}' should be a square or a piece and its square, such as general@e9`);
        return { ...square(entry.slice(at + 1), board, option), piece: normalizeName(name) };
    });
}

export interface SetUpOptions {
    board?: string;
    at?: string;
    friend?: string;
    enemy?: string;
    side?: string;
    'first-move'?: boolean;
}

/** Whether the options describe a set-up of the user's own (rather than the diagrams that explain a piece). */
export function hasCustomSetUp(options: SetUpOptions): boolean {
    return options.at !== undefined || options.friend !== undefined || options.enemy !== undefined;
}

/**
 * The set-up described by --at, --friend, --enemy, --side and --first-move on `board`
 * (the piece in the centre by default). Two things on one square are a usage error.
 */
export function parseSetUp(options: SetUpOptions, board: Board): CliSetUp {
    const at = options.at ? square(options.at, board, '--at') : centre(board);
    const friends = occupants(options.friend, board, '--friend');
    const enemies = occupants(options.enemy, board, '--enemy');
    const taken = new Map<string, string>([[squareName(at), 'the piece itself']]);
    for (const [list, option] of [[friends, '--friend'], [enemies, '--enemy']] as const) {
        for (const sq of list) {
            const name = squareName(sq);
            const holder = taken.get(name);
            if (holder) throw new CliError(`${option}: ${name} is already occupied by ${holder}`);
            taken.set(name, `a ${option.slice(2)} piece`);
        }
    }
    return { board, at, friends, enemies, side: parseSide(options.side), firstMove: options['first-move'] === true };
}

/** The names given for blockers (normalized keys), each once, for checking that the workspace defines them. */
export function occupantNames(blockers: readonly Occupant[]): string[] {
    return [...new Set(blockers.flatMap((o) => (o.piece ? [o.piece] : [])))];
}
