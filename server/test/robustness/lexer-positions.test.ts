/**
 * Where the lexer's errors are placed: on their line and column, after CRLF line ends (the CLI
 * and tests read lines from parsePieceText).
 */
import { describe, expect, test } from 'vitest';
import { parsePieceText } from '../parse-text.js';

describe('lexer errors', () => {
    test('a lexer error is placed on its line (the CLI and tests read lines from parsePieceText)', () => {
        const { problems } = parsePieceText('(def a [1 2])\r\n(def b (/ wazir \u0001 ferz))\n');
        expect(problems.find((p) => p.code === 'lexing-error')).toMatchObject({ line: 2, column: 17 });
    });
});
