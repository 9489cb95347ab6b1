/**
 * What the engine knows is a diagnostic (issue 8 §3): each case in the three styles, with the
 * place the problem is written, its severity and code. Problems other checks report are not
 * said twice, and a problem inside a referenced definition is reported only there.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import type { Diagnostic } from 'vscode-languageserver-types';
import { IssueCodes } from '../../src/semantics/issue-codes.js';
import { codeOf, locatedWithSeverity, validate } from '../lsp-helpers.js';

const ENGINE_CODES: string[] = [
    IssueCodes.CaptureOnTheWay, IssueCodes.IguiOnTheWay, IssueCodes.ModifiersAllowNoMove, IssueCodes.MissingArgument, IssueCodes.EmptyCondition,
    IssueCodes.BadVector, IssueCodes.MisplacedPromotion, IssueCodes.RankAsModifier, IssueCodes.InformalKeyword,
    IssueCodes.InformalFunction, IssueCodes.InformalLeg, IssueCodes.NotAZone, IssueCodes.ZoneOffBoard, IssueCodes.NotACondition,
    IssueCodes.NotAFunction, IssueCodes.NotAPiece, IssueCodes.UnknownOccupant, IssueCodes.CyclicCondition, IssueCodes.SecondBoard
];
const code = (d: Diagnostic) => codeOf(d) ?? '';
/** `line:column severity code` of the engine's diagnostics. */
const engine = async (text: string) => (await validate(text)).diagnostics
    .filter((d) => ENGINE_CODES.includes(code(d)))
    .map(locatedWithSeverity);

describe('errors: the engine would otherwise drop or refuse part of the movement', () => {
    test.each([
        ['(def a (=> (capture ferz) rook))', '1:12'],
        ['a := capture(ferz) => rook', '1:6'],
        ['a IS capturing ferz AND_THEN rook', '1:6'],
        ['(def a (-> wazir (capture ferz) rook))', '1:18']
    ])('capture on a leg that another leg follows captures on the way (issue 10): no diagnostic, %s at %s', async (text) => {
        expect(await engine(text)).toEqual([]);
    });

    test('igui on a leg that another leg follows', async () => {
        expect(await engine('(def s (=> (igui ferz) rook))')).toEqual([`1:12 error ${IssueCodes.IguiOnTheWay}`]);
        expect(await engine('s := igui(ferz) -> rook')).toEqual([`1:6 error ${IssueCodes.IguiOnTheWay}`]);
        expect(await engine('(def s (-> (move knight) (igui (queen :3))))')).toEqual([]);
    });

        test('capture around the whole chain, or on its last leg, is how the move ends: no error', async () => {
        expect(await engine('(def a (capture (=> ferz rook)))')).toEqual([]);
        expect(await engine('(def a (=> ferz (capture rook)))')).toEqual([]);
        expect(await engine('a := move(wazir) => capture(ferz)')).toEqual([]);
    });

    test.each([
        ['(def b (capture (move rook)))', '1:17'],
        ['b := capture(move(rook))', '1:14'],
        ['b IS capturing moving rook', '1:16'],
        ['(def b ((& move capture) rook))', '1:8'],
        ['(def b (igui (move ferz)))', '1:14']
    ])('modifiers that together allow no move: %s', async (text, at) => {
        expect(await engine(text)).toEqual([`${at} error ${IssueCodes.ModifiersAllowNoMove}`]);
    });

    test.each([
        ['(def c [1 2 3])', '1:8'],
        ['c := [1, 2, 3]', '1:6'],
        ['c IS [1, 2, 3] OR wazir', '1:6'],
        ['(def c (/ wazir [0 0]))', '1:17']
    ])('a vector the engine cannot use: %s', async (text, at) => {
        expect(await engine(text)).toEqual([`${at} error ${IssueCodes.BadVector}`]);
    });

    test.each([
        ['(def d (/ wazir (move)))', '1:17'],
        ['d := wazir / move()', '1:14']
    ])('a modifier with nothing to apply to: %s', async (text, at) => {
        expect(await engine(text)).toEqual([`${at} error ${IssueCodes.MissingArgument}`]);
    });

    test('a word that is not a modifier, called with nothing, is left to the validator (an unknown function)', async () => {
        expect(await engine('(def x (/ wazir (frobnicate)))')).toEqual([]);
    });

    test('(rank) and (file) used as a movement are numbers for conditions', async () => {
        expect(await engine('(def x (file))')).toEqual([`1:8 error ${IssueCodes.RankAsModifier}`]);
        expect(await engine('x := rank()')).toEqual([`1:6 error ${IssueCodes.RankAsModifier}`]);
        expect(await engine('(def x (file rook))')).toEqual([`1:8 error ${IssueCodes.RankAsModifier}`]);
    });

        test('(cond) with no branch', async () => {
        expect(await engine('(def e (cond))')).toEqual([`1:8 error ${IssueCodes.EmptyCondition}`]);
    });

    test('promote-to on its own, and (rank) used as a modifier', async () => {
        expect(await engine('(def l (promote-to queen))')).toEqual([`1:8 error ${IssueCodes.MisplacedPromotion}`]);
        expect(await engine('(def l (=> (move (wazir :forward)) (promote-to queen)))')).toEqual([]);
        expect(await engine('(def o (rank rook))')).toEqual([`1:8 error ${IssueCodes.RankAsModifier}`]);
    });
});

describe('what is kept but not evaluated', () => {
    // Warnings (issue 25), as an unknown keyword or function is: the moves are shown as if the word were not there.
    test.each([
        ['(def f (wazir :within-fortress))', '1:15', '(def within-fortress (zone d1-f3))'],
        ['f := wazir:within_fortress', '1:11', 'within_fortress := zone(d1-f3)'],
        ['f IS ferz:within_fortress OR wazir', '1:10', 'within_fortress IS zone(d1-f3)']
    ])('an informal keyword, at the keyword, with the definition that makes it evaluate: %s', async (text, at, definition) => {
        expect(await engine(text)).toEqual([`${at} warning ${IssueCodes.InformalKeyword}`]);
        const found = (await validate(text)).diagnostics.find((d) => code(d) === IssueCodes.InformalKeyword);
        expect(found?.message).toBe(`:within-fortress is informal: kept, not evaluated; to evaluate it, define it in this file, as in ${definition}`);
    });

    test('an informal function', async () => {
        expect(await engine('(def g (capture-a-general rook))')).toEqual([`1:8 warning ${IssueCodes.InformalFunction}`]);
        const found = (await validate('g IS capture_a_general(rook)')).diagnostics.find((d) => code(d) === IssueCodes.InformalFunction);
        expect(found?.message).toBe("capture-a-general is informal: its argument's moves are shown unrestricted; to evaluate it, define it in this file, as in capture_a_general IS capture AND general_there and general_there IS occupied_by(general)");
    });

    test.each([
        ['g := and(rook, bishop)', '1:6', 'and'],
        ['g := or(rook, bishop)', '1:6', 'or']
    ])('a condition word over movements is no informal word of the spec: information, said so (%s)', async (text, at, word) => {
        expect(await engine(text)).toEqual([`${at} info ${IssueCodes.InformalFunction}`]);
        const found = (await validate(text)).diagnostics.find((d) => code(d) === IssueCodes.InformalFunction);
        expect(found?.message).toBe(`${word} is a condition word, not a modifier: its argument's moves are shown unrestricted`);
    });


    test('an informal later leg: the legs before it are shown, and the leg is named', async () => {
        const result = await validate('(def coordinator (=> (move queen) (igui "On the rectangle")))');
        const leg = result.diagnostics.find((d) => code(d) === IssueCodes.InformalLeg);
        expect(leg?.message).toBe('a later leg is informal ("On the rectangle"): only the moves before it are shown');
        expect(leg?.range.start).toEqual({ line: 0, character: 34 });
    });
});

describe('the same movement written twice', () => {
    test('each copy gets its own diagnostic, in its own place', async () => {
        expect(await engine('(def f (/ (wazir :within-fortress) knight (wazir :within-fortress)))')).toEqual([
            `1:18 warning ${IssueCodes.InformalKeyword}`, `1:50 warning ${IssueCodes.InformalKeyword}`
        ]);
    });

    test('a definition with thousands of problems reports the first 50', async () => {
        const text = `(def z (/ ${Array.from({ length: 300 }, (_, i) => `([1 ${i + 1} 1] :only)`).join(' ')}))`;
        expect((await engine(text)).length).toBe(50);
    });
});

describe('nothing is said twice', () => {
    test('unknown pieces and keywords, cycles and condition words belong to the other checks', async () => {
        expect(await engine('(def h (/ unknownthing (wazir :forward-left) (cond ((= (file) 2) wazir))))')).toEqual([]);
        expect(await engine('(def a (/ b wazir))\n(def b (/ a ferz))')).toEqual([]);
    });

    test('a problem inside a referenced definition is reported at that definition only', async () => {
        expect(await engine('(def bad [1 2 3])\n(def user (/ bad wazir))\n(def other (=> bad rook))')).toEqual([`1:10 error ${IssueCodes.BadVector}`]);
    });

    test('a referenced capture-only piece used as a leg captures on the way: no diagnostic', async () => {
        expect(await engine('(def grab (capture ferz))\n(def a (=> grab rook))')).toEqual([]);
    });
});

describe('cost', () => {
    test('definitions that double at every level through their references are checked quickly (minutes before the cap)', async () => {
        const name = (i: number) => `l${'abcdefghijklmnopqrstuvwxyz'[i % 26]}${'abcdefghijklmnopqrstuvwxyz'[Math.floor(i / 26)]}`;
        const lines = [`(def ${name(0)} (/ wazir ferz))`];
        for (let i = 1; i < 200; i++) lines.push(`(def ${name(i)} (-> ${name(i - 1)} (${name(i - 1)} :any)))`);
        expect(await engine(lines.join('\n'))).toEqual([]);
        // A bound only to catch the uncapped behaviour (200 x 100,000 parts), generous for a loaded machine.
    });
});

describe('the specification and the examples', () => {
    const fixture = (name: string) => readFileSync(new URL(`../fixtures/spec/${name}`, import.meta.url), 'utf8');
    test.each(['lisp.lcpn', 'c.lcpn', 'sql.lcpn'])('%s: no engine error, only warnings and notes on what is informal', async (name) => {
        const found = await engine(fixture(name));
        expect(found.filter((f) => f.includes(' error '))).toEqual([]);
        expect(found.filter((f) => f.includes(' warning ') && !f.endsWith(IssueCodes.InformalKeyword) && !f.endsWith(IssueCodes.InformalFunction))).toEqual([]);
        expect(found.some((f) => f.endsWith(IssueCodes.InformalKeyword))).toBe(true);
    });
});

describe('boards, zones, conditions and functions the file defines (issue 10)', () => {
    test.each([
        ['(def within-fortress (zone d1-f3))\n(def f (wazir :within-fortress))'],
        ['within_fortress := zone(d1-f3)\nf := wazir:within_fortress'],
        ['within_fortress IS zone(d1-f3)\nf IS ferz:within_fortress OR wazir'],
        ['(def low (<= (rank) 5))\n(def f (wazir :low))']
    ])('a keyword defined as a zone or a condition (as the informal keyword\'s warning advises) is evaluated, so not informal: %s', async (text) => {
        expect(await engine(text)).toEqual([]);
    });

    test('a function defined by composition is evaluated, so not informal', async () => {
        expect(await engine('(def general-there (occupied-by general))\n(def capture-a-general (& capture general-there))\n(def g (capture-a-general rook))')).toEqual([]);
        expect(await engine('general_there := occupied_by(general)\ncapture_a_general := capture & general_there\ng := capture_a_general(rook)')).toEqual([]);
    });

    test('a keyword naming a piece, (in X) on a piece, a board clause naming a piece: not a zone', async () => {
        expect(await engine('(def f (wazir :camel))')).toEqual([`1:15 error ${IssueCodes.NotAZone}`]);
        expect(await engine('(def t (in knight))')).toEqual([`1:8 error ${IssueCodes.NotAZone}`]);
        expect(await engine('(def b (board 9 10 (confine elephant knight)))')).toEqual([`1:20 error ${IssueCodes.NotAZone}`]);
        expect(await engine('b := board(9, 10, promotion_zone(knight))')).toEqual([`1:19 error ${IssueCodes.NotAZone}`]);
    });

    test('a zone square off the board the file declares; the board\'s own zones are fine', async () => {
        expect(await engine('(def b (board 9 10))\n(def z (zone a1 j11 d1-f3))')).toEqual([`2:17 error ${IssueCodes.ZoneOffBoard}`]);
        expect(await engine('(def z (zone a1 j11))')).toEqual([]);
    });

    test('a board whose size is in error does not make its zones wrong (one broken definition never blames another)', async () => {
        // (board 0 0) is read as 1x1 for its error: d1-f3 is not judged against that.
        expect(await engine('(def b (board 0 0))\n(def z (zone d1-f3))')).toEqual([]);
        expect(await engine('b := board(40, 10)\nz := zone(d1-f3)')).toEqual([]);
        // A valid size still judges them.
        expect(await engine('b IS board(3, 3)\nz IS zone(d1-f3)')).toEqual([`2:11 error ${IssueCodes.ZoneOffBoard}`]);
    });

    test('confining something that is not a piece (a zone, a condition) is said, at that name', async () => {
        expect(await engine('(def b (board 9 10 (confine palace palace)))\n(def palace (zone d1-f3))')).toEqual([`1:29 error ${IssueCodes.NotAPiece}`]);
        expect(await engine('b := board(9, 10, confine(early, palace))\npalace := zone(d1-f3)\nearly := rank() < 3')).toEqual([`1:27 error ${IssueCodes.NotAPiece}`]);
        // The clause that confines it, not an earlier one with the same zone.
        expect(await engine('(def b (board 9 10 (confine ferz palace) (confine early palace)))\n(def palace (zone d1-f3))\n(def early (< (rank) 3))'))
            .toEqual([`1:51 error ${IssueCodes.NotAPiece}`]);
        expect(await engine('b IS board(9, 10, confine(elephant, palace))\npalace IS zone(d1-f3)\nelephant IS ferz')).toEqual([]);
    });

    test('a keyword naming a piece the file defines later', async () => {
        expect(await engine('(def f2 (wazir :leaper))\n(def leaper (/ knight ferz))')).toEqual([`1:16 error ${IssueCodes.NotAZone}`]);
    });

    test('a second board in one file is an error on the second', async () => {
        expect(await engine('(def a (board 8 8))\n(def b (board 9 9))')).toEqual([`2:6 error ${IssueCodes.SecondBoard}`]);
    });

    test('a condition that names itself through another is cyclic (reported, never a hang)', async () => {
        expect(await engine('(def a (and b (< (rank) 5)))\n(def b (not a))')).toEqual([`1:8 error ${IssueCodes.CyclicCondition}`, `2:8 error ${IssueCodes.CyclicCondition}`]);
    });

    test('a zone used as a piece, or as a function', async () => {
        expect(await engine('(def palace (zone d1-f3))\n(def p (/ wazir palace))')).toEqual([`2:17 error ${IssueCodes.NotAPiece}`]);
        expect(await engine('(def palace (zone d1-f3))\n(def p (palace rook))')).toEqual([`2:8 warning ${IssueCodes.NotAFunction}`]);
    });

    test('a problem among a defined function\'s parts is reported at the function, not at each use', async () => {
        expect(await engine('(def palace (zone d1-f3))\n(def f (& capture (occupied-by palace)))\n(def p (f rook))\n(def q (f bishop))'))
            .toEqual([`2:8 warning ${IssueCodes.UnknownOccupant}`]);
    });

    test('(or rook bishop), a newcomer\'s union, is the validator\'s to explain', async () => {
        expect(await engine('(def x (or rook bishop))')).toEqual([]);
    });

    test('a name used as a test that is a piece; occupied-by a name that is no piece', async () => {
        expect(await engine('(def p (cond (knight wazir)))')).toEqual([`1:8 error ${IssueCodes.NotACondition}`]);
        expect(await engine('(def palace (zone d1-f3))\n(def t (occupied-by palace))\n(def u (ferz :t))')).toEqual([`2:8 warning ${IssueCodes.UnknownOccupant}`]);
        expect(await engine('(def t (occupied-by dragoon))')).toEqual([]); // the linker's unknown piece
    });
});

describe('on the file\'s declared lattice (issue 11)', () => {
    const messages = async (text: string) => (await validate(text)).diagnostics.filter((d) => code(d) === IssueCodes.BadVector).map((d) => d.message);
    test.each([
        ['(def g (board (hexagon 6)))\n(def a [1 2 3])'],
        ['g := board(hexagon(6))\na := [1, 2, 3]'],
        ['g IS board(hexagon(6))\na IS [1, 2, 3]']
    ])('a file that declares a hexagon is checked on it: %s', async (text) => {
        expect(await messages(text)).toEqual(["this vector has 3 numbers; a step on a hexagonal board has two (across and forward, as the knight's 1 and 2), so it is not evaluated"]);
    });
    test('a file without a board is checked on squares', async () => {
        expect(await messages('(def a [1 2 3])')).toEqual(["this vector has 3 numbers; a step on a square board has two (across and forward, as the knight's 1 and 2), so it is not evaluated"]);
    });
    test('a square-only keyword on a hexagon is not reported by the engine checks (the validator says it once)', async () => {
        const all = (await validate('(def g (board (hexagon 6)))\n(def a (knight :narrow))')).diagnostics.map(code);
        expect(all.filter((c) => ENGINE_CODES.includes(c))).toEqual([]);
    });
});
