/**
 * `--position` for a file that declares a game (issue 23): a FEN in the game's notation beside
 * today's position strings (docs/position.md), and the game's legal moves. A FEN becomes the
 * position the diagrams and `moves` read (each piece named by the definition its letter stands
 * for); `moves` keeps only the piece's legal moves (game/piece-position.ts decides them, as for
 * `show` and the position view): a royal piece never steps into check.
 */
import type { LangiumDocument } from 'langium';
import type { Document } from '../syntax/generated/ast.js';
import type { LcpnServices } from '../semantics/module.js';
import type { MovesReport } from '../engine/report.js';
import { type Board, boardGeometry, type Square } from '../geometry/index.js';
import { fileGames } from '../semantics/file-games.js';
import { looksLikeFen, type Game } from '../game/index.js';
export { looksLikeFen, piecesOf } from '../game/index.js';
import { gameOf } from './file-game.js';
import { CliError } from './workspace.js';

/** The file's game for `--position` (the one named by --game, or the only one), or undefined when it declares none. */
export function positionGame(command: string, services: LcpnServices, document: LangiumDocument<Document>, name: string | undefined, text: string): Game | undefined {
    const games = fileGames(services.lcpn.PieceModels, document);
    if (games.length === 0 && name === undefined) {
        if (looksLikeFen(text)) throw new CliError(`${command}: --position: a FEN needs a game to say what its letters are, and the file declares none (docs/language.md, "Games"); write a position string instead, such as "8x8 w:king@e1 b:king@e8"`);
        return undefined;
    }
    return gameOf(command, services, document, name);
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
