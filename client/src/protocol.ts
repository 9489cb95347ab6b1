/**
 * The wire contract between this client and the LCPN language server, beyond standard LSP.
 * The client only forwards these; it knows nothing of LCPN itself.
 */

/** `workspace/executeCommand` command that rewrites a whole document in one style. */
export const CONVERT_DOCUMENT_COMMAND = 'lcpn.convertDocument';

export type SurfaceStyle = 'lisp' | 'c' | 'sql';

/** The arguments of {@link CONVERT_DOCUMENT_COMMAND}: `[uri, style]`. */
export type ConvertDocumentArguments = [uri: string, style: SurfaceStyle];

/** Custom request: the movement diagram of the piece at a position. */
export const PIECE_DIAGRAM_REQUEST = 'lcpn/pieceDiagram';

export interface BoardSize {
    files: number;
    ranks: number;
}

export type Side = 'friend' | 'enemy';

/** A piece standing in the way: `square` is algebraic (`f5`). */
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
    /** The board to draw on; absent: the board the document declares, else 9 x 9. */
    board?: BoardSize;
    /** The square the piece stands on; the server uses the centre when absent or off the board. */
    at?: string;
    /** Whose piece it is; default White. */
    side?: PlayerSide;
    /** The piece has not moved yet; default false. */
    firstMove?: boolean;
}

/** Where the board of a diagram came from. */
export type BoardSource = 'request' | 'declared' | 'default';

export interface PieceDiagramResult {
    piece: string;
    /** The square the piece stands on. */
    at: string;
    board: BoardSize;
    /** A self-contained SVG; each square is a `<rect data-square="f5">`. */
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
    /** `request`: the params' board; `declared`: the document's board declaration; `default`: 9 x 9. */
    boardSource?: BoardSource;
    /** The board the document declares, if any (its name and size), whatever board was drawn. */
    declaredBoard?: { name: string; files: number; ranks: number };
}

/** Custom request: a position (several pieces of both sides, docs/position.md) seen from a document. */
export const POSITION_DIAGRAM_REQUEST = 'lcpn/positionDiagram';

export interface PositionDiagramParams {
    /** The document whose names the position's pieces are. */
    uri: string;
    /** The position string; empty: an empty board of the document's declared size (else 8 x 8). */
    position: string;
    /** The square of the piece whose moves to show. */
    select?: string;
    /** A square whose attackers to list. */
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
    pieces: PositionPiece[];
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
