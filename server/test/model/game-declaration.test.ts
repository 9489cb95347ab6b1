/**
 * The game declaration in the language (issue 23): `(game CLAUSE...)` in the three styles lowers
 * to the model written here by hand from docs/language.md ("Games"), and survives
 * `parse -> print in each style -> parse` unchanged; a misused clause is a located error.
 */
import { describe, expect, test } from 'vitest';
import { parsePieceText } from '../parse-text.js';
import type { PieceDef, Style } from '../../src/model/piece.js';
import { printPiece } from '../../src/model/print.js';

const STYLES: Style[] = ['lisp', 'c', 'sql'];
const meaning = ({ key, properties, body, declaration }: PieceDef) => ({ key, properties, body, declaration });

const CONSTRUCTS: { lisp: string; c: string; sql: string; model: object }[] = [
    {
        lisp: `(def mini (game (board 6 6) (pieces (king "k") (fide-rook "r") (tokin "+p"))
                 (start "r1k3/6/6/6/6/3K1R[] w - - 0 1")
                 (royal check king) (facing never)
                 (castling (king e1 g1) (fide-rook h1 f1))
                 (en-passant pawn) (promotion optional to-lost-pieces)
                 (promote pawn queen rook (in last-rank)) (promote seed-pawn seed-queen (where-stuck))
                 (drops) (drop-zone pawn pawn-drops) (no-doubled pawn) (drop-mate loses pawn)
                 (immobility-illegal) (pass) (irreversible pawn)
                 (checkmate loss) (stalemate win) (bare-king loss) (extinction loss king queen) (flag hill king)
                 (repetition 4 loss for-white perpetual-check) (move-rule 50 draw) (double-pass)
                 (material (chariot 13) (cannon 7) (black-bonus "1.5"))))`,
        c: `mini := game(board(6, 6), pieces(king("k"), fide_rook("r"), tokin("+p")),
                 start("r1k3/6/6/6/6/3K1R[] w - - 0 1"),
                 royal(check, king), facing(never),
                 castling(king(e1, g1), fide_rook(h1, f1)),
                 en_passant(pawn), promotion(optional, to_lost_pieces),
                 promote(pawn, queen, rook, in(last_rank)), promote(seed_pawn, seed_queen, where_stuck()),
                 drops(), drop_zone(pawn, pawn_drops), no_doubled(pawn), drop_mate(loses, pawn),
                 immobility_illegal(), pass(), irreversible(pawn),
                 checkmate(loss), stalemate(win), bare_king(loss), extinction(loss, king, queen), flag(hill, king),
                 repetition(4, loss, for_white, perpetual_check), move_rule(50, draw), double_pass(),
                 material(chariot(13), cannon(7), black_bonus("1.5")))`,
        sql: `mini IS game(board(6, 6), pieces(king("k"), fide_rook("r"), tokin("+p")),
                 start("r1k3/6/6/6/6/3K1R[] w - - 0 1"),
                 royal(CHECK, king), facing(never),
                 castling(king(E1, g1), fide_rook(h1, f1)),
                 en_passant(pawn), promotion(optional, to_lost_pieces),
                 promote(pawn, queen, rook, in(last_rank)), promote(seed_pawn, seed_queen, where_stuck()),
                 drops(), drop_zone(pawn, pawn_drops), no_doubled(pawn), drop_mate(loses, pawn),
                 immobility_illegal(), pass(), irreversible(pawn),
                 checkmate(loss), stalemate(win), bare_king(loss), extinction(loss, king, queen), flag(hill, king),
                 repetition(4, loss, for_white, perpetual_check), move_rule(50, draw), double_pass(),
                 material(chariot(13), cannon(7), black_bonus("1.5")))`,
        model: {
            kind: 'game', clauses: [
                { kind: 'board', board: { kind: 'board', files: 6, ranks: 6, clauses: [] } },
                { kind: 'pieces', pieces: [{ piece: 'king', letter: 'k' }, { piece: 'fide-rook', letter: 'r' }, { piece: 'tokin', letter: '+p' }] },
                { kind: 'start', fen: 'r1k3/6/6/6/6/3K1R[] w - - 0 1' },
                { kind: 'royal', rule: 'check', pieces: ['king'] },
                { kind: 'facing', rule: 'never' },
                { kind: 'castling', king: { piece: 'king', from: 'e1', to: 'g1' }, partner: { piece: 'fide-rook', from: 'h1', to: 'f1' } },
                { kind: 'en-passant', pieces: ['pawn'] },
                { kind: 'promotion', mandatory: false, toLostPieces: true },
                { kind: 'promote', piece: 'pawn', choices: ['queen', 'rook'], zone: 'last-rank' },
                { kind: 'promote', piece: 'seed-pawn', choices: ['seed-queen'], stuck: true },
                { kind: 'drops' },
                { kind: 'drop-zone', piece: 'pawn', zone: 'pawn-drops' },
                { kind: 'no-doubled', pieces: ['pawn'] },
                { kind: 'drop-mate', rule: 'loses', pieces: ['pawn'] },
                { kind: 'immobility-illegal' },
                { kind: 'pass' },
                { kind: 'irreversible', pieces: ['pawn'] },
                { kind: 'checkmate', outcome: 'loss' },
                { kind: 'stalemate', outcome: 'win' },
                { kind: 'bare-king', outcome: 'loss' },
                { kind: 'extinction', outcome: 'loss', pieces: ['king', 'queen'] },
                { kind: 'flag', zone: 'hill', pieces: ['king'] },
                { kind: 'repetition', count: 4, outcome: 'loss', forWhite: true, perpetualCheck: true },
                { kind: 'move-rule', moves: 50, outcome: 'draw' },
                { kind: 'double-pass' },
                { kind: 'material', values: [{ piece: 'chariot', value: 13 }, { piece: 'cannon', value: 7 }], blackBonus: 1.5 }
            ]
        }
    },
    {
        lisp: '(def g (game (board xiangqi-board) (pieces (general "k")) (start "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1") (royal capture general)))',
        c: 'g := game(board(xiangqi_board), pieces(general("k")), start("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1"), royal(capture, general))',
        sql: 'g IS game(board(xiangqi_board), pieces(general("k")), start("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1"), royal(capture, general))',
        model: {
            kind: 'game', clauses: [
                { kind: 'board', name: 'xiangqi-board' },
                { kind: 'pieces', pieces: [{ piece: 'general', letter: 'k' }] },
                { kind: 'start', fen: '4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1' },
                { kind: 'royal', rule: 'capture', pieces: ['general'] }
            ]
        }
    },
    {
        // A SAN letter where Fairy-Stockfish's differs from the FEN letter (xiangqi's horse, shogi's dragon).
        lisp: '(def g (game (pieces (general "k") (horse "n" (san "h")) (dragon "+r" (san "d"))) (start "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1")))',
        c: 'g := game(pieces(general("k"), horse("n", san("h")), dragon("+r", san("d"))), start("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1"))',
        sql: 'g IS game(pieces(general("k"), horse("n", SAN("h")), dragon("+r", san("d"))), start("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1"))',
        model: {
            kind: 'game', clauses: [
                { kind: 'pieces', pieces: [{ piece: 'general', letter: 'k' }, { piece: 'horse', letter: 'n', san: 'h' }, { piece: 'dragon', letter: '+r', san: 'd' }] },
                { kind: 'start', fen: '4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1' }
            ]
        }
    }
];

describe('game declarations in the three styles', () => {
    for (const construct of CONSTRUCTS) {
        for (const style of STYLES) {
            test(`${style}: ${construct[style].slice(0, 60)}`, () => {
                const read = parsePieceText(construct[style]);
                expect(read.problems).toEqual([]);
                expect(read.pieces[0].declaration).toEqual(construct.model);
                for (const to of STYLES) {
                    const printed = printPiece(read.pieces[0], to);
                    const again = parsePieceText(printed);
                    expect(again.problems, printed).toEqual([]);
                    expect(meaning(again.pieces[0]), printed).toEqual(meaning(read.pieces[0]));
                }
            });
        }
    }
});

describe('a misused clause is a located error in plain words', () => {
    const errorsOf = (text: string) => parsePieceText(text).problems.filter((p) => p.severity === 'error');
    test.each([
        ['(def g (game (pices (king "k"))))', "'pices' is not a clause of a game; did you mean 'pieces'?"],
        ['(def g (game (royal chek king)))', "'chek' is not a word of 'royal', which takes 'check' or 'capture' here; did you mean 'check'?"],
        ['(def g (game (stalemate lose)))', "'lose' is not a word of 'stalemate'"],
        ['(def g (game (pieces king)))', 'each piece is written with its letter'],
        ['(def g (game (pieces (horse "n" "h"))))', 'after the letter comes only the SAN letter, where it differs from the FEN letter, as (horse "n" (san "h"))'],
        ['(def g (game (pieces (horse "n" (san h)))))', 'after the letter comes only the SAN letter'],
        ['(def g (game (pieces (horse "n" (san "h") (san "e")))))', 'each piece is written with its letter'],
        ['(def g (game (castling (king e1 g1))))', 'castling moves two pieces'],
        ['(def g (game (castling (king e1 zz) (rook h1 f1))))', "'zz' is not a square"],
        ['(def g (game (promotion)))', 'say whether promotion is mandatory or optional'],
        ['(def g (game (repetition draw)))', 'the number of times the position stands comes first'],
        ['(def g (game))', 'this game has no clause'],
        ['(def g (game (pass pawn)))', "'pass' takes nothing"],
        ['(def rook (/ (pieces (king "k")) [0 1]))', "'pieces' is a clause of a game declaration"]
    ])('%s', (text, message) => {
        expect(errorsOf(text).map((e) => e.message).join('\n')).toContain(message);
    });
});
