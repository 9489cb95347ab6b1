// A broken zone or test never silently changes the definitions that use it: the definition
// with the error carries its diagnostic (lowering), and wherever the broken zone or test is
// used, the engine's problems (stderr of `lcpn moves`, the note under a diagram) say why moves
// are missing. Expectations worked out by hand from docs/engine-semantics.md.
import { describe, expect, test } from 'vitest';
import preludeText from '../../prelude/standard.lcpn?raw';
import { parsePieceText } from '../parse-text.js';
import { boardRules, brokenZoneNote, movesReport, type Resolver } from '../../src/engine/index.js';
import type { PieceDef } from '../../src/model/piece.js';
import { parseSquare } from '../../src/geometry/index.js';

const prelude = new Map(parsePieceText(preludeText).pieces.map((p) => [p.key, p]));

/** A file over the prelude (errors in it are expected here: they are the point). */
function load(text: string) {
    const own = new Map<string, PieceDef>(parsePieceText(text).pieces.map((p) => [p.key, p]));
    const resolve: Resolver = (key) => own.get(key) ?? prelude.get(key);
    const moves = (name: string, at: string) => {
        const report = movesReport(resolve(name)!, { board: { files: 8, ranks: 8 }, at: parseSquare(at)!, friends: [], enemies: [] }, resolve);
        return { squares: report.moveSquares, problems: report.problems.map((p) => `${p.rule}: ${p.message}`) };
    };
    return { resolve, moves };
}

describe('a zone whose every square is written wrongly', () => {
    const file = load([
        '(def broken (zone z99))',
        '(def kept (zone a1-c3 q77))',
        '(def stepper (wazir :broken))',
        '(def tester (cond ((in broken) wazir)))',
        '(def lander (knight :kept))'
    ].join('\n'));

    test('a keyword naming it: no moves, and a problem says the zone has no square', () => {
        const { squares, problems } = file.moves('stepper', 'b2');
        expect(squares).toEqual([]);
        expect(problems).toEqual(['zone-square: zone broken has no square (see its definition), so nothing is in it']);
    });

    test('(in ZONE) naming it: the branch never holds, and the same problem says why', () => {
        const { squares, problems } = file.moves('tester', 'b2');
        expect(squares).toEqual([]);
        expect(problems).toEqual(['zone-square: zone broken has no square (see its definition), so nothing is in it']);
    });

    test('a zone with some squares left keeps them (its definition carries the error): no problem at the use', () => {
        // q77 is left out by the lowering; a1-c3 stays, so the knight on b1 reaches a3 and c3 only.
        expect(file.moves('lander', 'b1')).toEqual({ squares: ['a3', 'c3'], problems: [] });
        expect(brokenZoneNote('kept', file.resolve)).toBeUndefined();
    });

    test('a board clause naming it: the board\'s problems say so (the confinement still applies: nothing is in the zone)', () => {
        const { resolve } = load('(def b (board 8 8 (confine stepper broken) (promotion-zone broken)))\n(def broken (zone z99))\n(def stepper wazir)');
        const declaration = resolve('b')!.declaration;
        if (declaration?.kind !== 'board') throw new Error('no board');
        const { rules, problems } = boardRules(declaration, resolve);
        expect(problems.map((p) => `${p.rule}: ${p.message}`)).toEqual(['zone-square: confine: zone broken has no square (see its definition), so nothing is in it']);
        expect(rules.confine.get('stepper')?.squares).toEqual([]);
        const report = movesReport(resolve('stepper')!, { board: rules.board, at: parseSquare('d4')!, friends: [], enemies: [], rules }, resolve);
        expect(report.moveSquares).toEqual([]);
        expect(report.problems.map((p) => p.rule)).toContain('outside-zone');
    });

    test('a zone built by hand with squares off the largest board: the note names the first one', () => {
        const resolve: Resolver = (key) => (key === 'z' ? { key: 'z', name: 'z', properties: [], style: 'lisp', declaration: { kind: 'zone', squares: ['a1', 'zz99'] } } as PieceDef : undefined);
        expect(brokenZoneNote('z', resolve)).toMatch(/^zone z has an error \(.*\): only its other squares are in it$/);
    });
});

describe('a test written wrongly', () => {
    test('is a note that points at its error, not an empty quoted condition; the moves are shown as informal', () => {
        // (rank) is a number, not a test: the lowering reports it and leaves an empty test.
        const file = load('(def selfish (and (rank) selfish))\n(def stepper (wazir :selfish))\n(def brancher (cond ((rank) wazir)))');
        for (const name of ['stepper', 'brancher']) {
            const { squares, problems } = file.moves(name, 'b2');
            expect(squares).toEqual(['a2', 'b1', 'b3', 'c2']);
            expect(problems).toEqual(['informal-condition: a test that is empty or could not be read (see its error in the file) is not evaluated: it is shown with a note']);
            expect(problems.join()).not.toContain('""');
        }
    });
});
