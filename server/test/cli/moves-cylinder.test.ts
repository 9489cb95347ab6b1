/**
 * `lcpn moves --json` on a cylinder: each `[dx, dy]` offset is the shorter way round the seam
 * (docs/cli.md), and each square name stays paired with its offset. Offsets by hand.
 */
import { describe, expect, test } from 'vitest';
import { parseSquare } from '../../src/geometry/square.js';
import { requireBundle, root, runLcpn } from './run-cli.js';

function json(...args: string[]) {
    const result = runLcpn(root, [...args, '--json']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    return JSON.parse(result.stdout) as { at: string; moves: [number, number][]; moveSquares: string[]; captures: [number, number][]; captureSquares: string[] };
}

describe('lcpn moves --json on a cylinder', () => {
    requireBundle();

    test('a rook on h1 (8 files): a1 is one step right over the seam, [1, 0]; d1, four files either way, is [-4, 0]', () => {
        const r = json('moves', '--betza', 'R', '--board', '8x8-cylinder', '--at', 'h1', '--friend', 'h2');
        expect(r.moves).toEqual([[-4, 0], [-3, 0], [-2, 0], [-1, 0], [1, 0], [2, 0], [3, 0]]);
        expect(r.moveSquares).toEqual(['d1', 'e1', 'f1', 'g1', 'a1', 'b1', 'c1']);
        expect(r.captures).toEqual(r.moves);
        expect(r.captureSquares).toEqual(r.moveSquares);
    });

    test('a rook on d1: h1, four files either way, stays [4, 0] (it does not cross the seam)', () => {
        const r = json('moves', '--betza', 'R', '--board', '8x8-cylinder', '--at', 'd1', '--friend', 'd2');
        expect(r.moves).toEqual([[-3, 0], [-2, 0], [-1, 0], [1, 0], [2, 0], [3, 0], [4, 0]]);
        expect(r.moveSquares).toEqual(['a1', 'b1', 'c1', 'e1', 'f1', 'g1', 'h1']);
    });

    test('a knight on a4 leaps over the seam as it would from the middle of the board', () => {
        const r = json('moves', '--betza', 'N', '--board', '8x8-cylinder', '--at', 'a4');
        expect(r.moves).toEqual([[-2, -1], [-2, 1], [-1, -2], [-1, 2], [1, -2], [1, 2], [2, -1], [2, 1]]);
        expect(r.moveSquares).toEqual(['g3', 'g5', 'h2', 'h6', 'b2', 'b6', 'c3', 'c5']);
    });

    test('on an odd number of files (7) a wazir on a1 steps left to g1: [-1, 0]', () => {
        const r = json('moves', '--betza', 'W', '--board', '7x7-cylinder', '--at', 'a1');
        expect(r.moves).toEqual([[-1, 0], [0, 1], [1, 0]]);
        expect(r.moveSquares).toEqual(['g1', 'a2', 'b1']);
    });

    test('as Black the offsets are on the real board, wrapped the same way', () => {
        const r = json('moves', '--betza', 'fW', '--board', '8x8-cylinder', '--at', 'h5', '--side', 'black');
        expect(r.moves).toEqual([[0, -1]]);
        const wazir = json('moves', '--betza', 'W', '--board', '8x8-cylinder', '--at', 'h5', '--side', 'black');
        expect(wazir.moves).toEqual([[-1, 0], [0, -1], [0, 1], [1, 0]]);
        expect(wazir.moveSquares).toEqual(['g5', 'h4', 'h6', 'a5']);
    });

    test('every offset is at most half the files, and at plus it (file wrapped round) is its square', () => {
        for (const [betza, files, at] of [['Q', 8, 'b3'], ['N', 5, 'e2'], ['K', 6, 'a6'], ['R', 9, 'i9']] as const) {
            const r = json('moves', '--betza', betza, '--board', `${files}x${files}-cylinder`, '--at', at);
            const from = parseSquare(r.at)!;
            expect(r.moves.length).toBeGreaterThan(0);
            r.moves.forEach(([dx, dy], i) => {
                expect(Math.abs(dx) * 2).toBeLessThanOrEqual(files);
                const to = parseSquare(r.moveSquares[i])!;
                expect(to.rank).toBe(from.rank + dy);
                expect(to.file).toBe((((from.file + dx) % files) + files) % files);
            });
        }
    });

    test('on a board without a seam the offsets are as before: a rook on h1 reaches a1 at [-7, 0]', () => {
        const r = json('moves', '--betza', 'R', '--board', '8x8', '--at', 'h1', '--friend', 'h2');
        expect(r.moves[0]).toEqual([-7, 0]);
        expect(r.moveSquares[0]).toBe('a1');
    });
});
