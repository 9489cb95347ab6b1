/**
 * Set-ups, rules and destinations as the engine sees them (a board and its squares are
 * geometry's: geometry/board.ts). Coordinates are 0-based, file 0 = the a-file, rank 0 =
 * White's first rank. The moving piece always belongs to White, so "forward" is +y. (A Black
 * piece is the same computation mirrored.)
 */
import type { Board, Square } from '../geometry/index.js';

/** The side a piece plays for: White moves up the board (toward the last rank), Black down. */
export type Side = 'white' | 'black';

/** A square with, optionally, the piece standing on it (a normalized key), for `(occupied-by P)`. */
export interface Occupant extends Square {
    piece?: string;
}

/**
 * A set of squares, named, as written: from White's side. A Black piece sees it turned half a
 * turn (the zone d1-f3 is Black's d8-f10); drawing it for Black means turning its squares.
 */
export interface Zone {
    /** The zone's normalized name (`palace`). */
    key: string;
    squares: Square[];
    /** The items as written, read again in a shaped board's own names where the zone is used (engine/evaluate.ts zoneMask). */
    items?: readonly string[];
}

/**
 * What a file's board declaration means for evaluation (`rules.ts` builds it from the
 * `board` Declaration and the namespace). Zones are written from White's side; a Black piece
 * sees them turned half a turn, like everything else (the engine does that itself).
 */
export interface Rules {
    /** The declared size. Callers use it as the set-up's board unless a flag or setting overrides it. */
    board: Board;
    /** `(confine PIECE... ZONE)`: piece key -> the zone it never leaves. */
    confine: ReadonlyMap<string, Zone>;
    /** `(promotion-zone ZONE)`: `promote-to` applies only to moves that start or end in it. */
    promotionZone?: Zone;
    /** Every zone defined in the file (for drawing): the board's clauses' zones and the others. */
    zones: Zone[];
}

/**
 * A position to compute moves in: the board, where the piece stands, and the other pieces.
 * Squares are on the real board (White's naming) whatever the side; destinations come back the same way.
 */
export interface SetUp {
    board: Board;
    at: Square;
    friends: Occupant[];
    enemies: Occupant[];
    /** Default white. A Black piece is evaluated on the board turned half a turn (forward is toward rank 1). */
    side?: Side;
    /** The piece has not moved yet: `(first-move)` holds. Default false. */
    firstMove?: boolean;
    /** The file's board declaration (confinements, promotion zone); absent: no rules. */
    rules?: Rules;
}

/** What the piece can do on one destination square. */
export interface Destination {
    square: Square;
    /** It can move here without capturing (the square is empty in the set-up). */
    move: boolean;
    /** It captures here by landing, if an enemy stands (or were added) here. */
    capture: boolean;
    /** It captures a piece here without moving onto the square (igui / locust capture), if an enemy stands here. */
    igui: boolean;
    /** Facts that apply to this destination but are not machine-evaluated (informal conditions, informal later legs). */
    notes: string[];
    /** Pieces it may promote to on arriving here (`promote-to`); absent when it does not promote here. */
    promotions?: string[];
    /**
     * For igui made after moving first (`(-> (move knight) (igui ...))`): every square the piece
     * stands on when it captures here without moving, its start included if it can also capture
     * from there. Absent when every igui capture here is made from the start.
     */
    iguiFrom?: Square[];
    /**
     * Capturing on the way (the locust): each way of arriving here that first captures enemies
     * elsewhere, as the squares captured (in the order taken). Absent when every way of
     * arriving here captures only here (or nothing).
     */
    locusts?: Square[][];
    /** Set when every way of arriving here captures on the way first: `move`/`capture` then describe only those ways' landing. */
    locustOnly?: true;
    /** Set when `SetUp.firstMove` is true and the piece reaches this square only because it has not moved yet. */
    firstMoveOnly?: true;
}
