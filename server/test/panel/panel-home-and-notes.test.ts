/**
 * The panel's first view and the notes its answers carry (issue 25 §3-§5): a piece confined to a
 * zone stands in it, as in the hover and `lcpn show` (one rule, views/home.ts); a board chosen in
 * the panel on which a confinement does not fit drops it and says so (the answer's `boardNotes`,
 * in the CLI's words), in the piece view and the position view; a broken definition behind the
 * diagram is said (`definitionNotes`). The real request answers the real panel controllers.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { DiagramController } from '../../../client/src/diagram/controller.js';
import { PositionController } from '../../../client/src/diagram/position-controller.js';
import { pieceDiagram } from '../../src/lsp/diagram-request.js';
import { positionDiagram } from '../../src/lsp/position-request.js';
import { pieceMarkdown } from '../../src/views/piece-markdown.js';
import { scenarios } from '../../src/views/scenarios.js';
import { declaredBoard } from '../../src/semantics/declared-board.js';
import { boardGeometry } from '../../src/geometry/index.js';
import { createTestServices } from '../test-services.js';
import { validated } from '../lsp-helpers.js';

/** The specification's xiangqi pieces with a board that confines the elephant to its side and a palace the general's keyword names. */
const XIANGQI = readFileSync(new URL('../fixtures/xiangqi/spec.c.lcpn', import.meta.url), 'utf8');

/** Where a piece's name is read: the start of its definition's line. */
function at(name: string): { line: number; character: number } {
    return { line: XIANGQI.split('\n').findIndex((l) => l.startsWith(`${name} :=`)), character: 2 };
}
const AT = { general: at('general'), elephant: at('elephant'), horse: at('horse') };

async function open(text = XIANGQI) {
    const services = await createTestServices();
    const document = await validated(text, { services: services.Lcpn, uri: 'file:///panel/xiangqi.lcpn', validation: false });
    await services.shared.workspace.DocumentBuilder.build([document], { validation: true });
    return { services, document, uri: document.uri.toString() };
}

function controllerFor(services: Awaited<ReturnType<typeof createTestServices>>) {
    return new DiagramController({ request: async (params) => pieceDiagram(services.shared, params), post: () => undefined, settings: () => ({ style: 'image', delayMs: 0 }) });
}

describe('where the panel first puts a piece', () => {
    test('in the zone it is confined to (by the board, by a keyword), turned for Black; any other on the centre', async () => {
        const { services, uri } = await open();
        const square = (position: { line: number; character: number }, side?: 'black') => pieceDiagram(services.shared, { uri, position, ...(side ? { side } : {}) })!.at;
        expect(square(AT.elephant)).toBe('e3');
        expect(square(AT.general)).toBe('e2');
        expect(square(AT.general, 'black')).toBe('e9');
        expect(square(AT.horse)).toBe('e6');
        // The piece is drawn there, with its moves: not an empty board.
        expect(pieceDiagram(services.shared, { uri, position: AT.general })!.text).toContain('X');
    });

    test('the same square as the hover and `lcpn show` (their first diagram of the piece alone)', async () => {
        const { services, document, uri } = await open();
        const models = services.Lcpn.lcpn.PieceModels;
        const rules = declaredBoard(models, document)!.rules;
        const resolve = models.resolverFor(uri);
        for (const [key, position] of Object.entries(AT)) {
            const panel = pieceDiagram(services.shared, { uri, position })!.at;
            const [first] = scenarios(resolve(key)!, resolve, rules.board, { rules, side: 'white' });
            expect(boardGeometry(rules.board).name(first.setup.at), key).toBe(panel);
            const hover = pieceMarkdown(resolve(key)!, resolve, { board: rules.board, rules, images: false });
            expect(hover, key).toContain(key === 'horse' ? '*on an empty board*' : `*on ${panel} (in `);
        }
    });

    test('a cell that cannot be used sends the piece to its zone, and the sentence says where', async () => {
        const { services, uri } = await open();
        const result = pieceDiagram(services.shared, { uri, position: AT.general, at: 'j1' })!;
        expect(result).toMatchObject({ at: 'e2', atProblem: 'j1 is not on the 9x10 board; the piece stands in its zone within-fortress, on e2.' });
    });
});

describe('a board chosen in the panel that a confinement does not fit', () => {
    const note = 'Board xiangqi is 9x10; its zone own-side does not fit on the 8x8 board chosen for the diagram, so elephant is not confined to it.';

    test('the answer says it, the piece is not confined there, and the declared board itself says nothing', async () => {
        const { services, uri } = await open();
        const chosen = pieceDiagram(services.shared, { uri, position: AT.elephant, board: '8x8' })!;
        expect(chosen.boardNotes).toEqual([note]);
        // Unconfined, on the centre e5: all four leaps, c3 c7 g3 g7.
        expect(chosen.at).toBe('e5');
        expect(chosen.text.split('\n').filter((l) => /^\s*\d/.test(l) && l.includes('X'))).toEqual(['7 . . X . . . X .', '3 . . X . . . X .']);
        expect(pieceDiagram(services.shared, { uri, position: AT.elephant })!.boardNotes).toEqual([]);
        // Bigger than declared: everything fits, nothing to say.
        expect(pieceDiagram(services.shared, { uri, position: AT.elephant, board: '12x12' })!.boardNotes).toEqual([]);
    });

    test('the panel shows the note in its status line, and the position view too', async () => {
        const { services, uri } = await open();
        const controller = controllerFor(services);
        await controller.show({ uri, position: AT.horse });
        await controller.handleMessage({ type: 'board', board: '8x8' });
        expect(controller.current?.status).toBe(note);
        await controller.handleMessage({ type: 'board', board: undefined });
        expect(controller.current?.status).toBeUndefined();

        const views: unknown[] = [];
        const positions = new PositionController({ request: async (params) => positionDiagram(services.shared, params), post: (view) => views.push(view), uri: () => uri, piece: () => undefined });
        await positions.setText('8x8 w:elephant@c1');
        expect(positions.current?.status).toBe(note.replace('chosen for the diagram', 'of the position'));
        await positions.setText('w:elephant@c1');
        expect(positions.current?.status).toBeUndefined();
    });
});

test('a broken definition behind the diagram is said in the status line, and under a position\'s piece', async () => {
    const { services, uri } = await open('(def my-pawn pawn)\n(def pawn (/ wazir\n');
    const controller = controllerFor(services);
    await controller.show({ uri, position: { line: 0, character: 6 } });
    expect(controller.current?.status).toBe("It uses names whose own definition is broken: pawn means the standard prelude's pawn (this file's own, line 2, has a syntax error).");
    const selected = positionDiagram(services.shared, { uri, position: '8x8 w:pawn@e2 b:my-pawn@e7', select: 'e2' })!.selected!;
    expect(selected.notes).toEqual(["This file's own pawn (line 2) has a syntax error, so pawn here means the standard prelude's pawn until it is fixed."]);
    // The prelude's pawn, as the note says: its double step from e2.
    expect(selected.moves).toEqual(['e3', 'e4']);
});
