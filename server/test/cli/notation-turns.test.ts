/**
 * `lcpn moves --parlett/--betza` and `lcpn convert --from`: what a string's chains lose to their
 * turns (issue 25) is shown on the string, with a caret under the part, once (not again as an
 * unlocated note), and the command still answers.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { requireBundle, root, runLcpn } from './run-cli.js';

beforeAll(requireBundle);

describe('turns lost in a notation string are shown on the string', () => {
    test('moves --parlett "c1=.o1>": the second part is never taken', () => {
        const r = runLcpn(root, ['moves', '--parlett', 'c1=.o1>', '--board', '8x8', '--at', 'd5', '--enemy', 'e5']);
        expect(r.code).toBe(0);
        expect(r.stderr).toBe([
            'lcpn: parlett "c1=.o1>" col 5: warning: as LCPN reads it, this leg is never taken: a later leg goes on only outward from the step before it (LCPN\'s default; :any lets it turn), and none of its steps (:forward) is outward after the :sideways steps before it',
            '      c1=.o1>',
            '          ^^^',
            ''
        ].join('\n'));
        expect(r.stdout).toContain('no moves in this set-up');
    });
    test('moves --parlett "1<>.nX>": the backward first step leads nowhere, the forward one rides on', () => {
        const r = runLcpn(root, ['moves', '--parlett', '1<>.nX>', '--board', '8x8', '--at', 'd4', '--json']);
        expect(r.code).toBe(0);
        expect(r.stderr.split('\n').slice(1, 3)).toEqual(['      1<>.nX>', '      ^^^']);
        expect(r.stderr).toMatch(/col 1: warning: as LCPN reads it, nothing can follow the :backward steps here/);
        expect(JSON.parse(r.stdout).moveSquares).toEqual(['a8', 'b7', 'c6', 'e6', 'f7', 'g8']);
    });
    test('convert --from parlett: the same warning, at the option of the string that has it', () => {
        const r = runLcpn(root, ['convert', '--from', 'parlett', 'o1>, c1=.o1>', '--to', 'lisp']);
        expect(r.code).toBe(0);
        expect(r.stdout).toBe('(def piece (/ (move (wazir :forward)) (=> (capture (wazir :sideways)) (move (wazir :forward)))))\n');
        expect(r.stderr.split('\n').slice(0, 3)).toEqual([
            expect.stringMatching(/^lcpn: parlett "o1>, c1=\.o1>" col 10: warning: as LCPN reads it, this leg is never taken/),
            '      o1>, c1=.o1>',
            '               ^^^'
        ]);
    });
    test('a string whose chains lose nothing says nothing', () => {
        const r = runLcpn(root, ['moves', '--parlett', '1X.n+', '--board', '8x8', '--at', 'd4']);
        expect([r.code, r.stderr]).toEqual([0, '']);
        expect(runLcpn(root, ['moves', '--betza', 'mafsW', '--board', '8x8', '--at', 'd4']).stderr).toBe('');
    });
});
