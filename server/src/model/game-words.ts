/**
 * The words of a game declaration (docs/language.md, "Games"): its clauses, what each argument
 * of a clause is, and the plain words clauses take (`check`, `draw`, `mandatory`). One table,
 * read by the lowering (semantics/lower-game.ts), the name roles (which names are pieces and
 * link, which are words and never do), the hover, completion and semantic tokens.
 */
import { normalizeName } from './names.js';
import type { Word } from './vocabulary.js';

/**
 * What an argument of a clause is:
 * - `piece`: a name that links to a definition (a piece; for `board`, the board);
 * - `zone`: a zone's name;
 * - `word`: one of the clause's words, never linked;
 * - `entry`: a call whose head is a piece and whose arguments are `entry-args`
 *   (`(king "k")` in pieces, `(king e1 g1)` in castling, `(chariot 13)` in material).
 */
export type GameArgumentKind = 'piece' | 'zone' | 'word' | 'entry';

export interface GameClauseWord extends Word {
    /** How it is written, Lisp style. */
    form: string;
    /** The kind of each argument by position; the last one repeats. None: the clause takes no argument. */
    args: readonly GameArgumentKind[];
    /** What the arguments of an `entry` are: squares (castling), or strings and numbers (never names). */
    entryArgs?: 'square';
    /** The words it takes, where it takes words. */
    words?: readonly string[];
}

const OUTCOMES = ['win', 'loss', 'draw'] as const;

/** The clauses of a game, in the order the printers write them. */
export const GAME_CLAUSES: readonly GameClauseWord[] = [
    { name: 'board', form: '(board NAME) or (board FILES RANKS CLAUSE...)', args: ['piece'], evaluated: true, doc: 'The board of the game: a board the file declares, by name, or one written in place, as in (board 9 10). Without it, the board the file declares, else 8 by 8.' },
    { name: 'pieces', form: '(pieces (PIECE "LETTER" [(san "LETTER")])...)', args: ['entry'], evaluated: true, doc: 'The pieces of the game, each with its letter in FEN, as in (pieces (king "k") (tokin "+p")): one lower-case letter, or + and one for a promoted piece; (san "h") where moves in SAN (PGN) name it by another letter, as in (horse "n" (san "h")). Their order is the order of pieces in hand.' },
    { name: 'start', form: '(start "FEN")', args: [], evaluated: true, doc: 'The start position in FEN, as Fairy-Stockfish writes it, with the pieces in hand in [...] for a game with drops.' },
    { name: 'royal', form: '(royal check|capture PIECE...)', args: ['word', 'piece'], words: ['check', 'capture'], evaluated: true, doc: 'The royal pieces: under check, a royal piece may never be left attacked (chess); under capture, it may be captured, and a side left without one loses.' },
    { name: 'facing', form: '(facing never|bikjang)', args: ['word'], words: ['never', 'bikjang'], evaluated: true, doc: 'Royal pieces facing each other on a file or rank with nothing between: never allowed (xiangqi\'s flying general), or bikjang (janggi: the side to move must break it or pass; if it stays, the game ends).' },
    { name: 'castling', form: '(castling (KING FROM TO) (PARTNER FROM TO))', args: ['entry'], entryArgs: 'square', evaluated: true, doc: 'A castling move of White, as in (castling (king e1 g1) (rook h1 f1)); Black\'s is the same on its own first rank. The squares between must be empty, and the king\'s squares (start, passed, destination) not attacked. The right is lost when either piece moves.' },
    { name: 'en-passant', form: '(en-passant PIECE...)', args: ['piece'], evaluated: true, doc: 'These pieces\' non-capturing moves of two or more steps may be taken en passant, by these pieces, on the next move only.' },
    { name: 'promotion', form: '(promotion mandatory|optional [to-lost-pieces])', args: ['word'], words: ['mandatory', 'optional', 'to-lost-pieces'], evaluated: true, doc: 'Whether promotion is mandatory where it is offered (chess) or optional (shogi); to-lost-pieces: only to pieces the side has lost (grand chess).' },
    { name: 'promote', form: '(promote PIECE CHOICE... [(in ZONE) | (where-stuck)])', args: ['piece'], evaluated: true, doc: 'What a piece promotes to, replacing its definition\'s promote-to; with (in ZONE) where, or (where-stuck): where it could move no further.' },
    { name: 'drops', form: '(drops)', args: [], evaluated: true, doc: 'Captured pieces change side and go to the capturer\'s hand (a promoted piece as what it was); a move may drop a piece from the hand on an empty square.' },
    { name: 'drop-zone', form: '(drop-zone PIECE ZONE)', args: ['piece', 'zone'], evaluated: true, doc: 'Where a piece may be dropped (White\'s squares, turned for Black), as in (drop-zone pawn pawn-drops).' },
    { name: 'no-doubled', form: '(no-doubled PIECE...)', args: ['piece'], evaluated: true, doc: 'No drop of these pieces on a file where the side has an unpromoted one already (shogi\'s nifu).' },
    { name: 'drop-mate', form: '(drop-mate illegal|loses PIECE...)', args: ['word', 'piece'], words: ['illegal', 'loses'], evaluated: true, doc: 'A drop of these pieces that checkmates is illegal, or loses (the side that made it loses, as Fairy-Stockfish scores shogi\'s pawn-drop mate).' },
    { name: 'immobility-illegal', form: '(immobility-illegal)', args: [], evaluated: true, doc: 'No move or drop may leave a piece where it could never move again, so an optional promotion is compulsory there (shogi\'s pawn, lance and knight).' },
    { name: 'pass', form: '(pass)', args: [], evaluated: true, doc: 'A side may pass (not while in check), as in janggi.' },
    { name: 'irreversible', form: '(irreversible PIECE...)', args: ['piece'], evaluated: true, doc: 'Moves of these pieces that cannot be taken back (a pawn\'s step) reset the move rule\'s count, as captures, drops and promotions do.' },
    { name: 'checkmate', form: '(checkmate win|loss|draw)', args: ['word'], words: OUTCOMES, evaluated: true, doc: 'The side to move, its royal piece attacked, has no legal move: the outcome for that side.' },
    { name: 'stalemate', form: '(stalemate win|loss|draw)', args: ['word'], words: OUTCOMES, evaluated: true, doc: 'The side to move, not attacked, has no legal move: the outcome for that side. Draw unless said.' },
    { name: 'extinction', form: '(extinction win|loss|draw PIECE...)', args: ['word', 'piece'], words: OUTCOMES, evaluated: true, doc: 'A side with none of these pieces left (on the board or in hand): the outcome for that side.' },
    { name: 'bare-king', form: '(bare-king win|loss|draw)', args: ['word'], words: OUTCOMES, evaluated: true, doc: 'A side left with nothing but its royal pieces: the outcome for that side.' },
    { name: 'flag', form: '(flag ZONE PIECE...)', args: ['zone', 'piece'], evaluated: true, doc: 'A side with one of these pieces in the zone (White\'s squares, turned for Black) wins.' },
    { name: 'repetition', form: '(repetition COUNT win|loss|draw [for-white] [perpetual-check])', args: ['word'], words: [...OUTCOMES, 'for-white', 'perpetual-check'], evaluated: true, doc: 'The same position for the COUNTth time: the outcome for the side to move (for White with for-white); with perpetual-check, a side that checked on every move since loses.' },
    { name: 'move-rule', form: '(move-rule MOVES win|loss|draw)', args: ['word'], words: OUTCOMES, evaluated: true, doc: 'MOVES moves by each side without a capture, drop, promotion or irreversible move: the outcome (chess\'s 50-move rule is a draw).' },
    { name: 'double-pass', form: '(double-pass)', args: [], evaluated: true, doc: 'Two passes in a row end the game in a draw (decided by material where the game counts it).' },
    { name: 'material', form: '(material (PIECE VALUE)... (black-bonus "1.5"))', args: ['entry'], evaluated: true, doc: 'Draws by bikjang, passes, repetition or the move rule are decided by counting material (janggi): White wins with more than Black\'s total and bonus, else Black.' }
];

/** Calls inside clauses that are words of the language, not pieces: `(where-stuck)`, `(black-bonus "1.5")`, `(san "h")`. */
export const GAME_INNER_WORDS: readonly Word[] = [
    { name: 'san', evaluated: true, doc: 'In (pieces ...): the letter moves in SAN (PGN) name the piece by, where it is not its FEN letter, as (horse "n" (san "h")) in xiangqi (Fairy-Stockfish writes H for the horse, whose FEN letter is n).' },
    { name: 'where-stuck', evaluated: true, doc: 'In (promote ...): where the piece could move no further on an empty board (seed 003\'s pawn).' },
    { name: 'black-bonus', evaluated: true, doc: 'In (material ...): the points Black gets beside its pieces, a number or a string such as "1.5".' }
];

/** The word `game` itself. */
export const GAME_WORD: Word = {
    name: 'game', evaluated: true,
    doc: 'Declares a game: its board, pieces and letters, start position and rules, as in (def chess (game (pieces (king "k") ...) (start "...") (royal check king) (checkmate loss))); game(...) in C and SQL.'
};

const clausesByName = new Map(GAME_CLAUSES.map((c) => [c.name, c]));
const innerByName = new Map(GAME_INNER_WORDS.map((w) => [w.name, w]));

/** The clause `name` (any spelling), or undefined. */
export function gameClause(name: string): GameClauseWord | undefined {
    return clausesByName.get(normalizeName(name));
}

/** `where-stuck`, `black-bonus`, `san` (any spelling), or undefined. */
export function gameInnerWord(name: string): Word | undefined {
    return innerByName.get(normalizeName(name));
}

/** The kind of argument `index` of the clause (the last kind repeats), or undefined for a clause with none. */
export function gameArgumentKind(clause: GameClauseWord, index: number): GameArgumentKind | undefined {
    return clause.args.length === 0 ? undefined : clause.args[Math.min(index, clause.args.length - 1)];
}

/** The plain words a game clause may take, with what each means (for hover and completion). */
export const GAME_ARGUMENT_WORDS: Readonly<Record<string, string>> = {
    check: 'Royal pieces may never be left attacked: a side with no legal move is checkmated if one is attacked, else stalemated.',
    capture: 'Royal pieces may be captured: a side left without any loses at once (seed 003: capturing the K wins).',
    never: 'Royal pieces may never face each other on a file or rank with nothing between (xiangqi).',
    bikjang: 'Royal pieces facing each other: the side to move must break it or pass; facing after its move, the game ends (janggi).',
    mandatory: 'Promotion is compulsory wherever it is offered.',
    optional: 'A piece may also arrive unpromoted where promotion is offered.',
    'to-lost-pieces': 'Only to pieces the side has lost: never more of a kind than the start position has (grand chess).',
    illegal: 'Such a drop is not a legal move.',
    loses: 'Such a drop is listed, and the side that made it loses.',
    win: 'The side it happens to wins.',
    loss: 'The side it happens to loses.',
    draw: 'The game is drawn.',
    'for-white': 'The outcome is for White, whoever is to move.',
    'perpetual-check': 'A side that gave check on every one of its moves since the position first stood loses instead.'
};
