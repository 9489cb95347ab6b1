/**
 * `lcpn` on a keyword after a call's `)` (`move(rook):forward`): checked clean, converted
 * between the three styles and back, and the same moves and diagrams as the Lisp form.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { requireBundle, runLcpn } from './run-cli.js';

let dir: string;
const C = 'a := move(rook):forward\nb := capture & cannon(rook):forward / move(rook):sideways:2\n';
const SQL = 'a IS (moving rook):forward\nb IS capture AND cannon(rook):forward OR (moving rook):sideways:2\n';
const LISP = '(def a ((move rook) :forward))\n(def b (/ (((& capture cannon) rook) :forward) ((move rook) :sideways :2)))\n';

beforeAll(() => {
    requireBundle();
    dir = mkdtempSync(join(tmpdir(), 'lcpn-cli-call-keyword-'));
    writeFileSync(join(dir, 'c.lcpn'), C);
    writeFileSync(join(dir, 'sql.lcpn'), SQL);
    writeFileSync(join(dir, 'lisp.lcpn'), LISP);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a keyword after a call, from the command line', () => {
    test('check: no problem in any style', () => {
        expect(runLcpn(dir, ['check', 'c.lcpn', 'sql.lcpn', 'lisp.lcpn'])).toMatchObject({ code: 0, stdout: '' });
    });

    test('convert: C -> Lisp and SQL, and each back to C', () => {
        expect(runLcpn(dir, ['convert', 'c.lcpn', '--to', 'lisp'])).toMatchObject({ code: 0, stdout: LISP });
        expect(runLcpn(dir, ['convert', 'c.lcpn', '--to', 'sql'])).toMatchObject({ code: 0, stdout: SQL });
        expect(runLcpn(dir, ['convert', 'lisp.lcpn', '--to', 'c'])).toMatchObject({ code: 0, stdout: C });
        expect(runLcpn(dir, ['convert', 'sql.lcpn', '--to', 'c'])).toMatchObject({ code: 0, stdout: C });
    });

    test('moves and diagrams: the same as the Lisp form', () => {
        for (const piece of ['a', 'b']) {
            const args = ['--at', 'e5', '--friend', 'e8', '--enemy', 'e3,g5'];
            const lisp = runLcpn(dir, ['moves', 'lisp.lcpn', piece, ...args, '--json']);
            expect(lisp.code, lisp.stderr).toBe(0);
            for (const file of ['c.lcpn', 'sql.lcpn']) {
                expect(runLcpn(dir, ['moves', file, piece, ...args, '--json']).stdout, `${file} ${piece}`).toBe(lisp.stdout);
                // The diagram, after the line that echoes the definition as written.
                const diagram = (f: string) => runLcpn(dir, ['show', f, piece]).stdout.split('\n').slice(1).join('\n');
                expect(diagram(file), `${file} ${piece}`).toBe(diagram('lisp.lcpn'));
            }
        }
        // `a`: straight ahead up to the friend, no capture.
        expect(JSON.parse(runLcpn(dir, ['moves', 'c.lcpn', 'a', '--at', 'e5', '--friend', 'e8', '--json']).stdout)).toMatchObject({ moveSquares: ['e6', 'e7'], captureSquares: [] });
    });
});
