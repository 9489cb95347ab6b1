/**
 * The early cutoff (early-cutoff.ts): after an edit of a used definition, its users are
 * checked again only when what they read of it changed. An edit that keeps what users see (a
 * range: users read the steps and end rules of its plan, never its range) rechecks only the
 * definitions the splice re-read; an edit that makes it move nowhere, pushes a user over the
 * 2,000-part cap, or breaks it reaches the users, through a chain of uses. Every step compares
 * the diagnostics with the same text built from scratch; the edited definition is written in
 * each of the three styles.
 */
import { describe, expect, test } from 'vitest';
import { incrementalValidationStats } from '../../src/semantics/incremental-validator.js';
import { cutoffStats } from '../../src/semantics/early-cutoff.js';
import { IssueCodes } from '../../src/semantics/issue-codes.js';
import type { Diagnostic } from 'vscode-languageserver-types';
import { rechecksSession } from './rechecks-session.js';

const URI_TEXT = 'file:///w/cutoff.lcpn';
/** The splice re-reads the edited definition and two anchors on each side. */
const SLICE = 5;

function session(text: string) {
    return rechecksSession(URI_TEXT, text);
}

const code = (d: Diagnostic) => (d.data as { code?: string } | undefined)?.code;
const others = Array.from({ length: 12 }, (_, i) => `(def other-${'abcdefghijkl'[i]} (/ wazir ferz))`).join('\n') + '\n';

/** The edited definition `z` in each style: forward ferz steps with a range, and moving nowhere. */
const STYLES = [
    { style: 'Lisp', ranged: (n: number) => `(def z (ferz :forward :${n}))`, nowhere: '(def z (move (capture ferz)))' },
    { style: 'C', ranged: (n: number) => `z := ferz:forward:${n}`, nowhere: 'z := move(capture(ferz))' },
    { style: 'SQL', ranged: (n: number) => `z IS ferz:forward:${n}`, nowhere: 'z IS moving capturing ferz' }
];

describe('the early cutoff: users are checked again only when what they read changed', () => {
    for (const { style, ranged, nowhere } of STYLES) {
        test(`${style}: a new range keeps the users' diagnostics without checking them; moving nowhere reaches the users of its users`, async () => {
            // u reads z through v: ':backward' selects none of a forward ferz's steps (a warning on line 2);
            // when z moves nowhere there are no steps to select from, and the warning goes.
            const head = '(def v z)\n(def u (v :backward))\n';
            const text = (z: string) => head + others + z + '\n';
            const doc = await session(text(ranged(2)));
            expect(doc.diagnostics.map((d) => [d.range.start.line, code(d)])).toEqual([[1, IssueCodes.KeywordSelectsNothing]]);
            const cut = cutoffStats.cut;
            // The range is not read by any check of a user: only the re-read slice is checked.
            expect(await doc.step(text(ranged(3)))).toBeLessThanOrEqual(SLICE);
            expect(await doc.step(text(ranged(4)))).toBeLessThanOrEqual(SLICE);
            expect(cutoffStats.cut).toBe(cut + 2);
            expect(doc.diagnostics.map((d) => [d.range.start.line, code(d)])).toEqual([[1, IssueCodes.KeywordSelectsNothing]]);
            // Moving nowhere: v (which sees a new plan) and u (through v) are checked again, the others not.
            const followed = cutoffStats.followed;
            const rechecked = await doc.step(text(nowhere));
            expect(rechecked).toBe(3 + 2);
            expect(cutoffStats.followed).toBeGreaterThanOrEqual(followed + 2);
            expect(doc.diagnostics.some((d) => d.range.start.line === 1)).toBe(false);
            // And back: the warning returns.
            expect(await doc.step(text(ranged(2)))).toBe(3 + 2);
            expect(doc.diagnostics.map((d) => [d.range.start.line, code(d)])).toEqual([[1, IssueCodes.KeywordSelectsNothing]]);
        });
    }

    const GROWN = [
        { style: 'Lisp', small: '(def e (wazir :1))', large: '(def e (/ wazir ferz knight alfil dabbabah))', broken: '(def e (/ wazir ferz)' },
        { style: 'C', small: 'e := wazir:1', large: 'e := wazir / ferz / knight / alfil / dabbabah', broken: 'e := wazir / (ferz' },
        { style: 'SQL', small: 'e IS wazir:1', large: 'e IS wazir OR ferz OR knight OR alfil OR dabbabah', broken: 'e IS wazir OR (ferz' }
    ];
    for (const { style, small, large, broken } of GROWN) {
        test(`${style}: a definition grown past the 2,000-part cap of a user eight uses away, and broken, reaches it`, async () => {
            // b-a .. b-h double e's size at each step; w's own igui error after b-h is found only within w's cap.
            const chain = ['(def b-a (/ e e))'];
            for (const [i, n] of [...'bcdefgh'].entries()) chain.push(`(def b-${n} (/ b-${'abcdefgh'[i]} b-${'abcdefgh'[i]}))`);
            const text = (e: string) => `${e}\n${others}${chain.join('\n')}\n(def w (/ b-h (=> (igui wazir) ferz)))\n`;
            const igui = (diagnostics: Diagnostic[]) => diagnostics.filter((d) => code(d) === IssueCodes.IguiOnTheWay).length;
            const doc = await session(text(small));
            expect(igui(doc.diagnostics)).toBe(1);
            // e and the two definitions after it, then the b's as far as their size changes (past the cap a b is
            // "too large" either way, and what its users see stops changing), and w, whose error goes and comes back.
            const grown = await doc.step(text(large));
            expect(grown).toBeGreaterThan(3 + 1);
            expect(grown).toBeLessThanOrEqual(3 + 8 + 1);
            expect(igui(doc.diagnostics)).toBe(0);
            expect(await doc.step(text(small))).toBe(grown);
            expect(igui(doc.diagnostics)).toBe(1);
            // A syntax error: the file is not clean, so it is validated as before (no reuse), as a fresh build; then mended.
            const delegated = incrementalValidationStats.delegated;
            await doc.anyStep(text(broken));
            expect(incrementalValidationStats.delegated).toBeGreaterThan(delegated);
            await doc.anyStep(text(small));
            expect(igui(doc.diagnostics)).toBe(1);
            // Validated in full once mended; the next edit that keeps what users see is cut off again.
            expect(await doc.step(text(small.replace(':1', ':2')))).toBeLessThanOrEqual(SLICE);
        });
    }
});
