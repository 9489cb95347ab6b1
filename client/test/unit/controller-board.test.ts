import { describe, expect, it } from 'vitest';
import { DiagramController, exportName, type DiagramSettings } from '../../src/diagram/controller.js';
import type { ToWebview } from '../../src/diagram/messages.js';
import type { PieceDiagramParams, PieceDiagramResult } from '../../../server/src/lsp/protocol.js';

const settings: DiagramSettings = { style: 'image', delayMs: 0 };
const cursor = (line: number) => ({ uri: 'file:///w/pieces.lcpn', position: { line, character: 1 } });

/**
 * A server with "knight" on line 0 and "rook" on line 1 on rectangles (`FxR` specs, 8x8 when none
 * is asked for); it stands where asked, else on the centre, and places the blockers on its board.
 * (The client under test reads no cell names or specs; this stand-in for the server does.)
 */
function fakeServer() {
    const requests: PieceDiagramParams[] = [];
    const request = async (params: PieceDiagramParams): Promise<PieceDiagramResult | null> => {
        requests.push(structuredClone(params));
        const piece = ['knight', 'rook'][params.position.line];
        if (!piece) return null;
        const spec = typeof params.board === 'string' && /^\d+x\d+$/.test(params.board) ? params.board : '8x8';
        const [files, ranks] = spec.split('x').map(Number);
        const board = { files, ranks };
        const inside = (cell: string) => cell.charCodeAt(0) - 97 < files && Number(cell.slice(1)) <= ranks;
        const at = params.at && inside(params.at) ? params.at : `${String.fromCharCode(97 + Math.floor(files / 2))}${Math.floor(ranks / 2) + 1}`;
        const blockers = (params.blockers ?? []).filter((b) => inside(b.square) && b.square !== at);
        const problem = typeof params.board === 'string' && spec !== params.board ? { boardProblem: `'${params.board}' is not a board` } : {};
        const boardSource = typeof params.board === 'string' && !problem.boardProblem ? 'request' as const : 'default' as const;
        return { piece, at, board, boardSpec: spec, blockers, boardSource, svg: `<svg xmlns="http://www.w3.org/2000/svg"><rect data-square="${at}"/></svg>`, text: at, notes: [], ...problem };
    };
    return { requests, request };
}

function setup() {
    const server = fakeServer();
    const posted: ToWebview[] = [];
    const saved: { name: string; format: string; content: string | Uint8Array }[] = [];
    const copied: string[] = [];
    const controller = new DiagramController({
        request: server.request,
        post: (m) => posted.push(m),
        settings: () => settings,
        save: async (file) => { saved.push(file); return `/tmp/${file.name}`; },
        copyText: async (text) => { copied.push(text); }
    });
    return { controller, server, posted, saved, copied };
}

describe('diagram panel: the piece on any square', () => {
    it('a place message puts the piece on that square and asks the server with it', async () => {
        const { controller, server } = setup();
        await controller.show(cursor(0));
        expect(controller.current?.at).toBe('e5');
        await controller.handleMessage({ type: 'place', square: 'b2' });
        expect(server.requests.at(-1)).toMatchObject({ at: 'b2' });
        expect(controller.current?.at).toBe('b2');
    });

    it('placing the piece on a blocker removes that blocker; toggling the piece square does nothing', async () => {
        const { controller, server } = setup();
        await controller.show(cursor(0));
        await controller.handleMessage({ type: 'toggle', square: 'c3' });
        await controller.handleMessage({ type: 'toggle', square: 'f6' });
        await controller.handleMessage({ type: 'place', square: 'c3' });
        expect(server.requests.at(-1)).toMatchObject({ at: 'c3', blockers: [{ square: 'f6', side: 'friend' }] });
        const count = server.requests.length;
        await controller.handleMessage({ type: 'toggle', square: 'c3' });
        expect(server.requests).toHaveLength(count);
    });

    it('a square the board no longer has falls back to the centre, and says so', async () => {
        const { controller, posted } = setup();
        await controller.show(cursor(0));
        await controller.handleMessage({ type: 'place', square: 'h8' });
        await controller.handleMessage({ type: 'toggle', square: 'a1' });
        await controller.handleMessage({ type: 'toggle', square: 'g7' });
        await controller.handleMessage({ type: 'board', board: '5x5' });
        expect(controller.current).toMatchObject({ at: 'c3', board: { files: 5, ranks: 5 }, boardFromSettings: false, blockers: [{ square: 'a1', side: 'friend' }],
            status: 'h8 is not on this board: knight stands on c3. 1 blocker(s) removed: not on the board or on the piece\'s cell.' });
        await controller.handleMessage({ type: 'board', board: undefined });
        expect(controller.current).toMatchObject({ at: 'e5', board: { files: 8, ranks: 8 }, boardFromSettings: true });
        expect(posted.at(-1)).toMatchObject({ type: 'render', view: { status: undefined } });
    });
});

describe('diagram panel: the board chosen next to the diagram', () => {
    it('the chosen board spec is sent until reset; without one the server chooses', async () => {
        const { controller, server } = setup();
        await controller.show(cursor(0));
        await controller.handleMessage({ type: 'board', board: '10x12' });
        await controller.show(cursor(1));
        expect(server.requests.at(-1)?.board).toBe('10x12');
        await controller.handleMessage({ type: 'board', board: null });
        expect(server.requests.at(-1)).not.toHaveProperty('board');
    });

    it('a spec the server cannot use is sent all the same, and the server\'s reason is the status line', async () => {
        const { controller, server } = setup();
        await controller.show(cursor(0));
        await controller.handleMessage({ type: 'board', board: 'hex99' });
        expect(server.requests.at(-1)?.board).toBe('hex99');
        // The server drew its own choice: the board on screen is not the panel's, but going back is still offered.
        expect(controller.current).toMatchObject({ board: { files: 8, ranks: 8 }, status: "'hex99' is not a board", boardChoice: 'default', boardFromSettings: false });
    });

    it('refuses what is not a spec at all (not a string, empty, too long)', async () => {
        const { controller, server } = setup();
        await controller.show(cursor(0));
        for (const board of [{ files: 8, ranks: 8 }, 8, '', '   ', 'x'.repeat(65)]) {
            await controller.handleMessage({ type: 'board', board });
        }
        expect(server.requests).toHaveLength(1);
    });
});

describe('diagram panel: blockers belong to a piece', () => {
    it('switching pieces gives the new one its own (empty) blockers, and coming back restores them', async () => {
        const { controller, server } = setup();
        await controller.show(cursor(0));
        await controller.handleMessage({ type: 'toggle', square: 'c3' });
        await controller.handleMessage({ type: 'place', square: 'b1' });
        await controller.show(cursor(1));
        expect(controller.current).toMatchObject({ piece: 'rook', at: 'e5', blockers: [] });
        // The rook's diagram was asked again without the knight's set-up.
        expect(server.requests.at(-1)).toEqual({ uri: 'file:///w/pieces.lcpn', position: { line: 1, character: 1 } });
        await controller.handleMessage({ type: 'toggle', square: 'e7' });
        await controller.show(cursor(0));
        expect(controller.current).toMatchObject({ piece: 'knight', at: 'b1', blockers: [{ square: 'c3', side: 'friend' }] });
        expect(controller.setUpOf('rook')).toEqual({ at: undefined, blockers: [{ square: 'e7', side: 'friend' }] });
    });

    it('the same piece again costs one request', async () => {
        const { controller, server } = setup();
        await controller.show(cursor(0));
        await controller.handleMessage({ type: 'toggle', square: 'c3' });
        const count = server.requests.length;
        await controller.show(cursor(0));
        expect(server.requests).toHaveLength(count + 1);
    });
});

describe('diagram panel: export', () => {
    it('saves and copies the SVG the server drew, named after the piece and square', async () => {
        const { controller, saved, copied, posted } = setup();
        await controller.show(cursor(0));
        await controller.handleMessage({ type: 'export', format: 'svg', action: 'save' });
        await controller.handleMessage({ type: 'export', format: 'svg', action: 'copy' });
        expect(saved).toEqual([{ name: 'knight-on-e5.svg', format: 'svg', content: controller.current!.svg }]);
        expect(copied).toEqual([controller.current!.svg]);
        expect(posted.filter((m) => m.type === 'status').map((m) => (m as { message: string }).message))
            .toEqual(['Saved /tmp/knight-on-e5.svg.', 'Copied the SVG of knight on e5.']);
    });

    it('PNG is drawn by the webview: asked with make-png, saved from its answer; junk is refused', async () => {
        const { controller, saved, posted } = setup();
        await controller.show(cursor(0));
        await controller.handleMessage({ type: 'ready' });
        await controller.handleMessage({ type: 'export', format: 'png', action: 'save' });
        expect(posted.at(-1)).toEqual({ type: 'make-png', action: 'save' });
        const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]).toString('base64');
        await controller.handleMessage({ type: 'png', action: 'save', data: png });
        await controller.handleMessage({ type: 'png', action: 'save', data: Buffer.from('<svg/>').toString('base64') });
        await controller.handleMessage({ type: 'png', action: 'save', data: `${png}<script>` });
        expect(saved).toHaveLength(1);
        expect(saved[0].name).toBe('knight-on-e5.png');
        expect(Buffer.from(saved[0].content as Uint8Array).subarray(0, 4).toString('latin1')).toBe('\x89PNG');
    });

    it('a PNG asked for before the webview listens (a new panel) is asked for once it is ready', async () => {
        const { controller, posted } = setup();
        await controller.show(cursor(0));
        await controller.export('png', 'save');
        expect(posted.some((m) => m.type === 'make-png')).toBe(false);
        await controller.handleMessage({ type: 'ready' });
        expect(posted.slice(-2).map((m) => m.type)).toEqual(['render', 'make-png']);
        await controller.handleMessage({ type: 'ready' });
        expect(posted.filter((m) => m.type === 'make-png')).toHaveLength(1);
    });

    it('nothing to export before a diagram; file names keep to safe characters', async () => {
        const { controller, saved, posted } = setup();
        await controller.handleMessage({ type: 'export', format: 'svg', action: 'save' });
        expect(saved).toEqual([]);
        expect(posted.at(-1)).toMatchObject({ type: 'status', kind: 'info' });
        expect(exportName({ piece: '../ét é/x', at: 'a1' }, 'png')).toBe('et-e-x-on-a1.png');
        expect(exportName({ piece: '///', at: 'a1' }, 'svg')).toBe('piece-on-a1.svg');
    });
});
