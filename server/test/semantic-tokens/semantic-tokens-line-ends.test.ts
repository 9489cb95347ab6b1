/**
 * Semantic tokens for a client without multiline token support (issue 9): no token may run
 * past the end of its line, whatever ends the lines (LSP breaks lines at '\n', '\r\n' and a
 * lone '\r'), including a string that starts at the very end of a line.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { validated } from '../lsp-helpers.js';
import { createTestServices } from '../test-services.js';
import type { LcpnServices } from '../../src/semantics/module.js';

let services: LcpnServices;
beforeAll(async () => {
    services = (await createTestServices()).Lcpn;
});

interface Token { line: number; start: number; length: number; text: string; type: string }

async function tokens(text: string): Promise<{ tokens: Token[]; lines: string[] }> {
    const document = await validated(text, { services, validation: false });
    const result = await services.lsp.SemanticTokenProvider!.semanticHighlight(document, { textDocument: { uri: document.uri.toString() } });
    const lines = text.split(/\r\n|\r|\n/);
    const types = Object.fromEntries(Object.entries(services.lsp.SemanticTokenProvider!.tokenTypes).map(([name, index]) => [index, name]));
    const out: Token[] = [];
    let line = 0;
    let start = 0;
    for (let i = 0; i < result.data.length; i += 5) {
        const [deltaLine, deltaStart, length, type] = result.data.slice(i, i + 4);
        line += deltaLine;
        start = deltaLine === 0 ? start + deltaStart : deltaStart;
        out.push({ line, start, length, text: (lines[line] ?? '').slice(start, start + length), type: types[type] });
    }
    return { tokens: out, lines };
}

describe.each([['\\n', '\n'], ['\\r\\n', '\r\n'], ['\\r', '\r']])('line ends %s', (_name, eol) => {
    test.each([
        ['a string starting at the end of a line', ['(def a [1 2])', '(def d (igui "', 'more', 'x"))'], ['"', 'more', 'x"']],
        ['a string over three lines', ['(def d (igui "two', '  more', '  lines"))', '(def e [1 2])'], ['"two', '  more', '  lines"']],
        ['a string that is only line ends', ['(def d "', '', '")'], ['"', '"']]
    ])('%s: every token lies inside its line', async (_case, lines, strings) => {
        const { tokens: found, lines: actual } = await tokens(lines.join(eol));
        expect(found.length).toBeGreaterThan(0);
        for (const token of found) {
            expect(token.line).toBeLessThan(actual.length);
            expect(token.start + token.length, `token ${JSON.stringify(token)} on line ${JSON.stringify(actual[token.line])}`).toBeLessThanOrEqual(actual[token.line].length);
            expect(token.length).toBeGreaterThan(0);
        }
        // Each line of the string that has characters gets its own piece of the string token.
        expect(found.filter((t) => t.type === 'string').map((t) => t.text)).toEqual(strings);
    });
});
