/**
 * The game layer against Fairy-Stockfish (ffish), for the nine variants of issue 23's contract:
 * in the start position and in positions of seeded random games (both sides to move), the list
 * of legal moves in UCI is the same, and perft totals agree to depth 3 (start and a few random
 * positions) and depth 2 (more). Chess also on the chessprogramming wiki's perft positions.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { loadFfish, randomPositions, type Ffish } from '../variants/fsf.js';
import { GAME_TIMEOUT } from '../variants/compare.js';
import { bothPerft, moveDifferences, newBoard } from './fsf.js';
import { divide, perft, positionFromFen } from '../../src/game/index.js';
import { loadGame, NINE } from './games.js';

let ffish: Ffish;
beforeAll(async () => {
    ffish = await loadFfish();
}, GAME_TIMEOUT);

describe.each(NINE)('%s agrees with Fairy-Stockfish', (variant) => {
    let fens: string[];
    beforeAll(() => {
        fens = randomPositions(ffish, variant, { seed: 23, games: 6, plies: 160, every: 7, promoted: true });
    }, GAME_TIMEOUT);

    test('the same legal moves in the start position and 6 random games (seed 23)', () => {
        const game = loadGame(variant);
        expect(fens.length).toBeGreaterThan(30);
        expect(fens.filter((f) => f.split(' ')[1] === 'b').length).toBeGreaterThan(fens.length / 4);
        const differences = fens.flatMap((fen) => moveDifferences(ffish, game, variant, fen));
        console.log(variant, JSON.stringify({ positions: fens.length, blackToMove: fens.filter((f) => f.split(' ')[1] === 'b').length, differences: differences.length }));
        expect(differences.slice(0, 10)).toEqual([]);
    }, GAME_TIMEOUT);

    test('perft to depth 2 in the random positions, to depth 3 from the start and three of them', () => {
        const game = loadGame(variant);
        const deep = [fens[0], fens[Math.floor(fens.length / 3)], fens[Math.floor(fens.length / 2)], fens[fens.length - 1]];
        const results = [
            ...fens.filter((_, i) => i % 3 === 1).map((fen) => ({ fen, depth: 2, ...bothPerft(ffish, game, variant, fen, 2) })),
            ...deep.map((fen) => ({ fen, depth: 3, ...bothPerft(ffish, game, variant, fen, 3) }))
        ];
        console.log(variant, JSON.stringify(results.filter((r) => r.depth === 3).map((r) => r.fsf)), `${results.length} perft counts`);
        expect(results.filter((r) => r.lcpn !== r.fsf)).toEqual([]);
        expect(results.filter((r) => r.depth === 3).every((r) => r.fsf > 100)).toBe(true);
    }, GAME_TIMEOUT);
});

/** The chessprogramming wiki's "Perft Results" positions and counts (depth 1 to 3). */
const CHESS_POSITIONS: [string, string, number[]][] = [
    ['start', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', [20, 400, 8902]],
    ['Kiwipete', 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1', [48, 2039, 97862]],
    ['position 3 (en passant, checks)', '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1', [14, 191, 2812]],
    ['position 4 (promotions, castling)', 'r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1', [6, 264, 9467]],
    ['position 4 mirrored', 'r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1', [6, 264, 9467]],
    ['position 5', 'rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8', [44, 1486, 62379]],
    ['position 6', 'r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10', [46, 2079, 89890]]
];

describe('divide', () => {
    test('crazyhouse after 1. e4 d5 2. exd5: the count per first move (drops included) is FSF\'s', () => {
        const fen = 'rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR[p] b KQkq - 0 2';
        const game = loadGame('crazyhouse');
        const ours = divide(positionFromFen(game, fen), 2);
        const board = newBoard(ffish, 'crazyhouse', fen);
        const theirs = new Map<string, number>();
        for (const move of board.legalMoves().split(' ').filter((m) => m !== '')) {
            board.push(move);
            theirs.set(move, board.numberLegalMoves());
            board.pop();
        }
        board.delete();
        expect(ours.size).toBeGreaterThan(60);
        expect([...ours].sort()).toEqual([...theirs].sort());
        expect([...ours.values()].reduce((a, b) => a + b, 0)).toBe(perft(positionFromFen(game, fen), 2));
    });
});

describe('chess: the perft positions of the chessprogramming wiki', () => {
    test.each(CHESS_POSITIONS)('%s', (_name, fen, counts) => {
        const game = loadGame('chess');
        for (const [i, count] of counts.entries()) expect(bothPerft(ffish, game, 'chess', fen, i + 1)).toEqual({ lcpn: count, fsf: count });
    }, GAME_TIMEOUT);
});
