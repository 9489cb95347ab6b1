/**
 * A piece's moves from one square as lines (lower-lines.ts makes them from its compiled plan):
 * everything that depends only on squares is decided, what depends on the other pieces is left
 * for `walkLine`, which a caller runs in every position on its own board (the game layer,
 * server/src/game/, millions of times a second).
 *
 * The lines mean exactly what the plan means (docs/engine-semantics.md): `walkLine` over the lines
 * of a square gives the destinations `evaluatePrepared` gives in the same position, for every
 * square that holds an enemy or nothing (server/test/engine/lines.test.ts compares them).
 */
import { EMPTY } from './evaluate.js';

/** How the pieces a line passes count: a rider stops at the first piece on a landing it passes. */
export const LINE_NORMAL = 0;
/** `no-jump`: every square passed (landings and the squares inside a leap) must be empty. */
export const LINE_NO_JUMP = 1;
/** `cannon`: exactly one piece on the squares passed, of either side. */
export const LINE_CANNON = 2;

/**
 * One direction of one leap or ride, from one square, as the real board names squares (index
 * rank * files + file). A caller's board gives each square a cell value: 0 for an empty square,
 * otherwise a code whose lowest bit is the side (0 White, 1 Black).
 */
export interface Line {
    /** Squares that must be empty for the line to exist at all (the legs of a `=>` chain before this one, the landings a `->` leg passed). */
    readonly clear: Int32Array;
    /** LINE_NORMAL, LINE_NO_JUMP or LINE_CANNON. */
    readonly mode: number;
    /** The landings in order along the line. */
    readonly targets: Int32Array;
    /** Per landing: 1 when the piece may stop there (its range's minimum reached). */
    readonly stops: Uint8Array;
    /** It may end on an empty square / by capturing an enemy. */
    readonly move: boolean;
    readonly capture: boolean;
    /**
     * Per landing, the test (its number in the LineTables; 0: none) that a landing there, and a
     * piece passed over there, must pass; null when no landing has one.
     */
    readonly tests: Int32Array | null;
    /**
     * The squares passed inside each step (a leap's path) with their tests, when they count
     * (no-jump, cannon, tests): `inner[innerAt[j]..innerAt[j + 1]]` before landing j. Null otherwise.
     */
    readonly innerAt: Int32Array | null;
    readonly inner: Int32Array | null;
    readonly innerTests: Int32Array | null;
    /** Per landing, the promotion choices (their number in the LineTables; 0: none); null when it never promotes. */
    readonly promotions: Int32Array | null;
}

/**
 * What a test leaves for the walk once the square is known: a function of what stands there.
 * Occupants are seen from the mover: a friend or an enemy, with its piece's name.
 */
export type OccupantTest =
    | { kind: 'const'; value: boolean }
    | { kind: 'empty' }
    | { kind: 'friend' }
    | { kind: 'enemy' }
    | { kind: 'occupied-by'; pieces: readonly string[] }
    | { kind: 'and' | 'or'; tests: OccupantTest[] }
    | { kind: 'not'; test: OccupantTest };

/** What stands on a square, from the mover's side; undefined: nothing. */
export interface LineOccupant {
    friend: boolean;
    /** The piece's name (a normalized key), for `(occupied-by P)`. */
    piece?: string;
}

/** Whether an occupant test holds for what stands on the square. */
export function occupantHolds(test: OccupantTest, occupant: LineOccupant | undefined): boolean {
    switch (test.kind) {
        case 'const': return test.value;
        case 'empty': return occupant === undefined;
        case 'friend': return occupant?.friend === true;
        case 'enemy': return occupant !== undefined && !occupant.friend;
        case 'occupied-by': return occupant?.piece !== undefined && test.pieces.includes(occupant.piece);
        case 'and': return test.tests.every((t) => occupantHolds(t, occupant));
        case 'or': return test.tests.some((t) => occupantHolds(t, occupant));
        case 'not': return !occupantHolds(test.test, occupant);
    }
}

/**
 * Numbers for the tests and promotion choices lines refer to, shared by every line a caller
 * lowers (equal ones get the same number), from 1.
 */
export class LineTables {
    readonly tests: OccupantTest[] = [{ kind: 'const', value: true }];
    readonly promotions: (readonly string[])[] = [[]];
    private readonly testIds = new Map<string, number>();
    private readonly promotionIds = new Map<string, number>();

    test(test: OccupantTest): number {
        const key = JSON.stringify(test);
        let id = this.testIds.get(key);
        if (id === undefined) {
            this.testIds.set(key, id = this.tests.length);
            this.tests.push(test);
        }
        return id;
    }

    promotion(choices: readonly string[]): number {
        if (choices.length === 0) return 0;
        const key = choices.join('\u0000');
        let id = this.promotionIds.get(key);
        if (id === undefined) {
            this.promotionIds.set(key, id = this.promotions.length);
            this.promotions.push([...choices]);
        }
        return id;
    }
}

/**
 * Walks one line on a board: `cells[square]` is 0 for an empty square, else a code whose lowest
 * bit is its side; `truth[test * stride + cell]` says whether test number `test` holds for that
 * cell, seen from the mover (`side`). Writes each landing the piece can end on as three numbers
 * (square, 1 for a move onto an empty square or 2 for a capture, promotion choices number) into
 * `out` from `n`, and returns the new count. `until`: stop after landing index `until` (for
 * "does this line capture on that square").
 *
 * The rules are Walker.leaf's: only pieces on landings block a normal line (leapers jump); with
 * no-jump every square passed must be empty; a cannon needs exactly one piece passed, lands only
 * beyond it and stops at a second; a landing that fails its test is passed over (a ride goes on
 * over an empty one); a piece passed that fails it stops the line.
 */
export function walkLine(
    line: Line, cells: ArrayLike<number>, side: number, truth: Uint8Array | null, stride: number, out: Int32Array, n: number, until = -1
): number {
    const clear = line.clear;
    for (let i = 0; i < clear.length; i++) if (cells[clear[i]] !== EMPTY) return n;
    const targets = line.targets;
    const last = until < 0 ? targets.length - 1 : until;
    const promotions = line.promotions;
    const tests = line.tests;
    if (line.mode === LINE_NORMAL && tests === null && line.inner === null) {
        // The common case (leapers, riders, pawns): a piece on a landing ends the line.
        for (let j = 0; j <= last; j++) {
            const to = targets[j];
            const cell = cells[to];
            if (cell === EMPTY) {
                if (line.move && line.stops[j] === 1) {
                    out[n++] = to;
                    out[n++] = 1;
                    out[n++] = promotions === null ? 0 : promotions[j];
                }
                continue;
            }
            if (line.capture && line.stops[j] === 1 && (cell & 1) !== side) {
                out[n++] = to;
                out[n++] = 2;
                out[n++] = promotions === null ? 0 : promotions[j];
            }
            return n;
        }
        return n;
    }
    const cannon = line.mode === LINE_CANNON;
    const noJump = line.mode === LINE_NO_JUMP;
    const inner = line.inner;
    const innerAt = line.innerAt;
    const innerTests = line.innerTests;
    let landingPieces = 0;
    let innerPieces = 0;
    for (let j = 0; j <= last; j++) {
        if (j > 0) {
            const before = cells[targets[j - 1]];
            if (before !== EMPTY) {
                landingPieces++;
                // A piece passed must pass the test of its square.
                if (tests !== null && tests[j - 1] !== 0 && truth![tests[j - 1] * stride + before] !== 1) return n;
            }
        }
        if (inner !== null) {
            for (let i = innerAt![j]; i < innerAt![j + 1]; i++) {
                const cell = cells[inner[i]];
                if (cell === EMPTY) continue;
                innerPieces++;
                const test = innerTests![i];
                if (test !== 0 && truth![test * stride + cell] !== 1) return n;
            }
        }
        const pieces = landingPieces + innerPieces;
        if (cannon ? pieces > 1 : noJump ? pieces > 0 : landingPieces > 0) return n;
        const to = targets[j];
        const cell = cells[to];
        if (tests !== null && tests[j] !== 0 && truth![tests[j] * stride + cell] !== 1) continue;
        if (line.stops[j] !== 1 || (cannon && pieces !== 1)) continue;
        if (cell === EMPTY ? line.move : line.capture && (cell & 1) !== side) {
            out[n++] = to;
            out[n++] = cell === EMPTY ? 1 : 2;
            out[n++] = promotions === null ? 0 : promotions[j];
        }
    }
    return n;
}
