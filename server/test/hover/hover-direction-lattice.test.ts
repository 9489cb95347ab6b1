/**
 * The hover of a direction keyword documents what it selects on the lattice the file declares
 * (issue 11): `:diagonal` on a hexagon runs through the cells' corners, not |dx| = |dy|.
 */
import { expectHover } from 'langium/test';
import type { LangiumServices } from 'langium/lsp';
import { beforeAll, describe, test } from 'vitest';
import { createTestServices } from '../test-services.js';

let services: LangiumServices;
beforeAll(async () => {
    services = (await createTestServices()).Lcpn;
});

describe('direction hover on the declared lattice', () => {
    test(':diagonal in a file that declares a hexagon: the hexagonal bishop\'s lines', async () => {
        await expectHover(services)({
            text: '(def glinski (board (hexagon 6)))\n(def b ([1 1] :rider <|>:diagonal))', index: 0, disposeAfterCheck: true,
            hover: /^\*\*:diagonal\*\*: Steps between the axes, through the corners of the cells \(the hexagonal bishop's lines\)\.$/
        });
    });

    test(':diagonal in C and SQL style on a hexagon', async () => {
        await expectHover(services)({
            text: 'glinski := board(hexagon(6))\nb := [1, 1]:rider<|>:diagonal', index: 0, disposeAfterCheck: true,
            hover: /through the corners of the cells/
        });
        await expectHover(services)({
            text: 'glinski IS board(hexagon(6))\nb IS [1, 1]:rider<|>:diagonal', index: 0, disposeAfterCheck: true,
            hover: /through the corners of the cells/
        });
    });

    test(':diagonal without a declared board (squares): |dx| = |dy|', async () => {
        await expectHover(services)({
            text: '(def b ([1 1] :rider <|>:diagonal))', index: 0, disposeAfterCheck: true,
            hover: /^\*\*:diagonal\*\*: .*\|dx\| = \|dy\|/
        });
    });

    test(':forward-left on a hexagon says what it selects there; on squares, that it is a hexagonal word', async () => {
        await expectHover(services)({
            text: '(def glinski (board (hexagon 6)))\n(def p ([1 0] <|>:forward-left))', index: 0, disposeAfterCheck: true,
            hover: /^\*\*:forward-left\*\*: Steps forward and to the left \(both at once, in the drawing\)\.$/
        });
        await expectHover(services)({
            text: '(def p ([1 0] <|>:forward-left))', index: 0, disposeAfterCheck: true,
            hover: /On a square board it does not restrict the moves/
        });
    });
});
