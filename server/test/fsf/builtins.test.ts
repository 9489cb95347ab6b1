/**
 * The table of Fairy-Stockfish's built-in variants (src/fsf/builtins.ts) against ffish's own
 * variants of those names: each entry's lines loaded as a section over ffish's own parent (or
 * chess) must give the start position and, along seeded random games of ffish's variant, the same
 * legal moves and results. So each entry says what its variant adds to its parent, and the chain
 * holds by induction. Ataxx's drops without pieces in hand cannot be said in variants.ini, so only
 * its start position is compared.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { BUILT_INS, FSF_VARIANT_NAMES, builtInVariant } from '../../src/fsf/builtins.js';
import { checkIni } from '../../src/fsf/index.js';
import { loadFfish, type Ffish } from '../variants/fsf.js';
import { GAME_TIMEOUT } from '../variants/compare.js';
import { load, sameInFfish } from './helpers.js';

let ffish: Ffish;
beforeAll(async () => {
    ffish = await loadFfish();
}, GAME_TIMEOUT);

/** The entry as a section over ffish's own parent; the xiangqi family's root moves its king as a wazir, said here as a custom king. */
function section(name: string): string {
    const entry = BUILT_INS[name];
    const extra = entry.kingType === 'wazir' && !entry.parent ? '\nking = k:W' : '';
    return `[bi-${name}:${entry.parent ?? 'chess'}]\n${entry.ini}${extra}\n`;
}

describe('the built-in variants table agrees with ffish', () => {
    it('names only variants ffish has, and knows every parent of its own entries', () => {
        ffish.loadVariantConfig('');
        const known = ffish.variants().split(' ');
        expect(FSF_VARIANT_NAMES.filter((n) => !known.includes(n))).toEqual([]);
        for (const [name, entry] of Object.entries(BUILT_INS)) {
            expect(known, name).toContain(name);
            if (entry.parent) expect(Object.keys(BUILT_INS), name).toContain(entry.parent);
        }
    });

    it.each(Object.keys(BUILT_INS))('%s', (name) => {
        const text = section(name);
        // The lines read without a problem of ours.
        expect(checkIni(text).diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
        load(ffish, text);
        expect(ffish.startingFen(`bi-${name}`)).toBe(ffish.startingFen(name));
        expect(builtInVariant(name)!.startFen).toBe(ffish.startingFen(name));
        if (BUILT_INS[name].unsaid) return;
        const { positions, mismatches } = sameInFfish(ffish, `bi-${name}`, name, 11, 3, 40);
        expect(mismatches.slice(0, 5)).toEqual([]);
        expect(positions).toBeGreaterThan(30);
    }, GAME_TIMEOUT);
});
