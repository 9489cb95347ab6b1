/**
 * `lcpn show FILE --position "..."` (docs/position.md): each piece of the position with its moves
 * there, its side's pieces friends and the other side's enemies, Black moving down the board.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { requireBundle, runLcpn } from './run-cli.js';

let dir: string;

beforeAll(() => {
    requireBundle();
    dir = mkdtempSync(join(tmpdir(), 'lcpn-position-'));
    writeFileSync(join(dir, 'p.lcpn'), '(def pawnish (/ (move (0 1 :only)) (capture (1 1 :forward))))\n');
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const lcpn = (...args: string[]) => runLcpn(dir, args);

describe('show --position', () => {
    test('a White and a Black piece of the file and a prelude rook: friends block, enemies are captured, Black moves down', () => {
        const run = lcpn('show', 'p.lcpn', '--position', '5x5 w:pawnish@b2,rook@a1 b:pawnish@c3');
        expect(run).toMatchObject({ code: 0, stderr: '' });
        expect(run.stdout).toBe([
            'position 5x5, 3 pieces',
            '',
            // The position in letters: each piece's initial (no game gives letters), White's in upper case.
            '    5 . . . . .',
            '    4 . . . . .',
            '    3 . . p . .',
            '    2 . P . . .',
            '    1 R . . . .',
            '      a b c d e',
            '    letters: pieces, White\'s in upper case, Black\'s in lower case, . empty',
            '',
            'pawnish (White) on b2:',
            '    5 . . . . .',
            '    4 . . . . .',
            // a3: it would capture an enemy there; c3: it captures the Black piece.
            '    3 x o @ . .',
            '    2 . ! . . .',
            '    1 : . . . .',
            '      a b c d e',
            '    ! the piece, o move only, x capture only, @ enemy it captures, : friendly piece, . empty',
            '',
            'rook (White) on a1:',
            '    5 X . . . .',
            '    4 X . . . .',
            '    3 X . # . .',
            '    2 X : . . .',
            '    1 ! X X X X',
            '      a b c d e',
            '    ! the piece, X move or capture, : friendly piece, # enemy piece, . empty',
            '',
            // Black's forward is down: it moves to c2 and takes on b2 (a White piece) and d2 (empty).
            'pawnish (Black) on c3:',
            '    5 . . . . .',
            '    4 . . . . .',
            '    3 . . ! . .',
            '    2 . @ o x .',
            '    1 # . . . .',
            '      a b c d e',
            '    ! the piece, o move only, x capture only, @ enemy it captures, # enemy piece, . empty',
            ''
        ].join('\n'));
    });

    test('mistakes: the column of a bad position, an unknown name with a suggestion, options that do not go with it', () => {
        expect(lcpn('show', 'p.lcpn', '--position', '5x5 w:rook@f1')).toMatchObject({ code: 2, stdout: '', stderr: 'lcpn: --position: column 12: f1 is not on the 5x5 board\n' });
        const unknown = lcpn('show', 'p.lcpn', '--position', 'w:pawnsh@a2');
        expect(unknown).toMatchObject({ code: 2, stdout: '' });
        expect(unknown.stderr).toMatch(/^lcpn: no piece named 'pawnsh' in p\.lcpn, the files it imports or the prelude.*pawnish/);
        expect(lcpn('show', 'p.lcpn', '--position', 'w:rook@a1', '--at', 'e4')).toMatchObject({
            code: 2, stderr: 'lcpn: show: --at does not go with --position, which gives the board, every piece and its side\n'
        });
        expect(lcpn('show', 'p.lcpn', '--position', 'w:rook@a1', '--side', 'black').stderr).toBe('lcpn: show: --side does not go with --position, which gives the board, every piece and its side\n');
        expect(lcpn('show', 'p.lcpn', 'rook', '--position', 'w:rook@a1').stderr).toBe('lcpn: show: with --position, the pieces shown are those of the position; name no piece after the file\n');
    });
});
