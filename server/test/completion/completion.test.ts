/** Completion through Langium's `expectCompletion`, in the three styles. */
import { expectCompletion } from 'langium/test';
import type { LangiumServices } from 'langium/lsp';
import { beforeAll, describe, expect, test } from 'vitest';
import { CompletionItemKind, InsertTextFormat, type CompletionItem, type CompletionList } from 'vscode-languageserver';
import { createTestServices } from '../test-services.js';

let complete: ReturnType<typeof expectCompletion>;
beforeAll(async () => {
    const services: LangiumServices = (await createTestServices()).Lcpn;
    complete = expectCompletion(services);
});

const labels = (list: CompletionList) => list.items.map((i) => i.label);
const item = (list: CompletionList, label: string): CompletionItem => {
    const found = list.items.find((i) => i.label === label);
    expect(found, `no item '${label}' in ${labels(list).join(' ')}`).toBeDefined();
    return found!;
};
// The modifier and annotation functions: what composes (condition words such as rank are offered in tests, after these elsewhere).
const FUNCTIONS_LISP = ['move', 'capture', 'cannon', 'no-jump', 'igui', 'promote-to', 'capture-a-general'];
const FUNCTIONS_INFIX = ['move', 'capture', 'cannon', 'no_jump', 'igui', 'promote_to', 'capture_a_general'];

describe('piece names in scope', () => {
    test.each([
        ['lisp', 'CHINESE_HORSE := wazir => ferz\n(def chinese-horse (-> wazir ferz))\n(def x (/ chi<|>', 'chinese-horse'],
        ['c', '(def chinese-horse (-> wazir ferz))\nCHINESE_HORSE IS wazir THEN ferz\nx := wazir / chi<|>', 'chinese_horse'],
        ['sql', '(def chinese-horse (-> wazir ferz))\nx IS wazir OR chi<|>', 'chinese_horse']
    ])('%s: each name once, spelled for the style being edited', async (_style, text, expected) => {
        await complete({ text, index: 0, expectedItems: [expected], disposeAfterCheck: true });
    });

    test('kind, where it is defined, and its definition normalized to Lisp', async () => {
        await complete({
            text: '(def chinese-horse (=> wazir (ferz :outward)))\nx := fer<|>', index: 0, disposeAfterCheck: true,
            assert: (list) => {
                const ferz = item(list, 'ferz');
                expect(ferz.kind).toBe(CompletionItemKind.Class);
                expect(ferz.detail).toBe('piece · standard prelude');
                expect(ferz.documentation).toEqual({ kind: 'markdown', value: '```lcpn\n(def ferz [1 1])\n```' });
            }
        });
        await complete({
            text: '(def chinese-horse (=> wazir (ferz :outward)))\nx := chi<|>', index: 0, disposeAfterCheck: true,
            assert: (list) => expect(item(list, 'chinese_horse').detail).toBe('piece · this file')
        });
    });

    test('the documentation echoes each definition in the style it was written in', async () => {
        await complete({
            text: 'c_horse := wazir => ferz:outward\nsql_cannon IS moving rook OR capture AND cannon(rook)\n(def lisp-rider (knight :rider))\n(def x (/ <|>', index: 0, disposeAfterCheck: true,
            assert: (list) => {
                expect(item(list, 'c-horse').documentation).toEqual({ kind: 'markdown', value: '```lcpn\nc_horse := wazir => ferz:outward\n```' });
                expect(item(list, 'sql-cannon').documentation).toEqual({ kind: 'markdown', value: '```lcpn\nsql_cannon IS moving rook OR capture AND cannon(rook)\n```' });
                expect(item(list, 'lisp-rider').documentation).toEqual({ kind: 'markdown', value: '```lcpn\n(def lisp-rider (knight :rider))\n```' });
            }
        });
    });

    test('a string holding a fence line stays inside the documentation code block', async () => {
        await complete({
            text: '(def odd "```\n[link](https://example.com)\n````")\n(def x (/ <|>', index: 0, disposeAfterCheck: true,
            assert: (list) => {
                const value = (item(list, 'odd').documentation as { value: string }).value;
                expect(value).toBe('`````lcpn\n(def odd "```\n[link](https://example.com)\n````")\n`````');
            }
        });
    });

    test('the definition being edited is not proposed (it would be a cycle)', async () => {
        await complete({
            text: '(def knight-rider (/ kni<|>', index: 0, disposeAfterCheck: true,
            assert: (list) => {
                expect(labels(list)).toContain('knight');
                expect(labels(list)).not.toContain('knight-rider');
            }
        });
    });
});

describe('modifier functions', () => {
    test('Lisp: at the head of a list, functions come first, then pieces, and a cond template', async () => {
        await complete({
            text: '(def x (<|>', index: 0, disposeAfterCheck: true,
            assert: (list) => {
                const sorted = [...list.items].sort((a, b) => (a.sortText ?? '').localeCompare(b.sortText ?? ''));
                expect(sorted.slice(0, 7).map((i) => i.label)).toEqual(FUNCTIONS_LISP);
                expect(sorted.slice(0, 7).every((i) => i.kind === CompletionItemKind.Function)).toBe(true);
                expect(labels(list)).toContain('wazir');
                expect(item(list, 'cond').insertTextFormat).toBe(InsertTextFormat.Snippet);
                expect(item(list, 'no-jump').documentation).toBe('Every square on the path of the leap must be empty (the Xiangqi elephant).');
            }
        });
    });

    test.each([
        ['lisp', '(def x ((& capture <|>', FUNCTIONS_LISP],
        ['c', 'x := capture & <|>', FUNCTIONS_INFIX],
        ['sql', 'x IS (capture AND <|>', FUNCTIONS_INFIX]
    ])('%s: a function composition proposes only functions', async (_style, text, expected) => {
        await complete({
            text, index: 0, disposeAfterCheck: true,
            assert: (list) => expect(list.items.filter((i) => i.kind !== CompletionItemKind.Keyword).map((i) => i.label)).toEqual(expected)
        });
    });
});

describe('boards, zones and conditions (issue 10)', () => {
    const labelsAt = async (text: string) => {
        let result: string[] = [];
        await complete({ text, index: 0, disposeAfterCheck: true, assert: (list) => { result = [...list.items].sort((a, b) => (a.sortText ?? '').localeCompare(b.sortText ?? '')).map((i) => i.label); } });
        return result;
    };

    test.each([
        ['lisp cond clause', '(def x (cond (<|>', 'first-move'],
        ['lisp and', '(def x (cond ((and (<|>', 'in'],
        ['c if', 'x := if (<|>', 'first_move'],
        ['c &&', 'x := if (first_move() && <|>', 'occupied_by'],
        ['sql IF', 'x IS IF <|>', 'enemy']
    ])('%s: the condition words come first', async (_where, text, word) => {
        const labels = await labelsAt(text);
        expect(labels).toContain(word);
        expect(labels.indexOf(word)).toBeLessThan(labels.indexOf('move'));
    });

    test('a definition body offers board and zone; a board offers its clauses', async () => {
        expect(await labelsAt('(def xiangqi (<|>')).toEqual(expect.arrayContaining(['board', 'zone']));
        expect(await labelsAt('xiangqi := <|>')).toEqual(expect.arrayContaining(['board', 'zone']));
        expect(await labelsAt('(def xiangqi (board 9 10 (<|>')).toEqual(expect.arrayContaining(['confine', 'promotion-zone']));
        expect(await labelsAt('xiangqi := board(9, 10, <|>')).toEqual(expect.arrayContaining(['confine', 'promotion_zone']));
        expect(await labelsAt('(def x (wazir <|>')).not.toContain('board');
    });

    test('after a colon: the zones and conditions the file defines', async () => {
        const labels = await labelsAt('(def palace (zone d1-f3))\n(def on-own-side (<= (rank) 5))\n(def ferz-ii [1 1])\n(def x (wazir :<|>');
        expect(labels).toEqual(expect.arrayContaining([':palace', ':on-own-side']));
        expect(labels).not.toContain(':ferz-ii');
    });

    test('a composition offers the functions and conditions the file defines, not test words', async () => {
        const labels = await labelsAt('(def general-there (occupied-by general))\n(def x ((& capture <|>');
        expect(labels).toContain('general-there');
        expect(labels).not.toContain('first-move');
    });
});

describe('keywords after a colon', () => {
    test.each([
        ['lisp', '(def x (wazir :<|>', ':forward-most', ':forward_most'],
        ['c', 'x := wazir:fo<|>', ':forward_most', ':forward-most'],
        ['sql', 'x IS [1, 1]:<|>', ':backwards_shallow', ':backwards-shallow']
    ])('%s: directions and qualifiers in the style\'s spelling, with their docs', async (_style, text, present, absent) => {
        await complete({
            text, index: 0, disposeAfterCheck: true,
            assert: (list) => {
                expect(labels(list)).toContain(present);
                expect(labels(list)).not.toContain(absent);
                expect(labels(list)).toEqual(expect.arrayContaining([':only', ':rider', ':outward', ':any', ':*']));
                expect(labels(list).every((l) => l.startsWith(':'))).toBe(true);
                expect(item(list, ':forward')).toMatchObject({ kind: CompletionItemKind.EnumMember, detail: 'direction', documentation: 'Steps toward the opponent (dy > 0).' });
            }
        });
    });

    test('properties after a double colon', async () => {
        await complete({ text: 'king := ::<|>', index: 0, expectedItems: ['::royal'], disposeAfterCheck: true });
    });

    test('a detached colon in C style is the start of :=, not a keyword', async () => {
        await complete({ text: 'knight :<|>', index: 0, expectedItems: [], disposeAfterCheck: true });
    });
});

describe('templates', () => {
    test('a new definition at the top level: all styles, the surrounding style first', async () => {
        await complete({ text: '<|>', index: 0, expectedItems: ['(def', '(def … cond', '(def … board', 'import', 'IMPORT', ':=', ':= if', 'IS', 'IS IF', ':= board', 'IS board'], disposeAfterCheck: true });
        await complete({ text: 'knight := [1, 2]\n<|>', index: 0, expectedItems: [':=', ':= if', ':= board', 'import', 'IMPORT', '(def', '(def … cond', 'IS', 'IS IF', '(def … board', 'IS board'], disposeAfterCheck: true });
        // After a SQL definition its expression may also go on (`OR ...`), so those keywords come too.
        await complete({
            text: 'knight IS [1, 2]\n<|>', index: 0, disposeAfterCheck: true,
            assert: (list) => expect(list.items.filter((i) => i.kind === CompletionItemKind.Snippet).sort((a, b) => a.sortText!.localeCompare(b.sortText!)).map((i) => i.label))
                .toEqual(['IS', 'IS IF', 'IS board', '(def', '(def … cond', ':=', ':= if', '(def … board', ':= board'])
        });
    });

    test('a name already typed becomes the name of the new definition', async () => {
        await complete({
            text: '(def a wazir)\nkn<|>', index: 0, disposeAfterCheck: true,
            assert: (list) => {
                expect(item(list, '(def').textEdit).toEqual({ range: { start: { line: 1, character: 0 }, end: { line: 1, character: 2 } }, newText: '(def kn ${2:[1 2]})' });
                expect(item(list, ':=').textEdit?.newText).toBe('kn := ${2:[1, 2]}');
                expect(item(list, 'IS IF').textEdit?.newText).toBe('kn IS IF ${2:rank() = 2} THEN ${3:[0, 1]} ELSE ${4:[1, 1]} END');
            }
        });
    });

    test('a typed Lisp bracket gets only the Lisp templates', async () => {
        await complete({ text: '(def a wazir)\n(de<|>', index: 0, expectedItems: ['(def', '(def … cond', '(def … board'], disposeAfterCheck: true });
    });

    test('no definition template inside a Lisp list', async () => {
        await complete({ text: '(def a\n  (<|>', index: 0, disposeAfterCheck: true, assert: (list) => expect(labels(list)).not.toContain('(def') });
    });

    test.each([
        ['c', 'x := <|>', 'if', ['IF', 'capturing', 'moveing']],
        ['sql', 'x IS <|>', 'IF', ['if', 'moveing', 'no-jumping']]
    ])('%s: the conditional template of the style, and only its keywords', async (_style, text, conditional, absent) => {
        await complete({
            text, index: 0, disposeAfterCheck: true,
            assert: (list) => {
                expect(item(list, conditional)).toMatchObject({ kind: CompletionItemKind.Snippet, insertTextFormat: InsertTextFormat.Snippet });
                for (const label of absent) expect(labels(list)).not.toContain(label);
            }
        });
    });
});
