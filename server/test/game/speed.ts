/**
 * Perft speed, lcpn against Fairy-Stockfish (ffish) in one process, counting the same trees the
 * same way (the last ply counted from the list of legal moves): chess from the start to depth 4
 * and xiangqi to depth 3 (issue 23's goal: lcpn at least half ffish's leaves per second).
 * Run: node server/test/game/speed.mjs [rounds] [lcpn (without ffish)] [game depth]
 */
import { loadFfish } from '../variants/fsf.js';
import { ffishPerft, newBoard } from './fsf.js';
import { loadGame } from './games.js';
import { perft, positionFromFen } from '../../src/game/index.js';

/** The best time of each over `rounds` rounds, the two runs alternating so that both meet the same load. */
function race(rounds: number, a: () => number, b: () => number): [{ nodes: number; ms: number }, { nodes: number; ms: number }] {
    const out = [{ nodes: 0, ms: Infinity }, { nodes: 0, ms: Infinity }];
    for (let i = 0; i < rounds; i++) {
        [a, b].forEach((run, k) => {
            const start = performance.now();
            out[k].nodes = run();
            out[k].ms = Math.min(out[k].ms, performance.now() - start);
        });
    }
    return [out[0], out[1]];
}

const rounds = Number(process.argv[2] ?? 5);
/** `lcpn`: time lcpn only (for profiling). */
const only = process.argv[3] === 'lcpn';
const ffish = await loadFfish();
const games = process.argv[4] ? [[process.argv[4], Number(process.argv[5] ?? 3)] as const] : [['chess', 4], ['xiangqi', 3]] as const;
for (const [name, depth] of games) {
    const game = loadGame(name);
    const pos = positionFromFen(game, game.model.start);
    const board = newBoard(ffish, name);
    const [ours, theirs] = race(rounds, () => perft(pos, depth), only ? () => 0 : () => ffishPerft(board, depth));
    board.delete();
    const rate = (r: { nodes: number; ms: number }) => (r.nodes / r.ms / 1000).toFixed(2);
    console.log(`${name} perft ${depth}: lcpn ${ours.nodes} in ${ours.ms.toFixed(1)} ms (${rate(ours)} M leaves/s), ffish ${theirs.nodes} in ${theirs.ms.toFixed(1)} ms (${rate(theirs)} M leaves/s): ${(theirs.ms / ours.ms).toFixed(2)}x`);
}
