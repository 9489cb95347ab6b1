/**
 * `lcpn/pieceDiagram`: the diagram of the piece under the cursor in a given set-up, for the
 * editor's interactive diagram panel. The piece is the one named under the cursor, or else
 * the definition the cursor is in. Blockers are cell names of the board with a side (and, for
 * `(occupied-by P)`, optionally the piece standing there). The board is the params' board (a
 * board spec), else the `lcpn.diagram` settings' board, else the one the document declares
 * (with its zones and clauses), else 9 x 9 (diagram-board.ts); the declared rules apply
 * whatever the board. Cells are named and read by the board's geometry: the client reads no
 * cell name. Side and first-move state are the set-up's (docs/engine-semantics.md).
 */
import { AstUtils, CstUtils, URI, type LangiumDocument } from 'langium';
import type { LangiumSharedServices } from 'langium/lsp';
import * as ast from '../syntax/generated/ast.js';
import type { LcpnServices } from '../semantics/module.js';
import { declaredBoard, type DeclaredBoard } from '../semantics/declared-board.js';
import type { Blocker } from './protocol.js';
import type { Occupant, SetUp, Side } from '../engine/board.js';
import { type Board, boardGeometry, DIAGRAM_REQUEST_BOARD, isHoleNamed, notACell } from '../geometry/index.js';
import { printBoardSpec } from '../geometry/board-spec.js';
import { boardOffers, boardSetting, boardSourceWords, chooseBoard, diagramConfig, type BoardAsked } from './diagram-board.js';
import { destinations } from '../engine/report.js';
import { renderSvgDiagram } from '../diagram/svg.js';
import { renderTextDiagram } from '../diagram/text.js';
import { boardFacts, destinationFacts } from '../diagram/facts.js';
import { zoneFacts } from '../diagram/zones.js';
import { fitRules } from '../views/board-rules.js';
import { brokenDefinitionNotes } from '../semantics/broken-definitions.js';
import { defaultSquare } from '../views/home.js';
import { outsideZoneFacts, pieceZones } from '../views/zones.js';
import { normalizeName } from '../model/names.js';
import { caveats, sentence } from '../views/piece-summary.js';

import {
    PIECE_DIAGRAM_REQUEST, type PieceDiagramParams, type PieceDiagramResult as PieceDiagramAnswer
} from './protocol.js';

export { PIECE_DIAGRAM_REQUEST, type PieceDiagramParams };

/** The board when neither the request, the settings nor the document give one (geometry/limits.ts). */
export const DEFAULT_DIAGRAM_BOARD = DIAGRAM_REQUEST_BOARD;

/**
 * The answer as this server gives it: the protocol's result (server/src/lsp/protocol.ts, the one home
 * of the wire contract), with every field that is optional there only for older servers present.
 */
export type PieceDiagramResult = PieceDiagramAnswer
    & Required<Pick<PieceDiagramAnswer, 'promotions' | 'facts' | 'side' | 'firstMove' | 'firstMoveMatters' | 'boardSource'
        | 'boardSpec' | 'boardLabel' | 'cellWord' | 'boardOffers' | 'blockers' | 'boardNotes' | 'definitionNotes'>>;

/** The request as the server answers it: the `lcpn.diagram` settings read from the client first (the hover reads them the same way). */
export async function answerPieceDiagram(shared: LangiumSharedServices, params: PieceDiagramParams): Promise<PieceDiagramResult | null> {
    const uri = URI.parse(params.uri);
    if (!shared.workspace.LangiumDocuments.hasDocument(uri)) return null;
    const services = shared.ServiceRegistry.getServices(uri) as LcpnServices;
    return pieceDiagram(shared, params, boardSetting(await diagramConfig(services)));
}

/** `setting`: the board the user's settings name (none in tests and tools without a client). */
export function pieceDiagram(shared: LangiumSharedServices, params: PieceDiagramParams, setting?: BoardAsked): PieceDiagramResult | null {
    const uri = URI.parse(params.uri);
    const document = shared.workspace.LangiumDocuments.hasDocument(uri) ? shared.workspace.LangiumDocuments.getDocument(uri) : undefined;
    if (!document) return null;
    const services = shared.ServiceRegistry.getServices(uri) as LcpnServices;
    const definition = definitionAt(services, document, params.position);
    const piece = definition && services.lcpn.PieceModels.loweredOf(definition)?.piece;
    if (!definition || !piece) return null;
    const declared = declaredBoard(services.lcpn.PieceModels, document);
    const chosen = chooseBoard(params.board, setting, declared?.rules.board);
    const board = chosen.board;
    const geometry = boardGeometry(board);
    const side: Side = params.side === 'black' ? 'black' : 'white';
    const firstMove = params.firstMove === true;
    // The file's rules on the board drawn (views/board-rules.ts, as the CLI's --board): a clause whose zone does not fit is left out, and said.
    const fitted = declared ? fitRules(declared.rules, board, declared.key, boardSourceWords[chosen.source]) : undefined;
    const rules = fitted?.rules;
    const resolve = services.lcpn.PieceModels.resolverFor(document.uri.toString());
    const asked = params.at === undefined || params.at === null ? undefined : geometry.parse(params.at);
    // Where the piece is shown when no cell is asked for (or the one asked for cannot be used): views/home.ts, as every view.
    const home = asked ? undefined : defaultSquare(piece, resolve, board, rules, side);
    const at = asked ?? home!.at;
    // A cell the board does not have (a hole, off the board, not a cell name) is said, as the CLI says it, not passed over.
    const atProblem = params.at !== undefined && params.at !== null && !asked ? unusableCell(board, params.at, geometry.name(at), home?.zone) : undefined;
    const setup: SetUp = { board, at, friends: [], enemies: [], side, firstMove, ...(rules ? { rules } : {}) };
    // The blockers on cells of this board, as the client named them (it keeps those the answer lists).
    const placed: Blocker[] = [];
    const taken = new Set<number>([at.rank * board.files + at.file]);
    for (const blocker of params.blockers ?? []) {
        const cell = geometry.parse(blocker.square);
        if (!cell || taken.has(cell.rank * board.files + cell.file)) continue;
        taken.add(cell.rank * board.files + cell.file);
        const occupant: Occupant = blocker.piece ? { ...cell, piece: normalizeName(blocker.piece) } : cell;
        (blocker.side === 'enemy' ? setup.enemies : setup.friends).push(occupant);
        placed.push(blocker.piece ? { square: blocker.square, side: blocker.side, piece: blocker.piece } : { square: blocker.square, side: blocker.side });
    }
    const result = destinations(piece, setup, resolve);
    // Whether a first-move switch means anything for this piece here: asked on the empty board, so
    // that a blocker in the way of a double step does not hide the switch.
    const firstMoveMatters = (firstMove && setup.friends.length === 0 && setup.enemies.length === 0 ? result : destinations(piece, { ...setup, friends: [], enemies: [], firstMove: true }, resolve))
        .destinations.some((d) => d.firstMoveOnly);
    const window = { files: [0, board.files - 1] as [number, number], ranks: [0, board.ranks - 1] as [number, number] };
    const title = `${piece.name}${side === 'black' ? ' (Black)' : ''} on ${geometry.name(at)}`;
    const zones = pieceZones(piece, resolve, board, rules, side);
    return {
        piece: piece.name,
        at: geometry.name(at),
        board: { files: board.files, ranks: board.ranks },
        boardSpec: printBoardSpec(board),
        boardLabel: geometry.label,
        cellWord: geometry.geometry.cellWord,
        ...(chosen.problem ? { boardProblem: chosen.problem } : {}),
        ...(atProblem ? { atProblem } : {}),
        boardNotes: (fitted?.notes ?? []).map(sentence),
        // A broken definition of the file's own behind this diagram is said, never shown silently as another (semantics/broken-definitions.ts).
        definitionNotes: brokenDefinitionNotes(services, document, definition).map(sentence),
        boardOffers: boardOffers(declared ? { name: declared.node.name || declared.key, board: declared.rules.board } : undefined),
        blockers: placed,
        svg: renderSvgDiagram(setup, result.destinations, { window, labels: true, interactive: true, title, zones }),
        text: renderTextDiagram(setup, result.destinations, { window, labels: true, zones }),
        notes: caveats(result.problems),
        promotions: Object.fromEntries(result.destinations.filter((d) => d.promotions?.length).map((d) => [geometry.name(d.square), [...d.promotions!]])),
        // Why moves are missing when the piece was put outside a zone its keywords confine it to.
        facts: [...boardFacts(board), ...zoneFacts(zones, board), ...outsideZoneFacts(piece, resolve, setup), ...destinationFacts(result.destinations, board)],
        side,
        firstMove,
        firstMoveMatters,
        boardSource: chosen.source,
        ...(declared ? { declaredBoard: describeDeclared(declared) } : {})
    };
}

/**
 * Why the piece does not stand on `asked`, and where it stands instead (`home`, where it is
 * shown by default: in `zone`, else the centre), in one sentence:
 * `e5 is a hole of the 9x9 board: no piece can stand there; the piece stands on the centre, d5.`
 */
export function unusableCell(board: Board, asked: string, home: string, zone?: string): string {
    const name = asked.trim().toLowerCase();
    const geometry = boardGeometry(board);
    const word = geometry.geometry.cellWord;
    const shown = name.length > 16 ? `${name.slice(0, 16)}...` : name;
    const why = /^[a-z]+[0-9]+$/.test(name)
        ? isHoleNamed(board, name) ? `${notACell(board, name)}: no piece can stand there` : notACell(board, name)
        : `'${shown}' is not a ${word} name (${word}s are named by a file letter and a rank number, such as ${home})`;
    return `${why}; the piece stands ${zone ? `in its zone ${zone}, on` : 'on the centre,'} ${home}.`;
}

/** The declared board as the client shows it: its name as written, its size, its spec and words. */
export function describeDeclared(declared: DeclaredBoard): { name: string; files: number; ranks: number; spec: string; label: string } {
    const board = declared.rules.board;
    return { name: declared.node.name || declared.key, files: board.files, ranks: board.ranks, spec: printBoardSpec(board), label: boardGeometry(board).label };
}

/** The definition of the piece named under the cursor, or the definition around it. */
export function definitionAt(services: LcpnServices, document: LangiumDocument, position: { line: number; character: number }): ast.Definition | undefined {
    const root = document.parseResult.value.$cstNode;
    if (!root) return undefined;
    const offset = document.textDocument.offsetAt(position);
    const leaf = CstUtils.findLeafNodeAtOffset(root, offset) ?? CstUtils.findLeafNodeAtOffset(root, Math.max(0, offset - 1));
    if (!leaf) return undefined;
    const node = leaf.astNode;
    if (ast.isNameRef(node) && services.lcpn.NameRoles.role(node) === 'piece' && node.ref.ref) return node.ref.ref;
    return AstUtils.getContainerOfType(node, ast.isDefinition);
}
