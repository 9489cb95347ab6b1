/**
 * Makruk against Fairy-Stockfish (its `makruk` variant): the shipped example
 * (examples/makruk.lcpn), in hand-made positions, the start position and positions of seeded
 * random legal games, both sides to move. For every piece of the side to move, lcpn's
 * destinations are FSF's legal moves (compare.ts says how check is accounted for), and a pawn
 * reaching the sixth rank (Black's third) promotes to a met in both. The counting rules of the
 * endgame decide the result, not the moves, and are not compared.
 */
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { compareVariant, GAME_TIMEOUT, type VariantSpec } from './compare.js';
import { fenFrom, loadFfish, playable, randomPositions, turnedFen, type Ffish } from './fsf.js';
import { loadLcpn } from './lcpn-side.js';

const root = resolve(import.meta.dirname, '../../..');

const MAKRUK: VariantSpec = {
    variant: 'makruk',
    names: { k: 'king', m: 'met', s: 'khon', n: 'horse', r: 'boat', p: 'pawn' },
    promotion: (_letter, suffix) => ({ m: 'met' })[suffix] ?? suffix
};

/** Made by hand, each also turned half a turn with Black to move: pawns one step from promotion, moving and capturing into it. */
const HAND = [
    'K@d1 P@a5 P@c5 P@h4 S@e3 M@f4 N@b1 R@h1 k@e8 p@b6 p@d6 m@g7 s@c8 r@a8'
].map((placements) => fenFrom(8, 8, placements));

let ffish: Ffish;
beforeAll(async () => {
    ffish = await loadFfish();
}, GAME_TIMEOUT);

describe('makruk agrees with Fairy-Stockfish', () => {
    test('the hand-made positions are playable', () => {
        for (const fen of [...HAND, ...HAND.map(turnedFen)]) expect(playable(ffish, 'makruk', fen), fen).toBe(true);
    });

    test('examples/makruk.lcpn: hand-made positions, start position and random games (seed 40)', () => {
        const fens = [...HAND, ...HAND.map(turnedFen), ...randomPositions(ffish, 'makruk', { seed: 40, games: 8, plies: 150, every: 5 })];
        expect(fens.length).toBeGreaterThan(150);
        expect(fens.filter((f) => f.split(' ')[1] === 'b').length).toBeGreaterThan(fens.length / 3);
        const figures = compareVariant(ffish, MAKRUK, loadLcpn({ path: join(root, 'examples/makruk.lcpn') }), fens);
        console.log('makruk', JSON.stringify({ ...figures, disagreements: figures.disagreements.length }));
        expect(figures.disagreements.slice(0, 20)).toEqual([]);
        expect(figures.illegalByCheck).toBeGreaterThan(0);
        expect(figures.promotions).toBeGreaterThan(0);
    }, GAME_TIMEOUT);
});
