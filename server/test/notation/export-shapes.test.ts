// Betza and Parlett describe moves on a square board: exporting a piece of a file whose board has
// another shape says so in `lost` (and the path export, which walks any board, does not).
import { describe, expect, test } from 'vitest';
import preludeText from '../../prelude/standard.lcpn?raw';
import { parsePieceText } from '../../src/model/parse-text.js';
import type { BoardShape } from '../../src/geometry/shape.js';
import { toBetza, toParlett, toPath } from '../../src/notation/index.js';

const prelude = new Map(parsePieceText(preludeText).pieces.map((p) => [p.key, p]));
const resolve = (key: string) => prelude.get(key);
const knight = prelude.get('knight')!;
const on = (shape: BoardShape) => ({ board: { clauses: [], shape } });

describe('exports on boards of other shapes', () => {
    test('a hexagon', () => {
        const context = on({ kind: 'hexagon', side: 6, orientation: 'files' });
        const lost = ['the hexagonal board (Betza and Parlett describe moves on a square board: the string says what the piece does there, not on the hexagon)'];
        expect(toBetza(knight, resolve, context)).toEqual({ text: 'N', lost });
        expect(toParlett(knight, resolve, context).lost).toEqual(lost);
        expect(toPath(knight, resolve, context)).toEqual({ text: 'L*FF(L|R)F$', lost: [] });
    });

    test('a cylinder with holes', () => {
        const context = on({ kind: 'rectangle', cylinder: true, holes: [{ file: 3, rank: 3 }] });
        expect(toBetza(knight, resolve, context).lost).toEqual([
            'the cylinder (Betza and Parlett write the moves as on a board whose edges do not wrap round)',
            'the holes in the board (Betza and Parlett write the moves as on a board without holes)'
        ]);
        expect(toPath(knight, resolve, context).lost).toEqual([]);
    });

    test('a plain rectangle loses nothing', () => {
        expect(toBetza(knight, resolve, on({ kind: 'rectangle' })).lost).toEqual([]);
        expect(toBetza(knight, resolve, {}).lost).toEqual([]);
    });
});
