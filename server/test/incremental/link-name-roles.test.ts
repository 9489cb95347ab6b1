/**
 * Name roles (name-roles.ts) read node types from tables built once from the AST
 * reflection instead of the generated `ast.isX`, and remember only whether the last definition
 * asked about is a condition. These tests check the tables against `ast.isX` for every node
 * type and every node of the examples and the prelude, and that roles do not depend on the
 * order in which definitions are asked about.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { AstUtils, URI, type AstNode } from 'langium';
import { describe, expect, test } from 'vitest';
import * as ast from '../../src/syntax/generated/ast.js';
import { nameRoleTypeTests } from '../../src/semantics/name-roles.js';
import { services } from './workspace.js';

const generated = ast as unknown as Record<string, (node: unknown) => boolean>;

describe('name roles: type tests', () => {
    test('each type test answers as ast.isX for every type of the grammar', () => {
        const types = ast.reflection.getAllTypes();
        expect(types.length).toBeGreaterThan(20);
        for (const [name, typeTest] of Object.entries(nameRoleTypeTests)) {
            const isX = generated[`is${name}`];
            expect(isX, name).toBeTypeOf('function');
            for (const type of types) expect(typeTest({ $type: type } as AstNode), `${name} of ${type}`).toBe(isX({ $type: type }));
            expect(typeTest(undefined)).toBe(false);
        }
        // The grammar's two supertypes: a test of one must accept its subtypes.
        expect(nameRoleTypeTests.Definition({ $type: ast.LispDefinition.$type } as AstNode)).toBe(true);
        expect(nameRoleTypeTests.Definition({ $type: ast.InfixDefinition.$type } as AstNode)).toBe(true);
    });

    test('each type test answers as ast.isX on every node of the examples and the prelude', async () => {
        const s = await services();
        const texts = readdirSync('examples').filter((f) => f.endsWith('.lcpn')).map((f) => readFileSync(`examples/${f}`, 'utf8'));
        const roots: AstNode[] = [s.shared.workspace.LangiumDocuments.getDocument(URI.parse(s.shared.lcpn.Prelude.uri))!.parseResult.value];
        for (const [i, text] of texts.entries()) roots.push(s.shared.workspace.LangiumDocumentFactory.fromString(text, URI.parse(`file:///roles/${i}.lcpn`)).parseResult.value);
        let checked = 0;
        for (const root of roots) {
            for (const node of AstUtils.streamAst(root)) {
                for (const [name, typeTest] of Object.entries(nameRoleTypeTests)) expect(typeTest(node), `${name} of ${node.$type}`).toBe(generated[`is${name}`](node));
                checked++;
            }
        }
        expect(checked).toBeGreaterThan(500);
    });
});

describe('name roles: a definition that is a condition, asked in any order', () => {
    // In each style: a condition whose chain names a condition, and a function whose chain names functions.
    const styles: Record<string, string> = {
        sql: 'c := on_own_side AND in(palace)\nf := capture AND general_there\n',
        c: 'c := on_own_side && in(palace)\nf := capture & general_there\n',
        lisp: '(def c (and on-own-side (in palace)))\n(def f (& capture general-there))\n'
    };
    for (const [style, text] of Object.entries(styles)) {
        test(style, async () => {
            const s = await services();
            const root = s.shared.workspace.LangiumDocumentFactory.fromString(text, URI.parse(`file:///roles/${style}.lcpn`)).parseResult.value as ast.Document;
            const [condition, fn] = root.definitions;
            const named = (definition: ast.Definition, name: string) => AstUtils.streamAst(definition).filter(ast.isNameRef).find((r) => r.ref.$refText.replace(/_/g, '-') === name)!;
            const side = named(condition, 'on-own-side');
            const capture = named(fn, 'capture');
            const there = named(fn, 'general-there');
            // Alternating between the two definitions, and asking the same name twice.
            for (const order of [[side, capture, side, there], [capture, side, there, side], [there, there, side, side]]) {
                expect(order.map((ref) => s.Lcpn.lcpn.NameRoles.role(ref))).toEqual(order.map((ref) => ref === side ? 'condition' : 'function'));
            }
        });
    }
});
