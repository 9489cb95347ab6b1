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
}

export interface PieceDiagramParams {
    uri: string;
    position: { line: number; character: number };
    blockers?: Blocker[];
    board?: BoardSize;
    /** The square the piece stands on; the server uses the centre when absent or off the board. */
    at?: string;
}

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
}

/** Command: save or copy the diagram of the piece at a position (used by the hover's links). */
export const EXPORT_DIAGRAM_COMMAND = 'lcpn.exportDiagram';

/** The argument of {@link EXPORT_DIAGRAM_COMMAND}. */
export interface ExportDiagramArguments {
    uri: string;
    position: { line: number; character: number };
    format?: 'svg' | 'png';
}
