/**
 * `--board` board specs other than the hexagon (issue 11), through the built CLI: a cylinder
 * (files wrap), holes (squares that do not exist), rectangles past the old 32 limit, and the
 * errors, each in the board's own words. Destinations by hand.
 */
import { describe, expect, test } from 'vitest';
import { requireBundle, root, runLcpn } from './run-cli.js';

function json(...args: string[]) {
    const result = runLcpn(root, [...args, '--json']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    return JSON.parse(result.stdout);
}

const sorted = (names: readonly string[]) => [...names].sort();

describe('lcpn moves --board SPEC', () => {
    requireBundle();

    test('8x8-cylinder: a wazir on a4 steps over the edge to h4; a rook on a1 blocked by a friend on c1 reaches h1 the other way round', () => {
        const wazir = json('moves', '--betza', 'W', '--board', '8x8-cylinder', '--at', 'a4');
        expect(wazir.boardSpec).toBe('8x8-cylinder');
        expect(sorted(wazir.moveSquares)).toEqual(['a3', 'a5', 'b4', 'h4']);
        const rook = json('moves', '--betza', 'R', '--board', '8x8-cylinder', '--at', 'a1', '--friend', 'c1,a2');
        expect(sorted(rook.moveSquares)).toEqual(['b1', 'd1', 'e1', 'f1', 'g1', 'h1']);
    });

    test('8x8-holes:d4,e5: a rook stops before a hole, a knight never lands on one, and a hole is no place to stand', () => {
        expect(sorted(json('moves', '--betza', 'R', '--board', '8x8-holes:d4,e5', '--at', 'd2').moveSquares)).toEqual(['a2', 'b2', 'c2', 'd1', 'd3', 'e2', 'f2', 'g2', 'h2']);
        expect(sorted(json('moves', '--betza', 'N', '--board', '8x8-holes:d4,e5', '--at', 'c4').moveSquares)).toEqual(['a3', 'a5', 'b2', 'b6', 'd2', 'd6', 'e3']);
        expect(runLcpn(root, ['moves', '--betza', 'N', '--board', '8x8-holes:d4,e5', '--at', 'd4'])).toMatchObject({
            code: 2, stderr: 'lcpn: --at: d4 is a hole of the 8x8 board: no piece can stand there\n'
        });
    });

    test('rectangles up to 64x64: on 40x40 the corner an40 is named past z', () => {
        const r = json('moves', '--betza', 'W', '--board', '40x40', '--at', 'an40');
        expect(r.board).toEqual({ files: 40, ranks: 40 });
        expect(sorted(r.moveSquares)).toEqual(['am40', 'an39']);
    });

    test('a spec that is not a board says what a board looks like', () => {
        expect(runLcpn(root, ['moves', '--betza', 'W', '--board', 'hexagonal'])).toMatchObject({
            code: 2,
            stderr: "lcpn: --board: 'hexagonal' is not a board: write FILESxRANKS (8x8, 9x10, at most 64x64), FILESxRANKS-cylinder, FILESxRANKS-holes:d4,e5, hexN (hex6, N at most 31) or hexN-rows\n"
        });
        expect(runLcpn(root, ['show', 'examples/orthodox.lcpn', '--board', '8x8-holes:z9'])).toMatchObject({ code: 2, stderr: "lcpn: --board: hole 'z9' is not a square of the 8x8 board\n" });
    });
});
