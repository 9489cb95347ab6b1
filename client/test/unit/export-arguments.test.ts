import { describe, expect, it } from 'vitest';
import { exportArguments } from '../../src/diagram/export-arguments.js';

const position = { line: 2, character: 7 };

describe('lcpn.exportDiagram arguments', () => {
    it('takes the object a hover link passes (in an array or alone); SVG unless PNG is asked', () => {
        expect(exportArguments([{ uri: 'file:///w/a.lcpn', position, format: 'png' }])).toEqual({ uri: 'file:///w/a.lcpn', position, format: 'png' });
        expect(exportArguments({ uri: 'file:///w/a.lcpn', position: { ...position, extra: 1 } })).toEqual({ uri: 'file:///w/a.lcpn', position, format: 'svg' });
    });

    it('refuses anything else (then the command uses the cursor)', () => {
        for (const bad of [undefined, null, 'file:///w/a.lcpn', [], [null], { uri: 3, position }, { uri: 'file:///a', position: null },
            { uri: 'file:///a', position: { line: -1, character: 0 } }, { uri: 'file:///a', position: { line: 1.5, character: 0 } },
            { uri: 'file:///a', position, format: 'gif' }]) {
            expect(exportArguments(bad), JSON.stringify(bad)).toBeUndefined();
        }
    });
});
