/**
 * The game layer's public API (docs/game.md): a game model (model.ts) compiled into a playable
 * game, positions in FEN, legal moves, make and unmake, results, UCI moves and perft.
 */
export type * from './model.js';
export { compileGame, Game } from './game.js';
export { GameModelError, type GameProblem } from './check.js';
export { Position } from './position.js';
export { FenError, positionFromFen, readFen, writeFen, letterOf } from './fen.js';
export { MoveList, NORMAL, DROP, CASTLE, EN_PASSANT, PASS, IGUI, LOCUST, type Move } from './moves.js';
export { legalMoves, hasLegalMove, inCheck } from './movegen.js';
export { gameResult, type GameResult } from './result.js';
export { uciMove, legalUci, playUci } from './uci.js';
export { perft, divide } from './perft.js';
export { legalDestinations, legalInPosition, looksLikeFen, piecesOf, withPlacement } from './piece-position.js';
