/**
 * `--position` in a file that declares a game (issue 23): a FEN in the game's notation is
 * accepted beside position strings, and `lcpn moves` gives legal moves only: a royal piece never
 * steps into check (nor, in xiangqi, faces the other general); castling and en passant are
 * listed where they are legal. Positions and answers worked out by hand from the rules.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

/** The squares `show --position` marks as the destinations of the piece titled `title` (any symbol but the piece, occupants and empty squares). */
function shownSquares(stdout: string, title: string): string[] {
    const lines = stdout.split('\n');
    const start = lines.indexOf(`${title}:`);
    expect(start).toBeGreaterThanOrEqual(0);
    const squares: string[] = [];
    for (const line of lines.slice(start + 1)) {
        const row = /^ {4} *(\d+) (.*)$/.exec(line);
        if (!row) break;
        row[2].split(' ').forEach((symbol, file) => {
            if (!'!.:#'.includes(symbol)) squares.push(`${String.fromCharCode(97 + file)}${row[1]}`);
        });
    }
    return squares.sort();
}

describe('moves --position and show --position answer alike (one legality step, game/piece-position.ts)', () => {
    const both = (piece: string, title: string, position: string) => {
        const moves = json('examples/chess.lcpn', piece, '--position', position);
        const shown = lcpn('show', 'examples/chess.lcpn', '--position', position);
        expect(shown.code).toBe(0);
        return { moves: [...moves.moveSquares, ...moves.takeSquares].sort(), shown: shownSquares(shown.stdout, title) };
    };

    test.each([
        ['a position string', '8x8 w:king@e1,rook@e3 b:rook@e8,king@a8'],
        ['a FEN', 'k3r3/8/8/8/8/4R3/8/4K3 w - - 0 1']
    ])('%s: the rook pinned on the e-file stays on it, and may take the pinning rook', (_, position) => {
        const { moves, shown } = both('rook@e3', 'rook (White) on e3', position);
        expect(moves).toEqual(['e2', 'e4', 'e5', 'e6', 'e7', 'e8']);
        expect(shown).toEqual(moves);
    });

    test.each([
        ['a position string', '8x8 w:king@e1 b:rook@d8,bishop@h4,king@a8'],
        ['a FEN', 'k2r4/8/8/8/7b/8/8/4K3 w - - 0 1']
    ])('%s: the king steps onto no square the rook or the bishop attacks', (_, position) => {
        const { moves, shown } = both('king@e1', 'king (White) on e1', position);
        // d1 and d2: the rook's file; f2: the bishop's diagonal.
        expect(moves).toEqual(['e2', 'f1']);
        expect(shown).toEqual(moves);
    });

    test('a position the game does not decide (another board): a note, and every move of the piece, as show gives them', () => {
        const position = '10x10 w:king@e1 b:king@e10';
        const moves = lcpn('moves', 'examples/chess.lcpn', 'king@e1', '--position', position, '--json');
        expect(moves.code).toBe(0);
        expect(moves.stderr).toBe("lcpn: note: not a position of chess (the position's board is 10x10, the game's 8x8), so these are the piece's moves, legal or not\n");
        const parsed = JSON.parse(moves.stdout) as { moveSquares: string[] };
        expect(parsed.moveSquares.sort()).toEqual(['d1', 'd2', 'e2', 'f1', 'f2']);
        const shown = lcpn('show', 'examples/chess.lcpn', '--position', position);
        expect(shownSquares(shown.stdout, 'king (White) on e1')).toEqual(parsed.moveSquares);
    });
});

describe('show --position with a game: legal moves only, pieces drawn as themselves', () => {
    test('a position string: the king\'s diagram leaves out the rook\'s file and says whose legal moves these are; the position in letters first', () => {
        const r = lcpn('show', 'examples/chess.lcpn', '--position', '8x8 w:king@e1,rook@a1 b:rook@d8,king@h8');
        expect(r.code).toBe(0);
        const lines = r.stdout.split('\n');
        expect(lines.slice(2, 4)).toEqual(['    8 . . . r . . . k', '    7 . . . . . . . .']);
        expect(lines).toContain('    1 R . . . K . . .');
        const king = lines.indexOf('king (White) on e1:');
        // d1 and d2 are attacked by the rook on d8: no move there (the king alone would go there).
        expect(lines.slice(king + 7, king + 9)).toEqual(['    2 . . . . X X . .', '    1 : . . . ! X . .']);
        expect(lines).toContain('  note: legal moves of chess, white to move');
    });

    test('a FEN: castling shown where its right allows; the side not to move has no legal move; --game names the game', () => {
        const r = lcpn('show', 'examples/chess.lcpn', '--position', '4k3/8/8/8/8/8/8/4K2R w K - 0 1', '--game', 'chess');
        expect(r.code).toBe(0);
        const lines = r.stdout.split('\n');
        const king = lines.indexOf('king (White) on e1:');
        // g1 is castling: a move only.
        expect(lines[king + 8]).toBe('    1 . . . X ! X o :');
        const black = lines.indexOf('king (Black) on e8:');
        expect(lines[black + 1]).toBe('    8 . . . . ! . . .');
        expect(lines).toContain("  note: it is White's move in this position: king has no legal move");
        expect(lcpn('show', 'examples/chess.lcpn', 'king', '--game', 'chess').stderr).toBe('lcpn: show: --game goes with --position (the game whose position it is)\n');
    });

    test('svg: each piece is its figure (chess) or its letter (xiangqi\'s horse), no disc for friends and enemies', () => {
        const dir = mkdtempSync(join(tmpdir(), 'lcpn-show-figures-'));
        const r = lcpn('show', 'examples/xiangqi.lcpn', '--position', '9x10 w:general@e1,horse@b1,chariot@a1 b:general@d10', '--format', 'svg', '--out', dir);
        expect(r.code).toBe(0);
        const horse = readFileSync(r.stdout.split('\n').find((p) => p.includes('horse'))!, 'utf8');
        // The chariot moves as the rook: its figure; the horse and generals move as no chess piece: their letters.
        expect(horse.match(/<path transform=/g)?.length).toBe(1);
        expect(horse).toMatch(/>N<\/text>/);
        expect(horse).toMatch(/>K<\/text>/);
        expect(horse).not.toContain('friendly piece');
    });
});
