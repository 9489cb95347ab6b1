/**
 * `lcpn bestmove`'s answer over the game layer's fixtures: the JSON object's fields (the
 * contract's first), the text in words with the moves in SAN, the end of a game said with its
 * result, and --movetime / --depth checked. The command on real files is in
 * server/test/cli/bestmove.test.ts.
 */
import { describe, expect, test } from 'vitest';
import { legalUci, positionFromFen, writeFen } from '../../src/game/index.js';
import { bestmoveJson, bestmoveSettings, bestmoveText, searchBestMove } from '../../src/cli/bestmove.js';
import { CliError } from '../../src/cli/workspace.js';
import { loadGame } from '../game/games.js';

describe('the answer', () => {
    test('chess, a back-rank mate in one within the contract\'s 2000 ms: the mating move, its fields in order', () => {
        const chess = loadGame('chess');
        const pos = positionFromFen(chess, '6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1');
        const answer = searchBestMove(chess, pos, { movetime: 2000 });
        const json = bestmoveJson(answer);
        expect(Object.keys(json).slice(0, 4)).toEqual(['move', 'score', 'depth', 'nodes']);
        expect(json).toMatchObject({ move: 'a1a8', mate: 1, pv: ['a1a8'] });
        expect(json.score as number).toBeGreaterThan(9_000_000);
        expect(bestmoveText(pos, answer)).toMatch(/^bestmove a1a8 \(Ra8#\)\nscore: wins in 1 move\ndepth \d+, \d+ nodes, \d+ ms\nline: 1\. Ra8#\n$/);
        expect(writeFen(pos)).toBe('6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1');
    });

    test('xiangqi, Black to move: the line numbered from Black\'s move, the score in words', () => {
        const xiangqi = loadGame('xiangqi');
        const pos = positionFromFen(xiangqi, '1r1k5/9/9/9/9/9/9/9/r8/4K4 b - - 0 1');
        const answer = searchBestMove(xiangqi, pos, { depth: 2 });
        expect(answer.move).toBe('b10b1');
        expect(bestmoveText(pos, answer)).toMatch(/^bestmove b10b1 \(Rb1#\)\nscore: wins in 1 move\n.*\nline: 1\.\.\. Rb1#\n$/);
    });

    test('a quiet position: a legal move and a score in units of the cheapest piece', () => {
        const shogi = loadGame('shogi');
        const pos = positionFromFen(shogi, shogi.model.start);
        const answer = searchBestMove(shogi, pos, { depth: 2 });
        expect(legalUci(pos).texts).toContain(answer.move);
        expect(bestmoveJson(answer)).not.toHaveProperty('mate');
        expect(bestmoveText(pos, answer)).toMatch(/\nscore: [+-]?\d+\.\d\d \(in the game's cheapest piece, for the side to move\)\n/);
    });

    test('no legal move: no move, and the result', () => {
        const chess = loadGame('chess');
        const pos = positionFromFen(chess, 'R5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 1 1');
        const answer = searchBestMove(chess, pos, { depth: 3 });
        expect(bestmoveJson(answer)).toMatchObject({ move: null, depth: 0, nodes: 0, result: { winner: 'white', reason: 'checkmate' } });
        expect(bestmoveText(pos, answer)).toBe('no legal move: White wins (checkmate)\n');
    });
});

describe('--movetime and --depth', () => {
    test('read as whole numbers; neither: the default think', () => {
        expect(bestmoveSettings({ movetime: '2000', depth: '4' })).toEqual({ movetime: 2000, depth: 4 });
        expect(bestmoveSettings({})).toEqual({});
    });

    test.each([
        [{ movetime: '0' }, "--movetime is a whole number of milliseconds from 1 to 86,400,000, not '0'"],
        [{ movetime: '1.5' }, "--movetime is a whole number of milliseconds from 1 to 86,400,000, not '1.5'"],
        [{ depth: 'deep' }, "--depth is a whole number of plies from 1 to 127, not 'deep'"],
        [{ depth: '500' }, "--depth is a whole number of plies from 1 to 127, not '500'"]
    ])('%o is refused', (options, message) => {
        expect(() => bestmoveSettings(options)).toThrow(CliError);
        expect(() => bestmoveSettings(options)).toThrow(`bestmove: ${message}`);
    });
});
