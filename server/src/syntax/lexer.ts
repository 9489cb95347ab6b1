/**
 * Langium's lexer, tracking offsets only (Chevrotain's `positionTracking: 'onlyOffset'`): the
 * parse reads no token's line or column (lcpn's CST leaves read their range from the root's
 * text, cst-nodes.ts), and tracking them cost a third of lexing (~30 ms a MB: a regular
 * expression over every whitespace run) plus four fields a token. Langium needs each token's
 * `endOffset` (`isValidTokenRange`), which Chevrotain's offset-only tokens lack: the lexer
 * makes its tokens with one (langium-internals.ts, `makeOffsetTokens`). What reads lines,
 * the tokens of syntax errors and the lexer's errors (Langium's `tokenToRange`, its range
 * formatting's error check, `parsePieceText`), gets them after the parse (`addErrorPositions`),
 * as Chevrotain's full tracking gave them.
 */
import { Lexer as ChevrotainLexer, type IToken, type TokenType } from 'chevrotain';
import { DefaultLexer, type LangiumCoreServices, type ParseResult } from 'langium';
import { lineAt, lineStartTable } from './cst-nodes.js';
import { makeOffsetTokens } from './langium-internals.js';

export class LcpnLexer extends DefaultLexer {
    constructor(services: LangiumCoreServices) {
        super(services);
        // The same token types in the same order (the dictionary keeps the built array's order,
        // unless a name is an array index, which JavaScript lists first); Langium's lexer above
        // has validated them.
        if (Object.keys(this.tokenTypes).some((name) => /^\d+$/.test(name))) return;
        const lexer = new ChevrotainLexer(Object.values(this.tokenTypes) as TokenType[], {
            positionTracking: 'onlyOffset',
            skipValidations: true,
            errorMessageProvider: services.parser.LexerErrorMessageProvider
        });
        this.chevrotainLexer = makeOffsetTokens(lexer) ? lexer : this.chevrotainLexer;
    }
}

/**
 * Gives the lexer's errors and the parser errors' tokens the 1-based lines and columns
 * Chevrotain's full tracking gives (`startLine`/`startColumn`, and the line and column of a
 * token's last character as `endLine`/`endColumn`). Only when there are errors: a table of the
 * text's line starts is built then.
 */
export function addErrorPositions(result: ParseResult, text: string): void {
    if (result.lexerErrors.length === 0 && result.parserErrors.length === 0) return;
    let starts: Int32Array | undefined;
    const table = () => (starts ??= lineStartTable(text));
    for (const error of result.lexerErrors) {
        if (error.line === undefined && error.offset >= 0) {
            const line = lineAt(table(), error.offset);
            error.line = line + 1;
            error.column = error.offset - table()[line] + 1;
        }
    }
    for (const error of result.parserErrors) {
        const record = error as unknown as { previousToken?: IToken; resyncedTokens?: IToken[] };
        addTokenPosition(error.token, table);
        addTokenPosition(record.previousToken, table);
        for (const token of record.resyncedTokens ?? []) addTokenPosition(token, table);
    }
}

function addTokenPosition(token: IToken | undefined, table: () => Int32Array): void {
    // The end of the input and tokens inserted by recovery have no place (NaN or -1 offsets): left as they are.
    if (!token || token.startLine !== undefined || !(token.startOffset >= 0)) return;
    const starts = table();
    const line = lineAt(starts, token.startOffset);
    const last = token.startOffset + Math.max(token.image.length, 1) - 1;
    const lastLine = lineAt(starts, last);
    token.startLine = line + 1;
    token.startColumn = token.startOffset - starts[line] + 1;
    token.endLine = lastLine + 1;
    token.endColumn = last - starts[lastLine] + 1;
}
