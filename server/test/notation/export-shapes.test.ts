// Betza and Parlett describe moves on a square board: exporting a piece of a file whose board has
// another shape says so in `lost` (and the path export, which walks any board, does not).
import { describe, expect, test } from 'vitest';
import preludeText from '../../prelude/standard.lcpn?raw';
import { parsePieceText } from '../parse-text.js';
import { toBetza, toParlett, toPath } from '../../src/notation/index.js';
import type { BoardShape } from '../../src/geometry/index.js';

const prelude = new Map(parsePieceText(preludeText).pieces.map((p) => [p.key, p]));
const resolve = (key: string) => prelude.get(key);
const knight = prelude.get('knight')!;
const on = (shape: BoardShape, files = 8, ranks = 8) => ({ board: { clauses: [], files, ranks, shape } });

describe('exports on boards of other shapes', () => {
    test('a hexagon', () => {
        const context = on({ kind: 'hexagon', side: 6, orientation: 'files' }, 11, 11);
        const lost = ['the hexagon of side 6 (Betza and Parlett describe moves on a plain board of squares: the string says what the piece does there)'];
        expect(toBetza(knight, resolve, context)).toEqual({ text: 'N', lost });
        expect(toParlett(knight, resolve, context).lost).toEqual(lost);
        expect(toPath(knight, resolve, context)).toEqual({ text: 'L*FF(L|R)F$', lost: [] });
    });

    test('a cylinder with holes', () => {
        const context = on({ kind: 'rectangle', cylinder: true, holes: [{ file: 3, rank: 3 }] });
        expect(toBetza(knight, resolve, context).lost).toEqual([
            'the 8x8 cylinder board with 1 hole (Betza and Parlett describe moves on a plain board of squares: the string says what the piece does there)'
        ]);
        expect(toBetza(knight, resolve, on({ kind: 'rectangle', cylinder: true }, 9, 10)).lost).toEqual([
            'the 9x10 cylinder board (Betza and Parlett describe moves on a plain board of squares: the string says what the piece does there)'
        ]);
        expect(toPath(knight, resolve, context).lost).toEqual([]);
    });

    test('a plain rectangle loses nothing', () => {
        expect(toBetza(knight, resolve, on({ kind: 'rectangle' })).lost).toEqual([]);
        expect(toBetza(knight, resolve, {}).lost).toEqual([]);
    });
});
