/**
 * Playing against Fairy-Stockfish: the nine variants in seeded random games, each move played in
 * both, the FEN compared after every move (placement, holdings and promoted pieces, side,
 * castling rights, en passant squares, counters: make's bookkeeping), and in every position each
 * legal move made and taken back (unmake restores the FEN and the hash).
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { loadFfish, random, type Ffish } from '../variants/fsf.js';
import { GAME_TIMEOUT } from '../variants/compare.js';
import { gameResult, legalUci, LOCUST, playUci, positionFromFen, writeFen } from '../../src/game/index.js';
import { newBoard } from './fsf.js';
import { loadGame, NINE } from './games.js';

type Results = { isGameOver(claimDraw?: boolean): boolean; result(claimDraw?: boolean): string };

let ffish: Ffish;
beforeAll(async () => {
    ffish = await loadFfish();
}, GAME_TIMEOUT);

describe.each(NINE)('%s played beside Fairy-Stockfish', (variant) => {
    test('4 random games of up to 150 moves (seed 5): the same FEN and result after every move; unmake restores every position', () => {
        const game = loadGame(variant);
        const rnd = random(5);
        const board = newBoard(ffish, variant) as ReturnType<typeof newBoard> & Results;
        const mismatches: string[] = [];
        let plies = 0;
        let ended = 0;
        try {
            for (let g = 0; g < 4; g++) {
                board.setFen(ffish.startingFen(variant));
                const pos = positionFromFen(game, board.fen(true));
                for (let ply = 0; ply < 150; ply++) {
                    // The game's end, draws by rule claimed: the same result.
                    const theirs = board.isGameOver(true) ? board.result(true) : '*';
                    const result = gameResult(pos);
                    const ours = result ? (result.winner === 'white' ? '1-0' : result.winner === 'black' ? '0-1' : '1/2-1/2') : '*';
                    if (ours !== theirs) mismatches.push(`${writeFen(pos)}: lcpn ${ours} (${result?.reason}), FSF ${theirs}`);
                    if (theirs !== '*') ended++;
                    const moves = board.legalMoves().split(' ').filter((m) => m !== '');
                    if (moves.length === 0 || board.isGameOver()) break;
                    if (ply % 3 === 0) {
                        const before = [writeFen(pos), pos.hashLo, pos.hashHi];
                        const { list } = legalUci(pos);
                        for (let i = 0; i < list.length; i++) {
                            pos.make(list.from(i), list.to(i), list.data[i * 4 + 2], list.aux(i), list.kind(i) === LOCUST ? list.extra[list.aux(i)] : undefined);
                            pos.unmake();
                            const after = [writeFen(pos), pos.hashLo, pos.hashHi];
                            if (after.join() !== before.join()) mismatches.push(`${before[0]}: after ${i} and back: ${after[0]}`);
                        }
                    }
                    const move = moves[Math.floor(rnd() * moves.length)];
                    board.push(move);
                    playUci(pos, move);
                    plies++;
                    if (writeFen(pos) !== board.fen(true)) mismatches.push(`after ${move}: lcpn ${writeFen(pos)}, FSF ${board.fen(true)}`);
                }
            }
        } finally {
            board.delete();
        }
        expect(mismatches.slice(0, 10)).toEqual([]);
        expect(plies).toBeGreaterThan(150);
        console.log(variant, plies, 'plies', ended, 'ended');
    }, GAME_TIMEOUT);
});
