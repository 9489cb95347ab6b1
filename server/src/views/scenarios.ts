/**
 * Which diagrams explain a piece: the piece alone in the centre; for a piece whose moves
 * depend on its rank, one diagram per rank it tests (and one elsewhere); for a lame or
 * hopping piece, one more with the blocker that changes its moves the most.
 */
import { destinations, type EngineResult, type Resolver } from '../engine/report.js';
import { squareName, type Board, type Destination, type SetUp, type Square } from '../engine/board.js';
import type { Move, PieceDef } from '../model/piece.js';

export interface Scenario {
    /** A short caption: "on an empty board", "on rank 2", "with a friendly piece on e6". */
    title: string;
    setup: SetUp;
    result: EngineResult;
}

export function scenarios(piece: PieceDef | Move, resolve: Resolver, board: Board): Scenario[] {
    const body = 'kind' in piece ? piece : piece.body;
    const centre: Square = { file: Math.floor(board.files / 2), rank: Math.floor(board.ranks / 2) };
    const alone = (at: Square): SetUp => ({ board, at, friends: [], enemies: [] });
    const run = (title: string, setup: SetUp): Scenario => ({ title, setup, result: destinations(piece, setup, resolve) });

    const ranks = body ? testedRanks(body, resolve) : [];
    const result: Scenario[] = [];
    if (ranks.length === 0) {
        result.push(run('on an empty board', alone(centre)));
    } else {
        for (const rank of ranks) {
            const at = { file: centre.file, rank: rank - 1 };
            if (at.rank >= 0 && at.rank < board.ranks) result.push(run(`on rank ${rank}`, alone(at)));
        }
        const elsewhere = [centre.rank, ...Array.from({ length: board.ranks }, (_, r) => r)].find((r) => !ranks.includes(r + 1));
        if (elsewhere !== undefined) result.push(run(`on rank ${elsewhere + 1} (no rank condition holds)`, alone({ file: centre.file, rank: elsewhere })));
    }
    if (body && pathSensitive(body, resolve)) {
        const base = result[0];
        const blocked = bestBlocker(piece, resolve, base.setup, base.result.destinations);
        if (blocked) result.push(blocked);
    }
    return result;
}

/** The ranks a piece's conditions compare `(rank)` with, ascending. */
export function testedRanks(move: Move, resolve: Resolver, seen = new Set<string>()): number[] {
    const ranks = new Set<number>();
    walk(move, resolve, seen, (m) => {
        if (m.kind !== 'conditional') return;
        for (const { test } of m.branches) {
            if (test.kind !== 'equals') continue;
            const [l, r] = [test.left, test.right];
            if (l.kind === 'call' && l.fn === 'rank' && r.kind === 'number') ranks.add(r.value);
            if (r.kind === 'call' && r.fn === 'rank' && l.kind === 'number') ranks.add(l.value);
        }
    });
    return [...ranks].sort((a, b) => a - b);
}

/** Lame (no-jump, `=>`) and hopping (cannon) pieces: a blocker changes their moves in a way worth showing. */
export function pathSensitive(move: Move, resolve: Resolver): boolean {
    let found = false;
    walk(move, resolve, new Set(), (m) => {
        if (m.kind === 'apply' && m.functions.some((f) => f === 'cannon' || f === 'no-jump')) found = true;
        if (m.kind === 'sequence' && m.mode === 'blocked') found = true;
    });
    return found;
}

/** Visits a movement and, once each, the definitions it refers to. */
function walk(move: Move, resolve: Resolver, seen: Set<string>, visit: (m: Move) => void): void {
    visit(move);
    switch (move.kind) {
        case 'ref': {
            if (seen.has(move.key)) return;
            seen.add(move.key);
            const body = resolve(move.key)?.body;
            if (body) walk(body, resolve, seen, visit);
            return;
        }
        case 'qualified': return walk(move.base, resolve, seen, visit);
        case 'union': return move.parts.forEach((p) => walk(p, resolve, seen, visit));
        case 'sequence': return move.legs.forEach((p) => walk(p, resolve, seen, visit));
        case 'apply': return move.args.forEach((p) => walk(p, resolve, seen, visit));
        case 'conditional':
            move.branches.forEach((b) => walk(b.body, resolve, seen, visit));
            if (move.otherwise) walk(move.otherwise, resolve, seen, visit);
            return;
        default: return;
    }
}

/** Tries one friendly piece on each square near the piece and keeps the one that changes most. */
function bestBlocker(piece: PieceDef | Move, resolve: Resolver, base: SetUp, before: Destination[]): Scenario | undefined {
    const key = (d: Destination) => `${d.square.file},${d.square.rank},${d.move},${d.capture},${d.igui}`;
    const beforeKeys = new Set(before.map(key));
    let best: { score: number; scenario: Scenario } | undefined;
    for (let dy = 2; dy >= -2; dy--) {
        for (let dx = -2; dx <= 2; dx++) {
            if (dx === 0 && dy === 0) continue;
            const sq = { file: base.at.file + dx, rank: base.at.rank + dy };
            if (sq.file < 0 || sq.rank < 0 || sq.file >= base.board.files || sq.rank >= base.board.ranks) continue;
            const setup: SetUp = { ...base, friends: [sq] };
            const result = destinations(piece, setup, resolve);
            const afterKeys = new Set(result.destinations.map(key));
            const onBlocker = (k: string) => k.startsWith(`${sq.file},${sq.rank},`);
            let score = 0;
            for (const k of beforeKeys) if (!afterKeys.has(k) && !onBlocker(k)) score++;
            for (const k of afterKeys) if (!beforeKeys.has(k)) score++;
            if (score > (best?.score ?? 0)) {
                best = { score, scenario: { title: `with a friendly piece on ${squareName(sq)}`, setup, result } };
            }
        }
    }
    return best?.scenario;
}
