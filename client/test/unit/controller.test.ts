import { describe, expect, it } from 'vitest';
import { DiagramController, type DiagramSettings } from '../../src/diagram/controller.js';
import type { ToWebview } from '../../src/diagram/messages.js';
import type { PieceDiagramParams, PieceDiagramResult } from '../../../server/src/lsp/protocol.js';

const settings: DiagramSettings = { style: 'both', delayMs: 200 };
const at = (line: number, character: number) => ({ uri: 'file:///w/pieces.lcpn', position: { line, character } });

/** A server that answers `lcpn/pieceDiagram` for "knight" on line 0 and nothing elsewhere. */
function fakeServer() {
    const requests: PieceDiagramParams[] = [];
    const answer = (params: PieceDiagramParams): PieceDiagramResult | null => params.position.line !== 0 ? null : {
        piece: 'knight',
        at: 'd4',
        board: { files: 8, ranks: 8 },
        svg: `<svg xmlns="http://www.w3.org/2000/svg"><rect data-square="e6"/></svg>`,
        text: `blockers: ${(params.blockers ?? []).map((b) => `${b.side}@${b.square}`).join(',')}`,
        notes: ['a leaper']
    };
    return { requests, request: async (params: PieceDiagramParams) => { requests.push(structuredClone(params)); return answer(params); } };
}

function setup(request = fakeServer().request, options: Partial<DiagramSettings> = {}) {
    const posted: ToWebview[] = [];
    const timers: { fn: () => void; ms: number; cancelled: boolean }[] = [];
    const controller = new DiagramController({
        request,
        post: (message) => posted.push(message),
        settings: () => ({ ...settings, ...options }),
        setTimeout: (fn, ms) => { const timer = { fn, ms, cancelled: false }; timers.push(timer); return timer; },
        clearTimeout: (timer) => { (timer as { cancelled: boolean }).cancelled = true; }
    });
    const fire = async () => {
        for (const timer of timers.splice(0)) if (!timer.cancelled) timer.fn();
        await new Promise((resolve) => setImmediate(resolve));
    };
    const renders = () => posted.flatMap((m) => (m.type === 'render' ? [m.view] : []));
    return { controller, posted, timers, fire, renders };
}

describe('diagram controller', () => {
    it('shows the piece at the cursor on the board the server chooses (the setting, else the file\'s)', async () => {
        const server = fakeServer();
        const { controller, renders } = setup(server.request);
        await controller.show(at(0, 6));
        expect(server.requests).toEqual([{ uri: 'file:///w/pieces.lcpn', position: { line: 0, character: 6 } }]);
        expect(renders()).toHaveLength(1);
        expect(renders()[0]).toMatchObject({ piece: 'knight', at: 'd4', style: 'both', blockers: [], notes: ['a leaper'] });
        expect(controller.current?.piece).toBe('knight');
    });

    it('debounces cursor moves: only the last position of a burst is asked for', async () => {
        const server = fakeServer();
        const { controller, timers, fire } = setup(server.request);
        controller.schedule(at(0, 1));
        controller.schedule(at(0, 2));
        controller.schedule(at(0, 3));
        expect(timers.filter((t) => !t.cancelled)).toHaveLength(1);
        expect(timers.every((t) => t.ms === 200)).toBe(true);
        expect(server.requests).toHaveLength(0);
        await fire();
        expect(server.requests.map((r) => r.position.character)).toEqual([3]);
    });

    it('cycles a clicked square friend -> enemy -> empty and asks again each time', async () => {
        const server = fakeServer();
        const { controller, renders } = setup(server.request);
        await controller.show(at(0, 6));
        await controller.handleMessage({ type: 'toggle', square: 'e6' });
        await controller.handleMessage({ type: 'toggle', square: 'e6' });
        await controller.handleMessage({ type: 'toggle', square: 'e6' });
        expect(server.requests.map((r) => r.blockers)).toEqual([undefined, [{ square: 'e6', side: 'friend' }], [{ square: 'e6', side: 'enemy' }], undefined]);
        expect(renders().map((v) => v.text)).toEqual(['blockers: ', 'blockers: friend@e6', 'blockers: enemy@e6', 'blockers: ']);
    });

    it('clears all blockers on request and ignores malformed messages', async () => {
        const server = fakeServer();
        const { controller } = setup(server.request);
        await controller.show(at(0, 6));
        await controller.handleMessage({ type: 'toggle', square: 'e6' });
        await controller.handleMessage({ type: 'toggle', square: 'c5' });
        await controller.handleMessage({ type: 'toggle', square: 'x' });
        await controller.handleMessage({ type: 'toggle' });
        await controller.handleMessage('toggle');
        expect(controller.currentBlockers).toHaveLength(2);
        await controller.handleMessage({ type: 'clear' });
        expect(controller.currentBlockers).toEqual([]);
        expect(server.requests.at(-1)?.blockers).toBeUndefined();
        expect(server.requests).toHaveLength(4);
    });

    it('ignores clicks before any diagram is shown', async () => {
        const server = fakeServer();
        const { controller } = setup(server.request);
        await controller.handleMessage({ type: 'toggle', square: 'e6' });
        expect(server.requests).toHaveLength(0);
        expect(controller.currentBlockers).toEqual([]);
    });

    it('keeps the last diagram when the cursor leaves the piece, and says so', async () => {
        const { controller, posted } = setup();
        await controller.show(at(0, 6));
        await controller.show(at(5, 0));
        expect(controller.current?.piece).toBe('knight');
        expect(posted.at(-1)).toEqual({ type: 'status', kind: 'info', message: 'No piece under the cursor: still showing knight.' });
    });

    it('drops an answer that arrives after a newer request', async () => {
        let release: (value: PieceDiagramResult | null) => void = () => {};
        const slow = new Promise<PieceDiagramResult | null>((resolve) => { release = resolve; });
        const server = fakeServer();
        let first = true;
        const { controller, renders } = setup(async (params) => {
            if (first) { first = false; return slow; }
            return server.request(params);
        });
        const stale = controller.show(at(0, 1));
        await controller.show(at(0, 2));
        release({ piece: 'stale', at: 'a1', board: { files: 8, ranks: 8 }, svg: '<svg/>', text: '', notes: [] });
        await stale;
        expect(renders().map((v) => v.piece)).toEqual(['knight']);
    });

    it('reports a failing request as an error status', async () => {
        const { controller, posted } = setup(async () => { throw new Error('Unhandled method lcpn/pieceDiagram'); });
        await controller.show(at(0, 6));
        expect(posted).toEqual([{ type: 'status', kind: 'error', message: 'The language server could not draw the diagram: Unhandled method lcpn/pieceDiagram' }]);
    });

    it('re-sends the diagram when the webview (re)loads', async () => {
        const { controller, posted } = setup();
        await controller.show(at(0, 6));
        await controller.handleMessage({ type: 'ready' });
        expect(posted.filter((m) => m.type === 'render')).toHaveLength(2);
    });

    it('drops blockers the server did not place (the setting changed to a smaller board), keeping their order', async () => {
        const requests: PieceDiagramParams[] = [];
        let size = 10;
        const onBoard = (cell: string) => cell.charCodeAt(0) - 97 < size && Number(cell.slice(1)) <= size;
        const { controller } = setup(async (params) => {
            requests.push(structuredClone(params));
            return { piece: 'knight', at: 'd4', board: { files: size, ranks: size }, svg: '<svg/>', text: '', notes: [], blockers: (params.blockers ?? []).filter((b) => onBoard(b.square)) };
        });
        await controller.show(at(0, 6));
        await controller.handleMessage({ type: 'toggle', square: 'j10' });
        await controller.handleMessage({ type: 'toggle', square: 'c3' });
        expect(controller.currentBlockers).toEqual([{ square: 'j10', side: 'friend' }, { square: 'c3', side: 'friend' }]);
        size = 8;
        await controller.refresh();
        expect(controller.currentBlockers).toEqual([{ square: 'c3', side: 'friend' }]);
        await controller.refresh();
        expect(requests.at(-1)?.blockers).toEqual([{ square: 'c3', side: 'friend' }]);
    });

    it('a changed setting asks again for the same piece after the delay (the server reads the board setting)', async () => {
        const server = fakeServer();
        const { controller, timers, fire } = setup(server.request);
        controller.refreshLater();
        expect(timers).toHaveLength(0); // nothing shown yet: nothing to ask for
        await controller.show(at(0, 6));
        controller.refreshLater();
        expect(timers.filter((t) => !t.cancelled).map((t) => t.ms)).toEqual([200]);
        await fire();
        expect(server.requests.map((r) => r.position)).toEqual([{ line: 0, character: 6 }, { line: 0, character: 6 }]);
    });

    it('stops following after dispose', async () => {
        const server = fakeServer();
        const { controller, fire } = setup(server.request);
        controller.schedule(at(0, 6));
        controller.dispose();
        await fire();
        expect(server.requests).toHaveLength(0);
    });
});
