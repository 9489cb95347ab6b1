/**
 * lcpn builds its parsers' rule implementations with its own builder (parser-rules.ts), not
 * Langium's `createParser`, to allocate nothing per call. The two must make the same parser:
 * the same productions for Chevrotain (every occurrence index), the same parse (AST, CST, errors
 * with their rule stacks, recovery), the same completion parse. Compared here on lcpn's grammar
 * and on a small grammar with what lcpn's does not use (guards, parameterised rules, unordered
 * groups, fragments, cross-references without a terminal, EOF, infix rules), so a Langium
 * upgrade that changes its builder's behaviour fails this test.
 */
import { createParser, EmptyFileSystem, GrammarAST, isAstNode, isReference, LangiumParser, type AstNode, type CstNode, type LangiumCoreServices, type ParseResult } from 'langium';
import { createServicesForGrammar } from 'langium/grammar';
import { describe, expect, test } from 'vitest';
import { recognizerOf } from '../../src/syntax/langium-internals.js';
import { createLcpnServices } from '../../src/semantics/module.js';
import { limitNesting } from '../../src/syntax/nesting-limit.js';
import { createLcpnCompletionParser, createLcpnParser } from '../../src/syntax/parser.js';
import { createLcpnParserRules } from '../../src/syntax/parser-rules.js';
import { hostileDocuments, mutate, Random, seedFiles } from './fuzz-inputs.js';

/** Chevrotain's recorded productions (rules, with every production's kind and occurrence index). */
function productions(parser: LangiumParser | { finalize(): void }): unknown {
    return (recognizerOf(parser as LangiumParser) as unknown as { getSerializedGastProductions(): unknown }).getSerializedGastProductions();
}

/** Every grammar element, numbered, so that two parsers of one grammar can name the elements they read. */
function elementNumbers(grammar: GrammarAST.Grammar): Map<object, number> {
    const numbers = new Map<object, number>();
    const visit = (node: object): void => {
        if (numbers.has(node)) return;
        numbers.set(node, numbers.size);
        for (const [key, value] of Object.entries(node)) {
            if (key.startsWith('$')) continue;
            for (const item of Array.isArray(value) ? value : [value]) if (isAstNode(item)) visit(item);
        }
    };
    visit(grammar);
    return numbers;
}

/** A parse result in full: the AST (keys, values, references), every CST node, the errors. */
function describeParse(result: ParseResult, elements: Map<object, number>): string[] {
    const numbers = new Map<AstNode, number>();
    const lines: string[] = [];
    const number = (node: AstNode): number => {
        let n = numbers.get(node);
        if (n === undefined) numbers.set(node, (n = numbers.size));
        return n;
    };
    const value = (v: unknown): string => {
        if (isAstNode(v)) return `#${number(v)}`;
        if (isReference(v)) return `ref(${v.$refText}@${v.$refNode?.offset})`;
        if (Array.isArray(v)) return `[${v.map(value).join(', ')}]`;
        return JSON.stringify(v);
    };
    const visitAst = (node: AstNode): void => {
        const own = Object.keys(node).filter((k) => !k.startsWith('$'));
        lines.push(`#${number(node)} ${node.$type} in ${node.$container ? `#${number(node.$container)}` : '-'}.${node.$containerProperty}[${node.$containerIndex}] keys ${Object.keys(node).join(',')} ${own.map((k) => `${k}=${value((node as unknown as Record<string, unknown>)[k])}`).join(' ')}`);
        for (const k of own) {
            const v = (node as unknown as Record<string, unknown>)[k];
            for (const item of Array.isArray(v) ? v : [v]) if (isAstNode(item)) visitAst(item);
        }
    };
    const visitCst = (node: CstNode, depth: number): void => {
        const children = 'content' in node ? (node as { content: CstNode[] }).content : undefined;
        lines.push(`${depth} ${children ? `C${children.length}` : 'L'} ${node.offset}+${node.length} ${node.hidden} g${elements.get(node.grammarSource!)} ast#${number(node.astNode)} ${JSON.stringify(node.text)}`);
        for (const child of children ?? []) visitCst(child, depth + 1);
    };
    visitAst(result.value);
    if (result.value.$cstNode) visitCst(result.value.$cstNode, 0);
    for (const e of result.parserErrors) {
        lines.push(`error ${e.name} ${e.message} @${e.token.startOffset} resynced ${e.resyncedTokens.length} rules ${e.context.ruleStack.join('>')} occurrences ${e.context.ruleOccurrenceStack.join(',')}`);
    }
    for (const e of result.lexerErrors) lines.push(`lexer ${e.offset}+${e.length} ${e.message}`);
    return lines;
}

/** What the completion parser read of each prefix (every `step` characters): its tokens, the elements it was in. */
function describeCompletion(parser: { parse(input: string): { tokens: unknown[]; elementStack: object[]; tokenIndex: number } }, text: string, elements: Map<object, number>, step: number): string[] {
    const lines: string[] = [];
    for (let cut = 0; cut <= text.length; cut += Math.min(step, Math.max(1, text.length - cut))) {
        const { tokens, elementStack, tokenIndex } = parser.parse(text.slice(0, cut));
        lines.push(`${cut}: ${tokens.length} tokens, next ${tokenIndex}, in ${elementStack.map((e) => elements.get(e)).join(' ')}`);
        if (cut === text.length) break;
    }
    return lines;
}

describe("lcpn's grammar: lcpn's rule builder makes the parser Langium's createParser makes", () => {
    const { Lcpn } = createLcpnServices();
    const elements = elementNumbers(Lcpn.Grammar);
    const ours = limitNesting(createLcpnParser(Lcpn));
    const theirs = limitNesting(createLcpnParser(Lcpn, createParser));

    test('the same productions, with the same occurrence indices, for every rule', () => {
        const recorded = productions(ours);
        expect(recorded).toEqual(productions(theirs));
        expect(JSON.stringify(recorded)).toContain('"idx":3');
    });

    test('the same parse of seed files, hostile and hand-broken documents and mutated ones: AST, CST, errors and their rule stacks', () => {
        const r = new Random(707);
        const seeds = seedFiles();
        const documents = [
            ...seeds,
            ...hostileDocuments(),
            { name: 'every style, broken', text: '(def a (/ knight\n(def b [1 2)\nc := knight / / rook\nIS ) d IS moving\ne := move(rook:4, \nf IS IF rank() = 2 THEN wazir ELSE IF x' },
            { name: 'calls with keywords', text: 'a := move(rook):forward / f(x):k(y):j\nb IS capturing move(rook):forward OR moving [0, 1]:only' },
            ...Array.from({ length: 120 }, (_, i) => ({ name: `mutated ${i}`, text: mutate(r.pick(seeds).text, r).text }))
        ];
        let errors = 0;
        for (const { name, text } of documents) {
            const mine = ours.parse(text);
            errors += mine.parserErrors.length;
            expect(describeParse(mine, elements), name).toEqual(describeParse(theirs.parse(text), elements));
        }
        // The inputs exercise recovery, not only clean parses.
        expect(errors).toBeGreaterThan(100);
    });

    test('the same completion parse of every prefix', () => {
        const mine = createLcpnCompletionParser(Lcpn);
        const langiums = createLcpnCompletionParser(Lcpn, createParser);
        expect(productions(mine)).toEqual(productions(langiums));
        const texts = [
            '(def a (/ knight (rook :forward) [1 2]))\nb := move(rook):forward / wazir & ferz\nc IS capturing ferz OR IF rank() = 2 THEN wazir ELSE knight END',
            'd := if (rank() >= 2 && !x) { wazir } else { ferz }\n(def e (cond ((= (rank) 2) wazir) (ferz)))\nf := [1, 2]:only -> g(1, h)',
            ...seedFiles().slice(0, 3).map((s) => s.text.slice(0, 1500))
        ];
        for (const text of texts) expect(describeCompletion(mine, text, elements, 7)).toEqual(describeCompletion(langiums, text, elements, 7));
    });
});

/**
 * What lcpn's grammar does not use, so that the builder's other paths are compared too: a
 * parameterised rule called with literal, negated and named arguments, guards on alternatives,
 * on optional, repeated and plain groups, an unordered group, a fragment, actions with and
 * without a feature, cross-references by a data type rule and by the name assignment, EOF.
 */
const TOY = `
grammar Toy
entry Model: items+=Item<false>* EOF;
Item<Strict>: Decl<Strict> | Use | Settings | Block<Strict>;
Block<Strict>: 'strict' (<Strict> 'again')? '{' items+=Item<true>* '}';
fragment Named: name=ID;
Decl<Strict>: 'decl' Named (<Strict> ':' type=ID | <!Strict> (':' type=ID)?) (<Strict> checked?='checked') (<Strict> ('#' tags+=INT)+)? ('=' value=Expr<Strict>)? ';';
Expr<Strict>: Term<Strict> ({infer Binary.left=current} op=('+' | '-') right=Term<Strict>)*;
Term<Strict>: {infer Num} value=INT | {infer Ref} ref=[Decl] | <!Strict> {infer Str} text=STRING | '(' Expr<Strict=true> ')' | 'not' {infer Not} operand=Term<!Strict>;
Use: 'use' target=[Decl:QName] ('as' alias=ID)?;
QName returns string: ID ('.' ID)*;
Settings: 'settings' ('color' color=ID & 'size' size=INT & verbose?='verbose') ';';
hidden terminal WS: /\\s+/;
terminal ID: /[_a-zA-Z][\\w_]*/;
terminal INT returns number: /[0-9]+/;
terminal STRING: /"[^"]*"/;
`;

const TOY_INPUTS = [
    'decl a; decl b : T = 1 + a - (2 + "s"); use a as x; use a.b; settings size 3 color red verbose;',
    'strict { decl c : T checked #1 #2 = 1 + not c; decl d = "s"; strict again { decl e : U checked = not "t"; } }',
    'settings verbose color red size 1; settings size 2 verbose color blue; settings color g size 4 verbose;',
    'decl ; decl a : = 1 + ; strict { decl b = 2; } use ; settings size size;',
    'strict { decl c checked; decl d : T #; } settings color; decl e = ((1 + 2);',
    'decl a = not not 1 - "x"; strict { decl b : T checked = not "y"; }'
];

function toyParsers(services: LangiumCoreServices): [LangiumParser, LangiumParser] {
    const mine = new LangiumParser(services);
    createLcpnParserRules(services.Grammar, mine, services.parser.Lexer.definition);
    mine.finalize();
    const langiums = new LangiumParser(services);
    createParser(services.Grammar, langiums, services.parser.Lexer.definition);
    langiums.finalize();
    return [mine, langiums];
}

describe("a grammar with guards, parameters, unordered groups, fragments: lcpn's rule builder makes Langium's parser", () => {
    test('the same productions and the same parse, clean and broken, with the same errors', async () => {
        const services = await createServicesForGrammar({ grammar: TOY, sharedModule: EmptyFileSystem });
        const grammarParse = services.Grammar.$document!.parseResult;
        expect([...grammarParse.lexerErrors, ...grammarParse.parserErrors].map((e) => e.message)).toEqual([]);
        const [mine, langiums] = toyParsers(services);
        expect(productions(mine)).toEqual(productions(langiums));
        const elements = elementNumbers(services.Grammar);
        const r = new Random(11);
        const tokens = ['decl', 'strict', '{', '}', ';', ':', '=', '+', 'not', '"q"', '7', 'x', 'settings', 'size', 'verbose', '#', 'again', '(', ')', '.'];
        const inputs = [...TOY_INPUTS];
        for (let i = 0; i < 150; i++) {
            const words = r.pick(TOY_INPUTS).split(/(?<=[\s;{}])/);
            for (let k = 0; k < 3; k++) words.splice(r.int(words.length + 1), r.int(2), `${r.pick(tokens)} `);
            inputs.push(words.join(''));
        }
        let errors = 0;
        for (const text of inputs) {
            const result = mine.parse(text);
            errors += result.parserErrors.length;
            expect(describeParse(result, elements), text).toEqual(describeParse(langiums.parse(text), elements));
        }
        expect(errors).toBeGreaterThan(50);
        // The guards took effect: strings only outside strict blocks (`not` flips), `checked` and `#` tags only inside.
        const images = (text: string) => mine.parse(text).parserErrors.map((e) => e.token.image);
        expect(images('decl a = "s"; decl b : T = 1 + a;')).toEqual([]);
        expect(images('strict { decl a : T checked = "s"; }')).toEqual(['"s"']);
        expect(images('strict { decl a : T checked #1 #2 = not "s"; }')).toEqual([]);
        expect(images('decl a #1;')).toEqual(['#']);
        expect(images('settings size 2 verbose color blue;')).toEqual([]);
        expect(images('settings size 2 size 3 color blue verbose;')).toEqual(['size']);
    });

    test('an infix rule makes the grammar Langium-built: the same parser as createParser', async () => {
        const services = await createServicesForGrammar({
            grammar: 'grammar Calc\nentry Model: exprs+=Expr*;\nExpr: BinExpr;\ninfix BinExpr on Primary: \'*\' | \'/\' > \'+\' | \'-\';\nPrimary: value=INT | \'(\' Expr \')\';\nhidden terminal WS: /\\s+/;\nterminal INT returns number: /[0-9]+/;',
            sharedModule: EmptyFileSystem
        });
        const [mine, langiums] = toyParsers(services);
        expect(productions(mine)).toEqual(productions(langiums));
        const elements = elementNumbers(services.Grammar);
        for (const text of ['1 + 2 * 3 - (4 / 5)', '1 + * 2', '(1 + 2']) {
            expect(describeParse(mine.parse(text), elements), text).toEqual(describeParse(langiums.parse(text), elements));
        }
    });
});
