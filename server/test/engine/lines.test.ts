/**
 * Lines (engine/lines.ts) against the engine's own evaluation: for every piece of the examples
 * and the prelude, on its file's declared board, in seeded random positions (both sides, with and
 * without the first move), walking the piece's lines gives exactly the moves and captures, with
 * their promotions, that evaluatePrepared gives on the squares that hold an enemy or nothing.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { boardRules, type Occupant, type Rules, type Side } from '../../src/engine/index.js';
import { evaluatePrepared, prepare, type Prepared } from '../../src/engine/report.js';
import { LineTables, occupantHolds, walkLine, type Line } from '../../src/engine/lines.js';
import { lowerToLines } from '../../src/engine/lower-lines.js';
import { type Board, boardGeometry, geometryOf } from '../../src/geometry/index.js';
import { parsePieceText } from '../parse-text.js';
import type { PieceDef } from '../../src/model/piece.js';
import { random } from '../variants/fsf.js';

const root = resolve(import.meta.dirname, '../../..');
const prelude = parsePieceText(readFileSync(join(root, 'server/prelude/standard.lcpn'), 'utf8')).pieces;

interface Setting {
    name: string;
    board: Board;
    rules?: Rules;
    pieces: PieceDef[];
    resolve: (key: string) => PieceDef | undefined;
}

/** Each example file alone over the prelude, on its declared board; the prelude on 8x8. */
function settings(): Setting[] {
    const out: Setting[] = [];
    const preludeMap = new Map(prelude.map((p) => [p.key, p]));
    out.push({ name: 'prelude', board: { files: 8, ranks: 8 }, pieces: prelude.filter((p) => p.body), resolve: (k) => preludeMap.get(k) });
    for (const file of readdirSync(join(root, 'examples')).filter((f) => f.endsWith('.lcpn'))) {
        const parsed = parsePieceText(readFileSync(join(root, 'examples', file), 'utf8'));
        // The file's pieces with those of the files it imports (its own first: they hide an imported one).
        const imported = parsed.document.imports.flatMap((i) => parsePieceText(readFileSync(join(root, 'examples', `${i.file}.lcpn`), 'utf8')).pieces);
        const own = [...new Map([...imported, ...parsed.pieces].map((p) => [p.key, p])).values()];
        const map = new Map([...prelude, ...own].map((p) => [p.key, p]));
        const resolver = (k: string) => map.get(k);
        const declaration = [...parsed.pieces, ...imported].find((p) => p.declaration?.kind === 'board')?.declaration;
        const rules = declaration?.kind === 'board' ? boardRules(declaration, resolver).rules : undefined;
        out.push({ name: file, board: rules?.board ?? { files: 8, ranks: 8 }, ...(rules ? { rules } : {}), pieces: own.filter((p) => p.body), resolve: resolver });
    }
    return out;
}

interface Placed { piece: number; side: Side; square: number; firstMove: boolean }

function randomPosition(setting: Setting, rnd: () => number): Placed[] {
    const cells = boardGeometry(setting.board).cells;
    const files = setting.board.files;
    const count = 2 + Math.floor(rnd() * Math.min(24, cells.length / 2));
    const taken = new Set<number>();
    const placed: Placed[] = [];
    while (placed.length < count) {
        const cell = cells[Math.floor(rnd() * cells.length)];
        const square = cell.rank * files + cell.file;
        if (taken.has(square)) continue;
        taken.add(square);
        placed.push({ piece: Math.floor(rnd() * setting.pieces.length), side: rnd() < 0.5 ? 'white' : 'black', square, firstMove: rnd() < 0.3 });
    }
    return placed;
}

/** A move as both sides report it: square, quiet or capture, promotions. */
type Found = Map<number, { capture: boolean; promotions: string[] }>;

function expected(prepared: Prepared, setting: Setting, position: Placed[], mover: Placed): Found {
    const files = setting.board.files;
    const occupant = (p: Placed): Occupant => ({ file: p.square % files, rank: Math.floor(p.square / files), piece: setting.pieces[p.piece].key });
    const others = position.filter((p) => p !== mover);
    const result = evaluatePrepared(prepared, {
        board: setting.board, at: { file: mover.square % files, rank: Math.floor(mover.square / files) }, side: mover.side, firstMove: mover.firstMove,
        friends: others.filter((p) => p.side === mover.side).map(occupant), enemies: others.filter((p) => p.side !== mover.side).map(occupant),
        ...(setting.rules ? { rules: setting.rules } : {})
    });
    const enemyAt = new Set(others.filter((p) => p.side !== mover.side).map((p) => p.square));
    const occupied = new Set(others.map((p) => p.square));
    const found: Found = new Map();
    for (const d of result.destinations) {
        const square = d.square.rank * files + d.square.file;
        const capture = enemyAt.has(square);
        if (capture ? !d.capture : occupied.has(square) || !d.move) continue;
        found.set(square, { capture, promotions: [...(d.promotions ?? [])].sort() });
    }
    return found;
}

function walked(lines: Line[], tables: LineTables, setting: Setting, position: Placed[], mover: Placed): Found {
    const size = setting.board.files * setting.board.ranks;
    const cells = new Int16Array(size);
    for (const p of position) if (p !== mover) cells[p.square] = (p.piece + 1) * 2 + (p.side === 'white' ? 0 : 1);
    const side = mover.side === 'white' ? 0 : 1;
    const stride = (setting.pieces.length + 1) * 2;
    const truth = new Uint8Array(tables.tests.length * stride);
    tables.tests.forEach((t, id) => {
        for (let code = 0; code < stride; code++) {
            const occupant = code < 2 ? undefined : { friend: (code & 1) === side, piece: setting.pieces[(code >> 1) - 1].key };
            truth[id * stride + code] = occupantHolds(t, occupant) ? 1 : 0;
        }
    });
    const out = new Int32Array(3 * 4096);
    const found: Found = new Map();
    for (const line of lines) {
        const n = walkLine(line, cells, side, truth, stride, out, 0);
        for (let i = 0; i < n; i += 3) {
            const entry = found.get(out[i]) ?? { capture: out[i + 1] === 2, promotions: [] };
            for (const p of tables.promotions[out[i + 2]]) if (!entry.promotions.includes(p)) entry.promotions.push(p);
            entry.promotions.sort();
            found.set(out[i], entry);
        }
    }
    return found;
}

describe('lines give what the engine gives', () => {
    test.each(settings().map((s) => [s.name, s] as const))('%s: every piece in 150 random positions (seed 7)', (_name, setting) => {
        const rnd = random(7);
        const tables = new LineTables();
        const prepared = setting.pieces.map((p) => prepare(p, setting.resolve, geometryOf(setting.board)));
        let compared = 0;
        let lowered = 0;
        for (let round = 0; round < 150; round++) {
            const position = randomPosition(setting, rnd);
            for (const mover of position) {
                const files = setting.board.files;
                const lines = lowerToLines(prepared[mover.piece], {
                    board: setting.board, side: mover.side, at: { file: mover.square % files, rank: Math.floor(mover.square / files) },
                    firstMove: mover.firstMove, tables, ...(setting.rules ? { rules: setting.rules } : {})
                });
                compared++;
                if (!lines) continue;
                lowered++;
                const where = `${setting.pieces[mover.piece].key} (${mover.side}) on ${mover.square}, round ${round}`;
                expect([...walked(lines, tables, setting, position, mover)].sort((a, b) => a[0] - b[0]), where)
                    .toEqual([...expected(prepared[mover.piece], setting, position, mover)].sort((a, b) => a[0] - b[0]));
            }
        }
        // Every piece of the examples but the igui/locust ones is lowered.
        expect(lowered / compared).toBeGreaterThan(0.8);
    });
});
