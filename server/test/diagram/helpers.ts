/** Hand-built set-ups and destination lists for the diagram tests (no engine involved). */
import type { Destination, SetUp } from '../../src/engine/board.js';
import { parseSquare, type Square } from '../../src/geometry/index.js';

export function sq(name: string): Square {
    const s = parseSquare(name);
    if (!s) throw new Error(`bad square ${name}`);
    return s;
}

type Flag = 'move' | 'capture' | 'igui';

/** `dest('c6', 'move', 'capture')`: a destination with the flags named. */
export function dest(square: string, ...flags: Flag[]): Destination {
    return { square: sq(square), move: flags.includes('move'), capture: flags.includes('capture'), igui: flags.includes('igui'), notes: [] };
}

export function setup(files: number, ranks: number, at: string, friends: string[] = [], enemies: string[] = []): SetUp {
    return { board: { files, ranks }, at: sq(at), friends: friends.map(sq), enemies: enemies.map(sq) };
}

/** Every square (dx, dy) away from `at` for each offset given, as move-or-capture destinations. */
export function leaper(at: string, offsets: [number, number][], files: number, ranks: number): Destination[] {
    const from = sq(at);
    const out: Destination[] = [];
    for (const [dx, dy] of offsets) {
        const file = from.file + dx;
        const rank = from.rank + dy;
        if (file >= 0 && rank >= 0 && file < files && rank < ranks) {
            out.push({ square: { file, rank }, move: true, capture: true, igui: false, notes: [] });
        }
    }
    return out;
}

export const KNIGHT: [number, number][] = [[1, 2], [2, 1], [2, -1], [1, -2], [-1, -2], [-2, -1], [-2, 1], [-1, 2]];

/** A queen's lines from `at` to the board's edges, move-or-capture everywhere. */
export function queenLines(at: string, files: number, ranks: number): Destination[] {
    const offsets: [number, number][] = [];
    for (const [ux, uy] of [[1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [1, -1], [-1, 1], [-1, -1]]) {
        for (let k = 1; k < Math.max(files, ranks); k++) offsets.push([ux * k, uy * k]);
    }
    return leaper(at, offsets, files, ranks);
}
