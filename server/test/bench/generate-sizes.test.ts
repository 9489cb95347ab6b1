/**
 * The bench's generated files: a doubling row compares a file with one of exactly twice its
 * bytes (generateToBytes), and the generators stay deterministic.
 */
import { describe, expect, test } from 'vitest';
import { generateChained, generateChainedBytes, generateDefinitions, generateToBytes } from '../../../bench/generate.js';

describe('generateToBytes', () => {
    test('the chained file twice the size is within 0.2% of twice the bytes (asking generateChainedBytes for twice the bytes gave 2.04x and more)', () => {
        const small = generateChainedBytes(50_000);
        const large = generateToBytes(2 * small.length, generateChained);
        expect(Math.abs(large.length / small.length - 2)).toBeLessThanOrEqual(0.004);
        expect(generateChainedBytes(100_000).length / small.length).toBeGreaterThan(2.03); // why it exists
    });

    test('a shallow file and a tiny target', () => {
        const text = generateToBytes(300_000, generateDefinitions);
        expect(Math.abs(text.length - 300_000)).toBeLessThanOrEqual(600);
        expect(generateToBytes(10, generateDefinitions)).toBe(generateDefinitions(1));
    });

    test('the larger file begins with the smaller one (same definitions, more of them)', () => {
        const small = generateChainedBytes(25_000);
        expect(generateToBytes(2 * small.length, generateChained).startsWith(small)).toBe(true);
    });
});
