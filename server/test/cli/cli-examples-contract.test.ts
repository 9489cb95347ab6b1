/**
 * Issue 10's contract, as checks outside the project run it: `lcpn moves FILE PIECE --at SQ
 * [--side ...] --json` on the shipped xiangqi, janggi, shogi and makruk examples uses each
 * file's declared board without --board, knows every contract name, and gives square names
 * whatever the side. A few destinations are checked by hand against the variants' rules.
 */
import { describe, expect, test } from 'vitest';
import { requireBundle, root, runLcpn } from './run-cli.js';

const CONTRACT: Record<string, { board: { files: number; ranks: number }; pieces: string[] }> = {
    xiangqi: { board: { files: 9, ranks: 10 }, pieces: ['general', 'advisor', 'elephant', 'horse', 'chariot', 'cannon', 'soldier'] },
    janggi: { board: { files: 9, ranks: 10 }, pieces: ['general', 'guard', 'elephant', 'horse', 'chariot', 'cannon', 'soldier'] },
    shogi: {
        board: { files: 9, ranks: 9 },
        pieces: ['king', 'gold', 'silver', 'knight', 'lance', 'rook', 'bishop', 'pawn', 'dragon', 'horse', 'tokin', 'promoted-silver', 'promoted-knight', 'promoted-lance']
    },
    makruk: { board: { files: 8, ranks: 8 }, pieces: ['king', 'met', 'khon', 'horse', 'boat', 'pawn'] }
};

function moves(file: string, ...args: string[]) {
    const result = runLcpn(root, ['moves', `examples/${file}.lcpn`, ...args, '--json']);
    expect(result.code, result.stderr).toBe(0);
    return JSON.parse(result.stdout);
}

describe('lcpn moves on the shipped variants (issue 10 contract)', () => {
    requireBundle();
    for (const [file, { board, pieces }] of Object.entries(CONTRACT)) {
        // One process per piece (each about a second): the sides alternate so that both are covered.
        test(`${file}: every contract piece, on the declared ${board.files}x${board.ranks} board, both sides`, { timeout: 120_000 }, () => {
            pieces.forEach((piece, index) => {
                for (const side of [index % 2 === 0 ? 'white' : 'black']) {
                    const r = moves(file, piece, '--at', 'e4', '--side', side);
                    expect(r.board, `${file} ${piece}`).toEqual(board);
                    expect(r.side).toBe(side);
                    for (const field of ['moveSquares', 'captureSquares', 'takeSquares']) expect(Array.isArray(r[field])).toBe(true);
                    // Square names and offsets agree on the real board, whichever side moves.
                    const at = { file: r.at.charCodeAt(0) - 97, rank: Number(r.at.slice(1)) };
                    expect(r.moveSquares).toEqual(r.moves.map(([dx, dy]: [number, number]) => `${String.fromCharCode(97 + at.file + dx)}${at.rank + dy}`));
                }
            });
        });
    }

    test('by hand: the xiangqi general in its palace, White and Black', () => {
        expect(moves('xiangqi', 'general', '--at', 'e1').moveSquares).toEqual(['d1', 'e2', 'f1']);
        expect(moves('xiangqi', 'general', '--at', 'e10', '--side', 'black').moveSquares).toEqual(['d10', 'e9', 'f10']);
    });

    test('by hand: the makruk pawn promotes to met on the sixth rank; Black\'s on the third', () => {
        const white = moves('makruk', 'pawn', '--at', 'e5', '--enemy', 'd6');
        expect(white.moveSquares).toEqual(['e6']);
        expect(white.takeSquares).toEqual(['d6']);
        expect(white.promotions).toEqual({ d6: ['met'], e6: ['met'], f6: ['met'] });
        expect(moves('makruk', 'pawn', '--at', 'e4', '--side', 'black').promotions).toEqual({ d3: ['met'], e3: ['met'], f3: ['met'] });
        expect(moves('makruk', 'pawn', '--at', 'e3').promotions).toEqual({});
    });

    test('by hand: the shogi knight jumps two forward and one aside, down the board for Black', () => {
        expect(moves('shogi', 'knight', '--at', 'e3').moveSquares).toEqual(['d5', 'f5']);
        expect(moves('shogi', 'knight', '--at', 'e7', '--side', 'black').moveSquares).toEqual(['d5', 'f5']);
    });
});
