/**
 * Which zones a piece's diagram draws (docs/diagrams.md, "Zones"): the ones its moves depend on
 * (a zone keyword, `(in ZONE)`, its confinement, its promotion zone), tinted, and no other: a
 * zone the piece does not use is neither drawn nor listed under its diagrams. Zones are written
 * from White's side; a Black piece sees them turned half a turn, as the engine does, so they are
 * turned here too.
 */
import type { Rules, SetUp, Side, Zone } from '../engine/board.js';
import { type Board, boardGeometry, type Square } from '../geometry/index.js';
import type { Resolver } from '../engine/report.js';
import { resolveZone } from '../engine/rules.js';
import type { DiagramZone } from '../diagram/zones.js';
import type { Move, PieceDef } from '../model/piece.js';
import { pieceUses } from './piece-uses.js';

/** Turns a square half a turn on the board (White's view <-> Black's view), as the board's geometry turns it. */
export function turnSquare(board: Board, sq: Square): Square {
    return boardGeometry(board).turn(sq);
}

/** The zones the piece depends on (keys), with the board's confinement and promotion zone for it. */
export function relevantZoneKeys(piece: PieceDef | Move, resolve: Resolver, rules?: Rules): Set<string> {
    const body = 'kind' in piece ? piece : piece.body;
    const uses = body ? pieceUses(body, resolve) : undefined;
    const keys = new Set(uses?.zones ?? []);
    const confined = confinement(piece, rules);
    if (confined) keys.add(confined.key);
    if (uses?.promotes && rules?.promotionZone) keys.add(rules.promotionZone.key);
    return keys;
}

/** The zone the piece may never leave (its board confinement), if any. */
export function confinement(piece: PieceDef | Move, rules?: Rules): Zone | undefined {
    return 'kind' in piece ? undefined : rules?.confine.get(piece.key);
}

/**
 * The zones to draw on the piece's diagram on `board` for `side`: only those its moves or
 * conditions use (relevantZoneKeys), never the board's other zones (another piece's confinement
 * is no part of this piece's picture); squares off `board` (a smaller board chosen in a setting,
 * a hole) are left out.
 */
export function pieceZones(piece: PieceDef | Move, resolve: Resolver, board: Board, rules?: Rules, side: Side = 'white'): DiagramZone[] {
    const known = new Map<string, Zone>((rules?.zones ?? []).map((z) => [z.key, z]));
    const geometry = boardGeometry(board);
    const out: DiagramZone[] = [];
    for (const key of relevantZoneKeys(piece, resolve, rules)) {
        const zone = known.get(key) ?? resolveZone(key, resolve, rules?.board ?? board);
        if (!zone) continue;
        const squares = zone.squares.filter((sq) => geometry.contains(sq)).map((sq) => (side === 'black' ? turnSquare(board, sq) : sq));
        out.push({ name: key, squares, relevant: true });
    }
    return out;
}

/**
 * Why some moves are missing where the piece stands (docs/diagrams.md): outside a zone a keyword
 * confines part of its movement to (`:within-fortress`), those moves do not exist. (A piece
 * outside its board confinement has no moves at all: the engine says so as a problem.)
 */
export function outsideZoneFacts(piece: PieceDef | Move, resolve: Resolver, setup: SetUp): string[] {
    const body = 'kind' in piece ? piece : piece.body;
    if (!body) return [];
    const board = setup.board;
    const at = setup.side === 'black' ? turnSquare(board, setup.at) : setup.at;
    const lines: string[] = [];
    for (const key of pieceUses(body, resolve).keywordZones) {
        const zone = resolveZone(key, resolve, setup.rules?.board ?? board);
        if (zone && !zone.squares.some((sq) => sq.file === at.file && sq.rank === at.rank)) {
            lines.push(`${boardGeometry(board).name(setup.at)} is outside zone ${key}: the moves confined to it (:${key}) exist only inside it`);
        }
    }
    return lines;
}
