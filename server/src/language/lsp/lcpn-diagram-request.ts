/**
 * `lcpn/pieceDiagram`: the diagram of the piece under the cursor in a given set-up, for the
 * editor's interactive diagram panel. The piece is the one named under the cursor, or else
 * the definition the cursor is in. Blockers are algebraic squares with a side (and, for
 * `(occupied-by P)`, optionally the piece standing there). The board is the params' board, else
 * the one the document declares (with its zones and clauses), else 9 x 9; the declared rules
 * apply whatever the size. Side and first-move state are the set-up's (docs/engine-semantics.md).
 */
import { AstUtils, CstUtils, URI, type LangiumDocument } from 'langium';
import type { LangiumSharedServices } from 'langium/lsp';
import * as ast from '../generated/ast.js';
import { nameRole } from '../lcpn-name-roles.js';
import type { LcpnServices } from '../lcpn-module.js';
import { declaredBoard, type DeclaredBoard } from '../lcpn-declared-board.js';
import { MAX_BOARD_SIDE, onBoard, parseSquare, squareName, type Board, type Occupant, type SetUp, type Side, type Square } from '../../engine/board.js';
import { destinations } from '../../engine/report.js';
import { renderSvgDiagram } from '../../diagram/svg.js';
import { renderTextDiagram } from '../../diagram/text.js';
import { destinationFacts } from '../../diagram/facts.js';
import { zoneFacts } from '../../diagram/zones.js';
import { outsideZoneFacts, pieceZones } from '../../views/zones.js';
import type { PieceDef } from '../../model/piece.js';
import { normalizeName } from '../../model/names.js';
import { caveats } from '../../views/piece-summary.js';

import {
    PIECE_DIAGRAM_REQUEST, type PieceDiagramParams, type PieceDiagramResult as PieceDiagramAnswer
} from '../../../../client/src/protocol.js';

export { PIECE_DIAGRAM_REQUEST, type PieceDiagramParams };

/** The board when neither the request nor the document gives one. */
export const DEFAULT_DIAGRAM_BOARD: Board = { files: 9, ranks: 9 };

/**
 * The answer as this server gives it: the protocol's result (client/src/protocol.ts, the one home
 * of the wire contract), with every field that is optional there only for older servers present.
 */
export type PieceDiagramResult = PieceDiagramAnswer
    & Required<Pick<PieceDiagramAnswer, 'promotions' | 'facts' | 'side' | 'firstMove' | 'firstMoveMatters' | 'boardSource'>>;

export function pieceDiagram(shared: LangiumSharedServices, params: PieceDiagramParams): PieceDiagramResult | null {
    const uri = URI.parse(params.uri);
    const document = shared.workspace.LangiumDocuments.hasDocument(uri) ? shared.workspace.LangiumDocuments.getDocument(uri) : undefined;
    if (!document) return null;
    const services = shared.ServiceRegistry.getServices(uri) as LcpnServices;
    const piece = pieceAt(services, document, params.position);
    if (!piece) return null;
    const declared = declaredBoard(services.lcpn.PieceModels, document);
    const board = params.board ? clampBoard(params.board) : declared?.rules.board ?? DEFAULT_DIAGRAM_BOARD;
    const at = squareOn(board, params.at) ?? { file: Math.floor(board.files / 2), rank: Math.floor(board.ranks / 2) };
    const side: Side = params.side === 'black' ? 'black' : 'white';
    const firstMove = params.firstMove === true;
    const setup: SetUp = { board, at, friends: [], enemies: [], side, firstMove, ...(declared ? { rules: declared.rules } : {}) };
    for (const blocker of params.blockers ?? []) {
        const sq = squareOn(board, blocker.square);
        if (!sq || (sq.file === at.file && sq.rank === at.rank)) continue;
        const occupant: Occupant = blocker.piece ? { ...sq, piece: normalizeName(blocker.piece) } : sq;
        (blocker.side === 'enemy' ? setup.enemies : setup.friends).push(occupant);
    }
    const resolve = services.lcpn.PieceModels.resolverFor(document.uri.toString());
    const result = destinations(piece, setup, resolve);
    // Whether a first-move switch means anything for this piece here: asked on the empty board, so
    // that a blocker in the way of a double step does not hide the switch.
    const firstMoveMatters = (firstMove && setup.friends.length === 0 && setup.enemies.length === 0 ? result : destinations(piece, { ...setup, friends: [], enemies: [], firstMove: true }, resolve))
        .destinations.some((d) => d.firstMoveOnly);
    const window = { files: [0, board.files - 1] as [number, number], ranks: [0, board.ranks - 1] as [number, number] };
    const title = `${piece.name}${side === 'black' ? ' (Black)' : ''} on ${squareName(at)}`;
    const zones = pieceZones(piece, resolve, board, declared?.rules, side);
    return {
        piece: piece.name,
        at: squareName(at),
        board,
        svg: renderSvgDiagram(setup, result.destinations, { window, labels: true, interactive: true, title, zones }),
        text: renderTextDiagram(setup, result.destinations, { window, labels: true, zones }),
        notes: caveats(result.problems),
        promotions: Object.fromEntries(result.destinations.filter((d) => d.promotions?.length).map((d) => [squareName(d.square), [...d.promotions!]])),
        // Why moves are missing when the piece was put outside a zone its keywords confine it to.
        facts: [...zoneFacts(zones), ...outsideZoneFacts(piece, resolve, setup), ...destinationFacts(result.destinations)],
        side,
        firstMove,
        firstMoveMatters,
        boardSource: params.board ? 'request' : declared ? 'declared' : 'default',
        ...(declared ? { declaredBoard: describeDeclared(declared) } : {})
    };
}

/** The declared board as the client shows it: its name as written and its size. */
export function describeDeclared(declared: DeclaredBoard): { name: string; files: number; ranks: number } {
    return { name: declared.node.name || declared.key, files: declared.rules.board.files, ranks: declared.rules.board.ranks };
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

function clampBoard(board: NonNullable<PieceDiagramParams['board']>): Board {
    const side = (n: number, fallback: number) => Math.max(1, Math.min(MAX_BOARD_SIDE, Math.floor(Number.isFinite(n) ? n : fallback)));
    return { files: side(board.files, DEFAULT_DIAGRAM_BOARD.files), ranks: side(board.ranks, DEFAULT_DIAGRAM_BOARD.ranks) };
}

function squareOn(board: Board, text: string | undefined): Square | undefined {
    const sq = text === undefined ? undefined : parseSquare(text);
    return sq && onBoard(board, sq) ? sq : undefined;
}
