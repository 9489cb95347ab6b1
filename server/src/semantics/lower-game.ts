/**
 * Lowering of a game declaration (docs/language.md, "Games"): `(game CLAUSE...)`,
 * `game(CLAUSE, ...)`, each clause a call named by model/game-words.ts, into the model's
 * `{ kind: 'game', clauses }`. What each clause's arguments are is checked here, where they are
 * written (a word that is not one of the clause's, a missing piece, a square that is not one);
 * what the clauses mean together (letters, the start position against the board, royal pieces
 * for checkmate) is checked when the game is built (semantics/game-model.ts, game/check.ts).
 */
import * as ast from '../syntax/generated/ast.js';
import { normalizeName } from '../model/names.js';
import { closestNames, didYouMean } from '../model/suggest.js';
import { headName } from './body-kind.js';
import type { CastlingPart, Declaration, GameClause, GameOutcome } from '../model/piece.js';
import { GAME_CLAUSES, gameClause, gameInnerWord, type GameClauseWord } from '../model/game-words.js';
import { parseSquare } from '../geometry/square.js';

/** What the game lowering needs of the lowering it is part of. */
export interface GameLoweringContext {
    problem(node: ast.Expr | ast.Application, code: string, message: string, severity?: 'error' | 'warning'): void;
    /** A number the model can hold exactly (reported and 0 otherwise). */
    integer(value: number, node: ast.Expr): number;
    markIncomplete(): void;
    /** A board written in place: `(board 9 10 ...)` (lower-board.ts). */
    board(app: ast.Application): Declaration;
}

const BAD = 'bad-game-clause';

/** `(game CLAUSE...)`. */
export function lowerGame(app: ast.Application, cx: GameLoweringContext): Declaration {
    const clauses: GameClause[] = [];
    for (const arg of app.args ?? []) {
        const clause = lowerClause(arg, cx);
        if (clause) clauses.push(clause);
    }
    if ((app.args ?? []).length === 0) {
        cx.problem(app, BAD, 'this game has no clause: give at least its pieces and start position, as in (game (pieces (king "k") ...) (start "...")) / game(pieces(king("k"), ...), start("..."))');
    }
    return { kind: 'game', clauses };
}

/** The text of a name, or undefined (a hole left by recovery marks the definition incomplete). */
function nameOf(expr: ast.Expr | undefined, cx: GameLoweringContext): string | undefined {
    if (!expr || !ast.isNameRef(expr)) return undefined;
    const text = expr.ref?.$refText;
    if (typeof text !== 'string' || text === '') {
        cx.markIncomplete();
        return undefined;
    }
    return text;
}

function lowerClause(arg: ast.Expr, cx: GameLoweringContext): GameClause | undefined {
    const head = ast.isApplication(arg) ? headName(arg) : ast.isNameRef(arg) ? nameOf(arg, cx) : undefined;
    const word = head === undefined ? undefined : gameClause(head);
    if (!word) {
        if (head === undefined && !ast.isApplication(arg) && !ast.isNameRef(arg) && !ast.isStringLit(arg) && !ast.isNumberLit(arg)) {
            cx.markIncomplete();
            if (!arg) return undefined;
        }
        const suggestion = head === undefined ? '' : didYouMean(closestNames(normalizeName(head), GAME_CLAUSES.map((c) => c.name)));
        cx.problem(arg, 'unknown-game-clause', `${head === undefined ? 'this' : `'${head}'`} is not a clause of a game${suggestion}: a game's clauses are ${GAME_CLAUSES.map((c) => c.name).join(', ')}`);
        return undefined;
    }
    if (!ast.isApplication(arg)) {
        cx.problem(arg, BAD, `'${word.name}' is a clause: write it as a call, ${word.form}`);
        return undefined;
    }
    return new ClauseReader(arg, word, cx).read();
}

/** Reads one clause's arguments, each problem at the argument it is about. */
class ClauseReader {
    private readonly args: ast.Expr[];

    constructor(private readonly app: ast.Application, private readonly word: GameClauseWord, private readonly cx: GameLoweringContext) {
        this.args = app.args ?? [];
    }

    private bad(node: ast.Expr | ast.Application, why: string): undefined {
        this.cx.problem(node, BAD, `${why}: write ${this.word.form}`);
        return undefined;
    }

    read(): GameClause | undefined {
        const w = this.word.name;
        switch (w) {
            case 'board': return this.board();
            case 'pieces': return this.pieces();
            case 'start': {
                const fen = this.onlyString();
                return fen === undefined ? undefined : { kind: 'start', fen: fen.trim() };
            }
            case 'royal': {
                const rule = this.wordAt(0);
                const pieces = this.pieceNames(1, true);
                return rule && pieces ? { kind: 'royal', rule: rule as 'check' | 'capture', pieces } : undefined;
            }
            case 'facing': {
                const rule = this.onlyWord();
                return rule ? { kind: 'facing', rule: rule as 'never' | 'bikjang' } : undefined;
            }
            case 'castling': return this.castling();
            case 'en-passant': case 'irreversible': case 'no-doubled': {
                const pieces = this.pieceNames(0, true);
                return pieces ? { kind: w, pieces } : undefined;
            }
            case 'promotion': return this.promotion();
            case 'promote': return this.promote();
            case 'drops': case 'immobility-illegal': case 'pass': case 'double-pass':
                return this.none() ? { kind: w } : undefined;
            case 'drop-zone': {
                const piece = this.pieceAt(0);
                const zone = this.zoneAt(1);
                if (this.args.length > 2) return this.bad(this.args[2], 'a drop zone names one piece and one zone');
                return piece && zone ? { kind: 'drop-zone', piece, zone } : undefined;
            }
            case 'drop-mate': {
                const rule = this.wordAt(0);
                const pieces = this.pieceNames(1, true);
                return rule && pieces ? { kind: 'drop-mate', rule: rule as 'illegal' | 'loses', pieces } : undefined;
            }
            case 'checkmate': case 'stalemate': case 'bare-king': {
                const outcome = this.onlyWord();
                return outcome ? { kind: w, outcome: outcome as GameOutcome } : undefined;
            }
            case 'extinction': {
                const outcome = this.wordAt(0);
                const pieces = this.pieceNames(1, true);
                return outcome && pieces ? { kind: 'extinction', outcome: outcome as GameOutcome, pieces } : undefined;
            }
            case 'flag': {
                const zone = this.zoneAt(0);
                const pieces = this.pieceNames(1, true);
                return zone && pieces ? { kind: 'flag', zone, pieces } : undefined;
            }
            case 'repetition': return this.repetition();
            case 'move-rule': {
                const moves = this.countAt(0, 'a number of moves');
                const outcome = this.wordAt(1);
                if (this.args.length > 2) return this.bad(this.args[2], 'the move rule takes a number of moves and an outcome');
                return moves !== undefined && outcome ? { kind: 'move-rule', moves, outcome: outcome as GameOutcome } : undefined;
            }
            case 'material': return this.material();
            default: return undefined;
        }
    }

    private none(): boolean {
        if (this.args.length === 0) return true;
        this.bad(this.args[0], `'${this.word.name}' takes nothing`);
        return false;
    }

    private onlyString(): string | undefined {
        const [arg, ...rest] = this.args;
        if (!ast.isStringLit(arg)) return this.bad(arg ?? this.app, `'${this.word.name}' takes one string`);
        if (rest.length > 0) return this.bad(rest[0], `'${this.word.name}' takes one string`);
        return typeof arg.value === 'string' ? arg.value : undefined;
    }

    private onlyWord(): string | undefined {
        if (this.args.length > 1) return this.bad(this.args[1], `'${this.word.name}' takes one word`);
        return this.wordAt(0);
    }

    /** The clause's word at `index`: one of `words`. */
    private wordAt(index: number, words: readonly string[] = this.word.words ?? []): string | undefined {
        const arg = this.args[index];
        const text = nameOf(arg, this.cx);
        if (text === undefined) {
            if (arg && ast.isNameRef(arg)) return undefined;
            return this.bad(arg ?? this.app, `'${this.word.name}' takes ${wordList(words)} here`);
        }
        const key = normalizeName(text);
        if (words.includes(key)) return key;
        return this.bad(arg, `'${text}' is not a word of '${this.word.name}', which takes ${wordList(words)} here${didYouMean(closestNames(key, words))}`);
    }

    private pieceAt(index: number): string | undefined {
        const arg = this.args[index];
        const text = nameOf(arg, this.cx);
        if (text === undefined) return arg && ast.isNameRef(arg) ? undefined : this.bad(arg ?? this.app, 'a piece\'s name is missing here');
        return normalizeName(text);
    }

    private zoneAt(index: number): string | undefined {
        const arg = this.args[index];
        const text = nameOf(arg, this.cx);
        if (text === undefined) return arg && ast.isNameRef(arg) ? undefined : this.bad(arg ?? this.app, 'a zone\'s name is missing here');
        return normalizeName(text);
    }

    /** The pieces named from `from` on (at least one when `required`). */
    private pieceNames(from: number, required: boolean): string[] | undefined {
        const names: string[] = [];
        let ok = true;
        for (const arg of this.args.slice(from)) {
            const text = nameOf(arg, this.cx);
            if (text === undefined) {
                if (!ast.isNameRef(arg)) this.bad(arg, 'pieces are named here');
                ok = false;
            } else {
                names.push(normalizeName(text));
            }
        }
        if (required && names.length === 0 && ok) return this.bad(this.app, 'this clause names no piece');
        return ok ? names : undefined;
    }

    private countAt(index: number, what: string): number | undefined {
        const arg = this.args[index];
        if (!ast.isNumberLit(arg)) return this.bad(arg ?? this.app, `${what} comes first`);
        const value = this.cx.integer(arg.value, arg);
        if (value < 1) return this.bad(arg, `${what} is at least 1`);
        return value;
    }

    private board(): GameClause | undefined {
        if (this.args.length === 1 && ast.isNameRef(this.args[0])) {
            const name = nameOf(this.args[0], this.cx);
            return name === undefined ? undefined : { kind: 'board', name: normalizeName(name) };
        }
        const board = this.cx.board(this.app);
        return board.kind === 'board' ? { kind: 'board', board } : undefined;
    }

    private pieces(): GameClause | undefined {
        const pieces: { piece: string; letter: string; san?: string }[] = [];
        if (this.args.length === 0) return this.bad(this.app, 'the game names no piece');
        for (const arg of this.args) {
            const piece = ast.isApplication(arg) ? entryHead(arg, this.cx) : undefined;
            const [letter, extra, ...rest] = ast.isApplication(arg) ? arg.args ?? [] : [];
            if (piece === null) continue;
            if (piece === undefined || !ast.isStringLit(letter) || rest.length > 0) {
                this.bad(arg, 'each piece is written with its letter, as (king "k") / king("k"), and its SAN letter where it differs, as (horse "n" (san "h")) / horse("n", san("h"))');
                continue;
            }
            const san = extra === undefined ? undefined : this.sanLetter(extra);
            if (san === null) continue;
            if (typeof letter.value === 'string') pieces.push({ piece, letter: letter.value, ...(san !== undefined ? { san } : {}) });
        }
        return { kind: 'pieces', pieces };
    }

    /** `(san "h")` after a piece's letter: its SAN letter; null (and said) when it is something else. */
    private sanLetter(expr: ast.Expr): string | null {
        const head = ast.isApplication(expr) ? entryHead(expr, this.cx, true) : undefined;
        const [value, ...more] = ast.isApplication(expr) ? expr.args ?? [] : [];
        if (head === 'san' && ast.isStringLit(value) && typeof value.value === 'string' && more.length === 0) return value.value;
        this.bad(expr, 'after the letter comes only the SAN letter, where it differs from the FEN letter, as (horse "n" (san "h")) / horse("n", san("h"))');
        return null;
    }

    private castling(): GameClause | undefined {
        const parts: CastlingPart[] = [];
        for (const arg of this.args) {
            const piece = ast.isApplication(arg) ? entryHead(arg, this.cx) : undefined;
            if (piece === null) return undefined;
            const squares = ast.isApplication(arg) ? (arg.args ?? []).map((a) => nameOf(a, this.cx)?.toLowerCase()) : [];
            if (piece === undefined || squares.length !== 2 || squares.some((s) => s === undefined)) {
                return this.bad(arg, 'each of the two pieces is written with the square it stands on and the square it goes to, as (king e1 g1) / king(e1, g1)');
            }
            const bad = squares.findIndex((s) => !/^[a-z][0-9]+$/.test(s!) || !parseSquare(s!));
            if (bad >= 0) return this.bad((arg as ast.Application).args[bad], `'${squares[bad]}' is not a square (e1)`);
            parts.push({ piece, from: squares[0]!, to: squares[1]! });
        }
        if (parts.length !== 2) return this.bad(this.args[2] ?? this.app, 'castling moves two pieces: the king, then its partner');
        return { kind: 'castling', king: parts[0], partner: parts[1] };
    }

    private promotion(): GameClause | undefined {
        let mandatory: boolean | undefined;
        let toLostPieces = false;
        for (let i = 0; i < this.args.length; i++) {
            const word = this.wordAt(i);
            if (word === 'to-lost-pieces') {
                toLostPieces = true;
            } else if (word) {
                if (mandatory !== undefined) return this.bad(this.args[i], 'promotion is either mandatory or optional');
                mandatory = word === 'mandatory';
            } else {
                return undefined;
            }
        }
        if (mandatory === undefined) return this.bad(this.app, 'say whether promotion is mandatory or optional');
        return { kind: 'promotion', mandatory, toLostPieces };
    }

    private promote(): GameClause | undefined {
        const piece = this.pieceAt(0);
        const choices: string[] = [];
        let zone: string | undefined;
        let stuck = false;
        for (const arg of this.args.slice(1)) {
            const where = ast.isApplication(arg) ? headName(arg) : undefined;
            if (where === 'in' || where === 'where-stuck') {
                const app = arg as ast.Application;
                if (zone !== undefined || stuck) return this.bad(arg, 'a promotion has one place');
                if (where === 'where-stuck') {
                    if ((app.args ?? []).length > 0) return this.bad(app.args[0], "'where-stuck' takes nothing");
                    stuck = true;
                } else {
                    const name = (app.args ?? []).length === 1 ? nameOf(app.args[0], this.cx) : undefined;
                    if (name === undefined) return this.bad(arg, '(in ZONE) names one zone');
                    zone = normalizeName(name);
                }
                continue;
            }
            const text = nameOf(arg, this.cx);
            if (text === undefined) {
                if (!ast.isNameRef(arg)) this.bad(arg, 'the pieces it may promote to are named here');
                return undefined;
            }
            choices.push(normalizeName(text));
        }
        if (!piece) return undefined;
        if (choices.length === 0) return this.bad(this.app, 'name at least one piece it promotes to');
        return { kind: 'promote', piece, choices, ...(zone !== undefined ? { zone } : {}), ...(stuck ? { stuck: true as const } : {}) };
    }

    private repetition(): GameClause | undefined {
        const count = this.countAt(0, 'the number of times the position stands');
        const outcomes = ['win', 'loss', 'draw'];
        const outcome = this.wordAt(1, outcomes);
        let forWhite = false;
        let perpetualCheck = false;
        for (let i = 2; i < this.args.length; i++) {
            const word = this.wordAt(i, ['for-white', 'perpetual-check']);
            if (word === undefined) return undefined;
            if (word === 'for-white') forWhite = true; else perpetualCheck = true;
        }
        if (count === undefined || !outcome) return undefined;
        if (count < 2) return this.bad(this.args[0], 'a position repeats at least twice');
        return { kind: 'repetition', count, outcome: outcome as GameOutcome, ...(forWhite ? { forWhite: true as const } : {}), ...(perpetualCheck ? { perpetualCheck: true as const } : {}) };
    }

    private material(): GameClause | undefined {
        const values: { piece: string; value: number }[] = [];
        let blackBonus = 0;
        for (const arg of this.args) {
            const head = ast.isApplication(arg) ? entryHead(arg, this.cx, true) : undefined;
            if (head === null) return undefined;
            const [value, ...rest] = ast.isApplication(arg) ? arg.args ?? [] : [];
            const number = numberOf(value);
            if (head === undefined || number === undefined || rest.length > 0) {
                return this.bad(arg, 'each piece is written with its value, as (chariot 13) / chariot(13), and Black\'s bonus as (black-bonus "1.5")');
            }
            if (head === 'black-bonus') blackBonus = number; else values.push({ piece: head, value: number });
        }
        if (values.length === 0) return this.bad(this.app, 'the material clause gives no piece a value');
        return { kind: 'material', values, blackBonus };
    }
}

/** `(king ...)`'s piece name; null when the name was lost to recovery; undefined when the head is not a name (or a word, unless `words`). */
function entryHead(app: ast.Application, cx: GameLoweringContext, words = false): string | null | undefined {
    if (!ast.isNameRef(app.head)) return undefined;
    const text = nameOf(app.head, cx);
    if (text === undefined) return null;
    if (gameInnerWord(text) && !words) return undefined;
    return normalizeName(text);
}

/** A whole number, or a decimal written as a string (`"1.5"`): LCPN's numbers are integers. */
function numberOf(expr: ast.Expr | undefined): number | undefined {
    if (ast.isNumberLit(expr) && Number.isSafeInteger(expr.value)) return expr.value;
    if (ast.isStringLit(expr) && /^-?[0-9]+(\.[0-9]+)?$/.test(expr.value.trim())) return Number(expr.value.trim());
    return undefined;
}

function wordList(words: readonly string[]): string {
    return words.length <= 1 ? `'${words[0] ?? ''}'` : `${words.slice(0, -1).map((w) => `'${w}'`).join(', ')} or '${words[words.length - 1]}'`;
}
