/**
 * Orthodox chess against Fairy-Stockfish: the standard prelude's king, queen, rook, bishop,
 * knight and pawn, in the start position and in positions of seeded random legal games, both
 * sides. See compare.ts for what is compared and how check is accounted for. Castling and en
 * passant are left out: they involve two pieces or the previous move, which no one piece's
 * definition describes.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { compareVariant, type VariantSpec } from './compare.js';
import { loadFfish, parseSq, randomPositions, type Ffish } from './fsf.js';
import { loadLcpn } from './lcpn-side.js';

let ffish: Ffish;
beforeAll(async () => {
    ffish = await loadFfish();
});

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

describe('orthodox chess: the prelude pieces agree with Fairy-Stockfish', () => {
    test('start position and 200 random positions (seed 1)', () => {
        const fens = randomPositions(ffish, 'chess', { seed: 1, games: 10, plies: 120, every: 5 });
        const figures = compareVariant(ffish, CHESS, loadLcpn({ text: '' }), fens);
        console.log('chess', JSON.stringify({ ...figures, disagreements: figures.disagreements.length }));
        expect(figures.disagreements.slice(0, 20)).toEqual([]);
        expect(figures.positions).toBeGreaterThan(100);
        expect(figures.blackToMove).toBeGreaterThan(figures.positions / 3);
    });
});
