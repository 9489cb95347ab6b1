import { describe, expect, it } from 'vitest';
import { isDiagramStyle, parseFromWebview } from '../../src/diagram/messages.js';

describe('messages from the webview', () => {
    it('accepts the three kinds it knows', () => {
        expect(parseFromWebview({ type: 'ready' })).toEqual({ type: 'ready' });
        expect(parseFromWebview({ type: 'clear', extra: 1 })).toEqual({ type: 'clear' });
        expect(parseFromWebview({ type: 'toggle', square: 'c3' })).toEqual({ type: 'toggle', square: 'c3' });
    });

    it('drops anything else', () => {
        for (const bad of [null, undefined, 'toggle', 3, [], { type: 'toggle' }, { type: 'toggle', square: 'c33x' },
            { type: 'toggle', square: '<img src=x>' }, { type: 'run', command: 'rm' }, { square: 'c3' }]) {
            expect(parseFromWebview(bad), JSON.stringify(bad)).toBeUndefined();
        }
    });

    it('accepts placing the piece, a board spec or none, export requests and PNG bytes', () => {
        expect(parseFromWebview({ type: 'place', square: 'a1' })).toEqual({ type: 'place', square: 'a1' });
        // Board specs are the server's to read: the client passes them on (trimmed), whatever board they name.
        expect(parseFromWebview({ type: 'board', board: ' hex6-rows ', x: 1 })).toEqual({ type: 'board', board: 'hex6-rows' });
        expect(parseFromWebview({ type: 'board', board: '99x99' })).toEqual({ type: 'board', board: '99x99' });
        expect(parseFromWebview({ type: 'board' })).toEqual({ type: 'board', board: undefined });
        expect(parseFromWebview({ type: 'export', format: 'png', action: 'copy' })).toEqual({ type: 'export', format: 'png', action: 'copy' });
        expect(parseFromWebview({ type: 'png', action: 'save', data: 'iVBORw0KGgoAAA==' })).toEqual({ type: 'png', action: 'save', data: 'iVBORw0KGgoAAA==' });
        for (const bad of [{ type: 'place', square: 'z9 9' }, { type: 'board', board: { files: 8, ranks: 8 } }, { type: 'board', board: 8 },
            { type: 'board', board: '  ' }, { type: 'board', board: 'x'.repeat(65) }, { type: 'board', board: 'hex\n6' },
            { type: 'export', format: 'gif', action: 'save' }, { type: 'export', format: 'svg', action: 'print' },
            { type: 'png', action: 'save', data: 'PHN2Zz4=' }, { type: 'png', action: 'save', data: 'iVBORw0KGgo"><script>' }, { type: 'png', action: 'save' }]) {
            expect(parseFromWebview(bad), JSON.stringify(bad)).toBeUndefined();
        }
    });

    it('knows the diagram styles of the settings', () => {
        expect(['image', 'text', 'both'].every(isDiagramStyle)).toBe(true);
        expect(isDiagramStyle('svg')).toBe(false);
    });
});
