/**
 * The offset-only lexer (lexer.ts): tokens carry offsets only, and what reads lines (the
 * lexer's errors, the tokens of parser errors) gets the lines and columns Chevrotain's full
 * position tracking gives, on every kind of line end and for tokens spanning lines.
 */
import { Lexer, type IToken } from 'chevrotain';
import { describe, expect, test } from 'vitest';
import type * as ast from '../../src/syntax/generated/ast.js';
import { createLcpnServices } from '../../src/semantics/module.js';
import { parsePieceText } from '../parse-text.js';

const { Lcpn } = createLcpnServices();
const parser = Lcpn.parser.LangiumParser;
const fullLexer = new Lexer(Object.values(Lcpn.parser.Lexer.definition), { positionTracking: 'full', skipValidations: true });

/** Each token of the text as full tracking places it, by start offset. */
function fullPositions(text: string): Map<number, IToken> {
    return new Map(fullLexer.tokenize(text).tokens.map((t) => [t.startOffset, t]));
}

function position(token: IToken): unknown {
    return { startLine: token.startLine, startColumn: token.startColumn, endLine: token.endLine, endColumn: token.endColumn };
}

// Errors on several lines, after CRLF and CR-only line ends and after a string spanning lines,
// an unexpected character, and an error token that spans lines (a string where a name goes).
const TEXTS = [
    '(def a [1 2])\r\n(def b (/ wazir ferz)\r\n(def c [1 2)\r(def d ::)\n',
    '(def s (igui "one\r\ntwo"))\n(def t (/ wazir\n   "multi\nline" ferz))\r\nu := ) / wazir\n',
    '(def a [1 2])\n  (def b \u0001 wazir)\r\nc := move(\n',
    'x IS IF rank() = 2 THEN wazir\r\n\r\ny := wazir /\r(def z'
];

describe('the offset-only lexer', () => {
    test('parser errors\' tokens and lexer errors have the lines and columns of full position tracking', () => {
        let errorTokens = 0;
        for (const text of TEXTS) {
            const result = parser.parse<ast.Document>(text);
            expect(result.parserErrors.length + result.lexerErrors.length, text).toBeGreaterThan(0);
            const full = fullPositions(text);
            for (const error of result.parserErrors) {
                const record = error as unknown as { previousToken?: IToken; resyncedTokens?: IToken[] };
                for (const token of [error.token, record.previousToken, ...(record.resyncedTokens ?? [])]) {
                    if (!token || !(token.startOffset >= 0)) continue;
                    errorTokens++;
                    expect(position(token), `${JSON.stringify(token.image)} in ${JSON.stringify(text)}`).toEqual(position(full.get(token.startOffset)!));
                }
            }
            const fullErrors = fullLexer.tokenize(text).errors;
            expect(result.lexerErrors.map((e) => [e.offset, e.line, e.column])).toEqual(fullErrors.map((e) => [e.offset, e.line, e.column]));
        }
        expect(errorTokens).toBeGreaterThan(6);
    });

    test('a lexer error is placed on its line (the CLI and tests read lines from parsePieceText)', () => {
        const { problems } = parsePieceText('(def a [1 2])\r\n(def b (/ wazir \u0001 ferz))\n');
        expect(problems.find((p) => p.code === 'lexing-error')).toMatchObject({ line: 2, column: 17 });
    });
});
