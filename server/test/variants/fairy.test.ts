/**
 * The fairy variants of examples/ against Fairy-Stockfish: minixiangqi (7x7 xiangqi: palace,
 * flying general), grand chess (10x10: marshal, cardinal, a pawn whose double step is its
 * first move, promotion on the last three ranks) and Ouk Chatrang (FSF's `cambodian`: the king's
 * and the neang's first moves, known from the FEN, not from where they stand). Start position and seeded random legal games,
 * both sides to move; compare.ts says what is compared and how check is accounted for.
 */
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { compareVariant, GAME_TIMEOUT, type VariantSpec } from './compare.js';
import { loadFfish, parseSq, randomPositions, type Ffish } from './fsf.js';
import { loadLcpn } from './lcpn-side.js';

const root = resolve(import.meta.dirname, '../../..');
let ffish: Ffish;
beforeAll(async () => {
    ffish = await loadFfish();
}, GAME_TIMEOUT);

const MINIXIANGQI: VariantSpec = {
    variant: 'minixiangqi',
    names: { k: 'general', r: 'chariot', n: 'horse', c: 'cannon', p: 'soldier' },
    facingGenerals: 'never'
};

const GRAND_PROMOTIONS: Record<string, string> = { q: 'queen', c: 'marshal', a: 'cardinal', r: 'rook', b: 'bishop', n: 'knight' };
const GRAND: VariantSpec = {
    variant: 'grand',
    names: { k: 'king', q: 'queen', c: 'marshal', a: 'cardinal', r: 'rook', b: 'bishop', n: 'knight', p: 'pawn' },
    // FSF lets a pawn make its double step from its start rank (the third): that is its first move.
    firstMove: (p) => p.letter === 'p' && p.square.rank === (p.white ? 2 : 7),
    // En passant involves the previous move: not a piece's move.
    notPieceMove: (p, to, position) => {
        const target = parseSq(to);
        return p.letter === 'p' && target.file !== p.square.file
            && !position.pieces.some((q) => q.square.file === target.file && q.square.rank === target.rank);
    },
    // A pawn may enter the last rank only to promote to a piece its side has lost, and may promote
    // only to such a piece: a rule of the game (what was captured), not of the pawn's move.
    gameRule: (p, to) => p.letter === 'p' && parseSq(to).rank === (p.white ? 9 : 0),
    promotion: (_letter, suffix) => GRAND_PROMOTIONS[suffix] ?? suffix
};

const CAMBODIAN: VariantSpec = {
    variant: 'cambodian',
    names: { k: 'sdech', m: 'neang', s: 'koul', n: 'ses', r: 'tuuk', p: 'trey' },
    promotion: (_letter, suffix) => ({ m: 'neang' })[suffix] ?? suffix,
    // FSF keeps "has not moved yet" for the king and the neang in the FEN's castling field, by the
    // file of their start square: D and E for White's d1 and e1, d and e for Black's d8 and e8.
    firstMove: (p, position) => {
        const home = p.white ? 0 : 7;
        const flag = String.fromCharCode(97 + p.square.file);
        return (p.letter === 'k' || p.letter === 'm') && p.square.rank === home
            && (position.rights ?? '').includes(p.white ? flag.toUpperCase() : flag);
    },
    // The king may not make its first-move leap out of check: a rule of check, not of its move.
    gameRule: (p, to, _position, inCheck) => inCheck && p.letter === 'k' && Math.abs(parseSq(to).file - p.square.file) === 2
};

describe('fairy variants agree with Fairy-Stockfish', () => {
    test('examples/cambodian.sql.lcpn: start position and random games (seed 70); first moves of the king and the neang', () => {
        const fens = randomPositions(ffish, 'cambodian', { seed: 70, games: 8, plies: 120, every: 5 });
        expect(fens.length).toBeGreaterThan(100);
        const figures = compareVariant(ffish, CAMBODIAN, loadLcpn({ path: join(root, 'examples/cambodian.sql.lcpn') }), fens);
        console.log('cambodian', JSON.stringify({ ...figures, disagreements: figures.disagreements.length }));
        expect(figures.disagreements.slice(0, 20)).toEqual([]);
        expect(figures.blackToMove).toBeGreaterThan(figures.positions / 3);
        expect(figures.promotions).toBeGreaterThan(0);
        // The first-move state is what FSF says: a set-up claiming every piece has moved loses the leaps.
        const moved = compareVariant(ffish, { ...CAMBODIAN, firstMove: () => false }, loadLcpn({ path: join(root, 'examples/cambodian.sql.lcpn') }), fens);
        expect(moved.disagreements.length).toBeGreaterThan(0);
        for (const d of moved.disagreements) expect(d).toMatch(/(sdech on [de](1|8): FSF moves to [bfcg](2|7)|neang on [de](1|8): FSF moves to [de](3|6)), lcpn does not$/);
    }, GAME_TIMEOUT);

    test('examples/minixiangqi.lcpn: start position and random games (seed 50)', () => {
        const fens = randomPositions(ffish, 'minixiangqi', { seed: 50, games: 8, plies: 100, every: 5 });
        expect(fens.length).toBeGreaterThan(100);
        const figures = compareVariant(ffish, MINIXIANGQI, loadLcpn({ path: join(root, 'examples/minixiangqi.lcpn') }), fens);
        console.log('minixiangqi', JSON.stringify({ ...figures, disagreements: figures.disagreements.length }));
        expect(figures.disagreements.slice(0, 20)).toEqual([]);
        expect(figures.blackToMove).toBeGreaterThan(figures.positions / 3);
    }, GAME_TIMEOUT);

    test('examples/grand.lcpn: start position and random games (seed 60)', () => {
        const fens = randomPositions(ffish, 'grand', { seed: 60, games: 8, plies: 120, every: 5 });
        expect(fens.length).toBeGreaterThan(100);
        const figures = compareVariant(ffish, { ...GRAND, promotionToLostPieces: true }, loadLcpn({ path: join(root, 'examples/grand.lcpn') }), fens);
        console.log('grand', JSON.stringify({ ...figures, disagreements: figures.disagreements.length }));
        expect(figures.disagreements.slice(0, 20)).toEqual([]);
        expect(figures.blackToMove).toBeGreaterThan(figures.positions / 3);
        expect(figures.promotions).toBeGreaterThan(0);
    }, GAME_TIMEOUT);
});
