/**
 * SAN and PGN (play/san.ts, pgn-write.ts, pgn-read.ts): on seeded random games of the nine
 * example games played by Fairy-Stockfish, every move's SAN equals ffish's (`sanMove`), the
 * examples stating Fairy-Stockfish's SAN letters where they differ from the FEN letters; the PGN lcpn
 * writes reads back to the same moves, and so does a PGN whose moves are ffish's SAN; PGN's
 * forms (numbers stuck to moves, comments, NAGs, variations, UCI moves) are read; a PGN of
 * another variant, or with a move that is illegal or ambiguous, is refused with the line and the
 * move number.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { legalUci, playUci, positionFromFen } from '../../src/game/index.js';
import { moveSan, SanLetters } from '../../src/play/san.js';
import { PgnError, readPgn } from '../../src/play/pgn-read.js';
import { writePgn } from '../../src/play/pgn-write.js';
import { loadFfish, random, type Ffish, type FfishBoard } from '../variants/fsf.js';
import { GAME_TIMEOUT } from '../variants/compare.js';
import { loadGame, NINE } from '../game/games.js';

type SanBoard = FfishBoard & { sanMove(uci: string): string };

let ffish: Ffish;
beforeAll(async () => {
    ffish = await loadFfish();
}, GAME_TIMEOUT);

/** Seeded random games in Fairy-Stockfish: each a list of UCI moves from the start. */
function randomGames(variant: string, seed: number, games: number, plies: number): string[][] {
    const rnd = random(seed);
    const board = new ffish.Board(variant);
    const all: string[][] = [];
    try {
        for (let g = 0; g < games; g++) {
            board.setFen(ffish.startingFen(variant));
            const moves: string[] = [];
            for (let ply = 0; ply < plies && !board.isGameOver(); ply++) {
                const legal = board.legalMoves().split(' ').filter((m) => m !== '');
                if (legal.length === 0) break;
                const move = legal[Math.floor(rnd() * legal.length)];
                board.push(move);
                moves.push(move);
            }
            all.push(moves);
        }
    } finally {
        board.delete();
    }
    return all;
}

describe.each(NINE)('%s', (variant) => {
    test('6 random games (seed 24): SAN as ffish writes it; the PGN reads back, in lcpn\'s SAN and in ffish\'s', () => {
        // The example file's game: it states Fairy-Stockfish's SAN letters where they are not the FEN letters ((horse "n" (san "h"))).
        const game = loadGame(variant);
        const letters = new SanLetters(game);
        const start = game.model.start;
        const board = new ffish.Board(variant) as SanBoard;
        const differences: string[] = [];
        let compared = 0;
        try {
            for (const moves of randomGames(variant, 24, 6, 120)) {
                board.setFen(ffish.startingFen(variant));
                const pos = positionFromFen(game, start);
                const fsfSans: string[] = [];
                for (const uci of moves) {
                    const { list, texts } = legalUci(pos);
                    const ours = moveSan(pos, list, texts.indexOf(uci), letters);
                    const theirs = board.sanMove(uci);
                    fsfSans.push(theirs);
                    if (ours !== theirs && differences.length < 10) differences.push(`${board.fen()}: ${uci} is ${ours}, ffish writes ${theirs}`);
                    compared++;
                    board.push(uci);
                    playUci(pos, uci);
                }
                const pgn = writePgn(game, start, moves);
                expect(readPgn(game, pgn).moves.map((m) => m.uci)).toEqual(moves);
                const theirs = `[Variant "${variant}"]\n\n${fsfSans.map((san, n) => (n % 2 === 0 ? `${n / 2 + 1}. ${san}` : san)).join(' ')} *\n`;
                expect(readPgn(game, theirs).moves.map((m) => m.uci)).toEqual(moves);
            }
        } finally {
            board.delete();
        }
        expect(differences).toEqual([]);
        expect(compared).toBeGreaterThan(200);
    }, GAME_TIMEOUT);
});

describe('writing', () => {
    test('the Seven Tag Roster, Variant, FEN and SetUp; the moves in SAN; the result and its reason', () => {
        const chess = loadGame('chess');
        const pgn = writePgn(chess, chess.model.start, ['f2f3', 'e7e5', 'g2g4', 'd8h4'], { tags: { White: 'Ann' } });
        expect(pgn).toBe([
            '[Event "?"]', '[Site "?"]', '[Date "????.??.??"]', '[Round "?"]', '[White "Ann"]', '[Black "?"]', '[Result "0-1"]',
            '[Variant "chess"]', '[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]', '[SetUp "1"]',
            '', '1. f3 e5 2. g4 Qh4# {checkmate} 0-1', ''
        ].join('\n'));
    });

    test('drops, shogi promotions and a game from a FEN that Black begins', () => {
        const shogi = loadGame('shogi');
        const fen = '4k4/9/4P4/9/9/9/9/9/4K4[G] w - - 0 1';
        expect(writePgn(shogi, fen, ['G@e8'])).toContain('\n1. G@e8# {checkmate} 1-0\n');
        const crazyhouse = loadGame('crazyhouse');
        const black = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR[] b KQkq - 0 2';
        expect(writePgn(crazyhouse, black, ['g8f6', 'd2d4'])).toContain('\n2... Nf6 3. d4 *\n');
    });

    test('a move that is not legal is refused with its number', () => {
        const chess = loadGame('chess');
        expect(() => writePgn(chess, chess.model.start, ['e2e4', 'e2e4'])).toThrow(/^move 2 of the game: 'e2e4': there is no piece on e2/);
    });
});

describe('reading', () => {
    const chess = loadGame('chess');

    test('numbers stuck to moves, comments, NAGs, variations (not kept), UCI moves, the result', () => {
        const record = readPgn(chess, [
            '[Event "Club"]', '[Result "1-0"]', '', '{Opening} 1.e4 e5!? $1 2. Nf3 (2. f4 exf4) 2... Nc6 ; the knight', '3.f1b5 a6 1-0', ''
        ].join('\n'));
        expect(record.moves.map((m) => m.uci)).toEqual(['e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1b5', 'a7a6']);
        expect(record.moves.map((m) => m.san)).toEqual(['e4', 'e5', 'Nf3', 'Nc6', 'Bb5', 'a6']);
        expect(record).toMatchObject({ comment: 'Opening', result: '1-0', tags: { Event: 'Club' } });
        expect(record.moves[1].nags).toEqual(['$1']);
        expect(record.moves[3].comment).toBe('the knight');
        expect(record.notes).toEqual(['a variation at line 4 is not kept (only the main line is)']);
    });

    test('the start position from the FEN tag; lichess\'s "Standard" is chess', () => {
        const record = readPgn(chess, '[Variant "Standard"]\n[FEN "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"]\n\n1. Ra8# 1-0\n');
        expect(record.start).toBe('6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1');
        expect(record.moves.map((m) => m.uci)).toEqual(['a1a8']);
    });

    test.each([
        ['[Variant "xiangqi"]\n\n1. e4 *', 1, undefined, /this PGN is a game of xiangqi, not of chess/],
        ['1. e4 e5\n2. Nf3 Nc6 3. Ke3 *', 2, '3.', /'Ke3' is not a legal move for White here; the legal moves are /],
        ['1. e4 e5 2. Qh5 Ke7 3. Qxe5# Kd8 *', 1, '3...', /'Kd8': the game is over, Black has no legal move/],
        ['[FEN "4k3/8/8/8/8/8/4K3/R6R w - - 0 1"]\n\n1. Rd1 *', 3, '1.', /'Rd1' could be Rad1 or Rhd1: write which/],
        ['1. e4 e5 2. Zf3 *', 1, '2.', /'Zf3': Z is not a piece of chess/],
        ['1. e4 e5 1-0 2. Nf3', 1, undefined, /the text goes on with 'Nf3' after the result/],
        ['[FEN "8/8/8 w - - 0 1"]\n\n1. e4 *', 1, undefined, /the FEN tag does not fit chess: the placement has 3 ranks/]
    ])('refused: %j at line %i, move %s', (text, line, move, message) => {
        let error: unknown;
        try {
            readPgn(chess, text);
        } catch (e) {
            error = e;
        }
        expect(error).toBeInstanceOf(PgnError);
        expect((error as PgnError).line).toBe(line);
        expect((error as PgnError).move).toBe(move);
        expect((error as PgnError).message).toMatch(message);
    });
});
