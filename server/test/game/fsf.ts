/**
 * Fairy-Stockfish's side of the game tests: its legal moves and its perft (the last ply counted
 * from the list of legal moves, as lcpn counts it) beside lcpn's.
 */
import { type Ffish, type FfishBoard } from '../variants/fsf.js';
import { legalUci, perft, positionFromFen, type Game } from '../../src/game/index.js';

export type Board = FfishBoard & { numberLegalMoves(): number; pop(): void };

export function newBoard(ffish: Ffish, variant: string, fen?: string): Board {
    return (fen === undefined ? new ffish.Board(variant) : new ffish.Board(variant, fen)) as Board;
}

export function ffishPerft(board: Board, depth: number): number {
    if (depth === 1) return board.numberLegalMoves();
    let nodes = 0;
    for (const move of board.legalMoves().split(' ')) {
        if (!move) continue;
        board.push(move);
        nodes += ffishPerft(board, depth - 1);
        board.pop();
    }
    return nodes;
}

/** The differences between lcpn's and Fairy-Stockfish's legal moves in a position (empty: the same list). */
export function moveDifferences(ffish: Ffish, game: Game, variant: string, fen: string): string[] {
    const board = newBoard(ffish, variant, fen);
    try {
        const theirs = new Set(board.legalMoves().split(' ').filter((m) => m !== ''));
        const ours = new Set(legalUci(positionFromFen(game, fen)).texts);
        return [
            ...[...theirs].filter((m) => !ours.has(m)).map((m) => `${fen}: lcpn lacks ${m}`),
            ...[...ours].filter((m) => !theirs.has(m)).map((m) => `${fen}: lcpn adds ${m}`)
        ];
    } finally {
        board.delete();
    }
}

/** Both perft counts of a position. */
export function bothPerft(ffish: Ffish, game: Game, variant: string, fen: string, depth: number): { lcpn: number; fsf: number } {
    const board = newBoard(ffish, variant, fen);
    try {
        return { lcpn: perft(positionFromFen(game, fen), depth), fsf: ffishPerft(board, depth) };
    } finally {
        board.delete();
    }
}
