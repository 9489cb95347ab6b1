/**
 * A Fairy-Stockfish variant (variant.ts, read with its parents) as an lcpn game: a game model
 * (game/model.ts) and the definitions it names (the board, zones, conditions and pieces, over the
 * prelude). Built-in pieces whose moves the prelude has keep its names (knight, rook, ...); the
 * others are defined from their Betza as Fairy-Stockfish reads it (pieces.ts). Regions become
 * zones, written from White's side as LCPN writes them.
 *
 * What the game model cannot say is listed, located where the key is written (or at the section
 * when a built-in parent set it), never dropped without a word: `error` where the game would be
 * played differently, `warning` where only how a game ends by adjudication differs.
 */
import type { Resolver } from '../engine/plan.js';
import type { BoardDeclaration } from '../engine/rules.js';
import { compileGame, GameModelError, type CastlingRule, type Game, type GameModel, type GamePiece, type Outcome, type ResultRules } from '../game/index.js';
import type { BoardClause, Move, PieceDef, Test } from '../model/piece.js';
import { nameStandardParts, standardTable } from '../notation/standard-names.js';
import { readFsfBetza } from './betza.js';
import { FsfCodes } from './codes.js';
import { fenPieces, whiteCounts } from './fen-board.js';
import { diagnostic, within, type FsfDiagnostic, type Span } from './diagnostics.js';
import { PIECE_KEY_ORDER, isCustom, pieceType } from './piece-types.js';
import { pieceMovement, usesPalaceLines, type PieceNeeds } from './pieces.js';
import { boardSquares, rankSquares, squareName, turned, zoneItems, type Squares } from './values.js';
import type { FsfPiece, FsfVariant, Pair, Result } from './variant.js';

export interface ImportedGame {
    name: string;
    model: GameModel;
    /** Definitions the game names beyond the prelude, in print order: the board, zones, conditions, pieces. */
    definitions: PieceDef[];
    /** The definitions over the prelude's. */
    resolve: Resolver;
    /** The game compiled, ready to play; undefined when lcpn's game layer rejects the model (`problems` says why). */
    game?: Game;
    /** What the game model cannot say about the variant, located in the ini text. */
    problems: FsfDiagnostic[];
}

/**
 * Rules of Fairy-Stockfish the game model has no field for, by key: the value that leaves the
 * game unchanged, and whether they change play (error) or only adjudication (warning).
 */
const UNSAID: Record<string, { harmless: (value: string) => boolean; what: string; play: boolean }> = {};
const flag = (keys: string[], what: string, play = true) => {
    for (const key of keys) UNSAID[key] = { harmless: (v) => v !== 'true', what, play };
};
const word = (keys: string[], what: string, play = true) => {
    for (const key of keys) UNSAID[key] = { harmless: (v) => v === 'none' || v === '', what, play };
};
const list = (keys: string[], what: string, play = true) => {
    for (const key of keys) UNSAID[key] = { harmless: (v) => v.trim() === '' || v.trim().startsWith('-'), what, play };
};
flag(['chess960'], 'Chess960 castling');
flag(['twoBoards'], 'pieces in hand from another board (bughouse)');
flag(['sittuyinPromotion'], "Sittuyin's promotion");
flag(['piecePromotionOnCapture'], 'promotion only by capturing');
flag(['pieceDemotion'], 'demotion of promoted pieces');
flag(['blastOnCapture'], 'explosions on capture (atomic)');
list(['blastImmuneTypes', 'mutuallyImmuneTypes', 'petrifyOnCaptureTypes'], 'pieces immune to explosions or capture, or turned into walls');
flag(['petrifyOnCapture'], 'capturing pieces turned into walls');
flag(['castlingDroppedPiece'], 'castling with dropped pieces');
flag(['oppositeCastling'], 'castling on the side the opponent did not');
UNSAID.dropChecks = { harmless: (v) => v !== 'false', what: 'bans on drops that give check', play: true };
flag(['mustCapture'], 'compulsory captures');
flag(['mustDrop'], 'compulsory drops');
flag(['dropLoop'], 'promoted pieces kept promoted in hand');
word(['enclosingDrop', 'flipEnclosedPieces'], 'drops that must enclose pieces, and enclosed pieces changing sides (Reversi, Ataxx)');
flag(['sittuyinRookDrop', 'dropOppositeColoredBishop', 'dropPromoted'], 'drops restricted as in Sittuyin or placement chess, or dropped promoted');
flag(['gating', 'seirawanGating', 'cambodianMoves'], 'gating of pieces onto the back rank, and Cambodian first moves');
word(['wallingRule'], 'walls placed after moves (Amazons, Duck chess)');
flag(['arrowGating', 'duckGating', 'staticGating', 'pastGating', 'wallOrMove'], 'walls placed after moves (Amazons, Duck chess)');
flag(['passOnStalemate', 'passOnStalemateWhite', 'passOnStalemateBlack'], 'passing when stalemated');
flag(['makpongRule'], "Makpong's rule that a king in check may not move");
flag(['moveRepetitionIllegal'], 'bans on moving back and forth');
flag(['stalematePieceCount'], 'stalemate decided by counting pieces');
flag(['shatarMateRule'], "Shatar's mating rules");
flag(['extinctionClaim', 'extinctionPseudoRoyal', 'dupleCheck'], 'extinction claimed by the side to move, or pseudo-royal pieces');
flag(['flagPieceBlockedWin', 'flagPieceSafe'], 'flag wins that need more than reaching the region');
flag(['checkCounting'], 'wins by giving a number of checks');
flag(['adjudicateFullBoard'], 'material counted when the board is full', false);
for (const key of ['connectN', 'connectNxN', 'collinearN', 'extinctionOpponentPieceCount']) UNSAID[key] = { harmless: (v) => /^\s*0*\s*$/.test(v), what: 'wins by connecting pieces, or extinction counted against the opponent', play: true };
UNSAID.flagPieceCount = { harmless: (v) => v.trim() === '1', what: 'flag wins that need several pieces in the region', play: true };
list(['connectRegion1White', 'connectRegion2White', 'connectRegion1Black', 'connectRegion2Black', 'castlingWins'], 'wins by connecting regions or by castling');
flag(['dropOnTop'], 'drops that fall down the file (Connect Four)');
word(['chasingRule'], 'rules against perpetual chasing (they decide repeated positions)', false);
word(['countingRule'], "makruk's counting rules (they decide endgames)", false);

/** An LCPN name from a Fairy-Stockfish key: `shogiKnight` -> `shogi-knight` (no digits: LCPN names have none). */
export function lcpnName(text: string): string {
    return text.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase().replace(/[^a-z]+/g, '-').replace(/^-+|-+$/g, '') || 'fsf';
}

const OUTCOMES: readonly string[] = ['win', 'loss', 'draw'];

/** `name` (the section's) and `v`, the variant Fairy-Stockfish makes of it; `header` locates problems set by built-in parents. */
export function importVariant(name: string, v: FsfVariant, header: Span, preludePieces: readonly PieceDef[]): ImportedGame {
    const problems: FsfDiagnostic[] = [];
    const at = (key: string): Span => v.setBy.get(key)?.keySpan ?? header;
    const cannot = (key: string, message: string, play = true) =>
        problems.push(diagnostic(FsfCodes.CannotImport, play ? 'error' : 'warning', at(key), `${message}${play ? '' : ' (play is the same)'}`));
    const table = standardTable(preludePieces);
    const prelude = table.definitions;
    const prefix = lcpnName(name);
    const files = v.maxFile;
    const ranks = v.maxRank;
    const onBoard = boardSquares(files, ranks);
    const definitions: PieceDef[] = [];
    const own = new Map<string, PieceDef>();
    const define = (def: PieceDef) => {
        definitions.push(def);
        own.set(def.key, def);
        return def.key;
    };
    /** A name for a definition of ours that no prelude name shadows. */
    const fresh = (base: string) => {
        let key = prelude.has(base) ? `${prefix}-${base}` : base;
        while (own.has(key) || prelude.has(key)) key = `${key}-x`;
        return key;
    };

    for (const [key, value] of v.other) {
        const rule = UNSAID[key];
        if (rule && !rule.harmless(value)) cannot(key, `lcpn's game model has no ${rule.what}: ${key} = ${value} is left out`, rule.play);
    }

    /** A zone of White's side for a pair of regions, when Black's is White's turned half a turn. */
    const zone = (base: string, pair: Pair<Squares>, setting: string): string | undefined => {
        const white = pair[0] & onBoard;
        const black = pair[1] & onBoard;
        if (white === 0n && black === 0n) return undefined;
        if (turned(white, files, ranks) !== black) {
            cannot(setting, `${setting}: Black's region is not White's seen from the other side, and lcpn writes a zone once for both sides: White's is used for both`);
        }
        const key = fresh(base);
        return define({ name: key, key, properties: [], declaration: { kind: 'zone', squares: zoneItems(white, files, ranks) }, style: 'lisp' });
    };
    const inTest = (key: string): Test => ({ kind: 'predicate', fn: 'in', args: [{ kind: 'name', key }] });

    // The board's zones and the conditions the pieces name.
    const doubleStep = v.doubleStep ? zone('double-step-region', v.doubleStepRegion, 'doubleStepRegionWhite') : undefined;
    const tripleStep = zone('triple-step-region', v.tripleStepRegion, 'tripleStepRegionWhite');
    let palace: string | undefined;
    if (v.diagonalLines !== 0n) {
        const lines = v.diagonalLines & onBoard;
        if (turned(lines, files, ranks) !== lines) cannot('diagonalLines', 'diagonalLines: lcpn writes zones from White\'s side and turns them for Black, and these lines are not the same turned');
        const key = fresh('palace-lines');
        palace = define({ name: key, key, properties: [], declaration: { kind: 'zone', squares: zoneItems(lines, files, ranks) }, style: 'lisp' });
    }
    const keyOf = new Map<string, string>();
    const conditions = new Map<string, string>();
    const needs: PieceNeeds = {
        stepRegion: (kind) => {
            const z = kind === 'double' ? doubleStep : tripleStep;
            return z ? inTest(z) : undefined;
        },
        palaceLines: () => palace,
        notOccupiedBy: (type) => {
            let key = conditions.get(type);
            if (!key) {
                key = fresh(`not-${lcpnName(type)}`);
                conditions.set(type, key);
                define({ name: key, key, properties: [], declaration: { kind: 'condition', test: { kind: 'not', test: { kind: 'predicate', fn: 'occupied-by', args: [{ kind: 'name', key: pieceKey(type) }] } } }, style: 'lisp' });
            }
            return key;
        }
    };
    /** The LCPN name of a piece type: decided before any movement names it. */
    const pieceKey = (type: string): string => keyOf.get(type)!;

    // Names first (a janggi cannon's condition names the cannon), then movements.
    const pieces = v.pieces;
    const movements = new Map<string, Move>();
    for (const piece of pieces) {
        const promotes = v.promotedPieceType.has(piece.type);
        const plain = !promotes && !usesPalaceLines(piece, v) && piece.type !== 'pawn' && piece.type !== 'soldier' && piece.type !== 'janggiCannon'
            && !(piece.type === 'king' && (piece.betza !== undefined || v.kingType !== 'king'));
        const standard = pieceType(piece.type)?.prelude;
        if (plain && standard && piece.type !== 'king') keyOf.set(piece.type, standard);
        else if (piece.type === 'king' && plain) keyOf.set(piece.type, 'king');
        else keyOf.set(piece.type, fresh(isCustom(piece.type) ? `custom-${piece.letter}` : lcpnName(piece.type)));
    }
    for (const piece of pieces) {
        const movement = pieceMovement(piece, v, needs);
        const entry = v.setBy.get(piece.type);
        for (const p of movement.problems) {
            problems.push(diagnostic(FsfCodes.CannotImport, 'error', entry ? within(entry.valueSpan, p.offset, p.length) : header, p.message));
        }
        movements.set(piece.type, movement.move);
    }
    // A custom piece that moves as a standard piece takes its name.
    for (const piece of pieces) {
        if (!isCustom(piece.type) || v.promotedPieceType.has(piece.type)) continue;
        const standard = nameStandardParts(movements.get(piece.type)!, table).standardName;
        if (standard && ![...keyOf.values()].includes(standard)) keyOf.set(piece.type, standard);
    }

    // Promoted forms: `+p` moves as what p promotes to, and goes back to hand as p.
    const promoted: GamePiece[] = [];
    for (const piece of pieces) {
        const target = v.promotedPieceType.get(piece.type);
        if (!target) continue;
        if (!keyOf.has(target)) {
            const targetPiece: FsfPiece = { type: target, letter: '' };
            if (isCustom(target)) {
                cannot('promotedPieceType', `promotedPieceType: ${piece.letter} promotes to ${target}, which has no letter here: lcpn cannot say its moves`);
                continue;
            }
            keyOf.set(target, pieceType(target)?.prelude ?? fresh(lcpnName(target)));
            if (!prelude.has(keyOf.get(target)!)) movements.set(target, pieceMovement(targetPiece, v, needs).move);
        }
        const key = fresh(`promoted-${keyOf.get(piece.type)}`);
        define({ name: key, key, properties: [], body: { kind: 'ref', key: keyOf.get(target)! }, style: 'lisp' });
        promoted.push({ letter: `+${piece.letter}`, piece: key });
    }
    for (const [type, move] of movements) {
        const key = keyOf.get(type)!;
        if (prelude.has(key) && !own.has(key)) continue;
        const letter = pieces.find((p) => p.type === type)?.letter;
        const promotedLetter = letter ? promoted.find((p) => p.letter === `+${letter}`) : undefined;
        const body: Move = promotedLetter
            ? { kind: 'sequence', mode: 'blocked', legs: [move, { kind: 'apply', functions: ['promote-to'], args: [{ kind: 'ref', key: promotedLetter.piece }] }] }
            : move;
        const named = nameStandardParts(body, table).move;
        define({ name: key, key, properties: type === 'king' ? ['royal'] : [], body: named, style: 'lisp' });
    }

    // The board: its size, where promoting pieces promote, and where confined pieces stay.
    const clauses: BoardClause[] = [];
    if (promoted.length > 0) {
        const z = zone('promotion-region', v.promotionRegion, 'promotionRegionWhite');
        if (z) clauses.push({ kind: 'promotion-zone', zone: z });
    }
    for (const [type, pair] of v.mobilityRegion) {
        if (!keyOf.has(type) || (pair[0] === 0n && pair[1] === 0n)) continue;
        const capitalized = type[0].toUpperCase() + type.slice(1);
        const z = zone(`${keyOf.get(type)}-region`, pair, `mobilityRegionWhite${capitalized}`);
        if (z) clauses.push({ kind: 'confine', pieces: [keyOf.get(type)!], zone: z });
    }
    const board: BoardDeclaration = { kind: 'board', files, ranks, clauses };
    const boardKey = fresh(prefix);
    define({ name: boardKey, key: boardKey, properties: [], declaration: board, style: 'lisp' });
    definitions.unshift(definitions.pop()!);

    const letterOf = (type: string) => pieces.find((p) => p.type === type)?.letter;
    const letters = (types: readonly string[]) => (types.includes('*') ? pieces.map((p) => p.letter) : types.map(letterOf).filter((l): l is string => l !== undefined));
    const sameLetters = (pair: Pair<string[]>, key: string): string[] => {
        const [white, black] = [letters(pair[0]), letters(pair[1])];
        if (white.join() !== black.join()) cannot(key, `${key}: White's and Black's pieces differ, and lcpn's rule is the same for both sides: White's are used`);
        return white;
    };
    /** White's region on the board, when Black's is White's turned. */
    const region = (pair: Pair<Squares>, key: string): string[] => {
        const white = pair[0] & onBoard;
        if (turned(white, files, ranks) !== (pair[1] & onBoard)) cannot(key, `${key}: Black's region is not White's seen from the other side, and lcpn writes one region for both: White's is used`);
        return zoneItems(white, files, ranks);
    };
    const outcome = (value: Result, key: string): Outcome | undefined => {
        if (OUTCOMES.includes(value)) return value as Outcome;
        cannot(key, `${key} = none: lcpn's games need a result there`);
        return undefined;
    };

    const king = letterOf('king');
    const model: GameModel = {
        name,
        board,
        pieces: [
            ...[...pieces].sort((a, b) => PIECE_KEY_ORDER.indexOf(b.type) - PIECE_KEY_ORDER.indexOf(a.type)).map((p) => ({ letter: p.letter, piece: keyOf.get(p.type)! })),
            ...promoted
        ],
        start: v.startFen,
        results: { stalemate: outcome(v.stalemateValue, 'stalemateValue') ?? 'draw' }
    };
    if (king) {
        if (!v.checking) cannot('checking', 'checking = false: lcpn\'s royal pieces are never left in check');
        if (v.flyingGeneral && v.bikjangRule) cannot('bikjangRule', 'both flyingGeneral and bikjangRule: lcpn has one rule for facing kings');
        model.royalty = { pieces: [king], rule: 'check', ...(v.flyingGeneral ? { facing: 'never' as const } : v.bikjangRule ? { facing: 'bikjang' as const } : {}) };
    }
    const castling = castlingRules(v, letters, cannot);
    if (castling.length > 0) model.castling = castling;

    // Pawns: en passant and promotion.
    const epCreators = pieces.filter((p) => (p.type === 'pawn' && (v.doubleStep || v.tripleStepRegion.some((r) => r !== 0n)))
        || (isCustom(p.type) && readFsfBetza(p.betza ?? '').components.some((c) => c.initial))).map((p) => p.letter);
    const epCapturers = sameLetters(v.enPassantTypes, 'enPassantTypes');
    if (epCreators.length > 0 && epCapturers.length > 0) {
        model.enPassant = { pieces: epCreators, capturers: epCapturers };
        if ((v.enPassantRegion[0] & onBoard) !== onBoard || (v.enPassantRegion[1] & onBoard) !== onBoard) cannot('enPassantRegion', 'enPassantRegion: lcpn allows en passant on every square');
    }
    const pawnTypes = sameLetters(v.promotionPawnTypes, 'promotionPawnTypes');
    const choices = sameLetters(v.promotionPieceTypes, 'promotionPieceTypes');
    const pawnZone = pawnTypes.length > 0 ? region(v.promotionRegion, 'promotionRegionWhite') : [];
    const promotion: NonNullable<GameModel['promotion']> = { mandatory: v.mandatoryPawnPromotion };
    if (pawnZone.length > 0) {
        if (choices.length === 0) cannot('promotionPieceTypes', 'promotionPieceTypes is empty: pawns cannot enter the promotion region, which lcpn\'s promotion rules cannot say');
        else promotion.pieces = Object.fromEntries(pawnTypes.map((l) => [l, { choices, zone: pawnZone }]));
    }
    if (promoted.length > 0 && pawnTypes.length > 0 && v.mandatoryPawnPromotion !== v.mandatoryPiecePromotion) {
        cannot('mandatoryPiecePromotion', 'pawns and other pieces promote under different rules (mandatoryPawnPromotion, mandatoryPiecePromotion): lcpn has one, the pawns\' is used');
    }
    if (promoted.length > 0 && !promotion.pieces) promotion.mandatory = v.mandatoryPiecePromotion;
    if (v.promotionLimit.size > 0) {
        const counts = whiteCounts(v.startFen, v.maxRank);
        const limitedAsStart = [...v.promotionLimit].every(([type, n]) => counts.get(letterOf(type) ?? '') === n)
            && choices.every((l) => v.promotionLimit.has(pieces.find((p) => p.letter === l)!.type));
        if (limitedAsStart) promotion.toLostPieces = true;
        else cannot('promotionLimit', 'promotionLimit: lcpn limits promotion only to pieces the side has lost (as many as the start position has of each)');
    }
    if (promotion.pieces || promoted.length > 0) model.promotion = promotion;
    if (v.immobilityIllegal) model.immobilityIllegal = true;
    const irreversible = sameLetters(v.nMoveRuleTypes, 'nMoveRuleTypes');
    if (irreversible.length > 0) model.irreversible = irreversible;

    // Drops.
    if (v.pieceDrops) {
        const zones: Record<string, string[]> = {};
        for (const piece of pieces) {
            const where = (side: 0 | 1): Squares => {
                let s = v.dropRegion[side] & onBoard;
                const confined = v.mobilityRegion.get(piece.type)?.[side];
                if (confined) s &= confined;
                if (piece.type === 'pawn') {
                    if (!v.promotionZonePawnDrops) s &= ~v.promotionRegion[side];
                    if (!v.firstRankPawnDrops) s &= ~rankSquares(side === 0 ? 0 : ranks - 1);
                }
                return s;
            };
            const white = where(0);
            if (white === onBoard && where(1) === onBoard) continue;
            if (turned(white, files, ranks) !== where(1)) cannot('dropRegionWhite', `where ${piece.letter} may be dropped differs between the sides beyond turning the board: lcpn uses White's squares for both`);
            zones[piece.letter] = zoneItems(white, files, ranks);
        }
        model.drops = { capturesToHand: v.capturesToHand, ...(Object.keys(zones).length > 0 ? { zones } : {}) };
        if (v.dropNoDoubled) {
            const l = letterOf(v.dropNoDoubled);
            if (l) model.drops.noDoubledOnFile = [l];
            if (v.dropNoDoubledCount !== 1) cannot('dropNoDoubledCount', `dropNoDoubledCount = ${v.dropNoDoubledCount}: lcpn bans a drop on a file with one such piece already`);
        }
        const shogiPawn = letterOf('shogiPawn');
        if (v.shogiPawnDropMateIllegal && shogiPawn) model.drops.dropMate = { pieces: [shogiPawn], rule: 'loses' };
    } else if (v.capturesToHand) {
        cannot('capturesToHand', 'captured pieces go to hand but may never be dropped (pieceDrops = false): lcpn\'s games have no such hand');
    }
    if (v.pass[0] || v.pass[1]) {
        if (v.pass[0] !== v.pass[1]) cannot('pass', 'only one side may pass: lcpn lets both pass or neither');
        model.pass = true;
    }

    // How the game ends.
    const results: ResultRules = model.results;
    if (king) results.checkmate = outcome(v.checkmateValue, 'checkmateValue') ?? 'loss';
    if (v.extinctionValue !== 'none') {
        const o = outcome(v.extinctionValue, 'extinctionValue');
        if (v.extinctionPieceCount !== 0) cannot('extinctionPieceCount', `extinctionPieceCount = ${v.extinctionPieceCount}: lcpn's extinction is having none left`);
        const kinds = letters(v.extinctionPieceTypes);
        // Fairy-Stockfish ends the game when any one kind is gone; lcpn's extinction, when all of them are.
        if (kinds.length > 1 && !v.extinctionPieceTypes.includes('*')) {
            cannot('extinctionPieceTypes', `extinctionPieceTypes = ${kinds.join('')}: Fairy-Stockfish ends the game when any one of these kinds is gone, lcpn's extinction when all of them are`);
        }
        if (o && kinds.length > 0) results.extinction = { pieces: kinds, outcome: o };
    }
    if ((v.flagRegion[0] | v.flagRegion[1]) !== 0n) {
        if (v.flagMove) cannot('flagMove', 'flagMove: lcpn ends the game as soon as the flag region is reached');
        const kinds = letters([v.flagPiece[0]]);
        if (v.flagPiece[0] !== v.flagPiece[1]) cannot('flagPiece', 'flagPiece: White\'s and Black\'s flag pieces differ; lcpn uses White\'s for both');
        results.flag = { pieces: kinds, zone: region(v.flagRegion, 'flagRegionWhite') };
    }
    if (v.nFoldRule >= 2) {
        const o = outcome(v.nFoldValue, 'nFoldValue');
        if (o) results.repetition = { count: v.nFoldRule, outcome: o, ...(v.nFoldValueAbsolute ? { forWhite: true } : {}), ...(v.perpetualCheckIllegal ? { perpetualCheck: true } : {}) };
    }
    if (v.nMoveRule > 0) results.moveRule = { moves: v.nMoveRule, outcome: 'draw' };
    if (model.pass) results.doublePass = true;
    if (v.materialCounting === 'janggi') {
        const values: Record<string, number> = {};
        for (const [type, value] of [['rook', 13], ['janggiCannon', 7], ['horse', 5], ['janggiElephant', 3], ['wazir', 3], ['soldier', 2]] as const) {
            const l = letterOf(type);
            if (l) values[l] = value;
        }
        results.material = { values, blackBonus: 1.5 };
    } else if (v.materialCounting !== 'none') {
        cannot('materialCounting', `materialCounting = ${v.materialCounting}: lcpn counts material only as janggi does`, false);
    }

    const resolve: Resolver = (key) => own.get(key) ?? prelude.get(key);
    let game: Game | undefined;
    try {
        game = compileGame(model, resolve);
    } catch (error) {
        if (!(error instanceof GameModelError)) throw error;
        for (const p of error.problems) problems.push(diagnostic(FsfCodes.CannotImport, 'error', header, `lcpn cannot play the imported game (${p.field}): ${p.message}`));
    }
    return { name, model, definitions, resolve, ...(game ? { game } : {}), problems };
}

/** Castling moves as Fairy-Stockfish sets them up from the start position's castling rights. */
function castlingRules(v: FsfVariant, letters: (types: readonly string[]) => string[], cannot: (key: string, message: string) => void): CastlingRule[] {
    const fields = v.startFen.split(/\s+/);
    const rights = fields[2] ?? '';
    if (!v.castling || !/[KQkq]/.test(rights)) return [];
    const placed = fenPieces(v.startFen, v.maxRank).board;
    const rules: CastlingRule[] = [];
    for (const right of rights) {
        if (!/[KQkq]/.test(right)) {
            if (right !== '-') cannot('startFen', `castling right '${right}' (a file letter, as in Chess960): lcpn's castling is KQkq`);
            continue;
        }
        const side = right === right.toUpperCase() ? 0 : 1;
        const rank = side === 0 ? v.castlingRank : v.maxRank - 1 - v.castlingRank;
        const kingLetters = letters([v.castlingKingPiece[side]]);
        const rookLetters = letters(v.castlingRookPieces[side]);
        const ours = (file: number, accepted: string[]) => placed.some((p) => p.rank === rank && p.file === file && p.white === (side === 0) && !p.promoted && accepted.includes(p.letter));
        const kings = Array.from({ length: v.maxFile }, (_, f) => f).filter((f) => ours(f, kingLetters));
        const kingFile = kings.length === 1 ? kings[0] : v.castlingKingFile;
        const kingSide = right.toUpperCase() === 'K';
        let rookFile = kingSide ? Math.min(v.castlingRookKingsideFile, v.maxFile - 1) : v.castlingRookQueensideFile;
        while (rookFile >= 0 && rookFile < v.maxFile && !ours(rookFile, rookLetters)) rookFile += kingSide ? -1 : 1;
        if (rookFile < 0 || rookFile >= v.maxFile) continue;
        const kingTo = kingSide ? v.castlingKingsideFile : v.castlingQueensideFile;
        const rookTo = kingTo + (kingSide ? -1 : 1);
        const span = (a: number, b: number) => Array.from({ length: Math.abs(a - b) + 1 }, (_, i) => Math.min(a, b) + i);
        const empty = [...new Set([...span(kingFile, kingTo), ...span(rookFile, rookTo)])].filter((f) => f !== kingFile && f !== rookFile).sort((a, b) => a - b);
        rules.push({
            side: side === 0 ? 'white' : 'black', right,
            king: { from: squareName(kingFile, rank), to: squareName(kingTo, rank) },
            partner: { from: squareName(rookFile, rank), to: squareName(rookTo, rank) },
            kingPieces: kingLetters, partnerPieces: rookLetters,
            empty: empty.map((f) => squareName(f, rank)), safe: span(kingFile, kingTo).map((f) => squareName(f, rank))
        });
    }
    return rules;
}
