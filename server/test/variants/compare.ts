/**
 * The differential comparison of lcpn with Fairy-Stockfish for one variant.
 *
 * Fairy-Stockfish gives only legal moves: a move that leaves the mover's own king (general)
 * attacked is not among them, while lcpn computes a piece's moves without regard to check
 * (check involves the whole position, not one piece). So for every piece of the side to move:
 * - every destination FSF gives must be one lcpn gives (moving onto an empty square, capturing
 *   onto an enemy's), and FSF offers a promotion there exactly when lcpn marks one, with the
 *   same choices;
 * - every destination lcpn gives that FSF does not must be one that leaves the mover in check:
 *   the move is played on a copy of the board, the mover kept to move, and FSF is asked whether
 *   it is in check. The rules on generals facing each other on an open file (xiangqi's flying
 *   general, janggi's bikjang) are part of FSF's legality but not of its check test, so they are
 *   checked here by hand.
 * Not compared: drops (shogi) and passes (janggi), which are not moves of a piece on the board,
 * and castling and en passant (chess), which involve two pieces or the previous move.
 */
import type { LcpnFile } from './lcpn-side.js';
import { lcpnDestinations } from './lcpn-side.js';
import { legalMovesByPiece, parseFen, parseSq, squareText, writeFen, type Ffish, type FenPiece, type FenPosition, type FsfDestination } from './fsf.js';

/**
 * The time bound of a test that compares games (and of the hooks that play them): a bound to
 * notice a hang, generous for a loaded machine; each comparison takes a few seconds.
 */
export const GAME_TIMEOUT = 180_000;

export interface VariantSpec {
    /** FSF's variant name. */
    variant: string;
    /** FEN letter (lower case, `+` prefix for promoted) -> lcpn piece key. */
    names: Record<string, string>;
    /** The lcpn key of what a promoting move (its FSF suffix: `+`, or a letter) of this piece turns it into. */
    promotion?: (letter: string, suffix: string) => string;
    /**
     * The generals facing each other on an open file: `never` (xiangqi: no move may leave them
     * facing), or `bikjang` (janggi: a move may make them face, but a side to move that finds them
     * facing must break it).
     */
    facingGenerals?: 'never' | 'bikjang';
    /** Whether the piece has not moved yet, for `(first-move)` (FSF ties the first move to the start rank). */
    firstMove?: (piece: FenPiece, position: FenPosition) => boolean;
    /**
     * Destinations that a rule of the game, not the piece, decides (grand chess: a pawn may enter
     * the last rank only to promote to a piece its side has lost): left out on both sides.
     */
    gameRule?: (piece: FenPiece, to: string, position: FenPosition, inCheck: boolean) => boolean;
    /** Leave promotions out (a piece defined without them, such as a Betza pawn). */
    ignorePromotions?: boolean;
    /**
     * FSF offers as promotions only the pieces the side has lost (grand chess), lcpn every choice
     * the definition names: where FSF offers some, lcpn must mark a promotion with those among its choices.
     */
    promotionToLostPieces?: boolean;
    /** Moves FSF makes that are not one piece's move (castling, en passant): left out of the comparison. */
    notPieceMove?: (piece: FenPiece, to: string, position: FenPosition) => boolean;
}

export interface Figures {
    positions: number;
    /** Positions with Black to move (the others have White to move). */
    blackToMove: number;
    pieces: number;
    /** Destinations both agree on (legal in FSF and given by lcpn). */
    agreed: number;
    /** lcpn destinations FSF refuses because the mover would be in check (or generals would face). */
    illegalByCheck: number;
    /** Destinations where FSF offers a promotion (and lcpn marks one). */
    promotions: number;
    /** Each disagreement, with the position, the piece and the square. */
    disagreements: string[];
}

/** Compares every piece of the side to move in each position; disagreements are described, not thrown. */
export function compareVariant(ffish: Ffish, spec: VariantSpec, file: LcpnFile, fens: string[]): Figures {
    const figures: Figures = { positions: 0, blackToMove: 0, pieces: 0, agreed: 0, illegalByCheck: 0, promotions: 0, disagreements: [] };
    const board = new ffish.Board(spec.variant);
    const scratch = new ffish.Board(spec.variant);
    try {
        for (const fen of fens) {
            board.setFen(fen);
            const position = parseFen(fen);
            const legal = legalMovesByPiece(board);
            const inCheck = board.isCheck();
            figures.positions++;
            if (!position.whiteToMove) figures.blackToMove++;
            for (const mover of position.pieces.filter((p) => p.white === position.whiteToMove)) {
                figures.pieces++;
                const from = squareText(mover.square);
                const where = `${spec.variant} ${fen}: ${spec.names[mover.letter] ?? mover.letter} on ${from}`;
                const theirs = new Map([...(legal.get(from) ?? new Map<string, FsfDestination>())]
                    .filter(([to]) => !spec.notPieceMove?.(mover, to, position) && !spec.gameRule?.(mover, to, position, inCheck)));
                let ours;
                try {
                    ours = lcpnDestinations(file, position, mover, spec.names, spec.firstMove?.(mover, position) ?? false);
                } catch (error) {
                    figures.disagreements.push(`${where}: ${(error as Error).message}`);
                    continue;
                }
                for (const [to, d] of theirs) {
                    const mine = ours.get(to);
                    if (!mine) {
                        figures.disagreements.push(`${where}: FSF moves to ${to}, lcpn does not`);
                        continue;
                    }
                    figures.agreed++;
                    if (spec.ignorePromotions) continue;
                    const expected = d.promotions.map((suffix) => spec.promotion?.(mover.letter, suffix) ?? suffix).sort();
                    const got = mine.promotions ?? [];
                    if (spec.promotionToLostPieces) {
                        if (expected.length === 0) continue;
                        if (expected.some((p) => !got.includes(p))) {
                            figures.disagreements.push(`${where} to ${to}: FSF promotes to [${expected.join(' ')}], lcpn to [${got.join(' ')}]`);
                        } else figures.promotions++;
                    } else if (expected.join(' ') !== got.join(' ')) {
                        figures.disagreements.push(`${where} to ${to}: FSF promotes to [${expected.join(' ')}], lcpn to [${got.join(' ')}]`);
                    } else if (expected.length > 0) figures.promotions++;
                }
                for (const to of ours.keys()) {
                    if (theirs.has(to) || spec.gameRule?.(mover, to, position, inCheck)) continue;
                    if (leavesMoverInCheck(scratch, spec, position, mover, to)) figures.illegalByCheck++;
                    else figures.disagreements.push(`${where}: lcpn moves to ${to}, FSF does not (and it is no self-check)`);
                }
            }
        }
    } finally {
        board.delete();
        scratch.delete();
    }
    return figures;
}

/** Whether moving `mover` to `to` leaves its own king attacked (FSF's check test, the mover kept to move). */
function leavesMoverInCheck(scratch: InstanceType<Ffish['Board']>, spec: VariantSpec, position: FenPosition, mover: FenPiece, to: string): boolean {
    const target = parseSq(to);
    const same = (p: FenPiece) => p.square.file === target.file && p.square.rank === target.rank;
    const after: FenPosition = {
        ...position,
        pieces: [...position.pieces.filter((p) => p !== mover && !same(p)), { ...mover, square: target }]
    };
    scratch.setFen(writeFen(after));
    if (scratch.isCheck()) return true;
    if (spec.facingGenerals === 'never') return generalsFace(after);
    if (spec.facingGenerals === 'bikjang') return generalsFace(position) && generalsFace(after);
    return false;
}

/** The two kings on one file with nothing between them. */
function generalsFace(position: FenPosition): boolean {
    const kings = position.pieces.filter((p) => p.letter === 'k');
    if (kings.length !== 2 || kings[0].square.file !== kings[1].square.file) return false;
    const [low, high] = [kings[0].square.rank, kings[1].square.rank].sort((a, b) => a - b);
    return !position.pieces.some((p) => p.square.file === kings[0].square.file && p.square.rank > low && p.square.rank < high);
}
