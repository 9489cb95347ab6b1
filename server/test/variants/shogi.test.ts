/**
 * Shogi against Fairy-Stockfish (its `shogi` variant): the shipped example (examples/shogi.lcpn),
 * in hand-made positions, the start position and positions of seeded random legal games, both
 * sides to move. For every piece of the side to move, lcpn's destinations are FSF's legal moves
 * (compare.ts says how check is accounted for), and the squares where FSF offers a promotion are
 * exactly those lcpn marks, with the promoted piece as the choice. FSF offers only the promoting
 * move where the unpromoted piece could never move again (pawn and lance on the last rank, knight
 * on the last two): lcpn marks the promotion there too; that it is compulsory is a rule of the
 * game that the comparison does not check. Drops are not moves of a piece on the board and are
 * left out.
 */
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { compareVariant, GAME_TIMEOUT, type VariantSpec } from './compare.js';
import { fenFrom, loadFfish, playable, randomPositions, turnedFen, type Ffish } from './fsf.js';
import { loadLcpn } from './lcpn-side.js';

const root = resolve(import.meta.dirname, '../../..');

const NAMES: Record<string, string> = {
    k: 'king', g: 'gold', s: 'silver', n: 'knight', l: 'lance', r: 'rook', b: 'bishop', p: 'pawn',
    '+r': 'dragon', '+b': 'horse', '+p': 'tokin', '+s': 'promoted-silver', '+n': 'promoted-knight', '+l': 'promoted-lance'
};
const SHOGI: VariantSpec = {
    variant: 'shogi',
    names: NAMES,
    promotion: (letter, suffix) => (suffix === '+' ? NAMES[`+${letter}`] : suffix)
};

/**
 * Made by hand, each also turned half a turn with Black to move: pieces entering, leaving and
 * moving inside the promotion zone (a rook leaving it, a bishop entering it, a silver inside
 * it, a knight and a lance and a pawn that must promote), and every promoted piece.
 */
const HAND = [
    'K@e1 R@b7 B@h2 S@e7 N@c6 L@a6 P@g8 G@d2 k@e9 g@d9 p@b8 p@i7 s@f9',
    'K@e2 +R@a5 +B@i4 +P@c3 +S@g6 +N@d5 +L@h1 k@d9 r@a9 b@i9 n@c9 l@g9 p@e7'
].map((placements) => fenFrom(9, 9, placements));

let ffish: Ffish;
beforeAll(async () => {
    ffish = await loadFfish();
}, GAME_TIMEOUT);

describe('shogi agrees with Fairy-Stockfish', () => {
    test('the hand-made positions are playable', () => {
        for (const fen of [...HAND, ...HAND.map(turnedFen)]) expect(playable(ffish, 'shogi', fen), fen).toBe(true);
    });

    test('examples/shogi.lcpn: hand-made positions, start position and random games (seed 30)', () => {
        const fens = [...HAND, ...HAND.map(turnedFen), ...randomPositions(ffish, 'shogi', { seed: 30, games: 8, plies: 150, every: 5 })];
        expect(fens.length).toBeGreaterThan(150);
        expect(fens.filter((f) => f.split(' ')[1] === 'b').length).toBeGreaterThan(fens.length / 3);
        const figures = compareVariant(ffish, SHOGI, loadLcpn({ path: join(root, 'examples/shogi.lcpn') }), fens);
        console.log('shogi', JSON.stringify({ ...figures, disagreements: figures.disagreements.length }));
        expect(figures.disagreements.slice(0, 20)).toEqual([]);
        expect(figures.illegalByCheck).toBeGreaterThan(0);
        expect(figures.promotions).toBeGreaterThan(20);
    }, GAME_TIMEOUT);
});
