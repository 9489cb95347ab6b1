/**
 * Xiangqi against Fairy-Stockfish (its `xiangqi` variant): the shipped example
 * (examples/xiangqi.lcpn) and the LCPN specification's own Chinese chess pieces in all three
 * styles, verbatim, with a board declaration (server/test/fixtures/xiangqi/). Positions: the
 * start position and positions of seeded random legal games, both sides to move; for every piece
 * of the side to move, lcpn's destinations are FSF's legal moves (compare.ts says how check and
 * the flying-general rule are accounted for).
 */
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { compareVariant, GAME_TIMEOUT, type VariantSpec } from './compare.js';
import { fenFrom, loadFfish, playable, randomPositions, turnedFen, type Ffish } from './fsf.js';
import { loadLcpn } from './lcpn-side.js';

const root = resolve(import.meta.dirname, '../../..');
/**
 * Positions made by hand for the rules random games reach rarely, each also turned half a turn
 * with Black to move: an elephant on the river bank (it may not cross) with a blocked eye, a
 * lame horse, a cannon capturing over a screen, soldiers across the river and on the last rank,
 * advisors and the general on the fortress's edge; and a general that may not step onto the
 * file of the other general (flying general).
 */
const HAND = [
    'K@e1 A@d1 A@f3 B@c5 B@g3 P@d4 N@b3 P@b4 C@e5 P@c7 P@i10 R@a1 k@f10 a@e9 p@e7 r@h8 n@g6',
    'K@d2 A@d1 R@a5 N@c3 k@e10 a@d10 a@f10 r@i6 c@b8 p@a7'
].map((placements) => fenFrom(9, 10, placements));

let ffish: Ffish;
let fens: string[];
beforeAll(async () => {
    ffish = await loadFfish();
    fens = [...HAND, ...HAND.map(turnedFen), ...randomPositions(ffish, 'xiangqi', { seed: 10, games: 8, plies: 150, every: 5 })];
}, GAME_TIMEOUT);

const PIECES = { k: 'general', a: 'advisor', b: 'elephant', n: 'horse', r: 'chariot', c: 'cannon', p: 'soldier' };
const spec = (names: Partial<typeof PIECES>): VariantSpec => ({ variant: 'xiangqi', names: { ...PIECES, ...names }, facingGenerals: 'never' });

describe('xiangqi agrees with Fairy-Stockfish', () => {
    test('the hand-made positions are playable', () => {
        for (const fen of [...HAND, ...HAND.map(turnedFen)]) expect(playable(ffish, 'xiangqi', fen), fen).toBe(true);
    });

    test('the positions cover both sides and the whole game', () => {
        expect(fens.length).toBeGreaterThan(150);
        expect(fens.filter((f) => f.split(' ')[1] === 'b').length).toBeGreaterThan(fens.length / 3);
    });

    test.each([
        ['examples/xiangqi.lcpn', spec({})],
        // The specification's names: the chariot is the prelude's rook, the soldier its chinese-pawn.
        ['server/test/fixtures/xiangqi/spec.lisp.lcpn', spec({ r: 'rook', p: 'chinese-pawn' })],
        ['server/test/fixtures/xiangqi/spec.c.lcpn', spec({ r: 'rook', c: 'pao', p: 'chinese-pawn' })],
        ['server/test/fixtures/xiangqi/spec.sql.lcpn', spec({ r: 'rook', c: 'pao', p: 'chinese-pawn' })]
    ])('%s', (path, variant) => {
        const figures = compareVariant(ffish, variant, loadLcpn({ path: join(root, path) }), fens);
        console.log(`xiangqi ${path}`, JSON.stringify({ ...figures, disagreements: figures.disagreements.length }));
        expect(figures.disagreements.slice(0, 20)).toEqual([]);
        expect(figures.illegalByCheck).toBeGreaterThan(0);
    }, GAME_TIMEOUT);
});
