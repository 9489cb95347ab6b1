/**
 * The board an editor diagram is drawn on (issue 11): a board spec in the request, the
 * `lcpn.diagram` settings (a spec, or files/ranks), the file's declaration, the default; a spec
 * that cannot be read is said, not silently replaced; the chooser's offers; the setting as VS
 * Code declares it agrees with the engine's limits.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { boardOffers, boardSetting, chooseBoard, requestedBoard } from '../../src/lsp/diagram-board.js';
import { hexagonBoard, MAX_HEXAGON_SIDE, MAX_RECTANGLE_SIDE } from '../../src/geometry/index.js';

const root = join(__dirname, '..', '..', '..');

describe('the board a request names', () => {
    test('a spec is read by the geometry: rectangles, a cylinder, hexagons in both orientations', () => {
        expect(requestedBoard('9x10')).toEqual({ board: { files: 9, ranks: 10 } });
        expect(requestedBoard(' HEX6 ')).toEqual({ board: hexagonBoard(6, 'files') });
        expect(requestedBoard('hex6-rows')).toEqual({ board: hexagonBoard(6, 'rows') });
        expect(requestedBoard('8x8-cylinder').board).toMatchObject({ files: 8, ranks: 8, shape: { kind: 'rectangle', cylinder: true } });
        expect(requestedBoard(`${MAX_RECTANGLE_SIDE}x${MAX_RECTANGLE_SIDE}`).board).toEqual({ files: MAX_RECTANGLE_SIDE, ranks: MAX_RECTANGLE_SIDE });
    });

    test('a spec that is not a board says why in one sentence that names it', () => {
        const tooBig = requestedBoard(`hex${MAX_HEXAGON_SIDE + 1}`);
        expect(tooBig.board).toBeUndefined();
        expect(tooBig.problem).toMatch(new RegExp(`^The board 'hex${MAX_HEXAGON_SIDE + 1}' cannot be used: .*${MAX_HEXAGON_SIDE}.*\\.$`));
        expect(requestedBoard('octagon').problem).toMatch(/^The board 'octagon' cannot be used: .*hex6/);
        expect(requestedBoard(`${MAX_RECTANGLE_SIDE + 1}x8`).problem).toMatch(/cannot be used/);
    });

    test('a size, as older clients send it, is clamped as it always was (now to the larger maximum)', () => {
        expect(requestedBoard({ files: 5, ranks: 7 })).toEqual({ board: { files: 5, ranks: 7 } });
        expect(requestedBoard({ files: 0, ranks: 1000 })).toEqual({ board: { files: 1, ranks: MAX_RECTANGLE_SIDE } });
    });
});

describe('the lcpn.diagram settings', () => {
    test('unset (null, absent, no section) names no board', () => {
        for (const config of [undefined, null, {}, { board: null, files: null, ranks: null }, { board: '  ' }]) expect(boardSetting(config), JSON.stringify(config)).toBeUndefined();
    });

    test('board (a spec) wins over files/ranks', () => {
        expect(boardSetting({ board: 'hex6', files: 8, ranks: 8 })).toEqual({ board: hexagonBoard(6, 'files') });
    });

    test('files/ranks as before: either one set, the other 9; a value out of range is ignored', () => {
        expect(boardSetting({ files: 12 })).toEqual({ board: { files: 12, ranks: 9 } });
        expect(boardSetting({ files: 0, ranks: 10 })).toEqual({ board: { files: 9, ranks: 10 } });
        expect(boardSetting({ files: MAX_RECTANGLE_SIDE + 1 })).toBeUndefined();
        expect(boardSetting({ files: '8', ranks: 8.5 })).toBeUndefined();
    });

    test('a spec the settings give that cannot be read is said, naming the setting', () => {
        expect(boardSetting({ board: 'hex0' })?.problem).toMatch(/^The lcpn\.diagram\.board setting 'hex0' cannot be used: /);
    });
});

describe('choosing the diagram\'s board', () => {
    const declared = { files: 9, ranks: 10 };
    test('request, else setting, else declared, else 9 x 9; each says where it came from', () => {
        expect(chooseBoard('hex6', { board: { files: 8, ranks: 8 } }, declared)).toEqual({ board: hexagonBoard(6), source: 'request' });
        expect(chooseBoard(undefined, { board: { files: 8, ranks: 8 } }, declared)).toEqual({ board: { files: 8, ranks: 8 }, source: 'settings' });
        expect(chooseBoard(undefined, undefined, declared)).toEqual({ board: declared, source: 'declared' });
        expect(chooseBoard(undefined, undefined, undefined)).toEqual({ board: { files: 9, ranks: 9 }, source: 'default' });
    });

    test('a board asked for that cannot be used falls to the next choice, and the problems are kept', () => {
        const chosen = chooseBoard('hex99', { problem: 'The lcpn.diagram.board setting \'x\' cannot be used: no.' }, declared);
        expect(chosen).toMatchObject({ board: declared, source: 'declared' });
        expect(chosen.problem).toMatch(/^The board 'hex99' cannot be used: .* The lcpn\.diagram\.board setting 'x' cannot be used: no\.$/);
    });
});

describe('the chooser\'s offers', () => {
    test('the file\'s board first by its name, then rectangles, a cylinder, and every hexagon side from 2 in both orientations', () => {
        const offers = boardOffers({ name: 'glinski', board: hexagonBoard(6) });
        expect(offers[0]).toEqual({ spec: 'hex6', label: 'glinski (hexagon of side 6, the file\'s board)' });
        const specs = offers.slice(1).map((o) => o.spec);
        expect(specs).toContain('8x8');
        expect(specs).toContain('8x8-cylinder');
        for (let side = 2; side <= MAX_HEXAGON_SIDE; side++) {
            expect(specs).toContain(`hex${side}`);
            expect(specs).toContain(`hex${side}-rows`);
        }
        expect(specs).not.toContain('hex1');
        expect(new Set(specs).size).toBe(specs.length);
        expect(boardOffers().map((o) => o.spec)).toEqual(specs);
    });

    test('every offer reads back as a board', () => {
        for (const offer of boardOffers()) expect(requestedBoard(offer.spec).board, offer.spec).toBeDefined();
    });
});

test('VS Code\'s settings: lcpn.diagram.board is a spec or null; files/ranks go up to the engine\'s largest rectangle', () => {
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { contributes: { configuration: { properties: Record<string, Record<string, unknown>> } } };
    const properties = manifest.contributes.configuration.properties;
    expect(properties['lcpn.diagram.board']).toMatchObject({ type: ['string', 'null'], default: null });
    expect(properties['lcpn.diagram.files']).toMatchObject({ maximum: MAX_RECTANGLE_SIDE, default: null });
    expect(properties['lcpn.diagram.ranks']).toMatchObject({ maximum: MAX_RECTANGLE_SIDE, default: null });
});
