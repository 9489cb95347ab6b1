/** The panel's position view: the server edits and reads the position string; the client keeps it and the clicks. */
import { describe, expect, it } from 'vitest';
import { PositionController, type PositionView } from '../../src/diagram/position-controller.js';
import { isPositionMessage, parseFromWebview } from '../../src/diagram/messages.js';
import type { PositionDiagramParams, PositionDiagramResult } from '../../../server/src/lsp/protocol.js';

/** A server that "writes" positions as `9x10` plus `side:name@square` words, enough to see what the client sends and keeps. */
function fakeServer() {
    const requests: PositionDiagramParams[] = [];
    let pending: (() => void) | undefined;
    let hold = false;
    const request = async (params: PositionDiagramParams): Promise<PositionDiagramResult | null> => {
        requests.push(structuredClone(params));
        if (hold) await new Promise<void>((resolve) => { pending = resolve; });
        if (params.position.startsWith('bad')) return { position: params.position, board: { files: 0, ranks: 0 }, pieces: [], svg: '', text: '', error: { message: 'not a position', column: 0 } };
        const words = params.position.trim() === '' ? ['9x10'] : params.position.trim().split(/\s+/);
        let pieces = words.slice(1).map((w) => { const [side, rest] = w.split(':'); const [name, square] = rest.split('@'); return { name, side: side === 'b' ? 'black' as const : 'white' as const, square, known: true }; });
        if (params.edit) {
            pieces = pieces.filter((p) => p.square !== params.edit!.square);
            if (params.edit.piece) pieces.push({ name: params.edit.piece, side: params.edit.side ?? 'white', square: params.edit.square, known: true });
        }
        const position = [words[0], ...pieces.map((p) => `${p.side === 'black' ? 'b' : 'w'}:${p.name}@${p.square}`)].join(' ');
        const on = pieces.find((p) => p.square === params.select);
        return {
            position, board: { files: 9, ranks: 10 }, pieces, svg: '<svg/>', text: '',
            ...(on ? { selected: { ...on, moves: ['e2'], captures: [], notes: [] } } : {}),
            ...(params.attacked ? { attackers: { square: params.attacked, pieces: [] } } : {})
        };
    };
    return { requests, request, hold: (on: boolean) => { hold = on; }, release: () => pending?.() };
}

/** `null`: the panel has no piece / no document. */
function setup(options: { piece?: null; uri?: null } = {}) {
    const piece = options.piece === null ? undefined : 'chariot';
    const uri = options.uri === null ? undefined : 'file:///w/xiangqi.lcpn';
    const server = fakeServer();
    const posted: (PositionView | { status: string })[] = [];
    const controller = new PositionController({ request: server.request, post: (m) => posted.push(m), uri: () => uri, piece: () => piece });
    return { controller, server, posted };
}

describe('diagram panel: the position view', () => {
    it('opens on an empty board of the server\'s choosing and keeps the string the server wrote', async () => {
        const { controller, server } = setup();
        await controller.handleMessage({ type: 'position-open' });
        expect(server.requests[0]).toEqual({ uri: 'file:///w/xiangqi.lcpn', position: '' });
        expect(controller.current?.text).toBe('9x10');
        expect(controller.isOpen).toBe(true);
    });

    it('places the panel\'s piece for either side, empties a square, and sends the edited string next time', async () => {
        const { controller, server } = setup();
        await controller.open();
        await controller.click('a1', 'place-white');
        expect(server.requests.at(-1)).toMatchObject({ position: '9x10', edit: { square: 'a1', piece: 'chariot', side: 'white' } });
        await controller.click('a10', 'place-black');
        expect(controller.current?.text).toBe('9x10 w:chariot@a1 b:chariot@a10');
        await controller.click('a1', 'remove');
        expect(server.requests.at(-1)?.edit).toEqual({ square: 'a1' });
        expect(controller.current?.text).toBe('9x10 b:chariot@a10');
        expect(controller.current?.placing).toBe('chariot');
    });

    it('a click selects the piece there (again: unselects) and another lists the attackers; both are sent together', async () => {
        const { controller, server } = setup();
        await controller.setText('9x10 w:chariot@a1');
        await controller.click('a1', 'select');
        await controller.click('e5', 'attacked');
        expect(server.requests.at(-1)).toMatchObject({ select: 'a1', attacked: 'e5' });
        expect(controller.current).toMatchObject({ selected: 'a1', attacked: 'e5' });
        await controller.click('a1', 'select');
        expect(server.requests.at(-1)).not.toHaveProperty('select');
    });

    it('selecting an empty square says so and forgets it; emptying the selected square unselects it', async () => {
        const { controller, server } = setup();
        await controller.setText('9x10 w:chariot@a1');
        await controller.click('b2', 'select');
        expect(controller.current?.status).toBe('No piece stands on b2.');
        await controller.click('a1', 'select');
        await controller.click('a1', 'remove');
        expect(server.requests.at(-1)).not.toHaveProperty('select');
    });

    it('a string the server cannot read stays as typed, with the error; a new string clears the selection', async () => {
        const { controller, server } = setup();
        await controller.setText('9x10 w:chariot@a1');
        await controller.click('a1', 'select');
        await controller.setText('bad one');
        expect(controller.current?.text).toBe('bad one');
        expect(controller.current?.result.error?.message).toBe('not a position');
        expect(server.requests.at(-1)).toEqual({ uri: 'file:///w/xiangqi.lcpn', position: 'bad one' });
    });

    it('without a piece in the panel a placing click only says why; without a document nothing is asked', async () => {
        const noPiece = setup({ piece: null });
        await noPiece.controller.open();
        const count = noPiece.server.requests.length;
        await noPiece.controller.click('a1', 'place-white');
        expect(noPiece.server.requests).toHaveLength(count);
        expect(noPiece.posted.at(-1)).toMatchObject({ status: expect.stringMatching(/cursor on a piece/) });
        const noDocument = setup({ uri: null });
        await noDocument.controller.open();
        expect(noDocument.server.requests).toHaveLength(0);
    });

    it('drops an answer that a newer request overtook', async () => {
        const { controller, server } = setup();
        await controller.setText('9x10 w:chariot@a1');
        server.hold(true);
        const slow = controller.setText('9x10 w:chariot@b1');
        server.hold(false);
        await controller.setText('9x10 w:chariot@c1');
        server.release();
        await slow;
        expect(controller.current?.text).toBe('9x10 w:chariot@c1');
    });

    it('the first-move switch is sent with every request until turned off', async () => {
        const { controller, server } = setup();
        await controller.setText('9x10 w:stepper@e2');
        await controller.handleMessage({ type: 'position-first-move', firstMove: true });
        expect(server.requests.at(-1)).toMatchObject({ firstMove: true });
        await controller.click('e2', 'select');
        expect(server.requests.at(-1)).toMatchObject({ select: 'e2', firstMove: true });
        expect(controller.current?.firstMove).toBe(true);
        await controller.setFirstMove(false);
        expect(server.requests.at(-1)).not.toHaveProperty('firstMove');
        expect(parseFromWebview({ type: 'position-first-move', firstMove: 'yes' })).toBeUndefined();
    });

    it('the webview\'s position messages are checked', () => {
        const click = parseFromWebview({ type: 'position-click', square: 'e5', action: 'attacked' });
        expect(click).toEqual({ type: 'position-click', square: 'e5', action: 'attacked' });
        expect(click && isPositionMessage(click)).toBe(true);
        expect(parseFromWebview({ type: 'position-click', square: 'e5', action: 'explode' })).toBeUndefined();
        expect(parseFromWebview({ type: 'position-click', square: 'e55x', action: 'select' })).toBeUndefined();
        expect(parseFromWebview({ type: 'position-text', text: 42 })).toBeUndefined();
        expect(parseFromWebview({ type: 'position-text', text: 'x'.repeat(100_001) })).toBeUndefined();
        expect(parseFromWebview({ type: 'position-open' })).toEqual({ type: 'position-open' });
    });
});
