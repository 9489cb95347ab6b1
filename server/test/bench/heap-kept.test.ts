/**
 * The bench's heap row (bench/core.ts heapKept): the warm-up document it builds and drops first
 * is collected before the measurement (else it could be freed during the measured build and
 * make the figure too small), and a document kept open keeps its heap.
 */
import { describe, expect, test } from 'vitest';
import { heapKept } from '../../../bench/core.js';
import { generateDefinitions } from '../../../bench/generate.js';

describe('heapKept', () => {
    test('a dropped warm-up document is collected before the measured document is built', async () => {
        const result = await heapKept(generateDefinitions(200), { warmUp: generateDefinitions(200, 'other') });
        expect(result.warmUpCollected).toBe(true);
        expect(result.diagnostics).toBe(0);
        expect(result.mb).toBeGreaterThan(0);
    });

    test('a warm-up document kept open is not reported as collected, and the measured one keeps its own heap', async () => {
        const text = generateDefinitions(200);
        const result = await heapKept(text, { warmUp: generateDefinitions(200, 'other'), keepWarmUp: true });
        expect(result.warmUpCollected).toBeUndefined();
        // At least the text's size: its AST and CST alone are tens of times the text.
        expect(result.mb * 1e6).toBeGreaterThan(text.length);
    });
});
