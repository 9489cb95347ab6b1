/**
 * Issue 8, "Done means": a user types real definitions into one file, character by character,
 * and the pieces of another file of the workspace never change their moves, their links or
 * their diagnostics, whatever half-typed state the first file passes through.
 */
import { describe, expect, test } from 'vitest';
import { TestWorkspace } from './namespace-workspace.js';

const TYPED = 'file:///ws/typed.lcpn';
const OTHER = 'file:///ws/other.lcpn';

/** The other file: pieces in the three styles built on the prelude's, and a chinese-horse of its own. */
const OTHER_TEXT = [
    '(def chinese-horse (=> wazir (ferz :outward)))',
    'elephant := [2, 2] / ferz',
    'squirrel IS knight OR dabbabah OR [2, 2]',
    '(def fers-rider (ferz :rider))',
    'lame := wazir -> ferz:outward',
    'guard IS ::royal ferz OR wazir',
    '(def b-rider (/ bishop [0 1]))',
    'horse-pair := chinese-horse / knight'
].join('\n');

/** Uses in the other file that must keep linking to the prelude. */
const PRELUDE_USES = ['wazir', 'ferz', 'knight', 'dabbabah', 'bishop'];

/** Typed in order, each followed by a newline, as a user writes a file (the spec's examples and the broken lines). */
const LISP = [
    '(def cannon (/ (move rook) ((& capture cannon) rook)))',
    '(def chinese-horse (=> wazir (ferz :outward)))',
    '(def simple-pawn (/ (move (0 1 :only)) (capture (1 1 :forward))))',
    '(def pawn\n    (cond ((= (rank) 2)\n           (/ simple-pawn ((& move no-jump) (0 2 :only))))\n          ((= (rank) 7)\n           (=> simple-pawn (promote-to queen rook knight bishop)))\n          (t simple-pawn)))',
    '(if (= (rank) 2) ferz',
    '(def b (/ ferz wazir))'
];
const C = [
    'cannon := move(rook) / capture&cannon(rook)',
    'chinese_horse := wazir => ferz:outward',
    'simple_pawn := move([0, 1]:only) / capture([1, 1]:forward)',
    'pawn := if (rank() = 2) {\n   simple_pawn / move & no_jump([0, 2]:only)\n} else if (rank() = 7) {\n   simple_pawn => promote_to(queen, rook, knight, bishop)\n} else { simple_pawn }',
    'x := ferz wazir',
    'horse := wazir then ferz',
    'a := ferz /',
    'b := wazir'
];
const SQL = [
    'cannon IS move(rook) OR (capture AND cannon)(rook)',
    'chinese_horse IS wazir AND_THEN ferz:outward',
    'simple_pawn IS moving [0, 1]:only OR capturing [1, 1]:forward',
    'pawn IS IF rank() = 2 THEN (simple_pawn OR moving AND no_jumping [0, 2]:only)\nELSE IF rank() = 7 THEN (simple_pawn AND_THEN promote_to(queen, rook, knight, bishop))\nELSE simple_pawn END',
    'toad IS ferz or wazir',
    'chinese_pawn IS IF "before crossing river"\nTHEN [0, 1]:only\nELSE [0, 1]:forward:sideways END'
];

async function typeInto(lines: readonly string[], before: string, after: string, other = OTHER_TEXT): Promise<number> {
    const ws = await TestWorkspace.create();
    await ws.set(TYPED, before + after);
    await ws.set(OTHER, other);
    const moves = ws.moves(OTHER);
    const diagnostics = ws.diagnostics(OTHER);
    expect(Object.values(moves).every((m) => m.length > 0 && !m.includes('problems'))).toBe(true);
    const text = lines.join('\n') + '\n';
    let states = 0;
    for (let length = 0; length <= text.length; length++) {
        const typed = before + text.slice(0, length) + after;
        // The typed file is not validated (its diagnostics are not what this test is about); the
        // other file is rebuilt, validated, whenever the typed file changes what its names mean.
        await ws.set(TYPED, typed, false);
        states++;
        // One assertion per state, with the state in its message, so a failure says where.
        expect(ws.moves(OTHER), typed).toEqual(moves);
        expect(ws.diagnostics(OTHER), typed).toEqual(diagnostics);
        for (const name of PRELUDE_USES) expect(ws.target(OTHER, name), `${name} in ${JSON.stringify(typed)}`).toBe(ws.services.shared.lcpn.Prelude.uri);
        expect(ws.target(OTHER, 'chinese-horse'), typed).toBe(OTHER);
    }
    return states;
}

describe('typing in one file never changes the pieces of another', () => {
    test.each([['Lisp', LISP], ['C', C], ['SQL', SQL]])('%s style, at the end of a file', async (_style, lines) => {
        expect(await typeInto(lines, '', '')).toBeGreaterThan(100);
    });

    test('in the middle of a file, before and after definitions of its own that the other file uses', async () => {
        const before = '(def own-a (/ ferz [0 2]))\n';
        const after = '\nown-b := wazir / knight\nown-c IS ferz OR [3, 0]\n';
        const other = OTHER_TEXT + '\n(def uses-own (/ own-a own-b own-c))\n(import typed)';
        expect(await typeInto([LISP[0], C[4], SQL[4], C[6], LISP[4], C[3], SQL[3], LISP[3]], before, after, other)).toBeGreaterThan(500);
    });
});
