/**
 * Parsing of the set-up options shared by `lcpn moves` and `lcpn show`: --board (a board spec,
 * geometry/board-spec.ts: `9x10`, `hex6`, `8x8-cylinder`), --at, --friend/--enemy (a cell, or
 * `name@cell` to say which piece stands there, for `occupied-by`), --side and --first-move.
 * Cells are always the board's own names (White's side at the bottom), whichever side moves,
 * read and printed by the board's geometry (cells.ts).
 */
import type { Occupant, SetUp, Side } from '../engine/board.js';
import { parseBoardSpec } from '../geometry/board-spec.js';
import { type Board, boardGeometry, type Square } from '../geometry/index.js';
import { normalizeName } from '../model/names.js';
import { cellName, cellWord, centreCell, readCell } from './cells.js';
import { escapeText } from './escape.js';
import { CliError } from './workspace.js';

/** The set-up the options describe: the engine's SetUp with the side and the first-move state always said. */
export type CliSetUp = SetUp & { side: Side; firstMove: boolean };

export function parseBoard(text: string | undefined, fallback: Board): Board {
    if (text === undefined) return fallback;
    const spec = parseBoardSpec(text);
    if (spec.error !== undefined) throw new CliError(`--board: ${escapeText(spec.error)}`);
    return spec.board;
}

/** `--side white|black` (default White). */
export function parseSide(text: string | undefined): Side {
    if (text === undefined) return 'white';
    const side = text.trim().toLowerCase();
    if (side === 'white' || side === 'w') return 'white';
    if (side === 'black' || side === 'b') return 'black';
    throw new CliError(`--side: expected white or black, got '${escapeText(text)}'`);
}

/** The centre of the board (Glinski's f6 on the hexagon): where a piece with no zone of its own stands when --at is not given (views/home.ts). */
export function centre(board: Board): Square {
    return centreCell(board);
}

function square(text: string, board: Board, option: string): Square {
    return readCell(board, text, option, option === '--at' ? '' : `; or a piece and its ${cellWord(board)}, such as general@${exampleCell(board)}`);
}

/** The cell of the `general@e9` example: e9 where the board has it (a xiangqi general's), else the centre. */
function exampleCell(board: Board): string {
    const geometry = boardGeometry(board);
    return geometry.parse('e9') ? 'e9' : geometry.name(geometry.centre);
}

/** `e6,general@e9`: cells, each optionally with the piece standing there. */
function occupants(text: string | undefined, board: Board, option: string): Occupant[] {
    if (!text) return [];
    return text.split(',').map((s) => s.trim()).filter(Boolean).map((entry) => {
        const at = entry.lastIndexOf('@');
        if (at < 0) return square(entry, board, option);
        const name = entry.slice(0, at).trim();
        if (name === '' || /[\s:@]/.test(name)) throw new CliError(`${option}: '${escapeText(entry)}' should be a ${cellWord(board)} or a piece and its ${cellWord(board)}, such as general@${exampleCell(board)}`);
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

/** The set-up the options give, before the piece is placed: --at when given, the others always. */
export interface AskedSetUp {
    board: Board;
    /** --at; absent: the piece stands where it is shown by default (views/home.ts). */
    at?: Square;
    friends: Occupant[];
    enemies: Occupant[];
    side: Side;
    firstMove: boolean;
}

/** --at, --friend, --enemy, --side and --first-move on `board`. Two things on one square are a usage error. */
export function parseAskedSetUp(options: SetUpOptions, board: Board): AskedSetUp {
    const at = options.at ? square(options.at, board, '--at') : undefined;
    const friends = occupants(options.friend, board, '--friend');
    const enemies = occupants(options.enemy, board, '--enemy');
    const taken = new Map<string, string>(at ? [[cellName(board, at), 'the piece itself']] : []);
    for (const [list, option] of [[friends, '--friend'], [enemies, '--enemy']] as const) {
        for (const sq of list) {
            const name = cellName(board, sq);
            const holder = taken.get(name);
            if (holder) throw new CliError(`${option}: ${name} is already occupied by ${holder}`);
            taken.set(name, `a ${option.slice(2)} piece`);
        }
    }
    return { board, ...(at ? { at } : {}), friends, enemies, side: parseSide(options.side), firstMove: options['first-move'] === true };
}

/**
 * The piece placed: on --at, else on `home` (where the piece is shown by default). A piece
 * given for its default square is a usage error that says so: the user did not choose it.
 */
export function placePiece(asked: AskedSetUp, home: Square): CliSetUp {
    const { at, ...rest } = asked;
    if (!at) {
        const name = cellName(asked.board, home);
        for (const [list, option] of [[asked.friends, '--friend'], [asked.enemies, '--enemy']] as const) {
            if (list.some((sq) => cellName(asked.board, sq) === name)) throw new CliError(`${option}: ${name} is where the piece stands when --at is not given; put the ${option.slice(2)} piece elsewhere, or say where the piece stands with --at`);
        }
    }
    return { ...rest, at: at ?? home };
}

/** The set-up the options describe, the piece on --at, else on `home` (the centre by default). */
export function parseSetUp(options: SetUpOptions, board: Board, home: Square = centre(board)): CliSetUp {
    return placePiece(parseAskedSetUp(options, board), home);
}

/** The names given for blockers (normalized keys), each once, for checking that the workspace defines them. */
export function occupantNames(blockers: readonly Occupant[]): string[] {
    return [...new Set(blockers.flatMap((o) => (o.piece ? [o.piece] : [])))];
}
