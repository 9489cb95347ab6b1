/**
 * A `:keyword` right after a call's `)` in C and SQL style (`move(rook):forward`): the spec lets a
 * keyword restrict any movement, a call's result included. The grammar reads it as the
 * bracketed `(move(rook)):forward` and the Lisp `((move rook) :forward)`: these tests pin the
 * precedence (as trees written by hand from lcpn.langium's ladder) and that the meaning, the
 * moves and the diagnostics are those of the older spellings.
 */
import type { AstNode } from 'langium';
import { describe, expect, test } from 'vitest';
import * as ast from '../../src/syntax/generated/ast.js';
import { lcpnParser, parsePieceText } from '../parse-text.js';
import { movesReport, type Resolver } from '../../src/engine/index.js';
import type { PieceDef } from '../../src/model/piece.js';
import preludeText from '../../prelude/standard.lcpn?raw';

/** SQL's sequence words sketched as C's operators, so that one tree stands for both styles. */
const SEQUENCE_OPS: Record<string, string> = { AND_THEN: '=>', THEN: '->' };

/** A tree as a short S-expression: calls `(call HEAD ARGS)`, keywords `(q BASE :k ...)`, brackets `(paren X)`. */
function sketch(node: AstNode | undefined): string {
    if (!node) return '?';
    const all = (nodes: AstNode[]) => nodes.map(sketch).join(' ');
    if (ast.isNameRef(node)) return node.ref.$refText;
    if (ast.isQualified(node)) return `(q ${sketch(node.base)} ${node.qualifiers.map((q) => q.value).join(' ')})`;
    if (ast.isApplication(node)) return `(call ${sketch(node.head)}${node.args.length ? ' ' + all(node.args) : ''})`;
    if (ast.isComposition(node)) return `(& ${all(node.functions)})`;
    if (ast.isSequence(node)) return `(${SEQUENCE_OPS[node.op] ?? node.op} ${all(node.legs)})`;
    if (ast.isUnion(node)) return `(/ ${all(node.items)})`;
    if (ast.isParenthesized(node)) return `(paren ${sketch(node.expr)})`;
    if (ast.isGerundCall(node)) return `(${node.gerunds.join(' ')} ${sketch(node.arg)})`;
    if (ast.isVector(node)) return `[${node.components.join(' ')}]${node.qualifiers.map((q) => q.value).join('')}`;
    if (ast.isConditional(node)) return `(if ${node.branches.map((b) => `(${sketch(b.test)} ${sketch(b.body)})`).join(' ')}${node.otherwise ? ' ' + sketch(node.otherwise) : ''})`;
    if (ast.isEquals(node)) return `(${node.op} ${sketch(node.left)} ${sketch(node.right)})`;
    if (ast.isNumberLit(node)) return String(node.value);
    if (ast.isStringLit(node)) return JSON.stringify(node.value);
    if (ast.isQualifier(node)) return node.value;
    return node.$type;
}

/** The body of the only definition of `text`, which must parse without an error. */
function body(text: string): string {
    const result = lcpnParser().parse<ast.Document>(text);
    expect(result.parserErrors.map((e) => e.message), text).toEqual([]);
    expect(result.lexerErrors, text).toEqual([]);
    expect(result.value.strays, text).toEqual([]);
    expect(result.value.definitions.length, text).toBe(1);
    return sketch(result.value.definitions[0].body);
}

describe('precedence of a keyword after a call', () => {
    // [C body, SQL body, the tree both read as]
    const cases: [string, string, string][] = [
        ['move(rook):forward', 'move(rook):forward', '(q (call move rook) :forward)'],
        ['move(rook):forward:2', 'move(rook):forward:2', '(q (call move rook) :forward :2)'],
        ['move(rook) :forward', 'move(rook)  :forward', '(q (call move rook) :forward)'],
        // `&` binds tighter than a call: the keyword restricts the composed call's result.
        ['capture & cannon(rook):forward', 'capture AND cannon(rook):forward', '(q (call (& capture cannon) rook) :forward)'],
        // A keyword after a name stays with the name, as before.
        ['capture & cannon:forward(rook)', 'capture AND cannon:forward(rook)', '(call (& capture (q cannon :forward)) rook)'],
        ['move(rook:forward)', 'move(rook:forward)', '(call move (q rook :forward))'],
        ['move(rook:forward):only', 'move(rook:forward):only', '(q (call move (q rook :forward)) :only)'],
        ['f(x)(y):k', 'f(x)(y):k', '(q (call (call f x) y) :k)'],
        ['f(x):k(y)', 'f(x):k(y)', '(call (q (call f x) :k) y)'],
        ['f(x):k(y):j', 'f(x):k(y):j', '(q (call (q (call f x) :k) y) :j)'],
        // Sequences and unions are looser: the keyword stays on its leg.
        ['move(rook):forward => wazir', 'move(rook):forward AND_THEN wazir', '(=> (q (call move rook) :forward) wazir)'],
        ['move(rook):forward -> wazir', 'move(rook):forward THEN wazir', '(-> (q (call move rook) :forward) wazir)'],
        ['wazir => move(rook):forward', 'wazir AND_THEN move(rook):forward', '(=> wazir (q (call move rook) :forward))'],
        ['move(rook):forward / capture(rook):backward', 'move(rook):forward OR capture(rook):backward', '(/ (q (call move rook) :forward) (q (call capture rook) :backward))'],
        ['move(rook):forward => wazir / ferz', 'move(rook):forward AND_THEN wazir OR ferz', '(/ (=> (q (call move rook) :forward) wazir) ferz)'],
        ['promote_to(move(rook):forward, knight)', 'promote_to(move(rook):forward, knight)', '(call promote_to (q (call move rook) :forward) knight)'],
        ['betza("W"):forward', 'betza("W"):forward', '(q (call betza "W") :forward)'],
        // Keywords elsewhere are read as before.
        ['rook:forward', 'rook:forward', '(q rook :forward)'],
        ['[0, 1]:forward:sideways', '[0, 1]:forward:sideways', '(q [0 1] :forward :sideways)'],
        ['a & b:k', 'a AND b:k', '(& a (q b :k))'],
        // The bracketed spelling is unchanged.
        ['(move(rook)):forward', '(move(rook)):forward', '(q (paren (call move rook)) :forward)']
    ];
    for (const [c, sql, tree] of cases) {
        test(`C ${c}; SQL ${sql}`, () => {
            expect(body(`x := ${c}`)).toBe(tree);
            expect(body(`x IS ${sql}`)).toBe(tree);
        });
    }

    test('SQL: after a gerund the keyword restricts the gerund\'s argument, as before', () => {
        expect(body('x IS moving rook:forward')).toBe('(moving (q rook :forward))');
        expect(body('x IS (moving rook):forward')).toBe('(q (paren (moving rook)) :forward)');
    });

    test('in the branches of a conditional', () => {
        expect(body('x := if (rank() = 2) { move(rook):forward } else { capture(rook):backward }'))
            .toBe('(if ((paren (= (call rank) 2)) (q (call move rook) :forward)) (q (call capture rook) :backward))');
        expect(body('x IS IF rank() = 2 THEN move(rook):forward THEN wazir ELSE capture(rook):backward END'))
            .toBe('(if ((= (call rank) 2) (-> (q (call move rook) :forward) wazir)) (q (call capture rook) :backward))');
    });

    test('a restricted call applied again is reported as no function, at the call', () => {
        const result = parsePieceText('x := move(rook):forward(wazir)');
        expect(result.problems.map((p) => `${p.code} ${p.line}:${p.column}`)).toEqual(['not-a-function 1:6']);
    });

    test('a definition after it on the next line is its own definition', () => {
        const result = lcpnParser().parse<ast.Document>('x := move(rook):forward\ny := wazir\n(def z (ferz :forward))');
        expect(result.parserErrors).toEqual([]);
        expect(result.value.strays).toEqual([]);
        expect(result.value.definitions.map((d) => `${d.name} ${sketch(d.body)}`)).toEqual(['x (q (call move rook) :forward)', 'y wazir', 'z (call ferz :forward)']);
    });
});

const prelude = parsePieceText(preludeText).pieces;

/** The definitions of `text` over the prelude; `text` must have no problem at all. */
function pieces(text: string): { own: Map<string, PieceDef>; resolve: Resolver } {
    const parsed = parsePieceText(text);
    expect(parsed.problems, text).toEqual([]);
    const own = new Map(parsed.pieces.map((p) => [p.key, p]));
    const standard = new Map(prelude.map((p) => [p.key, p]));
    return { own, resolve: (key) => own.get(key) ?? standard.get(key) };
}

describe('meaning: the restriction applies to the call\'s result', () => {
    // One file per spelling; every definition restricts a call's result.
    const lisp = [
        '(def a ((move rook) :forward))',
        '(def b ((capture (no-jump rook)) :sideways :2))',
        '(def c ((move (rook :forward)) :only))',
        '(def d (-> ((move wazir) :forward) ferz))',
        '(def e ((move (/ knight wazir)) :forward))'
    ].join('\n');
    const bracketed = [
        'a := (move(rook)):forward',
        'b := (capture(no_jump(rook))):sideways:2',
        'c := (move(rook:forward)):only',
        'd := (move(wazir)):forward -> ferz',
        'e := (move(knight / wazir)):forward'
    ].join('\n');
    const c = [
        'a := move(rook):forward',
        'b := capture(no_jump(rook)):sideways:2',
        'c := move(rook:forward):only',
        'd := move(wazir):forward -> ferz',
        'e := move(knight / wazir):forward'
    ].join('\n');
    const sql = [
        'a IS move(rook):forward',
        'b IS capture(no_jump(rook)):sideways:2',
        'c IS move(rook:forward):only',
        'd IS move(wazir):forward THEN ferz',
        'e IS move(knight OR wazir):forward'
    ].join('\n');

    test('the same piece models as the Lisp form and the bracketed form', () => {
        const models = (text: string) => [...pieces(text).own.values()].map((p) => p.body);
        const expected = models(lisp);
        expect(expected[0]).toEqual({ kind: 'qualified', base: { kind: 'apply', functions: ['move'], args: [{ kind: 'ref', key: 'rook' }] }, qualifiers: [{ kind: 'direction', name: 'forward' }] });
        expect(models(bracketed)).toEqual(expected);
        expect(models(c)).toEqual(expected);
        expect(models(sql)).toEqual(expected);
    });

    test('the same moves and captures, in a position with friends and enemies', () => {
        const at = { file: 4, rank: 4 };
        const position = {
            board: { files: 9, ranks: 9 }, at,
            friends: [{ file: 4, rank: 7 }, { file: 2, rank: 4 }],
            enemies: [{ file: 4, rank: 2 }, { file: 6, rank: 4 }, { file: 5, rank: 5 }]
        };
        const report = (text: string, name: string) => {
            const { own, resolve } = pieces(text);
            return movesReport(own.get(name)!, position, resolve);
        };
        for (const name of ['a', 'b', 'c', 'd', 'e']) {
            const expected = report(lisp, name);
            expect(expected.moves.length + expected.captures.length, name).toBeGreaterThan(0);
            expect(report(c, name), `C ${name}`).toEqual(expected);
            expect(report(sql, name), `SQL ${name}`).toEqual(expected);
            expect(report(bracketed, name), `bracketed ${name}`).toEqual(expected);
        }
        // `a`: a rook's moves straight ahead only (a friend stands on the third square), without captures.
        const a = report(c, 'a');
        expect(a.moves).toEqual([[0, 1], [0, 2]]);
        expect(a.captures).toEqual([]);
    });
});
