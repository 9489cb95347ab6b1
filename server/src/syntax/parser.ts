/**
 * Langium's parsers with LCPN's lookahead (lookahead.ts) and two changes to `parse`:
 * - Chevrotain makes every syntax error an Error with a stack trace nobody reads: on a line of
 *   40,000 errors the traces were a quarter of the parse. They are not collected while parsing.
 * - Langium's parser keeps the last input's tokens and CST root (so its whole AST and document)
 *   until the next parse: a closed document stayed in memory. An empty text is parsed after each
 *   text, which replaces them (docs/upstream.md, "The parser keeps the last document").
 */
import {
    createParser, LangiumCompletionParser, LangiumParser,
    type AstNode, type CompletionParserResult, type IParserConfig, type LangiumCoreServices, type ParseResult, type ParserOptions
} from 'langium';
import { LcpnLookaheadStrategy } from './lookahead.js';
import { DEFINITION_NAME } from './definition-start.js';

export class LcpnParser extends LangiumParser {
    override parse<T extends AstNode = AstNode>(input: string, options?: ParserOptions): ParseResult<T> {
        const stackTraceLimit = Error.stackTraceLimit;
        Error.stackTraceLimit = 0;
        try {
            return super.parse<T>(input, options);
        } finally {
            super.parse('');
            Error.stackTraceLimit = stackTraceLimit;
        }
    }
}

/** Langium's `createLangiumParser`, for LCPN's parser class. */
export function createLcpnParser(services: LangiumCoreServices): LangiumParser {
    const parser = createParser(services.Grammar, new LcpnParser(services), services.parser.Lexer.definition);
    parser.finalize();
    return parser;
}

/**
 * Langium's completion parser, with the lookahead completion needs (LcpnParserConfig), its rules
 * made from the grammar when it first parses: Langium makes every service when the server
 * starts, and analysing the grammar a second time delayed a fresh server's first diagnostics
 * (~35 ms) for a feature used only when the user asks for completion.
 */
export class LcpnCompletionParser extends LangiumCompletionParser {
    private ready = false;

    constructor(private readonly services: LangiumCoreServices) {
        super(services);
    }

    override parse(input: string): CompletionParserResult {
        if (!this.ready) {
            createParser(this.services.Grammar, this, this.services.parser.Lexer.definition);
            this.finalize();
            this.ready = true;
        }
        return super.parse(input);
    }
}

export function createLcpnCompletionParser(services: LangiumCoreServices): LangiumCompletionParser {
    return (services.parser.ParserConfig as LcpnParserConfig).completing(() => new LcpnCompletionParser(services));
}

export interface LcpnParserConfig extends IParserConfig {
    /** Runs `build`, during which parsers get the completion parser's lookahead (it guesses at the end of its input). */
    completing<T>(build: () => T): T;
}

/**
 * The parsers' Chevrotain options (Langium's `ParserConfig` service): LCPN's lookahead. Each
 * parser reads them once, in its constructor, and needs a lookahead strategy of its own (the
 * strategy keeps that parser's prediction caches).
 */
export function lcpnParserConfig(services: LangiumCoreServices): LcpnParserConfig {
    let completion = false;
    return {
        get lookaheadStrategy() {
            const tokens = services.parser.Lexer.definition;
            // Ambiguities are resolved by alternative order by design (lcpn.langium): not reported.
            return new LcpnLookaheadStrategy({ name: tokens.NAME, definitionName: tokens[DEFINITION_NAME] }, { logging: () => undefined, incomplete: completion });
        },
        completing<T>(build: () => T): T {
            completion = true;
            try {
                return build();
            } finally {
                completion = false;
            }
        }
    };
}
