/**
 * The panel's words for a board's cells come from the server (issue 11: the client knows no
 * board shape): `pieceDiagram` says `square` on rectangles (plain, cylinder, holed) and `cell`
 * on a hexagon, and the webview says "A click on a cell" there.
 */
import { describe, expect, test } from 'vitest';
import { pieceDiagram } from '../../src/lsp/diagram-request.js';
import { positionDiagram } from '../../src/lsp/position-request.js';
import { createTestServices } from '../test-services.js';
import { validated } from '../lsp-helpers.js';

async function rookOn(board: string) {
    const services = await createTestServices();
    const document = await validated('(def hex-rook (wazir :rider))\n', { services: services.Lcpn, validation: false });
    return pieceDiagram(services.shared, { uri: document.uri.toString(), position: { line: 0, character: 6 }, board })!;
}

describe('the cell word of pieceDiagram', () => {
    test.each(['8x8', '9x10', '8x8-cylinder', '8x8-holes:d4'])('%s: square', async (board) => {
        expect((await rookOn(board)).cellWord).toBe('square');
    });

    test.each(['hex6', 'hex6-rows', 'hex2'])('%s: cell', async (board) => {
        expect((await rookOn(board)).cellWord).toBe('cell');
    });
});

describe('the cell word of positionDiagram', () => {
    test.each([['8x8 w:hex-rook@e4', 'square'], ['8x8-cylinder w:hex-rook@a1', 'square'], ['hex6 w:hex-rook@f6', 'cell'], ['hex6-rows', 'cell']])('%s: %s', async (position, word) => {
        const services = await createTestServices();
        const document = await validated('(def hex-rook (wazir :rider))\n', { services: services.Lcpn, validation: false });
        const result = positionDiagram(services.shared, { uri: document.uri.toString(), position })!;
        expect(result.error).toBeUndefined();
        expect(result.cellWord).toBe(word);
    });
});
