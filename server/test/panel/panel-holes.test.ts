/**
 * The panel asking for a cell the board does not have: a hole (`9x9-holes:e4`), a cell off the
 * board, a word that is no cell name. The piece stands on the centre, and the answer says why
 * (`atProblem`) in the CLI's words ("is a hole"); the panel shows that sentence (the real
 * request answering the real panel controller).
 */
import { describe, expect, test } from 'vitest';
import { DiagramController } from '../../../client/src/diagram/controller.js';
import { pieceDiagram } from '../../src/lsp/diagram-request.js';
import { createTestServices } from '../test-services.js';
import { validated } from '../lsp-helpers.js';

async function open() {
    const services = await createTestServices();
    const document = await validated('(def knight [1 2])\n', { services: services.Lcpn, validation: false });
    return { services, uri: document.uri.toString(), position: { line: 0, character: 6 } };
}

describe('pieceDiagram: a cell the board does not have', () => {
    test('a hole: the piece stands on the centre and the answer says the cell is a hole', async () => {
        const { services, uri, position } = await open();
        const result = pieceDiagram(services.shared, { uri, position, board: '9x9-holes:c3,g7', at: 'c3' })!;
        expect(result.at).toBe('e5');
        expect(result.atProblem).toBe('c3 is a hole of the 9x9 board: no piece can stand there; the piece stands on the centre, e5.');
        // Drawn from the centre, not c3: the piece (!) on e5.
        expect(result.text.split('\n')[4]).toBe('5 . . . . ! . . . .');
    });

    test('the middle square a hole: the piece stands on the cell nearest to it (the board\'s centre), and the sentence names it', async () => {
        const { services, uri, position } = await open();
        const result = pieceDiagram(services.shared, { uri, position, board: '9x9-holes:e5', at: 'e5' })!;
        expect(result.at).not.toBe('e5');
        expect(result.atProblem).toBe(`e5 is a hole of the 9x9 board: no piece can stand there; the piece stands on the centre, ${result.at}.`);
    });

    test('off the board, and not a cell name: said too; a cell of the board, or no cell asked for, says nothing', async () => {
        const { services, uri, position } = await open();
        const off = pieceDiagram(services.shared, { uri, position, board: '9x9', at: 'j1' })!;
        expect(off).toMatchObject({ at: 'e5', atProblem: 'j1 is not on the 9x9 board; the piece stands on the centre, e5.' });
        const word = pieceDiagram(services.shared, { uri, position, board: '9x9', at: 'centre' })!;
        expect(word).toMatchObject({ at: 'e5', atProblem: "'centre' is not a square name (squares are named by a file letter and a rank number, such as e5); the piece stands on the centre, e5." });
        const hex = pieceDiagram(services.shared, { uri, position, board: 'hex6', at: 'a11' })!;
        expect(hex.at).toBe('f6');
        expect(hex.atProblem).toMatch(/^a11 is not on the hexagon of side 6.*; the piece stands on the centre, f6\.$/);
        expect(pieceDiagram(services.shared, { uri, position, board: '9x9-holes:c3', at: 'b2' })).not.toHaveProperty('atProblem');
        expect(pieceDiagram(services.shared, { uri, position, board: '9x9-holes:c3' })).not.toHaveProperty('atProblem');
    });
});

test('the panel shows the server\'s sentence when a board change makes the piece\'s cell a hole', async () => {
    const { services, uri, position } = await open();
    const controller = new DiagramController({
        request: async (params) => pieceDiagram(services.shared, params),
        post: () => undefined,
        settings: () => ({ style: 'image', delayMs: 0 })
    });
    await controller.show({ uri, position });
    await controller.handleMessage({ type: 'board', board: '9x9' });
    await controller.handleMessage({ type: 'place', square: 'c3' });
    expect(controller.current).toMatchObject({ at: 'c3', status: undefined });
    await controller.handleMessage({ type: 'board', board: '9x9-holes:c3' });
    expect(controller.current).toMatchObject({ at: 'e5', status: 'c3 is a hole of the 9x9 board: no piece can stand there; the piece stands on the centre, e5.' });
    // The piece now follows the centre: the next board has no complaint.
    await controller.handleMessage({ type: 'board', board: '9x9' });
    expect(controller.current).toMatchObject({ at: 'e5', status: undefined });
});
