/**
 * `lcpn/pieceDiagram`: the diagram of the piece under the cursor in a given set-up, for the
 * editor's interactive diagram panel. The piece is the one named under the cursor, or else
 * the definition the cursor is in. Blockers are algebraic squares with a side.
 */
import { AstUtils, CstUtils, URI, type LangiumDocument } from 'langium';
import type { LangiumSharedServices } from 'langium/lsp';
import * as ast from '../generated/ast.js';
import { nameRole } from '../lcpn-name-roles.js';
import type { LcpnServices } from '../lcpn-module.js';
import { MAX_BOARD_SIDE, onBoard, parseSquare, squareName, type Board, type SetUp, type Square } from '../../engine/board.js';
import { destinations } from '../../engine/report.js';
import { renderSvgDiagram } from '../../diagram/svg.js';
import { renderTextDiagram } from '../../diagram/text.js';
import { destinationFacts } from '../../diagram/facts.js';
import type { PieceDef } from '../../model/piece.js';
import { caveats } from '../../views/piece-summary.js';

export const PIECE_DIAGRAM_REQUEST = 'lcpn/pieceDiagram';

export interface PieceDiagramParams {
    uri: string;
    position: { line: number; character: number };
    blockers?: { square: string; side: 'friend' | 'enemy' }[];
    board?: { files: number; ranks: number };
    /** Where the piece stands; default the centre. */
    at?: string;
}

export interface PieceDiagramResult {
    piece: string;
    at: string;
    board: Board;
    svg: string;
    text: string;
    notes: string[];
    /** Promotion choices by destination square ("e8": ["queen", "rook"]). */
    promotions: Record<string, string[]>;
    /** What the picture cannot say in symbols, one line each ("promotes on e8 to queen, rook"). */
    facts: string[];
}

export function pieceDiagram(shared: LangiumSharedServices, params: PieceDiagramParams): PieceDiagramResult | null {
    const uri = URI.parse(params.uri);
    const document = shared.workspace.LangiumDocuments.hasDocument(uri) ? shared.workspace.LangiumDocuments.getDocument(uri) : undefined;
    if (!document) return null;
    const services = shared.ServiceRegistry.getServices(uri) as LcpnServices;
    const piece = pieceAt(services, document, params.position);
    if (!piece) return null;
    const board = clampBoard(params.board);
    const at = squareOn(board, params.at) ?? { file: Math.floor(board.files / 2), rank: Math.floor(board.ranks / 2) };
    const setup: SetUp = { board, at, friends: [], enemies: [] };
    for (const blocker of params.blockers ?? []) {
        const sq = squareOn(board, blocker.square);
        if (!sq || (sq.file === at.file && sq.rank === at.rank)) continue;
        (blocker.side === 'enemy' ? setup.enemies : setup.friends).push(sq);
    }
    const result = destinations(piece, setup, services.lcpn.PieceModels.resolverFor(document.uri.toString()));
    const window = { files: [0, board.files - 1] as [number, number], ranks: [0, board.ranks - 1] as [number, number] };
    return {
        piece: piece.name,
        at: squareName(at),
        board,
        svg: renderSvgDiagram(setup, result.destinations, { window, labels: true, interactive: true, title: `${piece.name} on ${squareName(at)}` }),
        text: renderTextDiagram(setup, result.destinations, { window, labels: true }),
        notes: caveats(result.problems),
        promotions: Object.fromEntries(result.destinations.filter((d) => d.promotions?.length).map((d) => [squareName(d.square), [...d.promotions!]])),
        facts: destinationFacts(result.destinations)
    };
}

/** The piece named under the cursor, or the definition around it. */
export function pieceAt(services: LcpnServices, document: LangiumDocument, position: { line: number; character: number }): PieceDef | undefined {
    const root = document.parseResult.value.$cstNode;
    if (!root) return undefined;
    const offset = document.textDocument.offsetAt(position);
    const leaf = CstUtils.findLeafNodeAtOffset(root, offset) ?? CstUtils.findLeafNodeAtOffset(root, Math.max(0, offset - 1));
    if (!leaf) return undefined;
    const models = services.lcpn.PieceModels;
    const node = leaf.astNode;
    if (ast.isNameRef(node) && nameRole(node) === 'piece' && node.ref.ref) return models.loweredOf(node.ref.ref)?.piece;
    const def = AstUtils.getContainerOfType(node, ast.isDefinition);
    return def ? models.loweredOf(def)?.piece : undefined;
}

function clampBoard(board: PieceDiagramParams['board']): Board {
    const side = (n: number | undefined, fallback: number) => Math.max(1, Math.min(MAX_BOARD_SIDE, Math.floor(Number.isFinite(n) ? n! : fallback)));
    return { files: side(board?.files, 9), ranks: side(board?.ranks, 9) };
}

function squareOn(board: Board, text: string | undefined): Square | undefined {
    const sq = text === undefined ? undefined : parseSquare(text);
    return sq && onBoard(board, sq) ? sq : undefined;
}
