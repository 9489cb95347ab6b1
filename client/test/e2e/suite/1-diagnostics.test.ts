import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { State } from 'vscode-languageclient/node.js';
import { activateExtension, errorsOf, openFile, waitFor, workspaceFile } from '../helpers.js';

suite('Language server and diagnostics', () => {
    test('the extension activates and its language server runs', async () => {
        const api = await activateExtension();
        await waitFor('the language client to be running', () => (api.client.state === State.Running ? true : undefined), 30_000);
        assert.ok(api.client.initializeResult?.capabilities, 'the server sent no capabilities');
    });

    test('a syntax error gets a located error diagnostic', async () => {
        const editor = await openFile('broken.lcpn');
        const errors = await waitFor('an error in broken.lcpn', () => {
            const found = errorsOf(editor.document.uri);
            return found.length > 0 ? found : undefined;
        }, 45_000);
        const badLine = editor.document.getText().split('\n').findIndex((line) => line.startsWith('broken :='));
        assert.ok(errors.some((e) => e.range.start.line === badLine), `no error on line ${badLine + 1}: ${JSON.stringify(errors.map((e) => [e.range.start.line, e.message]))}`);
        assert.ok(errors.every((e) => e.message.length > 10), 'an error without a message');
    });

    test('the clean fixtures have no errors', async () => {
        const files = [workspaceFile('pieces.lcpn'), workspaceFile('uses.lcpn'), workspaceFile('convert.lcpn'), workspaceFile('variant.lcpn'), workspaceFile('hexagonal.lcpn'), workspaceFile('play.lcpn')];
        for (const uri of files) {
            const editor = await vscode.window.showTextDocument(uri, { preview: false });
            assert.equal(editor.document.languageId, 'lcpn');
        }
        // The server validates the whole workspace in one build; broken.lcpn has its diagnostics already.
        for (const uri of files) assert.deepEqual(errorsOf(uri).map((e) => `${e.range.start.line + 1}: ${e.message}`), [], uri.path);
    });
});
