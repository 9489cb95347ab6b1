/**
 * FEN as Fairy-Stockfish reads and writes it: the placement from the top rank down (files a..,
 * empty runs as numbers, two digits on wide boards; upper case White; `+P` a promoted piece of
 * its own letter's kind, `Q~` a piece promoted by choice in a drop game), holdings in `[...]`
 * after it, then the side to move, castling rights, en passant squares, the halfmove clock and
 * the move number (the last four may be left out; shogi's `w 0 1` leaves out the two rights).
 *
 * Which pieces have not moved (for `(first-move)`) is not written: a piece standing on one of its
 * kind's start squares is taken as not having moved, as Fairy-Stockfish ties a pawn's double step
 * to its start rank.
 */
import type { Game } from './game.js';
import { Position } from './position.js';
import { royalAttacked } from './attacks.js';

/** A FEN that cannot be read for this game; `column` is 0-based in the text. */
export class FenError extends Error {
    constructor(message: string, readonly column: number) {
        super(message);
    }
}

/** What a FEN says, read against a game. */
export interface FenContents {
    pieces: { code: number; square: number; promotedFrom: number }[];
    /** Per type * 2 + side. */
    hand: Int16Array;
    side: number;
    castling: number;
    ep: number[];
    epVictim: number;
    halfmove: number;
    fullmove: number;
}

const SIDE_NAMES = ['White', 'Black'];

/** Reads a FEN for `game`; throws FenError saying what is wrong and where. */
export function readFen(game: Game, text: string): FenContents {
    if (text.length > 10_000) throw new FenError('the FEN is longer than 10,000 characters', 0);
    const words = [...text.matchAll(/\S+/g)];
    if (words.length === 0) throw new FenError(`the FEN is empty: write e.g. ${game.model.start}`, 0);
    const letters = game.types.slice(1).map((t) => t.letter);
    const typeOf = (letter: string) => game.types.findIndex((t, i) => i > 0 && t.letter === letter);
    const unknown = (letter: string, column: number) =>
        new FenError(`'${letter}' is not a piece of ${game.name}: its letters are ${letters.join(' ')} (upper case for White)`, column);

    // 1. Placement and holdings.
    const first = words[0];
    const bracket = first[0].indexOf('[');
    const placement = bracket >= 0 ? first[0].slice(0, bracket) : first[0];
    const rows = placement.split('/');
    if (rows.length !== game.ranks) {
        throw new FenError(`the placement has ${rows.length} rank${rows.length === 1 ? '' : 's'} (separated by /); ${game.geometry.label} has ${game.ranks}`, first.index);
    }
    const pieces: FenContents['pieces'] = [];
    let column = first.index;
    rows.forEach((row, i) => {
        const rank = game.ranks - 1 - i;
        const rankName = `rank ${rank + 1}`;
        let file = 0;
        let at = 0;
        while (at < row.length) {
            const c = row[at];
            if (/[0-9]/.test(c)) {
                const digits = /^[0-9]+/.exec(row.slice(at))![0];
                file += Number(digits);
                at += digits.length;
            } else {
                const promoted = c === '+';
                const letter = promoted ? row[at + 1] ?? '' : c;
                if (!/^[A-Za-z]$/.test(letter)) {
                    throw new FenError(promoted ? `'+' must be followed by a piece letter` : `'${c}' is neither a piece letter nor a number of empty squares`, column + at);
                }
                const key = (promoted ? '+' : '') + letter.toLowerCase();
                const type = typeOf(key);
                if (type < 0) throw unknown(promoted ? `+${letter}` : letter, column + at);
                at += promoted ? 2 : 1;
                let promotedFrom = 0;
                if (row[at] === '~') {
                    at++;
                    promotedFrom = game.promotionPawn;
                    if (promotedFrom === 0) throw new FenError(`'~' marks a piece promoted from a pawn, but no piece of ${game.name} promotes`, column + at - 1);
                }
                if (file >= game.files) throw new FenError(`${rankName} has more than ${game.files} squares`, column + at - 1);
                const square = rank * game.files + file;
                if (game.isCell[square] !== 1) throw new FenError(`${game.squareName(square)} is not a square of ${game.geometry.label}: no piece can stand there`, column + at - 1);
                pieces.push({ code: type << 1 | (letter === letter.toUpperCase() ? 0 : 1), square, promotedFrom });
                file++;
            }
            if (file > game.files) throw new FenError(`${rankName} has more than ${game.files} squares`, column + at - 1);
        }
        if (file !== game.files) throw new FenError(`${rankName} has ${file} square${file === 1 ? '' : 's'}; ${game.geometry.label} has ${game.files} files`, column);
        column += row.length + 1;
    });
    const hand = new Int16Array(game.stride);
    if (bracket >= 0) {
        const holdings = first[0].slice(bracket);
        if (!holdings.endsWith(']')) throw new FenError(`the holdings '${holdings}' must end with ']'`, first.index + bracket);
        const inside = holdings.slice(1, -1);
        for (let i = 0; i < inside.length; i++) {
            const c = inside[i];
            if (c === '-') continue;
            const type = /^[A-Za-z]$/.test(c) ? typeOf(c.toLowerCase()) : -1;
            if (type < 0) throw unknown(c, first.index + bracket + 1 + i);
            if (!game.drops) throw new FenError(`${game.name} has no drops: nothing can be in hand`, first.index + bracket + 1 + i);
            hand[type * 2 + (c === c.toUpperCase() ? 0 : 1)]++;
        }
    }

    // 2. Side to move.
    const sideWord = words[1];
    if (!sideWord) throw new FenError('the side to move is missing after the placement: w (White) or b (Black)', text.length);
    if (sideWord[0] !== 'w' && sideWord[0] !== 'b') throw new FenError(`'${sideWord[0]}' is not a side to move: write w (White) or b (Black)`, sideWord.index);
    const side = sideWord[0] === 'w' ? 0 : 1;

    // 3-4. Castling rights and en passant squares, unless numbers follow at once (shogi's `w 0 1`).
    let next = 2;
    let castling = 0;
    const ep: number[] = [];
    let epVictim = -1;
    const at = (square: number) => pieces.find((p) => p.square === square);
    if (words[next] && !/^[0-9]+$/.test(words[next][0])) {
        const word = words[next++];
        if (word[0] !== '-') {
            [...word[0]].forEach((letter, i) => {
                const index = game.castling.findIndex((c) => c.right === letter);
                if (index < 0) {
                    const rights = game.castling.map((c) => c.right).join('');
                    throw new FenError(rights ? `'${letter}' is not a castling right of ${game.name} (${rights}, or -)` : `${game.name} has no castling: write -`, word.index + i);
                }
                const c = game.castling[index];
                const king = at(c.kingFrom);
                const partner = at(c.partnerFrom);
                const fits = (p: typeof king, types: Set<number>) => p !== undefined && (p.code & 1) === c.side && types.has(p.code >> 1);
                if (!fits(king, c.kingTypes) || !fits(partner, c.partnerTypes)) {
                    const name = (types: Set<number>) => [...types].map((t) => game.types[t].letter).join(' or ');
                    throw new FenError(`castling right ${letter} needs ${SIDE_NAMES[c.side]}'s ${name(c.kingTypes)} on ${game.squareName(c.kingFrom)} and ${name(c.partnerTypes)} on ${game.squareName(c.partnerFrom)}`, word.index + i);
                }
                castling |= c.bit;
            });
        }
        const epWord = words[next] && !/^[0-9]+$/.test(words[next][0]) ? words[next++] : undefined;
        if (epWord && epWord[0] !== '-') {
            if (!game.hasEnPassant) throw new FenError(`${game.name} has no en passant: write -`, epWord.index);
            let offset = 0;
            for (const m of epWord[0].matchAll(/[a-z]+[0-9]+/g)) {
                if (m.index !== offset) break;
                offset += m[0].length;
                const square = game.parseSquare(m[0]);
                if (square === undefined) throw new FenError(`${m[0]} is not a square of ${game.geometry.label}`, epWord.index + m.index);
                if (at(square)) throw new FenError(`the en passant square ${m[0]} is not empty`, epWord.index + m.index);
                ep.push(square);
            }
            if (offset !== epWord[0].length) throw new FenError(`'${epWord[0]}' is not en passant squares (e3, or -)`, epWord.index + offset);
            // The piece that passed them: the first piece beyond them, seen from the side that moved.
            const mover = side ^ 1;
            const step = mover === 0 ? game.files : -game.files;
            let square = ep[ep.length - 1] + step;
            while (square >= 0 && square < game.size && !at(square) && ep.includes(square - step)) square += step;
            const victim = at(square);
            if (!victim || (victim.code & 1) !== mover || game.epCreators[victim.code >> 1] !== 1 || ep.length > 4) {
                throw new FenError(`no piece of ${SIDE_NAMES[mover]}'s that captures en passant could have passed ${epWord[0]}`, epWord.index);
            }
            epVictim = square;
        }
    }

    // 5-6. Counters.
    const number = (what: string) => {
        const word = words[next];
        if (!word) return undefined;
        next++;
        if (!/^[0-9]+$/.test(word[0]) || Number(word[0]) > 1e9) throw new FenError(`'${word[0]}' is not a ${what}`, word.index);
        return Number(word[0]);
    };
    const halfmove = number('halfmove clock (a count of moves)') ?? 0;
    const fullmove = Math.max(1, number('move number') ?? 1);
    if (words[next]) throw new FenError(`'${words[next][0]}' follows the move number: a FEN has six fields at most`, words[next].index);
    return { pieces, hand, side, castling, ep, epVictim, halfmove, fullmove };
}

/** The position a FEN describes; throws FenError for a FEN this game cannot read or a position it cannot be in. */
export function positionFromFen(game: Game, text: string): Position {
    const fen = readFen(game, text);
    const pos = new Position(game);
    for (const p of fen.pieces) pos.place(p.square, p.code, p.promotedFrom);
    pos.hand.set(fen.hand);
    pos.side = fen.side;
    pos.castling = fen.castling;
    fen.ep.forEach((sq, i) => (pos.ep[i] = sq));
    pos.epCount = fen.ep.length;
    pos.epVictim = fen.epVictim;
    pos.halfmove = fen.halfmove;
    pos.fullmove = fen.fullmove;
    if (game.royalRule === 'check') {
        for (const side of [0, 1]) {
            if (pos.royalCount[side] === 0) {
                const royal = game.types.filter((t) => t.royal).map((t) => t.letter).join(' or ');
                throw new FenError(`${SIDE_NAMES[side]} has no royal piece (${side === 0 ? royal.toUpperCase() : royal}): ${game.name} needs one under its check rule`, 0);
            }
        }
        if (royalAttacked(pos, fen.side ^ 1)) {
            throw new FenError(`${SIDE_NAMES[fen.side ^ 1]}'s royal piece is attacked with ${SIDE_NAMES[fen.side]} to move: no game reaches this position`, text.search(/\s\S/) + 1);
        }
    }
    pos.settle();
    return pos;
}

/** The position's FEN, as Fairy-Stockfish writes it. */
export function writeFen(pos: Position): string {
    const game = pos.game;
    const rows: string[] = [];
    for (let rank = game.ranks - 1; rank >= 0; rank--) {
        let row = '';
        let empty = 0;
        for (let file = 0; file < game.files; file++) {
            const square = rank * game.files + file;
            const code = pos.cells[square];
            if (code === 0) {
                empty++;
                continue;
            }
            if (empty > 0) row += String(empty);
            empty = 0;
            row += letterOf(game, code) + (pos.promotedFrom[square] !== 0 ? '~' : '');
        }
        if (empty > 0) row += String(empty);
        rows.push(row);
    }
    let hand = '';
    if (game.drops) {
        for (const side of [0, 1]) for (let t = 1; t < game.types.length; t++) hand += letterOf(game, t << 1 | side).repeat(pos.hand[t * 2 + side]);
        hand = `[${hand}]`;
    }
    const rights = game.castling.filter((c) => (pos.castling & c.bit) !== 0).map((c) => c.right).join('') || '-';
    const ep = pos.epCount === 0 ? '-' : Array.from(pos.ep.subarray(0, pos.epCount), (sq) => game.squareName(sq)).join('');
    return `${rows.join('/')}${hand} ${pos.side === 0 ? 'w' : 'b'} ${rights} ${ep} ${pos.halfmove} ${pos.fullmove}`;
}

/** A piece's FEN letter for its code: upper case for White (`+P`). */
export function letterOf(game: Game, code: number): string {
    const letter = game.types[code >> 1].letter;
    return (code & 1) === 0 ? letter.toUpperCase() : letter;
}
