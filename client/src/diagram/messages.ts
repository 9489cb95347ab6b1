/**
 * Messages between the diagram panel (extension side) and its webview. Anything that comes
 * from the webview is untrusted input and is validated before use.
 */
import type { Blocker, PieceDiagramResult, PlayerSide, PlayGame } from '../../../server/src/lsp/protocol.js';
import { isCellName, MAX_BLOCKER_NAME } from './blockers.js';
import { MAX_POSITION_TEXT, POSITION_ACTIONS, type PositionAction, type PositionView } from './position-controller.js';

export type DiagramStyle = 'image' | 'text' | 'both';

/** Where the board on screen comes from: chosen in the panel, the settings, the file's declaration, or the server's default. */
export type BoardChoice = 'panel' | 'settings' | 'declared' | 'default';

/** What the webview shows: the server's diagram, with the set-up it was computed for. */
export interface DiagramView extends PieceDiagramResult {
    blockers: Blocker[];
    style: DiagramStyle;
    side: PlayerSide;
    firstMove: boolean;
    firstMoveMatters: boolean;
    /** True when the board is not chosen in the panel (the settings, the file's board or the default). */
    boardFromSettings: boolean;
    boardChoice: BoardChoice;
    /** A line above the diagram, e.g. why it is not the piece under the cursor. */
    status?: string;
}

export type ExportFormat = 'svg' | 'png';
export type ExportAction = 'save' | 'copy';

export type ToWebview =
    | { type: 'render'; view: DiagramView }
    | { type: 'status'; message: string; kind: 'info' | 'error' }
    /** Draw the diagram on a canvas and answer with a `png` message (the extension has no canvas). */
    | { type: 'make-png'; action: ExportAction }
    /** The position view's board and lists. */
    | { type: 'position'; view: PositionView }
    | { type: 'position-status'; message: string; kind: 'info' | 'error' }
    /** The games of the file the Play view plays (lcpn/playGames), each time they change. */
    | { type: 'play-games'; file: string; games: PlayGame[] }
    /** A PGN file's text the user opened for the Play view. */
    | { type: 'play-pgn'; text: string }
    | { type: 'play-status'; message: string; kind: 'info' | 'error' }
    /** Show this tab (the "Play a game" command opens the panel on the Play tab). */
    | { type: 'show-tab'; tab: 'piece' | 'position' | 'play' };

export type FromWebview =
    | { type: 'ready' }
    | { type: 'toggle'; square: string }
    /** Name the blocker on `square` (for `(occupied-by P)`); no `piece`: unnamed. */
    | { type: 'name-blocker'; square: string; piece?: string }
    | { type: 'clear' }
    /** Put the piece on this square (a click in "move the piece" mode, or a drag of the piece). */
    | { type: 'place'; square: string }
    /** The board chosen next to the diagram, as a board spec (`hex6`, `9x10`); `undefined` goes back to the settings (or the file's board). */
    | { type: 'board'; board: string | undefined }
    /** The piece plays for this side. */
    | { type: 'side'; side: PlayerSide }
    /** True: the piece has not moved yet (its first-move moves count); false: it has moved. */
    | { type: 'first-move'; firstMove: boolean }
    | { type: 'export'; format: ExportFormat; action: ExportAction }
    /** The webview's rendering of the diagram as PNG, base64. */
    | { type: 'png'; action: ExportAction; data: string }
    /** The position view was opened. */
    | { type: 'position-open' }
    /** A position string typed by the user. */
    | { type: 'position-text'; text: string }
    /** A click on a square of the position. */
    | { type: 'position-click'; square: string; action: PositionAction }
    /** The selected piece of the position has not moved yet (true) or has (false). */
    | { type: 'position-first-move'; firstMove: boolean }
    /** The Play view was opened: send it the file's games from now on. */
    | { type: 'play-open' }
    /** Save a PGN of the Play view's game (a save dialog). */
    | { type: 'play-save-pgn'; fileName: string; text: string }
    /** Open a PGN file for the Play view (answered with `play-pgn`). */
    | { type: 'play-open-pgn' }
    /** Put text (a FEN, a PGN) on the clipboard. */
    | { type: 'play-copy'; text: string };

/** The messages the Play view sends. */
export type PlayMessage = Extract<FromWebview, { type: 'play-open' | 'play-save-pgn' | 'play-open-pgn' | 'play-copy' }>;

export function isPlayMessage(message: FromWebview): message is PlayMessage {
    return message.type.startsWith('play-');
}

/** The longest PGN or FEN the webview may send (a long game's PGN is tens of kilobytes). */
export const MAX_PLAY_TEXT = 1024 * 1024;

/** The messages the position view handles. */
export type PositionMessage = Extract<FromWebview, { type: 'position-open' | 'position-text' | 'position-click' | 'position-first-move' }>;

export function isPositionMessage(message: FromWebview): message is PositionMessage {
    return message.type.startsWith('position-');
}

/** The longest board spec the webview may send (a spec is a few characters: `hex6-rows`). */
export const MAX_BOARD_SPEC = 64;

/** PNG files start with these bytes; anything else from the webview is refused. */
const PNG_SIGNATURE = 'iVBORw0KGgo';
/** A diagram is a few tens of kilobytes; refuse anything absurd from the webview. */
export const MAX_PNG_BASE64 = 32 * 1024 * 1024;

/** The message, if it is one the webview may send; anything else is dropped. */
export function parseFromWebview(raw: unknown): FromWebview | undefined {
    if (typeof raw !== 'object' || raw === null) return undefined;
    const message = raw as Record<string, unknown>;
    switch (message.type) {
        case 'ready':
            return { type: 'ready' };
        case 'clear':
            return { type: 'clear' };
        case 'name-blocker': {
            if (!isCellName(message.square)) return undefined;
            if (message.piece === undefined || message.piece === null) return { type: 'name-blocker', square: message.square };
            if (typeof message.piece !== 'string' || message.piece.length > MAX_BLOCKER_NAME) return undefined;
            const piece = message.piece.trim();
            return piece === '' ? { type: 'name-blocker', square: message.square } : { type: 'name-blocker', square: message.square, piece };
        }
        case 'toggle':
        case 'place':
            return isCellName(message.square) ? { type: message.type, square: message.square } : undefined;
        case 'board': {
            if (message.board === undefined || message.board === null) return { type: 'board', board: undefined };
            if (typeof message.board !== 'string') return undefined;
            // The server reads the spec and says what is wrong with it; only junk is refused here.
            const spec = message.board.trim();
            return spec.length > 0 && spec.length <= MAX_BOARD_SPEC && /^[\x20-\x7e]+$/.test(spec) ? { type: 'board', board: spec } : undefined;
        }
        case 'side':
            return message.side === 'white' || message.side === 'black' ? { type: 'side', side: message.side } : undefined;
        case 'first-move':
            return typeof message.firstMove === 'boolean' ? { type: 'first-move', firstMove: message.firstMove } : undefined;
        case 'position-open':
            return { type: 'position-open' };
        case 'position-first-move':
            return typeof message.firstMove === 'boolean' ? { type: 'position-first-move', firstMove: message.firstMove } : undefined;
        case 'position-text':
            return typeof message.text === 'string' && message.text.length <= MAX_POSITION_TEXT ? { type: 'position-text', text: message.text } : undefined;
        case 'position-click':
            return isCellName(message.square) && POSITION_ACTIONS.includes(message.action as PositionAction)
                ? { type: 'position-click', square: message.square, action: message.action as PositionAction }
                : undefined;
        case 'play-open':
        case 'play-open-pgn':
            return { type: message.type };
        case 'play-copy':
            return typeof message.text === 'string' && message.text.length <= MAX_PLAY_TEXT ? { type: 'play-copy', text: message.text } : undefined;
        case 'play-save-pgn':
            return typeof message.text === 'string' && message.text.length <= MAX_PLAY_TEXT && typeof message.fileName === 'string'
                && /^[\w.-]{1,100}$/.test(message.fileName)
                ? { type: 'play-save-pgn', fileName: message.fileName, text: message.text }
                : undefined;
        case 'export':
            return isFormat(message.format) && isAction(message.action) ? { type: 'export', format: message.format, action: message.action } : undefined;
        case 'png':
            return isAction(message.action) && typeof message.data === 'string' && message.data.length <= MAX_PNG_BASE64
                && message.data.startsWith(PNG_SIGNATURE) && /^[A-Za-z0-9+/]*={0,2}$/.test(message.data)
                ? { type: 'png', action: message.action, data: message.data }
                : undefined;
        default:
            return undefined;
    }
}

function isFormat(value: unknown): value is ExportFormat {
    return value === 'svg' || value === 'png';
}

function isAction(value: unknown): value is ExportAction {
    return value === 'save' || value === 'copy';
}

export function isDiagramStyle(value: unknown): value is DiagramStyle {
    return value === 'image' || value === 'text' || value === 'both';
}
