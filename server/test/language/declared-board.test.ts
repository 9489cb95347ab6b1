// The board a document declares (declared-board.ts), as hover, panel and CLI use it.
import { beforeAll, describe, expect, test } from 'vitest';
import { declaredBoard } from '../../src/semantics/declared-board.js';
import { validated } from '../lsp-helpers.js';
import { createTestServices } from '../test-services.js';
import { squareName } from '../../src/geometry/index.js';

let services: Awaited<ReturnType<typeof createTestServices>>;

beforeAll(async () => {
    services = await createTestServices();
});

const board = async (text: string) => declaredBoard(services.Lcpn.lcpn.PieceModels, await validated(text, { services: services.Lcpn, validation: false }));

describe('declaredBoard', () => {
    test('the xiangqi board: size, confinement by piece, every zone of the file', async () => {
        const found = await board(`
            xiangqi := board(9, 10, confine(elephant, own_side))
            within_fortress := zone(d1-f3)
            own_side := zone(a1-i5)
            elephant := no_jump([2, 2])
        `);
        expect(found?.key).toBe('xiangqi');
        expect(found?.rules.board).toEqual({ files: 9, ranks: 10 });
        expect(found?.rules.confine.get('elephant')?.key).toBe('own-side');
        expect(found?.rules.zones.map((z) => z.key)).toEqual(['own-side', 'within-fortress']);
        expect(found?.rules.zones[1].squares.map(squareName)).toEqual(['d1', 'e1', 'f1', 'd2', 'e2', 'f2', 'd3', 'e3', 'f3']);
        expect(found?.declaration.clauses).toEqual([{ kind: 'confine', pieces: ['elephant'], zone: 'own-side' }]);
        expect(found?.problems).toEqual([]);
    });
    test('the promotion zone (SQL), and a clause naming what is not a zone', async () => {
        const found = await board(`
            far IS zone(a7-i9)
            shogi IS board(9, 9, promotion_zone(far), confine(king, nowhere))
        `);
        expect(found?.rules.promotionZone?.squares.length).toBe(27);
        expect(found?.rules.confine.size).toBe(0);
        expect(found?.problems.map((p) => p.rule)).toEqual(['not-a-zone']);
    });
    test('no board declared: undefined (callers keep today\'s board)', async () => {
        expect(await board('(def z (zone a1))\n(def p wazir)')).toBeUndefined();
    });
    test('two boards: the first', async () => {
        expect((await board('(def a (board 8 8))\n(def b (board 9 9))'))?.rules.board).toEqual({ files: 8, ranks: 8 });
    });
});
