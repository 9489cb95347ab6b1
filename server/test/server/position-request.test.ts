/** `lcpn/positionDiagram` in-process: a position's pieces resolve as uses in the document do. */
import { expect, test } from 'vitest';
import { positionDiagram } from '../../src/lsp/position-request.js';
import { createTestServices } from '../test-services.js';
import { validated } from '../lsp-helpers.js';

const source = '(def my-pawn (/ (move (wazir :forward)) (capture (ferz :forward))))\n';

test("a selected piece's moves in the position: its side blocks, the other side is taken; Black moves down", async () => {
    const services = await createTestServices();
    const document = await validated(source, { services: services.Lcpn, validation: false });
    const uri = document.uri.toString();
    const white = positionDiagram(services.shared, { uri, position: '8x8 w:rook@a1,my-pawn@a4 b:my-pawn@d1,my-pawn@b5', select: 'a1' });
    expect(white?.error).toBeUndefined();
    expect(white?.pieces.map((p) => [p.name, p.side, p.square, p.known])).toEqual([
        ['rook', 'white', 'a1', true], ['my-pawn', 'white', 'a4', true], ['my-pawn', 'black', 'd1', true], ['my-pawn', 'black', 'b5', true]
    ]);
    expect(white?.selected).toMatchObject({ name: 'rook', side: 'white', moves: ['a2', 'a3', 'b1', 'c1'], captures: ['d1'] });
    expect(white?.svg).toContain('data-square="a1"');
    const black = positionDiagram(services.shared, { uri, position: '8x8 w:rook@a1,my-pawn@a4 b:my-pawn@d1,my-pawn@b5', select: 'b5' });
    expect(black?.selected).toMatchObject({ name: 'my-pawn', side: 'black', moves: ['b4'], captures: ['a4'] });
});

test('attackers of a square, an unknown name, and a position that cannot be read', async () => {
    const services = await createTestServices();
    const document = await validated(source, { services: services.Lcpn, validation: false });
    const uri = document.uri.toString();
    const result = positionDiagram(services.shared, { uri, position: 'w:rook@a1,dragon@h1 b:my-pawn@b2', attacked: 'a1' });
    expect(result?.pieces.map((p) => p.known)).toEqual([true, false, true]);
    expect(result?.selected).toBeUndefined();
    expect(result?.attackers).toEqual({ square: 'a1', pieces: [{ name: 'my-pawn', side: 'black', square: 'b2', how: 'land' }] });
    const broken = positionDiagram(services.shared, { uri, position: 'w:rook@a9' });
    expect(broken?.error).toEqual({ message: 'a9 is not on the 8x8 board', column: 7 });
    expect(positionDiagram(services.shared, { uri: 'file:///nowhere.lcpn', position: 'w:rook@a1' })).toBeNull();
});
