/**
 * Boards declared in a file, as the engine uses them: zones read into sets of squares, and a
 * `board` declaration resolved into `Rules` (confinements by piece, the promotion zone).
 * Zones resolve through the same Resolver as pieces (one namespace), so `(confine elephant
 * own-side)` finds `own-side` where a piece name would be found.
 */
import type { Declaration } from '../model/piece.js';
import type { Rules, Zone } from './board.js';
import { type Board, boardGeometry, boardProblem, MAX_RECTANGLE_SIDE, notACell, type Square } from '../geometry/index.js';
import { parseSquare } from '../geometry/square.js';
import type { EngineProblem, Resolver } from './plan.js';

export type BoardDeclaration = Extract<Declaration, { kind: 'board' }>;

/** The largest board any zone may refer to when the file declares none. */
const LARGEST: Board = { files: MAX_RECTANGLE_SIDE, ranks: MAX_RECTANGLE_SIDE };

export interface ZoneItemProblem {
    /** Index of the item in the zone's list. */
    index: number;
    message: string;
}

/**
 * The cells of a zone's items (`e5`, ranges `d1-f3` with corners in any order), each once,
 * ordered by rank then file (lattice coordinates). Cells are named as `board` names them
 * (Glinski's names on the hexagon); a range is every cell of the board whose file and rank
 * numbers lie between its corners'. Items that are not cells, or cells off `board` (default:
 * the largest rectangle), are left out and reported by index.
 */
export function zoneSquares(items: readonly string[], board: Board = LARGEST): { squares: Square[]; problems: ZoneItemProblem[] } {
    const seen = new Set<number>();
    const squares: Square[] = [];
    const problems: ZoneItemProblem[] = [];
    const add = (sq: Square) => {
        const index = sq.rank * MAX_RECTANGLE_SIDE + sq.file;
        if (!seen.has(index)) {
            seen.add(index);
            squares.push(sq);
        }
    };
    const geometry = boardGeometry(board);
    const square = !board.shape;
    items.forEach((item, index) => {
        const corners = item.trim().toLowerCase().split('-');
        const written = corners.map((c) => (/^[a-z]+[0-9]+$/.test(c) ? parseSquare(c) : undefined));
        if (corners.length > 2 || written.some((sq) => !sq)) {
            problems.push({ index, message: `"${item}" is not a square (e5) or a rectangle of squares (d1-f3)` });
            return;
        }
        const parsed = corners.map((c) => geometry.parse(c));
        const off = parsed.findIndex((sq) => !sq);
        if (off >= 0) {
            const w = written[off]!;
            problems.push({ index, message: notACell(board, `${corners[off].replace(/[0-9]+$/, '')}${w.rank + 1}`) });
            return;
        }
        const [a, b] = [parsed[0]!, parsed[parsed.length - 1]!];
        if (square) {
            for (let rank = Math.min(a.rank, b.rank); rank <= Math.max(a.rank, b.rank); rank++) {
                for (let file = Math.min(a.file, b.file); file <= Math.max(a.file, b.file); file++) add({ file, rank });
            }
            return;
        }
        // On a shaped board: the cells whose file and rank numbers (as the board names them) lie between the corners'.
        const files = [geometry.fileNumber(a), geometry.fileNumber(b)].sort((x, y) => x - y);
        const ranks = [geometry.rankNumber(a), geometry.rankNumber(b)].sort((x, y) => x - y);
        for (const cell of geometry.cells) {
            const f = geometry.fileNumber(cell);
            const r = geometry.rankNumber(cell);
            if (f >= files[0] && f <= files[1] && r >= ranks[0] && r <= ranks[1]) add(cell);
        }
    });
    squares.sort((x, y) => x.rank - y.rank || x.file - y.file);
    return { squares, problems };
}

/** What a name declares, when it is defined as something other than a piece. */
export function declarationOf(key: string, resolve: Resolver): Declaration | undefined {
    return resolve(key)?.declaration;
}

/** The zone named `key` (its on-board squares), or undefined when `key` is not defined as a zone. */
export function resolveZone(key: string, resolve: Resolver, board?: Board): Zone | undefined {
    const declaration = declarationOf(key, resolve);
    if (declaration?.kind !== 'zone') return undefined;
    return { key, squares: zoneSquares(declaration.squares, board).squares, items: declaration.squares };
}

/**
 * What a zone whose definition has errors means where it is used, or undefined when every item
 * of zone `key` reads as squares. Such a zone keeps the squares that could be read (its
 * definition carries the error); the note says so where it confines or tests a move, so that
 * moves missing because of it are explained there too.
 */
export function brokenZoneNote(key: string, resolve: Resolver): string | undefined {
    const declaration = declarationOf(key, resolve);
    if (declaration?.kind !== 'zone') return undefined;
    // The lowering leaves out (and reports) items that are not squares, so a zone written with
    // nothing but such items arrives here empty: a zone has squares, so that is always its error.
    const { squares, problems } = zoneSquares(declaration.squares);
    if (squares.length === 0) return `zone ${key} has no square (see its definition), so nothing is in it`;
    if (problems.length === 0) return undefined;
    return `zone ${key} has an error (${problems[0].message}): only its other squares are in it`;
}

/**
 * The rules a board declaration states. Problems (a clause naming something that is not a
 * zone) are returned; the clause is then left out.
 */
export function boardRules(declaration: BoardDeclaration, resolve: Resolver): { rules: Rules; problems: EngineProblem[] } {
    const board: Board = { files: declaration.files, ranks: declaration.ranks, ...(declaration.shape ? { shape: declaration.shape } : {}) };
    const problems: EngineProblem[] = [];
    const confine = new Map<string, Zone>();
    const zones = new Map<string, Zone>();
    let promotionZone: Zone | undefined;
    const zone = (key: string, clause: string): Zone | undefined => {
        const found = zones.get(key) ?? resolveZone(key, resolve, board);
        if (!found) {
            const what = resolve(key) ? 'is not defined as a zone' : 'is not defined';
            problems.push({ kind: 'invalid', message: `${clause}: "${key}" ${what}; write e.g. (def ${key} (zone d1-f3))`, rule: 'not-a-zone' });
            return undefined;
        }
        const broken = brokenZoneNote(key, resolve);
        if (broken && !zones.has(key)) problems.push({ kind: 'invalid', message: `${clause}: ${broken}`, rule: 'zone-square' });
        zones.set(key, found);
        return found;
    };
    for (const clause of declaration.clauses) {
        if (clause.kind === 'confine') {
            for (const piece of clause.pieces) {
                // A zone, condition, board or function has no moves to confine: a slip, said rather than ignored.
                const kind = declarationOf(piece, resolve)?.kind;
                if (kind) problems.push({ kind: 'invalid', message: `(confine ${piece} ... "${clause.zone}"): "${piece}" is a ${kind}, not a piece, so confining it does nothing`, rule: 'declaration-used-as-piece' });
            }
            const found = zone(clause.zone, 'confine');
            if (found) for (const piece of clause.pieces) confine.set(piece, found);
        } else {
            promotionZone = zone(clause.zone, 'promotion-zone') ?? promotionZone;
        }
    }
    return { rules: { board, confine, ...(promotionZone ? { promotionZone } : {}), zones: [...zones.values()] }, problems };
}

/** Whether a board is one the engine evaluates (a rectangle of 1..MAX_RECTANGLE_SIDE each side, a hexagon of a supported side, some cell). */
export function validBoard(board: Board): boolean {
    return boardProblem(board) === undefined;
}
