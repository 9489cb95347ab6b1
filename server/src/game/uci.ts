/**
 * Moves in Fairy-Stockfish's UCI notation: `e2e4`, `e7e8q` (a promotion: the letter of the
 * piece promoted to), `h2c2+` (a promotion to the piece's own `+` form), `P@e5` (a drop),
 * castling as the king's move (`e1g1`; king takes partner, `e1h1`, where a plain king move would
 * read the same), a pass as the royal piece's square twice (`e2e2`). Moves Fairy-Stockfish has no
 * notation for are written in legs, as it writes multi-leg moves: a capture without moving
 * `e5e7,e7e5`, capturing on the way `e5e6,e6e7`.
 */
import type { Game } from './game.js';
import { CASTLE, DROP, IGUI, LOCUST, MoveList, NORMAL, PASS } from './moves.js';
import type { Position } from './position.js';
import { legalMoves } from './movegen.js';

/** Move `i` of `list` (legal moves of `pos`) in UCI notation. */
export function uciMove(pos: Position, list: MoveList, i: number): string {
    const game = pos.game;
    const name = (sq: number) => game.squareName(sq);
    const from = list.from(i);
    const to = list.to(i);
    switch (list.kind(i)) {
        case DROP: return `${game.types[list.aux(i)].letter.toUpperCase()}@${name(to)}`;
        case PASS: return name(from) + name(from);
        case CASTLE: {
            const c = game.castling[list.aux(i)];
            // As Fairy-Stockfish: the king's move, unless a plain move of the king reads the same.
            for (let j = 0; j < list.length; j++) {
                if (j !== i && list.kind(j) === NORMAL && list.from(j) === from && list.to(j) === to && list.promotion(j) === 0) return name(from) + name(c.partnerFrom);
            }
            return name(from) + name(to);
        }
        case IGUI: return `${name(from)}${name(to)},${name(to)}${name(from)}`;
        case LOCUST: {
            const squares = [from, ...list.extra[list.aux(i)], to];
            return squares.slice(1).map((sq, k) => name(squares[k]) + name(sq)).join(',');
        }
        default: {
            const promotion = list.promotion(i);
            return name(from) + name(to) + (promotion === 0 ? '' : promotionSuffix(game, pos.cells[from] >> 1, promotion));
        }
    }
}

/** `+` for a promotion to the piece's own promoted form, else the lower-case letter of the piece promoted to. */
function promotionSuffix(game: Game, type: number, promotion: number): string {
    const letter = game.types[promotion].letter;
    return letter === `+${game.types[type].letter}` ? '+' : letter;
}

/** The legal moves of `pos` and their UCI texts. */
export function legalUci(pos: Position): { list: MoveList; texts: string[] } {
    const list = new MoveList();
    legalMoves(pos, list);
    const texts: string[] = [];
    for (let i = 0; i < list.length; i++) texts.push(uciMove(pos, list, i));
    return { list, texts };
}

/** Plays the legal move written `text`; throws an Error naming the legal moves when there is none such. */
export function playUci(pos: Position, text: string): void {
    const { list, texts } = legalUci(pos);
    const i = texts.indexOf(text.trim());
    if (i < 0) throw new Error(whyNot(pos, text.trim(), texts));
    pos.make(list.from(i), list.to(i), list.data[i * 4 + 2], list.aux(i), list.kind(i) === LOCUST ? list.extra[list.aux(i)] : undefined);
}

/** Why `text` is not one of the legal moves `texts`, in words. */
function whyNot(pos: Position, text: string, texts: readonly string[]): string {
    const game = pos.game;
    const side = pos.side === 0 ? 'White' : 'Black';
    if (texts.length === 0) return `'${text}' is not legal: the game is over, there are no legal moves`;
    const list = `; the legal moves are ${texts.join(' ')}`;
    const drop = /^([A-Za-z])@([a-z]+[0-9]+)$/.exec(text);
    if (drop) {
        const type = game.types.findIndex((t, i) => i > 0 && t.letter === drop[1].toLowerCase());
        const to = game.parseSquare(drop[2]);
        if (!game.drops) return `'${text}': ${game.name} has no drops`;
        if (type < 0) return `'${text}': '${drop[1]}' is not a piece of ${game.name}`;
        if (to === undefined) return `'${text}': ${drop[2]} is not a square of ${game.geometry.label}`;
        if (pos.cells[to] !== 0) return `'${text}': ${drop[2]} is not empty (a piece is dropped on an empty square)`;
        if (pos.hand[type * 2 + pos.side] === 0) return `'${text}': ${side} has no ${drop[1].toUpperCase()} in hand`;
        return `'${text}' is not a legal drop here${list}`;
    }
    const move = /^([a-z]+[0-9]+)([a-z]+[0-9]+)/.exec(text);
    if (!move) return `'${text}' is not a move in UCI notation (e2e4, e7e8q, P@e5)`;
    const from = game.parseSquare(move[1]);
    if (from === undefined) return `'${text}': ${move[1]} is not a square of ${game.geometry.label}`;
    if (game.parseSquare(move[2]) === undefined) return `'${text}': ${move[2]} is not a square of ${game.geometry.label}`;
    const code = pos.cells[from];
    if (code === 0) return `'${text}': there is no piece on ${move[1]}`;
    if ((code & 1) !== pos.side) return `'${text}': the piece on ${move[1]} is not ${side}'s, and ${side} is to move`;
    return `'${text}' is not a legal move here${list}`;
}
