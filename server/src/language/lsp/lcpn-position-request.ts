/**
 * `lcpn/positionDiagram`: a position (several pieces of both sides on one board, written as a
 * position string, docs/position.md) as seen from one document: the pieces by name resolve as
 * uses in that document would. With `select`, the moves of the piece on that square in the
 * position; with `attacked`, the pieces that attack that square. For the editor's position view.
 */
import { URI } from 'langium';
import type { LangiumSharedServices } from 'langium/lsp';
import type { LcpnServices } from '../lcpn-module.js';
import { normalizeName } from '../../model/names.js';
import { parseSquare, squareName, type Board, type SetUp } from '../../engine/board.js';
import { attackersOf, movesInPosition, parsePosition, PositionError, type PieceLookup, type Position } from '../../engine/position.js';
import { renderSvgDiagram } from '../../diagram/svg.js';
import { renderTextDiagram } from '../../diagram/text.js';
import { caveats } from '../../views/piece-summary.js';

export const POSITION_DIAGRAM_REQUEST = 'lcpn/positionDiagram';

export interface PositionDiagramParams {
    /** The document whose names the position's pieces are. */
    uri: string;
    position: string;
    /** The square of the piece whose moves to show. */
    select?: string;
    /** A square whose attackers to list. */
    attacked?: string;
}

export interface PositionDiagramResult {
    board: Board;
    pieces: { name: string; side: 'white' | 'black'; square: string; known: boolean }[];
    /** The selected piece, if `select` names a square holding one. */
    selected?: { name: string; side: 'white' | 'black'; square: string; moves: string[]; captures: string[]; notes: string[] };
    attackers?: { square: string; pieces: { name: string; side: 'white' | 'black'; square: string; how: 'land' | 'igui' }[] };
    /** The selected piece's diagram in the position (its side friends, the other enemies); else the position alone. */
    svg: string;
    text: string;
    /** Why the position string cannot be read, with its column; nothing else is set then. */
    error?: { message: string; column: number };
}

export function positionDiagram(shared: LangiumSharedServices, params: PositionDiagramParams): PositionDiagramResult | null {
    const uri = URI.parse(params.uri);
    if (!shared.workspace.LangiumDocuments.hasDocument(uri)) return null;
    const services = shared.ServiceRegistry.getServices(uri) as LcpnServices;
    let position: Position;
    try {
        position = parsePosition(params.position);
    } catch (error) {
        if (!(error instanceof PositionError)) throw error;
        return { board: { files: 0, ranks: 0 }, pieces: [], svg: '', text: '', error: { message: error.message, column: error.column } };
    }
    const resolve = services.lcpn.PieceModels.resolverFor(uri.toString());
    const lookup: PieceLookup = (name) => {
        const piece = resolve(normalizeName(name));
        return piece ? { target: piece, resolve } : undefined;
    };
    const result: PositionDiagramResult = {
        board: position.board,
        pieces: position.pieces.map((p) => ({ name: p.name, side: p.side, square: squareName(p.square), known: lookup(p.name) !== undefined })),
        svg: '',
        text: ''
    };
    const window = { files: [0, position.board.files - 1] as [number, number], ranks: [0, position.board.ranks - 1] as [number, number] };
    const selectedSquare = params.select === undefined ? undefined : parseSquare(params.select);
    const index = selectedSquare ? position.pieces.findIndex((p) => p.square.file === selectedSquare.file && p.square.rank === selectedSquare.rank) : -1;
    if (index >= 0) {
        const mover = position.pieces[index];
        const moves = movesInPosition(position, index, lookup);
        // Drawn on the real board (White at the bottom), whatever the mover's side.
        const setup: SetUp = {
            board: position.board,
            at: mover.square,
            friends: position.pieces.filter((p, i) => i !== index && p.side === mover.side).map((p) => p.square),
            enemies: position.pieces.filter((p) => p.side !== mover.side).map((p) => p.square)
        };
        const title = `${mover.name} (${mover.side}) on ${squareName(mover.square)}`;
        result.svg = renderSvgDiagram(setup, moves.destinations, { window, labels: true, interactive: true, title });
        result.text = renderTextDiagram(setup, moves.destinations, { window, labels: true });
        const enemyOn = new Set(setup.enemies.map(squareName));
        result.selected = {
            name: mover.name, side: mover.side, square: squareName(mover.square),
            moves: moves.destinations.filter((d) => d.move && !enemyOn.has(squareName(d.square))).map((d) => squareName(d.square)),
            captures: moves.destinations.filter((d) => (d.capture || d.igui) && enemyOn.has(squareName(d.square))).map((d) => squareName(d.square)),
            notes: caveats(moves.problems)
        };
    } else {
        // No piece chosen: the position itself, White's pieces as friends of nobody in particular.
        const setup: SetUp = {
            board: position.board,
            at: { file: -1, rank: -1 },
            friends: position.pieces.filter((p) => p.side === 'white').map((p) => p.square),
            enemies: position.pieces.filter((p) => p.side === 'black').map((p) => p.square)
        };
        result.svg = renderSvgDiagram(setup, [], { window, labels: true, interactive: true, title: 'position' });
        result.text = renderTextDiagram(setup, [], { window, labels: true });
    }
    const attacked = params.attacked === undefined ? undefined : parseSquare(params.attacked);
    if (attacked && attacked.file < position.board.files && attacked.rank < position.board.ranks) {
        result.attackers = {
            square: squareName(attacked),
            pieces: attackersOf(position, attacked, lookup).map((a) => ({ name: a.piece.name, side: a.piece.side, square: squareName(a.piece.square), how: a.how }))
        };
    }
    return result;
}
