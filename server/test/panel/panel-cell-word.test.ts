/**
 * The panel's words for a board's cells come from the server (issue 11: the client knows no
 * board shape): `pieceDiagram` says `square` on rectangles (plain, cylinder, holed) and `cell`
 * on a hexagon, and the webview says "A click on a cell" there.
 */
import { parseHelper } from 'langium/test';
import { describe, expect, test } from 'vitest';
import { pieceDiagram } from '../../src/language/lsp/lcpn-diagram-request.js';
import { createTestServices } from '../test-services.js';

async function rookOn(board: string) {
    const services = await createTestServices();
    const document = await parseHelper(services.Lcpn)('(def hex-rook (wazir :rider))\n');
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
