/**
 * Moves in SAN as Fairy-Stockfish (and pychess, through it) writes them for every variant: the
 * piece's letter in upper case (none for a pawn's move), the square it comes from where another
 * piece with the same letter could make the same move (its file, else its rank, else both; a
 * pawn's capture always its file), `x` for a capture, the square it goes to, `=Q` for a promotion,
 * `+` or `#` when it checks or mates; `P@e5` for a drop, `O-O` and `O-O-O` for castling (towards
 * the higher or the lower file). A piece promoted to its own `+` form is written `+P` (shogi) and
 * a promotion to it `=+P`, unless the game gives it a SAN letter (model `san`). A pawn, here, is a
 * piece that promotes to another kind of piece by choice (chess's, makruk's; not shogi's pawn,
 * whose only promotion is its own `+` form, nor xiangqi's soldier). Moves SAN has no form for
 * (capturing without moving, capturing on the way) are written in UCI.
 *
 * Reading is lenient: check marks, `!`/`?` glyphs, `-` and `:` separators, `*` for a drop, a
 * missing `x` or `=`, a needless origin, `0-0`, UCI. Whatever a text says must fit exactly one
 * legal move.
 */
import { CASTLE, DROP, EN_PASSANT, IGUI, LOCUST, MoveList, PASS, hasLegalMove, inCheck, legalUci, uciMove, type Game, type Position } from '../game/index.js';
import { playMove } from './move-key.js';
import { promotionChoices } from './promotion.js';

/** How a game's pieces are named in SAN. */
export class SanLetters {
    /** Per type: its letter in SAN (upper case; `+P` for a promoted piece without a letter of its own). */
    readonly letter: string[];
    /** Per type: a pawn, written without its letter when it moves. */
    readonly pawn: Uint8Array;

    constructor(readonly game: Game) {
        this.letter = game.types.map((t, i) => {
            if (i === 0) return '';
            const own = game.model.pieces[i - 1].san;
            return (own ?? t.letter).toUpperCase();
        });
        this.pawn = Uint8Array.from(game.types, (t, i) => (i > 0 && promotionChoices(game, i).some((c) => game.types[c].letter !== `+${t.letter}`) ? 1 : 0));
    }

    /** The type of a SAN piece letter, among those its letter or (failing that) its FEN letter names. */
    typesOf(letter: string): number[] {
        const bySan = this.letter.flatMap((l, t) => (t > 0 && l === letter ? [t] : []));
        if (bySan.length > 0) return bySan;
        return this.game.types.flatMap((t, i) => (i > 0 && t.letter.toUpperCase() === letter ? [i] : []));
    }
}

/** Move `i` of `list` (the legal moves of `pos`) in SAN. */
export function moveSan(pos: Position, list: MoveList, i: number, letters: SanLetters): string {
    const base = sanBase(pos, list, i, letters);
    if (base === undefined) return uciMove(pos, list, i);
    return base + checkMark(pos, list, i);
}

/** The SAN of move i without its check mark; undefined for moves SAN cannot say. */
export function sanBase(pos: Position, list: MoveList, i: number, letters: SanLetters): string | undefined {
    const game = pos.game;
    const from = list.from(i);
    const to = list.to(i);
    const kind = list.kind(i);
    switch (kind) {
        case IGUI:
        case LOCUST: return undefined;
        case CASTLE: {
            const c = game.castling[list.aux(i)];
            return c.partnerFrom % game.files > c.kingFrom % game.files ? 'O-O' : 'O-O-O';
        }
        case DROP: return `${letters.letter[list.aux(i)]}@${game.squareName(to)}`;
        case PASS: return letters.letter[pos.cells[from] >> 1] + game.squareName(to);
        default: break;
    }
    const type = pos.cells[from] >> 1;
    const capture = kind === EN_PASSANT || pos.cells[to] !== 0;
    const pawn = letters.pawn[type] === 1;
    let text = pawn ? '' : letters.letter[type];
    text += pawn && capture ? squareParts(game, from).file : disambiguation(pos, list, i, letters);
    if (capture) text += 'x';
    text += game.squareName(to);
    const promotion = list.promotion(i);
    if (promotion !== 0) text += `=${letters.letter[promotion]}`;
    return text;
}

/** The origin SAN needs: where another piece of the same letter makes the same move to the same square. */
function disambiguation(pos: Position, list: MoveList, i: number, letters: SanLetters): string {
    const game = pos.game;
    const from = list.from(i);
    const to = list.to(i);
    const kind = list.kind(i);
    const letter = letters.letter[pos.cells[from] >> 1];
    const promotion = letters.letter[list.promotion(i)];
    const own = squareParts(game, from);
    let others = false;
    let sameFile = false;
    let sameRank = false;
    for (let j = 0; j < list.length; j++) {
        const other = list.from(j);
        if (other === from || list.to(j) !== to || list.kind(j) !== kind || other < 0) continue;
        if (letters.letter[pos.cells[other] >> 1] !== letter || letters.letter[list.promotion(j)] !== promotion) continue;
        others = true;
        const parts = squareParts(game, other);
        if (parts.file === own.file) sameFile = true;
        if (parts.rank === own.rank) sameRank = true;
    }
    if (!others) return '';
    if (!sameFile) return own.file;
    if (!sameRank) return own.rank;
    return own.file + own.rank;
}

/** `+` when move i checks, `#` when it leaves the other side in check without a legal move. */
function checkMark(pos: Position, list: MoveList, i: number): string {
    if (pos.game.royalRule !== 'check') return '';
    playMove(pos, list, i);
    try {
        if (!inCheck(pos)) return '';
        return hasLegalMove(pos) ? '+' : '#';
    } finally {
        pos.unmake();
    }
}

/** A square's name as its file letters and rank digits. */
export function squareParts(game: Game, square: number): { file: string; rank: string } {
    const name = game.squareName(square);
    const m = /^([a-z]*)(.*)$/.exec(name)!;
    return { file: m[1], rank: m[2] };
}

/** Why a text names no legal move, or names several. */
export class SanError extends Error {}

/** What a SAN text says, before it is matched to the legal moves. */
interface SanParts {
    castle?: 'O-O' | 'O-O-O';
    /** The piece letter written (upper case), or '' for none. */
    piece: string;
    drop: boolean;
    file: string;
    rank: string;
    to: string;
    /** The promotion written: a letter, `+P`, `+` (to its own `+` form), or '' for none. */
    promotion: string;
}

/**
 * The readings of a SAN text: the piece letter, the origin, a separator, the square moved to,
 * a promotion. Where letters could belong to the origin or the square (`Nbd2` on a board wide
 * enough to have a file `bd`), each split whose square is one of the board's is a reading.
 */
function sanParts(game: Game, text: string): SanParts[] {
    const castle = /^[O0]-[O0](-[O0])?$/.exec(text);
    if (castle) return [{ castle: castle[1] ? 'O-O-O' : 'O-O', piece: '', drop: false, file: '', rank: '', to: '', promotion: '' }];
    const m = /^(\+?[A-Z])?([a-z0-9:@*-]*?[0-9])(?:=?(\+?[A-Za-z]|\+))?$/.exec(text) ?? /^(\+?[A-Z])?([a-z0-9:@*-]*[0-9])()$/.exec(text);
    if (!m) return [];
    const [, piece = '', rest, promotion = ''] = m;
    const readings: SanParts[] = [];
    for (const split of rest.matchAll(/(?=([a-z]+[0-9]+)$)/g)) {
        const to = split[1];
        if (game.parseSquare(to) === undefined) continue;
        const origin = /^([a-z]*?)([0-9]*)([x:@*-]?)$/.exec(rest.slice(0, rest.length - to.length));
        if (!origin) continue;
        const [, file, rank, separator] = origin;
        readings.push({ piece, drop: separator === '@' || separator === '*', file, rank, to, promotion: promotion.toUpperCase() });
    }
    return readings;
}

/** The index in `list` (the legal moves of `pos`) of the move `text` names; throws SanError saying why there is none or several. */
export function parseSan(pos: Position, list: MoveList, text: string, letters: SanLetters): number {
    const game = pos.game;
    const written = text.trim().replace(/[!?]+$/, '');
    for (let i = 0; i < list.length; i++) if (uciMove(pos, list, i) === written) return i;
    // A trailing `+` is a check; where that fits no move, a promotion to the piece's own `+` form.
    const plain = written.replace(/[+#]+$/, '');
    let found = candidates(pos, list, sanParts(game, plain), letters);
    if (found.length === 0 && /[^+]\+$/.test(written)) found = candidates(pos, list, sanParts(game, written), letters);
    if (found.length === 1) return found[0];
    const side = pos.side === 0 ? 'White' : 'Black';
    if (found.length > 1) {
        const named = found.map((i) => moveSan(pos, list, i, letters));
        throw new SanError(`'${text}' could be ${named.slice(0, -1).join(', ')} or ${named[named.length - 1]}: write which`);
    }
    if (list.length === 0) throw new SanError(`'${text}': the game is over, ${side} has no legal move`);
    const shape = /^(\+?[A-Z])?[a-z0-9:@*-]*?([a-z]+[0-9]+)(=?(\+?[A-Za-z]|\+))?$/.exec(plain);
    if (!shape && !/^[O0]-[O0](-[O0])?$/.test(plain)) throw new SanError(`'${text}' is not a move in SAN (e4, Nf3, exd5, e8=Q, P@e5, O-O) nor in UCI (e2e4)`);
    if (shape?.[1] && letters.typesOf(shape[1]).length === 0) {
        throw new SanError(`'${text}': ${shape[1]} is not a piece of ${game.name} (its letters in SAN: ${[...new Set(letters.letter.slice(1))].join(' ')})`);
    }
    if (shape && sanParts(game, plain).length === 0) throw new SanError(`'${text}': ${shape[2]} is not a square of ${game.geometry.label}`);
    const legal = Array.from({ length: list.length }, (_, i) => moveSan(pos, list, i, letters));
    const shown = legal.length > 40 ? `${legal.slice(0, 40).join(' ')} ...` : legal.join(' ');
    throw new SanError(`'${text}' is not a legal move for ${side} here; the legal moves are ${shown}`);
}

/** The legal moves that fit one of the readings of a SAN text. */
function candidates(pos: Position, list: MoveList, readings: SanParts[], letters: SanLetters): number[] {
    const found = new Set<number>();
    for (const parts of readings) for (const i of fitting(pos, list, parts, letters)) found.add(i);
    return [...found];
}

function fitting(pos: Position, list: MoveList, parts: SanParts, letters: SanLetters): number[] {
    const game = pos.game;
    const found: number[] = [];
    const to = parts.to ? game.parseSquare(parts.to) : undefined;
    const types = parts.piece ? letters.typesOf(parts.piece) : [];
    for (let i = 0; i < list.length; i++) {
        const kind = list.kind(i);
        if (parts.castle) {
            if (kind === CASTLE && sanBase(pos, list, i, letters) === parts.castle) found.push(i);
            continue;
        }
        if (to === undefined || list.to(i) !== to || kind === CASTLE || kind === IGUI || kind === LOCUST) continue;
        if (parts.drop !== (kind === DROP)) continue;
        const type = kind === DROP ? list.aux(i) : pos.cells[list.from(i)] >> 1;
        if (parts.piece ? !types.includes(type) : letters.pawn[type] !== 1 || kind === DROP) continue;
        if (kind !== DROP) {
            const origin = squareParts(game, list.from(i));
            if ((parts.file && parts.file !== origin.file) || (parts.rank && parts.rank !== origin.rank)) continue;
        }
        if (!promotionFits(game, letters, type, list.promotion(i), parts.promotion)) continue;
        found.push(i);
    }
    return found;
}

function promotionFits(game: Game, letters: SanLetters, type: number, promotion: number, written: string): boolean {
    if (written === '') return promotion === 0;
    if (promotion === 0) return false;
    if (written === '+') return game.types[promotion].letter === `+${game.types[type].letter}`;
    return letters.letter[promotion] === written || game.types[promotion].letter.toUpperCase() === written;
}

/** The moves of `line` (UCI, each legal after the ones before, from `pos`) in SAN; `pos` is left as it was. */
export function sanLine(pos: Position, line: readonly string[]): string[] {
    const letters = new SanLetters(pos.game);
    const rootPly = pos.ply;
    const out: string[] = [];
    try {
        for (const uci of line) {
            const { list, texts } = legalUci(pos);
            const i = texts.indexOf(uci);
            if (i < 0) break;
            out.push(moveSan(pos, list, i, letters));
            playMove(pos, list, i);
        }
    } finally {
        while (pos.ply > rootPly) pos.unmake();
    }
    return out;
}
