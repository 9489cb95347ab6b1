/**
 * Where a piece is shown when nobody says where it stands: one rule for every view (the hover's,
 * `lcpn show`'s and the catalog's diagrams, the panel's and the playground's first diagram,
 * `lcpn moves` without --at). A piece confined to a zone (its board's `confine` clause, or a
 * keyword naming a zone: the xiangqi general's `:within-fortress`) stands in that zone, on the
 * square nearest its middle where it has the most moves; any other piece stands on the board's
 * centre. Squares are chosen as White sees the board; a Black piece stands on the square turned
 * half a turn, as its zones are.
 */
import type { Rules, Side } from '../engine/board.js';
import { evaluatePrepared, prepare, STEP_BUDGET, type Resolver } from '../engine/report.js';
import { resolveZone } from '../engine/rules.js';
import { type Board, boardGeometry, geometryOf, type Square } from '../geometry/index.js';
import type { Move, PieceDef } from '../model/piece.js';
import { pieceUses } from './piece-uses.js';
import { confinement, turnSquare } from './zones.js';

export interface Home {
    /** The square the piece stands on (turned for Black). */
    at: Square;
    /** The zone it is confined to, when that decided the square. */
    zone?: string;
}

/** Squares of a zone tried as the piece's home (the nearest its middle). */
const HOME_CANDIDATES = 16;

/**
 * The piece's home on `board` as White sees it. `moves` counts the piece's destinations on a
 * square (the scenarios pass their own prepared evaluation and shared step budget).
 */
export function homeSquare(piece: PieceDef | Move, resolve: Resolver, board: Board, rules: Rules | undefined, moves: (at: Square) => number): Home {
    const geometry = boardGeometry(board);
    const body = 'kind' in piece ? piece : piece.body;
    const confined = confinement(piece, rules);
    const keyword = confined || !body ? undefined : [...pieceUses(body, resolve).keywordZones][0];
    const zone = confined?.key ?? keyword;
    const squares = (confined?.squares ?? (keyword ? resolveZone(keyword, resolve, rules?.board ?? board)?.squares : undefined) ?? [])
        .filter((sq) => geometry.contains(sq));
    const centre = middle(squares, board);
    if (!centre) return { at: geometry.centre };
    // Of the zone's squares nearest its middle, the one where the piece has the most moves: a zone
    // keyword may confine only part of the movement (janggi's palace diagonals, whose middle is no
    // diagonal point), and a piece shows best where that part has moves.
    let best = { at: centre, n: -1 };
    for (const at of byDistance(squares, placeOf(board, centre), board).slice(0, HOME_CANDIDATES)) {
        const n = moves(at);
        if (n > best.n) best = { at, n };
    }
    return { at: best.at, zone };
}

/**
 * Where the piece stands for `side` when no square is given (`lcpn moves` without --at, the
 * panel's first view): homeSquare with an evaluation of its own, turned for Black.
 */
export function defaultSquare(piece: PieceDef | Move, resolve: Resolver, board: Board, rules: Rules | undefined, side: Side = 'white'): Home {
    let prepared: ReturnType<typeof prepare> | undefined;
    const budget = { left: STEP_BUDGET };
    const count = (at: Square) => {
        prepared ??= prepare(piece, resolve, geometryOf(board));
        return evaluatePrepared(prepared, { board, at, friends: [], enemies: [], ...(rules ? { rules } : {}) }, { budget }).destinations.length;
    };
    const home = homeSquare(piece, resolve, board, rules, count);
    return side === 'black' ? { ...home, at: turnSquare(board, home.at) } : home;
}

/** Where a cell is drawn, in cell units: distances between cells are measured there, on any geometry. */
const placeOf = (board: Board, sq: Square) => boardGeometry(board).place(sq);

/** The squares by their distance from `to`'s place (the lowest rank, then file, on a tie). */
function byDistance(squares: readonly Square[], to: { x: number; y: number }, board: Board): Square[] {
    const distance = (sq: Square) => (placeOf(board, sq).x - to.x) ** 2 + (placeOf(board, sq).y - to.y) ** 2;
    return [...squares].sort((a, b) => distance(a) - distance(b) || a.rank - b.rank || a.file - b.file);
}

/** The square of a set nearest its centre of mass; undefined when empty. */
export function middle(squares: readonly Square[], board: Board): Square | undefined {
    if (squares.length === 0) return undefined;
    const x = squares.reduce((n, sq) => n + placeOf(board, sq).x, 0) / squares.length;
    const y = squares.reduce((n, sq) => n + placeOf(board, sq).y, 0) / squares.length;
    return byDistance(squares, { x, y }, board)[0];
}
