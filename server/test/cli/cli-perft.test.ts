/**
 * `lcpn perft` (issue 23's contract), run as outside checks run it: the built CLI on each
 * example file, against Fairy-Stockfish (npm ffish) counting the same tree the same way (the
 * last ply from the list of legal moves). From the start position to depth 2 with the moves of
 * --divide (FSF's UCI), and from a FEN of a seeded random game to depth 2; chess's Kiwipete to
 * depth 3. Then the options' mistakes, each a clear message and exit status.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { requireBundle, root, runLcpn } from './run-cli.js';
import { loadFfish, randomPositions, type Ffish } from '../variants/fsf.js';
import { GAME_TIMEOUT } from '../variants/compare.js';
import { ffishPerft, newBoard } from '../game/fsf.js';
import { NINE } from '../game/games.js';

let ffish: Ffish;
let dir: string;
beforeAll(async () => {
    requireBundle();
    ffish = await loadFfish();
    dir = mkdtempSync(join(tmpdir(), 'lcpn-perft-'));
}, GAME_TIMEOUT);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const lcpn = (...args: string[]) => runLcpn(root, args);

function perftJson(...args: string[]): { nodes: number; depth: number; ms: number; moves?: Record<string, number> } {
    const result = lcpn('perft', ...args, '--json');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    return JSON.parse(result.stdout);
}

function theirs(variant: string, fen: string | undefined, depth: number): { nodes: number; moves: Record<string, number> } {
    const board = newBoard(ffish, variant, fen);
    try {
        const moves: Record<string, number> = {};
        for (const move of board.legalMoves().split(' ').filter((m) => m !== '')) {
            board.push(move);
            moves[move] = depth === 1 ? 1 : ffishPerft(board, depth - 1);
            board.pop();
        }
        return { nodes: Object.values(moves).reduce((a, b) => a + b, 0), moves };
    } finally {
        board.delete();
    }
}

describe.each(NINE)("lcpn perft examples/%s.lcpn equals Fairy-Stockfish's", (variant) => {
    test('from the start, to depth 2, per first move', () => {
        const ours = perftJson(`examples/${variant}.lcpn`, '--depth', '2', '--divide');
        const fsf = theirs(variant, undefined, 2);
        expect(ours.depth).toBe(2);
        expect(ours.ms).toBeGreaterThanOrEqual(0);
        expect(ours.nodes).toBe(fsf.nodes);
        expect(ours.moves).toEqual(fsf.moves);
    }, GAME_TIMEOUT);

    test('from a position of a seeded random game (--position FEN), to depth 2', () => {
        const fens = randomPositions(ffish, variant, { seed: 7, games: 1, plies: 40, every: 13, promoted: true });
        const fen = fens[fens.length - 1];
        expect(perftJson(`examples/${variant}.lcpn`, '--game', variant, '--position', fen, '--depth', '2').nodes).toBe(theirs(variant, fen, 2).nodes);
    }, GAME_TIMEOUT);
});

describe('chess positions', () => {
    test('Kiwipete to depth 3 (97,862), without --json', () => {
        const result = lcpn('perft', 'examples/chess.lcpn', '--position', 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1', '--depth', '3');
        expect(result.code).toBe(0);
        expect(result.stdout).toMatch(/^nodes: 97862 \(depth 3, [0-9.]+ ms\)\n$/);
    });
});

describe('mistakes are clear messages', () => {
    test('no --depth, a bad depth, a directory, no game, a second game unnamed, a wrong FEN', () => {
        expect(lcpn('perft', 'examples/chess.lcpn')).toMatchObject({ code: 2, stderr: 'lcpn: perft: --depth N is required (the number of plies to count, as in --depth 3)\n' });
        expect(lcpn('perft', 'examples/chess.lcpn', '--depth', 'three').stderr).toBe("lcpn: perft: --depth is a whole number of plies from 1 to 12, not 'three'\n");
        expect(lcpn('perft', 'examples/orthodox.lcpn', '--depth', '1')).toMatchObject({ code: 2, stderr: expect.stringContaining('examples/orthodox.lcpn: the file declares no game') });
        expect(lcpn('perft', 'examples/chess.lcpn', '--depth', '1', '--game', 'shogi').stderr).toBe("lcpn: perft: examples/chess.lcpn: the file declares no game named 'shogi': its games are chess\n");
        expect(lcpn('perft', 'examples/chess.lcpn', '--depth', '1', '--position', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w - - 0 1').stderr)
            .toBe('lcpn: perft: --position: the placement has 7 ranks (separated by /); 8x8 has 8 (at column 1)\n');
        const two = join(dir, 'two.lcpn');
        writeFileSync(two, [
            '(def a (game (pieces (king "k")) (start "4k3/8/8/8/8/8/8/4K3 w - - 0 1") (royal check king) (checkmate loss)))',
            '(def b (game (pieces (king "k")) (start "k7/8/8/8/8/8/8/7K w - - 0 1") (royal check king) (checkmate loss)))'
        ].join('\n'));
        expect(runLcpn(dir, ['perft', 'two.lcpn', '--depth', '1']).stderr).toBe('lcpn: perft: two.lcpn: the file declares 2 games (a, b): say which with --game\n');
        expect(JSON.parse(runLcpn(dir, ['perft', 'two.lcpn', '--depth', '1', '--game', 'b', '--json']).stdout).nodes).toBe(3);
    });

    test('a game that cannot be played says why, at its place in the file (exit 1)', () => {
        const bad = join(dir, 'bad.lcpn');
        writeFileSync(bad, [
            '(def g',
            '  (game (pieces (king "k") (rook "k"))',
            '        (start "4k3/8/8/8/8/8/8/4K3 w - - 0 1")',
            '        (checkmate loss)))'
        ].join('\n'));
        const result = runLcpn(dir, ['perft', 'bad.lcpn', '--depth', '1']);
        expect(result.code).toBe(1);
        expect(result.stderr).toBe([
            "lcpn: perft: the game 'g' cannot be played:",
            "bad.lcpn:2:28: error: the letter 'k' stands for two pieces: king and rook",
            'bad.lcpn:4:9: error: the game ends by checkmate, but no piece is royal under the check rule: say which pieces are royal (royalty) or drop the checkmate rule',
            ''
        ].join('\n'));
    });
});
