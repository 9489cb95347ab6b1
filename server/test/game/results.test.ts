/**
 * How games end, in positions and move sequences worked out by hand, each played in lcpn and in
 * Fairy-Stockfish (draws by rule claimed) where it has the variant: checkmate, stalemate as a
 * draw and as a loss, repetition, perpetual check, the move rule, janggi's two passes and
 * bikjang decided by material, shogi's mate by a pawn drop; and rules Fairy-Stockfish's nine
 * variants do not have, on small games made here: capture of the royal piece, extinction, a flag
 * zone, a bare king.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { loadFfish, type Ffish } from '../variants/fsf.js';
import { GAME_TIMEOUT } from '../variants/compare.js';
import { compileGame, gameResult, legalUci, playUci, positionFromFen, type GameModel, type GameResult } from '../../src/game/index.js';
import { newBoard } from './fsf.js';
import { loadGame, MODELS, resolverOf } from './games.js';

let ffish: Ffish;
beforeAll(async () => {
    ffish = await loadFfish();
}, GAME_TIMEOUT);

const score = (r: GameResult | undefined) => (!r ? '*' : r.winner === 'white' ? '1-0' : r.winner === 'black' ? '0-1' : '1/2-1/2');

/** Plays `moves` from `fen` in both; the result in each at the end (and that neither ended before). */
function playBoth(variant: string, fen: string, moves: string[]): { lcpn: string; fsf: string; reason?: string } {
    const pos = positionFromFen(loadGame(variant), fen);
    const board = newBoard(ffish, variant, fen) as ReturnType<typeof newBoard> & { isGameOver(c?: boolean): boolean; result(c?: boolean): string };
    try {
        for (const move of moves) {
            expect(gameResult(pos), `before ${move}`).toBeUndefined();
            expect(board.push(move)).toBe(true);
            playUci(pos, move);
        }
        const result = gameResult(pos);
        return { lcpn: score(result), fsf: board.isGameOver(true) ? board.result(true) : '*', ...(result ? { reason: result.reason } : {}) };
    } finally {
        board.delete();
    }
}

const CHESS_START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

describe('as Fairy-Stockfish ends them', () => {
    test("chess: fool's mate is checkmate, Black wins", () => {
        expect(playBoth('chess', CHESS_START, ['f2f3', 'e7e5', 'g2g4', 'd8h4'])).toEqual({ lcpn: '0-1', fsf: '0-1', reason: 'checkmate' });
    });

    test('chess: stalemate is a draw', () => {
        expect(playBoth('chess', '7k/8/6K1/8/8/8/8/5Q2 w - - 0 1', ['f1f7'])).toMatchObject({ lcpn: '1/2-1/2', fsf: '1/2-1/2', reason: 'no legal move (stalemate)' });
    });

    test('chess: the knights out and back twice, the start position a third time: a draw', () => {
        const dance = ['g1f3', 'g8f6', 'f3g1', 'f6g8'];
        const r = playBoth('chess', CHESS_START, [...dance, ...dance]);
        expect(r).toMatchObject({ lcpn: '1/2-1/2', fsf: '1/2-1/2' });
        expect(r.reason).toMatch(/third time/);
    });

    test('chess: the 50-move rule, a quiet move on a clock of 99', () => {
        expect(playBoth('chess', '7k/8/8/8/8/8/8/R6K w - - 99 80', ['a1a2'])).toMatchObject({ lcpn: '1/2-1/2', fsf: '1/2-1/2' });
        // A capture resets the clock instead.
        expect(playBoth('chess', '7k/8/8/8/8/8/r7/R6K w - - 99 80', ['a1a2'])).toMatchObject({ lcpn: '*', fsf: '*' });
    });

    test('xiangqi: a general with no move, not attacked, loses (stalemate is a loss)', () => {
        // Black's general on d10: e10 is on the e1 chariot's file, d9 on the a9 chariot's rank.
        expect(playBoth('xiangqi', '3k5/9/R8/9/9/9/9/9/9/4RK3 w - - 0 1', ['a8a9'])).toMatchObject({ lcpn: '1-0', fsf: '1-0' });
    });

    test('xiangqi: checking on every move until the position comes a third time loses for the checker', () => {
        const fen = '9/4k4/4b4/9/9/9/9/9/9/R2K5 w - - 0 1';
        const r = playBoth('xiangqi', fen, ['a1a9', 'e9e10', 'a9a10', 'e10e9', 'a10a9', 'e9e10', 'a9a10', 'e10e9', 'a10a9']);
        expect(r).toMatchObject({ lcpn: '0-1', fsf: '0-1' });
        expect(r.reason).toMatch(/perpetual check/);
    });

    test('janggi: two passes end the game, decided by material (Black wins level material with its 1.5)', () => {
        const start = loadGame('janggi').model.start;
        expect(playBoth('janggi', start, ['e2e2', 'e9e9'])).toMatchObject({ lcpn: '0-1', fsf: '0-1' });
        // With a chariot more, White wins.
        expect(playBoth('janggi', '4k4/9/9/9/9/9/9/9/R8/3K5 w - - 0 1', ['d1d1', 'e10e10'])).toMatchObject({ lcpn: '1-0', fsf: '1-0' });
    });

    test('janggi: bikjang, the generals facing after a move and a pass', () => {
        // White's general steps onto the e-file facing Black's; Black passes instead of breaking it.
        const r = playBoth('janggi', '4k4/9/9/9/9/9/9/9/R8/3K5 w - - 0 1', ['d1e1', 'e10e10']);
        expect(r).toMatchObject({ lcpn: '1-0', fsf: '1-0' });
        expect(r.reason).toMatch(/bikjang/);
        // Facing, the side to move must break it or pass.
        const facing = legalUci(positionFromFen(loadGame('janggi'), '4k4/9/9/9/9/9/9/9/R8/4K4 b - - 0 1')).texts.sort();
        expect(facing).toEqual(['e10d10', 'e10e10', 'e10f10']);
    });

    test('shogi: a mate by dropping a pawn is in the list, and the side that made it loses', () => {
        const fen = '3lkl3/9/4G4/9/9/9/9/9/4K4[P] w - - 0 1';
        expect(legalUci(positionFromFen(loadGame('shogi'), fen)).texts).toContain('P@e8');
        expect(playBoth('shogi', fen, ['P@e8'])).toMatchObject({ lcpn: '0-1', fsf: '0-1' });
    });
});

describe("shogi's mate by a pawn drop as an illegal move", () => {
    test('the drop is not in the list; other pawn drops are', () => {
        const entry = MODELS.shogi;
        const model: GameModel = { ...entry.model, drops: { ...entry.model.drops!, dropMate: { pieces: ['p'], rule: 'illegal' } } };
        const moves = legalUci(positionFromFen(compileGame(model, entry.resolve()), '3lkl3/9/4G4/9/9/9/9/9/4K4[P] w - - 0 1')).texts;
        expect(moves).not.toContain('P@e8');
        expect(moves).toContain('P@e6');
    });
});

/** Small games over the prelude's pieces on 8x8, for rules none of the nine variants has. */
function tiny(results: GameModel['results'], royalty?: GameModel['royalty']): GameModel {
    return {
        name: 'tiny', board: { kind: 'board', files: 8, ranks: 8, clauses: [] },
        pieces: [{ letter: 'k', piece: 'king' }, { letter: 'r', piece: 'rook' }, { letter: 'n', piece: 'knight' }],
        start: '4k3/8/8/8/8/8/8/R3K3 w - - 0 1', ...(royalty ? { royalty } : {}), results
    };
}

describe('rules of the game model that the nine variants do not use', () => {
    const play = (model: GameModel, fen: string, moves: string[]) => {
        const pos = positionFromFen(compileGame(model, resolverOf(undefined).resolve), fen);
        for (const m of moves) playUci(pos, m);
        return { result: gameResult(pos), moves: legalUci(pos).texts };
    };

    test('royalty by capture: no check, the king may be taken, and taking it wins', () => {
        const model = tiny({ stalemate: 'draw' }, { pieces: ['k'], rule: 'capture' });
        // The White king may step next to the rook's file (no check rule), and the rook takes the king.
        expect(play(model, '4k3/8/8/8/8/8/8/R3K3 b - - 0 1', []).moves).toContain('e8d8');
        const end = play(model, '4k3/8/8/8/8/8/8/4RK2 w - - 0 1', ['e1e8']);
        expect(end).toEqual({ result: { winner: 'white', reason: 'Black has no royal piece left' }, moves: [] });
    });

    test('extinction: a side with no rook left loses', () => {
        const model = tiny({ stalemate: 'draw', extinction: { pieces: ['r'], outcome: 'loss' } });
        expect(play(model, 'r3k3/8/8/8/8/8/8/R3K3 w - - 0 1', ['a1a8']).result).toEqual({ winner: 'white', reason: 'Black has none of its r left' });
    });

    test('a flag zone: a king on the far rank wins', () => {
        const model = tiny({ stalemate: 'draw', flag: { pieces: ['k'], zone: ['a8-h8'] } });
        expect(play(model, '8/3K4/8/8/8/8/4k3/8 w - - 0 1', ['d7d8']).result).toEqual({ winner: 'white', reason: 'White reached its goal on d8' });
        // Black's zone is its own far rank, the first (the zone turned half a turn).
        expect(play(model, '8/3K4/8/8/8/8/4k3/8 b - - 0 1', ['e2e1']).result?.winner).toBe('black');
    });

    test('bare king: a side left with its king alone loses', () => {
        const model = tiny({ stalemate: 'draw', bareKing: 'loss' }, { pieces: ['k'], rule: 'check' });
        expect(play({ ...model, results: { ...model.results, checkmate: 'loss' } }, 'n3k3/8/8/8/8/8/8/R3K3 w - - 0 1', ['a1a8']).result)
            .toEqual({ winner: 'white', reason: 'Black has nothing left but its royal pieces' });
    });
});
