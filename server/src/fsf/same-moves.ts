/**
 * Whether two movements are the same on a game's board, decided by the piece engine rather than
 * by how they are written: each is evaluated from every square of the board (as a White piece,
 * unmoved where the game's start position has that piece, moved elsewhere) on the empty board
 * and on a few seeded random boards of friends and enemies (pieces of the game, so tests such as
 * "not occupied by a cannon" see real pieces), and the destinations compared. The export uses it to
 * recognise Fairy-Stockfish's built-in pieces in a game's definitions, whatever their spelling.
 */
import type { Occupant } from '../engine/board.js';
import type { Board, Square } from '../geometry/board.js';
import type { Resolver, Target } from '../engine/plan.js';
import { evaluatePrepared, prepare, type Prepared } from '../engine/report.js';
import { geometryOf } from '../geometry/index.js';

export interface Sampler {
    board: Board;
    /** Per square index (rank * files + file): the piece under test starts there. */
    starts: Set<number>;
    samples: { friends: Occupant[]; enemies: Occupant[]; taken: Set<number> }[];
}

/** Seeded boards for `board`: empty, then three fills of growing density with the game's pieces. */
export function sampler(board: Board, starts: Set<number>, pieceKeys: readonly string[]): Sampler {
    let seed = 0x2545f491;
    const rnd = () => {
        seed = (seed + 0x6d2b79f5) | 0;
        let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
        t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const samples: Sampler['samples'] = [{ friends: [], enemies: [], taken: new Set() }];
    for (const density of [0.15, 0.3, 0.5]) {
        const friends: Occupant[] = [];
        const enemies: Occupant[] = [];
        const taken = new Set<number>();
        for (let rank = 0; rank < board.ranks; rank++) {
            for (let file = 0; file < board.files; file++) {
                if (rnd() >= density) continue;
                const piece = pieceKeys.length > 0 ? pieceKeys[Math.floor(rnd() * pieceKeys.length)] : undefined;
                (rnd() < 0.5 ? friends : enemies).push({ file, rank, ...(piece ? { piece } : {}) });
                taken.add(rank * board.files + file);
            }
        }
        samples.push({ friends, enemies, taken });
    }
    return { board, starts, samples };
}

/**
 * The destinations of a prepared piece, square by square and sample by sample, as one string;
 * with a region, only from and to its squares (a piece Fairy-Stockfish confines to a mobility region).
 */
function signature(prepared: Prepared, s: Sampler, depth: 'few' | 'empty' | 'full', region?: (file: number, rank: number) => boolean): string {
    const parts: string[] = [];
    const samples = depth === 'full' ? s.samples : s.samples.slice(0, 1);
    const { files, ranks } = s.board;
    // A few squares first (the middle, two corners, next to a corner): most different pieces differ there already.
    const few = new Set([Math.floor(ranks / 2) * files + Math.floor(files / 2), 0, files * ranks - 1, files + 1]);
    for (const sample of samples) {
        for (let rank = 0; rank < s.board.ranks; rank++) {
            for (let file = 0; file < s.board.files; file++) {
                const index = rank * s.board.files + file;
                if (depth === 'few' && !few.has(index)) continue;
                if (sample.taken.has(index) || (region && !region(file, rank))) continue;
                const at: Square = { file, rank };
                const result = evaluatePrepared(prepared, { board: s.board, at, friends: sample.friends, enemies: sample.enemies, firstMove: s.starts.has(index) });
                const found = result.destinations
                    .filter((d) => !region || region(d.square.file, d.square.rank))
                    .map((d) => `${d.square.file},${d.square.rank}${d.move ? 'm' : ''}${d.capture ? 'c' : ''}${d.igui ? 'i' : ''}`)
                    .sort();
                parts.push(found.join(' '));
            }
        }
    }
    return parts.join('|');
}

/** A region by name, so signatures restricted to it are cached once. */
export interface Region {
    key: string;
    has: (file: number, rank: number) => boolean;
}

export class MoveComparer {
    private readonly cache = new Map<Prepared, Map<string, { few?: string; empty?: string; full?: string }>>();

    constructor(private readonly s: Sampler) {}

    prepare(target: Target, resolve: Resolver): Prepared {
        return prepare(target, resolve, geometryOf(this.s.board));
    }

    /** Whether the two prepared movements reach the same squares the same ways in every sample (within `region` when given). */
    same(a: Prepared, b: Prepared, region?: Region): boolean {
        if (a.problems.length > 0 || b.problems.length > 0) return false;
        return (['few', 'empty', 'full'] as const).every((depth) => this.sig(a, depth, region) === this.sig(b, depth, region));
    }

    /** The destinations of `a` on the empty board from (file, rank). */
    emptyBoard(a: Prepared, file: number, rank: number): { file: number; rank: number; move: boolean; capture: boolean }[] {
        const index = rank * this.s.board.files + file;
        return evaluatePrepared(a, { board: this.s.board, at: { file, rank }, friends: [], enemies: [], firstMove: this.s.starts.has(index) })
            .destinations.map((d) => ({ file: d.square.file, rank: d.square.rank, move: d.move, capture: d.capture }));
    }

    private sig(p: Prepared, depth: 'few' | 'empty' | 'full', region?: Region): string {
        let byRegion = this.cache.get(p);
        if (!byRegion) this.cache.set(p, byRegion = new Map());
        const key = region?.key ?? '';
        let entry = byRegion.get(key);
        if (!entry) byRegion.set(key, entry = {});
        return entry[depth] ??= signature(p, this.s, depth, region?.has);
    }
}
