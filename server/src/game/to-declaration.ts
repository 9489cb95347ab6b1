/**
 * A GameModel as a game declaration of the language: the inverse of from-declaration.ts, for
 * games that come from elsewhere (a Fairy-Stockfish section: fsf/import.ts). Letters become the
 * pieces' names, square lists become zones (named and defined by the caller), White's castling
 * moves become castling clauses. The game's board is the file's (the declaration names none).
 *
 * What a declaration cannot say about the model is listed, never dropped without a word.
 */
import type { GameClause } from '../model/piece.js';
import type { GameDeclaration } from './from-declaration.js';
import type { GameModel } from './model.js';

export interface ModelDeclaration {
    declaration: GameDeclaration;
    /** What the declaration cannot say about the model (in words). */
    unsaid: string[];
}

/**
 * `zone(base, squares)`: the name of a zone of these squares (White's side), defined by the
 * caller; `base` says what it is for (`promotion`, `drops-pawn`, `flag`).
 */
export function declarationOfModel(model: GameModel, zone: (base: string, squares: string[]) => string): ModelDeclaration {
    const unsaid: string[] = [];
    /** A zone of these squares; none for no square (a zone has at least one): said, and its clause left out. */
    const zoneOf = (base: string, squares: string[], what: string): string | undefined => {
        if (squares.length > 0) return zone(base, squares);
        unsaid.push(`${what} on no square at all: a zone has at least one square`);
        return undefined;
    };
    const pieceOf = new Map(model.pieces.map((p) => [p.letter, p.piece]));
    const names = (letters: readonly string[]) => letters.map((l) => pieceOf.get(l) ?? l);
    const clauses: GameClause[] = [
        { kind: 'pieces', pieces: model.pieces.map((p) => ({ piece: p.piece, letter: p.letter, ...(p.san !== undefined ? { san: p.san } : {}) })) },
        { kind: 'start', fen: model.start }
    ];
    if (model.royalty) {
        clauses.push({ kind: 'royal', rule: model.royalty.rule, pieces: names(model.royalty.pieces) });
        if (model.royalty.facing) clauses.push({ kind: 'facing', rule: model.royalty.facing });
    }

    // Castling: one clause per right, as White's move (Black's is the same on its own first rank).
    const ranks = model.board.ranks;
    const white = (square: string, side: 'white' | 'black') => {
        if (side === 'white') return square;
        const rank = Number(square.slice(1));
        return `${square[0]}${ranks + 1 - rank}`;
    };
    const said = new Set<string>();
    for (const rule of model.castling ?? []) {
        const right = rule.right.toUpperCase();
        if (said.has(right)) continue;
        said.add(right);
        if (rule.kingPieces.length !== 1 || rule.partnerPieces.length !== 1) {
            unsaid.push(`castling ${rule.right} with any of several pieces (${[...rule.kingPieces, ...rule.partnerPieces].join(', ')}): a castling clause names one king and one partner; the first of each is used`);
        }
        const part = (piece: string, move: { from: string; to: string }) => ({ piece: names([piece])[0], from: white(move.from, rule.side), to: white(move.to, rule.side) });
        clauses.push({ kind: 'castling', king: part(rule.kingPieces[0], rule.king), partner: part(rule.partnerPieces[0], rule.partner) });
    }

    if (model.enPassant) {
        const { pieces, capturers } = model.enPassant;
        if ([...pieces].sort().join() !== [...capturers].sort().join()) {
            unsaid.push(`en passant captures by other pieces (${capturers.join(', ')}) than those that make double steps (${pieces.join(', ')}): the declaration names one set of pieces, those that step`);
        }
        clauses.push({ kind: 'en-passant', pieces: names(pieces) });
    }

    if (model.promotion) {
        clauses.push({ kind: 'promotion', mandatory: model.promotion.mandatory, toLostPieces: model.promotion.toLostPieces === true });
        for (const [letter, rule] of Object.entries(model.promotion.pieces ?? {})) {
            const piece = names([letter])[0];
            const promotionZone = Array.isArray(rule.zone) ? zoneOf(`${piece}-promotion`, rule.zone, `promotion of ${piece}`) : undefined;
            if (Array.isArray(rule.zone) && promotionZone === undefined) continue;
            const where = rule.zone === 'stuck' ? { stuck: true as const } : promotionZone !== undefined ? { zone: promotionZone } : {};
            clauses.push({ kind: 'promote', piece, choices: names(rule.choices), ...where });
        }
    }

    if (model.drops) {
        if (!model.drops.capturesToHand) unsaid.push('pieces in hand that captures do not fill: a game with drops puts captured pieces in hand');
        clauses.push({ kind: 'drops' });
        for (const [letter, squares] of Object.entries(model.drops.zones ?? {})) {
            const piece = names([letter])[0];
            const dropZone = zoneOf(`${piece}-drops`, squares, `drops of ${piece}`);
            if (dropZone !== undefined) clauses.push({ kind: 'drop-zone', piece, zone: dropZone });
        }
        if (model.drops.noDoubledOnFile?.length) clauses.push({ kind: 'no-doubled', pieces: names(model.drops.noDoubledOnFile) });
        if (model.drops.dropMate) clauses.push({ kind: 'drop-mate', rule: model.drops.dropMate.rule, pieces: names(model.drops.dropMate.pieces) });
    }
    if (model.immobilityIllegal) clauses.push({ kind: 'immobility-illegal' });
    if (model.pass) clauses.push({ kind: 'pass' });
    if (model.irreversible?.length) clauses.push({ kind: 'irreversible', pieces: names(model.irreversible) });

    const results = model.results;
    if (results.checkmate) clauses.push({ kind: 'checkmate', outcome: results.checkmate });
    clauses.push({ kind: 'stalemate', outcome: results.stalemate });
    if (results.extinction) clauses.push({ kind: 'extinction', outcome: results.extinction.outcome, pieces: names(results.extinction.pieces) });
    if (results.bareKing) clauses.push({ kind: 'bare-king', outcome: results.bareKing });
    const flagZone = results.flag ? zoneOf('flag', results.flag.zone, 'a flag region') : undefined;
    if (results.flag && flagZone !== undefined) clauses.push({ kind: 'flag', zone: flagZone, pieces: names(results.flag.pieces) });
    if (results.repetition) {
        const r = results.repetition;
        clauses.push({ kind: 'repetition', count: r.count, outcome: r.outcome, ...(r.forWhite ? { forWhite: true as const } : {}), ...(r.perpetualCheck ? { perpetualCheck: true as const } : {}) });
    }
    if (results.moveRule) clauses.push({ kind: 'move-rule', moves: results.moveRule.moves, outcome: results.moveRule.outcome });
    if (results.doublePass) clauses.push({ kind: 'double-pass' });
    if (results.material) {
        clauses.push({ kind: 'material', values: Object.entries(results.material.values).map(([letter, value]) => ({ piece: names([letter])[0], value })), blackBonus: results.material.blackBonus });
    }
    return { declaration: { kind: 'game', clauses }, unsaid };
}
