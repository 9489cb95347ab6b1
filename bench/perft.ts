/**
 * Perft speed (issue 23): leaves per second for chess from the start to depth 4 and xiangqi to
 * depth 3, lcpn's game layer (the games built from examples/) beside Fairy-Stockfish's ffish in
 * one process, the two runs alternating (server/test/game/speed.ts, which imports ffish, a
 * development dependency the bench bundle does not carry). Goal: lcpn at least half ffish's speed.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { Row } from './report.js';

const LINE = /^(\w+) perft (\d+): lcpn (\d+) in ([\d.]+) ms \(([\d.]+) M leaves\/s\), ffish (\d+) in ([\d.]+) ms \(([\d.]+) M leaves\/s\)/;

/** The rows, from `node server/test/game/speed.mjs ROUNDS` run in the repository `root`. */
export function perftRows(root: string, rounds = 3): Row[] {
    const run = spawnSync(process.execPath, [join(root, 'server/test/game/speed.mjs'), String(rounds)], { cwd: root, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`server/test/game/speed.mjs: ${run.stderr.trim() || `exit ${run.status}`}`);
    const rows: Row[] = [];
    for (const line of run.stdout.split('\n')) {
        const m = LINE.exec(line);
        if (!m) continue;
        const [, game, depth, nodes, ms, rate, theirNodes, theirMs, theirRate] = m;
        if (nodes !== theirNodes) throw new Error(`${game} perft ${depth}: lcpn counts ${nodes}, ffish ${theirNodes}`);
        const note = `${Number(nodes).toLocaleString('en-US')} leaves: lcpn ${Number(ms).toFixed(0)} ms, ffish ${Number(theirMs).toFixed(0)} ms (best of ${rounds})`;
        rows.push({ name: `perft ${game} depth ${depth}: leaves per second`, unit: 'k nodes/s', lcpn: Number(rate) * 1000, peer: Number(theirRate) * 1000, note });
        rows.push({ name: `perft ${game} depth ${depth}: ffish's speed / lcpn's (goal: lcpn at least 0.5x)`, unit: 'x', lcpn: Number(ms) / Number(theirMs), goal: 2, detail: true });
    }
    if (rows.length === 0) throw new Error(`server/test/game/speed.mjs printed no perft line:\n${run.stdout}`);
    return rows;
}
