/**
 * Betza and Parlett `i` become LCPN text that reads back: the model a notation imports is printed
 * in each style (as the Betza/Parlett code actions and `lcpn convert` do) and parsed again to the
 * same model, the `(first-move)` test included (`(first-move)`, `first_move()`).
 */
import { describe, expect, it } from 'vitest';
import { parsePieceText } from '../parse-text.js';
import type { PieceDef, Style } from '../../src/model/piece.js';
import { printPiece } from '../../src/model/print.js';
import { parseBetza } from '../../src/notation/betza-parse.js';
import { parseParlett } from '../../src/notation/parlett-parse.js';

const piece = (body: PieceDef['body']): PieceDef => ({ name: 'unmoved-pawn', key: 'unmoved-pawn', properties: [], body, style: 'lisp' });

describe.each([
    ['Betza fmWfcFifmnD', parseBetza('fmWfcFifmnD').move],
    ['Parlett o1>, c1X>, io2>', parseParlett('o1>, c1X>, io2>').move],
    ['Betza ifK', parseBetza('ifK').move]
])('%s', (_name, move) => {
    it.each(['lisp', 'c', 'sql'] as Style[])('prints in %s style and reads back the same', (style) => {
        const text = printPiece(piece(move), style);
        expect(text).toMatch(/first[-_]move/);
        const back = parsePieceText(text);
        expect(back.problems.filter((p) => p.severity === 'error')).toEqual([]);
        expect(back.pieces).toHaveLength(1);
        expect(back.pieces[0].body).toEqual(move);
    });
});
