/**
 * Janggi against Fairy-Stockfish (its `janggi` variant): the shipped example
 * (examples/janggi.lcpn), in the start position and positions of seeded random legal games,
 * both sides to move; for every piece of the side to move, lcpn's destinations are FSF's legal
 * moves (compare.ts says how check and bikjang are accounted for). Passing is not a piece's
 * move and is left out.
 */
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { compareVariant, GAME_TIMEOUT, type VariantSpec } from './compare.js';
import { fenFrom, loadFfish, playable, randomPositions, turnedFen, type Ffish } from './fsf.js';
import { loadLcpn } from './lcpn-side.js';

const root = resolve(import.meta.dirname, '../../..');
/**
 * Positions made by hand for the rules random games reach rarely, each also turned half a turn
 * with Black to move: a chariot and a soldier on the points of the enemy palace, a cannon
 * jumping along the palace lines over a guard, cannons that may neither jump nor take a cannon,
 * an elephant with a blocked path and a capture, a guard on the palace centre.
 */
const HAND = [
    'K@f1 A@e2 C@d1 R@d8 P@f8 B@e5 C@h3 C@b5 k@e10 a@d10 c@b8 p@f7 c@h6 n@b10 r@a10 b@c8',
    'K@e2 A@d1 A@f1 R@f3 C@d3 P@e4 k@d9 a@e10 r@e8 c@f10 p@c4 n@g7'
].map((placements) => fenFrom(9, 10, placements));

let ffish: Ffish;
beforeAll(async () => {
    ffish = await loadFfish();
}, GAME_TIMEOUT);

const JANGGI: VariantSpec = {
    variant: 'janggi',
    names: { k: 'general', a: 'guard', b: 'elephant', n: 'horse', r: 'chariot', c: 'cannon', p: 'soldier' },
    facingGenerals: 'bikjang'
};

describe('janggi agrees with Fairy-Stockfish', () => {
    test('the hand-made positions are playable', () => {
        for (const fen of [...HAND, ...HAND.map(turnedFen)]) expect(playable(ffish, 'janggi', fen), fen).toBe(true);
    });

    test('examples/janggi.lcpn: hand-made positions, start position and random games (seed 20)', () => {
        const fens = [...HAND, ...HAND.map(turnedFen), ...randomPositions(ffish, 'janggi', { seed: 20, games: 8, plies: 150, every: 5 })];
        expect(fens.length).toBeGreaterThan(150);
        expect(fens.filter((f) => f.split(' ')[1] === 'b').length).toBeGreaterThan(fens.length / 3);
        const figures = compareVariant(ffish, JANGGI, loadLcpn({ path: join(root, 'examples/janggi.lcpn') }), fens);
        console.log('janggi', JSON.stringify({ ...figures, disagreements: figures.disagreements.length }));
        expect(figures.disagreements.slice(0, 20)).toEqual([]);
        expect(figures.illegalByCheck).toBeGreaterThan(0);
    }, GAME_TIMEOUT);
});
