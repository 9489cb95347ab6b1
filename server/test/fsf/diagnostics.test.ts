/**
 * The `variants.ini` diagnostics on files: sections broken the way Fairy-Stockfish's users
 * reported (fixtures/fsf/reported-mistakes.ini, each line's expected codes in a comment above it),
 * and sections of our own that Fairy-Stockfish reads without a complaint (own-sections.ini: no
 * diagnostic, every section loads into ffish and imports as a game lcpn can play).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkIni } from '../../src/fsf/index.js';
import { loadFfish, type Ffish } from '../variants/fsf.js';
import { GAME_TIMEOUT } from '../variants/compare.js';
import { importOverPrelude, load } from './helpers.js';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, '../fixtures/fsf', name), 'utf8');

let ffish: Ffish;
beforeAll(async () => {
    ffish = await loadFfish();
}, GAME_TIMEOUT);

/** Per line (1-based): the codes its `# expect:` comment, on the line above, names. */
function expected(text: string): Map<number, string[]> {
    const out = new Map<number, string[]>();
    text.split('\n').forEach((line, i) => {
        const m = /^# expect: (.*)$/.exec(line);
        if (m) out.set(i + 2, m[1].split(/\s+/).sort());
    });
    return out;
}

describe('diagnostics', () => {
    it('sections broken as users reported: each mistake said on its line, nothing else', () => {
        const text = fixture('reported-mistakes.ini');
        const found = new Map<number, string[]>();
        for (const d of checkIni(text).diagnostics) {
            if (d.severity === 'info') continue;
            const line = d.span.line + 1;
            found.set(line, [...(found.get(line) ?? []), d.code].sort());
        }
        expect(Object.fromEntries(found)).toEqual(Object.fromEntries(expected(text)));
    });

    it('every diagnostic is located inside the text, with a message in words', () => {
        const text = fixture('reported-mistakes.ini');
        for (const d of checkIni(text).diagnostics) {
            expect(d.span.offset + d.span.length).toBeLessThanOrEqual(text.length);
            expect(text.split('\n')[d.span.line].length).toBeGreaterThanOrEqual(d.span.character + d.span.length);
            expect(d.message.length).toBeGreaterThan(20);
        }
    });

    it('sections of our own: no diagnostic, loaded by ffish, imported as games lcpn plays', () => {
        const text = fixture('own-sections.ini');
        expect(checkIni(text).diagnostics.filter((d) => d.severity !== 'info').map((d) => d.message)).toEqual([]);
        load(ffish, text);
        const { games } = importOverPrelude(text);
        expect(games.map((g) => g.name)).toEqual(['lcpn-minichess', 'lcpn-cannons', 'lcpn-palace']);
        for (const game of games) {
            expect(game.problems.filter((p) => p.severity === 'error')).toEqual([]);
            expect(game.game).toBeDefined();
        }
    }, GAME_TIMEOUT);
});
