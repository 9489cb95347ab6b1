/**
 * The circumstances `lcpn show` and `lcpn catalog` draw a file's pieces in: the board (`--board`,
 * else the one the file declares, else 9x9) with the declared rules that fit on it, the side,
 * the first-move state, and a set-up of the user's own when --at/--friend/--enemy give one.
 * Worked out per file, since each file may declare its own board.
 */
import type { LangiumDocument } from 'langium';
import type { Rules, Side } from '../engine/board.js';
import type { BoardDeclaration } from '../engine/rules.js';
import type { Document } from '../syntax/generated/ast.js';
import type { LcpnServices } from '../semantics/module.js';
import { SHOW_BOARD as LIMITS_SHOW_BOARD } from '../geometry/limits.js';
import { chooseBoard } from './board-choice.js';
import { checkPieceNames } from './pieces.js';
import { hasCustomSetUp, occupantNames, parseAskedSetUp, parseSide, type AskedSetUp, type SetUpOptions } from './setup-options.js';
import type { Board } from '../geometry/index.js';

export interface DiagramContext {
    board: Board;
    /** The declared board's rules, fitted to `board`. */
    rules?: Rules;
    /** The declaring definition's name. */
    declared?: string;
    /** The board declaration as written (for the notations' list of what they cannot say). */
    declaration?: BoardDeclaration;
    /** --side; absent: White's diagrams, plus Black's where the declared board makes them differ. */
    side?: Side;
    /** --first-move; absent: before its first move too, when the piece has a first move. */
    firstMove?: true;
    /**
     * A set-up of the user's own (--at, --friend, --enemy): one diagram in it, on the whole board;
     * without --at each piece stands where it is shown by default (views/home.ts).
     */
    custom?: AskedSetUp;
}

/** The default board of pictures and pages: big enough for most patterns, small enough to read (9x9, geometry/limits.ts). */
export const SHOW_BOARD: Board = LIMITS_SHOW_BOARD;

/** `note` receives what to say about the board (an error in its declaration, a zone left out) before the set-up is read. */
export function diagramContext(services: LcpnServices, document: LangiumDocument<Document>, options: SetUpOptions, note: (text: string) => void): DiagramContext {
    const choice = chooseBoard(services, document, options.board, SHOW_BOARD);
    // Said first: a square refused next (--at off the board) is often explained by them.
    for (const text of choice.notes) note(text);
    const side = options.side !== undefined ? parseSide(options.side) : undefined;
    let custom: AskedSetUp | undefined;
    if (hasCustomSetUp(options)) {
        custom = parseAskedSetUp(options, choice.board);
        checkPieceNames(services, document, occupantNames(custom.friends), '--friend');
        checkPieceNames(services, document, occupantNames(custom.enemies), '--enemy');
    }
    return {
        board: choice.board,
        ...(choice.rules ? { rules: choice.rules } : {}),
        ...(choice.declared ? { declared: choice.declared } : {}),
        ...(choice.declaration ? { declaration: choice.declaration } : {}),
        ...(side ? { side } : {}),
        ...(options['first-move'] ? { firstMove: true as const } : {}),
        ...(custom ? { custom } : {})
    };
}
