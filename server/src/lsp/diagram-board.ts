/**
 * Which board an editor diagram is drawn on, decided in one place for the hover and the panel
 * (`lcpn/pieceDiagram`): the board the request names (a board spec such as `hex6`, or a size
 * from an older client), else the `lcpn.diagram.board` setting (a spec), else the
 * `lcpn.diagram.files`/`ranks` settings, else the board the document declares, else 9 x 9.
 * A spec that cannot be read is not used: the next choice is, and the problem is said in words.
 * The client never reads a spec; the boards its chooser offers come from here.
 */
import { type Board, boardGeometry, boardProblem, DIAGRAM_REQUEST_BOARD, MAX_RECTANGLE_SIDE } from '../geometry/index.js';
import { offeredBoards, parseBoardSpec, printBoardSpec } from '../geometry/board-spec.js';
import type { BoardOffer, BoardSource, RequestedBoard } from './protocol.js';
import type { LcpnServices } from '../semantics/module.js';

/** A board that was asked for: usable, or why not (one sentence, for the user). */
export type BoardAsked = { board: Board; problem?: undefined } | { board?: undefined; problem: string };

/** The board of a request's `board`: a spec, or `{ files, ranks }` as older clients send it. */
export function requestedBoard(choice: RequestedBoard): BoardAsked {
    if (typeof choice === 'string') {
        const read = parseBoardSpec(choice);
        return read.board ? { board: read.board } : { problem: `The board '${choice.trim().slice(0, 64)}' cannot be used: ${read.error}.` };
    }
    // A size, as clients before board specs sent it: clamped, as it always was.
    const side = (n: number, fallback: number) => Math.max(1, Math.min(MAX_RECTANGLE_SIDE, Math.floor(Number.isFinite(n) ? n : fallback)));
    return { board: { files: side(choice.files, DIAGRAM_REQUEST_BOARD.files), ranks: side(choice.ranks, DIAGRAM_REQUEST_BOARD.ranks) } };
}

/**
 * The board the user's `lcpn.diagram` settings name, or undefined when they name none:
 * `board` (a spec) first; else `files`/`ranks` (either set; the other is 9), each a whole number
 * from 1 to the largest rectangle side (a value outside that is ignored, as before).
 */
export function boardSetting(config: unknown): BoardAsked | undefined {
    const settings = typeof config === 'object' && config !== null ? config as Record<string, unknown> : {};
    const spec = settings.board;
    if (typeof spec === 'string' && spec.trim() !== '') {
        const read = parseBoardSpec(spec);
        return read.board ? { board: read.board } : { problem: `The lcpn.diagram.board setting '${spec.trim().slice(0, 64)}' cannot be used: ${read.error}.` };
    }
    const valid = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= MAX_RECTANGLE_SIDE;
    if (!valid(settings.files) && !valid(settings.ranks)) return undefined;
    return { board: { files: valid(settings.files) ? settings.files : DIAGRAM_REQUEST_BOARD.files, ranks: valid(settings.ranks) ? settings.ranks : DIAGRAM_REQUEST_BOARD.ranks } };
}

/**
 * The client's `lcpn.diagram` settings section, or undefined without a client to ask (tests,
 * the CLI: asking would wait forever) or when it cannot answer.
 */
export async function diagramConfig(services: LcpnServices): Promise<Record<string, unknown> | undefined> {
    if (!services.shared.lsp.Connection) return undefined;
    try {
        const config: unknown = await services.shared.workspace.ConfigurationProvider.getConfiguration('lcpn', 'diagram');
        return typeof config === 'object' && config !== null ? config as Record<string, unknown> : undefined;
    } catch {
        return undefined;
    }
}

/** Where the board drawn came from, as the notes of views/board-rules.ts say it ("does not fit on the 8x8 board chosen for the diagram"). */
export const boardSourceWords: Readonly<Record<BoardSource, string>> = {
    request: 'chosen for the diagram', settings: 'of the lcpn.diagram setting', declared: 'declared', default: 'drawn'
};

export interface ChosenBoard {
    board: Board;
    source: BoardSource;
    /** Why a board that was asked for (request or setting) was not used. */
    problem?: string;
}

/** The diagram's board: the request's, else the setting's, else the declared one, else the default. */
export function chooseBoard(request: RequestedBoard | undefined, setting: BoardAsked | undefined, declared: Board | undefined): ChosenBoard {
    const problems: string[] = [];
    // (null too: the params check lets an optional field be null.)
    const asked = request === undefined || request === null ? undefined : requestedBoard(request);
    if (asked?.board) return { board: asked.board, source: 'request' };
    if (asked?.problem) problems.push(asked.problem);
    const problem = () => (problems.length > 0 ? { problem: problems.join(' ') } : {});
    if (setting?.board) return { board: setting.board, source: 'settings', ...problem() };
    if (setting?.problem) problems.push(setting.problem);
    if (declared) return { board: declared, source: 'declared', ...problem() };
    return { board: DIAGRAM_REQUEST_BOARD, source: 'default', ...problem() };
}

/** The usual boards, as the geometry lists them (any other is typed as a spec). */
const OFFERS: readonly BoardOffer[] = offeredBoards().map(offer);

function offer(board: Board): BoardOffer {
    return { spec: printBoardSpec(board), label: boardGeometry(board).label };
}

/** The boards the panel's chooser offers: the document's declared board first (by its name), then the usual ones. */
export function boardOffers(declared?: { name: string; board: Board }): BoardOffer[] {
    if (!declared || boardProblem(declared.board)) return [...OFFERS];
    const own = offer(declared.board);
    return [{ spec: own.spec, label: `${declared.name} (${own.label}, the file's board)` }, ...OFFERS];
}
