/**
 * The Play view's game (play/session.ts): moves, undo and redo, the move list, results with
 * their reasons (checkmate, stalemate, a royal piece captured, repetition), promotions and drops
 * as the view offers them, FEN and PGN out and in; a PGN of another variant or with an illegal
 * move is refused with the move number.
 */
import { describe, expect, test } from 'vitest';
import { PgnError } from '../../src/play/pgn-read.js';
import { PlaySession } from '../../src/play/session.js';
import { loadGame } from '../game/games.js';
import { exampleGame } from '../game/games.js';
import { compileGame } from '../../src/game/index.js';

const chess = () => loadGame('chess');

function played(session: PlaySession, moves: string): PlaySession {
    for (const uci of moves.split(' ')) session.play(uci);
    return session;
}

describe('moves, undo and redo', () => {
    test('moves are played and listed in SAN by move number', () => {
        const session = played(new PlaySession(chess()), 'e2e4 e7e5 g1f3');
        expect(session.history).toEqual(['e2e4', 'e7e5', 'g1f3']);
        expect(session.moveList()).toEqual([
            { number: 1, white: 'e4', whiteIndex: 0, black: 'e5', blackIndex: 1 },
            { number: 2, white: 'Nf3', whiteIndex: 2 }
        ]);
        expect(session.toMove).toBe('black');
        expect(session.fen).toBe('rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2');
        expect(session.board().lastMove).toEqual({ from: 'g1', to: 'f3' });
    });

    test('undo takes moves back, redo plays them again, a new move forgets what was undone', () => {
        const session = played(new PlaySession(chess()), 'e2e4 e7e5 g1f3');
        expect(session.undo()).toBe(true);
        expect(session.undo()).toBe(true);
        expect(session.history).toEqual(['e2e4']);
        expect(session.canRedo).toBe(true);
        expect(session.redo()).toBe(true);
        expect(session.history).toEqual(['e2e4', 'e7e5']);
        session.play('d2d4');
        expect(session.canRedo).toBe(false);
        expect(session.redo()).toBe(false);
        expect(session.sanHistory).toEqual(['e4', 'e5', 'd4']);
        while (session.undo());
        expect(session.canUndo).toBe(false);
        expect(session.fen).toBe(chess().model.start);
    });

    test('an illegal move is refused and changes nothing', () => {
        const session = played(new PlaySession(chess()), 'e2e4');
        expect(() => session.play('e2e4')).toThrow(/not a legal move/);
        expect(session.history).toEqual(['e2e4']);
    });

    test('a black move first is numbered 1... from a FEN with Black to move', () => {
        const session = new PlaySession(chess(), 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1');
        session.play('c7c5');
        expect(session.moveList()).toEqual([{ number: 1, black: 'c5', blackIndex: 0 }]);
    });
});

describe('the legal moves the view offers', () => {
    test('a pawn on the seventh rank offers one move per promotion choice, each with its letter', () => {
        const session = new PlaySession(chess(), '4k3/P7/8/8/8/8/8/4K3 w - - 0 1');
        const moves = session.movesOf({ from: 'a7' });
        expect(moves.map((m) => m.to)).toEqual(['a8', 'a8', 'a8', 'a8']);
        expect(moves.map((m) => m.promotion).sort()).toEqual(['B', 'N', 'Q', 'R']);
        expect(moves.find((m) => m.promotion === 'Q')!.uci).toBe('a7a8q');
    });

    test('castling is offered as the king\'s move', () => {
        const session = new PlaySession(chess(), 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1');
        const castles = session.movesOf({ from: 'e1' }).filter((m) => m.kind === 'castle');
        expect(castles.map((m) => [m.uci, m.san]).sort()).toEqual([['e1c1', 'O-O-O'], ['e1g1', 'O-O']]);
    });

    test('captured pieces go to the hand in crazyhouse and are offered as drops', () => {
        const session = played(new PlaySession(loadGame('crazyhouse')), 'e2e4 d7d5 e4d5');
        expect(session.board().hands).toEqual({ white: [{ letter: 'P', count: 1 }], black: [] });
        session.play('d8d5');
        const drops = session.movesOf({ drop: 'P' });
        expect(drops.length).toBeGreaterThan(30);
        expect(drops.every((m) => m.kind === 'drop' && m.from === undefined && m.uci === `P@${m.to}`)).toBe(true);
        session.play('P@e6');
        expect(session.sanHistory.at(-1)).toBe('P@e6');
    });
});

describe('results and their reasons', () => {
    test('checkmate ends the game: the winner, the reason, no more moves', () => {
        const session = played(new PlaySession(chess()), 'f2f3 e7e5 g2g4 d8h4');
        expect(session.result()).toEqual({ winner: 'black', reason: 'checkmate' });
        expect(session.resultText()).toBe('0-1');
        expect(session.legalMoves()).toEqual([]);
        // Undoing the mate takes the result back.
        session.undo();
        expect(session.result()).toBeUndefined();
    });

    test('stalemate is a draw', () => {
        const session = new PlaySession(chess(), '7k/5Q2/6K1/8/8/8/8/8 b - - 0 1');
        expect(session.result()).toEqual({ winner: null, reason: 'no legal move (stalemate)' });
        expect(session.resultText()).toBe('1/2-1/2');
    });

    test('the third repetition is a draw', () => {
        const session = played(new PlaySession(chess()), 'g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1');
        expect(session.result()).toBeUndefined();
        session.play('f6g8');
        expect(session.result()).toEqual({ winner: null, reason: 'the same position for the third time' });
    });

    test('capturing the royal piece wins where the rules say so (seed 003\'s normal chess)', () => {
        const { model, resolve } = exampleGame('normal-chess', 'seed003.lcpn');
        const session = new PlaySession(compileGame(model, resolve), '4k3/i7/8/8/8/8/8/K3T3 b - - 0 1');
        // Black may leave its king attacked: no check in this game.
        session.play('a7a6');
        expect(session.result()).toBeUndefined();
        session.play('e1e8');
        expect(session.result()?.winner).toBe('white');
        expect(session.result()?.reason).toMatch(/royal/);
    });
});

describe('FEN and PGN', () => {
    test('a FEN that does not fit the game is refused', () => {
        expect(() => new PlaySession(chess(), 'rnbqkbnr/pppppppp/8/8 w - - 0 1')).toThrow();
    });

    test('the PGN has the Variant and FEN tags and the result with its reason; it loads back to the same game', () => {
        const session = played(new PlaySession(chess()), 'f2f3 e7e5 g2g4 d8h4');
        const pgn = session.pgn({ White: 'me', Black: 'lcpn' });
        expect(pgn).toContain('[Variant "chess"]');
        expect(pgn).toContain(`[FEN "${chess().model.start}"]`);
        expect(pgn).toContain('[White "me"]');
        expect(pgn).toMatch(/2\. g4 Qh4# \{checkmate\} 0-1/);
        const loaded = PlaySession.fromPgn(chess(), pgn).session;
        expect(loaded.history).toEqual(session.history);
        expect(loaded.result()).toEqual(session.result());
    });

    test('a PGN from a FEN starts there', () => {
        const start = '4k3/P7/8/8/8/8/8/4K3 w - - 0 1';
        const session = new PlaySession(chess(), start);
        session.play('a7a8q');
        const loaded = PlaySession.fromPgn(chess(), session.pgn()).session;
        expect(loaded.start).toBe(start);
        expect(loaded.sanHistory).toEqual(['a8=Q+']);
    });

    test('a PGN of another variant is refused', () => {
        const pgn = '[Variant "crazyhouse"]\n\n1. e4 e5 *\n';
        expect(() => PlaySession.fromPgn(chess(), pgn)).toThrow(PgnError);
        expect(() => PlaySession.fromPgn(chess(), pgn)).toThrow(/game of crazyhouse, not of chess/);
    });

    test('a PGN with an illegal move is refused with its move number', () => {
        const pgn = '[Variant "chess"]\n\n1. e4 e5 2. Nf3 Nc6 3. Ke3 *\n';
        expect(() => PlaySession.fromPgn(chess(), pgn)).toThrow(/move 3\./);
        const black = '1. e4 e5 2. Nf3 Ke6 *';
        expect(() => PlaySession.fromPgn(chess(), black)).toThrow(/move 2\.\.\./);
    });
});
