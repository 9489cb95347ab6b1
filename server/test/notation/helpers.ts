/** Move sets through the engine, for comparing notations with each other and with LCPN. */
import { movesReport, type Resolver } from '../../src/engine/index.js';
import type { Move, PieceDef } from '../../src/model/piece.js';

export interface Where {
    at?: [number, number];
    friends?: [number, number][];
    enemies?: [number, number][];
    /** The piece has not moved yet (Betza and Parlett `i`). */
    firstMove?: boolean;
}

/** moves and captures on a 15x15 board, as sorted "dx,dy" strings; default square: the centre. */
export function moveSet(target: Move | PieceDef, where: Where = {}, resolve: Resolver = () => undefined): { moves: string[]; captures: string[] } {
    const [file, rank] = where.at ?? [7, 7];
    const sq = ([f, r]: [number, number]) => ({ file: file + f, rank: rank + r });
    const report = movesReport(target, {
        board: { files: 15, ranks: 15 }, at: { file, rank },
        friends: (where.friends ?? []).map(sq), enemies: (where.enemies ?? []).map(sq), ...(where.firstMove ? { firstMove: true } : {})
    }, resolve);
    const show = (list: [number, number][]) => list.map(([dx, dy]) => `${dx},${dy}`);
    return { moves: show(report.moves), captures: show(report.captures) };
}

/** "dx,dy" strings of every (±a, ±b) and (±b, ±a), sorted the engine's way. */
export function leaps(...pairs: [number, number][]): string[] {
    const out = new Set<string>();
    for (const [a, b] of pairs) {
        for (const [x, y] of [[a, b], [b, a]]) for (const sx of [1, -1]) for (const sy of [1, -1]) out.add(`${sx * x + 0},${sy * y + 0}`);
    }
    return sorted([...out]);
}

export function sorted(list: string[]): string[] {
    return list.map((s) => s.split(',').map(Number)).sort((a, b) => a[0] - b[0] || a[1] - b[1]).map(([x, y]) => `${x},${y}`);
}

/** Every square along each of `dirs` up to `max` steps (default: the 15x15 board edge from the centre). */
export function rides(dirs: [number, number][], max = 7): string[] {
    const out: string[] = [];
    for (const [dx, dy] of dirs) {
        for (let k = 1; k <= max && Math.abs(dx * k) <= 7 && Math.abs(dy * k) <= 7; k++) out.push(`${dx * k},${dy * k}`);
    }
    return sorted(out);
}

export const ORTHOGONAL: [number, number][] = [[0, 1], [0, -1], [1, 0], [-1, 0]];
export const DIAGONAL: [number, number][] = [[1, 1], [1, -1], [-1, 1], [-1, -1]];
