/**
 * One deep or broken form never poisons later parses (issue 12, on Langium 4.4): a
 * 100,000-deep form is read up to the nesting limit with one located error (the lexer cuts the
 * form: syntax/nesting-limit.ts), and then a normal file parses with no error, with the same
 * parser (in process) and in the same language server process.
 */
import { existsSync } from 'node:fs';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Document } from '../../src/syntax/generated/ast.js';
import type { LcpnServices } from '../../src/semantics/module.js';
import { NESTING_TOO_DEEP } from '../../src/syntax/nesting-limit.js';
import { completionAt, validated } from '../lsp-helpers.js';
import { createTestServices } from '../test-services.js';
import { LspProcess } from './lsp-process.js';

const DEEP = 100_000;
const NORMAL = '(def a (/ wazir ferz))\nb := a / knight -> move(rook:4)\nc IS capturing b OR IF rank() = 2 THEN a END\n';

/** Deep forms of each style, each followed by a definition that must still be read. */
const DEEP_FORMS: [string, string][] = [
    ['Lisp', '(def x ' + '('.repeat(DEEP)],
    ['C', 'x := ' + 'move('.repeat(DEEP) + 'wazir' + ')'.repeat(DEEP)],
    ['SQL', 'x IS ' + 'IF rank() = 2 THEN '.repeat(DEEP / 10) + 'wazir' + ' END'.repeat(DEEP / 10)]
];

let services: LcpnServices;
beforeAll(async () => {
    services = (await createTestServices()).Lcpn;
});

describe('a deep form does not poison later parses (in process)', () => {
    test.each(DEEP_FORMS)('%s: one error, the next definition read, then a normal file parses cleanly', async (_style, deep) => {
        const parser = services.parser.LangiumParser;
        const result = parser.parse<Document>(`${deep}\n(def after wazir)\n`);
        expect(result.lexerErrors.filter((e) => e.message === NESTING_TOO_DEEP)).toHaveLength(1);
        expect(result.value.definitions.map((d) => d.name)).toEqual(['x', 'after']);
        const normal = parser.parse<Document>(NORMAL);
        expect(normal.parserErrors).toEqual([]);
        expect(normal.lexerErrors).toEqual([]);
        expect(normal.value.definitions.map((d) => d.name)).toEqual(['a', 'b', 'c']);
        // And through a whole build, validation included.
        const document = await validated(NORMAL, { services: services });
        expect(document.diagnostics?.filter((d) => d.severity === 1)).toEqual([]);
    });

    test('completion after a deep form still reads a normal document', async () => {
        const deep = await validated(DEEP_FORMS[0][1], { services: services, validation: false });
        await completionAt(deep, 5000, services);
        const parsed = services.parser.CompletionParser.parse('(def a (/ wazir ');
        expect(parsed.tokens.map((t) => t.image)).toEqual(['(def', 'a', '(', '/', 'wazir']);
        expect(parsed.tokenIndex).toBe(5);
    });
});

const SERVER = 'dist/server/main.cjs';

describe.runIf(existsSync(SERVER))('a deep form does not poison later parses (language server process)', () => {
    test('a 100,000-deep form, then a normal file: its diagnostics are empty', async () => {
        const proc = new LspProcess(SERVER);
        try {
            const folder = 'file:///deep-forms';
            const init = await proc.request('initialize', { processId: process.pid, rootUri: folder, workspaceFolders: [{ uri: folder, name: 'w' }], capabilities: {} }, 30_000);
            expect(init.result).toBeDefined();
            proc.notify('initialized', {});
            const diagnosticsOf = async (uri: string, text: string) => {
                const from = proc.notifications.length;
                proc.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'lcpn', version: 1, text } });
                // A bound to detect a hang, not a speed requirement.
                for (let waited = 0; waited < 60_000; waited += 50) {
                    const published = proc.since(from, 'textDocument/publishDiagnostics')
                        .map((n) => n.params as { uri: string; diagnostics: { message: string; severity?: number }[] })
                        .filter((p) => p.uri === uri);
                    // A file without syntax errors gets one list, after validation; a deep form's first list has its syntax errors.
                    if (published.length > 0) return published[published.length - 1].diagnostics;
                    await new Promise((resolve) => setTimeout(resolve, 50));
                }
                throw new Error(`no diagnostics for ${uri}: ${proc.stderr}`);
            };
            for (const [style, deep] of DEEP_FORMS) {
                const errors = await diagnosticsOf(`${folder}/deep-${style}.lcpn`, `${deep}\n(def after wazir)\n`);
                expect(errors.filter((d) => d.message === NESTING_TOO_DEEP)).toHaveLength(1);
            }
            const normal = await diagnosticsOf(`${folder}/normal.lcpn`, NORMAL);
            expect(normal.filter((d) => d.severity === 1)).toEqual([]);
            expect(proc.exit).toBeUndefined();
        } finally {
            await proc.shutdown();
        }
    }, 120_000);
});

