/**
 * A game being played in a Play view (the VS Code panel, the web extension, the playground):
 * the start position, the moves played and those undone (redo), the legal moves of the position
 * on screen with their SAN, the result and its reason, FEN and PGN in and out. No UI and no
 * clock here: the views draw what `board()` and `moveList()` say and send back UCI moves.
 */
import { CASTLE, DROP, IGUI, LOCUST, MoveList, PASS, gameResult, legalMoves, positionFromFen, uciMove, writeFen, type Game, type GameResult, type Position } from '../game/index.js';
import { playMove } from './move-key.js';
import type { OpponentQuestion } from './client.js';
import { readPgn, type PgnRecord } from './pgn-read.js';
import { writePgn } from './pgn-write.js';
import { SanLetters, moveSan } from './san.js';
import type { GameSpec } from './spec.js';

export type PlaySide = 'white' | 'black';

/** A legal move as the view offers it. */
export interface LegalMove {
    uci: string;
    san: string;
    /** The square the piece moves from; absent for a drop. */
    from?: string;
    /** The square clicked to make the move: where the piece lands, or the piece captured without moving (igui). */
    to: string;
    /** The letter of the piece dropped (upper case). */
    drop?: string;
    /** The letter of the piece promoted to, for a promotion. */
    promotion?: string;
    kind: 'move' | 'drop' | 'castle' | 'pass' | 'capture-without-moving' | 'multi-leg';
}

/** A cell of the board as the view draws it. */
export interface BoardCell {
    square: string;
    /** 0-based, from the a-file and from rank 1. */
    file: number;
    rank: number;
    /** The piece's FEN letter as White writes it (`K`, `+P`), when a piece stands here. */
    letter?: string;
    side?: PlaySide;
}

export interface HandPiece {
    /** The piece's FEN letter, upper case. */
    letter: string;
    count: number;
}

export interface BoardView {
    files: number;
    ranks: number;
    /** The cells of the board (holes left out). */
    cells: BoardCell[];
    /** What each side holds, for games with drops (undefined otherwise). */
    hands?: Record<PlaySide, HandPiece[]>;
    toMove: PlaySide;
    /** The last move's squares (from, to), for a highlight. */
    lastMove?: { from?: string; to: string };
}

/** One row of the move list: the move number and each side's move in SAN (absent: not played, or before the start). */
export interface MoveRow {
    number: number;
    white?: string;
    black?: string;
    /** Index in `history` of the white and black moves, for the view to mark the current one. */
    whiteIndex?: number;
    blackIndex?: number;
}

const SIDES: readonly PlaySide[] = ['white', 'black'];

export class PlaySession {
    private readonly pos: Position;
    private readonly played: string[] = [];
    private readonly sans: string[] = [];
    /** Undone moves, the next to redo last. */
    private readonly undone: string[] = [];
    private readonly letters: SanLetters;
    private legalCache: LegalMove[] | undefined;

    /** Starts from `start` (FEN; the game's start when absent). Throws FenError for a FEN that does not fit the game. */
    constructor(readonly game: Game, readonly start: string = game.model.start) {
        this.pos = positionFromFen(game, start);
        this.letters = new SanLetters(game);
    }

    /** The session of a PGN of this game (its FEN tag or the game's start, its moves). Throws PgnError: another variant, an illegal move (with its number). */
    static fromPgn(game: Game, text: string): { session: PlaySession; record: PgnRecord } {
        const record = readPgn(game, text);
        const session = new PlaySession(game, record.start);
        for (const move of record.moves) session.play(move.uci);
        return { session, record };
    }

    /** The moves played, in UCI. */
    get history(): readonly string[] {
        return this.played;
    }

    /** The moves played, in SAN. */
    get sanHistory(): readonly string[] {
        return this.sans;
    }

    get toMove(): PlaySide {
        return SIDES[this.pos.side];
    }

    get fen(): string {
        return writeFen(this.pos);
    }

    get canUndo(): boolean {
        return this.played.length > 0;
    }

    get canRedo(): boolean {
        return this.undone.length > 0;
    }

    /** How the game has ended in the position on screen, if it has. */
    result(): GameResult | undefined {
        return gameResult(this.pos);
    }

    /** The result in PGN's words: `1-0`, `0-1`, `1/2-1/2`, or `*` while it goes on. */
    resultText(): '1-0' | '0-1' | '1/2-1/2' | '*' {
        const result = this.result();
        if (!result) return '*';
        return result.winner === 'white' ? '1-0' : result.winner === 'black' ? '0-1' : '1/2-1/2';
    }

    /** The legal moves of the position on screen (none once the game has ended). */
    legalMoves(): readonly LegalMove[] {
        if (this.legalCache) return this.legalCache;
        if (this.result()) return (this.legalCache = []);
        const list = new MoveList();
        legalMoves(this.pos, list);
        const game = this.game;
        const moves: LegalMove[] = [];
        for (let i = 0; i < list.length; i++) {
            const kind = list.kind(i);
            const uci = uciMove(this.pos, list, i);
            const san = moveSan(this.pos, list, i, this.letters);
            const to = game.squareName(list.to(i));
            if (kind === DROP) {
                moves.push({ uci, san, to, drop: game.types[list.aux(i)].letter.toUpperCase(), kind: 'drop' });
                continue;
            }
            const from = game.squareName(list.from(i));
            const promotion = list.promotion(i);
            moves.push({
                uci, san, from, to: kind === PASS ? from : to,
                ...(kind !== CASTLE && promotion !== 0 ? { promotion: game.types[promotion].letter.toUpperCase() } : {}),
                kind: kind === CASTLE ? 'castle' : kind === PASS ? 'pass' : kind === IGUI ? 'capture-without-moving' : kind === LOCUST ? 'multi-leg' : 'move'
            });
        }
        return (this.legalCache = moves);
    }

    /** The legal moves of the piece on `from`, or of the piece `drop` (upper-case letter) from the hand. */
    movesOf(piece: { from: string } | { drop: string }): LegalMove[] {
        return this.legalMoves().filter((m) => ('from' in piece ? m.from === piece.from && m.kind !== 'drop' : m.drop === piece.drop));
    }

    /** Plays the legal move written `uci`; the moves undone are forgotten. Throws an Error when it is not legal here. */
    play(uci: string): void {
        this.playOne(uci);
        this.undone.length = 0;
    }

    /** Takes back the last move; false when there is none. */
    undo(): boolean {
        const last = this.played.pop();
        if (last === undefined) return false;
        this.sans.pop();
        this.pos.unmake();
        this.undone.push(last);
        this.legalCache = undefined;
        return true;
    }

    /** Plays again the last move undone; false when there is none. */
    redo(): boolean {
        const next = this.undone.pop();
        if (next === undefined) return false;
        this.playOne(next);
        return true;
    }

    /** The position as the view draws it. */
    board(): BoardView {
        const game = this.game;
        const pos = this.pos;
        const cells: BoardCell[] = [];
        for (let sq = 0; sq < game.size; sq++) {
            if (!game.isCell[sq]) continue;
            const code = pos.cells[sq];
            const cell: BoardCell = { square: game.squareName(sq), file: sq % game.files, rank: Math.floor(sq / game.files) };
            if (code > 0) {
                cell.letter = game.types[code >> 1].letter.toUpperCase();
                cell.side = SIDES[code & 1];
            }
            cells.push(cell);
        }
        const view: BoardView = { files: game.files, ranks: game.ranks, cells, toMove: this.toMove };
        if (game.drops) {
            const hands = { white: [] as HandPiece[], black: [] as HandPiece[] };
            for (let t = 1; t < game.types.length; t++) {
                for (const side of [0, 1]) {
                    const count = pos.hand[t * 2 + side];
                    if (count > 0) hands[SIDES[side]].push({ letter: game.types[t].letter.toUpperCase(), count });
                }
            }
            view.hands = hands;
        }
        const last = pos.ply > 0 ? pos.lastMove() : undefined;
        if (last) view.lastMove = { ...(last.kind === DROP ? {} : { from: game.squareName(last.from) }), to: game.squareName(last.to) };
        return view;
    }

    /** The moves played, by move number, as a score sheet writes them. */
    moveList(): MoveRow[] {
        const rows: MoveRow[] = [];
        const first = positionFromFen(this.game, this.start);
        let number = first.fullmove;
        let side = first.side;
        let row: MoveRow | undefined;
        this.sans.forEach((san, i) => {
            if (!row || side === 0) rows.push(row = { number });
            if (side === 0) Object.assign(row, { white: san, whiteIndex: i });
            else Object.assign(row, { black: san, blackIndex: i });
            if (side === 1) number++;
            side ^= 1;
        });
        return rows;
    }

    /** The game as PGN (`Variant` and `FEN` tags; the result and its reason when it has ended). */
    pgn(tags: Record<string, string> = {}): string {
        return writePgn(this.game, this.start, this.played, { tags });
    }

    /** What the computer opponent is asked for the side to move (play/client.ts). */
    question(spec: GameSpec, movetime: number): OpponentQuestion {
        return { game: spec, start: this.start, moves: [...this.played], movetime };
    }

    private playOne(uci: string): void {
        const list = new MoveList();
        legalMoves(this.pos, list);
        for (let i = 0; i < list.length; i++) {
            if (uciMove(this.pos, list, i) !== uci) continue;
            const san = moveSan(this.pos, list, i, this.letters);
            playMove(this.pos, list, i);
            this.played.push(uci);
            this.sans.push(san);
            this.legalCache = undefined;
            return;
        }
        throw new Error(`'${uci}' is not a legal move here`);
    }
}
