/**
 * Seed 003's two games (the game manual in extended Parlett), played: positions worked out by
 * hand from the seed's text. Normal Chess: castling as the seed writes it (the king two squares
 * right or three left, `s`: over squares no enemy attacks; the rook jumping two squares back), en
 * passant right after a double step and only then, capturing the K ends the game, a pawn
 * promoting where it could move no further. Fairy Chess: the Shooter's shot (a capture without
 * moving), the Jumper's capture on the way, the Ferz's promotion on the far rank.
 */
import { describe, expect, test } from 'vitest';
import { gameResult, legalUci, perft, playUci, positionFromFen, writeFen } from '../../src/game/index.js';
import { loadGame } from './games.js';

const normal = (fen: string) => positionFromFen(loadGame('normal-chess'), fen);
const fairy = (fen: string) => positionFromFen(loadGame('fairy-chess'), fen);
const moves = (pos: ReturnType<typeof normal>) => legalUci(pos).texts.sort();

describe("seed 003's Normal Chess", () => {
    test('the start: 20 moves, as in chess (its pawns step one or two, its P leaps)', () => {
        const pos = normal(loadGame('normal-chess').model.start);
        expect(moves(pos)).toHaveLength(20);
        expect(moves(pos)).toContain('b1c3');
        expect(perft(pos, 3)).toBe(8902);
    });

    test('castling: the king two squares right (rook jumps to f1), or three left (rook jumps to c1)', () => {
        const pos = normal('t3k2t/8/8/8/8/8/8/T3K2T w KQkq - 0 1');
        expect(moves(pos)).toEqual(expect.arrayContaining(['e1g1', 'e1b1']));
        playUci(pos, 'e1g1');
        expect(writeFen(pos)).toBe('t3k2t/8/8/8/8/8/8/T4TK1 b kq - 1 1');
        playUci(pos, 'e8b8');
        expect(writeFen(pos)).toBe('1kt4t/8/8/8/8/8/8/T4TK1 w - - 2 2');
    });

    test("castling's s: not over a square an enemy could capture on, nor out of attack", () => {
        // A Black rook on f8 sees f1: no castling right; queenside still.
        expect(moves(normal('t3kt2/8/8/8/8/8/8/T3K2T w KQ - 0 1'))).toEqual(expect.arrayContaining(['e1b1']));
        expect(moves(normal('t3kt2/8/8/8/8/8/8/T3K2T w KQ - 0 1'))).not.toContain('e1g1');
        // The king attacked (a rook on e8): neither.
        const attacked = moves(normal('t3t3/8/8/8/8/8/8/T3K2T w KQ - 0 1'));
        expect(attacked.filter((m) => m === 'e1g1' || m === 'e1b1')).toEqual([]);
    });

    test('en passant: right after the double step, and only then', () => {
        const pos = normal('4k3/3i4/8/4I3/8/8/8/4K3 b - - 0 1');
        playUci(pos, 'd7d5');
        expect(writeFen(pos)).toBe('4k3/8/8/3iI3/8/8/8/4K3 w - d6 0 2');
        expect(moves(pos)).toContain('e5d6');
        playUci(pos, 'e5d6');
        expect(writeFen(pos)).toBe('4k3/8/3I4/8/8/8/8/4K3 b - - 0 2');
        // A move later the right is gone.
        const later = normal('4k3/3i4/8/4I3/8/8/8/4K3 b - - 0 1');
        for (const m of ['d7d5', 'e1f1', 'e8f8']) playUci(later, m);
        expect(moves(later)).not.toContain('e5d6');
    });

    test('no check: the king may be taken, and taking it wins at once', () => {
        const pos = normal('4k3/8/8/8/8/8/8/4T1K1 w - - 0 1');
        playUci(pos, 'e1e8');
        expect(gameResult(pos)).toEqual({ winner: 'white', reason: 'Black has no royal piece left' });
        expect(moves(pos)).toEqual([]);
        // Moving into an attacked square is legal too.
        expect(moves(normal('4k3/8/8/8/8/8/8/3T2K1 b - - 0 1'))).toContain('e8d8');
    });

    test('a pawn promotes where it could move no further, to D, T, L or P', () => {
        const pos = normal('4k3/I7/8/8/8/8/8/4K3 w - - 0 1');
        expect(moves(pos).filter((m) => m.startsWith('a7'))).toEqual(['a7a8d', 'a7a8l', 'a7a8p', 'a7a8t']);
    });
});

describe("seed 003's Fairy Chess", () => {
    test('the Shooter shoots up to four squares along a line without moving, over empty squares only', () => {
        const pos = fairy('4k3/8/8/8/4f3/8/8/4SK2 w - - 0 1');
        expect(moves(pos)).toContain('e1e4,e4e1');
        playUci(pos, 'e1e4,e4e1');
        expect(writeFen(pos)).toBe('4k3/8/8/8/8/8/8/4SK2 b - - 0 1');
        pos.unmake();
        expect(writeFen(pos)).toBe('4k3/8/8/8/4f3/8/8/4SK2 w - - 0 1');
        // Five squares away: out of range; behind a piece: blocked.
        expect(moves(fairy('4k3/8/4f3/8/8/8/8/4SK2 w - - 0 1')).some((m) => m.includes(','))).toBe(false);
        expect(moves(fairy('4k3/8/8/8/4f3/4F3/8/4SK2 w - - 0 1')).filter((m) => m.startsWith('e1e4'))).toEqual([]);
    });

    test('the Jumper jumps over an adjacent enemy, capturing it, to the empty square beyond', () => {
        const pos = fairy('4k3/8/8/3f4/3J4/8/8/4K3 w - - 0 1');
        expect(moves(pos).filter((m) => m.startsWith('d4'))).toEqual(['d4d5,d5d6']);
        playUci(pos, 'd4d5,d5d6');
        expect(writeFen(pos)).toBe('4k3/8/3J4/8/8/8/8/4K3 b - - 0 1');
    });

    test('the Ferz promotes on the far rank, to W, S, C or J', () => {
        const pos = fairy('4k3/1F6/8/8/8/8/8/4K3 w - - 0 1');
        expect(moves(pos).filter((m) => m.startsWith('b7') && m[3] === '8')).toEqual(['b7a8c', 'b7a8j', 'b7a8s', 'b7a8w', 'b7c8c', 'b7c8j', 'b7c8s', 'b7c8w']);
    });

    test('the start position plays (pieces evaluated by the engine in each position, shots and jumps included)', () => {
        const pos = fairy(loadGame('fairy-chess').model.start);
        const before = writeFen(pos);
        expect(perft(pos, 2)).toBeGreaterThan(100);
        expect(writeFen(pos)).toBe(before);
    });
});
