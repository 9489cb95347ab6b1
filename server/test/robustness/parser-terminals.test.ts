/**
 * One-token values are read from their terminal or keywords (lcpn.langium, issue 12), no longer
 * through data-type rules (`Name`, `Integer`, `Open`, `Close`, `CompareOp`, `LogicOp`). What
 * that must not change: the values in the AST (a number's `-0` is 0, as the `Integer` rule read
 * it), the messages that named those rules, the check that keeps the next definition's
 * `NAME :=` out of an expression, and where a node's parts are found in the CST.
 */
import { GrammarUtils, type AstNode } from 'langium';
import { expect, test } from 'vitest';
import { createLcpnServices } from '../../src/semantics/module.js';
import type { Conditional, Document, Equals, InfixDefinition, LispDefinition, Logic, NumberLit, Vector } from '../../src/syntax/generated/ast.js';

const { Lcpn } = createLcpnServices();
const parse = (text: string) => Lcpn.parser.LangiumParser.parse<Document>(text);

test('numbers: -0 reads as 0 (in vectors of both styles and in comparisons), other numbers as written', () => {
    const { value, parserErrors } = parse('(def a [-0 2])\nb := [0, -0]\nc := rank() = -0\n(def d (= (rank) -7))\ne := [007, -12]');
    expect(parserErrors).toEqual([]);
    const [a, b, c, d, e] = value.definitions;
    expect(Object.is((a.body as Vector).components[0], 0)).toBe(true);
    expect((a.body as Vector).components).toEqual([0, 2]);
    expect((b.body as Vector).components.every((n) => Object.is(n, 0))).toBe(true);
    expect(Object.is(((c.body as Equals).right as NumberLit).value, 0)).toBe(true);
    expect(((d.body as Equals).right as NumberLit).value).toBe(-7);
    expect((e.body as Vector).components).toEqual([7, -12]);
});

test('names, brackets and operators are the token text', () => {
    const { value } = parse('(def knight [1 2])\nrook_like := wazir:rider\n(def c [cond ((<= (rank) 2) wazir)])\nd IS rank() >= 2 AND file() < 3');
    const [lisp, infix, cond, sql] = value.definitions;
    expect([(lisp as LispDefinition).name, (lisp as LispDefinition).close, (infix as InfixDefinition).name]).toEqual(['knight', ')', 'rook_like']);
    expect([(cond.body as Vector).open, (cond.body as Vector).close]).toEqual(['[', ']']);
    const logic = sql.body as Logic;
    expect(logic.ops).toEqual(['AND']);
    expect(logic.operands.map((o) => (o as Equals).op)).toEqual(['>=', '<']);
});

test("a '(def' without a name and a vector missing a number keep their messages", () => {
    expect(parse('(def (/ wazir ferz))').parserErrors.map((e) => e.message)).toEqual([
        "expected the piece's name after '(def', as in (def knight [1 2]), but found '('"
    ]);
    expect(parse('a := [1, ]').parserErrors.map((e) => e.message)).toEqual([
        "expected a whole number: a vector holds numbers of squares, as in [1 2], but found ']'"
    ]);
});

test("the next definition's NAME := / NAME IS stops an expression and a nameless '(def'", () => {
    const trailing = parse('a := ferz /\nb := wazir\nc IS knight OR\nd IS rook');
    expect(trailing.value.definitions.map((d) => d.name)).toEqual(['a', 'b', 'c', 'd']);
    expect(trailing.parserErrors.map((e) => [e.token.image, e.message])).toEqual([
        ['b', "expected a movement but found 'b :=', the start of the next definition"],
        ['d', "expected a movement but found 'd IS', the start of the next definition"]
    ]);
    const nameless = parse('(def\nb := wazir');
    expect(nameless.value.definitions.map((d) => d.name)).toEqual([undefined, 'b']);
    expect(nameless.parserErrors[0].message).toBe("expected the piece's name after '(def' but found 'b :=', the start of the next definition");
});

test('each part of a node is found by its property in the CST (names, brackets, operators, numbers, bodies)', () => {
    const text = '(def a [1 2 :only])\nb := if (rank() = 2) { wazir / ferz\nelse { knight }';
    const { value } = parse(text);
    const [lisp, c] = value.definitions;
    const found = (node: AstNode, property: string) => GrammarUtils.findNodesForProperty(node.$cstNode, property).map((n) => n.text);
    expect(found(lisp, 'name')).toEqual(['a']);
    expect(found(lisp, 'close')).toEqual([')']);
    expect(found(lisp.body!, 'components')).toEqual(['1', '2']);
    expect(found(lisp.body!, 'open')).toEqual(['[']);
    const conditional = c.body as Conditional;
    // The branch body is a union: still found as `body` (the missing-brace warning is placed on it).
    expect(found(conditional.branches[0], 'body')).toEqual(['wazir / ferz']);
    expect(found(conditional, 'otherwise')).toEqual(['knight']);
});
