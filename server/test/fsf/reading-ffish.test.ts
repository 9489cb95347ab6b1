/**
 * Each diagnostic says what Fairy-Stockfish does with the text: here the same section is checked
 * and loaded into ffish, and ffish must do what the diagnostic says (ignore the line, read false,
 * skip the section, keep the later piece, give no double step ...). Sections are written by hand
 * from the mistakes Fairy-Stockfish's users reported (issues 388, 569, 634, 939, 1008) and from
 * how its reader works.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { checkIni, FsfCodes } from '../../src/fsf/index.js';
import { loadFfish, type Ffish } from '../variants/fsf.js';
import { GAME_TIMEOUT } from '../variants/compare.js';
import { located } from './helpers.js';

let ffish: Ffish;
beforeAll(async () => {
    ffish = await loadFfish();
}, GAME_TIMEOUT);

/** The legal moves ffish gives in `variant` (from `fen`, else its start), sorted. */
function moves(variant: string, fen?: string): string[] {
    const board = fen === undefined ? new ffish.Board(variant) : new ffish.Board(variant, fen);
    try {
        return board.legalMoves().split(' ').filter(Boolean).sort();
    } finally {
        board.delete();
    }
}

const has = (variant: string) => ffish.variants().split(' ').includes(variant);
/** The diagnostics of `text` as `line:column+length code`, and `text` loaded into ffish. */
function both(text: string): string[] {
    ffish.loadVariantConfig(text);
    return checkIni(text).diagnostics.filter((d) => d.severity !== 'info').map(located);
}

const CASTLES = 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1';

describe('lines Fairy-Stockfish ignores or misreads', () => {
    it('a key written with a colon is ignored (issue 388)', () => {
        expect(both('[rf-colon:chess]\ncastling: false\n')).toEqual([`2:9+1 ${FsfCodes.ColonForEquals}`]);
        expect(moves('rf-colon', CASTLES)).toContain('e1g1');
    });

    it('a comment after true makes it false', () => {
        expect(both('[rf-base1:chess]\ncastling = false\n[rf-comment:rf-base1]\ncastling = true # yes\n')).toEqual([`4:12+10 ${FsfCodes.BadValue}`]);
        expect(moves('rf-comment', CASTLES)).not.toContain('e1g1');
    });

    it('a space after true makes it false', () => {
        expect(both('[rf-base2:chess]\ncastling = false\n[rf-space:rf-base2]\ncastling = true \n')).toEqual([`4:12+5 ${FsfCodes.BadValue}`]);
        expect(moves('rf-space', CASTLES)).not.toContain('e1g1');
    });

    it('a tab after a key makes it another key; an indented key too', () => {
        expect(both('[rf-tab:chess]\ncastling\t= false\n')).toEqual([`2:1+9 ${FsfCodes.TabInKey}`, `2:1+9 ${FsfCodes.UnknownKey}`]);
        expect(moves('rf-tab', CASTLES)).toContain('e1g1');
        expect(both('[rf-indent:chess]\n  castling = false\n')).toEqual([`2:1+10 ${FsfCodes.IndentedLine}`, `2:1+10 ${FsfCodes.UnknownKey}`]);
        expect(moves('rf-indent', CASTLES)).toContain('e1g1');
    });

    it('a key without a value is ignored; a key given twice keeps its last value', () => {
        expect(both('[rf-empty:chess]\ncastling =\n')).toEqual([`2:1+10 ${FsfCodes.MissingValue}`]);
        expect(moves('rf-empty', CASTLES)).toContain('e1g1');
        expect(both('[rf-twice:chess]\ncastling = false\ncastling = true\n')).toEqual([`2:1+8 ${FsfCodes.RepeatedKey}`]);
        expect(moves('rf-twice', CASTLES)).toContain('e1g1');
    });

    it('an unknown key is ignored, with the key meant', () => {
        const text = '[rf-case:chess]\nmaxfile = 10\n';
        expect(both(text)).toEqual([`2:1+7 ${FsfCodes.UnknownKey}`]);
        expect(checkIni(text).diagnostics[0].message).toContain("write 'maxFile'");
        expect(ffish.startingFen('rf-case')).toBe(ffish.startingFen('chess'));
    });

    it('a key only older versions read is ignored', () => {
        expect(both('[rf-arrow:chess]\narrowGating = true\n')).toEqual([`2:1+11 ${FsfCodes.OldKey}`]);
        expect(moves('rf-arrow')).toHaveLength(20);
    });
});

describe('sections Fairy-Stockfish skips or cannot play', () => {
    it('a parent that does not exist: the section is skipped (and the engine crashes when it is selected)', () => {
        expect(both('[rf-orphan:chesss]\n')).toEqual([`1:12+6 ${FsfCodes.MissingParent}`]);
        expect(checkIni('[rf-orphan:chesss]\n').diagnostics[0].message).toContain("'chess'");
        expect(has('rf-orphan')).toBe(false);
    });

    it('a parent defined further down does not exist yet', () => {
        expect(both('[rf-early:rf-late]\n[rf-late:chess]\n')).toEqual([`1:11+7 ${FsfCodes.ParentBelow}`]);
        expect(has('rf-early')).toBe(false);
        expect(has('rf-late')).toBe(true);
    });

    it('a section without a parent starts with no pieces (issue 569)', () => {
        expect(both('[rf-bare]\ndoubleStep = false\n')).toEqual([`1:1+9 ${FsfCodes.NoPieces}`]);
        expect(moves('rf-bare')).toEqual([]);
    });

    it("a section named like one of Fairy-Stockfish's variants is skipped", () => {
        expect(both('[crazyhouse:chess]\npieceDrops = false\n')).toEqual([`1:2+10 ${FsfCodes.BuiltInName}`]);
        expect(ffish.startingFen('crazyhouse')).toBe('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1');
    });

    it('a board larger than 12 files is dropped', () => {
        expect(both('[rf-wide:chess]\nmaxFile = 13\n')).toEqual([`2:11+2 ${FsfCodes.BadValue}`, `2:11+2 ${FsfCodes.BoardSize}`]);
        expect(has('rf-wide')).toBe(false);
    });

    it('a start position that no longer fits the board', () => {
        expect(both('[rf-fit:chess]\nmaxFile = 10\n')).toEqual([`2:1+7 ${FsfCodes.StartFen}`]);
        expect(ffish.startingFen('rf-fit')).toBe(ffish.startingFen('chess'));
    });
});

describe('pieces', () => {
    it('a letter used twice: the piece read later (in piece-type order) wins, the other is left out', () => {
        expect(both('[rf-letter:chess]\nknight = n\ncustomPiece1 = n:W\n')).toEqual([`3:16+1 ${FsfCodes.LetterTwice}`]);
        expect(moves('rf-letter').filter((m) => m.startsWith('b1') || m.startsWith('g1'))).toEqual([]);
    });

    it('Betza on a built-in piece is ignored', () => {
        expect(both('[rf-betza:chess]\nknight = n:W\n')).toEqual([`2:12+1 ${FsfCodes.BetzaOnBuiltIn}`]);
        expect(moves('rf-betza')).toContain('b1c3');
    });

    it("letters Fairy-Stockfish skips in Betza: XBetza's a, a second digit", () => {
        expect(both('[rf-legs:chess]\ncustomPiece1 = a:mafsmafW\nstartFen = 4k3/8/8/8/3A4/8/8/4K3 w - - 0 1\n'))
            .toEqual([`2:19+1 ${FsfCodes.BadBetza}`, `2:23+1 ${FsfCodes.BadBetza}`]);
        expect(moves('rf-legs').filter((m) => m.startsWith('d4'))).toEqual(['d4c4', 'd4d5', 'd4e4']);
        expect(both('[rf-digits:chess]\ncustomPiece1 = a:R10\nstartFen = 4k3/8/8/8/3A4/8/8/4K3 w - - 0 1\n')).toEqual([`2:20+1 ${FsfCodes.BadBetza}`]);
        expect(moves('rf-digits').filter((m) => m.startsWith('d4'))).toEqual(['d4c4', 'd4d3', 'd4d5', 'd4e4']);
    });

    it("a custom piece's initial moves apply on the double-step region only, not before its first move (issue 939)", () => {
        const text = '[rf-initial:chess]\ncustomPiece1 = a:WiF\nstartFen = 4k3/8/8/8/8/8/A7/A3K3 w - - 0 1\n';
        // iF: Fairy-Stockfish's initial moves never capture.
        expect(both(text)).toEqual([`2:19+2 ${FsfCodes.BetzaIgnored}`, `2:19+1 ${FsfCodes.InitialMovesIgnored}`]);
        expect(checkIni(text).diagnostics[1].message).toContain('White on a1');
        const got = moves('rf-initial');
        expect(got.filter((m) => m.startsWith('a1'))).toEqual(['a1b1']);
        expect(got.filter((m) => m.startsWith('a2'))).toEqual(['a2a3', 'a2b1', 'a2b2', 'a2b3']);
    });

    it('a custom piece on the pawn\'s letter is no pawn: it does not promote unless pawnTypes says so', () => {
        const fen = '4k3/P7/8/8/8/8/8/4K3 w - - 0 1';
        expect(both(`[rf-nopawn:chess]\ncustomPiece1 = p:fmWfcF\nstartFen = ${fen}\n`)).toEqual([`2:16+1 ${FsfCodes.NotAPawnType}`]);
        expect(moves('rf-nopawn').filter((m) => m.startsWith('a7'))).toEqual(['a7a8']);
        expect(both(`[rf-pawn:chess]\ncustomPiece1 = p:fmWfcF\npawnTypes = p\nstartFen = ${fen}\n`)).toEqual([]);
        expect(moves('rf-pawn').filter((m) => m.startsWith('a7'))).toEqual(['a7a8b', 'a7a8n', 'a7a8q', 'a7a8r']);
    });

    it('a second pawn type has no double step of its own (issues 634, 1008)', () => {
        const fen = '4k3/8/8/8/8/8/ZP6/4K3 w - - 0 1';
        expect(both(`[rf-second:chess]\ncustomPiece1 = z:fmWfceF\npawnTypes = pz\nstartFen = ${fen}\n`)).toEqual([`2:18+7 ${FsfCodes.NoDoubleStep}`]);
        expect(moves('rf-second').filter((m) => /^[ab]2/.test(m))).toEqual(['a2a3', 'b2b3', 'b2b4']);
        expect(both(`[rf-second-fixed:chess]\ncustomPiece1 = z:fmWfceFifmnD\npawnTypes = pz\nstartFen = ${fen}\n`)).toEqual([]);
        expect(moves('rf-second-fixed').filter((m) => /^[ab]2/.test(m))).toEqual(['a2a3', 'a2a4', 'b2b3', 'b2b4']);
    });
});
