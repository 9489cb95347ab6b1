// The engine's plans kept across edits (KeptPlans, engine/compile.ts; piece-models.ts keys
// them by AST node): an edit of a definition that others use, directly or through another
// definition, changes their diagnostics as a fresh build does, in each style. Never a stale plan.
import { describe, expect, test } from 'vitest';
import { IssueCodes } from '../../src/semantics/issue-codes.js';
import { diagnosticsFromScratch, edit, services } from './workspace.js';

/**
 * `g` captures without moving (igui); `k` moves as `g` or as a dabbabah, `h` as `k` or as a wazir;
 * `s` is `h` then a rook: igui on a leg that another follows, two references down (the kept plan
 * of `h` reads only `k`, which is unchanged when `g` is edited).
 */
const STYLES = {
    lisp: {
        igui: '(def g (igui ferz))', plain: '(def g (capture ferz))',
        rest: ['(def k (/ g dabbabah))', '(def h (/ k wazir))', '(def s (=> h rook))', '(def other (/ camel zebra))', '(def last (=> h knight))'],
        other: '(def other (/ camel alfil))', noG: '(def k (/ ferz dabbabah))'
    },
    c: {
        igui: 'g := igui(ferz)', plain: 'g := capture(ferz)',
        rest: ['k := g / dabbabah', 'h := k / wazir', 's := h -> rook', 'other := camel / zebra', 'last := h => knight'],
        other: 'other := camel / alfil', noG: 'k := ferz / dabbabah'
    },
    sql: {
        igui: 'g IS igui(ferz)', plain: 'g IS capturing ferz',
        rest: ['k IS g OR dabbabah', 'h IS k OR wazir', 's IS h AND_THEN rook', 'other IS camel OR zebra', 'last IS h AND_THEN knight'],
        other: 'other IS camel OR alfil', noG: 'k IS ferz OR dabbabah'
    }
};

const code = (d: { data?: unknown }) => (d.data as { code?: string } | undefined)?.code;

describe.each(Object.entries(STYLES))('%s: users of an edited definition are checked with its new plan', (style, lines) => {
    test('igui reaches s through k and h: edits of g, of an unrelated definition and of k, each as a fresh build', async () => {
        const s = await services();
        const uri = `file:///kept-plans-${style}.lcpn`;
        let version = 1;
        const steps: [string, number][] = [
            // [text, how many igui-on-the-way errors: s and last each have one while g is igui and k uses g]
            [[lines.igui, ...lines.rest].join('\n'), 2],
            [[lines.plain, ...lines.rest].join('\n'), 0],
            [[lines.plain, ...lines.rest.slice(0, 3), lines.other, lines.rest[4]].join('\n'), 0],
            [[lines.igui, ...lines.rest.slice(0, 3), lines.other, lines.rest[4]].join('\n'), 2],
            [[lines.igui, lines.noG, ...lines.rest.slice(1, 3), lines.other, lines.rest[4]].join('\n'), 0],
            [[lines.igui, ...lines.rest].join('\n'), 2]
        ];
        for (const [text, errors] of steps) {
            const document = await edit(s, uri, text, version++);
            const diagnostics = document.diagnostics ?? [];
            expect(diagnostics.filter((d) => code(d) === IssueCodes.IguiOnTheWay)).toHaveLength(errors);
            expect(JSON.stringify(diagnostics)).toEqual((await diagnosticsFromScratch(new Map([[uri, text]]))).get(uri));
        }
    });
});
