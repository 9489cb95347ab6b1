/** Shared helpers of the integration suite: the extension, the fixture workspace, waiting. */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { LcpnExtensionApi } from '../../src/extension.js';

export const EXTENSION_ID = 'lcpn.lcpn';

export async function activateExtension(): Promise<LcpnExtensionApi> {
    const extension = vscode.extensions.getExtension<LcpnExtensionApi>(EXTENSION_ID);
    assert.ok(extension, `extension ${EXTENSION_ID} is not installed`);
    const api = await extension.activate();
    assert.ok(api?.client, 'activate() returned no language client');
    return api;
}

export function workspaceFile(...segments: string[]): vscode.Uri {
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'no workspace folder is open');
    return vscode.Uri.joinPath(folder.uri, ...segments);
}

export async function openFile(...segments: string[]): Promise<vscode.TextEditor> {
    const document = await vscode.workspace.openTextDocument(workspaceFile(...segments));
    assert.equal(document.languageId, 'lcpn', `${segments.join('/')} did not open as an LCPN document`);
    return vscode.window.showTextDocument(document, { preview: false });
}

/** The position of the `occurrence`-th (1-based) match of `text` in the document, `offset` characters in. */
export function positionOf(document: vscode.TextDocument, text: string, occurrence = 1, offset = 1): vscode.Position {
    let index = -1;
    for (let i = 0; i < occurrence; i++) {
        index = document.getText().indexOf(text, index + 1);
        assert.notEqual(index, -1, `"${text}" (occurrence ${occurrence}) not found in ${document.uri.path}`);
    }
    return document.positionAt(index + offset);
}

/** Polls `probe` until it returns something other than undefined, or fails with `what`. */
export async function waitFor<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 30_000, intervalMs = 200): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    let lastError: unknown;
    for (;;) {
        try {
            const value = await probe();
            if (value !== undefined) return value;
        } catch (error) {
            lastError = error;
        }
        if (Date.now() > deadline) {
            const detail = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
            throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}${detail}`);
        }
        await sleep(intervalMs);
    }
}

export function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, ms));
}

export function errorsOf(uri: vscode.Uri): vscode.Diagnostic[] {
    return vscode.languages.getDiagnostics(uri).filter((d) => d.severity === vscode.DiagnosticSeverity.Error);
}

/** The text of hover contents, whatever form each part has. */
export function hoverText(hovers: vscode.Hover[]): string {
    return hovers.flatMap((h) => h.contents).map((c) => (typeof c === 'string' ? c : 'value' in c ? c.value : '')).join('\n');
}
