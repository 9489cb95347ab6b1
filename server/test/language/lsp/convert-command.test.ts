/** `lcpn.convertDocument`: what it answers (the message shown to the user, and the facts behind it). */
import { clearDocuments } from 'langium/test';
import { beforeAll, expect, test } from 'vitest';
import { ErrorCodes } from 'vscode-languageserver';
import type { ConvertDocumentResult } from '../../../src/lsp/protocol.js';
import { createTestServices } from '../../test-services.js';
import { validated } from '../../lsp-helpers.js';

let services: Awaited<ReturnType<typeof createTestServices>>;
beforeAll(async () => {
    services = await createTestServices();
});

test('says how many definitions were converted and which were left as written, with their lines', async () => {
    const document = await validated('(def knight [1 2])\nbad := (wazir / \n(def g (/))\n(def q (/ rook bishop))\n', { services: services.Lcpn });
    const result = await services.shared.lsp.ExecuteCommandHandler!.executeCommand('lcpn.convertDocument', [document.uri.toString(), 'sql']) as ConvertDocumentResult;
    expect(result.converted).toBe(2);
    expect(result.leftAsWritten.map((l) => [l.name, l.line])).toEqual([['bad', 2], ['g', 3]]);
    expect(result.message).toBe("Converted 2 definitions to SQL style; left 2 as written because they have errors: 'bad' (line 2), 'g' (line 3).");
    await clearDocuments(services.shared, [document]);
});

test('bad arguments are refused as InvalidParams with a message, not an internal error', async () => {
    const handler = services.shared.lsp.ExecuteCommandHandler!;
    const refused = (message: RegExp) => expect.objectContaining({ code: ErrorCodes.InvalidParams, message: expect.stringMatching(message) });
    await expect(handler.executeCommand('lcpn.convertDocument', ['file:///nowhere/x.lcpn', 'lisp'])).rejects.toEqual(refused(/not an open LCPN document/));
    await expect(handler.executeCommand('lcpn.convertDocument', ['file:///nowhere/x.lcpn', 'cobol'])).rejects.toEqual(refused(/expects \[uri/));
    await expect(handler.executeCommand('lcpn.convertDocument', [])).rejects.toEqual(refused(/expects \[uri/));
});
