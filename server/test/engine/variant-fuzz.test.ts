// Robustness of the issue-10 constructs: random files of boards, zones (some broken, some
// reversed, some off the board), conditions (some cyclic, some naming the wrong kind of
// definition, some deep), keywords, defined functions, locust legs and promotion, evaluated
// for both sides, with and without a first move and named occupants. Every definition must be
// answered (no exception, no hang), on the board, with a sound report: a square is never both
// a plain move and a take, and every take (also on the way) is an enemy of the set-up. Seeded, so a failure
// reproduces; the bound on time only detects a hang.
import { describe, expect, test } from 'vitest';
import preludeText from '../../prelude/standard.lcpn?raw';
import { parsePieceText } from '../parse-text.js';
import { boardRules, movesReport, type Occupant, type Resolver, type Rules } from '../../src/engine/index.js';
import type { PieceDef } from '../../src/model/piece.js';
import { parseSquare, squareName } from '../../src/geometry/index.js';

const prelude = new Map(parsePieceText(preludeText).pieces.map((p) => [p.key, p]));

/** A small deterministic generator (mulberry32). */
function random(seed: number): () => number {
    let a = seed >>> 0;
    return () => {
        a = (a + 0x6d2b79f5) >>> 0;
        let t = a;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
}

const ZONES = ['za', 'zb', 'zc'];
const CONDS = ['ca', 'cb', 'cc'];
const PIECES = ['pa', 'pb', 'pc', 'pd'];
const FUNCS = ['fa'];

function file(seed: number): { text: string; sides: [number, number] } {
    const r = random(seed);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(r() * list.length)];
    const files = 1 + Math.floor(r() * 12);
    const ranks = 1 + Math.floor(r() * 12);
    // Mostly on the board; now and then off it (the zone's error, never a crash).
    const spread = () => (r() < 0.85 ? 1 : 1.5);
    const square = () => `${String.fromCharCode(97 + Math.floor(r() * files * spread()))}${1 + Math.floor(r() * ranks * spread())}`;
    const zoneItem = () => (r() < 0.5 ? square() : `${square()}-${square()}`);
    const term = () => pick(['(rank)', '(file)', String(Math.floor(r() * 10))]);
    const test = (depth: number): string => {
        if (depth <= 0 || r() < 0.3) {
            return pick([
                `(${pick(['<', '>', '=', '<=', '>='])} ${term()} ${term()})`, '(first-move)', '(empty)', '(friend)', '(enemy)',
                `(in ${pick([...ZONES, ...PIECES])})`, `(occupied-by ${pick([...PIECES, 'cannon', ...ZONES])})`, pick([...CONDS, ...ZONES, ...PIECES]),
                '"in words"'
            ]);
        }
        return pick([`(and ${test(depth - 1)} ${test(depth - 1)})`, `(or ${test(depth - 1)} ${test(depth - 1)})`, `(not ${test(depth - 1)})`]);
    };
    const keyword = () => pick([...ZONES, ...CONDS, 'forward', 'rider', 'only', ...PIECES]);
    const base = () => (r() < 0.1 ? pick(PIECES.slice(0, 2)) : pick(['wazir', 'ferz', 'knight', 'rook', 'bishop', 'king', '[1 2]', '[0 1]']));
    const move = (depth: number): string => {
        if (depth <= 0 || r() < 0.3) return r() < 0.5 ? base() : `(${base()} :${keyword()})`;
        return pick([
            `(/ ${move(depth - 1)} ${move(depth - 1)})`,
            `(=> ${move(depth - 1)} ${move(depth - 1)})`,
            `(=> (capture ${move(depth - 1)}) ${move(depth - 1)})`,
            `(-> ${move(depth - 1)} ${move(depth - 1)})`,
            `(cond (${test(2)} ${move(depth - 1)}) (${test(1)} ${move(depth - 1)}))`,
            `(=> ${move(depth - 1)} (promote-to ${pick(PIECES)}))`,
            `(${pick([...FUNCS, 'cannon', 'move', 'capture', 'no-jump'])} ${move(depth - 1)})`
        ]);
    };
    const lines = [
        `(def bd (board ${files} ${ranks} (confine ${pick(PIECES)} ${pick([...ZONES, ...CONDS])}) (promotion-zone ${pick(ZONES)})))`,
        ...ZONES.map((z) => `(def ${z} (zone ${Array.from({ length: 1 + Math.floor(r() * 3) }, zoneItem).join(' ')}))`),
        ...CONDS.map((c) => `(def ${c} ${test(3)})`),
        `(def fa (& ${pick(['capture', 'move', 'cannon'])} ${pick(CONDS)}))`,
        ...PIECES.map((p) => `(def ${p} ${move(3)})`)
    ];
    return { text: lines.join('\n'), sides: [files, ranks] };
}

describe('random variant files: every piece evaluates soundly', () => {
    test.each(Array.from({ length: 60 }, (_, i) => 20261123 + i))('seed %i', (seed) => {
        const { text } = file(seed);
        const parsed = parsePieceText(text);
        const own = new Map<string, PieceDef>(parsed.pieces.map((p) => [p.key, p]));
        const resolve: Resolver = (key) => own.get(key) ?? prelude.get(key);
        const declaration = own.get('bd')?.declaration;
        let rules: Rules | undefined;
        if (declaration?.kind === 'board') rules = boardRules(declaration, resolve).rules;
        const board = rules?.board ?? { files: 9, ranks: 9 };
        const r = random(seed * 7);
        const on = () => ({ file: Math.floor(r() * board.files), rank: Math.floor(r() * board.ranks) });
        for (const key of PIECES) {
            const piece = own.get(key);
            if (!piece) continue;
            for (const side of ['white', 'black'] as const) {
                const at = on();
                const taken = new Set([squareName(at)]);
                const occupant = (): Occupant | undefined => {
                    const sq = on();
                    if (taken.has(squareName(sq))) return undefined;
                    taken.add(squareName(sq));
                    return r() < 0.5 ? { ...sq, piece: PIECES[Math.floor(r() * PIECES.length)] } : sq;
                };
                const friends = [occupant(), occupant()].filter((o): o is Occupant => !!o);
                const enemies = [occupant(), occupant(), occupant(), occupant(), occupant()].filter((o): o is Occupant => !!o);
                const report = movesReport(piece, { board, at, friends, enemies, side, firstMove: r() < 0.5, ...(rules ? { rules } : {}) }, resolve);
                const all = [...report.moveSquares, ...report.captureSquares, ...report.takeSquares, ...report.firstMoveSquares];
                for (const name of all) {
                    const sq = parseSquare(name)!;
                    expect(sq.file < board.files && sq.rank < board.ranks, `${key} ${name} on ${board.files}x${board.ranks}\n${text}`).toBe(true);
                }
                const enemyNames = new Set(enemies.map(squareName));
                for (const name of report.takeSquares) expect(enemyNames.has(name), `${key} takes ${name}\n${text}`).toBe(true);
                for (const locust of report.locustSquares) {
                    for (const name of locust.capture) expect(enemyNames.has(name), `${key} captures ${name} on the way\n${text}`).toBe(true);
                }
                for (const name of report.moveSquares) expect(report.takeSquares.includes(name) || squareName(at) === name, `${key} moves onto ${name}\n${text}`).toBe(false);
                for (const p of report.problems) expect(typeof p.message === 'string' && p.message.length > 0 && !p.message.includes('""')).toBe(true);
            }
        }
    });
});
