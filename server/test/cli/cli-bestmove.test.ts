/**
 * `lcpn bestmove` (issue 24's contract), run as outside checks run it: the built CLI on the
 * example files. A mate in one (each checked by the game layer: the move is legal and the game is
 * won after it) in chess, xiangqi and shogi within `--movetime 2000`; a legal move from the start
 * of each of the nine games; the options' mistakes and a finished game, each a clear message and
 * exit status.
 */
import { describe, expect, test } from 'vitest';
import { beforeAll } from 'vitest';
import { gameResult, legalUci, playUci, positionFromFen } from '../../src/game/index.js';
import { requireBundle, root, runLcpn } from './run-cli.js';
import { loadGame, NINE } from '../game/games.js';
import { GAME_TIMEOUT } from '../variants/compare.js';

beforeAll(() => requireBundle());

const lcpn = (...args: string[]) => runLcpn(root, args);

function bestmoveJson(...args: string[]): { move: string | null; score: number; depth: number; nodes: number; mate?: number; pv: string[] } {
    const result = lcpn('bestmove', ...args, '--json');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    return JSON.parse(result.stdout);
}

describe('a mate in one is found within --movetime 2000', () => {
    test.each([
        ['chess', '6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1', 'a back-rank mate'],
        ['chess', 'rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2', "Black: the fool's mate"],
        ['xiangqi', '4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1', 'two chariots'],
        ['shogi', '4k4/9/4P4/9/9/9/9/9/4K4[G] w - - 0 1', 'a gold dropped'],
        ['crazyhouse', 'r1bqkbnr/ppppp1pp/2n5/8/2B5/8/PPPP1PPP/RNBQK1NR[Q] w KQkq - 0 1', 'a queen dropped on f7']
    ])('%s %s (%s)', (variant, fen) => {
        const answer = bestmoveJson(`examples/${variant}.lcpn`, '--position', fen, '--movetime', '2000');
        expect(Object.keys(answer).slice(0, 4)).toEqual(['move', 'score', 'depth', 'nodes']);
        expect(answer.mate).toBe(1);
        const pos = positionFromFen(loadGame(variant), fen);
        playUci(pos, answer.move!);
        expect(gameResult(pos)?.winner).toBe(fen.includes(' w ') ? 'white' : 'black');
    }, GAME_TIMEOUT);
});

describe.each(NINE)('examples/%s.lcpn', (variant) => {
    test('from the start, to depth 2: a legal move', () => {
        const answer = bestmoveJson(`examples/${variant}.lcpn`, '--game', variant, '--depth', '2');
        const game = loadGame(variant);
        expect(legalUci(positionFromFen(game, game.model.start)).texts).toContain(answer.move);
        expect(answer.depth).toBe(2);
        expect(answer.nodes).toBeGreaterThan(0);
    }, GAME_TIMEOUT);
});

describe('text and mistakes', () => {
    test('without --json: the move in UCI and SAN, the score, the line', () => {
        const result = lcpn('bestmove', 'examples/chess.lcpn', '--position', '6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1', '--depth', '2');
        expect(result.code).toBe(0);
        expect(result.stdout).toMatch(/^bestmove a1a8 \(Ra8#\)\nscore: wins in 1 move\ndepth \d+, \d+ nodes, \d+ ms\nline: 1\. Ra8#\n$/);
    });

    test('no game, an unknown game, a wrong FEN, bad --depth or --movetime, a finished game', () => {
        expect(lcpn('bestmove', 'examples/orthodox.lcpn')).toMatchObject({ code: 2, stderr: expect.stringContaining('examples/orthodox.lcpn: the file declares no game') });
        expect(lcpn('bestmove', 'examples/chess.lcpn', '--game', 'shogi').stderr).toBe("lcpn: bestmove: examples/chess.lcpn: the file declares no game named 'shogi': its games are chess\n");
        expect(lcpn('bestmove', 'examples/chess.lcpn', '--position', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w - - 0 1').stderr)
            .toBe('lcpn: bestmove: --position: the placement has 7 ranks (separated by /); 8x8 has 8 (at column 1)\n');
        expect(lcpn('bestmove', 'examples/chess.lcpn', '--depth', 'deep')).toMatchObject({ code: 2, stderr: "lcpn: bestmove: --depth is a whole number of plies from 1 to 127, not 'deep'\n" });
        expect(lcpn('bestmove', 'examples/chess.lcpn', '--movetime', '-5').code).toBe(2);
        expect(lcpn('bestmove', 'examples/chess.lcpn', '--divide').stderr).toMatch(/^lcpn: bestmove: --divide does not apply to this command/);
        expect(lcpn('bestmove')).toMatchObject({ code: 2, stderr: expect.stringContaining('bestmove: expected one FILE') });
        const mated = 'R5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 1 1';
        expect(lcpn('bestmove', 'examples/chess.lcpn', '--position', mated)).toMatchObject({ code: 1, stdout: '', stderr: 'lcpn: bestmove: no legal move: White wins (checkmate)\n' });
        const json = lcpn('bestmove', 'examples/chess.lcpn', '--position', mated, '--json');
        expect(json.code).toBe(1);
        expect(JSON.parse(json.stdout)).toMatchObject({ move: null, result: { winner: 'white', reason: 'checkmate' } });
    });
});
