/** `lcpn/pieceDiagram` in-process: the panel's answer carries promotion choices and facts. */
import { expect, test } from 'vitest';
import { pieceDiagram } from '../../src/lsp/diagram-request.js';
import { createTestServices } from '../test-services.js';
import { validated } from '../lsp-helpers.js';

test('a promoting piece: promotion choices by square, and the fact in words', async () => {
    const services = await createTestServices();
    const document = await validated('(def runner (=> (move (wazir :forward)) (promote-to queen rook)))\n', { services: services.Lcpn, validation: false });
    const result = pieceDiagram(services.shared, {
        uri: document.uri.toString(), position: { line: 0, character: 7 }, board: { files: 8, ranks: 8 }, at: 'e7'
    });
    expect(result?.piece).toBe('runner');
    expect(result?.promotions).toEqual({ e8: ['queen', 'rook'] });
    expect(result?.facts.join('\n')).toMatch(/e8.*queen, rook/);
});

test('a piece without promotion: no promotions, no facts', async () => {
    const services = await createTestServices();
    const document = await validated('(def camel [1 3])\n', { services: services.Lcpn, validation: false });
    const result = pieceDiagram(services.shared, { uri: document.uri.toString(), position: { line: 0, character: 7 } });
    expect(result?.promotions).toEqual({});
    expect(result?.facts).toEqual([]);
});
