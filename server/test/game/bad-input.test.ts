/**
 * Bad input gets a clear message that says where: FENs a game cannot read (with the column),
 * game models that cannot be played (with the field), moves that are not legal (with why).
 * Never a crash, a hang or a silently changed position.
 */
import { describe, expect, test } from 'vitest';
import { compileGame, FenError, GameModelError, playUci, positionFromFen, type GameModel } from '../../src/game/index.js';
import { loadGame, MODELS, resolverOf } from './games.js';

/** The FenError a FEN gives: its message and column. */
function fenError(game: string, fen: string): { message: string; column: number } {
    try {
        positionFromFen(loadGame(game), fen);
    } catch (error) {
        if (error instanceof FenError) return { message: error.message, column: error.column };
        throw error;
    }
    throw new Error(`no error for ${fen}`);
}

describe('a FEN the game cannot read', () => {
    test.each<[string, string, string, number]>([
        ['chess', 'rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 'the placement has 7 ranks (separated by /); 8x8 has 8', 0],
        ['chess', 'rnbqkbnr/pppppppp/8/8/4X3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', "'X' is not a piece of chess: its letters are k q r b n p (upper case for White)", 23],
        ['chess', 'rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 'rank 6 has more than 8 squares', 18],
        ['chess', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1', 'castling right K needs White\'s k on e1 and r on h1', 46],
        ['chess', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1', "'x' is not a castling right of chess (KQkq, or -)", 49],
        ['chess', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1', "'x' is not a side to move: write w (White) or b (Black)", 44],
        ['chess', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR', 'the side to move is missing after the placement: w (White) or b (Black)', 43],
        ['chess', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1', 'no piece of Black\'s that captures en passant could have passed e3', 51],
        ['chess', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 9', "'9' follows the move number: a FEN has six fields at most", 57],
        ['chess', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Q] w KQkq - 0 1', 'chess has no drops: nothing can be in hand', 44],
        ['chess', 'rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1', 'Black has no royal piece (k): chess needs one under its check rule', 0],
        ['chess', '4k3/8/8/8/8/8/8/4RK2 w - - 0 1', "Black's royal piece is attacked with White to move: no game reaches this position", 21],
        ['xiangqi', 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w KQ - 0 1', 'xiangqi has no castling: write -', 62],
        ['shogi', 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[Px] w - - 0 1', "'x' is not a piece of shogi: its letters are k g n l p s r b +p +l +n +s +r +b (upper case for White)", 59],
        ['shogi', 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSN+[] w - - 0 1', "'+' must be followed by a piece letter", 56],
        ['chess', '', 'the FEN is empty: write e.g. rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 0]
    ])('%s: %s', (game, fen, message, column) => {
        expect(fenError(game, fen)).toEqual({ message, column });
    });

    test('a huge FEN is refused at once', () => {
        expect(fenError('chess', '8/'.repeat(100_000)).message).toBe('the FEN is longer than 10,000 characters');
    });
});

describe('a move that is not legal says why', () => {
    const chess = () => positionFromFen(loadGame('chess'), 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
    test.each([
        ['e3e4', "'e3e4': there is no piece on e3"],
        ['e7e5', "'e7e5': the piece on e7 is not White's, and White is to move"],
        ['e2e5', /^'e2e5' is not a legal move here; the legal moves are .*e2e4/],
        ['z9z9', "'z9z9': z9 is not a square of 8x8"],
        ['hello', "'hello' is not a move in UCI notation (e2e4, e7e8q, P@e5)"],
        ['P@e4', "'P@e4': chess has no drops"]
    ])('chess: %s', (move, message) => {
        const pos = chess();
        expect(() => playUci(pos, move)).toThrow(message);
    });

    test('crazyhouse: a drop onto an occupied square, or of a piece not in hand', () => {
        const pos = positionFromFen(loadGame('crazyhouse'), 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[Pn] w KQkq - 0 1');
        expect(() => playUci(pos, 'P@e4')).toThrow("'P@e4': e4 is not empty (a piece is dropped on an empty square)");
        expect(() => playUci(pos, 'N@e5')).toThrow("'N@e5': White has no N in hand");
        playUci(pos, 'P@e5');
        expect(pos.hand[6 * 2]).toBe(0);
    });
});

/** The problems a model gives, as `field: message`. */
function modelProblems(model: GameModel, resolve = resolverOf(undefined).resolve): string[] {
    try {
        compileGame(model, resolve);
    } catch (error) {
        if (error instanceof GameModelError) return error.problems.map((p) => `${p.field}: ${p.message}`);
        throw error;
    }
    return [];
}

describe('a game model that cannot be played', () => {
    const chess = MODELS.chess.model;

    test('a checkmate rule with no royal piece', () => {
        const noRoyal: GameModel = { ...chess, royalty: undefined, castling: undefined };
        expect(modelProblems(noRoyal)).toEqual([
            'results.checkmate: the game ends by checkmate, but no piece is royal under the check rule: say which pieces are royal (royalty) or drop the checkmate rule'
        ]);
    });

    test('pieces: an unknown name, a letter twice, a malformed letter, something that is not a piece, a piece lcpn cannot decide', () => {
        const resolve = resolverOf(undefined, '(def ramp (zone a1)) (def vague "moves as it likes")').resolve;
        expect(modelProblems({
            ...chess, pieces: [...chess.pieces, { letter: 'x', piece: 'unicorn' }, { letter: 'q', piece: 'amazon' }, { letter: 'XY', piece: 'rook' },
                { letter: 'z', piece: 'ramp' }, { letter: 'v', piece: 'vague' }]
        }, resolve)).toEqual([
            "pieces[6].piece: no piece named 'unicorn' is defined",
            "pieces[7].letter: the letter 'q' stands for two pieces: queen and amazon",
            "pieces[8].letter: 'XY' is not a piece letter: write one lower-case letter (k), or + and one for a promoted piece (+p)",
            "pieces[9].piece: 'ramp' is a zone, not a piece",
            "pieces[10].piece: 'vague' cannot be played: lcpn cannot decide all its moves (informal description \"moves as it likes\" is not evaluated)"
        ]);
    });

    test('a piece promoting to a piece the game does not have', () => {
        expect(modelProblems({ ...chess, pieces: chess.pieces.filter((p) => p.letter !== 'q'), start: '4k3/8/8/8/8/8/8/4K3 w - - 0 1', castling: [] })).toEqual([
            "pieces[4].piece: pawn promotes to 'queen', which is not a piece of this game: add it to the pieces, or state the promotion (promotion.pieces.p)"
        ]);
    });

    test('castling, promotion, drops and results naming letters or squares the game has not', () => {
        expect(modelProblems({
            ...chess,
            castling: [{ ...chess.castling![0], right: 'k', king: { from: 'e9', to: 'g1' }, kingPieces: ['w'] }],
            promotion: { mandatory: true, pieces: { p: { choices: ['q', 'y'], zone: ['a8-h9'] } } },
            drops: { capturesToHand: true, zones: { p: ['a2-h7'] }, noDoubledOnFile: ['o'] },
            results: { ...chess.results, extinction: { pieces: ['u'], outcome: 'loss' }, repetition: { count: 1, outcome: 'draw' } }
        })).toEqual([
            "results.extinction.pieces[0]: 'u' is not a letter of this game's pieces (k q r b n p)",
            'results.repetition.count: a position repeats at least twice: 1 is not a count',
            "castling[0].right: 'k' is not a castling right of white: write K or Q for White, k or q for Black",
            "castling[0].king.from: 'e9' is not a square of 8x8",
            "castling[0].kingPieces[0]: 'w' is not a letter of this game's pieces (k q r b n p)",
            "promotion.pieces.p.choices[1]: 'y' is not a letter of this game's pieces (k q r b n p)",
            'promotion.pieces.p.zone[0]: h9 is not on the 8x8 board',
            "drops.noDoubledOnFile[0]: 'o' is not a letter of this game's pieces (k q r b n p)"
        ]);
    });

    test('a start position the game cannot read', () => {
        expect(modelProblems({ ...chess, start: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1' })).toEqual([
            'start: the placement has 7 ranks (separated by /); 8x8 has 8 (at column 1)'
        ]);
    });

    test('a game too large to play is refused, not built for minutes', () => {
        try {
            compileGame(chess, resolverOf(undefined).resolve, { maxLandings: 5_000 });
            expect.unreachable();
        } catch (error) {
            expect((error as GameModelError).problems).toEqual([{
                field: 'board', message: 'the pieces of chess reach more than 5,000 squares from all the squares of 8x8 together: more than lcpn plays; use a smaller board or fewer kinds of piece'
            }]);
        }
    });

    test('a board the engine cannot use', () => {
        expect(modelProblems({ ...chess, board: { kind: 'board', files: 0, ranks: 8, clauses: [] } })).toEqual([
            'board: board 0x8: each side must be a whole number from 1 to 64'
        ]);
    });
});
