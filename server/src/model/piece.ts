import type { BoardShape } from '../geometry/index.js';
/**
 * The piece model: what a piece's movement *means*, free of the surface style it was
 * written in. Every front end (LCPN Lisp/C/SQL, Betza, Parlett) lowers to these types;
 * the engine, the diagrams and every printer read only these types.
 *
 * Invariant: a model value is plain data (JSON-serialisable, no AST or CST references),
 * so that `parse -> print in style S -> parse` can be checked with deep equality.
 */


/** The three LCPN surface styles. */
export type Style = 'lisp' | 'c' | 'sql';

/** A movement expression. */
export type Move =
    | LeapMove
    | RefMove
    | QualifiedMove
    | UnionMove
    | SequenceMove
    | ApplyMove
    | ConditionalMove
    | TextMove
    | PathMove;

/**
 * `(path "L*FF(L|R)F$")`: a move written as a regular expression over the paths of the board's
 * rotation graph (seed 002): `F` one cell forward, `L`/`R` turn one unit (90 degrees on squares,
 * 60 on hexagons), `$` the cell reached must be empty unless the path ends there. Evaluated on
 * any geometry; `text` is kept as written (normalized: no spaces, no slashes) for printing.
 */
export interface PathMove {
    kind: 'path';
    text: string;
    regex: PathRegex;
}

/** The parsed path expression (plain data). */
export type PathRegex =
    | { kind: 'forward' }
    | { kind: 'left' }
    | { kind: 'right' }
    | { kind: 'check' }
    | { kind: 'sequence'; items: PathRegex[] }
    | { kind: 'choice'; options: PathRegex[] }
    /** `*` (0, null), `+` (1, null), `?` (0, 1), `{m,n}`. */
    | { kind: 'repeat'; item: PathRegex; min: number; max: number | null };

/** `[m n]`: a leap by m along one axis and n along the other, in every sign and order permutation unless `:only`. */
export interface LeapMove {
    kind: 'leap';
    vector: number[];
}

/**
 * A use of a named piece. `key` is the normalized name (see names.ts); the spelling as
 * written is not part of the model (printers spell names in their style's convention).
 */
export interface RefMove {
    kind: 'ref';
    key: string;
}

/** `(base :kw ...)` / `base:kw:kw`: direction restrictions, ranges and other qualifiers on a movement. */
export interface QualifiedMove {
    kind: 'qualified';
    base: Move;
    qualifiers: Qualifier[];
}

/** `(/ a b ...)`, `a / b`, `a OR b`: the piece may move as any of the parts. */
export interface UnionMove {
    kind: 'union';
    parts: Move[];
}

/**
 * `(=> a b)` (blocked: a must end on an empty square and the piece must continue with b)
 * or `(-> a b)` (free: the piece may stop after a, or continue with b whatever stands there).
 * More than two legs chain left to right.
 */
export interface SequenceMove {
    kind: 'sequence';
    mode: 'blocked' | 'free';
    legs: Move[];
}

/**
 * A modifier function applied to arguments: `(move rook)`, `((& capture cannon) rook)`,
 * `(promote-to queen rook)`, `(capture-a-general rook)`. `functions` is the composition, in
 * source order, of normalized function names. A union of functions applied to arguments
 * (`((/ move capture) rook)`) is lowered to a union of applications.
 */
export interface ApplyMove {
    kind: 'apply';
    functions: string[];
    args: Move[];
}

/** `(cond (TEST EXPR) ...)`, `if`, `IF`: the first branch whose test holds applies. */
export interface ConditionalMove {
    kind: 'conditional';
    branches: Branch[];
    otherwise?: Move;
}

export interface Branch {
    test: Test;
    body: Move;
}

/** The comparison operators of conditions: `=` `<` `>` `<=` `>=`. */
export type CompareOp = '=' | '<' | '>' | '<=' | '>=';

/**
 * A condition, tested on one square (see docs/language.md, "Conditions"): in a `cond` branch the
 * square the piece stands on; as a landing test (a keyword or a function part that names a
 * condition) each square the move lands on or jumps over.
 * - `compare`: `(= (rank) 2)`, `(< (file) 5)`, `rank() >= 6`.
 * - `and` / `or` / `not`: `(and a b)`, `a && b`, `a AND b`; `(or ...)`, `||`, `OR`; `(not a)`, `!a`, `NOT a`.
 * - `predicate`: a built-in test applied to terms: `(first-move)` (the piece has not moved yet),
 *   `(in palace)` (the square is in zone `palace`), `(occupied-by cannon general)` (one of these
 *   pieces, of either side, stands there), `(empty)`, `(friend)`, `(enemy)`. `fn` is normalized.
 * - `ref`: a condition defined in the file by name (`(def on-own-side (<= (rank) 5))`), used as a test.
 * - `text`: informal words (`"before crossing river"`); evaluated only when the file defines a
 *   condition whose name is those words joined by hyphens (`before-crossing-river`).
 */
export type Test =
    | { kind: 'compare'; op: CompareOp; left: Term; right: Term }
    | { kind: 'and'; tests: Test[] }
    | { kind: 'or'; tests: Test[] }
    | { kind: 'not'; test: Test }
    | { kind: 'predicate'; fn: string; args: Term[] }
    | { kind: 'ref'; key: string }
    | { kind: 'text'; text: string };

export type Term =
    | { kind: 'call'; fn: string; args: Term[] }
    | { kind: 'number'; value: number }
    | { kind: 'name'; key: string };

/** An informal description (`"see text"`): kept and shown, not machine-evaluable. */
export interface TextMove {
    kind: 'text';
    text: string;
}

/** A qualifier, after `:`. */
export type Qualifier =
    /**
     * Any other keyword (`:forward`, `:narrow`, `:within-fortress`), normalized. LCPN lowers every
     * keyword it does not treat specially to this; the vocabulary says which ones are known directions.
     */
    | { kind: 'direction'; name: string }
    /** `:only`: take the vector literally. */
    | { kind: 'only' }
    /** `:N` (1..N), `:N :M`, `:N :*` (max null = unlimited); `:rider` is `{ min: 1, max: null }`. */
    | { kind: 'range'; min: number; max: number | null }
    /** `:outward` (the default on a continuation leg) and `:any` (lift it). */
    | { kind: 'outward' }
    | { kind: 'any' }
    /** A restriction from another notation that has no LCPN keyword: kept, shown, not evaluated. */
    | { kind: 'other'; name: string };

/** One definition. */
export interface PieceDef {
    /** The name as written at the definition. */
    name: string;
    /** The normalized name: lower case, `_` read as `-`, `$` escape dropped. */
    key: string;
    /** Properties such as `royal` (written `::royal`), normalized, without colons. */
    properties: string[];
    /** The movement; undefined when the definition has no body, or when it declares something else (`declaration`). */
    body?: Move;
    /**
     * Set when the definition declares a board, a zone, a condition or a function instead of a
     * piece (`(def palace (zone d1-f3))`); then `body` is undefined.
     */
    declaration?: Declaration;
    /** The style the definition was written in (used by printers that keep the style). */
    style: Style;
    /**
     * Set when the parser recovered from a syntax error inside this definition and parts of its
     * AST are missing: each missing part lowered to an empty union (no movement), so the model is
     * still total, but it is not what was meant. Absent on complete definitions.
     */
    incomplete?: true;
}

/**
 * What a definition declares when it is not a piece (docs/language.md, "Boards, zones and conditions").
 * Square names are written from White's side, lower case, as in `e5` or a rectangle `d1-f3`.
 */
export type Declaration =
    /** `(zone d1-f3 e5)`, `zone(d1-f3, e5)`: a set of squares. */
    | { kind: 'zone'; squares: string[] }
    /** `(board 9 10 clause...)`, `board(9, 10, clause...)`: the file's board. At most one per file. */
    | { kind: 'board'; files: number; ranks: number; clauses: BoardClause[]; shape?: BoardShape }
    /** `(def on-own-side (<= (rank) 5))`: a named condition, usable as a test, a keyword or a function part. */
    | { kind: 'condition'; test: Test }
    /** `(def capture-a-general (& capture (occupied-by general)))`: a function, the composition of its parts. */
    | { kind: 'function'; parts: FunctionPart[] }
    /** `(def chess (game (pieces (king "k") ...) (start "...") ...))`: a whole game, its clauses in order (docs/language.md, "Games"). */
    | { kind: 'game'; clauses: GameClause[] };

/** An outcome of a game's end, for the side it happens to (game/model.ts `Outcome`). */
export type GameOutcome = 'win' | 'loss' | 'draw';

/**
 * A clause of a game declaration, as written (names are normalized keys, squares lower case);
 * semantics/game-model.ts turns the clauses into the game layer's GameModel. Each clause is one
 * call: `(royal check king)`, `royal(check, king)`.
 */
export type GameClause =
    /** `(board NAME)`: a board the file declares; `(board 9 10 ...)`: a board written in place. */
    | { kind: 'board'; name: string }
    | { kind: 'board'; board: Extract<Declaration, { kind: 'board' }> }
    /** `(pieces (king "k") (tokin "+p") (horse "n" (san "h")))`: each piece and its FEN letter, in the order of holdings, and its SAN letter where it differs. */
    | { kind: 'pieces'; pieces: { piece: string; letter: string; san?: string }[] }
    /** `(start "FEN")`. */
    | { kind: 'start'; fen: string }
    /** `(royal check king)`: royal pieces never left attacked; `(royal capture king)`: captured, their side loses. */
    | { kind: 'royal'; rule: 'check' | 'capture'; pieces: string[] }
    /** `(facing never)` (xiangqi), `(facing bikjang)` (janggi). */
    | { kind: 'facing'; rule: 'never' | 'bikjang' }
    /** `(castling (king e1 g1) (rook h1 f1))`: White's castling move; Black's is the same on its own first rank. */
    | { kind: 'castling'; king: CastlingPart; partner: CastlingPart }
    /** `(en-passant pawn)`: these pieces' double steps may be taken en passant, by these pieces. */
    | { kind: 'en-passant'; pieces: string[] }
    /** `(promotion mandatory)`, `(promotion optional to-lost-pieces)`. */
    | { kind: 'promotion'; mandatory: boolean; toLostPieces: boolean }
    /** `(promote pawn queen rook)`, with `(in ZONE)` or `(where-stuck)` for where. */
    | { kind: 'promote'; piece: string; choices: string[]; zone?: string; stuck?: true }
    /** `(drop-zone pawn ZONE)`. */
    | { kind: 'drop-zone'; piece: string; zone: string }
    /** `(no-doubled pawn)`: no drop on a file where the side has an unpromoted one. */
    | { kind: 'no-doubled'; pieces: string[] }
    /** `(drop-mate illegal pawn)`, `(drop-mate loses pawn)`. */
    | { kind: 'drop-mate'; rule: 'illegal' | 'loses'; pieces: string[] }
    /** `(immobility-illegal)`, `(pass)`, `(drops)`, `(double-pass)`: clauses without arguments. */
    | { kind: 'drops' | 'immobility-illegal' | 'pass' | 'double-pass' }
    /** `(irreversible pawn)`: these pieces' moves reset the move rule's count. */
    | { kind: 'irreversible'; pieces: string[] }
    /** `(checkmate loss)`, `(stalemate draw)`, `(bare-king loss)`. */
    | { kind: 'checkmate' | 'stalemate' | 'bare-king'; outcome: GameOutcome }
    /** `(extinction loss king)`. */
    | { kind: 'extinction'; outcome: GameOutcome; pieces: string[] }
    /** `(flag ZONE king)`: a piece of these in the zone wins. */
    | { kind: 'flag'; zone: string; pieces: string[] }
    /** `(repetition 3 draw)`, `(repetition 4 loss for-white perpetual-check)`. */
    | { kind: 'repetition'; count: number; outcome: GameOutcome; forWhite?: true; perpetualCheck?: true }
    /** `(move-rule 50 draw)`. */
    | { kind: 'move-rule'; moves: number; outcome: GameOutcome }
    /** `(material (chariot 13) ... (black-bonus "1.5"))`: draws decided by material (janggi). */
    | { kind: 'material'; values: { piece: string; value: number }[]; blackBonus: number };

/** The king or the partner of a castling move: the piece, where it stands, where it goes (White's squares). */
export interface CastlingPart {
    piece: string;
    from: string;
    to: string;
}

/** A clause of a board declaration; names are normalized keys. */
export type BoardClause =
    /** `(confine elephant own-side)`: these pieces never leave the zone (start, path and landing inside it). */
    | { kind: 'confine'; pieces: string[]; zone: string }
    /** `(promotion-zone far-ranks)`: `promote-to` applies to moves that start or end in the zone. */
    | { kind: 'promotion-zone'; zone: string };

/** A part of a defined function: a function name (`capture`, or another defined function), or a landing test. */
export type FunctionPart =
    | { kind: 'function'; name: string }
    | { kind: 'test'; test: Test };

/** The largest integer a number in LCPN may have: the model holds JavaScript numbers, exact up to 2^53 - 1. */
export const MAX_INTEGER = Number.MAX_SAFE_INTEGER;

/** An integer as LCPN text: plain digits, never exponent notation (`1e+21` does not parse back). */
export function integerText(value: number): string {
    if (Number.isSafeInteger(value)) return String(value === 0 ? 0 : value);
    if (Number.isFinite(value)) return BigInt(Math.trunc(value)).toString();
    // Digits past the largest double read back as Infinity, so this round-trips too (and is rejected when read).
    return Number.isNaN(value) ? '0' : (value < 0 ? '-1' : '1') + '0'.repeat(309);
}
