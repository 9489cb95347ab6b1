// `(in deep)` and `(rook :deep)` where `deep` is this file's definition with a syntax error: a
// warning that the definition is broken (BrokenDefinitionUse), not "not a zone" or "names a
// piece" (what the broken text happens to read as); in each style, and after edits as a fresh build.
import { describe, expect, test } from 'vitest';
import { IssueCodes } from '../../src/semantics/issue-codes.js';
import { diagnosticsFromScratch, edit, services } from './workspace.js';

const code = (d: { data?: unknown }) => (d.data as { code?: string } | undefined)?.code;

const STYLES = {
    lisp: { broken: '(def deep zone a1)', fixed: '(def deep (zone a1 b2))', users: ['(def mover (cond ((in deep) rook) (t bishop)))', '(def m-ii (rook :deep))'] },
    c: { broken: 'deep := zone a1', fixed: 'deep := zone(a1, b2)', users: ['mover := if (in(deep)) { rook } else { bishop }', 'm_ii := rook:deep'] },
    sql: { broken: 'deep IS zone a1', fixed: 'deep IS zone(a1, b2)', users: ['mover IS IF in(deep) THEN rook ELSE bishop END', 'm_ii IS rook:deep'] }
};

describe.each(Object.entries(STYLES))('%s: uses of a broken definition', (style, lines) => {
    test('one warning per use, at the use, naming the line; none once it is fixed; the same as a fresh build after each edit', async () => {
        const s = await services();
        const uri = `file:///broken-uses-${style}.lcpn`;
        // [text, the lines (1-based) of the broken-definition warnings]
        const steps: [string, number[]][] = [
            [[lines.broken, ...lines.users].join('\n'), [2, 3]],
            [['(def other wazir)', lines.broken, ...lines.users].join('\n'), [3, 4]],
            [['(def other wazir)', lines.fixed, ...lines.users].join('\n'), []],
            [['(def other wazir)', lines.broken, ...lines.users].join('\n'), [3, 4]],
            [[lines.broken, ...lines.users].join('\n'), [2, 3]]
        ];
        let version = 1;
        for (const [text, warned] of steps) {
            const document = await edit(s, uri, text, version++);
            const diagnostics = document.diagnostics ?? [];
            const broken = diagnostics.filter((d) => code(d) === IssueCodes.BrokenDefinitionUse);
            expect(broken.map((d) => d.range.start.line + 1), text).toEqual(warned);
            const line = text.split('\n').findIndex((l) => l.includes('deep') && !l.includes('rook')) + 1;
            for (const d of broken) expect(d.message).toContain(`(line ${line})`);
            // Nothing else is said of the uses: not "not a zone", not "names a piece", not "not a condition".
            expect(diagnostics.filter((d) => [IssueCodes.NotAZone, IssueCodes.NotACondition, IssueCodes.UnknownKeyword].includes(code(d) ?? '')), text).toEqual([]);
            expect(JSON.stringify(diagnostics)).toEqual((await diagnosticsFromScratch(new Map([[uri, text]]))).get(uri));
        }
    });
});
