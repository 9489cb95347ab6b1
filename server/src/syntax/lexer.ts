/**
 * Langium's lexer and token builder, with what LCPN's parser needs of the tokens:
 * - a name that spells a gerund is a GERUND (gerund-tokens.ts), and a name before `:=` or `IS`
 *   a DEFINITION_NAME (definition-start.ts): token types the lexer never matches itself;
 * - a form nested too deeply or a chain too long is cut, with an error (nesting-limit.ts).
 */
import { Lexer as ChevrotainLexer, type TokenType } from 'chevrotain';
import { DefaultLexer, DefaultTokenBuilder, type GrammarAST, type LexerResult, type TokenizeOptions } from 'langium';
import { DEFINITION_NAME, markDefinitionNames } from './definition-start.js';
import { GERUND, markGerunds } from './gerund-tokens.js';
import { limitNesting } from './nesting-limit.js';

/** GERUND and DEFINITION_NAME are token types the lexer never matches (nor tries instead of a keyword). */
const MARKED = new Set([GERUND, DEFINITION_NAME]);

export class LcpnTokenBuilder extends DefaultTokenBuilder {
    protected override buildTerminalToken(terminal: GrammarAST.TerminalRule): TokenType {
        const token = super.buildTerminalToken(terminal);
        if (MARKED.has(terminal.name)) token.PATTERN = ChevrotainLexer.NA;
        return token;
    }

    protected override findLongerAlt(keyword: GrammarAST.Keyword, terminalTokens: TokenType[]): TokenType[] {
        return super.findLongerAlt(keyword, terminalTokens.filter((token) => !MARKED.has(token.name)));
    }
}

export class LcpnLexer extends DefaultLexer {
    override tokenize(text: string, options?: TokenizeOptions): LexerResult {
        const result = super.tokenize(text, options);
        // Gerunds first: a gerund before `:=` stays one (reserved), never a definition's name.
        markGerunds(result.tokens, this.tokenTypes[GERUND]);
        markDefinitionNames(result.tokens, this.tokenTypes[DEFINITION_NAME]);
        const limited = limitNesting(result.tokens);
        if (limited.errors.length === 0) return result;
        return { ...result, tokens: limited.tokens, errors: [...result.errors, ...limited.errors] };
    }
}
