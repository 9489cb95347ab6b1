/**
 * Completion answers with a bounded list in bounded work, whatever the file (issue 25, item 11:
 * in a 1 MB file written on one line a request took 1-4 s and returned 35,515 items). At most
 * MAX_DEFINED_NAMES of the names the workspace defines, the best matches of what is typed
 * (those starting with it, then the shorter), the list marked incomplete when cut so the client
 * asks again as the user types; the completion parser reads the definition being edited, not
 * the line, when a file is written on one line.
 */
import { describe, expect, test } from 'vitest';
import type { CompletionList } from 'vscode-languageserver';
import { MAX_DEFINED_NAMES } from '../../src/lsp/completion-provider.js';
import { generateDefinitions } from '../../../bench/generate.js';
import { completionWithParses, validated } from '../lsp-helpers.js';

const pieces = (list: CompletionList) => list.items.filter((i) => i.detail?.startsWith('piece')).map((i) => i.label);

/** 5,000 definitions in the three styles on one line (about 250 KB). */
const ONE_LINE = generateDefinitions(5000, 'piece').trimEnd().replace(/\n/g, ' ');

/** Completion `back` characters before the end of `text` (parsed alone), with the texts the completion parser read. */
async function complete(text: string, back = 0): Promise<{ list: CompletionList; parsed: string[] }> {
    return completionWithParses(await validated(text, { validation: false }), text.length - back);
}

describe('a file of 5,000 definitions written on one line', () => {
    test.each([
        // The Lisp definition is closed after the cursor: an unclosed one would leave the whole line
        // with a syntax error, and a line's definitions are then incomplete (not completion's names).
        ['c', ' probe := wazir / pi', 0],
        ['sql', ' probe IS wazir OR pi', 0],
        ['lisp', ' (def probe (/ wazir pi))', 2]
    ])('%s: the best matches of what is typed, cut and marked incomplete; the parser reads the definitions near the cursor', async (_style, tail, back) => {
        const { list, parsed } = await complete(ONE_LINE + tail, back);
        const names = pieces(list);
        expect(names).toHaveLength(MAX_DEFINED_NAMES);
        expect(list.isIncomplete).toBe(true);
        // Every one starts with what is typed, the shortest names first.
        expect(names.every((n) => /^piece[-_]/.test(n))).toBe(true);
        expect(names.slice(0, 3)).toEqual(['a', 'b', 'c'].map((l) => `piece${names[0][5]}${l}`));
        expect(parsed.length).toBeGreaterThan(0);
        for (const text of parsed) expect(text.length, JSON.stringify(text.slice(0, 80))).toBeLessThan(1_000);
    });

    test('a name with nothing typed yet: the shortest names, pieces of the prelude among them', async () => {
        const { list } = await complete(`${ONE_LINE} probe := wazir / rook`, 4);
        const names = pieces(list);
        expect(names).toHaveLength(MAX_DEFINED_NAMES);
        expect(list.isIncomplete).toBe(true);
        for (const name of ['gnu', 'ferz', 'rook', 'knight']) expect(names).toContain(name);
        // Functions are not names the file defines: all of them are still there.
        expect(list.items.map((i) => i.label)).toContain('capture');
    });
});

describe('zones and conditions after a colon', () => {
    // The namespace is the workspace's: each text is validated alone (validated removes the one before).

    const zones = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `(def ${prefix}-${i.toString(26).replace(/\d/g, (d) => 'qrstuvwxyz'[Number(d)])} (zone a1))`).join('\n');

    test('more than the bound: the best matches, marked incomplete', async () => {
        const { list } = await complete(`${zones('court', 150)}\n(def p (wazir :co`);
        const declared = list.items.filter((i) => i.detail === 'zone');
        expect(declared).toHaveLength(MAX_DEFINED_NAMES);
        expect(list.isIncomplete).toBe(true);
    });

    test('within the bound: all of them, complete', async () => {
        const { list } = await complete(`${zones('area', 20)}\n(def p (wazir :ar`);
        expect(list.items.filter((i) => i.detail === 'zone')).toHaveLength(20);
        expect(list.isIncomplete).toBe(false);
    });
});
