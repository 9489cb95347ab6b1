/**
 * SQL's gerunds as tokens. Every modifier and annotation function has one (`capturing`,
 * `cannoning`, model/gerunds.ts), so the grammar cannot list them as keywords: the lexer reads
 * them as names and gives those the token type GERUND, which only the grammar's Gerund rule (and
 * StrayToken) accepts. Like the gerunds the grammar listed before, they are reserved in every
 * style (`$cannoning` is a name).
 */
import type { IToken, TokenType } from 'chevrotain';
import { gerundFunction } from '../model/gerunds.js';

export const GERUND = 'GERUND';

/** Gives each NAME token that spells a gerund the type `gerund`. */
export function markGerunds(tokens: IToken[], gerund: TokenType): void {
    for (const token of tokens) {
        if (token.tokenType.name !== 'NAME' || !token.image.includes('ing') || gerundFunction(token.image) === undefined) continue;
        token.tokenType = gerund;
        token.tokenTypeIdx = gerund.tokenTypeIdx!;
    }
}
