/**
 * model/rename.ts: every place a definition names another is renamed, and nothing else (the
 * engine reads an imported definition with the names it means in its own file renamed).
 */
import { describe, expect, test } from 'vitest';
import { renameNames } from '../../src/model/rename.js';
import { printPiece } from '../../src/model/print.js';
import { parsePieceText } from '../parse-text.js';

/** The file's definitions with every name in `names` renamed to `name@f`, printed in Lisp. */
function renamed(text: string, names: string[]): string[] {
    return parsePieceText(text).pieces.map((p) => printPiece(renameNames(p, (key) => (names.includes(key) ? `${key}@f` : key)), 'lisp'));
}

describe('renameNames', () => {
    test('pieces named in unions, sequences, applications and conditions', () => {
        expect(renamed('(def x (/ rook (=> wazir (move rook)) (cond ((first-move) (promote-to queen rook)) ((in zone-a) rook))))', ['rook', 'queen']))
            .toEqual(['(def x (/ rook@f (=> wazir (move rook@f)) (cond ((first-move) (promote-to queen@f rook@f)) ((in zone-a) rook@f))))']);
    });

    test('zones and conditions named as keywords, tests, test arguments and function parts; a direction word stays whatever the renaming says', () => {
        const text = '(def x (wazir :forward :palace))\n(def y (cond ((and (in palace) (inside) (occupied-by general)) ferz)))\n(def z (& capture inside))';
        expect(renamed(text, ['palace', 'inside', 'general', 'forward'])).toEqual([
            '(def x (wazir :forward :palace@f))',
            '(def y (cond ((and (in palace@f) (inside@f) (occupied-by general@f)) ferz)))',
            '(def z (& capture inside@f))'
        ]);
    });

    test('a definition with nothing to rename is the same object', () => {
        const [piece] = parsePieceText('(def x (/ rook (cond ((in palace) ferz))))').pieces;
        expect(renameNames(piece, (key) => key)).toBe(piece);
    });
});
