/**
 * The wire contract between the LCPN language server and its clients (the VS Code extension,
 * the web extension, the playground), beyond standard LSP. The clients import it from here and
 * only forward these; they know nothing of LCPN itself.
 */

/** How hovers draw movement diagrams: SVG images, text diagrams, or both (lsp/client.ts decides by default). */
export type DiagramStyle = 'image' | 'text' | 'both';

/** `workspace/executeCommand` command that rewrites a whole document in one style. */
export const CONVERT_DOCUMENT_COMMAND = 'lcpn.convertDocument';

export type SurfaceStyle = 'lisp' | 'c' | 'sql';

/** The arguments of {@link CONVERT_DOCUMENT_COMMAND}: `[uri, style]`. */
export type ConvertDocumentArguments = [uri: string, style: SurfaceStyle];

/** What {@link CONVERT_DOCUMENT_COMMAND} answers. */
export interface ConvertDocumentResult {
    applied: boolean;
    converted: number;
    /** Definitions left as written: name, 1-based line, why. */
    leftAsWritten: { name: string; line: number; reason: string }[];
    /** The names of `leftAsWritten`. */
    skipped: string[];
    /** The sentence shown to the user. */
    message: string;
}

/** Custom request: the movement diagram of the piece at a position. */
export const PIECE_DIAGRAM_REQUEST = 'lcpn/pieceDiagram';

/** The lattice box of a board (a hexagon of side N: 2N - 1 by 2N - 1). */
export interface BoardSize {
    files: number;
    ranks: number;
}

/**
 * A board as the client names one: a board spec the server reads (`8x8`, `9x10`, `hex6`,
 * `hex6-rows`, `8x8-cylinder`; docs/cli.md), or a size (older clients; a rectangle). The client
 * never reads a spec: it sends what the user typed or chose and shows what the server answers.
 */
export type RequestedBoard = string | BoardSize;

export type Side = 'friend' | 'enemy';

/** A piece standing in the way: `square` is a cell name of the board (letters, then a number: `f5`; Glinski's `f6` on a hexagon). */
export interface Blocker {
    square: string;
    side: Side;
    /** What stands there, by name, for `(occupied-by P)`; unnamed blockers match no name. */
    piece?: string;
}

/** Which player a piece belongs to: White moves towards higher ranks, Black towards rank 1. */
export type PlayerSide = 'white' | 'black';

export interface PieceDiagramParams {
    uri: string;
    position: { line: number; character: number };
    blockers?: Blocker[];
    /**
     * The board to draw on; absent: the `lcpn.diagram.board` (or files/ranks) setting, else the
     * board the document declares, else 9 x 9. A spec the server cannot read is not used: the
     * answer's `boardProblem` says why.
     */
    board?: RequestedBoard;
    /**
     * The cell the piece stands on; absent: where it is shown by default (in the zone it is
     * confined to, else the centre); that too when the cell is not one of the board (a hole, off
     * it), and the answer says why (`atProblem`).
     */
    at?: string;
    /** Whose piece it is; default White. */
    side?: PlayerSide;
    /** The piece has not moved yet; default false. */
    firstMove?: boolean;
}

/** Where the board of a diagram came from. */
export type BoardSource = 'request' | 'settings' | 'declared' | 'default';

/** A board the panel's chooser offers: its spec (sent back as `board`) and words for it. */
export interface BoardOffer {
    spec: string;
    label: string;
}

export interface PieceDiagramResult {
    piece: string;
    /** The cell the piece stands on. */
    at: string;
    /** The board's lattice box. */
    board: BoardSize;
    /** The board drawn, as a spec (`hex6`); absent from older servers. */
    boardSpec?: string;
    /** The board drawn, in words (`hexagon of side 6`); absent from older servers. */
    boardLabel?: string;
    /** What one cell of the board drawn is called in the panel's words: `square`, or `cell` on a hexagon; absent from older servers (square). */
    cellWord?: 'square' | 'cell';
    /** Why the board asked for (params or setting) was not used, one sentence; the diagram is on the next choice (the declared board, else the default). */
    boardProblem?: string;
    /** Why the cell asked for (`at` in the params) was not used: a hole, off the board, not a cell name; one sentence ending with where the piece stands (where it is shown by default: in the zone it is confined to, else the centre). Absent from older servers. */
    atProblem?: string;
    /**
     * What of the document's declared board does not apply on the board drawn (a confinement or
     * promotion zone that does not fit on it), one sentence each, as `lcpn show --board` says it;
     * empty on the declared board itself. Absent from older servers.
     */
    boardNotes?: string[];
    /**
     * What a broken definition of the document's own changes in this diagram, one sentence each: the
     * piece's own definition has an error (its moves are those of what could be read), its name
     * means another file's or the prelude's definition because the document's own could not be
     * completed, or it uses such a name. Empty nearly always; absent from older servers.
     */
    definitionNotes?: string[];
    /** The boards the panel's chooser offers (the declared one first); absent from older servers. */
    boardOffers?: BoardOffer[];
    /** The blockers placed (those on the board and not on the piece's cell); absent from older servers. */
    blockers?: Blocker[];
    /** A self-contained SVG; each cell is an element (`<rect>`, `<polygon>`) with `data-square` = its name. */
    svg: string;
    /** The same diagram as text. */
    text: string;
    notes: string[];
    /** Promotion choices by destination square (`"e8": ["queen", "rook"]`); absent from older servers. */
    promotions?: Record<string, string[]>;
    /** What the picture cannot say in symbols, one line each. */
    facts?: string[];
    /** The side the piece was drawn for; absent from older servers (White). */
    side?: PlayerSide;
    /** Whether it was drawn as not having moved yet; absent from older servers (false). */
    firstMove?: boolean;
    /** Whether its moves on this board differ on its first move (so a first-move switch means something). */
    firstMoveMatters?: boolean;
    /** `request`: the params' board; `settings`: `lcpn.diagram.board` (or files/ranks); `declared`: the document's board declaration; `default`: 9 x 9. */
    boardSource?: BoardSource;
    /** The board the document declares, if any (its name, size, spec and words), whatever board was drawn. */
    declaredBoard?: { name: string; files: number; ranks: number; spec?: string; label?: string };
}

/** Custom request: a position (several pieces of both sides, docs/position.md) seen from a document. */
export const POSITION_DIAGRAM_REQUEST = 'lcpn/positionDiagram';

export interface PositionDiagramParams {
    /** The document whose names the position's pieces are. */
    uri: string;
    /** The position string; empty: an empty board of the document's declared board (else 8 x 8). A string may start with a board spec (`hex6 w:king@f6`). */
    position: string;
    /** The cell of the piece whose moves to show. */
    select?: string;
    /** A cell whose attackers to list. */
    attacked?: string;
    /** The selected piece has not moved yet (its first-move moves count, marked); default false. */
    firstMove?: boolean;
    /** A change to make first: put `piece` of `side` on `square` (replacing what stands there), or empty it when `piece` is absent. */
    edit?: { square: string; piece?: string; side?: PlayerSide };
}

export interface PositionPiece {
    name: string;
    side: PlayerSide;
    square: string;
    /** Whether the document's workspace defines the name. */
    known: boolean;
}

export interface PositionDiagramResult {
    /** The position after `edit`, written as a position string. */
    position?: string;
    board: BoardSize;
    /** The position's board as a spec and in words; absent from older servers. */
    boardSpec?: string;
    boardLabel?: string;
    /** What one cell of the board is called: `square`, or `cell` on a hexagon; absent from older servers (square). */
    cellWord?: 'square' | 'cell';
    pieces: PositionPiece[];
    /** What of the document's declared board does not apply on the position's board, one sentence each (as `lcpn show --position` says it); absent from older servers. */
    boardNotes?: string[];
    selected?: Omit<PositionPiece, 'known'> & { moves: string[]; captures: string[]; notes: string[] };
    attackers?: { square: string; pieces: (Omit<PositionPiece, 'known'> & { how: 'land' | 'igui' })[] };
    svg: string;
    text: string;
    /** Why the position string (or the edit) cannot be read, with its column (0-based; the edit: the string's length); nothing else is set then. */
    error?: { message: string; column: number };
}

/** Command: save or copy the diagram of the piece at a position (used by the hover's links). */
export const EXPORT_DIAGRAM_COMMAND = 'lcpn.exportDiagram';

/** The argument of {@link EXPORT_DIAGRAM_COMMAND}. */
export interface ExportDiagramArguments {
    uri: string;
    position: { line: number; character: number };
    format?: 'svg' | 'png';
}

/** The scheme under which VS Code serves the standard prelude, read-only (a content provider). */
export const PRELUDE_SCHEME = 'lcpn-prelude';

/** The prelude's URI when no file names it: the one VS Code serves, and the browser server's own. */
export const VIRTUAL_PRELUDE_URI = `${PRELUDE_SCHEME}:/standard.lcpn`;

/** What a client may send as `initialize`'s `initializationOptions` (each optional; other clients send none). */
export interface LcpnInitializationOptions {
    /** The URI the client serves the prelude under; the server names the prelude so (go-to-definition opens it there). */
    preludeUri?: string;
    /** The client has the `lcpn.exportDiagram` command and trusts it in hover markdown, so hovers may link to it. */
    exportCommand?: boolean;
    /** The user's choice of diagrams in hovers (Neovim, Emacs: README), whatever the client seems able to show. */
    diagramStyle?: DiagramStyle;
    /**
     * The client tells the user what {@link CONVERT_DOCUMENT_COMMAND} did, from its result: the
     * server then sends no `window/showMessage` for it (the VS Code extension shows a short
     * message and the details on demand; a long notification was cut off).
     */
    showsConversionResult?: boolean;
    /** The client has the command that opens a `variants.ini` section as an untitled LCPN document (OPEN_FSF_SECTION_COMMAND). */
    openSectionCommand?: boolean;
}

/**
 * Requests from the server to the web extension, whose workspace files the web worker can read
 * only through `vscode.workspace.fs` (server/src/browser/client-file-system.ts). Each takes
 * `{ uri }`, a URI string as the client sent it.
 */
export const CLIENT_FS_STAT = 'lcpn/fs/stat';
export const CLIENT_FS_READ_FILE = 'lcpn/fs/readFile';
export const CLIENT_FS_READ_DIRECTORY = 'lcpn/fs/readDirectory';

/** The answer to {@link CLIENT_FS_STAT}: `type` is `file`, `directory` or `other` (a link is followed). */
export interface ClientFileStat { type: 'file' | 'directory' | 'other'; size: number }
/** One entry of the answer to {@link CLIENT_FS_READ_DIRECTORY}. */
export interface ClientDirectoryEntry { uri: string; type: ClientFileStat['type'] }

/**
 * The language id of Fairy-Stockfish `variants.ini` files, served by the same server (docs/fsf.md,
 * "In the editor"): diagnostics, hovers on piece lines, and converting a section to LCPN. The
 * server also serves any document whose name ends in `.ini` that a client sends it.
 */
export const FSF_INI_LANGUAGE = 'fsf-ini';

/**
 * `workspace/executeCommand` command: the section of a `variants.ini` document at a line, as LCPN.
 * Arguments `[uri, line (0-based), style?]`; the answer is a {@link FsfSectionResult}. Nothing is
 * applied: the client opens the text (the VS Code client as a new untitled LCPN document).
 */
export const FSF_SECTION_COMMAND = 'lcpn.fsfSectionToLcpn';

export type FsfSectionArguments = [uri: string, line: number, style?: SurfaceStyle];

export interface FsfSectionResult {
    /** The section's name. */
    section: string;
    style: SurfaceStyle;
    /** The LCPN file: what lcpn cannot say as comments, then the board, zones and pieces. */
    text: string;
}

/**
 * The VS Code client's command that opens {@link FSF_SECTION_COMMAND}'s text as a new untitled
 * document; the server's code actions name it for a client that says it has it
 * (`initializationOptions.openSectionCommand: true`), else the server's command.
 */
export const OPEN_FSF_SECTION_COMMAND = 'lcpn.convertIniSection';

/**
 * Custom request: the games a document declares, for the Play view (docs/play.md). Each playable
 * game comes as plain data (`gameSpec(game)` of server/src/play/spec.ts: the game model and the
 * piece definitions it uses) that the view compiles with the game layer and plays locally; the
 * computer opponent runs in a worker of the view's own.
 */
export const PLAY_GAMES_REQUEST = 'lcpn/playGames';

export interface PlayGamesParams {
    uri: string;
}

/** One game of the document, in source order. */
export interface PlayGame {
    /** The game's name (`chess`), as `--game` takes it. */
    name: string;
    /** The game as play/spec.ts's GameSpec (opaque here: the wire contract imports nothing); absent when it cannot be played. */
    spec?: { model: unknown; definitions: unknown[] };
    /** Why the game cannot be played, one sentence each (the file's diagnostics say where). */
    problems: string[];
    /**
     * The pieces drawn as a chess figure, by FEN letter (lower case): those that move as the
     * prelude's `king`, `queen`, `rook`, `bishop`, `knight` or `pawn` (decided by movement, never
     * by name); any other piece is drawn as its letter. Absent from older servers (all letters).
     */
    figures?: Record<string, string>;
}

export interface PlayGamesResult {
    games: PlayGame[];
}
