/**
 * lcpn's parser builds AST nodes with its own per-type steps (ast-shapes.ts: defaults and
 * container links) in place of Langium's `assignMandatoryProperties` and
 * `linkContentToContainer`. The AST must be exactly the one Langium's own parser builds: the
 * same nodes, keys in the same order, the same values, defaults and container fields, on the
 * seed files, hand-written broken input and mutated documents.
 */
import { AstUtils, createLangiumParser, isAstNode, isReference, URI, type AstNode, type LangiumParser } from 'langium';
import * as ast from '../../src/syntax/generated/ast.js';
import { describe, expect, test } from 'vitest';
import { AstShapes, EMPTY_LIST, ROOT_ITEM_TYPES } from '../../src/syntax/ast-shapes.js';
import { keepDefinitionsApart } from '../../src/syntax/definition-start.js';
import { createLcpnServices } from '../../src/semantics/module.js';
import { mutate, Random, seedFiles } from './fuzz-inputs.js';

const { Lcpn } = createLcpnServices();
const lcpn = Lcpn.parser.LangiumParser;
// Langium's own parser with lcpn's one change of behaviour (definition-start.ts).
const stock: LangiumParser = keepDefinitionsApart(createLangiumParser(Lcpn), Lcpn.Grammar);

/** Every node depth first: its type, container (by number), place, keys in order and values. */
function describeAst(root: AstNode): string[] {
    const numbers = new Map<AstNode, number>();
    const lines: string[] = [];
    const value = (v: unknown): string => {
        if (isAstNode(v)) return `#${numbers.get(v) ?? '?'}`;
        if (isReference(v)) return `ref(${v.$refText}@${v.$refNode?.offset})`;
        if (Array.isArray(v)) return `[${v.map(value).join(', ')}]`;
        return JSON.stringify(v);
    };
    for (const node of [root, ...AstUtils.streamAst(root).filter((n) => n !== root)]) numbers.set(node, numbers.size);
    for (const [node, n] of numbers) {
        const properties = Object.keys(node).filter((k) => !k.startsWith('$')).map((k) => `${k}=${value((node as unknown as Record<string, unknown>)[k])}`);
        lines.push(`#${n} ${node.$type} in #${node.$container ? numbers.get(node.$container) : '-'}.${node.$containerProperty}[${node.$containerIndex}] keys ${Object.keys(node).join(',')} cst ${node.$cstNode?.offset}+${node.$cstNode?.length} ${properties.join(' ')}`);
    }
    return lines;
}

const HAND_WRITTEN: Record<string, string> = {
    'every style': '(def a (/ knight (rook :4) [1 2]))\nb := knight / rook:forward & capture(ferz)\nc IS capturing ferz OR IF rank = 2 THEN wazir ELSE ferz END\nd := if (rank = 2) { wazir } else { ferz }',
    'errors and recovery': '(def a (/ knight\n(def b [1 2)\nc := knight / / rook\nIS ) d IS moving\n(def e (cond ((= rank 2) wazir) (ferz)))\nf := move(rook:4, ',
    'empty': '',
    'only a comment': '; nothing here',
    'unclosed everywhere': '(def a (/ (-> [1 ( wazir',
    'a stray operator': ') / := IS (def'
};

function documents(): { name: string; text: string }[] {
    const seeds = seedFiles();
    const r = new Random(2026);
    const mutated = Array.from({ length: 150 }, (_, i) => ({ name: `mutated ${i}`, text: mutate(r.pick(seeds).text, r).text }));
    return [...seeds, ...Object.entries(HAND_WRITTEN).map(([name, text]) => ({ name, text })), ...mutated];
}

describe('the AST is the one Langium builds', () => {
    test('same nodes, keys, values, defaults and container fields as Langium\'s own parser', () => {
        for (const { name, text } of documents()) {
            const ours = lcpn.parse(text);
            const theirs = stock.parse(text);
            expect(describeAst(ours.value), name).toEqual(describeAst(theirs.value));
            expect(ours.parserErrors.map((e) => `${e.message}@${e.token.startOffset}`), name).toEqual(theirs.parserErrors.map((e) => `${e.message}@${e.token.startOffset}`));
        }
    });

    test('every property of every node is one its type declares (the container walk reads only those)', () => {
        const shapes = new AstShapes(Lcpn.shared.AstReflection);
        for (const { name, text } of documents()) {
            const root = lcpn.parse(text).value;
            for (const node of [root, ...AstUtils.streamAst(root)]) {
                const declared = Object.keys(Lcpn.shared.AstReflection.getTypeMetaData(node.$type).properties);
                const own = Object.keys(node).filter((k) => !k.startsWith('$'));
                expect(own.filter((k) => !declared.includes(k)), `${name}: ${node.$type}`).toEqual([]);
                // The walk's properties: the declared ones that are not cross-references.
                const children = shapes.of(node.$type)!.children;
                expect(own.filter((k) => !isReference((node as unknown as Record<string, unknown>)[k]) && !children.includes(k)), `${name}: ${node.$type}`).toEqual([]);
            }
        }
    });

    test('nodes are plain objects (the type makers of ast-shapes.ts), as Langium\'s literals are', () => {
        // Rule nodes, and nodes of actions taking the node so far (C's union and call: {Union.items+=current}, {Application.head=current}).
        const root = lcpn.parse('(def a (/ knight [1 2]))\nb := a:forward / move(rook)').value;
        expect(AstUtils.streamAst(root).map((n) => n.$type).toArray()).toEqual(expect.arrayContaining(['Union', 'Application']));
        for (const node of [root, ...AstUtils.streamAst(root)]) {
            expect(Object.getPrototypeOf(node), node.$type).toBe(Object.prototype);
            expect(node.constructor).toBe(Object);
        }
        const shapes = new AstShapes(Lcpn.shared.AstReflection);
        const Make = shapes.makerOf('Application');
        expect(shapes.makerOf('Application')).toBe(Make);
        const made = new Make();
        expect(Object.keys(made)).toEqual(['$type']);
        expect(made).toEqual({ $type: 'Application' });
        expect(made).toStrictEqual({ $type: 'Application' });
    });

    test('a type the reflection does not describe is walked in full, and gets no defaults', () => {
        const shapes = new AstShapes(Lcpn.shared.AstReflection);
        expect(shapes.of('NoSuchType')).toBeUndefined();
        const child = { $type: 'Other' } as AstNode;
        const listed = { $type: 'Other' } as AstNode;
        const node = { $type: 'NoSuchType', $cstNode: undefined, one: child, many: [1, listed], text: 'x' } as unknown as AstNode;
        shapes.assignDefaults(node);
        expect(Object.keys(node)).toEqual(['$type', '$cstNode', 'one', 'many', 'text']);
        shapes.linkContainers(node);
        expect([child.$container, child.$containerProperty, child.$containerIndex]).toEqual([node, 'one', undefined]);
        expect([listed.$container, listed.$containerProperty, listed.$containerIndex]).toEqual([node, 'many', 1]);
    });

    test('defaults while a rule runs: an absent list becomes an empty list of its own (a caller may still push), an absent flag false, a present value stays', () => {
        const shapes = new AstShapes(Lcpn.shared.AstReflection);
        const first = { $type: 'Application' } as unknown as AstNode & { args: unknown[] };
        const second = { $type: 'Application', args: ['kept'] } as unknown as AstNode & { args: unknown[] };
        const third = { $type: 'Application' } as unknown as AstNode & { args: unknown[] };
        for (const node of [first, second, third]) shapes.assignDefaults(node);
        expect(first.args).toEqual([]);
        expect(second.args).toEqual(['kept']);
        expect(first.args).not.toBe(third.args);
        const branch = { $type: 'Branch' } as unknown as AstNode & { closed: boolean };
        const closed = { $type: 'Branch', closed: true } as unknown as AstNode & { closed: boolean };
        shapes.assignDefaults(branch);
        shapes.assignDefaults(closed);
        expect([branch.closed, closed.closed]).toEqual([false, true]);
    });
});

/** Every node of a parse result, the root first. */
function nodesOf(root: AstNode): AstNode[] {
    return [root, ...AstUtils.streamAst(root).filter((n) => n !== root)];
}

function own(node: AstNode, key: string): PropertyDescriptor | undefined {
    return Object.getOwnPropertyDescriptor(node, key);
}

describe('the AST\'s heap: one shared empty list, places answered from the container', () => {
    const shapes = new AstShapes(Lcpn.shared.AstReflection);

    test('every list a parse leaves empty is the one frozen EMPTY_LIST; every other list is the node\'s own, unfrozen', () => {
        let empty = 0;
        let full = 0;
        for (const { name, text } of documents()) {
            for (const node of nodesOf(lcpn.parse(text).value)) {
                for (const key of shapes.of(node.$type)!.lists) {
                    const list = (node as unknown as Record<string, unknown[]>)[key];
                    if (list.length === 0) {
                        expect(list, `${name}: ${node.$type}.${key}`).toBe(EMPTY_LIST);
                        empty++;
                    } else {
                        expect(Object.isFrozen(list), `${name}: ${node.$type}.${key}`).toBe(false);
                        full++;
                    }
                }
            }
        }
        expect(Object.isFrozen(EMPTY_LIST) && EMPTY_LIST.length === 0).toBe(true);
        expect(empty).toBeGreaterThan(100);
        expect(full).toBeGreaterThan(100);
    });

    test('a writer pushing into a parsed node\'s empty list throws (it would have changed every empty list)', () => {
        const root = lcpn.parse('x := [1, 2]\ny IS knight').value as ast.Document;
        const vector = AstUtils.streamAst(root).find(ast.isVector)!;
        const definition = root.definitions[1] as ast.InfixDefinition;
        expect(vector.qualifiers).toBe(EMPTY_LIST);
        expect(definition.properties).toBe(EMPTY_LIST);
        const qualifier = { $type: 'Qualifier', value: ':forward' } as ast.Qualifier;
        expect(() => (vector.qualifiers as ast.Qualifier[]).push(qualifier)).toThrow(TypeError);
        expect(definition.properties).toEqual([]);
        // A document with no definitions shares it too; the incremental splice makes its own lists.
        expect(lcpn.parse('; nothing').value).toMatchObject({ definitions: EMPTY_LIST, strays: EMPTY_LIST });
    });

    test('below the root\'s items, $containerProperty and $containerIndex are the shared accessors, answering what Langium stores', () => {
        let answered = 0;
        for (const { name, text } of documents()) {
            const ours = nodesOf(lcpn.parse(text).value);
            const theirs = nodesOf(stock.parse(text).value);
            expect(ours.length, name).toBe(theirs.length);
            const getters = new Set<unknown>();
            for (let i = 0; i < ours.length; i++) {
                const node = ours[i];
                expect(Object.keys(node), name).toEqual(Object.keys(theirs[i]));
                for (const key of ['$containerProperty', '$containerIndex'] as const) {
                    const descriptor = own(node, key);
                    expect(descriptor === undefined, `${name}: ${node.$type}.${key}`).toBe(own(theirs[i], key) === undefined);
                    if (descriptor === undefined) continue;
                    expect(descriptor.enumerable && descriptor.configurable, name).toBe(true);
                    expect(node[key], `${name}: ${node.$type}.${key}`).toBe(theirs[i][key]);
                    if (descriptor.get) {
                        getters.add(descriptor.get);
                        answered++;
                        // Only below a root's item, in a short list.
                        expect(node.$container?.$container, name).toBeDefined();
                    } else {
                        const holder = (node.$container as unknown as Record<string, unknown>)[node.$containerProperty!];
                        expect(node.$container?.$container === undefined || (Array.isArray(holder) && holder.length > 8), `${name}: ${node.$type}.${key}`).toBe(true);
                    }
                }
            }
            expect(getters.size, name).toBeLessThanOrEqual(2);
        }
        expect(answered).toBeGreaterThan(1000);
    });

    test('the root\'s items keep their places as data; a list of more than eight keeps its members\' as data', () => {
        const union = `(def u (/ ${Array.from({ length: 12 }, (_, i) => `p${i}`).join(' ')}))`;
        const root = lcpn.parse(`${union}\nx := [1, 2]\n)`).value as ast.Document;
        for (const item of [...root.definitions, ...root.strays]) {
            expect(own(item, '$containerProperty')?.writable, item.$type).toBe(true);
            expect(own(item, '$containerIndex')?.writable, item.$type).toBe(true);
        }
        const long = (root.definitions[0] as ast.LispDefinition).body as ast.Union;
        expect(long.items).toHaveLength(12);
        for (const item of long.items) expect(own(item, '$containerIndex')?.value).toBe(long.items.indexOf(item));
        expect(own(long, '$containerProperty')?.get).toBeTypeOf('function');
    });

    test('writing a place makes it an ordinary property again, where it was in key order; other places still answer', () => {
        const root = lcpn.parse('(def a (/ knight (rook :4) [1 2]))').value as ast.Document;
        const union = (root.definitions[0] as ast.LispDefinition).body as ast.Union;
        const [knight, rook] = union.items;
        const keys = Object.keys(rook);
        expect([rook.$containerProperty, rook.$containerIndex]).toEqual(['items', 1]);
        (rook as { $containerIndex?: number }).$containerIndex = 7;
        (rook as { $containerProperty?: string }).$containerProperty = 'moved';
        expect([rook.$containerProperty, rook.$containerIndex]).toEqual(['moved', 7]);
        expect(own(rook, '$containerIndex')).toEqual({ value: 7, writable: true, enumerable: true, configurable: true });
        expect(Object.keys(rook)).toEqual(keys);
        expect([knight.$containerProperty, knight.$containerIndex]).toEqual(['items', 0]);
        // Taken out of its container without its fields being written: the place answers that it has none.
        union.items.splice(0, 1);
        expect([knight.$containerProperty, knight.$containerIndex]).toEqual([undefined, undefined]);
        delete (rook as { $containerIndex?: number }).$containerIndex;
        expect('$containerIndex' in rook).toBe(false);
    });

    test('JSON sees the nodes Langium\'s parser makes: JSON.stringify of every node, and Langium\'s JsonSerializer of a document', () => {
        const json = (node: AstNode) => JSON.stringify(node, (key, value: unknown) =>
            key === '$container' || key === '$cstNode' ? undefined : isReference(value) ? value.$refText : value);
        for (const { name, text } of documents().slice(0, 40)) {
            expect(nodesOf(lcpn.parse(text).value).map(json), name).toEqual(nodesOf(stock.parse(text).value).map(json));
        }
        const text = '(def a (/ [1 2 :forward] (=> [0 1] [1 1]) (& [2 2])))\nb := [1, 2]:narrow / [2, 1]';
        const serializer = Lcpn.serializer.JsonSerializer;
        const serialized = (root: AstNode) => {
            // The serializer asks for the root's document (its URI, for cross-references: this text has none).
            (root as { $document?: unknown }).$document = { uri: URI.parse('file:///json.lcpn') };
            return serializer.serialize(root, { space: 1 });
        };
        expect(serialized(lcpn.parse(text).value)).toBe(serialized(stock.parse(text).value));
    });

    test('the root\'s items are of ROOT_ITEM_TYPES (nodes with room for their places as data), and no node below them is', () => {
        expect(ROOT_ITEM_TYPES.every((type) => Lcpn.shared.AstReflection.getAllTypes().includes(type))).toBe(true);
        for (const { name, text } of documents()) {
            const root = lcpn.parse(text).value;
            for (const node of AstUtils.streamAst(root)) {
                if (node === root) continue;
                expect(shapes.isRootItem(node.$type), `${name}: ${node.$type}`).toBe(node.$container === root);
            }
        }
    });
});
