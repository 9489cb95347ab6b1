/**
 * `lcpn show FILE --position "9x9 w:horse@e5,rook@a1 b:knight@c7"`: each piece of a position
 * (docs/position.md) with its moves there, as a text diagram of the whole board: its own side's
 * pieces are friends, the other side's enemies; a Black piece moves down the board. Names
 * resolve as a use of the name in FILE would (its workspace, then the prelude). In a file that
 * declares a game, the position may be a FEN and only legal moves are shown. The pieces are
 * drawn as themselves (diagram/piece-drawing.ts): letters in text, figures or letters in pictures.
 */
import type { LangiumDocument } from 'langium';
import type { Destination, Rules, SetUp } from '../engine/board.js';
import { printBoardSpec } from '../geometry/board-spec.js';
import { type Board, boardGeometry } from '../geometry/index.js';
import { parsePosition, PositionError, type PlacedPiece, type Position } from '../engine/position.js';
import { destinations, type EngineProblem } from '../engine/report.js';
import type { DiagramWindow } from '../diagram/cells.js';
import type { DiagramZone } from '../diagram/zones.js';
import { renderTextDiagram } from '../diagram/text.js';
import { namedFace, STANDARD_PIECES, type DrawnPiece } from '../diagram/piece-drawing.js';
import { drawnPieces, renderPiecesText } from '../diagram/position.js';
import { legalDestinations, legalInPosition, type Game, type Position as GamePosition } from '../game/index.js';
import { pieceFaces } from '../semantics/piece-faces.js';
import type { Document } from '../syntax/generated/ast.js';
import type { LcpnServices } from '../semantics/module.js';
import { caveats } from '../views/piece-summary.js';
import { pieceZones } from '../views/zones.js';
import { escapeText } from './escape.js';
import { positionSetUp } from './moves-position.js';
import { findMovingPiece, type NamedPiece } from './pieces.js';
import { CliError } from './workspace.js';

/**
 * Reads --position; a mistake is a usage error that names the column. A string that gives no
 * board size is on `board` when given (the board FILE declares), else on the default 8x8.
 */
export function readPosition(text: string, board?: Board): Position {
    // A first word without a side is the position's own board (9x10, hex6: engine/position.ts reads it).
    const first = text.trim().split(/\s+/)[0];
    // As engine/position.ts reads it: a spec may hold a ':' itself (`8x8-holes:d4`), a side's word starts with one.
    const namesBoard = !/^(w|b|white|black):/i.test(first) && /^(\d+x\d+|hex)/i.test(first);
    const prefix = board && text.trim() !== '' && !namesBoard ? `${printBoardSpec(board)} ` : '';
    try {
        return parsePosition(prefix + text);
    } catch (error) {
        if (error instanceof PositionError) throw new CliError(`--position: column ${Math.max(0, error.column - prefix.length) + 1}: ${escapeText(error.message)}`);
        throw error;
    }
}

/** One piece of a position with its moves there: what the text, the pictures and the page show. */
export interface PositionDiagram {
    piece: PlacedPiece;
    /** Every piece of the position, drawn as itself (diagram/piece-drawing.ts). */
    pieces: DrawnPiece[];
    /** What the file's game says of these moves (legal moves of which game, or why none). */
    notes: string[];
    named: NamedPiece;
    /** "general (White) on e1". */
    title: string;
    setup: SetUp;
    destinations: Destination[];
    problems: EngineProblem[];
    zones: DiagramZone[];
    /** The whole board: a position's coordinates matter. */
    window: DiagramWindow;
}

/** The file's game a position is played in, and the position itself when it was given as a FEN. */
export interface PositionGame {
    game: Game;
    fromFen?: GamePosition;
}

/**
 * Each piece of the position, in the order written, with its moves there: only its legal moves
 * when the file's game is given (a royal piece never steps into check). `rules` are the
 * declared board's (fitted to the position's board); `firstMove` says every piece is still on
 * its first move. Every name is looked up first: an unknown one is one clear error (with a
 * suggestion), before any output.
 */
export function positionDiagrams(services: LcpnServices, document: LangiumDocument<Document>, position: Position, rules?: Rules, firstMove = false, game?: PositionGame): PositionDiagram[] {
    const found = new Map(position.pieces.map((p) => [p.name, findMovingPiece(services, document, p.name)]));
    const window: DiagramWindow = { files: [0, position.board.files - 1], ranks: [0, position.board.ranks - 1] };
    const faces = pieceFaces(services.lcpn.PieceModels, document, STANDARD_PIECES);
    const pieces = drawnPieces(position, (name) => namedFace(name, faces(name)));
    return position.pieces.map((piece, index) => {
        const named = found.get(piece.name)!;
        const setup: SetUp = { ...positionSetUp(position, index, firstMove), ...(rules ? { rules } : {}) };
        const result = destinations(named.piece, setup, named.resolve);
        const legal = game ? legalInPosition(game.game, position, piece, game.fromFen) : undefined;
        return {
            piece, named, setup, window, pieces,
            notes: legal ? [legal.note] : [],
            title: `${piece.name} (${piece.side === 'white' ? 'White' : 'Black'}) on ${boardGeometry(position.board).name(piece.square)}`,
            destinations: legal?.targets ? legalDestinations(result.destinations, legal.targets, position.board) : result.destinations,
            problems: result.problems,
            zones: pieceZones(named.piece, named.resolve, position.board, rules, piece.side)
        };
    });
}

/** The text output: the position in letters, then each piece with its diagram on the whole board (White at the bottom) and its notes. */
export function positionLines(position: Position, diagrams: readonly PositionDiagram[]): string[] {
    const out: string[] = [`position ${boardGeometry(position.board).label}, ${position.pieces.length} piece${position.pieces.length === 1 ? '' : 's'}`, ''];
    if (diagrams.length > 0) out.push(...renderPiecesText(position.board, diagrams[0].pieces).split('\n').map((l) => `    ${l}`), '');
    for (const d of diagrams) {
        out.push(`${d.title}:`);
        out.push(...renderTextDiagram(d.setup, d.destinations, { window: d.window, labels: true, zones: d.zones }).split('\n').map((l) => `    ${l}`));
        out.push(...[...d.notes, ...caveats(d.problems)].map((c) => `  note: ${c}`));
        out.push('');
    }
    return out;
}
