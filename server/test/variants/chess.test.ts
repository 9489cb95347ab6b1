/**
 * Orthodox chess against Fairy-Stockfish: the standard prelude's king, queen, rook, bishop,
 * knight and pawn, in the start position and in positions of seeded random legal games, both
 * sides. See compare.ts for what is compared and how check is accounted for. Castling and en
 * passant are left out: they involve two pieces or the previous move, which no one piece's
 * definition describes.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { compareVariant, GAME_TIMEOUT, type VariantSpec } from './compare.js';
import { loadFfish, parseSq, randomPositions, type Ffish } from './fsf.js';
import { loadLcpn, type LcpnFile } from './lcpn-side.js';
import { parseBetza } from '../../src/notation/betza-parse.js';

let ffish: Ffish;
beforeAll(async () => {
    ffish = await loadFfish();
}, GAME_TIMEOUT);

const CHESS: VariantSpec = {
    variant: 'chess',
    names: { k: 'king', q: 'queen', r: 'rook', b: 'bishop', n: 'knight', p: 'pawn' },
    promotion: (_letter, suffix) => ({ q: 'queen', r: 'rook', b: 'bishop', n: 'knight' })[suffix] ?? suffix,
    // FSF lets a pawn make its double step from its start rank: that is its first move.
    firstMove: (p) => p.letter === 'p' && p.square.rank === (p.white ? 1 : 6),
    notPieceMove: (p, to, position) => {
        const target = parseSq(to);
        const castling = p.letter === 'k' && Math.abs(target.file - p.square.file) === 2;
        const enPassant = p.letter === 'p' && target.file !== p.square.file
            && !position.pieces.some((q) => q.square.file === target.file && q.square.rank === target.rank);
        return castling || enPassant;
    }
};

/** The pawn's double step as a first move: `(first-move)` instead of the prelude's `(= (rank) 2)`. */
const FIRST_MOVE_PAWN = `
(def pawn (cond ((first-move) (/ simple-pawn ((& move no-jump) (0 2 :only))))
                ((= (rank) 7) (=> simple-pawn (promote-to queen rook knight bishop)))
                (t simple-pawn)))`;

/** The file with its pawn replaced by the Betza pawn (fmWfcFifmnD: `i` is the first move; no promotion). */
function withBetzaPawn(file: LcpnFile): LcpnFile {
    const converted = parseBetza('fmWfcFifmnD');
    expect(converted.problems.filter((p) => p.severity === 'error')).toEqual([]);
    const pawn = { name: 'pawn', key: 'pawn', properties: [], body: converted.move!, style: 'lisp' as const };
    return { ...file, piece: (key) => (key === 'pawn' ? pawn : file.piece(key)) };
}

describe('orthodox chess agrees with Fairy-Stockfish', () => {
    let fens: string[];
    beforeAll(() => {
        fens = randomPositions(ffish, 'chess', { seed: 1, games: 10, plies: 120, every: 5 });
    }, GAME_TIMEOUT);

    test('the prelude pieces: start position and 240 random positions (seed 1)', () => {
        const figures = compareVariant(ffish, CHESS, loadLcpn({ text: '' }), fens);
        console.log('chess', JSON.stringify({ ...figures, disagreements: figures.disagreements.length }));
        expect(figures.disagreements.slice(0, 20)).toEqual([]);
        expect(figures.positions).toBeGreaterThan(100);
        expect(figures.blackToMove).toBeGreaterThan(figures.positions / 3);
        expect(figures.promotions).toBeGreaterThan(0);
    }, GAME_TIMEOUT);

    test('a pawn whose double step is its first move, (first-move)', () => {
        const figures = compareVariant(ffish, CHESS, loadLcpn({ text: FIRST_MOVE_PAWN }), fens);
        console.log('chess (first-move)', JSON.stringify({ ...figures, disagreements: figures.disagreements.length }));
        expect(figures.disagreements.slice(0, 20)).toEqual([]);
    }, GAME_TIMEOUT);

    test('the Betza pawn fmWfcFifmnD (promotion left out: Betza does not say it)', () => {
        const figures = compareVariant(ffish, { ...CHESS, ignorePromotions: true }, withBetzaPawn(loadLcpn({ text: '' })), fens);
        console.log('chess (Betza i)', JSON.stringify({ ...figures, disagreements: figures.disagreements.length }));
        expect(figures.disagreements.slice(0, 20)).toEqual([]);
    }, GAME_TIMEOUT);

    test('the first-move state matters: a set-up that says every pawn has moved loses exactly the double steps', () => {
        const figures = compareVariant(ffish, { ...CHESS, firstMove: () => false }, loadLcpn({ text: FIRST_MOVE_PAWN }), fens);
        expect(figures.disagreements.length).toBeGreaterThan(0);
        for (const d of figures.disagreements) expect(d).toMatch(/pawn on [a-h](2|7): FSF moves to [a-h](4|5), lcpn does not$/);
    }, GAME_TIMEOUT);
});
