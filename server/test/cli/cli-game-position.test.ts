/**
 * `--position` in a file that declares a game (issue 23): a FEN in the game's notation is
 * accepted beside position strings, and `lcpn moves` gives legal moves only: a royal piece never
 * steps into check (nor, in xiangqi, faces the other general); castling and en passant are
 * listed where they are legal. Positions and answers worked out by hand from the rules.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { requireBundle, root, runLcpn } from './run-cli.js';

beforeAll(() => requireBundle());

const lcpn = (...args: string[]) => runLcpn(root, args);
const json = (...args: string[]) => {
    const result = lcpn('moves', ...args, '--json');
    expect(result.stderr).toBe('');
    return JSON.parse(result.stdout) as { moveSquares: string[]; takeSquares: string[]; captureSquares: string[] };
};

describe('moves --position with a game', () => {
    test('chess, FEN: the king does not step onto the rook\'s file; it castles short, not long (d1 attacked)', () => {
        const r = json('examples/chess.lcpn', 'king@e1', '--position', '3rk3/8/8/8/8/8/8/R3K2R w KQ - 0 1');
        expect(r.moveSquares).toEqual(['e2', 'f1', 'f2', 'g1']);
        expect(r.captureSquares).toEqual([]);
    });

    test('chess, FEN: en passant right after the double step', () => {
        const r = json('examples/chess.lcpn', 'pawn@e5', '--position', 'rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3');
        expect(r).toMatchObject({ moveSquares: ['e6'], takeSquares: ['d6'] });
    });

    test('chess, a position string: the same legality (no castling rights there)', () => {
        expect(json('examples/chess.lcpn', 'king@e1', '--position', '8x8 w:king@e1,rook@a1 b:rook@d8,king@h8').moveSquares).toEqual(['e2', 'f1', 'f2']);
    });

    test('xiangqi: the general never faces the other general, nor steps into the chariot\'s file', () => {
        expect(json('examples/xiangqi.lcpn', 'general@e1', '--position', '9x10 w:general@e1 b:general@d10,chariot@f9').moveSquares).toEqual(['e2']);
    });

    test('show reads a FEN; a FEN where the file has no game, and a game named that is not there, are clear errors', () => {
        const shown = lcpn('show', 'examples/chess.lcpn', '--position', '4k3/8/8/8/8/8/8/4K3 w - - 0 1');
        expect(shown.code).toBe(0);
        expect(shown.stdout.split('\n')[0]).toBe('position 8x8, 2 pieces');
        expect(lcpn('moves', 'examples/orthodox.lcpn', 'fide-king', '--position', '4k3/8/8/8/8/8/8/4K3 w - - 0 1').stderr)
            .toContain('a FEN needs a game to say what its letters are, and the file declares none');
        expect(lcpn('moves', 'examples/chess.lcpn', 'king@e1', '--position', '4k3/8/8/8/8/8/8/4K3 w - - 0 1', '--game', 'foo').stderr)
            .toBe("lcpn: moves: examples/chess.lcpn: the file declares no game named 'foo': its games are chess\n");
    });
});
