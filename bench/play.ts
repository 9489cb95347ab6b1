/**
 * The computer opponent's speed (issue 24): `lcpn bestmove FILE --position FEN --depth N --json`
 * on fixed positions of the example games of chess, xiangqi and shogi (the start and two
 * openings each), as a user runs it. Each position is searched to a fixed depth, so the work is
 * the same from run to run; the figures are the search's own (`nodes`, `time` of the JSON), not
 * the process's start. Fairy-Stockfish's npm package (ffish) has a move generator but no search,
 * so there is no peer to compare with: the rows give lcpn's figures alone.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { Row } from './report.js';

/** A game's example file, the depth searched, and the positions: its start (undefined) and two openings (FEN). */
export interface PlayBenchGame {
    file: string;
    depth: number;
    positions: readonly (string | undefined)[];
}

export const PLAY_BENCH: readonly PlayBenchGame[] = [
    {
        file: 'chess.lcpn', depth: 5, positions: [
            undefined,
            'r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4', // 1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6
            'rnbqk2r/ppp1bppp/4pn2/3p2B1/2PP4/2N5/PP2PPPP/R2QKBNR w KQkq - 4 5' // 1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7
        ]
    },
    {
        file: 'xiangqi.lcpn', depth: 4, positions: [
            undefined,
            'rnbakabr1/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R w - - 4 3', // h3e3 h10g8 h1g3 i10h10
            'r1bakabnr/9/1cn4c1/p1p1p3p/6p2/2P6/P3P1P1P/1CN4C1/9/R1BAKABNR w - - 4 3' // c4c5 b10c8 b1c3 g7g6
        ]
    },
    {
        file: 'shogi.lcpn', depth: 4, positions: [
            undefined,
            'lnsgkgsnl/2r4b1/pp1pppppp/2p6/9/6P2/PPPPPP1PP/1B4R2/LNSGKGSNL[] w - - 4 3', // g3g4 c7c6 h2g2 b8c8
            'lnsgkgsnl/1r5b1/pppp1p1pp/4p1p2/9/2P1P4/PP1P1PPPP/1B5R1/LNSGKGSNL[] w - - 4 3' // c3c4 g7g6 e3e4 e7e6
        ]
    }
];

export interface PlayFigures {
    positions: number;
    nodes: number;
    /** Milliseconds of search, all positions. */
    ms: number;
    depth: number;
}

/** One game's positions searched by the CLI (`lcpn`: bin/lcpn.cjs). Throws with the CLI's message when a run fails. */
export function benchPlayGame(lcpn: string, examples: string, game: PlayBenchGame): PlayFigures {
    const figures: PlayFigures = { positions: 0, nodes: 0, ms: 0, depth: game.depth };
    for (const fen of game.positions) {
        const run = spawnSync(process.execPath, [lcpn, 'bestmove', join(examples, game.file), ...(fen ? ['--position', fen] : []), '--depth', String(game.depth), '--json'], { encoding: 'utf8' });
        if (run.status !== 0) throw new Error(`lcpn bestmove ${game.file}${fen ? ` --position '${fen}'` : ''}: ${run.stderr.trim() || `exit ${run.status}`}`);
        const answer = JSON.parse(run.stdout) as { nodes: number; time: number };
        figures.positions++;
        figures.nodes += answer.nodes;
        figures.ms += answer.time;
    }
    return figures;
}

/** The rows: per game, thousands of nodes per second and milliseconds per move at the fixed depth. */
export function playRows(lcpn: string, examples: string): Row[] {
    return PLAY_BENCH.flatMap((game) => {
        const f = benchPlayGame(lcpn, examples, game);
        const name = game.file.replace(/\.lcpn$/, '');
        const note = `${f.positions} positions to depth ${f.depth}, ${f.nodes.toLocaleString('en-US')} nodes; ffish has no search: no peer`;
        return [
            { name: `play ${name}: nodes per second`, unit: 'k nodes/s', lcpn: f.nodes / f.ms, note },
            { name: `play ${name}: time per move, depth ${f.depth}`, unit: 'ms', lcpn: f.ms / f.positions }
        ] satisfies Row[];
    });
}
