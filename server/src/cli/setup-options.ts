/** Parsing of the board/square options shared by `lcpn moves` and `lcpn show`. */
import { MAX_BOARD_SIDE, onBoard, parseSquare, squareName, type Board, type SetUp, type Square } from '../engine/board.js';
import { CliError } from './workspace.js';

export function parseBoard(text: string | undefined, fallback: Board): Board {
    if (text === undefined) return fallback;
    const m = /^([0-9]+)x([0-9]+)$/i.exec(text.trim());
    if (!m) throw new CliError(`--board: expected FILESxRANKS such as 12x10, got '${text}'`);
    const board = { files: Number(m[1]), ranks: Number(m[2]) };
    if (board.files < 1 || board.ranks < 1 || board.files > MAX_BOARD_SIDE || board.ranks > MAX_BOARD_SIDE) {
        throw new CliError(`--board: each side must be between 1 and ${MAX_BOARD_SIDE}, got '${text}'`);
    }
    return board;
}

export function centre(board: Board): Square {
    return { file: Math.floor(board.files / 2), rank: Math.floor(board.ranks / 2) };
}

function square(text: string, board: Board, option: string): Square {
    const sq = parseSquare(text);
    if (!sq) throw new CliError(`${option}: '${text}' is not a square (expected a file letter and a rank number, such as f5)`);
    if (!onBoard(board, sq)) throw new CliError(`${option}: ${text} is not on the ${board.files}x${board.ranks} board`);
    return sq;
}

function squares(text: string | undefined, board: Board, option: string): Square[] {
    if (!text) return [];
    return text.split(',').map((s) => s.trim()).filter(Boolean).map((s) => square(s, board, option));
}

export interface SetUpOptions {
    board?: string;
    at?: string;
    friend?: string;
    enemy?: string;
}

/** The set-up described by --board, --at, --friend and --enemy (default: 15x15, piece in the centre). */
export function parseSetUp(options: SetUpOptions, defaultBoard: Board = { files: 15, ranks: 15 }): SetUp {
    const board = parseBoard(options.board, defaultBoard);
    const at = options.at ? square(options.at, board, '--at') : centre(board);
    const friends = squares(options.friend, board, '--friend');
    const enemies = squares(options.enemy, board, '--enemy');
    const taken = new Map<string, string>([[squareName(at), 'the piece itself']]);
    for (const [list, option] of [[friends, '--friend'], [enemies, '--enemy']] as const) {
        for (const sq of list) {
            const name = squareName(sq);
            const holder = taken.get(name);
            if (holder) throw new CliError(`${option}: ${name} is already occupied by ${holder}`);
            taken.set(name, `a ${option.slice(2)} piece`);
        }
    }
    return { board, at, friends, enemies };
}
