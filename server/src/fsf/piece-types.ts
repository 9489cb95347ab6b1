/**
 * Fairy-Stockfish's built-in piece types, in its own order (the order it reads piece keys in, so a
 * later key that takes a letter from an earlier one wins): each key's name, the moves in Betza as
 * the documentation of `variants.ini` gives them, and the piece of lcpn's prelude that moves the
 * same (where there is one). The custom pieces (`customPiece1` ...) come after the centaur and
 * before the king.
 *
 * Pieces whose moves depend on the variant (the pawn's steps and promotion, the soldier's
 * sideways steps, the janggi cannon, the palace lines) are built by pieces.ts.
 */
export interface PieceType {
    /** The key in `variants.ini` (`shogiKnight`). */
    name: string;
    /** Its moves in Fairy-Stockfish's Betza (empty: it never moves). */
    betza: string;
    /** The prelude definition that moves the same, when there is one. */
    prelude?: string;
}

export const PIECE_TYPES: readonly PieceType[] = [
    { name: 'pawn', betza: 'fmWfceFifmnD' },
    { name: 'knight', betza: 'N', prelude: 'knight' },
    { name: 'bishop', betza: 'B', prelude: 'bishop' },
    { name: 'rook', betza: 'R', prelude: 'rook' },
    { name: 'queen', betza: 'Q', prelude: 'queen' },
    { name: 'fers', betza: 'F', prelude: 'ferz' },
    { name: 'alfil', betza: 'A', prelude: 'alfil' },
    { name: 'fersAlfil', betza: 'FA' },
    { name: 'silver', betza: 'FfW', prelude: 'silver-general' },
    { name: 'aiwok', betza: 'RNF' },
    { name: 'bers', betza: 'RF', prelude: 'dragon-king' },
    { name: 'archbishop', betza: 'BN', prelude: 'archbishop' },
    { name: 'chancellor', betza: 'RN', prelude: 'chancellor' },
    { name: 'amazon', betza: 'QN', prelude: 'amazon' },
    { name: 'knibis', betza: 'mNcB' },
    { name: 'biskni', betza: 'mBcN' },
    { name: 'kniroo', betza: 'mNcR' },
    { name: 'rookni', betza: 'mRcN' },
    { name: 'shogiPawn', betza: 'fW' },
    { name: 'lance', betza: 'fR' },
    { name: 'shogiKnight', betza: 'fN' },
    { name: 'gold', betza: 'WfF', prelude: 'gold-general' },
    { name: 'dragonHorse', betza: 'BW', prelude: 'dragon-horse' },
    { name: 'clobber', betza: 'cW' },
    { name: 'breakthrough', betza: 'fmWfF' },
    { name: 'immobile', betza: '' },
    { name: 'cannon', betza: 'mRcpR' },
    { name: 'janggiCannon', betza: 'pR' },
    { name: 'soldier', betza: 'fsW' },
    { name: 'horse', betza: 'nN' },
    { name: 'elephant', betza: 'nA' },
    { name: 'janggiElephant', betza: 'nZ' },
    { name: 'banner', betza: 'RcpRnN' },
    { name: 'wazir', betza: 'W', prelude: 'wazir' },
    { name: 'commoner', betza: 'K', prelude: 'commoner' },
    { name: 'centaur', betza: 'KN', prelude: 'centaur' },
    { name: 'king', betza: 'K' }
];

/** The custom piece keys: customPiece1 ... customPiece25. */
export const CUSTOM_PIECE_NAMES: readonly string[] = Array.from({ length: 25 }, (_, i) => `customPiece${i + 1}`);

/** The piece keys in the order Fairy-Stockfish reads them: built-in types, the custom pieces, the king. */
export const PIECE_KEY_ORDER: readonly string[] = [...PIECE_TYPES.filter((p) => p.name !== 'king').map((p) => p.name), ...CUSTOM_PIECE_NAMES, 'king'];

export function pieceType(name: string): PieceType | undefined {
    return PIECE_TYPES.find((p) => p.name === name);
}

export const isCustom = (name: string): boolean => /^customPiece[0-9]+$/.test(name);
