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

    it('knows the diagram styles of the settings', () => {
        expect(['image', 'text', 'both'].every(isDiagramStyle)).toBe(true);
        expect(isDiagramStyle('svg')).toBe(false);
    });
});
