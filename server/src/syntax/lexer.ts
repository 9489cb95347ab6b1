/**
 * Langium's lexer and token builder, with what LCPN's parser needs of the tokens:
 * - a name before `:=` or `IS` is a DEFINITION_NAME (definition-start.ts), a token type the
 *   lexer never matches itself;
 * - a form nested too deeply or a chain too long is cut, with an error (nesting-limit.ts).
 */
import { Lexer as ChevrotainLexer, type TokenType } from 'chevrotain';
import { DefaultLexer, DefaultTokenBuilder, type GrammarAST, type LexerResult, type TokenizeOptions } from 'langium';
import { DEFINITION_NAME, markDefinitionNames } from './definition-start.js';
import { limitNesting } from './nesting-limit.js';

/** DEFINITION_NAME is a token type the lexer never matches (nor tries instead of a keyword). */
export class LcpnTokenBuilder extends DefaultTokenBuilder {
    protected override buildTerminalToken(terminal: GrammarAST.TerminalRule): TokenType {
        const token = super.buildTerminalToken(terminal);
        if (terminal.name === DEFINITION_NAME) token.PATTERN = ChevrotainLexer.NA;
        return token;
    }

    protected override findLongerAlt(keyword: GrammarAST.Keyword, terminalTokens: TokenType[]): TokenType[] {
        return super.findLongerAlt(keyword, terminalTokens.filter((token) => token.name !== DEFINITION_NAME));
    }
}

export class LcpnLexer extends DefaultLexer {
    override tokenize(text: string, options?: TokenizeOptions): LexerResult {
        const result = super.tokenize(text, options);
        markDefinitionNames(result.tokens, this.tokenTypes[DEFINITION_NAME]);
        const limited = limitNesting(result.tokens);
        if (limited.errors.length === 0) return result;
        return { ...result, tokens: limited.tokens, errors: [...result.errors, ...limited.errors] };
    }
}
