/**
 * The VS Code web extension (vscode.dev, github.dev, code-server): package.json's `browser`
 * entry. The same client as client/src/extension.ts, except that the language server is a
 * web worker (dist/server/browser.js, server/src/browser/main.ts) and the client is
 * vscode-languageclient's browser one. Commands, the prelude's read-only URI and the diagram
 * panel are the desktop extension's.
 */
import * as vscode from 'vscode';
import { LanguageClient } from 'vscode-languageclient/browser.js';
import { ConversionMessages, lcpnClientOptions, registerCommands, registerPreludeProvider } from '../activation.js';
import { answerFileRequests } from './file-system.js';

/** The web extension host's globals (this project's TypeScript has no DOM library). */
declare const Worker: new (url: string, options?: { name?: string }) => ConstructorParameters<typeof LanguageClient>[3];
declare const Blob: new (parts: string[], options: { type: string }) => unknown;
declare const URL: { createObjectURL(blob: unknown): string };

let client: LanguageClient | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<{ readonly client: LanguageClient }> {
    const worker = new Worker(await workerUrl(vscode.Uri.joinPath(context.extensionUri, 'dist', 'server', 'browser.js')), { name: 'LCPN Language Server' });
    // In a browser, a workspace's files come under other schemes than file: (github.dev's
    // vscode-vfs, code-server's vscode-remote, test hosts' memfs).
    const conversions = new ConversionMessages();
    const clientOptions = lcpnClientOptions(['file', 'untitled', 'vscode-vfs', 'vscode-remote', 'memfs', 'vscode-test-web'], conversions);
    const languageClient = client = new LanguageClient('lcpn', 'LCPN Language Server', clientOptions, worker);
    context.subscriptions.push(
        registerPreludeProvider(context),
        languageClient,
        conversions,
        // The worker reads the workspace's .lcpn files through VS Code (a browser has no disk).
        ...answerFileRequests(languageClient),
        ...registerCommands(context, languageClient, conversions)
    );

    await languageClient.start();
    return { client: languageClient };
}

/**
 * A URL a worker can start from. vscode.dev serves extensions over https; a remote host
 * (code-server, Codespaces) names them vscode-remote:, which a browser cannot load: the
 * script is then read through VS Code's file system and started from a blob: URL.
 */
async function workerUrl(script: vscode.Uri): Promise<string> {
    if (script.scheme === 'http' || script.scheme === 'https') return script.toString(true);
    const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(script));
    return URL.createObjectURL(new Blob([text], { type: 'text/javascript' }));
}

export async function deactivate(): Promise<void> {
    await client?.stop();
    client = undefined;
}
