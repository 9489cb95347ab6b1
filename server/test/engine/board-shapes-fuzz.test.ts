// Robustness on shaped boards (issue 11): random files declaring a hexagon (both orientations),
// a cylinder or holes, with zones in the board's names (some off it), conditions on (rank) and
// (file), direction keywords (some meaning nothing on a hexagon) and path expressions, evaluated
// for both sides with friends and enemies. Every definition must be answered (no exception, no
// hang), every destination a cell of the board, every take an enemy, no plain move onto an
// enemy. Seeded; the bound on time only detects a hang.
import { describe, expect, test } from 'vitest';
import preludeText from '../../prelude/standard.lcpn?raw';
import { parsePieceText } from '../parse-text.js';
import { boardRules, movesReport, type Occupant, type Resolver, type Rules } from '../../src/engine/index.js';
import { type Board, boardGeometry } from '../../src/geometry/index.js';
import type { PieceDef } from '../../src/model/piece.js';

const prelude = new Map(parsePieceText(preludeText).pieces.map((p) => [p.key, p]));

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

const PIECES = ['pa', 'pb', 'pc'];
const PATHS = ['F$', 'L*(F$)+', 'L*FF(L|R)F$', 'L*(FLFR$|LFRF$)+', 'L*(F|FLF|FRF)$', 'F$F?$', 'F(LFR|RFL)$', '(FL)*F', 'R{2}F+$'];
const KEYWORDS = ['forward', 'backward', 'left', 'right', 'sideways', 'vertical', 'orthogonal', 'diagonal', 'forward-left', 'backward-right', 'narrow', 'wide', 'rider', 'only', 'zh'];

function file(seed: number): string {
    const r = random(seed);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(r() * list.length)];
    const kind = pick(['hex', 'hex-rows', 'cylinder', 'holes']);
    const side = 2 + Math.floor(r() * 6);
    const [files, ranks] = [3 + Math.floor(r() * 10), 2 + Math.floor(r() * 10)];
    const square = () => `${String.fromCharCode(97 + Math.floor(r() * 12))}${1 + Math.floor(r() * 12)}`;
    const hole = () => `${String.fromCharCode(97 + Math.floor(r() * files))}${1 + Math.floor(r() * ranks)}`;
    const board = kind === 'hex' ? `(hexagon ${side})` : kind === 'hex-rows' ? `(hexagon ${side} rows)`
        : kind === 'cylinder' ? `${files} ${ranks} (cylinder)` : `${files} ${ranks} (holes ${hole()} ${hole()})`;
    const base = () => pick(['wazir', 'ferz', 'knight', 'rook', 'bishop', 'king', '[1 2]', '[0 2]', `(path "${pick(PATHS)}")`, pick(PIECES.slice(0, 1))]);
    const move = (depth: number): string => {
        if (depth <= 0 || r() < 0.35) return r() < 0.5 ? base() : `(${base()} :${pick(KEYWORDS)})`;
        return pick([
            `(/ ${move(depth - 1)} ${move(depth - 1)})`,
            `(=> ${move(depth - 1)} ${move(depth - 1)})`,
            `(-> ${move(depth - 1)} ${move(depth - 1)})`,
            `(=> (capture ${move(depth - 1)}) ${move(depth - 1)})`,
            `(cond ((<= (rank) ${1 + Math.floor(r() * 6)}) ${move(depth - 1)}) ((in zh) ${move(depth - 1)}))`,
            `(${pick(['cannon', 'move', 'capture', 'no-jump', 'igui'])} ${move(depth - 1)})`
        ]);
    };
    return [
        `(def bd (board ${board} (confine ${pick(PIECES)} zh)))`,
        `(def zh (zone ${square()}-${square()} ${square()}))`,
        ...PIECES.map((p) => `(def ${p} ${move(3)})`)
    ].join('\n');
}

describe('random files on shaped boards: every piece evaluates soundly', () => {
    test.each(Array.from({ length: 50 }, (_, i) => 20261124 + i))('seed %i', (seed) => {
        const text = file(seed);
        const parsed = parsePieceText(text);
        const own = new Map<string, PieceDef>(parsed.pieces.map((p) => [p.key, p]));
        const resolve: Resolver = (key) => own.get(key) ?? prelude.get(key);
        const declaration = own.get('bd')?.declaration;
        let rules: Rules | undefined;
        if (declaration?.kind === 'board') rules = boardRules(declaration, resolve).rules;
        const board: Board = rules?.board ?? { files: 9, ranks: 9 };
        expect(board.shape, `the board is read with its shape\n${text}`).toBeDefined();
        const g = boardGeometry(board);
        const r = random(seed * 7);
        const on = () => g.cells[Math.floor(r() * g.cells.length)];
        for (const key of PIECES) {
            const piece = own.get(key);
            if (!piece) continue;
            for (const side of ['white', 'black'] as const) {
                const at = on();
                const taken = new Set([g.name(at)]);
                const occupant = (): Occupant | undefined => {
                    const sq = on();
                    if (taken.has(g.name(sq))) return undefined;
                    taken.add(g.name(sq));
                    return sq;
                };
                const friends = [occupant(), occupant()].filter((o): o is Occupant => !!o);
                const enemies = [occupant(), occupant(), occupant(), occupant()].filter((o): o is Occupant => !!o);
                const report = movesReport(piece, { board, at, friends, enemies, side, ...(rules ? { rules } : {}) }, resolve);
                const where = `${key} (${side}) at ${g.name(at)} on ${g.label}\n${text}`;
                for (const name of [...report.moveSquares, ...report.captureSquares, ...report.takeSquares]) {
                    expect(g.parse(name), `${name}: ${where}`).toBeDefined();
                }
                const enemyNames = new Set(enemies.map((e) => g.name(e)));
                for (const name of report.takeSquares) expect(enemyNames.has(name), `takes ${name}: ${where}`).toBe(true);
                for (const name of report.moveSquares) expect(enemyNames.has(name) || name === g.name(at), `moves onto ${name}: ${where}`).toBe(false);
                for (const p of report.problems) expect(p.message.length > 0).toBe(true);
            }
        }
    });
});
