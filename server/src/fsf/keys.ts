/**
 * The keys of a `variants.ini` section: what each one means and what kind of value it takes, as
 * Fairy-Stockfish reads them (its documentation header in `variants.ini` and its `parser.cpp`),
 * written here in our own words. Piece keys (`knight = n`, `customPiece1 = a:mW`) and
 * mobility regions (`mobilityRegionWhiteKing`) are named after the piece types of
 * piece-types.ts and recognised by `keyInfo`.
 *
 * Versions: the keys are those of current Fairy-Stockfish, which ffish 0.7.10 (the tests'
 * reference) reads too. Keys only older versions read say what replaced them (`replacedBy`).
 */
import { closestNames } from '../model/suggest.js';
import { CUSTOM_PIECE_NAMES, PIECE_TYPES } from './piece-types.js';

export type ValueType =
    | 'bool' | 'int' | 'rank' | 'file' | 'text' | 'fen' | 'value' | 'squares' | 'castlingRights'
    /** One piece letter (or `*`: any piece, `-`: none). */
    | 'piece'
    /** Piece letters (`nbrq`, `*`, `-`). */
    | 'pieces'
    /** `q:1 r:2`: a number per piece letter. */
    | 'pieceCounts'
    /** `p:g s:g`: a piece letter per piece letter. */
    | 'piecePairs'
    /** A piece key's value: its letter, or `letter:Betza` (custom pieces, the king), or `-` to remove it. */
    | 'pieceDefinition'
    | { oneOf: readonly string[] };

export interface KeyInfo {
    name: string;
    type: ValueType;
    /** What the key does, in a sentence. */
    doc: string;
    /** Read only by older versions (current ones, ffish 0.7.10 included, ignore it): what replaced it. */
    replacedBy?: string;
    /** Still read, but kept only for old files: the key to write instead. */
    deprecated?: string;
}

const RESULT = { oneOf: ['win', 'loss', 'draw', 'none'] } as const;
const ENCLOSING = { oneOf: ['reversi', 'ataxx', 'quadwrangle', 'snort', 'anyside', 'top', 'none'] } as const;

const k = (name: string, type: ValueType, doc: string, extra: Partial<KeyInfo> = {}): KeyInfo => ({ name, type, doc, ...extra });

/** Every key but the piece keys and mobility regions, grouped as the documentation groups them. */
const KEYS: readonly KeyInfo[] = [
    // For XBoard/WinBoard.
    k('variantTemplate', 'text', 'which built-in variant XBoard/WinBoard copies its GUI behaviour from (fairy, shogi, bughouse)'),
    k('pieceToCharTable', 'text', 'which images XBoard/WinBoard shows for the piece letters'),
    k('pocketSize', 'int', 'how many pockets XBoard/WinBoard shows for a drop variant'),
    // The board and the start.
    k('maxRank', 'rank', 'the number of ranks (1 to 10)'),
    k('maxFile', 'file', 'the number of files (1 to 12, or the last file letter a to l)'),
    k('chess960', 'bool', 'castling as in Chess960 (any king and rook squares)'),
    k('twoBoards', 'bool', 'pieces in hand come from another board (bughouse)'),
    k('startFen', 'fen', 'the start position in FEN'),
    k('pieceValueMg', 'pieceCounts', "the engine's middlegame values of pieces (p:150 n:800)"),
    k('pieceValueEg', 'pieceCounts', "the engine's endgame values of pieces"),
    // Promotion.
    k('pawnTypes', 'pieces', 'the pieces treated as pawns: they promote, capture en passant and reset the move counter'),
    k('promotionRegionWhite', 'squares', "where White's pawns promote"),
    k('promotionRegionBlack', 'squares', "where Black's pawns promote"),
    k('promotionPawnTypes', 'pieces', 'the pieces that promote as pawns do, both sides'),
    k('promotionPawnTypesWhite', 'pieces', "White's pieces that promote as pawns do"),
    k('promotionPawnTypesBlack', 'pieces', "Black's pieces that promote as pawns do"),
    k('promotionPieceTypes', 'pieces', 'what a pawn may promote to, both sides'),
    k('promotionPieceTypesWhite', 'pieces', "what White's pawns may promote to"),
    k('promotionPieceTypesBlack', 'pieces', "what Black's pawns may promote to"),
    k('sittuyinPromotion', 'bool', 'Sittuyin promotion: a pawn becomes the promoted piece on its square or a neighbouring one'),
    k('promotionLimit', 'pieceCounts', 'at most this many of a piece through promotion (q:1 r:2)'),
    k('promotedPieceType', 'piecePairs', 'what a non-pawn piece promotes to in the promotion region (p:g s:g)'),
    k('piecePromotionOnCapture', 'bool', 'pieces promote only when they capture'),
    k('mandatoryPawnPromotion', 'bool', 'a pawn reaching the promotion region must promote'),
    k('mandatoryPiecePromotion', 'bool', 'a piece that may promote must promote'),
    k('pieceDemotion', 'bool', 'promoted pieces may demote again (Kyoto shogi)'),
    // Captures of special kinds.
    k('blastOnCapture', 'bool', 'a capture explodes every non-pawn piece next to it (atomic)'),
    k('blastImmuneTypes', 'pieces', 'pieces explosions never remove'),
    k('mutuallyImmuneTypes', 'pieces', 'pieces that cannot capture pieces of their own kind'),
    k('petrifyOnCaptureTypes', 'pieces', 'pieces that turn into a wall square when they capture'),
    k('petrifyOnCapture', 'bool', 'a capturing piece turns into a wall square', { replacedBy: 'petrifyOnCaptureTypes' }),
    k('petrifyBlastPieces', 'bool', 'pieces removed by an explosion turn into walls too'),
    // Pawn steps and en passant.
    k('doubleStep', 'bool', 'pawns may make a double step'),
    k('doubleStepRegionWhite', 'squares', "where White's pawns may make a double step, and where custom pieces have their initial (i) moves"),
    k('doubleStepRegionBlack', 'squares', "where Black's pawns may make a double step, and where custom pieces have their initial (i) moves"),
    k('tripleStepRegionWhite', 'squares', "where White's pawns may make a triple step"),
    k('tripleStepRegionBlack', 'squares', "where Black's pawns may make a triple step"),
    k('enPassantRegion', 'squares', 'the squares where an en passant capture may land'),
    k('enPassantRegionWhite', 'squares', 'the squares where a White en passant capture may land'),
    k('enPassantRegionBlack', 'squares', 'the squares where a Black en passant capture may land'),
    k('enPassantTypes', 'pieces', 'the pieces that may capture en passant, both sides'),
    k('enPassantTypesWhite', 'pieces', "White's pieces that may capture en passant"),
    k('enPassantTypesBlack', 'pieces', "Black's pieces that may capture en passant"),
    // Castling.
    k('castling', 'bool', 'castling is allowed'),
    k('castlingDroppedPiece', 'bool', 'a dropped king or rook may castle'),
    k('castlingKingsideFile', 'file', "the king's file after castling on the king's side"),
    k('castlingQueensideFile', 'file', "the king's file after castling on the queen's side"),
    k('castlingRank', 'rank', 'the rank castling happens on, counted from each side'),
    k('castlingKingFile', 'file', "the castling king's file, where there could be several such pieces"),
    k('castlingKingPiece', 'piece', 'the piece that castles as the king, both sides'),
    k('castlingKingPieceWhite', 'piece', "White's piece that castles as the king"),
    k('castlingKingPieceBlack', 'piece', "Black's piece that castles as the king"),
    k('castlingRookKingsideFile', 'file', "the rook's file for castling on the king's side when it is not in the corner"),
    k('castlingRookQueensideFile', 'file', "the rook's file for castling on the queen's side when it is not in the corner"),
    k('castlingRookPieces', 'pieces', 'the pieces that castle as the rook, both sides'),
    k('castlingRookPiecesWhite', 'pieces', "White's pieces that castle as the rook"),
    k('castlingRookPiecesBlack', 'pieces', "Black's pieces that castle as the rook"),
    k('oppositeCastling', 'bool', 'a side may not castle on the side the opponent castled on'),
    // Check and moves that must be made.
    k('checking', 'bool', 'checks are allowed'),
    k('dropChecks', 'bool', 'a drop may give check'),
    k('mustCapture', 'bool', 'a side that can capture must capture'),
    k('mustDrop', 'bool', 'a side that can drop must drop'),
    k('mustDropType', 'piece', 'the piece that must be dropped when drops are compulsory'),
    // Drops.
    k('pieceDrops', 'bool', 'pieces in hand may be dropped'),
    k('dropLoop', 'bool', 'captured promoted pieces keep their promotion in hand'),
    k('capturesToHand', 'bool', "captured pieces go to the capturer's hand"),
    k('firstRankPawnDrops', 'bool', 'pawns may be dropped on their first rank'),
    k('promotionZonePawnDrops', 'bool', 'pawns may be dropped in their promotion region'),
    k('enclosingDrop', ENCLOSING, 'a drop must enclose pieces (Reversi, Ataxx, ...)'),
    k('enclosingDropStart', 'squares', 'where drops go at the start, before enclosingDrop applies'),
    k('dropRegionWhite', 'squares', 'where White may drop'),
    k('dropRegionBlack', 'squares', 'where Black may drop'),
    k('sittuyinRookDrop', 'bool', 'rooks are dropped on the first rank only (Sittuyin)'),
    k('dropOppositeColoredBishop', 'bool', 'dropped bishops must stand on squares of opposite colours'),
    k('dropPromoted', 'bool', 'pieces may be dropped promoted'),
    k('dropNoDoubled', 'piece', 'the piece that may not be dropped on a file that already has one of its side (shogi pawn)'),
    k('dropNoDoubledCount', 'int', 'how many of dropNoDoubled a file may already hold'),
    k('immobilityIllegal', 'bool', 'no move or drop may leave a piece where it could never move again'),
    // Gating and walls.
    k('gating', 'bool', 'pieces may be brought in on the back rank as a piece leaves it (S-chess); rights are kept in the castling field'),
    k('wallingRule', { oneOf: ['arrow', 'duck', 'edge', 'past', 'static', 'none'] }, 'how walls are placed after a move (Amazons, Duck chess, ...)'),
    k('wallingRegionWhite', 'squares', 'where White may place walls'),
    k('wallingRegionBlack', 'squares', 'where Black may place walls'),
    k('wallingRegion', 'squares', 'where walls may be placed'),
    k('wallOrMove', 'bool', 'a side either moves or places a wall'),
    k('arrowGating', 'bool', 'a wall is shot after each move, as a queen moves (Amazons)', { replacedBy: 'wallingRule = arrow' }),
    k('duckGating', 'bool', 'a duck is moved after each move', { replacedBy: 'wallingRule = duck' }),
    k('staticGating', 'bool', 'walls are placed on fixed squares', { replacedBy: 'wallingRule = static' }),
    k('pastGating', 'bool', 'the square left becomes a wall', { replacedBy: 'wallingRule = past' }),
    k('staticGatingRegion', 'squares', 'where static walls may be placed', { replacedBy: 'wallingRegion' }),
    k('seirawanGating', 'bool', 'S-chess gating of pieces in hand (needs gating = true)'),
    k('cambodianMoves', 'bool', 'the special first moves of Cambodian chess (needs gating = true)'),
    k('diagonalLines', 'squares', "the palace points joined by diagonal lines (janggi): wazir-type kings, soldiers, rooks and janggi cannons move along them"),
    // Passing.
    k('pass', 'bool', 'both sides may pass'),
    k('passWhite', 'bool', 'White may pass'),
    k('passBlack', 'bool', 'Black may pass'),
    k('passOnStalemate', 'bool', 'a side without a move passes'),
    k('passOnStalemateWhite', 'bool', 'White passes when it has no move'),
    k('passOnStalemateBlack', 'bool', 'Black passes when it has no move'),
    // Rules of particular games.
    k('makpongRule', 'bool', 'a king in check may not move away (Makpong)'),
    k('flyingGeneral', 'bool', 'the two kings may never face each other on an open file or rank (xiangqi)'),
    k('soldierPromotionRank', 'rank', "the rank from which a soldier may also step sideways, counted from its side"),
    k('flipEnclosedPieces', ENCLOSING, 'enclosed enemy pieces change sides after a drop'),
    // How the game ends.
    k('nMoveRuleTypes', 'pieces', 'pieces whose moves that cannot be taken back reset the move counter, both sides'),
    k('nMoveRuleTypesWhite', 'pieces', "White's pieces whose moves reset the move counter"),
    k('nMoveRuleTypesBlack', 'pieces', "Black's pieces whose moves reset the move counter"),
    k('nMoveRule', 'int', 'a draw after this many moves of each side without a capture or pawn move (0: no such rule)'),
    k('nFoldRule', 'int', 'the game ends when the same position occurs this many times'),
    k('nFoldValue', RESULT, 'the result of a repeated position, for the side to move'),
    k('nFoldValueAbsolute', 'bool', "nFoldValue is White's result, not the side to move's"),
    k('perpetualCheckIllegal', 'bool', 'a side that repeats the position by checking all the time loses'),
    k('moveRepetitionIllegal', 'bool', 'moving one piece back and forth is illegal'),
    k('chasingRule', { oneOf: ['axf', 'none'] }, "the Asian Xiangqi Federation's rules against perpetual chasing"),
    k('stalemateValue', RESULT, 'the result for a stalemated side'),
    k('stalematePieceCount', 'bool', 'a stalemate is decided by counting pieces'),
    k('checkmateValue', RESULT, 'the result for a checkmated side'),
    k('shogiPawnDropMateIllegal', 'bool', 'checkmating with a shogi pawn drop loses'),
    k('shatarMateRule', 'bool', 'the mating rules of Shatar'),
    k('bikjangRule', 'bool', 'facing kings end the game (janggi bikjang)'),
    k('extinctionValue', RESULT, 'the result for a side that has lost every piece of a kind in extinctionPieceTypes'),
    k('extinctionClaim', 'bool', 'extinction is only claimed by the side to move'),
    k('extinctionPseudoRoyal', 'bool', "the last piece of an extinction kind is treated as royal"),
    k('dupleCheck', 'bool', 'it is check only when every pseudo-royal piece is attacked'),
    k('extinctionPieceTypes', 'pieces', 'the kinds whose extinction ends the game (* for every piece)'),
    k('extinctionPieceCount', 'int', 'the count of pieces at which a kind counts as extinct'),
    k('extinctionOpponentPieceCount', 'int', "the opponent's count needed for extinction to decide"),
    k('flagPiece', 'piece', 'the piece that wins by reaching the flag region, both sides'),
    k('flagPieceWhite', 'piece', "White's piece that wins by reaching its flag region"),
    k('flagPieceBlack', 'piece', "Black's piece that wins by reaching its flag region"),
    k('flagRegion', 'squares', 'the squares a flag piece wins on, both sides'),
    k('flagRegionWhite', 'squares', 'the squares a White flag piece wins on'),
    k('flagRegionBlack', 'squares', 'the squares a Black flag piece wins on'),
    k('flagPieceCount', 'int', 'how many flag pieces must reach the region'),
    k('flagPieceBlockedWin', 'bool', 'with several flag pieces, a win when the rest of the region is blocked'),
    k('flagMove', 'bool', 'the other side gets one more move after the flag region is reached'),
    k('flagPieceSafe', 'bool', 'the flag piece must not be attackable to win'),
    k('checkCounting', 'bool', 'a number of checks wins (counted in the FEN, as in 3check)'),
    k('connectN', 'int', 'this many pieces in a row win'),
    k('connectPieceTypes', 'pieces', 'the pieces counted for connectN'),
    k('connectHorizontal', 'bool', 'rows along the ranks count for connectN'),
    k('connectVertical', 'bool', 'rows along the files count for connectN'),
    k('connectDiagonal', 'bool', 'diagonal rows count for connectN'),
    k('connectRegion1White', 'squares', 'White wins by joining this region to connectRegion2White'),
    k('connectRegion2White', 'squares', 'White wins by joining connectRegion1White to this region'),
    k('connectRegion1Black', 'squares', 'Black wins by joining this region to connectRegion2Black'),
    k('connectRegion2Black', 'squares', 'Black wins by joining connectRegion1Black to this region'),
    k('connectNxN', 'int', 'a square block of N by N pieces wins'),
    k('collinearN', 'int', 'N pieces on one line (with gaps) win'),
    k('connectValue', RESULT, 'the result of a connection'),
    k('materialCounting', { oneOf: ['janggi', 'unweighted', 'whitedrawodds', 'blackdrawodds', 'none'] }, 'how material decides an adjudicated game'),
    k('adjudicateFullBoard', 'bool', 'count material as soon as the board is full'),
    k('countingRule', { oneOf: ['makruk', 'cambodian', 'asean', 'none'] }, 'the counting rules of makruk and its relatives'),
    k('castlingWins', 'castlingRights', 'these castling moves win (losing the right loses)'),
    // Older spellings Fairy-Stockfish still reads.
    k('promotionRank', 'rank', 'the rank from which pawns promote', { deprecated: 'promotionRegionWhite and promotionRegionBlack' }),
    k('doubleStepRank', 'rank', 'the rank pawns make double steps from', { deprecated: 'doubleStepRegionWhite and doubleStepRegionBlack' }),
    k('doubleStepRankMin', 'rank', 'the lowest rank pawns make double steps from', { deprecated: 'doubleStepRegionWhite and doubleStepRegionBlack' }),
    k('whiteFlag', 'squares', "White's flag region", { deprecated: 'flagRegionWhite' }),
    k('blackFlag', 'squares', "Black's flag region", { deprecated: 'flagRegionBlack' }),
    k('castlingRookPiece', 'pieces', 'the piece that castles as the rook', { deprecated: 'castlingRookPieces' }),
    k('whiteDropRegion', 'squares', 'where White may drop', { deprecated: 'dropRegionWhite' }),
    k('blackDropRegion', 'squares', 'where Black may drop', { deprecated: 'dropRegionBlack' }),
    k('dropOnTop', 'bool', 'drops fall down the file as in Connect Four', { deprecated: 'enclosingDrop = top' })
];

const BY_NAME = new Map(KEYS.map((key) => [key.name, key]));

/** The key, or undefined for a name Fairy-Stockfish does not read. */
export function keyInfo(name: string): KeyInfo | undefined {
    const plain = BY_NAME.get(name);
    if (plain) return plain;
    const piece = PIECE_TYPES.find((p) => p.name === name);
    if (piece) {
        return { name, type: 'pieceDefinition', doc: piece.name === 'king' ? 'the royal king: its letter, optionally with its moves in Betza (k:WF)' : `the ${piece.name} (${piece.betza || 'no moves'}): its letter, or - to remove it` };
    }
    if (CUSTOM_PIECE_NAMES.includes(name)) return { name, type: 'pieceDefinition', doc: 'a piece of your own: letter:Betza (a:mWcF)' };
    const region = /^mobilityRegion(White|Black)([A-Z][A-Za-z0-9]*)$/.exec(name);
    if (region) {
        const piece = region[2][0].toLowerCase() + region[2].slice(1);
        if (keyInfo(piece)?.type === 'pieceDefinition') return { name, type: 'squares', doc: `the only squares ${region[1]}'s ${piece} may stand on` };
    }
    return undefined;
}

/** The keys that are neither piece keys nor mobility regions. */
export function plainKeys(): readonly KeyInfo[] {
    return KEYS;
}

/** Every key name, piece keys and mobility regions included (for "did you mean" and completion). */
export function allKeyNames(): string[] {
    const pieces = [...PIECE_TYPES.map((p) => p.name), ...CUSTOM_PIECE_NAMES];
    const regions = pieces.flatMap((p) => ['White', 'Black'].map((side) => `mobilityRegion${side}${p[0].toUpperCase()}${p.slice(1)}`));
    return [...KEYS.map((key) => key.name), ...pieces, ...regions];
}

/** Known keys near `name`: the same key in other capitals first (keys are case-sensitive), else by edit distance. */
export function nearestKeys(name: string): string[] {
    const names = allKeyNames();
    const sameLetters = names.filter((key) => key.toLowerCase() === name.toLowerCase());
    return sameLetters.length > 0 ? sameLetters : closestNames(name, names);
}
