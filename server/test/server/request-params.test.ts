/** Params checks and URI respelling, without a process. */
import { describe, expect, test } from 'vitest';
import { ClientUris } from '../../src/lsp/connection-guard.js';
import { PIECE_DIAGRAM_PARAMS, REQUEST_PARAMS } from '../../src/lsp/request-params.js';

const textDocument = { uri: 'file:///a.lcpn' };
const position = { line: 0, character: 3 };
const range = { start: position, end: { line: 1, character: 0 } };
const options = { tabSize: 4, insertSpaces: true };

const VALID: Record<string, unknown> = {
    onHover: { textDocument, position },
    onReferences: { textDocument, position, context: { includeDeclaration: true } },
    onRenameRequest: { textDocument, position, newName: 'camel' },
    onDocumentSymbol: { textDocument },
    onCodeAction: { textDocument, range, context: { diagnostics: [] } },
    onDocumentFormatting: { textDocument, options },
    onDocumentRangeFormatting: { textDocument, range, options },
    onDocumentOnTypeFormatting: { textDocument, position, ch: ')', options },
    onExecuteCommand: { command: 'lcpn.convertDocument', arguments: ['file:///a.lcpn', 'c'] },
    onWorkspaceSymbol: { query: '' },
    'semanticTokens.on': { textDocument },
    'semanticTokens.onDelta': { textDocument, previousResultId: '1' },
    'semanticTokens.onRange': { textDocument, range }
};

describe('request params', () => {
    test.each(Object.entries(VALID))('%s: well-formed params pass, extra fields allowed', (method, params) => {
        expect(REQUEST_PARAMS[method](params)).toBeUndefined();
        expect(REQUEST_PARAMS[method]({ ...(params as object), workDoneToken: 'x', extra: 1 })).toBeUndefined();
    });

    test.each(Object.entries(VALID))('%s: each field it reads, removed or of the wrong type, is named', (method, params) => {
        for (const field of Object.keys(params as object)) {
            if (field === 'context' && method === 'onReferences') continue; // optional in practice
            if (field === 'arguments') continue; // optional
            const without = { ...(params as Record<string, unknown>) };
            delete without[field];
            expect(REQUEST_PARAMS[method](without), `${method} without ${field}`).toContain(field);
            expect(REQUEST_PARAMS[method]({ ...(params as object), [field]: 42 }), `${method} with ${field} = 42`).toContain(field);
        }
    });

    test('positions are non-negative integers; URIs have a scheme; params are objects', () => {
        const hover = REQUEST_PARAMS.onHover;
        expect(hover({ textDocument, position: { line: -1, character: 0 } })).toBe('position.line must be a non-negative integer');
        expect(hover({ textDocument, position: { line: 0.5, character: 0 } })).toBe('position.line must be a non-negative integer');
        expect(hover({ textDocument, position: { line: 0, character: Number.NaN } })).toBe('position.character must be a non-negative integer');
        expect(hover({ textDocument: { uri: 'a.lcpn' }, position })).toMatch(/^textDocument.uri must be a URI with a scheme/);
        expect(hover(null)).toBe(' must be an object');
        expect(hover([])).toBe(' must be an object');
    });

    test('lcpn/pieceDiagram', () => {
        expect(PIECE_DIAGRAM_PARAMS({ uri: 'file:///a.lcpn', position })).toBeUndefined();
        expect(PIECE_DIAGRAM_PARAMS({ uri: 'file:///a.lcpn', position, blockers: [{ square: 'e4', side: 'enemy' }], board: { files: 8, ranks: 8 }, at: 'e2' })).toBeUndefined();
        expect(PIECE_DIAGRAM_PARAMS({ uri: 'file:///a.lcpn', position, blockers: [{ square: 'e4', side: 'neutral' }] })).toBe("blockers[0].side must be 'friend' or 'enemy'");
        expect(PIECE_DIAGRAM_PARAMS({ uri: 'file:///a.lcpn' })).toBe('position must be an object');
    });
});

describe('client URIs', () => {
    test('a URI Langium respells is given back as the client sent it, in results; others are untouched', () => {
        const uris = new ClientUris();
        const unchanged = { uri: 'file:///b.lcpn', range };
        expect(uris.toClient(unchanged)).toBe(unchanged);
        uris.opened('file:///caf%E9.lcpn');
        uris.opened('file:///plain.lcpn');
        const normalized = 'file:///caf%25E9.lcpn';
        const result = {
            locations: [{ uri: normalized, range }, { targetUri: normalized, targetRange: range }, unchanged],
            edit: { changes: { [normalized]: [{ range, newText: 'x' }], 'file:///plain.lcpn': [] } },
            data: [1, 2, 3]
        };
        const spelled = uris.toClient(result);
        expect(spelled.locations[0]).toEqual({ uri: 'file:///caf%E9.lcpn', range });
        expect(spelled.locations[1]).toEqual({ targetUri: 'file:///caf%E9.lcpn', targetRange: range });
        expect(spelled.locations[2]).toBe(unchanged);
        expect(Object.keys(spelled.edit.changes)).toEqual(['file:///caf%E9.lcpn', 'file:///plain.lcpn']);
        expect(spelled.data).toBe(result.data);
        expect((result.locations[0] as { uri: string }).uri).toBe(normalized); // the original is not changed
        uris.forget(normalized);
        expect(uris.of(normalized)).toBe(normalized);
    });
});
