/**
 * Fairy-Stockfish's built-in variants that `variants.ini` sections inherit from (every parent its
 * own `variants.ini` uses, and the nine games of issue 23), as our own table: each one's settings
 * written as `variants.ini` lines over Fairy-Stockfish's template (chess's pieces and rules), or
 * over another built-in. They were written from the rules of each game as Fairy-Stockfish plays
 * it and are checked against ffish's own variants of these names (test/fsf/builtins.test.ts:
 * the same start position, and the same legal moves and perft along seeded random games).
 *
 * Two things are not `variants.ini` settings: the xiangqi family's king moves as a wazir without
 * being a custom piece (`kingType`), and Ataxx's drops of pieces not in hand (`freeDrops`).
 */
import type { IniEntry } from './ini.js';
import { applySection, cloneVariant, defaultVariant, type FsfVariant } from './variant.js';

export interface BuiltIn {
    parent?: string;
    /** `key = value` lines. */
    ini: string;
    kingType?: 'wazir';
    /** What the lines cannot say about it. */
    unsaid?: string;
}

const lines = (...items: string[]) => items.join('\n');
const NO_CHESS_PIECES = lines('pawn = -', 'knight = -', 'bishop = -', 'rook = -', 'queen = -', 'king = -');
const CHESS_START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR';
const PALACE_WHITE = 'd1 e1 f1 d2 e2 f2 d3 e3 f3';
const PALACE_BLACK = 'd8 e8 f8 d9 e9 f9 d10 e10 f10';
const COMMONER_KING = lines('king = -', 'commoner = k', 'castlingKingPiece = k');

export const BUILT_INS: Readonly<Record<string, BuiltIn>> = {
    chess: { ini: '' },
    crazyhouse: { ini: lines(`startFen = ${CHESS_START}[] w KQkq - 0 1`, 'pieceDrops = true', 'capturesToHand = true') },
    '3check': { ini: lines(`startFen = ${CHESS_START} w KQkq - 3+3 0 1`, 'checkCounting = true') },
    kingofthehill: { ini: lines('flagPiece = k', 'flagRegion = d4 e4 d5 e5') },
    racingkings: {
        ini: lines('startFen = 8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1', 'flagPiece = k', 'flagRegion = *8', 'flagMove = true', 'castling = false', 'checking = false')
    },
    extinction: {
        ini: lines(COMMONER_KING, 'promotionPieceTypes = kqrbn', 'extinctionValue = loss', 'extinctionPieceTypes = kqrbnp')
    },
    giveaway: {
        ini: lines(COMMONER_KING, 'promotionPieceTypes = kqrbn', 'stalemateValue = win', 'extinctionValue = win', 'extinctionPieceTypes = *', 'mustCapture = true')
    },
    antichess: { parent: 'giveaway', ini: lines(`startFen = ${CHESS_START} w - - 0 1`, 'castling = false') },
    nocheckatomic: { ini: lines(COMMONER_KING, 'extinctionValue = loss', 'extinctionPieceTypes = k', 'blastOnCapture = true') },
    atomic: { parent: 'nocheckatomic', ini: 'extinctionPseudoRoyal = true' },
    gardner: {
        ini: lines('maxRank = 5', 'maxFile = 5', 'startFen = rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1', 'promotionRegionWhite = *5', 'promotionRegionBlack = *1', 'doubleStep = false', 'castling = false')
    },
    losalamos: {
        ini: lines('maxRank = 6', 'maxFile = 6', 'bishop = -', 'startFen = rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1',
            'promotionRegionWhite = *6', 'promotionRegionBlack = *1', 'promotionPieceTypes = qrn', 'doubleStep = false', 'castling = false')
    },
    breakthrough: {
        ini: lines(NO_CHESS_PIECES, 'breakthrough = p', 'startFen = pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP w 0 1', 'doubleStep = false', 'castling = false',
            'stalemateValue = loss', 'flagPiece = p', 'flagRegionWhite = *8', 'flagRegionBlack = *1')
    },
    pocketknight: { ini: lines(`startFen = ${CHESS_START}[Nn] w KQkq - 0 1`, 'pieceDrops = true') },
    placement: {
        ini: lines('startFen = 8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1', 'mustDrop = true', 'pieceDrops = true',
            'dropRegionWhite = *1', 'dropRegionBlack = *8', 'dropOppositeColoredBishop = true', 'castlingDroppedPiece = true')
    },
    makruk: {
        ini: lines('bishop = -', 'queen = -', 'silver = s', 'fers = m', 'startFen = rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1',
            'promotionRegionWhite = *6 *7 *8', 'promotionRegionBlack = *1 *2 *3', 'promotionPieceTypes = m', 'doubleStep = false', 'castling = false',
            'nMoveRule = 0', 'countingRule = makruk')
    },
    capablanca: {
        ini: lines('maxFile = 10', 'castlingKingsideFile = i', 'castlingQueensideFile = c', 'archbishop = a', 'chancellor = c',
            'startFen = rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1', 'promotionPieceTypes = acqrbn')
    },
    janus: {
        ini: lines('maxFile = 10', 'castlingKingsideFile = i', 'castlingQueensideFile = b', 'archbishop = j',
            'startFen = rjnbkqbnjr/pppppppppp/10/10/10/10/PPPPPPPPPP/RJNBKQBNJR w KQkq - 0 1', 'promotionPieceTypes = jqrbn')
    },
    grand: {
        ini: lines('maxRank = 10', 'maxFile = 10', 'archbishop = a', 'chancellor = c',
            'startFen = r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1', 'promotionPieceTypes = acqrbn',
            'promotionRegionWhite = *8 *9 *10', 'promotionRegionBlack = *1 *2 *3', 'promotionLimit = a:1 c:1 q:1 r:2 b:2 n:2',
            'mandatoryPawnPromotion = false', 'immobilityIllegal = true', 'doubleStepRegionWhite = *3', 'doubleStepRegionBlack = *8', 'castling = false')
    },
    minishogi: {
        ini: lines('maxRank = 5', 'maxFile = 5', NO_CHESS_PIECES, 'shogiPawn = p', 'silver = s', 'gold = g', 'bishop = b', 'dragonHorse = h', 'rook = r', 'bers = d', 'king = k',
            'promotionPieceTypes = -', 'startFen = rbsgk/4p/5/P4/KGSBR[-] w 0 1', 'pieceDrops = true', 'capturesToHand = true',
            'promotionRegionWhite = *5', 'promotionRegionBlack = *1', 'doubleStep = false', 'castling = false', 'promotedPieceType = p:g s:g b:h r:d',
            'dropNoDoubled = p', 'immobilityIllegal = true', 'shogiPawnDropMateIllegal = true', 'stalemateValue = loss', 'nFoldRule = 4', 'nMoveRule = 0',
            'perpetualCheckIllegal = true', 'nFoldValue = loss', 'nFoldValueAbsolute = true')
    },
    shogi: {
        parent: 'minishogi',
        ini: lines('maxRank = 9', 'maxFile = 9', 'lance = l', 'shogiKnight = n', 'startFen = lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1',
            'promotionRegionWhite = *7 *8 *9', 'promotionRegionBlack = *1 *2 *3', 'promotedPieceType = l:g n:g', 'nFoldValue = draw', 'nFoldValueAbsolute = false')
    },
    gorogoro: {
        parent: 'minishogi',
        ini: lines('maxRank = 6', 'startFen = sgkgs/5/1ppp1/1PPP1/5/SGKGS[-] w 0 1', 'promotionRegionWhite = *5 *6', 'promotionRegionBlack = *1 *2',
            'nFoldValue = draw', 'nFoldValueAbsolute = false')
    },
    minixiangqi: {
        kingType: 'wazir',
        ini: lines('maxRank = 7', 'maxFile = 7', 'pawn = -', 'knight = -', 'bishop = -', 'queen = -', 'horse = n', 'cannon = c', 'soldier = p', 'promotionPieceTypes = -',
            'startFen = rcnkncr/p1ppp1p/7/7/7/P1PPP1P/RCNKNCR w - - 0 1', 'mobilityRegionWhiteKing = c1 d1 e1 c2 d2 e2 c3 d3 e3',
            'mobilityRegionBlackKing = c5 d5 e5 c6 d6 e6 c7 d7 e7', 'doubleStep = false', 'castling = false', 'stalemateValue = loss',
            'perpetualCheckIllegal = true', 'flyingGeneral = true')
    },
    xiangqi: {
        parent: 'minixiangqi',
        ini: lines('maxRank = 10', 'maxFile = 9', 'elephant = b', 'fers = a', 'startFen = rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1',
            `mobilityRegionWhiteKing = ${PALACE_WHITE}`, `mobilityRegionBlackKing = ${PALACE_BLACK}`,
            `mobilityRegionWhiteFers = ${PALACE_WHITE}`, `mobilityRegionBlackFers = ${PALACE_BLACK}`,
            'mobilityRegionWhiteElephant = *1 *2 *3 *4 *5', 'mobilityRegionBlackElephant = *6 *7 *8 *9 *10', 'soldierPromotionRank = 6', 'chasingRule = axf')
    },
    janggi: {
        parent: 'xiangqi',
        ini: lines('fers = -', 'cannon = -', 'elephant = -', 'wazir = a', 'janggiCannon = c', 'janggiElephant = b',
            'startFen = rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1',
            `mobilityRegionWhiteWazir = ${PALACE_WHITE}`, `mobilityRegionBlackWazir = ${PALACE_BLACK}`, 'soldierPromotionRank = 1', 'flyingGeneral = false',
            'bikjangRule = true', 'materialCounting = janggi', 'diagonalLines = d1 f1 e2 d3 f3 d8 f8 e9 d10 f10', 'pass = true', 'nFoldValue = draw',
            'perpetualCheckIllegal = true', 'chasingRule = none')
    },
    ataxx: {
        unsaid: 'pieces are dropped without being in hand (freeDrops)',
        ini: lines('maxRank = 7', 'maxFile = 7', NO_CHESS_PIECES, 'customPiece1 = p:mDmNmA', 'startFen = P5p/7/7/7/7/7/p5P w 0 1', 'pieceDrops = true',
            'doubleStep = false', 'castling = false', 'stalemateValue = loss', 'stalematePieceCount = true', 'passOnStalemate = true',
            'enclosingDrop = ataxx', 'flipEnclosedPieces = ataxx', 'materialCounting = unweighted', 'nMoveRule = 0')
    },
    flipersi: {
        ini: lines(NO_CHESS_PIECES, 'immobile = p', 'startFen = 8/8/8/8/8/8/8/8[PPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPpppppppppppppppppppppppppppppppp] w 0 1',
            'pieceDrops = true', 'doubleStep = false', 'castling = false', 'stalemateValue = loss', 'stalematePieceCount = true',
            'enclosingDrop = reversi', 'enclosingDropStart = d4 e4 d5 e5', 'flipEnclosedPieces = reversi', 'materialCounting = unweighted')
    },
    flipello: {
        parent: 'flipersi',
        ini: lines(`startFen = 8/8/8/3pP3/3Pp3/8/8/8[${'P'.repeat(60)}${'p'.repeat(60)}] w 0 1`, 'passOnStalemate = true')
    },
    snailtrail: {
        ini: lines('maxRank = 7', 'maxFile = 7', NO_CHESS_PIECES, 'customPiece1 = p:mK', 'startFen = 6p/7/7/7/7/7/P6 w - - 0 1', 'stalemateValue = loss', 'wallingRule = past')
    },
    amazons: {
        ini: lines('maxRank = 10', 'maxFile = 10', NO_CHESS_PIECES, 'customPiece1 = q:mQ', 'startFen = 3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w - - 0 1',
            'stalemateValue = loss', 'wallingRule = arrow')
    }
};

/** The lines of a built-in as entries (located nowhere: they are not in the user's file). */
export function builtInEntries(name: string): IniEntry[] {
    const nowhere = { line: 0, character: 0, offset: 0, length: 0 };
    return BUILT_INS[name].ini.split('\n').filter((l) => l.includes('=')).map((l) => {
        const eq = l.indexOf('=');
        return { key: l.slice(0, eq).trim(), value: l.slice(eq + 1).trim(), keySpan: nowhere, valueSpan: nowhere, span: nowhere };
    });
}

const cache = new Map<string, FsfVariant>();

/** The built-in variant of that name (a fresh copy), or undefined. */
export function builtInVariant(name: string): FsfVariant | undefined {
    if (!Object.hasOwn(BUILT_INS, name)) return undefined;
    let v = cache.get(name);
    if (!v) {
        const b = BUILT_INS[name];
        v = b.parent ? builtInVariant(b.parent)! : defaultVariant();
        if (b.kingType) v.kingType = b.kingType;
        applySection(v, builtInEntries(name), []);
        v.setBy.clear();
        cache.set(name, v);
    }
    return cloneVariant(v);
}

/** Every built-in variant Fairy-Stockfish has (ffish 0.7.10), whether this table describes it or not: a section may not take one of these names. */
export const FSF_VARIANT_NAMES: readonly string[] = [
    '3check', '5check', 'ai-wok', 'almost', 'amazon', 'amazons', 'antichess', 'armageddon', 'asean', 'ataxx', 'atomar', 'atomic', 'berolina', 'breakthrough',
    'bughouse', 'cambodian', 'capablanca', 'capahouse', 'caparandom', 'centaur', 'chancellor', 'chaturanga', 'checkshogi', 'chess', 'chessgi', 'chigorin',
    'clobber', 'clobber10', 'codrus', 'coregal', 'courier', 'crazyhouse', 'dobutsu', 'dragon', 'duck', 'embassy', 'euroshogi', 'extinction', 'fairy',
    'fischerandom', 'flipello', 'flipello10', 'flipersi', 'fox-and-hounds', 'gardner', 'georgian', 'giveaway', 'gorogoro', 'gothic', 'grand', 'grasshopper',
    'gustav3', 'hoppelpoppel', 'horde', 'isolation', 'isolation7x7', 'janggi', 'janggicasual', 'janggimodern', 'janggitraditional', 'janus', 'jesonmor',
    'joust', 'judkins', 'karouk', 'kinglet', 'kingofthehill', 'knightmate', 'koedem', 'kyotoshogi', 'legan', 'loop', 'losalamos', 'losers', 'makpong',
    'makruk', 'manchu', 'micro', 'mini', 'minishogi', 'minixiangqi', 'misere', 'modern', 'newzealand', 'nightrider', 'nocastle', 'nocheckatomic', 'normal',
    'okisakishogi', 'omicron', 'opulent', 'paradigm', 'pawnback', 'pawnsideways', 'perfect', 'petrified', 'placement', 'pocketknight', 'raazuvaa',
    'racingkings', 'seirawan', 'shako', 'shatar', 'shatranj', 'shogi', 'shoshogi', 'shouse', 'sittuyin', 'snailtrail', 'sortofalmost', 'spartan',
    'suicide', 'supply', 'tencubed', 'threekings', 'torishogi', 'torpedo', 'troitzky', 'wolf', 'xiangqi', 'yarishogi'
];
