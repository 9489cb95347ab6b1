import * as assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { activateExtension, errorsOf, sleep } from '../helpers.js';

/** A diagnostic's code as the server sent it (`IssueCodes`). */
function codeOf(diagnostic: vscode.Diagnostic): string | undefined {
    const code = diagnostic.code;
    return typeof code === 'object' && code !== null ? String(code.value) : code === undefined ? undefined : String(code);
}

// Last: the examples opened here may stay in VS Code's (and so the server's) documents for a while.
suite('The examples', () => {
    test('each example, opened on its own, has no errors', async () => {
        // The examples live outside the workspace (e2e/run.sh): variant files each define their own
        // rook, knight..., and next to the fixtures every use of the prelude's rook would be ambiguous.
        const directory = process.env.LCPN_E2E_EXAMPLES;
        assert.ok(directory && existsSync(directory), `LCPN_E2E_EXAMPLES names no directory (${String(directory)})`);
        const names = readdirSync(directory).filter((name) => name.endsWith('.lcpn')).sort();
        assert.ok(names.length > 0, `no .lcpn file in ${directory}`);
        const api = await activateExtension();
        const found: Record<string, string[]> = {};
        for (const name of names) {
            const uri = vscode.Uri.file(join(directory, name));
            const editor = await vscode.window.showTextDocument(uri, { preview: false });
            assert.equal(editor.document.languageId, 'lcpn');
            // The diagram request is answered once the document is linked; its validation follows in the same build.
            await api.client.sendRequest('lcpn/pieceDiagram', { uri: uri.toString(), position: { line: 0, character: 0 } }).catch(() => null);
            await sleep(1500);
            // Alone, no name of a file is ambiguous: an ambiguity here comes from an example opened
            // before it that VS Code has not yet let go of, not from this one.
            const errors = errorsOf(uri).filter((e) => codeOf(e) !== 'ambiguous-piece').map((e) => `${e.range.start.line + 1}: ${e.message}`);
            if (errors.length > 0) found[name] = errors;
            await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
        }
        assert.deepEqual(found, {});
    });
});
