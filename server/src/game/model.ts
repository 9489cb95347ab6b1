/**
 * The game model: a whole variant as plain data (JSON-serialisable, like the piece model of
 * model/piece.ts), every rule a field, after Fairy-Stockfish's `variant.h`. The language's game
 * declaration lowers to it (issue 23); compile.ts checks it and makes it playable.
 *
 * Conventions:
 * - Pieces are named by their FEN letter: one lower-case letter, or `+` and a letter for a
 *   promoted form (shogi's `+p`, the tokin). White writes them in upper case, Black in lower case.
 * - Squares are named as the board names its cells (`e1`, `a10`), White's side at the bottom.
 *   Castling rules name real squares for each side. Zones in the other rules (drop zones, the
 *   promotion zones a game gives, flag zones) are written from White's side and seen by Black on
 *   the board turned half a turn, as the piece engine sees zones (docs/engine-semantics.md).
 * - Outcomes are for the side the rule applies to (the side to move unless said otherwise).
 */
import type { BoardDeclaration } from '../engine/rules.js';

export type Outcome = 'win' | 'loss' | 'draw';

export interface GameModel {
    /** The game's name (`chess`); the CLI's `--game`. */
    name: string;
    /**
     * The board as the language lowers a board declaration: size or shape, confinements and the
     * promotion zone that `promote-to` in the pieces' definitions follows. Zone names in its
     * clauses resolve like piece names.
     */
    board: BoardDeclaration;
    /** The pieces of the game. Their order is the order holdings are written in FEN. */
    pieces: GamePiece[];
    /** The start position, in FEN as Fairy-Stockfish writes it (holdings in `[...]` for a game with drops). */
    start: string;
    royalty?: Royalty;
    /** Castling moves, each side's written out. */
    castling?: CastlingRule[];
    enPassant?: EnPassantRule;
    promotion?: PromotionRule;
    drops?: DropRule;
    /**
     * A move or drop that leaves a piece where it could never move again (on an empty board, as
     * a piece that has moved) is illegal: so where promotion is optional it is compulsory there
     * (shogi's pawn, lance and knight; grand chess's pawn on the last rank). Fairy-Stockfish's
     * `immobilityIllegal`.
     */
    immobilityIllegal?: boolean;
    /**
     * Pieces (letters) whose moves reset the halfmove clock when they cannot be taken back (the
     * piece could not move back on an empty board: a pawn's step). Captures, drops and promotions
     * always reset it. Fairy-Stockfish's `nMoveRuleTypes` (default: none here, its pawn there).
     */
    irreversible?: string[];
    /** A side may pass: in UCI its royal piece "moves" to its own square (janggi's `e2e2`). Not while its royal piece is attacked. */
    pass?: boolean;
    results: ResultRules;
}

export interface GamePiece {
    /** The FEN letter (`k`, `+p`). */
    letter: string;
    /** The piece it stands for: the name of a definition (normalized key, `promoted-silver`). */
    piece: string;
    /**
     * The letter moves in SAN (PGN) name it by, when not its FEN letter: xiangqi's horse `h` and
     * elephant `e` (FEN `n`, `b`), shogi's promoted pieces as Fairy-Stockfish names them (`g`
     * for `+p`, `d` for `+r`). Fairy-Stockfish's `pieceToCharSynonyms` and promoted piece types.
     */
    san?: string;
}

export interface Royalty {
    /** The royal pieces, by letter. */
    pieces: string[];
    /**
     * `check`: a royal piece may never be left attacked (chess): a side with no legal move is
     * checkmated if one is attacked, else stalemated. `capture`: royal pieces may be captured; a
     * side left without any loses at once (seed 003's Normal Chess: "capturing the K wins").
     */
    rule: 'check' | 'capture';
    /**
     * Two royal pieces facing each other on a file or rank with nothing between: `never`
     * (xiangqi's flying general: no move may leave them facing), or `bikjang` (janggi: the side
     * to move that finds them facing must break it or pass; facing after its move too, the game ends).
     */
    facing?: 'never' | 'bikjang';
}

/**
 * One castling move of one side: the king and its partner (a rook) each go to a square. The
 * right is lost when either piece leaves its square or the partner is captured there.
 */
export interface CastlingRule {
    side: 'white' | 'black';
    /** Its letter in FEN's castling field: `K` or `Q` for White, `k` or `q` for Black. */
    right: string;
    king: { from: string; to: string };
    partner: { from: string; to: string };
    /** Letters the king (the piece that moves in UCI) and the partner may be. */
    kingPieces: string[];
    partnerPieces: string[];
    /** Squares that must be empty, besides the squares of the two pieces themselves. */
    empty: string[];
    /** Squares no enemy may attack: the king's start, the squares it passes and its destination. */
    safe: string[];
}

export interface EnPassantRule {
    /**
     * Pieces (letters) whose non-capturing moves along a line of two or more steps (a pawn's
     * double step) give the other side the right to capture them on the squares passed, on the
     * next move only.
     */
    pieces: string[];
    /** Pieces (letters) that may capture that way: by a capture of theirs onto a passed square. */
    capturers: string[];
}

export interface PromotionRule {
    /** Promotion is compulsory wherever it is offered (chess, makruk); otherwise a piece may also arrive unpromoted (shogi, grand). */
    mandatory: boolean;
    /** Only to pieces the side has lost: never more of a kind than the start position has (grand chess). */
    toLostPieces?: boolean;
    /**
     * Promotions the game states, by the letter of the piece that promotes. Where a piece is not
     * listed, its definition's `promote-to` says where (the board's promotion zone) and to what.
     */
    pieces?: Record<string, PiecePromotion>;
}

export interface PiecePromotion {
    /** The letters it may promote to. */
    choices: string[];
    /**
     * Where: moves that end on these squares (White's side, turned for Black); `stuck`: moves
     * that end where it could move no further on an empty board (seed 003's pawn). Absent: where
     * its definition's `promote-to` applies, with these choices instead of the definition's.
     */
    zone?: string[] | 'stuck';
}

export interface DropRule {
    /** Captured pieces change side and go to the capturer's hand, a promoted piece as what it was before. */
    capturesToHand: boolean;
    /** Where each piece may be dropped (by letter; squares from White's side, turned for Black). Unlisted: any empty square. */
    zones?: Record<string, string[]>;
    /** Pieces (letters) that may not be dropped on a file where the side already has an unpromoted one (shogi's nifu). */
    noDoubledOnFile?: string[];
    /**
     * A drop of one of these pieces that checkmates: `illegal`, or `loses` (the drop stays in the
     * list of moves and the side that made it loses, as Fairy-Stockfish scores shogi's uchifuzume).
     */
    dropMate?: { pieces: string[]; rule: 'illegal' | 'loses' };
}

export interface ResultRules {
    /** The side to move, its royal piece attacked, has no legal move (requires royalty `check`). */
    checkmate?: Outcome;
    /** The side to move, not attacked, has no legal move. */
    stalemate: Outcome;
    /** A side with none left of these pieces (on the board or in hand): the outcome for that side. */
    extinction?: { pieces: string[]; outcome: Outcome };
    /** A side left with nothing but its royal pieces: the outcome for that side. */
    bareKing?: Outcome;
    /** A side with one of these pieces in this zone (White's side, turned for Black) wins. */
    flag?: { pieces: string[]; zone: string[] };
    /**
     * The same position (board, hands, side to move, rights) for the `count`th time. The outcome is
     * for the side to move, or for White when `forWhite`. With `perpetualCheck`, a side that
     * checked on every one of its moves since the first of those positions loses instead.
     */
    repetition?: { count: number; outcome: Outcome; forWhite?: boolean; perpetualCheck?: boolean };
    /** `moves` moves by each side without resetting the halfmove clock (a capture, a drop, a promotion, an irreversible move). */
    moveRule?: { moves: number; outcome: Outcome };
    /** Two passes in a row end the game in a draw (decided by material where the game counts it: janggi). */
    doublePass?: boolean;
    /**
     * Games that end by bikjang, two passes, repetition or the move rule in a draw are decided by
     * counting material (janggi): White wins with more than Black's bonus, else Black.
     */
    material?: { values: Record<string, number>; blackBonus: number };
}
