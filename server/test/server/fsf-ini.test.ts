/**
 * A Fairy-Stockfish variants.ini served by the LCPN language server (issue 24, lsp/fsf-ini.ts),
 * over stdio as an editor drives it: the document's diagnostics with their codes and ranges, a
 * hover on a piece line with the piece's moves, code actions and the command that convert the
 * section under the cursor to LCPN; LCPN documents beside it are served as before, and the ini
 * never reaches Langium (no LCPN diagnostics on it). Needs `node esbuild.mjs`.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { CodeAction, Diagnostic, Hover } from 'vscode-languageserver';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FsfCodes } from '../../src/fsf/codes.js';
import { FSF_SECTION_COMMAND, type FsfSectionResult } from '../../src/lsp/protocol.js';
import { parsePieceText } from '../parse-text.js';
import { bundleExists, startServer, type ServerProcess } from './lsp-process.js';

let server: ServerProcess;
beforeAll(async () => {
    if (!bundleExists()) execFileSync(process.execPath, ['esbuild.mjs'], { cwd: join(import.meta.dirname, '../../..') });
    server = await startServer();
}, 60_000);
afterAll(async () => { await server.stop(); });

const INI = [
    '# my variants',                          // 0
    '[fsfini-fairy:chess]',                   // 1
    'customPiece1 = c:mRcpR',                 // 2
    'knight = n',                             // 3
    'castling: false',                        // 4
    'maxfile = 10',                           // 5
    '',                                       // 6
    '[fsfini-orphan:nowhere]',                // 7
    'rook = r',                               // 8
    ''
].join('\n');

const summary = (d: Diagnostic) => `${d.range.start.line}:${d.range.start.character}-${d.range.end.line}:${d.range.end.character} ${d.severity} ${d.code}`;

describe('a variants.ini document', () => {
    const uri = 'file:///fsfini/variants.ini';

    test('diagnostics: Fairy-Stockfish\'s reading of it, coded and located, never LCPN\'s', async () => {
        server.open(uri, INI, 'fsf-ini');
        const diagnostics = await server.diagnosticsFor(uri);
        expect(diagnostics.map(summary)).toEqual([
            `4:8-4:9 1 ${FsfCodes.ColonForEquals}`,
            `5:0-5:7 1 ${FsfCodes.UnknownKey}`,
            `7:15-7:22 1 ${FsfCodes.MissingParent}`
        ]);
        expect(diagnostics[1].message).toContain("'maxFile'");
        expect(diagnostics.every((d) => d.source === 'lcpn')).toBe(true);
    });

    test('an edit republishes them', async () => {
        void server.connection.sendNotification('textDocument/didChange', {
            textDocument: { uri, version: 2 },
            contentChanges: [{ range: { start: { line: 4, character: 8 }, end: { line: 4, character: 9 } }, text: ' =' }]
        });
        const diagnostics = await server.diagnosticsFor(uri, (list) => list.length === 2);
        expect(diagnostics.map((d) => d.code)).toEqual([FsfCodes.UnknownKey, FsfCodes.MissingParent]);
    });

    test('a hover on a custom piece line draws its moves; on a built-in piece, the prelude\'s', async () => {
        const custom = await server.connection.sendRequest<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 2, character: 3 } });
        const text = (custom.contents as { value: string }).value;
        expect(text.split('\n')[0]).toBe('`customPiece1 = c:mRcpR`');
        expect(text).toContain('**custom-c** *(letter c of \\[fsfini-fairy\\])*');
        // The text diagram (this client gets text): moves as a rook, captures by jumping a screen, on the section's 8x8 board.
        expect(text).toContain(['x x x : ! o o o', '. . . . o . . .'].join('\n'));
        expect(custom.range).toEqual({ start: { line: 2, character: 0 }, end: { line: 2, character: 22 } });
        const knight = await server.connection.sendRequest<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 3, character: 0 } });
        expect((knight.contents as { value: string }).value).toContain("**knight** *(letter n of \\[fsfini-fairy\\], the standard prelude's)*");
        const comment = await server.connection.sendRequest<Hover | null>('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 2 } });
        expect(comment).toBeNull();
        const orphan = await server.connection.sendRequest<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 8, character: 1 } });
        expect((orphan.contents as { value: string }).value).toBe('`rook = r`: Fairy-Stockfish does not load the section \\[fsfini-orphan\\] (see its diagnostics), so this piece is in no game.');
    });

    test('code actions convert the section under the cursor; the command answers its LCPN', async () => {
        const actions = await server.connection.sendRequest<CodeAction[]>('textDocument/codeAction', {
            textDocument: { uri }, range: { start: { line: 3, character: 0 }, end: { line: 3, character: 0 } }, context: { diagnostics: [] }
        });
        expect(actions.map((a) => a.title)).toEqual(['Convert [fsfini-fairy] to LCPN (Lisp style)', 'Convert [fsfini-fairy] to LCPN (C style)', 'Convert [fsfini-fairy] to LCPN (SQL style)']);
        // This client did not say it opens documents itself: the server's command.
        expect(actions[1].command).toEqual({ title: 'Convert [fsfini-fairy] to LCPN', command: FSF_SECTION_COMMAND, arguments: [uri, 1, 'c'] });
        expect(server.initializeResult.capabilities.executeCommandProvider?.commands).toContain(FSF_SECTION_COMMAND);
        const result = await server.connection.sendRequest<FsfSectionResult>('workspace/executeCommand', actions[1].command);
        expect(result.section).toBe('fsfini-fairy');
        expect(result.text.split('\n')[0]).toBe('// [fsfini-fairy] of variants.ini, as Fairy-Stockfish reads it (lcpn convert --from fsf)');
        const back = parsePieceText(result.text);
        expect(back.problems.filter((p) => p.severity === 'error')).toEqual([]);
        expect(back.pieces.map((p) => p.key)).toEqual(['fsfini-fairy-board', 'double-step-region', 'fsfini-fairy-pawn', 'custom-c', 'fsfini-fairy-pawn-promotion', 'fsfini-fairy']);
        expect(back.pieces.at(-1)!.declaration?.kind).toBe('game');
        await expect(server.connection.sendRequest('workspace/executeCommand', { command: FSF_SECTION_COMMAND, arguments: [uri, 0] }))
            .rejects.toThrow('line 1 is in no section');
    });

    test('other requests about it answer nothing; closing it clears its diagnostics', async () => {
        expect(await server.connection.sendRequest('textDocument/documentSymbol', { textDocument: { uri } })).toBeNull();
        expect(await server.connection.sendRequest('textDocument/completion', { textDocument: { uri }, position: { line: 2, character: 0 } })).toBeNull();
        server.close(uri);
        expect(await server.diagnosticsFor(uri, (list) => list.length === 0)).toEqual([]);
    });
});

test('a .ini file sent under another language id is served the same; LCPN beside it as before', async () => {
    const ini = 'file:///fsfini/other.ini';
    server.open(ini, '[fsfini-x:chess]\nmaxfile = 9\n', 'ini');
    expect((await server.diagnosticsFor(ini)).map((d) => d.code)).toEqual([FsfCodes.UnknownKey]);
    const lcpn = 'file:///fsfini/pieces.lcpn';
    server.open(lcpn, '(def fine [1 2])\nlater := nosuchpiece / wazir\n');
    expect((await server.diagnosticsFor(lcpn)).map((d) => (d.data as { code?: string } | undefined)?.code ?? d.code)).toEqual(['unknown-piece']);
    expect(server.exited()).toBeUndefined();
});
