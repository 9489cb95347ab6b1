// The walk against a brute-force oracle: for random bounded path expressions (each with a `$`
// before an `F` somewhere), every string of the expression, listed from its structure (not by the
// automaton), is walked letter by letter; the destinations must be the walk's. Random
// strings never make the parser throw, and its problems lie inside the string.
import { describe, expect, test } from 'vitest';
import type { PathRegex } from '../../src/model/piece.js';
import { walkPath } from '../../src/engine/path-walk.js';
import { compilePath } from '../../src/engine/path-compile.js';
import { parsePath } from '../../src/notation/path-parse.js';
import { type Board, boardGeometry, type BoardGeometry, hexagonBoard, type Square } from '../../src/geometry/index.js';

/** Seeded PRNG (mulberry32), so a failure replays. */
function random(seed: number): () => number {
    let a = seed;
    return () => {
        a = (a + 0x6d2b79f5) | 0;
        let t = Math.imul(a ^ (a >>> 15), 1 | a);
        t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
}

function randomRegex(rnd: () => number, depth: number): PathRegex {
    const r = rnd();
    if (depth === 0 || r < 0.3) {
        const x = rnd();
        return { kind: x < 0.4 ? 'forward' : x < 0.65 ? 'check' : x < 0.83 ? 'left' : 'right' } as PathRegex;
    }
    if (r < 0.65) return { kind: 'sequence', items: Array.from({ length: 2 + Math.floor(rnd() * 3) }, () => randomRegex(rnd, depth - 1)) };
    if (r < 0.85) return { kind: 'choice', options: Array.from({ length: 2 + Math.floor(rnd() * 2) }, () => randomRegex(rnd, depth - 1)) };
    const min = Math.floor(rnd() * 2);
    return { kind: 'repeat', item: randomRegex(rnd, depth - 1), min, max: min + 1 + Math.floor(rnd() * 2) };
}

function maxLength(regex: PathRegex): number {
    switch (regex.kind) {
        case 'forward': case 'left': case 'right': case 'check': return 1;
        case 'sequence': return regex.items.reduce((n, i) => n + maxLength(i), 0);
        case 'choice': return Math.max(...regex.options.map(maxLength));
        case 'repeat': return regex.max === null ? Infinity : maxLength(regex.item) * regex.max;
    }
}

/** Every string of a bounded expression (none has * or +), built from its structure, not by the automaton. */
function language(regex: PathRegex): Set<string> {
    const concat = (a: Set<string>, b: Set<string>) => new Set([...a].flatMap((x) => [...b].map((y) => x + y)));
    switch (regex.kind) {
        case 'forward': return new Set(['F']);
        case 'left': return new Set(['L']);
        case 'right': return new Set(['R']);
        case 'check': return new Set(['$']);
        case 'sequence': return regex.items.reduce((acc, item) => concat(acc, language(item)), new Set(['']));
        case 'choice': return new Set(regex.options.flatMap((o) => [...language(o)]));
        case 'repeat': {
            const item = language(regex.item);
            const out = new Set<string>();
            let at = new Set(['']);
            for (let k = 0; k <= regex.max!; k++) {
                if (k >= regex.min) for (const x of at) out.add(x);
                at = concat(at, item);
            }
            return out;
        }
    }
}

/** Walks one string letter by letter; the end cell, or undefined when the walk dies. */
function simulate(s: string, geometry: BoardGeometry, from: Square, occupied: (c: Square) => boolean): Square | undefined {
    const units = geometry.geometry.units;
    let cell = from;
    let facing = 0;
    let stopped = false;
    for (const c of s) {
        if (c === 'L') facing = (facing + 1) % units.length;
        else if (c === 'R') facing = (facing + units.length - 1) % units.length;
        else if (c === '$') stopped ||= occupied(cell);
        else {
            if (stopped) return undefined;
            const to = geometry.step(cell, units[facing]);
            if (!to) return undefined;
            cell = to;
        }
    }
    return cell;
}

const BOARDS: [string, Board][] = [
    ['5x5', { files: 5, ranks: 5 }],
    ['5x5 cylinder', { files: 5, ranks: 5, shape: { kind: 'rectangle', cylinder: true } }],
    ['5x5 with holes', { files: 5, ranks: 5, shape: { kind: 'rectangle', holes: [{ file: 2, rank: 3 }, { file: 0, rank: 2 }] } }],
    ['hexagon of side 3', hexagonBoard(3)],
    ['hexagon of side 3 (rows)', hexagonBoard(3, 'rows')]
];

describe('the walk equals the brute-force oracle', () => {
    for (const [label, board] of BOARDS) {
        test(label, () => {
            const rnd = random(label.length * 7919);
            const geometry = boardGeometry(board);
            let checked = 0;
            while (checked < 40) {
                const regex = randomRegex(rnd, 4);
                if (maxLength(regex) > 12) continue;
                const strings = language(regex);
                if (strings.size > 5000 || ![...strings].some((x) => x.includes('$') && /\$.*F/.test(x))) continue;
                checked++;
                const from = geometry.cells[Math.floor(rnd() * geometry.cells.length)];
                const pieces = new Set(geometry.cells.filter(() => rnd() < 0.3).map((c) => `${c.file},${c.rank}`));
                pieces.delete(`${from.file},${from.rank}`);
                const occupied = (c: Square) => pieces.has(`${c.file},${c.rank}`);
                const expected = new Set<string>();
                for (const s of strings) {
                    const end = simulate(s, geometry, from, occupied);
                    if (end && (end.file !== from.file || end.rank !== from.rank)) expected.add(geometry.name(end));
                }
                const got: string[] = [];
                walkPath(compilePath(regex), { geometry, read: (c) => (occupied(c) ? 2 : 0) }, from, (to) => got.push(geometry.name(to)));
                expect(new Set(got).size).toBe(got.length);
                expect({ regex: JSON.stringify(regex), at: geometry.name(from), cells: [...got].sort() })
                    .toEqual({ regex: JSON.stringify(regex), at: geometry.name(from), cells: [...expected].sort() });
            }
        });
    }
});

test('random strings never make the parser throw; problems lie inside the string', () => {
    const rnd = random(2026);
    const alphabet = 'FLR$|()*+?{},0123456789/ xfX.';
    for (let k = 0; k < 3000; k++) {
        const text = Array.from({ length: Math.floor(rnd() * 14) }, () => alphabet[Math.floor(rnd() * alphabet.length)]).join('');
        const r = parsePath(text);
        expect(r.regex === undefined).toBe(r.problems.some((p) => p.severity === 'error'));
        for (const p of r.problems) {
            expect(p.offset).toBeGreaterThanOrEqual(0);
            expect(p.offset + p.length).toBeLessThanOrEqual(text.length);
        }
    }
});
