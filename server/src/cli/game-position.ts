/**
 * `--position` for a file that declares a game (issue 23): a FEN in the game's notation beside
 * today's position strings (docs/position.md), and the game's legal moves. A FEN becomes the
 * position the diagrams and `moves` read (each piece named by the definition its letter stands
 * for); a position string becomes a game position (each name by its letter) so that `moves`
 * keeps only the piece's legal moves: a royal piece never steps into check.
 */
import type { LangiumDocument } from 'langium';
import type { Document } from '../syntax/generated/ast.js';
import type { LcpnServices } from '../semantics/module.js';
import type { Position as PiecesPosition } from '../engine/position.js';
import type { MovesReport } from '../engine/report.js';
import { type Board, boardGeometry, type Square } from '../geometry/index.js';
import { fileGames } from '../semantics/file-games.js';
import { legalUci, type Game, type Position as GamePosition } from '../game/index.js';
import { normalizeName } from '../model/names.js';
import { fenPosition, gameOf } from './file-game.js';
import { escapeText } from './escape.js';
import { CliError } from './workspace.js';

/** A FEN has ranks separated by `/` and no `piece@square` of a position string. */
export function looksLikeFen(text: string): boolean {
    return text.includes('/') && !text.includes('@');
}

/** The file's game for `--position` (the one named by --game, or the only one), or undefined when it declares none. */
export function positionGame(command: string, services: LcpnServices, document: LangiumDocument<Document>, name: string | undefined, text: string): Game | undefined {
    const games = fileGames(services.lcpn.PieceModels, document);
    if (games.length === 0 && name === undefined) {
        if (looksLikeFen(text)) throw new CliError(`${command}: --position: a FEN needs a game to say what its letters are, and the file declares none (docs/language.md, "Games"); write a position string instead, such as "8x8 w:king@e1 b:king@e8"`);
        return undefined;
    }
    return gameOf(command, services, document, name);
}

/** A game position as the diagrams read positions: each piece by the name of the definition its letter stands for. */
export function piecesOf(position: GamePosition): PiecesPosition {
    const game = position.game;
    const pieces: PiecesPosition['pieces'] = [];
    for (let sq = 0; sq < game.size; sq++) {
        const code = position.cells[sq];
        if (code <= 0) continue;
        pieces.push({ name: game.types[code >> 1].key, side: (code & 1) === 1 ? 'black' : 'white', square: { file: sq % game.files, rank: Math.floor(sq / game.files) } });
    }
    return { board: game.board, pieces };
}

/** A position string's pieces as a position of the game, `side` to move (no castling rights, no en passant square). */
export function gamePositionOf(command: string, game: Game, position: PiecesPosition, side: 'white' | 'black'): GamePosition {
    const letters = new Map(game.model.pieces.map((p) => [p.piece, p.letter]));
    if (position.board.files !== game.files || position.board.ranks !== game.ranks) {
        throw new CliError(`${command}: --position: the position's board is ${position.board.files}x${position.board.ranks}, the game's ${game.files}x${game.ranks}`);
    }
    const rows: string[] = [];
    for (let rank = game.ranks - 1; rank >= 0; rank--) {
        let row = '';
        let empty = 0;
        for (let file = 0; file < game.files; file++) {
            const piece = position.pieces.find((p) => p.square.file === file && p.square.rank === rank);
            if (!piece) {
                empty++;
                continue;
            }
            const letter = letters.get(normalizeName(piece.name));
            if (letter === undefined) throw new CliError(`${command}: --position: ${escapeText(piece.name)} is not one of the game's pieces (${[...letters.keys()].join(', ')})`);
            if (empty > 0) row += String(empty);
            empty = 0;
            row += piece.side === 'white' ? letter.toUpperCase() : letter;
        }
        rows.push(empty > 0 ? row + String(empty) : row);
    }
    const hand = game.model.drops ? '[]' : '';
    return fenPosition(command, game, `${rows.join('/')}${hand} ${side === 'white' ? 'w' : 'b'} - - 0 1`);
}

/** The squares the piece on `from` may legally move to (the last square of each of its legal moves). */
export function legalTargets(position: GamePosition, from: Square): Set<string> {
    const geometry = boardGeometry(position.game.board);
    const name = geometry.name(from);
    const targets = new Set<string>();
    for (const text of legalUci(position).texts) {
        const legs = text.split(',');
        if (text.includes('@') || /^[a-z]+[0-9]+/.exec(legs[0])?.[0] !== name) continue;
        // Each leg's landing: the last is where the piece ends; an earlier one is where it captures on the way or without moving (igui).
        for (const leg of legs) {
            const end = /^[a-z]+[0-9]+([a-z]+[0-9]+)/.exec(leg)?.[1];
            if (end !== undefined && end !== name) targets.add(end);
        }
    }
    return targets;
}

/**
 * The report with only the legal destinations (the game answers for this position only): a
 * capture on an empty square that is legal is en passant, and is listed with the captures; a
 * legal move the piece's own moves do not have (the king's castling) is listed with its moves;
 * other captures on empty squares (what it would take if an enemy stood there) are dropped.
 */
export function legalOnly(report: MovesReport, legal: ReadonlySet<string>, at: Square, board: Board): MovesReport {
    const keep = <T>(items: readonly T[], squares: readonly string[]) => items.filter((_, i) => legal.has(squares[i]));
    const geometry = boardGeometry(board);
    const listed = new Set([...report.moveSquares, ...report.takeSquares, ...report.iguiSquares, ...report.locustSquares.flatMap((l) => [l.to, ...l.capture])]);
    const enPassant = report.captureSquares.filter((s) => legal.has(s) && !listed.has(s));
    const extra = [...legal].filter((s) => !listed.has(s) && !enPassant.includes(s) && geometry.parse(s));
    return {
        ...report,
        moves: [...keep(report.moves, report.moveSquares), ...extra.map((s): [number, number] => [geometry.parse(s)!.file - at.file, geometry.parse(s)!.rank - at.rank])],
        moveSquares: [...report.moveSquares.filter((s) => legal.has(s)), ...extra],
        captures: [],
        captureSquares: [],
        takeSquares: [...report.takeSquares.filter((s) => legal.has(s)), ...enPassant],
        iguiSquares: report.iguiSquares.filter((s) => legal.has(s)),
        promotions: Object.fromEntries(Object.entries(report.promotions).filter(([s]) => legal.has(s))),
        locustSquares: report.locustSquares.filter((l) => legal.has(l.to)),
        firstMoveSquares: report.firstMoveSquares.filter((s) => legal.has(s))
    };
}
