/**
 * Guards for every Langium and Chevrotain internal lcpn touches (langium-internals.ts):
 * each test fails if the internal changes shape on an upgrade, before the feature built on it
 * misbehaves somewhere less visible. Plus the public extension points lcpn relies on that a
 * Langium release could stop honouring (the ParserConfig lookahead strategy).
 */
import { CompositeCstNodeImpl, createParser, CstNodeBuilder, GrammarAST, LangiumCompletionParser, LangiumParser, type CompositeCstNode, type CstNode } from 'langium';
import { Lexer } from 'chevrotain';
import { LLStarLookaheadStrategy } from 'chevrotain-allstar';
import { describe, expect, test, vi } from 'vitest';
import type { Document } from '../../src/syntax/generated/ast.js';
import { ImageCache, makeOffsetTokens, markCompletionTokensRead, mergeWithoutOverride, replaceAssignWithoutOverride, ownAstNode, recognizerOf, replaceConstruct, replaceNodeBuilder, replaceStartImplementation, runParse } from '../../src/syntax/langium-internals.js';
import { LcpnLookaheadStrategy } from '../../src/syntax/lookahead.js';
import { createLcpnServices } from '../../src/semantics/module.js';
import { createLcpnCompletionParser } from '../../src/syntax/parser.js';
import { Random } from './fuzz-inputs.js';

const { Lcpn } = createLcpnServices();

describe('Langium and Chevrotain internals lcpn touches', () => {
    test('1. LangiumParser.wrapper is the Chevrotain parser, with LA, SKIP_TOKEN, SAVE_ERROR, errors and input', () => {
        const parser = Lcpn.parser.LangiumParser;
        const recognizer = recognizerOf(parser);
        for (const method of ['LA', 'SKIP_TOKEN', 'SAVE_ERROR'] as const) expect(typeof recognizer[method]).toBe('function');
        // `input` is a setter that resets the cursor; LA(1) is then the first token, SKIP_TOKEN moves on.
        const tokens = Lcpn.parser.Lexer.tokenize('a := wazir').tokens;
        recognizer.input = tokens;
        expect(recognizer.LA(1).image).toBe('a');
        expect(recognizer.SKIP_TOKEN().image).toBe(':=');
        expect(recognizer.LA(2).image).toBe('wazir');
        expect(Array.isArray(recognizer.errors)).toBe(true);
        recognizer.input = [];
        // The LCPN parser leaves no tokens behind after a parse (so no document stays reachable from it).
        parser.parse('(def a wazir)');
        expect(recognizer.input).toEqual([]);
    });

    test('2. LangiumParser.nodeBuilder is an own property holding the CstNodeBuilder that parse uses', () => {
        const parser = new LangiumParser(Lcpn);
        expect(Object.hasOwn(parser, 'nodeBuilder')).toBe(true);
        expect((parser as unknown as { nodeBuilder: unknown }).nodeBuilder).toBeInstanceOf(CstNodeBuilder);
        // The LCPN parser's CST is built by lcpn's builder: pass-through composites are gone.
        const body = Lcpn.parser.LangiumParser.parse<Document>('b := knight').value.definitions[0].body!.$cstNode!;
        // The body node, then the name's leaf (Langium alone: eight rule calls deep).
        expect(depthOfFirstLeaf(body)).toBe(1);
        const builder = new CstNodeBuilder();
        replaceNodeBuilder(parser, builder);
        expect((parser as unknown as { nodeBuilder: unknown }).nodeBuilder).toBe(builder);
    });

    test('3. CompositeCstNodeImpl._astNode is the node\'s own AST node, unset on nodes without one', () => {
        const result = Lcpn.parser.LangiumParser.parse<Document>('(def a (/ wazir ferz))\nb := a -> knight');
        const definition = result.value.definitions[0];
        const cst = definition.$cstNode as CompositeCstNode;
        expect(cst).toBeInstanceOf(CompositeCstNodeImpl);
        expect(ownAstNode(cst)).toBe(definition);
        const bare = new CompositeCstNodeImpl();
        expect(ownAstNode(bare)).toBeUndefined();
        bare.astNode = definition;
        expect(ownAstNode(bare)).toBe(definition);
    });

    test('4. LangiumCompletionParser.nextTokenIndex is the index after the last consumed token', () => {
        const parser = createLcpnCompletionParser(Lcpn);
        expect(parser).toBeInstanceOf(LangiumCompletionParser);
        expect(parser.parse('(def a (/ wazir ').tokenIndex).toBe(5);
        markCompletionTokensRead(parser, 3);
        expect((parser as unknown as { nextTokenIndex: number }).nextTokenIndex).toBe(3);
    });
});

describe('Langium internals of the AST building (parser.ts, ast-shapes.ts)', () => {
    // lcpn's parse and construct reproduce these two methods of Langium's minus one step each;
    // a Langium release that adds or changes a step must be read before lcpn follows it.
    const source = (method: 'parse' | 'construct' | 'startImplementation' | 'assignWithoutOverride') => (LangiumParser.prototype as unknown as Record<string, () => void>)[method].toString().replace(/\s+/g, ' ');

    test('6. LangiumParser.doParse and lexerResult: Langium\'s parse is lexing, doParse, hidden nodes, container links', () => {
        expect(source('parse')).toContain('this.nodeBuilder.buildRootNode(input); const lexerResult = this.lexerResult = this.lexer.tokenize(input); this.wrapper.input = lexerResult.tokens;');
        expect(source('parse')).toContain('const result = this.doParse(ruleMethod); this.nodeBuilder.addHiddenNodes(lexerResult.hidden); this.unorderedGroups.clear(); this.lexerResult = undefined; linkContentToContainer(result, { deep: true });');
        // doParse reads the tokens from the wrapper and the comments from lexerResult (extractHiddenTokens).
        const parser = Lcpn.parser.LangiumParser;
        const lexed = Lcpn.parser.Lexer.tokenize('; note\n(def a wazir)');
        (parser as unknown as { nodeBuilder: CstNodeBuilder }).nodeBuilder.buildRootNode('; note\n(def a wazir)');
        recognizerOf(parser).input = lexed.tokens;
        const parsed = runParse(parser, (parser as unknown as { mainRule: unknown }).mainRule, lexed);
        expect((parsed?.value as Document).definitions[0].name).toBe('a');
        expect(parsed?.value.$cstNode?.astNode).toBe(parsed?.value);
        expect((parsed?.value.$cstNode as CompositeCstNode).content.map((n) => n.hidden)).toEqual([true, false]);
        expect((parser as unknown as { lexerResult?: unknown }).lexerResult).toBeUndefined();
        expect(runParse({} as LangiumParser, undefined, lexed)).toBeUndefined();
        recognizerOf(parser).input = [];
    });

    test('7. LangiumParser.construct and stack: construct pops the node, lets the CST builder finish it, then defaults', () => {
        expect(source('construct')).toContain('const obj = this.stack.pop(); this.nodeBuilder.construct(obj); if (\'$infixName\' in obj) {');
        expect(source('construct')).toContain('else if (isDataTypeNode(obj)) { return this.converter.convert(obj.value, obj.$cstNode); } else { assignMandatoryProperties(this.astReflection, obj); } return obj;');
        const parser = new LangiumParser(Lcpn);
        const stack = (parser as unknown as { stack: unknown }).stack;
        expect(Array.isArray(stack)).toBe(true);
        let given: unknown;
        expect(replaceConstruct(parser, (s) => { given = s; return () => 'replaced'; })).toBe(true);
        expect(given).toBe(stack);
        expect((parser as unknown as { construct: () => unknown }).construct()).toBe('replaced');
        expect(replaceConstruct({} as LangiumParser, () => () => undefined)).toBe(false);
        // The LCPN parser's construct is its own.
        expect(Object.hasOwn(Lcpn.parser.LangiumParser, 'construct')).toBe(true);
    });

    test('8. LangiumParser.startImplementation: each rule pushes a new node { $type }, runs, and is constructed', () => {
        const text = source('startImplementation');
        expect(text).toContain('const createNode = !this.isRecording() && $type !== undefined; if (createNode) { const node = { $type }; this.stack.push(node); if ($type === DatatypeSymbol) { node.value = \'\'; } else if (infixName !== undefined) { node.$infixName = infixName; } }');
        expect(text).toContain('implementation(args);');
        expect(text).toContain('return createNode ? this.construct() : undefined;');
        // It is called by rule(), when the parser is built from the grammar: replaced before that, it makes every rule.
        const parser = new LangiumParser(Lcpn);
        const seen: unknown[] = [];
        expect(replaceStartImplementation(parser, (type) => { seen.push(type); return () => undefined; })).toBe(true);
        createParser(Lcpn.Grammar, parser, Lcpn.parser.Lexer.definition);
        expect(seen).toContain('Document');
        expect(replaceStartImplementation({} as LangiumParser, () => () => undefined)).toBe(false);
        expect(Object.hasOwn(Lcpn.parser.LangiumParser, 'startImplementation')).toBe(true);
    });

    test('9. LangiumParser.assignWithoutOverride: merges the caller\'s node so far into an unassigned call\'s node; lcpn\'s merge does the same', () => {
        expect(source('assignWithoutOverride')).toContain('for (const [name, existingValue] of Object.entries(source)) { const newValue = target[name]; if (newValue === undefined) { target[name] = existingValue; } else if (Array.isArray(newValue) && Array.isArray(existingValue)) { existingValue.push(...newValue); target[name] = existingValue; } }');
        expect(source('assignWithoutOverride')).toContain('target.$cstNode = undefined; return target;');
        const langium = (LangiumParser.prototype as unknown as { assignWithoutOverride(t: object, s: object): Record<string, unknown> }).assignWithoutOverride;
        const cases = () => {
            const cst = { offset: 1 };
            return [
                [{ $type: 'Union', items: ['b', 'c'], $cstNode: cst }, { $type: 'Union', items: ['a'], ops: ['/'], open: '(' }],
                [{ $type: 'NameRef', ref: 'x', $cstNode: cst, $container: undefined }, { $type: 'Definition', name: 'd', op: ':=' }],
                [{ $type: 'Vector', components: [1], close: undefined }, { $type: 'Vector', components: [], close: ']', flag: false }],
                [{ $type: 'A', list: 'not a list' }, { $type: 'A', list: ['kept'], n: 0 }]
            ] as [Record<string, unknown>, Record<string, unknown>][];
        };
        const theirs = cases().map(([t, s]) => langium.call(undefined, t, s));
        const ours = cases().map(([t, s]) => mergeWithoutOverride(t, s));
        expect(ours.map((o) => [Object.keys(o), o])).toEqual(theirs.map((o) => [Object.keys(o), o]));
        const parser = new LangiumParser(Lcpn);
        expect(replaceAssignWithoutOverride(parser)).toBe(true);
        expect((parser as unknown as { assignWithoutOverride: unknown }).assignWithoutOverride).toBe(mergeWithoutOverride);
        expect(replaceAssignWithoutOverride({} as LangiumParser)).toBe(false);
    });
});

describe('public extension points lcpn relies on', () => {
    test('the ParserConfig lookahead strategy is the one each parser uses, one instance per parser', () => {
        const config = Lcpn.parser.ParserConfig!;
        const first = config.lookaheadStrategy;
        expect(first).toBeInstanceOf(LcpnLookaheadStrategy);
        expect(config.lookaheadStrategy).not.toBe(first);
        // Langium spreads the config after its own default: ours wins.
        const wrapper = recognizerOf(Lcpn.parser.LangiumParser) as unknown as { lookaheadStrategy?: unknown };
        expect(wrapper.lookaheadStrategy).toBeInstanceOf(LcpnLookaheadStrategy);
    });

    test('an operator loop or optional part decided by one token is entered on it, not predicted with LL(*)', () => {
        const predicted: string[] = [];
        const spy = vi.spyOn(LLStarLookaheadStrategy.prototype, 'buildLookaheadForOptional').mockImplementation(function (this: LLStarLookaheadStrategy, options) {
            predicted.push(`${options.rule.name.replace(/\u200b/g, '')} ${options.prodType} ${options.prodOccurrence}`);
            return () => false;
        });
        try {
            void createLcpnServices().Lcpn.parser.LangiumParser;
        } finally {
            spy.mockRestore();
        }
        // chevrotain-allstar 0.5 predicted every one of these with LL(*) (each read ahead to the end of the nesting).
        for (const loop of ['InfixApplication Repetition 2', 'InfixSequence Repetition 1', 'InfixUnion Option 1', 'InfixComposition Option 1', 'InfixPostfix Option 1', 'TestCall Option 2']) {
            expect(predicted).not.toContain(loop);
        }
    });

    test('5. Chevrotain\'s Lexer.createTokenInstance is the token factory tokenize calls (an offset-only lexer\'s tokens get an endOffset)', () => {
        const types = Object.values(Lcpn.parser.Lexer.definition);
        const lexer = new Lexer(types, { positionTracking: 'onlyOffset', skipValidations: true });
        expect(typeof (lexer as unknown as { createTokenInstance?: unknown }).createTokenInstance).toBe('function');
        expect(lexer.tokenize('a := wazir').tokens[0].endOffset).toBeUndefined();
        expect(makeOffsetTokens(lexer)).toBe(true);
        expect(lexer.tokenize('a := wazir').tokens.map((t) => [t.image, t.startOffset, t.endOffset, t.startLine])).toEqual([['a', 0, 0, undefined], [':=', 2, 3, undefined], ['wazir', 5, 9, undefined]]);
        // The LCPN lexer is built that way (Langium drops a token without an endOffset: nothing would parse).
        const tokens = Lcpn.parser.Lexer.tokenize('(def a [1 2])').tokens;
        expect(tokens.every((t) => t.endOffset === t.startOffset + t.image.length - 1 && t.startLine === undefined)).toBe(true);
    });

    test('5b. the token factory shares short images: each token\'s image is the text it was read from, through cache collisions', () => {
        // Images of 2..12 characters from a small alphabet: many share a cache slot.
        const cache = new ImageCache();
        const r = new Random(7);
        const seen = new Set<string>();
        for (let i = 0; i < 20_000; i++) {
            const image = Array.from({ length: 1 + r.int(14) }, () => r.pick([...'ab:=ISxy'])).join('');
            seen.add(image);
            expect(cache.shared(image.slice(), r.int(3))).toBe(image);
        }
        expect(seen.size).toBeGreaterThan(1024);
        // Through the lexer: the same words many times, every token's image is its own text.
        const text = Array.from({ length: 300 }, (_, i) => `d${i % 40} := rook:forward / capturing ferz OR move(wazir, [1, ${i}]):narrow`).join('\n');
        const tokens = Lcpn.parser.Lexer.tokenize(text).tokens;
        expect(tokens.length).toBeGreaterThan(5000);
        for (const token of tokens) expect(token.image).toBe(text.slice(token.startOffset, token.endOffset! + 1));
    });

    test('10,000 nested calls parse (ran out of memory with LL(*) prediction)', () => {
        const text = 'x := ' + 'move('.repeat(10_000) + 'wazir' + ')'.repeat(10_000) + '\n(def after wazir)';
        const result = Lcpn.parser.LangiumParser.parse<Document>(text);
        expect(result.value.definitions.map((d) => d.name)).toEqual(['x', 'after']);
    });

    test('the grammar element the definition-start check keys on exists (LispDefinition name=Name)', () => {
        const rule = Lcpn.Grammar.rules.find((r) => r.name === 'LispDefinition');
        expect(rule).toBeDefined();
        expect(GrammarAST.isParserRule(rule)).toBe(true);
    });
});

function depthOfFirstLeaf(node: CstNode): number {
    let depth = 0;
    for (let current = node; 'content' in current; current = (current as CompositeCstNode).content[0]) depth++;
    return depth;
}
