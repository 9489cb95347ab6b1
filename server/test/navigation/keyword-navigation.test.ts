/**
 * A keyword that names a definition (`:within-fortress` with `(def within-fortress (zone d1-f3))`)
 * is a use of it: go to definition, find references and rename reach it, in the three styles.
 * Zone and condition names in tests, boards and functions are plain cross-references.
 */
import { expectGoToDefinition } from 'langium/test';
import type { LcpnServices } from '../../src/semantics/module.js';
import { beforeAll, describe, expect, test } from 'vitest';
import { createTestServices } from '../test-services.js';
import { validated } from '../lsp-helpers.js';

let services: LcpnServices;
beforeAll(async () => {
    services = (await createTestServices()).Lcpn;
});

const FILE = [
    '(def within-fortress (zone d1-f3))',
    'advisor := ferz:within_fortress',
    'general IS wazir:WITHIN_FORTRESS OR rook:forward',
    '(def at-home (in within-fortress))',
    '(def xq (board 9 10 (confine advisor within-fortress)))'
].join('\n');

describe('go to definition', () => {
    test.each([
        ['a Lisp keyword', '(def <|palace|> (zone d1-f3))\n(def g (wazir :pa<|>lace))'],
        ['a C keyword', '<|on_own_side|> := rank() <= 5\ne := [2, 2]:on_<|>own_side'],
        ['a SQL keyword', '<|fortress|> IS zone(d1-f3)\ng IS wazir:FORT<|>RESS'],
        ['a zone in a test', '(def <|palace|> (zone d1-f3))\n(def h (in pal<|>ace))'],
        ['a condition in a test', '<|unmoved|> := first_move()\np := if (unm<|>oved) { wazir }'],
        ['a defined function', '(def <|capture-a-general|> (& capture general-there))\n(def general-there (occupied-by general))\n(def g (capture-a-<|>general rook))']
    ])('%s', async (_what, text) => {
        await expectGoToDefinition(services)({ text, index: 0, rangeIndex: 0, disposeAfterCheck: true });
    });

    test('a direction keyword or a square goes nowhere', async () => {
        const document = await validated('(def palace (zone d1-f3))\n(def g (wazir :forward))', { services: services, validation: false });
        const at = (needle: string) => document.textDocument.positionAt(document.textDocument.getText().indexOf(needle) + 2);
        for (const needle of [':forward', 'd1-f3']) {
            const links = await services.lsp.DefinitionProvider!.getDefinition(document, { textDocument: { uri: document.uri.toString() }, position: at(needle) });
            expect(links ?? [], needle).toEqual([]);
        }
    });
});

describe('references and rename', () => {
    test('find references lists the keywords, tests and clauses that name the zone', async () => {
        const document = await validated(FILE, { services: services, validation: false });
        const refs = await services.lsp.ReferencesProvider!.findReferences(document, { textDocument: { uri: document.uri.toString() }, position: { line: 0, character: 8 }, context: { includeDeclaration: false } });
        const texts = (refs ?? []).map((r) => `${r.range.start.line}:${document.textDocument.getText(r.range)}`).sort();
        expect(texts).toEqual(['1:within_fortress', '2:WITHIN_FORTRESS', '3:within-fortress', '4:within-fortress']);
    });

    test.each([
        ['from the definition', { line: 0, character: 8 }],
        ['from a keyword', { line: 1, character: 20 }]
    ])('rename %s renames every use in its own spelling, colon kept', async (_from, position) => {
        const document = await validated(FILE, { services: services, validation: false });
        const edit = await services.lsp.RenameProvider!.rename(document, { textDocument: { uri: document.uri.toString() }, position, newName: 'palace-lines' });
        const renamed = edit!.changes![document.uri.toString()];
        const lines = document.textDocument.getText().split('\n');
        const result = [...renamed].sort((a, b) => b.range.start.line - a.range.start.line || b.range.start.character - a.range.start.character)
            .reduce((text, e) => {
                const line = text[e.range.start.line];
                text[e.range.start.line] = line.slice(0, e.range.start.character) + e.newText + line.slice(e.range.end.character);
                return text;
            }, lines);
        expect(result).toEqual([
            '(def palace-lines (zone d1-f3))',
            'advisor := ferz:palace_lines',
            'general IS wazir:PALACE_LINES OR rook:forward',
            '(def at-home (in palace-lines))',
            '(def xq (board 9 10 (confine advisor palace-lines)))'
        ]);
    });
});
