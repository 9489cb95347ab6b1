/**
 * A definition never swallows the start of the next one. `NAME :=` and `NAME IS` can only
 * begin a definition, but after an operator the parser would take that name as the operator's
 * operand: with a trailing `/`,
 *
 *     a := ferz /
 *     b := wazir
 *
 * read as `a := ferz / b` followed by stray text, so `b` was never defined (and `wazir` became
 * a definition of its own). So the lexer gives a name followed by `:=` or `IS` the token type
 * DEFINITION_NAME, which only an infix definition's name accepts (lcpn.langium): the parser
 * reports a syntax error where the expression needed an operand (the definition before is
 * incomplete) and reads `b := wazir` as the next definition. Where an operand may stand, the
 * lookahead goes in as for a NAME (lookahead.ts), so the error is where a use of `b` would be.
 */
import type { IToken, TokenType } from 'chevrotain';

export const DEFINITION_NAME = 'DEFINITION_NAME';

const DEFINITION_OPERATORS = new Set([':=', 'IS']);

/** Gives each NAME token followed by `:=` or `IS` the type `definitionName`; its payload is that operator. */
export function markDefinitionNames(tokens: IToken[], definitionName: TokenType): void {
    for (let i = 0; i + 1 < tokens.length; i++) {
        const token = tokens[i];
        const next = tokens[i + 1];
        if (token.tokenType.name !== 'NAME' || !DEFINITION_OPERATORS.has(next.tokenType.name)) continue;
        token.tokenType = definitionName;
        token.tokenTypeIdx = definitionName.tokenTypeIdx!;
        token.payload = next.image;
    }
}

/** `'b :='`: how an error message shows a definition's start. */
export function definitionStartText(token: IToken): string | undefined {
    return token.tokenType?.name === DEFINITION_NAME ? `'${token.image} ${String(token.payload)}'` : undefined;
}
