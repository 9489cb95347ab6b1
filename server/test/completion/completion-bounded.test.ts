/**
 * Completion answers with a bounded list in bounded work, whatever the file (issue 25, item 11:
 * in a 1 MB file written on one line a request took 1-4 s and returned 35,515 items). At most
 * MAX_DEFINED_NAMES of the names the workspace defines, the best matches of what is typed
 * (those starting with it, then the shorter), the list marked incomplete when cut so the client
 * asks again as the user types; the completion parser reads the definition being edited, not
 * the line, when a file is written on one line.
 */
import { parseHelper } from 'langium/test';
import { beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import type { CompletionList } from 'vscode-languageserver';
import { MAX_DEFINED_NAMES } from '../../src/lsp/completion-provider.js';
import type { LcpnServices } from '../../src/semantics/module.js';
import { generateDefinitions } from '../../../bench/generate.js';
import { createTestServices } from '../test-services.js';

let services: LcpnServices;
beforeAll(async () => {
    services = (await createTestServices()).Lcpn;
});

/** Completion `back` characters before the end of `text`, with the texts the completion parser read. */
async function complete(text: string, back = 0): Promise<{ list: CompletionList; parsed: string[] }> {
    const document = await parseHelper(services)(text);
    const parse = vi.spyOn(services.parser.CompletionParser, 'parse');
    try {
        const position = document.textDocument.positionAt(text.length - back);
        const list = (await services.lsp.CompletionProvider!.getCompletion(document, { textDocument: { uri: document.uri.toString() }, position }))!;
        return { list, parsed: parse.mock.calls.map((c) => c[0]) };
    } finally {
        parse.mockRestore();
    }
}

const pieces = (list: CompletionList) => list.items.filter((i) => i.detail?.startsWith('piece')).map((i) => i.label);

/** 5,000 definitions in the three styles on one line (about 250 KB). */
const ONE_LINE = generateDefinitions(5000, 'piece').trimEnd().replace(/\n/g, ' ');

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
    // The namespace is the workspace's: each test starts from an empty one.
    beforeEach(async () => {
        services = (await createTestServices()).Lcpn;
    });

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
