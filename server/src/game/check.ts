/**
 * Checking a game model before it is played: every letter, square, zone and piece it names
 * exists, each piece is one the engine decides entirely, the rules fit together (a checkmate
 * rule needs royal pieces under the check rule). Each problem is named by the field it is in.
 */
import type { Rules } from '../engine/board.js';
import { boardRules, zoneSquares } from '../engine/rules.js';
import type { Resolver } from '../engine/plan.js';
import { planUsesFirstMove, prepare, type Prepared } from '../engine/report.js';
import { boardGeometry, boardProblem, geometryOf } from '../geometry/index.js';
import type { GameModel } from './model.js';

/** A problem of a game model, named by the field it is in (`pieces[2].piece`, `castling[0].king.from`). */
export interface GameProblem {
    field: string;
    message: string;
}

/** A game model that cannot be played; `problems` says each reason and where. */
export class GameModelError extends Error {
    constructor(readonly problems: GameProblem[]) {
        super(problems.map((p) => `${p.field}: ${p.message}`).join('\n'));
    }
}

export interface PieceType {
    /** 1.. in the order of the model's pieces. */
    index: number;
    letter: string;
    key: string;
    prepared: Prepared;
    royal: boolean;
    /** Its plan asks `(first-move)`: its lines differ before and after its first move. */
    usesFirstMove: boolean;
    /** The type a captured piece of this type goes to hand as (the unpromoted form of `+p`: `p`). */
    demoted: number;
}

/** What checking the model gives the Game: the board's rules and the piece types. */
export interface Compiled {
    rules: Rules;
    types: PieceType[];
}

/** Letters as FEN writes them: one lower-case letter, or `+` and one. */
const LETTER = /^\+?[a-z]$/;

/**
 * Checks `model`, resolving piece and zone names with `resolve`: the board's rules and the piece
 * types, compiled by the piece engine. Throws a GameModelError listing every problem found, each
 * with the field it is in.
 */
export function checkModel(model: GameModel, resolve: Resolver): Compiled {
    const problems: GameProblem[] = [];
    const add = (field: string, message: string): void => {
        problems.push({ field, message });
    };
    const boardText = boardProblem({ files: model.board.files, ranks: model.board.ranks, ...(model.board.shape ? { shape: model.board.shape } : {}) });
    if (boardText) throw new GameModelError([{ field: 'board', message: boardText }]);
    const built = boardRules(model.board, resolve);
    for (const p of built.problems) add('board', p.message);
    const rules = built.rules;
    const lattice = geometryOf(rules.board);

    // Pieces.
    const types: PieceType[] = [{ index: 0, letter: '', key: '', prepared: { plan: { kind: 'none' }, problems: [] }, royal: false, usesFirstMove: false, demoted: 0 }];
    const letters = new Map<string, number>();
    const keys = new Map<string, string>();
    if (model.pieces.length === 0) add('pieces', 'a game needs pieces: none are listed');
    if (model.pieces.length > 60) add('pieces', `a game has at most 60 kinds of piece, not ${model.pieces.length}`);
    model.pieces.forEach((piece, i): void => {
        const field = `pieces[${i}]`;
        if (!LETTER.test(piece.letter)) return add(`${field}.letter`, `'${piece.letter}' is not a piece letter: write one lower-case letter (k), or + and one for a promoted piece (+p)`);
        if (letters.has(piece.letter)) return add(`${field}.letter`, `the letter '${piece.letter}' stands for two pieces: ${keys.get(piece.letter)} and ${piece.piece}`);
        if (piece.san !== undefined && !/^[a-z]$/.test(piece.san)) add(`${field}.san`, `'${piece.san}' is not a SAN letter: write one lower-case letter (h), as FEN letters are written`);
        const def = resolve(piece.piece);
        if (!def) return add(`${field}.piece`, `no piece named '${piece.piece}' is defined`);
        if (!def.body) return add(`${field}.piece`, def.declaration ? `'${piece.piece}' is a ${def.declaration.kind}, not a piece` : `'${piece.piece}' has no movement`);
        const prepared = prepare(def, resolve, lattice);
        // Every problem the engine notes (an informal part, an unknown name, a limit) leaves some move undecided.
        if (prepared.problems.length > 0) {
            return add(`${field}.piece`, `'${piece.piece}' cannot be played: lcpn cannot decide all its moves (${prepared.problems.map((p) => p.message).join('; ')})`);
        }
        letters.set(piece.letter, types.length);
        keys.set(piece.letter, piece.piece);
        types.push({ index: types.length, letter: piece.letter, key: def.key, prepared, royal: false, usesFirstMove: planUsesFirstMove(prepared.plan), demoted: types.length });
    });
    for (const type of types) if (type.letter.startsWith('+') && letters.has(type.letter.slice(1))) type.demoted = letters.get(type.letter.slice(1))!;
    const known = (field: string, letters_: readonly string[] | undefined) => {
        (letters_ ?? []).forEach((letter, i) => {
            if (!letters.has(letter)) add(`${field}[${i}]`, `'${letter}' is not a letter of this game's pieces (${[...letters.keys()].join(' ')})`);
        });
    };
    const geometry = boardGeometry(rules.board);
    const square = (field: string, name: string) => {
        const sq = geometry.parse(name);
        if (!sq) add(field, `'${name}' is not a square of ${geometry.label}`);
        return sq;
    };
    const squares = (field: string, names: readonly string[]) => names.forEach((n, i) => square(`${field}[${i}]`, n));
    /** Zone items: squares or rectangles (`a2-h7`), read as the board's zones are. */
    const zone = (field: string, items: readonly string[]) => {
        for (const p of zoneSquares(items, rules.board).problems) add(`${field}[${p.index}]`, p.message);
    };

    // Royalty and results.
    const royalty = model.royalty;
    if (royalty) {
        known('royalty.pieces', royalty.pieces);
        if (royalty.pieces.length === 0) add('royalty.pieces', 'royalty names no piece');
        for (const letter of royalty.pieces) if (letters.has(letter)) types[letters.get(letter)!].royal = true;
    }
    const results = model.results;
    if (results.checkmate !== undefined && royalty?.rule !== 'check') {
        add('results.checkmate', 'the game ends by checkmate, but no piece is royal under the check rule: say which pieces are royal (royalty) or drop the checkmate rule');
    }
    if (royalty?.rule === 'check' && results.checkmate === undefined) add('results.checkmate', 'royal pieces under the check rule need a checkmate outcome');
    if (royalty?.facing && royalty.rule !== 'check') add('royalty.facing', 'facing royal pieces is a rule of check: it needs royalty under the check rule');
    known('results.extinction.pieces', results.extinction?.pieces);
    known('results.flag.pieces', results.flag?.pieces);
    if (results.flag) zone('results.flag.zone', results.flag.zone);
    known('irreversible', model.irreversible);
    if (results.repetition && !(Number.isInteger(results.repetition.count) && results.repetition.count >= 2)) {
        add('results.repetition.count', `a position repeats at least twice: ${results.repetition.count} is not a count`);
    }
    if (results.moveRule && !(Number.isInteger(results.moveRule.moves) && results.moveRule.moves >= 1)) {
        add('results.moveRule.moves', `the move rule counts a whole number of moves, not ${results.moveRule.moves}`);
    }
    Object.keys(results.material?.values ?? {}).forEach((letter) => {
        if (!letters.has(letter)) add(`results.material.values.${letter}`, `'${letter}' is not a letter of this game's pieces`);
    });
    if (results.doublePass && !model.pass) add('results.doublePass', 'two passes end the game, but the game has no pass');
    if (royalty?.facing && !geometry.geometry.namesAreSquares) add('royalty.facing', `royal pieces face each other on files and ranks, which ${geometry.label} does not have`);

    // Castling.
    (model.castling ?? []).forEach((rule, i) => {
        const field = `castling[${i}]`;
        if (!/^[KQkq]$/.test(rule.right) || (rule.side === 'white') !== (rule.right === rule.right.toUpperCase())) {
            add(`${field}.right`, `'${rule.right}' is not a castling right of ${rule.side}: write K or Q for White, k or q for Black`);
        }
        square(`${field}.king.from`, rule.king.from);
        square(`${field}.king.to`, rule.king.to);
        square(`${field}.partner.from`, rule.partner.from);
        square(`${field}.partner.to`, rule.partner.to);
        known(`${field}.kingPieces`, rule.kingPieces);
        known(`${field}.partnerPieces`, rule.partnerPieces);
        squares(`${field}.empty`, rule.empty);
        squares(`${field}.safe`, rule.safe);
        if ((model.castling ?? []).findIndex((r) => r.right === rule.right) !== i) add(`${field}.right`, `two castling moves use the right '${rule.right}'`);
    });
    if ((model.castling ?? []).length > 30) add('castling', 'at most 30 castling moves');
    known('enPassant.pieces', model.enPassant?.pieces);
    known('enPassant.capturers', model.enPassant?.capturers);

    // Promotion and drops.
    for (const [letter, rule] of Object.entries(model.promotion?.pieces ?? {})) {
        const field = `promotion.pieces.${letter}`;
        if (!letters.has(letter)) add(field, `'${letter}' is not a letter of this game's pieces`);
        known(`${field}.choices`, rule.choices);
        if (rule.choices.length === 0) add(`${field}.choices`, 'a promotion needs at least one piece to promote to');
        if (Array.isArray(rule.zone)) zone(`${field}.zone`, rule.zone);
    }
    for (const [letter, items] of Object.entries(model.drops?.zones ?? {})) {
        if (!letters.has(letter)) add(`drops.zones.${letter}`, `'${letter}' is not a letter of this game's pieces`);
        zone(`drops.zones.${letter}`, items);
    }
    known('drops.noDoubledOnFile', model.drops?.noDoubledOnFile);
    known('drops.dropMate.pieces', model.drops?.dropMate?.pieces);
    if (model.drops && !model.drops.capturesToHand && !/\[/.test(model.start)) add('drops', 'drops need pieces in hand: captures going to hand, or holdings in the start position');

    // Promotions named by the pieces' definitions must be pieces of the game.
    if (problems.length === 0) {
        const stated = new Set(Object.keys(model.promotion?.pieces ?? {}));
        types.forEach((type, t) => {
            if (t === 0 || stated.has(type.letter)) return;
            for (const key of promotionKeys(type.prepared.plan)) {
                if (!types.some((other) => other.key === key)) {
                    add(`pieces[${t - 1}].piece`, `${type.key} promotes to '${key}', which is not a piece of this game: add it to the pieces, or state the promotion (promotion.pieces.${type.letter})`);
                }
            }
        });
    }
    if (problems.length > 0) throw new GameModelError(problems);
    return { rules, types };
}

/** The piece names a plan's `promote-to` parts name. */
export function promotionKeys(plan: Prepared['plan'], into = new Set<string>()): Set<string> {
    switch (plan.kind) {
        case 'notes':
            for (const p of plan.promotions ?? []) into.add(p);
            promotionKeys(plan.base, into);
            break;
        case 'union': plan.parts.forEach((p) => promotionKeys(p, into)); break;
        case 'sequence': plan.legs.forEach((p) => promotionKeys(p, into)); break;
        case 'conditional':
            plan.branches.forEach((b) => promotionKeys(b.body, into));
            if (plan.otherwise) promotionKeys(plan.otherwise, into);
            break;
        default: break;
    }
    return into;
}
