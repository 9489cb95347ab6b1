/** The panel's side and first-move switches, and the board the file declares (issue 10 in the panel). */
import { describe, expect, it } from 'vitest';
import { DiagramController, exportName } from '../../src/diagram/controller.js';
import { parseFromWebview, type ToWebview } from '../../src/diagram/messages.js';
import type { PieceDiagramParams, PieceDiagramResult } from '../../../server/src/lsp/protocol.js';

const cursor = (line: number) => ({ uri: 'file:///w/xiangqi.lcpn', position: { line, character: 1 } });

/**
 * A server whose document declares a 9 x 10 board: "soldier" (line 0) has first-move moves,
 * "chariot" (line 1) has none. It answers with the side and first-move state it was asked for.
 * `setting`: the board spec the server reads from the user's settings (the client never reads it).
 */
function fakeServer(setting?: string) {
    const requests: PieceDiagramParams[] = [];
    const request = async (params: PieceDiagramParams): Promise<PieceDiagramResult | null> => {
        requests.push(structuredClone(params));
        const piece = ['soldier', 'chariot'][params.position.line];
        if (!piece) return null;
        const spec = typeof params.board === 'string' ? params.board : setting ?? '9x10';
        const [files, ranks] = spec.split('x').map(Number);
        const at = params.at ?? 'e5';
        return {
            piece, at, board: { files, ranks }, boardSpec: spec, svg: `<svg xmlns="http://www.w3.org/2000/svg"><rect data-square="${at}"/></svg>`, text: at, notes: [],
            side: params.side ?? 'white', firstMove: params.firstMove ?? false, firstMoveMatters: piece === 'soldier',
            boardSource: params.board ? 'request' : setting ? 'settings' : 'declared', declaredBoard: { name: 'xiangqi', files: 9, ranks: 10 }
        };
    };
    return { requests, request };
}

function setup(setting?: string) {
    const server = fakeServer(setting);
    const posted: ToWebview[] = [];
    const controller = new DiagramController({ request: server.request, post: (m) => posted.push(m), settings: () => ({ style: 'image', delayMs: 0 }) });
    return { controller, server, posted };
}

describe('diagram panel: the board the file declares', () => {
    it('sends no board unless one is chosen in the panel, so the server uses the setting or the declared board', async () => {
        const { controller, server } = setup();
        await controller.show(cursor(1));
        expect(server.requests[0]).not.toHaveProperty('board');
        expect(controller.current).toMatchObject({ board: { files: 9, ranks: 10 }, boardChoice: 'declared', declaredBoard: { name: 'xiangqi' } });
    });

    it('a board the user set (read by the server) overrides it; a board chosen in the panel overrides both, and going back restores the declared board', async () => {
        const { controller, server } = setup('8x8');
        await controller.show(cursor(1));
        expect(server.requests.at(-1)).not.toHaveProperty('board');
        expect(controller.current).toMatchObject({ board: { files: 8, ranks: 8 }, boardChoice: 'settings' });

        const unset = setup();
        await unset.controller.show(cursor(1));
        await unset.controller.handleMessage({ type: 'board', board: '5x6' });
        expect(unset.server.requests.at(-1)?.board).toBe('5x6');
        expect(unset.controller.current?.boardChoice).toBe('panel');
        await unset.controller.handleMessage({ type: 'board', board: undefined });
        expect(unset.server.requests.at(-1)).not.toHaveProperty('board');
        expect(unset.controller.current?.boardChoice).toBe('declared');
    });

    it('keeps a blocker the client cannot check against the declared board and lets the server decide', async () => {
        const { controller, server } = setup();
        await controller.show(cursor(1));
        await controller.handleMessage({ type: 'toggle', square: 'e10' });
        expect(server.requests.at(-1)?.blockers).toEqual([{ square: 'e10', side: 'friend' }]);
        expect(controller.current?.blockers).toEqual([{ square: 'e10', side: 'friend' }]);
    });
});

describe('diagram panel: side and first move, per piece', () => {
    it('asks for Black and for the first move only when switched on, and shows what the server drew', async () => {
        const { controller, server } = setup();
        await controller.show(cursor(0));
        expect(server.requests[0]).not.toHaveProperty('side');
        expect(server.requests[0]).not.toHaveProperty('firstMove');
        expect(controller.current).toMatchObject({ side: 'white', firstMove: false, firstMoveMatters: true });

        await controller.handleMessage({ type: 'side', side: 'black' });
        expect(server.requests.at(-1)).toMatchObject({ side: 'black' });
        await controller.handleMessage({ type: 'first-move', firstMove: true });
        expect(server.requests.at(-1)).toMatchObject({ side: 'black', firstMove: true });
        expect(controller.current).toMatchObject({ side: 'black', firstMove: true });

        await controller.handleMessage({ type: 'side', side: 'white' });
        await controller.handleMessage({ type: 'first-move', firstMove: false });
        expect(server.requests.at(-1)).not.toHaveProperty('side');
        expect(server.requests.at(-1)).not.toHaveProperty('firstMove');
    });

    it('side and first-move state belong to the piece: another piece starts as White, coming back restores them', async () => {
        const { controller, server } = setup();
        await controller.show(cursor(0));
        await controller.handleMessage({ type: 'side', side: 'black' });
        await controller.handleMessage({ type: 'first-move', firstMove: true });
        await controller.handleMessage({ type: 'place', square: 'c4' });
        expect(controller.setUpOf('soldier')).toEqual({ at: 'c4', blockers: [], side: 'black', firstMove: true });

        await controller.show(cursor(1));
        expect(server.requests.at(-1)).not.toHaveProperty('side');
        expect(controller.current).toMatchObject({ piece: 'chariot', side: 'white', firstMove: false, firstMoveMatters: false });

        await controller.show(cursor(0));
        expect(server.requests.at(-1)).toMatchObject({ at: 'c4', side: 'black', firstMove: true });
        expect(controller.current).toMatchObject({ piece: 'soldier', at: 'c4', side: 'black', firstMove: true });
    });

    it('a blocker can be named for (occupied-by P): sent to the server, kept when it turns enemy, per piece, unnamed again when emptied', async () => {
        const { controller, server } = setup();
        await controller.show(cursor(0));
        await controller.handleMessage({ type: 'toggle', square: 'e6' });
        await controller.handleMessage({ type: 'name-blocker', square: 'e6', piece: ' cannon ' });
        expect(server.requests.at(-1)?.blockers).toEqual([{ square: 'e6', side: 'friend', piece: 'cannon' }]);
        await controller.handleMessage({ type: 'toggle', square: 'e6' });
        expect(server.requests.at(-1)?.blockers).toEqual([{ square: 'e6', side: 'enemy', piece: 'cannon' }]);
        expect(controller.current?.blockers).toEqual([{ square: 'e6', side: 'enemy', piece: 'cannon' }]);
        await controller.handleMessage({ type: 'name-blocker', square: 'e6', piece: '' });
        expect(server.requests.at(-1)?.blockers).toEqual([{ square: 'e6', side: 'enemy' }]);
        // Naming a square without a blocker asks nothing.
        const count = server.requests.length;
        await controller.handleMessage({ type: 'name-blocker', square: 'a1', piece: 'rook' });
        expect(server.requests).toHaveLength(count);
        expect(parseFromWebview({ type: 'name-blocker', square: 'e6', piece: 'x'.repeat(201) })).toBeUndefined();
        expect(parseFromWebview({ type: 'name-blocker', square: 'e6', piece: 3 })).toBeUndefined();
    });

    it("an exported Black piece's file says so", () => {
        expect(exportName({ piece: 'soldier', at: 'e7', side: 'black' }, 'svg')).toBe('soldier-black-on-e7.svg');
        expect(exportName({ piece: 'soldier', at: 'e7', side: 'white' }, 'png')).toBe('soldier-on-e7.png');
    });

    it('the webview may send only a real side and a boolean first-move state', () => {
        expect(parseFromWebview({ type: 'side', side: 'black' })).toEqual({ type: 'side', side: 'black' });
        expect(parseFromWebview({ type: 'side', side: 'red' })).toBeUndefined();
        expect(parseFromWebview({ type: 'first-move', firstMove: true })).toEqual({ type: 'first-move', firstMove: true });
        expect(parseFromWebview({ type: 'first-move', firstMove: 'yes' })).toBeUndefined();
    });
});
