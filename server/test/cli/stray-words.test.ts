/**
 * Issue 25 §1 through the CLI: stray words (and a `--` comment, SQL's marker) define no piece in
 * `lcpn show`, `lcpn catalog` or `lcpn convert`; each stray is reported, located.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { requireBundle, runLcpn } from './run-cli.js';

const TEXT = '-- nothing here: SQL comments?\nnothing here\n(def crab (/ ferz wazir))\nstray words\nhopper := knight -- trailing\ncamel IS [1, 3]\n';
let dir: string;

beforeAll(() => {
    requireBundle();
    dir = mkdtempSync(join(tmpdir(), 'lcpn-stray-'));
    writeFileSync(join(dir, 'pieces.lcpn'), TEXT);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ERRORS = [
    "pieces.lcpn:2:1: error: 'nothing' starts a definition: write nothing := here (C style) or nothing IS here (SQL style)",
    "pieces.lcpn:4:1: error: 'stray' starts a definition: write stray := words (C style) or stray IS words (SQL style)"
];

describe('stray words are no pieces', () => {
    test('show draws the three pieces and reports the two strays', () => {
        const shown = runLcpn(dir, ['show', 'pieces.lcpn']);
        expect(shown.stdout).toMatch(/^3 pieces in 1 file, 2 errors$/m);
        expect(shown.stdout.match(/^\S.*$/gm)!.filter((line) => !line.startsWith('3 pieces'))).toEqual(['(def crab (/ ferz wazir))', 'hopper := knight', 'camel IS [1, 3]']);
        expect(shown.stderr.trim().split('\n').map((line) => line.replace(/^.*[\\/]/, ''))).toEqual(ERRORS);
        for (const stray of ['nothing', 'here', 'stray', 'words']) expect(runLcpn(dir, ['show', 'pieces.lcpn', stray]).code, stray).not.toBe(0);
    });

    test('the catalog has the three pieces', () => {
        const catalog = runLcpn(dir, ['catalog', 'pieces.lcpn', '--out', join(dir, 'page.html')]);
        expect(catalog.stderr).toMatch(/^3 pieces from 1 file written to .*page\.html, 2 errors$/m);
        const page = readFileSync(join(dir, 'page.html'), 'utf8');
        for (const piece of ['crab', 'hopper', 'camel']) expect(page).toContain(`id="${piece}"`);
        for (const stray of ['here', 'stray', 'words', 'comments']) expect(page, stray).not.toMatch(new RegExp(`\\b${stray}\\b`));
    });

    test('convert writes the three pieces, the strays and the comments as they are', () => {
        const betza = runLcpn(dir, ['convert', 'pieces.lcpn', '--to', 'betza']);
        expect(betza.stdout.trim().split('\n')).toEqual(['crab: K', 'hopper: N', 'camel: C']);
        const sql = runLcpn(dir, ['convert', 'pieces.lcpn', '--to', 'sql']);
        expect(sql.stdout).toBe('-- nothing here: SQL comments?\nnothing here\ncrab IS ferz OR wazir\nstray words\nhopper IS knight -- trailing\ncamel IS [1, 3]\n');
    });
});
