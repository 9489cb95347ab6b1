/**
 * The computer opponent: forced wins found on hand-made positions in several variants (each
 * checked by a brute-force solver on the game layer's moves and results: the win exists, no
 * shorter one does, and the move played is one of the winning moves), game ends the game layer
 * reports (no move; repetition; the move rule; janggi's bikjang decided by material), a search
 * that is stopped still answering with a legal move, and the piece values derived from mobility.
 * Searches here are limited by depth, never by time.
 */
import { describe, expect, test } from 'vitest';
import { gameResult, legalUci, playUci, positionFromFen, writeFen } from '../../src/game/index.js';
import { Opponent } from '../../src/play/opponent.js';
import { MATE_BOUND } from '../../src/play/score.js';
import { loadGame } from '../game/games.js';
import { winningMoves, winsWithin } from './forced.js';

/** [game, FEN, n]: the side to move wins on its n-th move at the latest (and not sooner). */
const WINS: [string, string, number, string][] = [
    ['chess', '6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1', 1, 'back-rank mate'],
    ['chess', 'rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2', 1, "Black mates: the fool's mate"],
    ['chess', 'k7/8/2K5/8/8/8/8/7R w - - 0 1', 2, 'king and rook: a quiet king move first'],
    ['xiangqi', '4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1', 1, 'two chariots (or the stalemate, a loss in xiangqi)'],
    ['xiangqi', '4k4/9/9/9/9/9/9/9/9/R2K4R w - - 0 1', 2, 'two chariots and the flying general'],
    ['shogi', '4k4/9/4P4/9/9/9/9/9/4K4[G] w - - 0 1', 1, 'a gold dropped in front of the king'],
    ['shogi', '8k/9/9/9/9/9/9/9/K8[GG] w - - 0 1', 2, 'two golds in hand: a quiet drop first'],
    ['janggi', '4k4/9/9/9/9/9/9/9/9/R3K3R w - - 0 1', 1, 'the generals face each other: White passes, bikjang, decided by material'],
    ['normal-chess', 'k7/8/1K6/8/8/8/8/7T w - - 0 1', 2, 'seed 003, capturing the K wins: after Th8 every reply lets the K be taken (mate in one)'],
    ['normal-chess', 'k7/8/2K5/8/8/8/8/7T w - - 0 1', 3, 'seed 003: a quiet king move, then as above (mate in two)']
];

describe('forced wins', () => {
    test.each(WINS)('%s %s: wins within %i (%s)', (name, fen, n) => {
        const game = loadGame(name);
        const pos = positionFromFen(game, fen);
        if (n > 1) expect(winsWithin(pos, n - 1)).toBe(false);
        const winning = winningMoves(pos, n);
        expect(winning.length).toBeGreaterThan(0);
        const answer = new Opponent(game).bestMove(pos, { depth: 2 * n });
        expect(winning).toContain(answer.move);
        expect(answer.mate).toBe(n);
        expect(answer.score).toBeGreaterThan(MATE_BOUND);
        expect(answer.pv[0]).toBe(answer.move);
        expect(writeFen(pos)).toBe(fen);
    }, 60_000);
});

describe('game ends as the game layer reports them', () => {
    test('no legal move: no move, and the result (checkmate; stalemate)', () => {
        const chess = loadGame('chess');
        const mated = new Opponent(chess).bestMove(positionFromFen(chess, 'R5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 1 1'));
        expect(mated).toMatchObject({ move: null, mate: 0, result: { winner: 'white', reason: 'checkmate' } });
        const stalemate = new Opponent(chess).bestMove(positionFromFen(chess, 'k7/2Q5/1K6/8/8/8/8/8 b - - 0 1'));
        expect(stalemate).toMatchObject({ move: null, score: 0, result: { winner: null } });
    });

    test('a side far behind takes the draw by a third repetition when the moves before make it one', () => {
        const chess = loadGame('chess');
        const fen = '2r3nk/6pp/8/8/8/8/3Q4/K2R4 w - - 0 1';
        const pos = positionFromFen(chess, fen);
        for (const move of ['a1b1', 'g8f6', 'b1a1', 'f6g8', 'a1b1', 'g8f6', 'b1a1']) playUci(pos, move);
        const opponent = new Opponent(chess);
        const answer = opponent.bestMove(pos, { depth: 3 });
        expect(answer).toMatchObject({ move: 'f6g8', score: 0 });
        playUci(pos, 'f6g8');
        expect(gameResult(pos)?.reason).toBe('the same position for the third time');
        // The same position without that history: no draw to be had.
        const fresh = positionFromFen(chess, '2r4k/6pp/5n2/8/8/8/3Q4/K2R4 b - - 8 4');
        expect(opponent.bestMove(fresh, { depth: 3 }).score).toBeLessThan(-300);
    });

    test('a side far behind makes the 50th move without a capture or a pawn move: the move rule draws', () => {
        const chess = loadGame('chess');
        const answer = new Opponent(chess).bestMove(positionFromFen(chess, 'k7/p7/8/8/8/8/3Q4/K2R4 b - - 99 80'), { depth: 3 });
        expect(answer.score).toBe(0);
        expect(answer.move).toMatch(/^a8/);
    });
});

test('a search stopped at once, or after a few checks, still answers with a legal move', () => {
    const shogi = loadGame('shogi');
    const pos = positionFromFen(shogi, shogi.model.start);
    const legal = legalUci(pos).texts;
    const opponent = new Opponent(shogi);
    const atOnce = opponent.bestMove(pos, { signal: { aborted: true } });
    expect(legal).toContain(atOnce.move);
    let checks = 0;
    const soon = opponent.bestMove(pos, { signal: { get aborted() { return ++checks > 2; } } });
    expect(legal).toContain(soon.move);
    expect(soon.nodes).toBeLessThan(5000);
});

describe('piece values from mobility', () => {
    const values = (name: string) => {
        const game = loadGame(name);
        const v = new Opponent(game).values;
        return Object.fromEntries(game.types.slice(1).map((t, i) => [t.letter, v.value[i + 1]]));
    };

    test('chess: the pawn is the unit (100), then knight, bishop, rook, queen; the king has none', () => {
        const v = values('chess');
        expect(v.p).toBe(100);
        expect(v.k).toBe(0);
        expect(v.p < v.n && v.n < v.b && v.b < v.r && v.r < v.q).toBe(true);
        expect(v.q / v.r).toBeGreaterThan(1.5);
    });

    test('xiangqi: chariot, cannon, horse, advisor; shogi: dragon, horse, rook, bishop, gold, silver, lance, pawn', () => {
        const x = values('xiangqi');
        expect(x.r > x.c && x.c > x.n && x.n > x.a).toBe(true);
        const s = values('shogi');
        expect(s['+r'] > s['+b'] && s['+b'] > s.r && s.r > s.b && s.b > s.g && s.g > s.s && s.s > s.l && s.l > s.p).toBe(true);
        expect(s['+p']).toBe(s.g);
    });

    test('per square: a knight is worth less in the corner, a pawn more as it nears promotion', () => {
        const chess = loadGame('chess');
        const v = new Opponent(chess).values;
        const at = (letter: string, square: string) => v.onSquare[((chess.types.findIndex((t) => t.letter === letter) << 1) | 0) * chess.size + chess.parseSquare(square)!];
        expect(at('n', 'a1')).toBeLessThan(at('n', 'd4'));
        expect(at('p', 'e7')).toBeGreaterThan(at('p', 'e5'));
        expect(at('p', 'e5')).toBeGreaterThan(at('p', 'e3'));
    });
});
