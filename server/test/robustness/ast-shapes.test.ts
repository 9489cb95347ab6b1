/**
 * lcpn's parser builds AST nodes with its own per-type steps (lcpn-ast-shapes.ts: defaults and
 * container links) in place of Langium's `assignMandatoryProperties` and
 * `linkContentToContainer`. The AST must be exactly the one Langium's own parser builds: the
 * same nodes, keys in the same order, the same values, defaults and container fields, on the
 * seed files, hand-written broken input and mutated documents.
 */
import { AstUtils, createLangiumParser, isAstNode, isReference, type AstNode, type LangiumParser } from 'langium';
import { describe, expect, test } from 'vitest';
import { AstShapes } from '../../src/language/lcpn-ast-shapes.js';
import { keepDefinitionsApart } from '../../src/language/lcpn-definition-start.js';
import { createLcpnServices } from '../../src/language/lcpn-module.js';
import { mutate, Random, seedFiles } from './fuzz-inputs.js';

const { Lcpn } = createLcpnServices();
const lcpn = Lcpn.parser.LangiumParser;
// Langium's own parser with lcpn's one change of behaviour (lcpn-definition-start.ts).
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

    test('nodes are plain objects (the type makers of lcpn-ast-shapes.ts), as Langium\'s literals are', () => {
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

    test('defaults: an absent list becomes an empty list of its own, an absent flag false, a present value stays', () => {
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
