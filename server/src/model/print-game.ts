/**
 * A game declaration as the printers write it, style-free: each clause a call of names, words,
 * squares, numbers and strings (docs/language.md, "Games"). Lisp writes `(royal check king)`,
 * C and SQL `royal(check, king)`; names are spelled by each style, squares, numbers and strings
 * are written as they are. A board written in place is printed by the style's own board printer.
 */
import { integerText, type Declaration, type GameClause } from './piece.js';
import { quote } from './print-lisp.js';

export type GameItem =
    /** A name or word, spelled by the style (`to-lost-pieces`, `to_lost_pieces`). */
    | { name: string }
    /** Written as it is: a square, a number, a quoted string. */
    | { text: string }
    | { board: Extract<Declaration, { kind: 'board' }> }
    | GameCall;

export interface GameCall {
    head: string;
    args: GameItem[];
}

const name = (key: string): GameItem => ({ name: key });
const text = (value: string): GameItem => ({ text: value });
const call = (head: string, ...args: GameItem[]): GameCall => ({ head, args });

/** A number as LCPN writes it: an integer as digits, a fraction as a string (`"1.5"`). */
function numberItem(value: number): GameItem {
    return text(Number.isInteger(value) ? integerText(value) : quote(String(value)));
}

/** The clauses of a game, in their order, as calls. */
export function gameCalls(declaration: Extract<Declaration, { kind: 'game' }>): GameItem[] {
    return declaration.clauses.map(clauseCall);
}

function clauseCall(clause: GameClause): GameItem {
    switch (clause.kind) {
        case 'board': return 'name' in clause ? call('board', name(clause.name)) : { board: clause.board };
        case 'pieces': return call('pieces', ...clause.pieces.map((p) => call(p.piece, text(quote(p.letter)), ...(p.san !== undefined ? [call('san', text(quote(p.san)))] : []))));
        case 'start': return call('start', text(quote(clause.fen)));
        case 'royal': return call('royal', name(clause.rule), ...clause.pieces.map(name));
        case 'facing': return call('facing', name(clause.rule));
        case 'castling': return call('castling', ...[clause.king, clause.partner].map((p) => call(p.piece, text(p.from), text(p.to))));
        case 'en-passant': case 'irreversible': case 'no-doubled': return call(clause.kind, ...clause.pieces.map(name));
        case 'promotion': return call('promotion', name(clause.mandatory ? 'mandatory' : 'optional'), ...(clause.toLostPieces ? [name('to-lost-pieces')] : []));
        case 'promote': return call('promote', name(clause.piece), ...clause.choices.map(name),
            ...(clause.zone !== undefined ? [call('in', name(clause.zone))] : []), ...(clause.stuck ? [call('where-stuck')] : []));
        case 'drops': case 'immobility-illegal': case 'pass': case 'double-pass': return call(clause.kind);
        case 'drop-zone': return call('drop-zone', name(clause.piece), name(clause.zone));
        case 'drop-mate': return call('drop-mate', name(clause.rule), ...clause.pieces.map(name));
        case 'checkmate': case 'stalemate': case 'bare-king': return call(clause.kind, name(clause.outcome));
        case 'extinction': return call('extinction', name(clause.outcome), ...clause.pieces.map(name));
        case 'flag': return call('flag', name(clause.zone), ...clause.pieces.map(name));
        case 'repetition': return call('repetition', text(integerText(clause.count)), name(clause.outcome),
            ...(clause.forWhite ? [name('for-white')] : []), ...(clause.perpetualCheck ? [name('perpetual-check')] : []));
        case 'move-rule': return call('move-rule', text(integerText(clause.moves)), name(clause.outcome));
        case 'material': return call('material', ...clause.values.map((v) => call(v.piece, numberItem(v.value))),
            ...(clause.blackBonus !== 0 ? [call('black-bonus', numberItem(clause.blackBonus))] : []));
    }
}
