/** Completion of board shapes and of the directions of the file's board (issue 11), in the three styles. */
import { expectCompletion } from 'langium/test';
import type { LangiumServices } from 'langium/lsp';
import { beforeAll, describe, expect, test } from 'vitest';
import type { CompletionItem } from 'vscode-languageserver';
import { createTestServices } from '../test-services.js';

let complete: ReturnType<typeof expectCompletion>;
beforeAll(async () => {
    const services: LangiumServices = (await createTestServices()).Lcpn;
    complete = expectCompletion(services);
});

const itemsAt = async (text: string) => {
    let result: CompletionItem[] = [];
    await complete({ text, index: 0, disposeAfterCheck: true, assert: (list) => { result = list.items; } });
    return result;
};
const labelsAt = async (text: string) => (await itemsAt(text)).map((i) => i.label);

describe('board shapes', () => {
    test.each([
        ['lisp', '(def glinski (board (<|>', 'hexagon'],
        ['c', 'glinski := board(<|>', 'hexagon'],
        ['sql', 'glinski IS board(<|>', 'hexagon']
    ])('%s: where the size goes, the hexagon', async (_style, text, word) => {
        const items = await itemsAt(text);
        const hexagon = items.find((i) => i.label === word);
        expect(hexagon).toMatchObject({ detail: 'board shape' });
        expect(String(hexagon!.documentation)).toMatch(/regular hexagon of side N/);
        // The rules come after the size, not in its place.
        expect(items.map((i) => i.label)).not.toContain('confine');
    });

    test.each([
        ['lisp', '(def holed (board 8 8 (<|>', ['cylinder', 'holes', 'confine', 'promotion-zone']],
        ['c', 'holed := board(8, 8, <|>', ['cylinder', 'holes', 'confine', 'promotion_zone']],
        ['sql', 'holed IS board(hexagon(6), <|>', ['confine', 'promotion_zone']],
        ['lisp after a hexagon', '(def g (board (hexagon 6) (<|>', ['confine', 'promotion-zone']]
    ])('%s: after the size, the shape words and the clauses', async (_style, text, words) => {
        expect(await labelsAt(text)).toEqual(expect.arrayContaining(words));
    });

    test.each([
        ['lisp', '(def g (board (hexagon 6 <|>'],
        ['c', 'g := board(hexagon(6, <|>']
    ])('%s: after the side, the orientations', async (_style, text) => {
        const items = await itemsAt(text);
        expect(items.filter((i) => i.detail === 'hexagon orientation').map((i) => i.label)).toEqual(['files', 'rows']);
    });

    test('path is offered as another notation', async () => {
        const path = (await itemsAt('(def x (pa<|>')).find((i) => i.label === 'path');
        expect(path).toMatchObject({ detail: 'another notation' });
    });
});

describe("after a colon, the directions of the file's board", () => {
    test.each([
        ['lisp', '(def glinski (board (hexagon 6)))\n(def x (wazir :<|>', ':forward-left', ':narrow'],
        ['c', 'glinski := board(hexagon(6, rows))\nx := wazir:<|>', ':backward_right', ':forward_most'],
        ['sql', 'glinski IS board(hexagon(6))\nx IS wazir:<|>', ':forward_right', ':wide']
    ])('%s: a hexagon offers its words and not the square-only ones', async (_style, text, present, absent) => {
        const items = await itemsAt(text);
        const labels = items.map((i) => i.label);
        expect(labels).toContain(present);
        expect(labels).not.toContain(absent);
        const diagonal = items.find((i) => i.label === ':diagonal');
        expect(String(diagonal?.documentation)).toMatch(/between the axes/);
    });

    test('squares offer the square words, not the hexagonal ones', async () => {
        const labels = await labelsAt('(def b (board 8 8 (cylinder)))\n(def x (wazir :<|>');
        expect(labels).toEqual(expect.arrayContaining([':narrow', ':forward-most', ':forward']));
        expect(labels).not.toContain(':forward-left');
    });
});
