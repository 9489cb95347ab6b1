/**
 * A game as a Fairy-Stockfish `variants.ini` section (`lcpn convert FILE --to fsf`): the board,
 * the pieces (export-pieces.ts), the start position, and each rule of the game model in
 * Fairy-Stockfish's keys: promotion (read off the pieces' `promote-to` where the model does not
 * state it), castling, en passant, drops and how the game ends. What Fairy-Stockfish cannot say
 * about the game is listed in words (`unsaid`), and written at the top of the section as comments.
 *
 * The section is written whole against Fairy-Stockfish's template (no parent), except where only
 * a built-in variant has what the game needs (janggi's king, which moves as a wazir along the
 * palace lines: then it inherits from xiangqi and says everything that differs from it).
 */
import { boardRules, zoneSquares } from '../engine/rules.js';
import type { Resolver } from '../engine/plan.js';
import { evaluatePrepared, prepare } from '../engine/report.js';
import { geometryOf } from '../geometry/index.js';
import type { CastlingRule, GameModel } from '../game/index.js';
import { builtInVariant, FSF_VARIANT_NAMES } from './builtins.js';
import { exportPieces } from './export-pieces.js';
import { whiteCounts } from './fen-board.js';
import { PIECE_KEY_ORDER } from './piece-types.js';
import { boardSquares, fileLetter, has, rankSquares, square, squareName, turned, MAX_FILES, MAX_RANKS, type Squares } from './values.js';
import { emptyVariant, type FsfVariant, type Pair, type Result } from './variant.js';

export interface FsfExport {
    /** The section, `[name]` and its lines, with what cannot be said as comments; empty when the board does not fit Fairy-Stockfish at all. */
    text: string;
    /** What Fairy-Stockfish cannot say about this game. */
    unsaid: string[];
    /** Advice that is not a rule (a section named like one of Fairy-Stockfish's own variants). */
    notes: string[];
    /** The variant the section describes, as Fairy-Stockfish will read it. */
    variant?: FsfVariant;
}

export function exportFsf(model: GameModel, resolve: Resolver): FsfExport {
    const unsaid: string[] = [];
    const notes: string[] = [];
    const files = model.board.files;
    const ranks = model.board.ranks;
    if (model.board.shape) unsaid.push(`the board's shape (${model.board.shape.kind}): Fairy-Stockfish's boards are rectangles`);
    if (files > MAX_FILES || ranks > MAX_RANKS) {
        unsaid.push(`the board of ${files} files and ${ranks} ranks: Fairy-Stockfish's boards have at most ${MAX_FILES} files and ${MAX_RANKS} ranks`);
        return { text: '', unsaid, notes };
    }
    if (FSF_VARIANT_NAMES.includes(model.name)) {
        notes.push(`Fairy-Stockfish has its own variant named '${model.name}': it keeps that one and skips a section of the same name. Rename the section (as in [${model.name}-lcpn]) to play this one`);
    }
    const onBoard = boardSquares(files, ranks);
    const both = (white: Squares): Pair<Squares> => [white & onBoard, turned(white & onBoard, files, ranks)];
    const pieces = exportPieces(model, resolve);
    unsaid.push(...pieces.unsaid);
    const typeOf = (letter: string) => pieces.typeOf.get(letter);
    const types = (letters: readonly string[]) => letters.map(typeOf).filter((t): t is string => t !== undefined);
    const zoneOf = (key: string): Squares => {
        const declaration = resolve(key)?.declaration;
        return declaration?.kind === 'zone' ? squaresOf(zoneSquares(declaration.squares, { files, ranks }).squares) : 0n;
    };

    const d = emptyVariant();
    d.maxFile = files;
    d.maxRank = ranks;
    d.pieces = [...pieces.pieces].sort((a, b) => PIECE_KEY_ORDER.indexOf(a.type) - PIECE_KEY_ORDER.indexOf(b.type));
    d.kingType = pieces.kingType;
    d.startFen = model.start;
    d.doubleStepRegion = both(pieces.doubleStepRegion);
    d.doubleStep = pieces.doubleStepRegion !== 0n;
    d.tripleStepRegion = both(pieces.tripleStepRegion);
    d.soldierPromotionRank = pieces.soldierPromotionRank;
    d.diagonalLines = pieces.diagonalLines;
    d.promotedPieceType = pieces.promotedPieceType;
    for (const [type, region] of pieces.mobilityRegion) d.mobilityRegion.set(type, both(region));

    // The board's clauses: confinement and the promotion zone.
    let boardPromotion = 0n;
    for (const clause of model.board.clauses) {
        if (clause.kind === 'promotion-zone') {
            boardPromotion = zoneOf(clause.zone);
            continue;
        }
        for (const key of clause.pieces) {
            for (const gp of model.pieces.filter((p) => p.piece === key)) {
                const type = typeOf(gp.letter);
                if (type) d.mobilityRegion.set(type, both(zoneOf(clause.zone)));
            }
        }
    }

    // Royalty: Fairy-Stockfish's one royal type is the king; capturing it to win is extinction.
    const royalty = model.royalty;
    d.extinctionPieceTypes = [];
    if (royalty) {
        if (royalty.pieces.length !== 1) unsaid.push(`${royalty.pieces.length} royal pieces (${royalty.pieces.join(' ')}): Fairy-Stockfish has one royal king`);
        if (royalty.rule === 'capture') {
            d.extinctionValue = 'loss';
            d.extinctionPieceTypes = types(royalty.pieces);
        }
        if (royalty.facing === 'never') d.flyingGeneral = true;
        if (royalty.facing === 'bikjang') d.bikjangRule = true;
    }

    d.castling = exportCastling(model.castling ?? [], d, typeOf, ranks, unsaid);
    exportPawnRules(model, resolve, d, typeOf, types, boardPromotion, both, unsaid);
    exportDrops(model, d, typeOf, both, onBoard, unsaid);
    exportResults(model, d, typeOf, types, both, unsaid);
    if (model.immobilityIllegal) d.immobilityIllegal = true;
    if (model.pass) {
        d.pass = [true, true];
        if (!model.results.doublePass) unsaid.push('that two passes in a row do not end the game: Fairy-Stockfish ends it');
    }

    const parent = pieces.kingType === 'wazir' ? 'xiangqi' : undefined;
    const base = parent ? builtInVariant(parent)! : emptyVariant();
    const lines = [`[${model.name}${parent ? `:${parent}` : ''}]`];
    lines.push(`# Exported by lcpn from the game ${model.name}.`);
    for (const item of unsaid) lines.push(`# Fairy-Stockfish cannot say: ${item.replace(/\s+/g, ' ')}`);
    lines.push(...settingLines(d, base));
    return { text: lines.join('\n') + '\n', unsaid, notes, variant: d };
}

function squaresOf(list: readonly { file: number; rank: number }[]): Squares {
    let s = 0n;
    for (const sq of list) s |= square(sq.file, sq.rank);
    return s;
}

/** Fairy-Stockfish's castling: the king's and rooks' files on the castling rank, the king's destinations, the rook next to it. */
function exportCastling(rules: readonly CastlingRule[], d: FsfVariant, typeOf: (l: string) => string | undefined, ranks: number, unsaid: string[]): boolean {
    if (rules.length === 0) return false;
    const file = (name: string) => name.charCodeAt(0) - 97;
    const rank = (name: string) => Number(name.slice(1)) - 1;
    const white = rules.find((r) => r.side === 'white') ?? rules[0];
    const castlingRank = white.side === 'white' ? rank(white.king.from) : ranks - 1 - rank(white.king.from);
    d.castlingRank = castlingRank;
    d.castlingKingFile = file(white.king.from);
    d.castlingKingPiece = [typeOf(white.kingPieces[0]) ?? 'king', typeOf(white.kingPieces[0]) ?? 'king'];
    const rookTypes = white.partnerPieces.map(typeOf).filter((t): t is string => t !== undefined);
    d.castlingRookPieces = [rookTypes, [...rookTypes]];
    let fits = true;
    const reasons: string[] = [];
    for (const rule of rules) {
        const kFrom = file(rule.king.from);
        const kTo = file(rule.king.to);
        const rFrom = file(rule.partner.from);
        const rTo = file(rule.partner.to);
        const kingSide = rFrom > kFrom;
        if (kingSide !== (rule.right.toUpperCase() === 'K')) reasons.push(`${rule.right} castles with the rook on the ${kingSide ? "king's" : "queen's"} side`);
        if (kingSide) {
            d.castlingKingsideFile = kTo;
            d.castlingRookKingsideFile = rFrom;
        } else {
            d.castlingQueensideFile = kTo;
            d.castlingRookQueensideFile = rFrom;
        }
        const r = rank(rule.king.from);
        const expectedRank = rule.side === 'white' ? castlingRank : ranks - 1 - castlingRank;
        if (r !== expectedRank || rank(rule.partner.from) !== r || rank(rule.king.to) !== r || rank(rule.partner.to) !== r) reasons.push(`${rule.right} is not on the castling rank of each side`);
        if (kFrom !== d.castlingKingFile) reasons.push(`${rule.right}: the king starts on another file`);
        if (rTo !== kTo + (kingSide ? -1 : 1)) reasons.push(`${rule.right}: the rook does not land next to the king, inside`);
        const between = (a: number, b: number) => Array.from({ length: Math.abs(a - b) + 1 }, (_, i) => Math.min(a, b) + i);
        const empty = [...new Set([...between(kFrom, kTo), ...between(rFrom, rTo)])].filter((f) => f !== kFrom && f !== rFrom).map((f) => squareName(f, r)).sort();
        const safe = between(kFrom, kTo).map((f) => squareName(f, r)).sort();
        if (empty.join() !== [...rule.empty].sort().join()) reasons.push(`${rule.right}: the squares that must be empty (${rule.empty.join(' ')})`);
        if (safe.join() !== [...rule.safe].sort().join()) reasons.push(`${rule.right}: the squares that must not be attacked (${rule.safe.join(' ')})`);
        const kingType = typeOf(rule.kingPieces[0]);
        if (rule.kingPieces.length !== 1 || kingType !== d.castlingKingPiece[0]) reasons.push(`${rule.right}: the pieces that castle as the king (${rule.kingPieces.join(' ')})`);
    }
    for (const side of ['K', 'Q', 'k', 'q']) if (rules.filter((r) => r.right === side).length > 1) fits = false;
    if (reasons.length > 0 || !fits) unsaid.push(`castling as this game has it (${[...new Set(reasons)].join('; ')}): Fairy-Stockfish castles the king to fixed files with the rook landing next to it, inside`);
    return true;
}

/** En passant and promotion. Promotion is read off the pieces where the model does not state it: where the engine offers it, and to what. */
function exportPawnRules(model: GameModel, resolve: Resolver, d: FsfVariant, typeOf: (l: string) => string | undefined, types: (l: readonly string[]) => string[],
    boardPromotion: Squares, both: (white: Squares) => Pair<Squares>, unsaid: string[]): void {
    const files = model.board.files;
    const ranks = model.board.ranks;
    const ep = model.enPassant;
    d.enPassantTypes = [[], []];
    if (ep) {
        for (const letter of ep.pieces) {
            const t = typeOf(letter);
            if (t !== 'pawn' && !t?.startsWith('customPiece')) unsaid.push(`en passant after moves of ${letter}: Fairy-Stockfish gives it after the pawn's double steps and custom pieces' initial moves only`);
        }
        const capturers = types(ep.capturers);
        d.enPassantTypes = [capturers, [...capturers]];
    }

    const rules = boardRules(model.board, resolve).rules;
    const board = { files, ranks };
    const letterOfKey = new Map(model.pieces.map((p) => [p.piece, p.letter]));
    const stated = model.promotion?.pieces ?? {};
    const pawnStyle: { letter: string; zone: Squares; choices: string[] }[] = [];
    for (const gp of model.pieces.filter((p) => !p.letter.startsWith('+'))) {
        const def = resolve(gp.piece);
        if (!def) continue;
        // Where the definition promotes, and to what (as White, on the empty board).
        let zone = 0n;
        const choiceKeys = new Set<string>();
        const prepared = prepare(def, resolve, geometryOf(board));
        for (let r = 0; r < ranks; r++) {
            for (let f = 0; f < files; f++) {
                const result = evaluatePrepared(prepared, { board, at: { file: f, rank: r }, friends: [], enemies: [], rules, firstMove: false });
                for (const dest of result.destinations) {
                    if (!dest.promotions || dest.promotions.length === 0) continue;
                    zone |= square(dest.square.file, dest.square.rank);
                    for (const p of dest.promotions) choiceKeys.add(p);
                }
            }
        }
        const rule = stated[gp.letter];
        let choices = rule ? rule.choices : [...choiceKeys].map((k) => letterOfKey.get(k)).filter((l): l is string => l !== undefined);
        if (rule?.zone === 'stuck') {
            unsaid.push(`${gp.letter} promoting where it could move no further: Fairy-Stockfish's promotion regions are fixed squares`);
            continue;
        }
        if (rule?.zone) zone = squaresOf(zoneSquares(rule.zone, board).squares);
        if (choices.length === 0) continue;
        if (choices.length === 1 && choices[0] === `+${gp.letter}`) continue; // shogi style: promotedPieceType, from the pieces
        choices = choices.filter((l) => !l.startsWith('+'));
        pawnStyle.push({ letter: gp.letter, zone, choices });
    }
    d.promotionPawnTypes = [[], []];
    d.promotionPieceTypes = [[], []];
    const first = pawnStyle[0];
    if (first) {
        const pawnTypes = types(pawnStyle.map((p) => p.letter));
        d.promotionPawnTypes = [pawnTypes, [...pawnTypes]];
        const choiceTypes = types(first.choices);
        d.promotionPieceTypes = [choiceTypes, [...choiceTypes]];
        d.promotionRegion = both(first.zone);
        for (const p of pawnStyle.slice(1)) {
            if (p.zone !== first.zone || p.choices.join() !== first.choices.join()) unsaid.push(`${p.letter} promoting elsewhere or to other pieces than ${first.letter}: Fairy-Stockfish's pawns share one promotion region and one list of pieces`);
        }
        if (d.promotedPieceType.size > 0 && boardPromotion !== 0n && boardPromotion !== first.zone) unsaid.push('two promotion zones (one for pawns, one for other pieces): Fairy-Stockfish has one');
    } else if (boardPromotion !== 0n) {
        d.promotionRegion = both(boardPromotion);
    }
    const mandatory = model.promotion?.mandatory ?? false;
    d.mandatoryPawnPromotion = mandatory;
    d.mandatoryPiecePromotion = mandatory;
    if (model.promotion?.toLostPieces) {
        const counts = whiteCounts(model.start, model.board.ranks);
        for (const letter of first?.choices ?? []) {
            const t = typeOf(letter);
            if (t) d.promotionLimit.set(t, counts.get(letter) ?? 0);
        }
    }
    const irreversible = types(model.irreversible ?? []);
    d.nMoveRuleTypes = [irreversible, [...irreversible]];
}

/** Drops: one drop region for all, the pawn's first rank and promotion region, and the pieces' confinement, as Fairy-Stockfish restricts them. */
function exportDrops(model: GameModel, d: FsfVariant, typeOf: (l: string) => string | undefined, both: (white: Squares) => Pair<Squares>, onBoard: Squares, unsaid: string[]): void {
    const drops = model.drops;
    if (!drops) return;
    const files = model.board.files;
    const ranks = model.board.ranks;
    d.pieceDrops = true;
    d.capturesToHand = drops.capturesToHand;
    const zone = (letter: string): Squares => {
        const items = drops.zones?.[letter];
        return items ? squaresOf(zoneSquares(items, { files, ranks }).squares) : onBoard;
    };
    const plain = model.pieces.filter((p) => !p.letter.startsWith('+'));
    const others = plain.filter((p) => typeOf(p.letter) !== 'pawn' && !d.mobilityRegion.has(typeOf(p.letter) ?? ''));
    const region = others.length > 0 ? zone(others[0].letter) : onBoard;
    d.dropRegion = both(region);
    const fsfDrops = (letter: string): Squares => {
        const type = typeOf(letter) ?? '';
        let s = region;
        const confined = d.mobilityRegion.get(type)?.[0];
        if (confined) s &= confined;
        if (type === 'pawn') {
            if (!d.promotionZonePawnDrops) s &= ~d.promotionRegion[0];
            if (!d.firstRankPawnDrops) s &= ~rankSquares(0);
        }
        return s & onBoard;
    };
    const pawn = plain.find((p) => typeOf(p.letter) === 'pawn');
    if (pawn) {
        const wanted = zone(pawn.letter);
        const options = [[false, false], [true, false], [false, true], [true, true]] as const;
        const fit = options.find(([first, promo]) => {
            d.firstRankPawnDrops = first;
            d.promotionZonePawnDrops = promo;
            return fsfDrops(pawn.letter) === wanted;
        }) ?? options[0];
        [d.firstRankPawnDrops, d.promotionZonePawnDrops] = fit;
    }
    for (const p of plain) {
        if (fsfDrops(p.letter) !== (zone(p.letter) & onBoard)) unsaid.push(`where ${p.letter} may be dropped (${p.letter} ${drops.zones?.[p.letter]?.join(' ') ?? 'anywhere'}): Fairy-Stockfish has one drop region for every piece, besides the pawn's first rank and promotion region`);
    }
    if (drops.noDoubledOnFile) {
        if (drops.noDoubledOnFile.length > 1) unsaid.push(`no doubled ${drops.noDoubledOnFile.join(' ')} on a file: Fairy-Stockfish bans doubling one piece only`);
        d.dropNoDoubled = typeOf(drops.noDoubledOnFile[0]);
    }
    if (drops.dropMate) {
        const t = drops.dropMate.pieces.map(typeOf);
        if (drops.dropMate.rule === 'loses' && t.length === 1 && t[0] === 'shogiPawn') d.shogiPawnDropMateIllegal = true;
        else unsaid.push(`the rule on mating by a drop of ${drops.dropMate.pieces.join(' ')} (${drops.dropMate.rule}): Fairy-Stockfish has it for the shogi pawn only, as a loss`);
    }
}

function exportResults(model: GameModel, d: FsfVariant, typeOf: (l: string) => string | undefined, types: (l: readonly string[]) => string[],
    both: (white: Squares) => Pair<Squares>, unsaid: string[]): void {
    const r = model.results;
    const files = model.board.files;
    const ranks = model.board.ranks;
    d.checkmateValue = r.checkmate ?? 'loss';
    d.stalemateValue = r.stalemate;
    if (r.extinction) {
        if (d.extinctionValue !== 'none') unsaid.push('the extinction rule beside capturing the royal piece: Fairy-Stockfish has one extinction rule');
        d.extinctionValue = r.extinction.outcome;
        const all = model.pieces.filter((p) => !p.letter.startsWith('+')).every((p) => r.extinction!.pieces.includes(p.letter));
        d.extinctionPieceTypes = all ? ['*'] : types(r.extinction.pieces);
        if (!all && r.extinction.pieces.length > 1) unsaid.push(`extinction of ${r.extinction.pieces.join(' ')} together: Fairy-Stockfish ends the game when any one of these kinds is gone`);
    }
    if (r.bareKing) unsaid.push(`the bare king rule (${r.bareKing}): Fairy-Stockfish has no such rule in variants.ini`);
    if (r.flag) {
        const kinds = types(r.flag.pieces);
        const all = model.pieces.filter((p) => !p.letter.startsWith('+')).length;
        if (kinds.length === 1) d.flagPiece = [kinds[0], kinds[0]];
        else if (kinds.length === all) d.flagPiece = ['*', '*'];
        else unsaid.push(`flag pieces ${r.flag.pieces.join(' ')}: Fairy-Stockfish has one flag piece (or all)`);
        d.flagRegion = both(squaresOf(zoneSquares(r.flag.zone, { files, ranks }).squares));
    }
    if (r.repetition) {
        d.nFoldRule = r.repetition.count;
        d.nFoldValue = r.repetition.outcome;
        d.nFoldValueAbsolute = r.repetition.forWhite ?? false;
        d.perpetualCheckIllegal = r.repetition.perpetualCheck ?? false;
    } else {
        unsaid.push('a game without a repetition rule: Fairy-Stockfish ends it at the third repetition, drawn');
    }
    d.nMoveRule = 0;
    if (r.moveRule) {
        if (r.moveRule.outcome !== 'draw') unsaid.push(`the move rule's ${r.moveRule.outcome}: Fairy-Stockfish's move rule draws`);
        d.nMoveRule = r.moveRule.moves;
    }
    if (r.material) {
        const janggi: Record<string, number> = { rook: 13, janggiCannon: 7, horse: 5, janggiElephant: 3, wazir: 3, soldier: 2 };
        const same = Object.entries(r.material.values).every(([letter, value]) => janggi[typeOf(letter) ?? ''] === value)
            && Object.keys(janggi).every((t) => !d.pieces.some((p) => p.type === t) || Object.entries(r.material!.values).some(([l]) => typeOf(l) === t));
        if (same && r.material.blackBonus > 1 && r.material.blackBonus < 2) d.materialCounting = 'janggi';
        else unsaid.push('counting material to decide drawn games with these values: Fairy-Stockfish counts only as janggi does');
    }
}

/** A set of squares as Fairy-Stockfish reads them: whole ranks as *N, else squares, `-` for none. */
function squaresText(set: Squares, files: number, ranks: number): string {
    const items: string[] = [];
    for (let r = 0; r < ranks; r++) {
        const row = rankSquares(r) & boardSquares(files, ranks);
        if ((set & row) === row) {
            items.push(`*${r + 1}`);
            continue;
        }
        for (let f = 0; f < files; f++) if (has(set, f, r)) items.push(squareName(f, r));
    }
    return items.length > 0 ? items.join(' ') : '-';
}

/** Every setting the export writes, as Fairy-Stockfish's text for the variant (undefined: not written). */
function settings(v: FsfVariant): [string, string][] {
    const files = v.maxFile;
    const ranks = v.maxRank;
    const letter = (type: string) => v.pieces.find((p) => p.type === type)?.letter;
    const letters = (set: readonly string[]) => (set.includes('*') ? '*' : set.map(letter).filter((l) => l !== undefined).join('') || '-');
    const sq = (set: Squares) => squaresText(set & boardSquares(files, ranks), files, ranks);
    const yes = (b: boolean) => (b ? 'true' : 'false');
    const result = (r: Result) => r;
    const out: [string, string][] = [
        ['startFen', v.startFen]
    ];
    const regionTypes = [...new Set([...v.mobilityRegion.keys()])].sort((a, b) => PIECE_KEY_ORDER.indexOf(a) - PIECE_KEY_ORDER.indexOf(b));
    for (const type of regionTypes) {
        const pair = v.mobilityRegion.get(type)!;
        const name = type[0].toUpperCase() + type.slice(1);
        out.push([`mobilityRegionWhite${name}`, sq(pair[0])], [`mobilityRegionBlack${name}`, sq(pair[1])]);
    }
    const promoted = [...v.promotedPieceType].filter(([from, to]) => letter(from) && letter(to)).map(([from, to]) => `${letter(from)}:${letter(to)}`).sort().join(' ');
    const limits = [...v.promotionLimit].filter(([t]) => letter(t)).map(([t, n]) => `${letter(t)}:${n}`).sort().join(' ');
    out.push(
        ['promotionRegionWhite', sq(v.promotionRegion[0])], ['promotionRegionBlack', sq(v.promotionRegion[1])],
        ['promotionPawnTypesWhite', letters(v.promotionPawnTypes[0])], ['promotionPawnTypesBlack', letters(v.promotionPawnTypes[1])],
        ['promotionPieceTypesWhite', letters(v.promotionPieceTypes[0])], ['promotionPieceTypesBlack', letters(v.promotionPieceTypes[1])],
        ['promotionLimit', limits], ['promotedPieceType', promoted],
        ['mandatoryPawnPromotion', yes(v.mandatoryPawnPromotion)], ['mandatoryPiecePromotion', yes(v.mandatoryPiecePromotion)],
        ['doubleStep', yes(v.doubleStep)],
        ['doubleStepRegionWhite', sq(v.doubleStepRegion[0])], ['doubleStepRegionBlack', sq(v.doubleStepRegion[1])],
        ['tripleStepRegionWhite', sq(v.tripleStepRegion[0])], ['tripleStepRegionBlack', sq(v.tripleStepRegion[1])],
        ['enPassantTypesWhite', letters(v.enPassantTypes[0])], ['enPassantTypesBlack', letters(v.enPassantTypes[1])],
        ['castling', yes(v.castling)]
    );
    if (v.castling) {
        out.push(
            ['castlingKingsideFile', fileLetter(v.castlingKingsideFile)], ['castlingQueensideFile', fileLetter(v.castlingQueensideFile)],
            ['castlingRank', String(v.castlingRank + 1)], ['castlingKingFile', fileLetter(v.castlingKingFile)],
            ['castlingKingPieceWhite', letters([v.castlingKingPiece[0]])], ['castlingKingPieceBlack', letters([v.castlingKingPiece[1]])],
            ['castlingRookKingsideFile', fileLetter(v.castlingRookKingsideFile)], ['castlingRookQueensideFile', fileLetter(v.castlingRookQueensideFile)],
            ['castlingRookPiecesWhite', letters(v.castlingRookPieces[0])], ['castlingRookPiecesBlack', letters(v.castlingRookPieces[1])]
        );
    }
    out.push(
        ['checking', yes(v.checking)],
        ['pieceDrops', yes(v.pieceDrops)], ['capturesToHand', yes(v.capturesToHand)],
        ['firstRankPawnDrops', yes(v.firstRankPawnDrops)], ['promotionZonePawnDrops', yes(v.promotionZonePawnDrops)],
        ['dropRegionWhite', sq(v.dropRegion[0])], ['dropRegionBlack', sq(v.dropRegion[1])],
        ['dropNoDoubled', v.dropNoDoubled ? letters([v.dropNoDoubled]) : '-'],
        ['immobilityIllegal', yes(v.immobilityIllegal)],
        ['diagonalLines', sq(v.diagonalLines)],
        ['passWhite', yes(v.pass[0])], ['passBlack', yes(v.pass[1])],
        ['flyingGeneral', yes(v.flyingGeneral)], ['soldierPromotionRank', String(v.soldierPromotionRank + 1)],
        ['nMoveRuleTypesWhite', letters(v.nMoveRuleTypes[0])], ['nMoveRuleTypesBlack', letters(v.nMoveRuleTypes[1])],
        ['nMoveRule', String(v.nMoveRule)], ['nFoldRule', String(v.nFoldRule)], ['nFoldValue', result(v.nFoldValue)],
        ['nFoldValueAbsolute', yes(v.nFoldValueAbsolute)], ['perpetualCheckIllegal', yes(v.perpetualCheckIllegal)],
        ['stalemateValue', result(v.stalemateValue)], ['checkmateValue', result(v.checkmateValue)],
        ['shogiPawnDropMateIllegal', yes(v.shogiPawnDropMateIllegal)], ['bikjangRule', yes(v.bikjangRule)],
        ['extinctionValue', result(v.extinctionValue)], ['extinctionPieceTypes', letters(v.extinctionPieceTypes)],
        ['extinctionPieceCount', String(v.extinctionPieceCount)],
        ['flagPieceWhite', letters([v.flagPiece[0]])], ['flagPieceBlack', letters([v.flagPiece[1]])],
        ['flagRegionWhite', sq(v.flagRegion[0])], ['flagRegionBlack', sq(v.flagRegion[1])], ['flagMove', yes(v.flagMove)],
        ['materialCounting', v.materialCounting]
    );
    return out;
}

/** Values that undo a parent's rule the game model has no field for. */
const NEUTRAL: Record<string, string> = { chasingRule: 'none', countingRule: 'none' };

/** The section's lines: the board, the pieces, then every setting whose text differs from the parent's (or the template's). */
export function settingLines(v: FsfVariant, base: FsfVariant): string[] {
    const lines: string[] = [];
    if (v.maxFile !== base.maxFile) lines.push(`maxFile = ${v.maxFile}`);
    if (v.maxRank !== base.maxRank) lines.push(`maxRank = ${v.maxRank}`);
    for (const type of PIECE_KEY_ORDER) {
        const ours = v.pieces.find((p) => p.type === type);
        const theirs = base.pieces.find((p) => p.type === type);
        const text = ours ? (ours.betza !== undefined ? `${ours.letter}:${ours.betza}` : ours.letter) : '-';
        const before = theirs ? (theirs.betza !== undefined ? `${theirs.letter}:${theirs.betza}` : theirs.letter) : '-';
        if (text !== before || (ours && base.pieces.some((p) => p.letter === ours.letter && p.type !== type))) lines.push(`${type} = ${text}`);
    }
    // The parent's settings are read against our pieces' letters: compare the text each would be written as.
    const parentAsOurs: FsfVariant = { ...base, pieces: v.pieces, maxFile: v.maxFile, maxRank: v.maxRank };
    const before = new Map(settings(parentAsOurs));
    for (const [key, text] of settings(v)) if (before.get(key) !== text) lines.push(`${key} = ${text}`);
    for (const [key, value] of base.other) if (NEUTRAL[key] !== undefined && value !== NEUTRAL[key]) lines.push(`${key} = ${NEUTRAL[key]}`);
    return lines;
}
