/**
 * Langium's parser with fixes for large files (measured on a 1 MB file of 16k definitions;
 * see docs/ARCHITECTURE.md, Performance). Langium 4.3/4.4 adopted two earlier ones (leaf
 * positions kept as small integers, compacted child arrays), so they are gone from here.
 *
 * - Hidden tokens: for every consumed token Langium attaches the hidden tokens (comments)
 *   before it; when there are none it still walks up from the current CST node with `indexOf`
 *   over each container's children. For the first token of every definition that scans the
 *   whole document's list of definitions, so parsing was quadratic in the number of
 *   definitions. Attaching an empty list is a no-op, so it is skipped.
 * - Pass-through CST nodes: Langium builds one composite CST node per rule call, so a name in
 *   C style sat under eight of them (`InfixBody` -> `InfixUnion` -> ... -> `NameRef`; before
 *   issue 12 a ninth, the `Name` data-type rule), 2.6 composites per token, half of a parse result's memory. When a rule call finishes with
 *   exactly one child that is itself an unassigned call of a parser rule (whose result became
 *   this call's AST node), that child is replaced by its own children. Such a node has no assignment, no keyword and no
 *   AST node of its own, so every CST query (find by property or keyword, offsets, ranges,
 *   the AST node of a leaf, comments) answers as before.
 *   The same holds for the composite of an action (`{Union.items+=current}`) whose node became
 *   its caller's (issue 12: 345k -> 182k composites for 1 MB, with the grammar's terminals).
 * - AST lists are copied to their exact size when their node is done (`compactArrays`): V8
 *   gave each room for 17 elements.
 * - Leaves are lcpn's (cst-nodes.ts): five fields instead of Langium's ten, the range
 *   read from the root's line starts when asked (a parse result's heap 81x -> 70x the text at 1 MB).
 * - The lexer tracks offsets only (lexer.ts); `parse` gives the errors' tokens their lines.
 * - The token vector and CST root of the last parse are dropped (the parser kept them, and so
 *   the whole last document, until the next parse).
 * - The rule implementations are made by lcpn's builder (parser-rules.ts), the same as
 *   Langium's `createParser` makes but with no closures, choice arrays or argument objects
 *   allocated per call (a 1 MB parse allocated ~820 MB, now ~520 MB). Both parsers.
 *
 * And one change of behaviour: an expression stops before `NAME :=` / `NAME IS`, the start of
 * the next definition (definition-start.ts).
 */
import {
    DatatypeSymbol, GrammarAST, LangiumCompletionParser, LangiumParser,
    type AstNode, type CstNode, type IParserConfig, type LangiumCoreServices, type ParseResult, type ParserOptions
} from 'langium';
import { AstShapes } from './ast-shapes.js';
import { LcpnCstNodeBuilder } from './cst-builder.js';
import { addErrorPositions } from './lexer.js';
import { LcpnLookaheadStrategy } from './lookahead.js';
import { createLcpnParserRules } from './parser-rules.js';
import { keepDefinitionsApart } from './definition-start.js';
import { recognizerOf, replaceAssignWithoutOverride, replaceConstruct, replaceNodeBuilder, replaceStartImplementation, runParse } from './langium-internals.js';

class LcpnLangiumParser extends LangiumParser {
    /** The CST builder this parser uses (Langium's own is private: see createLcpnParser). */
    readonly cstBuilder: LcpnCstNodeBuilder;

    /** Per AST type, its child properties and defaults (ast-shapes.ts). */
    private readonly shapes: AstShapes;

    /** Langium's stack of nodes being built, when lcpn's construct is in place (internal 7). */
    private nodes: Record<string, unknown>[] | undefined;

    constructor(services: LangiumCoreServices) {
        super(services);
        this.shapes = new AstShapes(services.shared.AstReflection);
        // Langium's merge after an unassigned rule call, without an Object.entries array per call (internal 9).
        replaceAssignWithoutOverride(this);
        this.cstBuilder = new LcpnCstNodeBuilder(this.shapes);
        // Langium's `construct` without its defaults loop (`assignMandatoryProperties`: an
        // `Object.values` of the type's metadata each time; the same node is constructed again
        // at each unassigned rule level above it). Its infix-rule branch is not reproduced: kept
        // for a grammar with infix rules (lcpn's has none).
        if (!services.Grammar.rules.some(GrammarAST.isInfixRule)) {
            const converter = services.parser.ValueConverter;
            const constructed = replaceConstruct(this, (stack) => {
                this.nodes = stack;
                return () => {
                    if (this.isRecording()) return undefined;
                    const node = stack.pop()!;
                    this.cstBuilder.construct(node as unknown as Parameters<LcpnCstNodeBuilder['construct']>[0]);
                    if (node.$type === DatatypeSymbol) return converter.convert(node.value as string, node.$cstNode as CstNode);
                    this.shapes.assignDefaults(node as unknown as AstNode);
                    return node;
                };
            });
            // Langium's rule start (`startImplementation`), with each rule's node made by its
            // type's maker (ast-shapes.ts: properties kept in the object, ~2x the text less
            // heap at 1 MB). A data type rule's node (a string being built) stays a literal.
            const nodes = this.nodes;
            if (constructed && nodes !== undefined) {
                const construct = (this as unknown as { construct(): unknown }).construct;
                replaceStartImplementation(this, (type, _infixName, implementation) => {
                    const make = typeof type === 'string' ? this.shapes.makerOf(type) : undefined;
                    return (args) => {
                        const createNode = !this.isRecording() && type !== undefined;
                        if (createNode) {
                            const node: Record<string, unknown> = make ? new make() : { $type: type };
                            if (type === DatatypeSymbol) node.value = '';
                            nodes.push(node);
                        }
                        implementation(args);
                        return createNode ? construct() : undefined;
                    };
                });
            }
        }
    }

    /**
     * Langium's `action`, with the new node of an action that takes the node so far
     * (`{Application.head=current}`, `{Union.items+=current}`) made by its type's maker, as a
     * rule's node is. The same steps: construct the node so far, move its CST node under the
     * action's, push the new node and assign the old one to it (never a cross-reference).
     */
    override action($type: string, action: GrammarAST.Action): void {
        const nodes = this.nodes;
        if (nodes === undefined || this.isRecording() || !(action.feature && action.operator)) {
            super.action($type, action);
            return;
        }
        const last = (this as unknown as { construct(): AstNode }).construct();
        const builder = this.cstBuilder;
        builder.removeNode(last.$cstNode!);
        builder.appendChild(builder.buildCompositeNode(action), last.$cstNode!);
        const node = new (this.shapes.makerOf($type))();
        nodes.push(node);
        // Langium's assign of a node: its CST node gets its AST node, then the property is set.
        if (last.$cstNode) (last.$cstNode as { astNode: AstNode }).astNode = last;
        node[action.feature] = action.operator === '+=' ? [last] : last;
    }

    override parse<T extends AstNode = AstNode>(input: string, options?: ParserOptions): ParseResult<T> {
        // Chevrotain makes every syntax error an Error, with a stack trace nobody reads: on a line
        // of 40,000 errors the traces were a quarter of the parse, plus their garbage collection.
        const stackTraceLimit = Error.stackTraceLimit;
        Error.stackTraceLimit = 0;
        let result: ParseResult<T>;
        try {
            result = this.parseText<T>(input, options);
        } finally {
            Error.stackTraceLimit = stackTraceLimit;
        }
        addErrorPositions(result, input);
        // The parser would keep the last input's tokens and CST root (hence its whole AST) until
        // the next parse: a closed or replaced document stayed in memory.
        recognizerOf(this).input = [];
        this.cstBuilder.buildRootNode('');
        return result;
    }

    /**
     * Langium's `parse`, with lcpn's container links: the same steps, but the last one
     * (`linkContentToContainer`, an `Object.entries` of every node) reads only the properties
     * of each node's type that can hold nodes (ast-shapes.ts). Langium's own `parse` when
     * its private steps are not there (langium-internals.ts, internal 6).
     */
    private parseText<T extends AstNode>(input: string, options: ParserOptions = {}): ParseResult<T> {
        this.cstBuilder.buildRootNode(input);
        const lexerResult = this.lexer.tokenize(input);
        const recognizer = recognizerOf(this);
        recognizer.input = lexerResult.tokens;
        const rule = options.rule ? this.allRules.get(options.rule) : this.mainRule;
        if (!rule) throw new Error(options.rule ? `No rule found with name '${options.rule}'` : 'No main rule available.');
        const parsed = runParse(this, rule, lexerResult);
        if (parsed === undefined) return super.parse<T>(input, options);
        this.cstBuilder.addHiddenNodes(lexerResult.hidden);
        this.unorderedGroups.clear();
        this.shapes.linkContainers(parsed.value);
        return { value: parsed.value as T, lexerErrors: lexerResult.errors, lexerReport: lexerResult.report, parserErrors: recognizer.errors };
    }
}

/**
 * The completion parser, built on its first use. Langium creates every service at `initialize`
 * (its `eagerLoad`), and building this second parser from the grammar cost a fresh server
 * about 130 ms before its first diagnostics, for a feature used only when the user asks for
 * completion. Only `parse` is called on it (Langium's completion provider); every property is
 * read from the real parser, built then. Symbol-keyed reads (Langium's injector asks each
 * service whether it is a service container) are answered without building it.
 */
export function lazyCompletionParser(build: () => LangiumCompletionParser): LangiumCompletionParser {
    let parser: LangiumCompletionParser | undefined;
    const real = () => (parser ??= build());
    // `parse` is the target's own property, so it can be wrapped (a test spies on it) like a real parser's.
    const target = Object.assign(Object.create(LangiumCompletionParser.prototype) as LangiumCompletionParser, {
        parse: (input: string) => real().parse(input)
    });
    return new Proxy(target, {
        get(target, property) {
            if (Object.hasOwn(target, property) || (typeof property === 'symbol' && parser === undefined)) return Reflect.get(target, property);
            const value = Reflect.get(real(), property) as unknown;
            return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(real()) : value;
        }
    });
}

/** Builds a parser's rules from the grammar: lcpn's builder; a test passes Langium's `createParser` to compare. */
export type RulesBuilder = typeof createLcpnParserRules;

export function createLcpnParser(services: LangiumCoreServices, buildRules: RulesBuilder = createLcpnParserRules): LangiumParser {
    const parser = new LcpnLangiumParser(services);
    replaceNodeBuilder(parser, parser.cstBuilder);
    buildRules(services.Grammar, parser, services.parser.Lexer.definition);
    parser.finalize();
    return keepDefinitionsApart(parser, services.Grammar);
}

/** Set while the completion parser is constructed: its lookahead guesses at the end of its input. */
let constructingCompletionParser = false;

/**
 * The parsers' Chevrotain options (Langium's `ParserConfig` service): lcpn's lookahead
 * (lookahead.ts). Each parser reads the options once, in its constructor, and needs a
 * lookahead strategy of its own (the strategy keeps that parser's prediction caches).
 */
export function lcpnParserConfig(): IParserConfig {
    return {
        get lookaheadStrategy() {
            // Ambiguities are resolved by alternative order by design (lcpn.langium): not reported.
            return new LcpnLookaheadStrategy({ logging: () => undefined, incomplete: constructingCompletionParser });
        }
    };
}

/** Langium's completion parser (its `createCompletionParser`), with lcpn's lookahead. */
export function createLcpnCompletionParser(services: LangiumCoreServices, buildRules: RulesBuilder = createLcpnParserRules): LangiumCompletionParser {
    let parser: LangiumCompletionParser;
    constructingCompletionParser = true;
    try {
        parser = new LangiumCompletionParser(services);
    } finally {
        constructingCompletionParser = false;
    }
    buildRules(services.Grammar, parser, services.parser.Lexer.definition);
    parser.finalize();
    return parser;
}
