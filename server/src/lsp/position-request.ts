/**
 * `lcpn/positionDiagram`: a position (several pieces of both sides on one board, written as a
 * position string, docs/position.md) as seen from one document: the pieces by name resolve as
 * uses in that document would. With `edit`, a piece is put on a square (or a square emptied)
 * first, and the answer carries the position string after it, so the client edits positions
 * without reading them. With `select`, the moves of the piece on that square in the position;
 * with `attacked`, the pieces that attack that square. A position string that names no board
 * (an empty one too) is on the document's declared board (else 8 x 8); one may start with any
 * board spec (`hex6 w:king@f6`). In a file that declares one game, a FEN in the game's notation
 * is read too (`lcpn show/moves --position` read it the same way): an edit writes the FEN back
 * with its other fields, and a selected piece's legal moves follow its castling rights and en
 * passant square. Cells are named and read by the board's geometry (Glinski's names on the
 * hexagon): the client reads none. Pieces are drawn as themselves (diagram/piece-drawing.ts).
 * For the editor's position view.
 */
import { URI, type LangiumDocument } from 'langium';
import type { LangiumSharedServices } from 'langium/lsp';
import type { LcpnServices } from '../semantics/module.js';
import { normalizeName } from '../model/names.js';
import type { Rules, SetUp } from '../engine/board.js';
import { type Board, boardGeometry, type Square } from '../geometry/index.js';
import { printBoardSpec } from '../geometry/board-spec.js';
import { attackersOf, DEFAULT_POSITION_BOARD, formatPosition, movesInPosition, parsePosition, PositionError, setUpFor, type PieceLookup, type Position } from '../engine/position.js';
import type { DiagramZone } from '../diagram/zones.js';
import { fitRules } from '../views/board-rules.js';
import { brokenDefinitionNotes } from '../semantics/broken-definitions.js';
import { pieceZones } from '../views/zones.js';
import { declaredBoard } from '../semantics/declared-board.js';
import { destinations } from '../engine/report.js';
import { renderSvgDiagram } from '../diagram/svg.js';
import { renderTextDiagram } from '../diagram/text.js';
import { caveats, sentence } from '../views/piece-summary.js';
import { buildGame, fileGames } from '../semantics/file-games.js';
import { pieceFaces } from '../semantics/piece-faces.js';
import { namedFace, STANDARD_PIECES } from '../diagram/piece-drawing.js';
import { drawnPieces, renderPiecesText, wholePosition } from '../diagram/position.js';
import { FenError, legalDestinations, legalInPosition, looksLikeFen, piecesOf, positionFromFen, withPlacement, type Game, type Position as GamePosition } from '../game/index.js';

import {
    POSITION_DIAGRAM_REQUEST, type PositionDiagramParams, type PositionDiagramResult as PositionDiagramAnswer
} from './protocol.js';

export { POSITION_DIAGRAM_REQUEST, type PositionDiagramParams };

/** The answer as this server gives it: the protocol's result (server/src/lsp/protocol.ts), always with the position string. */
export type PositionDiagramResult = PositionDiagramAnswer & Required<Pick<PositionDiagramAnswer, 'position'>>;

export function positionDiagram(shared: LangiumSharedServices, params: PositionDiagramParams): PositionDiagramResult | null {
    const uri = URI.parse(params.uri);
    if (!shared.workspace.LangiumDocuments.hasDocument(uri)) return null;
    const services = shared.ServiceRegistry.getServices(uri) as LcpnServices;
    const document = shared.workspace.LangiumDocuments.getDocument(uri)!;
    // The document's board declaration: its zones, confinements and promotion zone apply in the position.
    const declaration = declaredBoard(services.lcpn.PieceModels, document);
    const declared = declaration?.rules;
    // A string that names no board (it starts with a side's pieces) is on the declared board, as `lcpn show/moves --position` reads it.
    const prefix = declared && /^\s*(w|b|white|black):/i.test(params.position) ? `${printBoardSpec(declared.board)} ` : '';
    let position: Position;
    // A FEN in the notation of the file's game (docs/position.md), as `lcpn show/moves --position` read it.
    let fen: { game: Game; position: GamePosition; text: string } | undefined;
    const failed = (message: string, column: number): PositionDiagramResult =>
        ({ position: params.position, board: { files: 0, ranks: 0 }, pieces: [], svg: '', text: '', error: { message, column } });
    try {
        if (looksLikeFen(params.position)) {
            const game = fenGame(services, document);
            if (typeof game === 'string') return failed(game, 0);
            fen = { game, position: positionFromFen(game, params.position), text: params.position };
            position = piecesOf(fen.position);
        } else {
            position = params.position.trim() === ''
                ? { board: declared?.board ?? DEFAULT_POSITION_BOARD, pieces: [] }
                : parsePosition(prefix + params.position);
        }
        if (params.edit) position = edited(position, params.edit, params.position.length);
        // An edited FEN is written back as a FEN: its other fields kept, read again by the game (a castling right may have lost its rook).
        if (fen && params.edit) {
            const text = withPlacement(fen.game, fen.text, position);
            fen = { game: fen.game, position: positionFromFen(fen.game, text), text };
        }
    } catch (error) {
        if (error instanceof FenError) return failed(error.message, params.edit ? params.position.length : Math.min(params.position.length, error.column));
        if (!(error instanceof PositionError)) {
            // withPlacement: a piece put on the board that is not the game's.
            if (fen && params.edit && error instanceof Error) return failed(error.message, params.position.length);
            throw error;
        }
        const column = Math.min(params.position.length, Math.max(0, error.column - prefix.length));
        return failed(error.message, column);
    }
    const geometry = boardGeometry(position.board);
    // The file's rules on the position's board (views/board-rules.ts, as `lcpn show --position`): a clause whose zone does not fit is left out, and said.
    const fitted = declaration ? fitRules(declaration.rules, position.board, declaration.key, 'of the position') : undefined;
    const rules = fitted?.rules;
    const resolve = services.lcpn.PieceModels.resolverFor(uri.toString());
    const lookup: PieceLookup = (name) => {
        const piece = resolve(normalizeName(name));
        return piece ? { target: piece, resolve } : undefined;
    };
    const result: PositionDiagramResult = {
        position: fen ? fen.text : formatPosition(position),
        board: { files: position.board.files, ranks: position.board.ranks },
        boardSpec: printBoardSpec(position.board),
        boardLabel: geometry.label,
        cellWord: geometry.geometry.cellWord,
        pieces: position.pieces.map((p) => ({ name: p.name, side: p.side, square: geometry.name(p.square), known: lookup(p.name) !== undefined })),
        boardNotes: (fitted?.notes ?? []).map(sentence),
        svg: '',
        text: ''
    };
    const window = { files: [0, position.board.files - 1] as [number, number], ranks: [0, position.board.ranks - 1] as [number, number] };
    // Each piece drawn as itself: its figure or its letter (the file's game's, else its initial).
    const faces = pieceFaces(services.lcpn.PieceModels, document, STANDARD_PIECES);
    const pieces = drawnPieces(position, (name) => namedFace(name, faces(name)));
    const selectedSquare = params.select === undefined ? undefined : geometry.parse(params.select);
    const index = selectedSquare ? position.pieces.findIndex((p) => p.square.file === selectedSquare.file && p.square.rank === selectedSquare.rank) : -1;
    const options = rules ? { rules } : {};
    if (index >= 0) {
        const mover = position.pieces[index];
        // Drawn on the real board (White at the bottom), whatever the mover's side.
        const setup: SetUp = { ...setUpFor(position, index, options), ...(params.firstMove ? { firstMove: true } : {}) };
        const found = lookup(mover.name);
        // An unknown name: movesInPosition says so.
        const all = found && params.firstMove ? destinations(found.target, setup, found.resolve) : movesInPosition(position, index, lookup, options);
        // A file that declares a game: its legal moves only (a royal piece never steps into check).
        const legal = legalInGame(services, document, position, mover, fen);
        const moves = legal.targets ? { ...all, destinations: legalDestinations(all.destinations, legal.targets, position.board) } : all;
        const zones = found ? pieceZones(found.target, resolve, position.board, rules, mover.side) : boardZones(rules, position.board);
        const title = `${mover.name} (${mover.side}) on ${geometry.name(mover.square)}`;
        result.svg = renderSvgDiagram(setup, moves.destinations, { window, labels: true, interactive: true, title, zones, pieces });
        result.text = `${renderPiecesText(position.board, pieces)}\n\n${title}:\n${renderTextDiagram(setup, moves.destinations, { window, labels: true, zones })}`;
        const name = (cell: Square) => geometry.name(cell);
        const enemyOn = new Set(setup.enemies.map(name));
        result.selected = {
            name: mover.name, side: mover.side, square: name(mover.square),
            moves: moves.destinations.filter((d) => d.move && !enemyOn.has(name(d.square))).map((d) => name(d.square)),
            // In a game, a legal capture on an empty square is en passant.
            captures: moves.destinations.filter((d) => (d.capture || d.igui) && (enemyOn.has(name(d.square)) || (legal.targets !== undefined && !d.move))).map((d) => name(d.square)),
            // A broken definition of the file's own behind the piece is said first (semantics/broken-definitions.ts), as in the piece view.
            notes: [...brokenNotes(services, document, mover.name), ...caveats(moves.problems), ...legal.notes]
        };
    } else {
        // No piece chosen: the position itself.
        const zones = boardZones(rules, position.board);
        result.svg = renderSvgDiagram(wholePosition(position.board, pieces), [], { window, labels: true, interactive: true, title: 'position', zones, pieces });
        result.text = renderPiecesText(position.board, pieces, zones);
    }
    const attacked = params.attacked === undefined ? undefined : geometry.parse(params.attacked);
    if (attacked) {
        result.attackers = {
            square: geometry.name(attacked),
            pieces: attackersOf(position, attacked, lookup, options).map((a) => ({ name: a.piece.name, side: a.piece.side, square: geometry.name(a.piece.square), how: a.how }))
        };
    }
    return result;
}

/**
 * The squares the mover may legally reach when the document declares one game (file-games.ts),
 * with a note saying so (game/piece-position.ts); a game that cannot be played says so, and every move is shown.
 */
function legalInGame(services: LcpnServices, document: LangiumDocument, position: Position, mover: Position['pieces'][number], fen?: { game: Game; position: GamePosition }): { targets?: Set<string>; notes: string[] } {
    if (fen) {
        const legal = legalInPosition(fen.game, position, mover, fen.position);
        return { targets: legal.targets, notes: [sentence(legal.note)] };
    }
    const models = services.lcpn.PieceModels;
    const games = fileGames(models, document);
    if (games.length !== 1) return { notes: [] };
    const game = buildGame(services, document, games[0]).game;
    if (!game) return { notes: [sentence(`the game ${games[0].name} cannot be played, so these are the piece's moves, legal or not`)] };
    const legal = legalInPosition(game, position, mover);
    return { ...(legal.targets ? { targets: legal.targets } : {}), notes: [sentence(legal.note)] };
}

/** The game a FEN is read in: the file's only game, built; else why none. */
function fenGame(services: LcpnServices, document: LangiumDocument): Game | string {
    const models = services.lcpn.PieceModels;
    const games = fileGames(models, document);
    if (games.length === 0) return 'a FEN needs a game to say what its letters are, and the file declares none (docs/language.md, "Games"): write a position string instead, such as "8x8 w:king@e1 b:king@e8"';
    if (games.length > 1) return `the file declares ${games.length} games (${games.map((g) => g.name).join(', ')}), so a FEN's letters could be any one's: write a position string instead`;
    const built = buildGame(services, document, games[0]);
    return built.game ?? `the game ${games[0].name} cannot be played (${built.problems.map((p) => p.message).join('; ')}), so its FEN cannot be read: write a position string instead`;
}

/** What broken definitions of the document's own change for the piece `name` of a position, as sentences. */
function brokenNotes(services: LcpnServices, document: LangiumDocument, name: string): string[] {
    const models = services.lcpn.PieceModels;
    const node = models.definitionNode(normalizeName(name), document.uri.toString());
    return node ? brokenDefinitionNotes(services, document, node).map(sentence) : [];
}

/** The declared board's zones as White sees them, outlined (no piece chosen: none is more relevant). */
function boardZones(rules: Rules | undefined, board: Board): DiagramZone[] {
    const geometry = boardGeometry(board);
    return (rules?.zones ?? []).map((z) => ({ name: z.key, squares: z.squares.filter((sq) => geometry.contains(sq)), relevant: false }));
}

/** A name longer than this is no piece's (and would make the string grow past what parsePosition reads). */
const MAX_EDIT_NAME = 1000;

/**
 * The position with `edit` made: the square emptied, then the piece put there. Mistakes are
 * PositionErrors at `column` (the edit is not part of the string).
 */
function edited(position: Position, edit: NonNullable<PositionDiagramParams['edit']>, column: number): Position {
    const geometry = boardGeometry(position.board);
    const square = /^[a-z]+[0-9]+$/.test(edit.square) ? geometry.parse(edit.square) : undefined;
    if (!square) throw new PositionError(`${edit.square} is not a cell of the board (${geometry.label})`, column);
    const pieces = position.pieces.filter((p) => p.square.file !== square.file || p.square.rank !== square.rank);
    if (edit.piece !== undefined) {
        // The position string's own rule for names (docs/position.md): it must read back.
        if (edit.piece.length > MAX_EDIT_NAME) throw new PositionError(`a piece name of ${edit.piece.length} characters: at most ${MAX_EDIT_NAME}`, column);
        if (!/^[^\s,@:]+$/u.test(edit.piece)) throw new PositionError(`'${edit.piece}' cannot be written in a position (no spaces, ',', '@' or ':')`, column);
        pieces.push({ name: edit.piece, side: edit.side === 'black' ? 'black' : 'white', square });
    }
    return { board: position.board, pieces };
}
