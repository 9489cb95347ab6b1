/**
 * Hexagons past side 13 (files named aa, ab... without j after z) in all three styles: the board
 * declaration, zones in those names, keywords naming the zones, the CLI's moves on the declared
 * board, and the located error past the largest side (31). Cells by hand: on the hexagon of side
 * 14 (27 files a..z without j, aa, ab) the last file ab has ranks 1..14 and aa 1..15.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { URI } from 'langium';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestServices } from '../test-services.js';
import { requireBundle, runLcpn } from '../cli/run-cli.js';

const STYLES: Record<string, string> = {
    'lisp.lcpn': '(def big (board (hexagon 14)))\n(def edge (zone aa1-ab3))\n(def step (wazir :edge))\n',
    'c.lcpn': 'big := board(hexagon(14));\nedge := zone(aa1-ab3);\nstep := wazir:edge;\n',
    'sql.lcpn': 'big IS board(hexagon(14));\nedge IS zone(aa1-ab3);\nstep IS wazir:edge;\n'
};

const TOO_BIG: Record<string, string> = {
    'lisp.lcpn': '(def big (board (hexagon 32)))\n',
    'c.lcpn': 'big := board(hexagon(32));\n',
    'sql.lcpn': 'big IS board(hexagon(32));\n'
};

async function diagnostics(name: string, text: string) {
    const services = await createTestServices();
    const document = services.shared.workspace.LangiumDocumentFactory.fromString(text, URI.parse(`memory:///large/${name}`));
    services.shared.workspace.LangiumDocuments.addDocument(document);
    await services.shared.workspace.DocumentBuilder.build([document], { validation: true });
    return (document.diagnostics ?? []).map((d) => ({ code: (d.data as { code?: string } | undefined)?.code, message: d.message, line: d.range.start.line, character: d.range.start.character }));
}

describe('a hexagon of side 14 in each style', () => {
    for (const [name, text] of Object.entries(STYLES)) {
        test(`${name}: the board, a zone named past z and its keyword are accepted`, async () => {
            expect(await diagnostics(name, text)).toEqual([]);
        });
    }

    for (const [name, text] of Object.entries(TOO_BIG)) {
        test(`${name}: side 32 is a located error that says the largest side`, async () => {
            const found = await diagnostics(name, text);
            expect(found.map((d) => d.code)).toEqual(['hexagon-side']);
            expect(found[0].message).toBe("a hexagon's side is 1 to 31 cells, not 32");
            // At the number.
            expect(text.slice(found[0].character, found[0].character + 2)).toBe('32');
        });
    }
});

describe('lcpn on a hexagon past side 13', () => {
    let dir: string;
    beforeAll(() => {
        requireBundle();
        dir = mkdtempSync(join(tmpdir(), 'lcpn-large-hex-'));
        for (const [name, text] of Object.entries(STYLES)) writeFileSync(join(dir, name), text);
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    for (const name of Object.keys(STYLES)) {
        test(`${name}: moves on the declared board, named past z, the zone keyword applied`, () => {
            const r = runLcpn(dir, ['moves', name, 'step', '--at', 'aa2', '--json']);
            expect(r).toMatchObject({ code: 0, stderr: '' });
            const json = JSON.parse(r.stdout);
            expect(json).toMatchObject({ at: 'aa2', boardSpec: 'hex14', board: { files: 27, ranks: 27 } });
            // aa2's neighbours: z2 z3 (file z), aa1 aa3, ab1 ab2; the zone aa1-ab3 keeps those on files aa..ab, ranks 1..3.
            expect([...json.moveSquares].sort()).toEqual(['aa1', 'aa3', 'ab1', 'ab2']);
        });
    }

    test('--board hex14 --at aa1: the text list, and a cell with a j is said to be none', () => {
        const r = runLcpn(dir, ['moves', '--betza', 'W', '--board', 'hex14', '--at', 'aa1']);
        expect(r.stdout).toBe('W on aa1, hexagon of side 14\n  moves to: z1 z2 aa2 ab1\n  captures on (if an enemy stood there): z1 z2 aa2 ab1\n');
        expect(runLcpn(dir, ['moves', '--betza', 'W', '--board', 'hex14', '--at', 'aj1'])).toMatchObject({
            code: 2, stderr: 'lcpn: --at: aj1 is not on the hexagon of side 14 (cells are named by a file a to ab (no j) and a rank 1 to 27, such as o14)\n'
        });
    });
});
