/**
 * The VS Code client: starts the bundled LCPN language server and forwards a few commands to
 * it. It knows nothing of LCPN itself; everything about the language lives in the server.
 */
import * as vscode from 'vscode';
import { LanguageClient, TransportKind, type ServerOptions } from 'vscode-languageclient/node.js';
import { ConversionMessages, lcpnClientOptions, registerCommands, registerPreludeProvider } from './activation.js';
import { DiagramPanel } from './diagram/panel.js';
import type { DiagramView } from './diagram/messages.js';

/** What `activate` returns: used by the integration tests, and by other extensions if they like. */
export interface LcpnExtensionApi {
    readonly client: LanguageClient;
    /** The open movement diagram panel, if any. */
    diagramPanel(): { readonly view: DiagramView | undefined; receive(message: unknown): Promise<void>; onDidRender(listener: (view: DiagramView) => void): vscode.Disposable; setUpOf(piece: string): { at?: string; blockers: { square: string; side: string }[] } } | undefined;
}

let client: LanguageClient | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<LcpnExtensionApi> {
    const serverModule = context.asAbsolutePath('dist/server/main.cjs');
    const serverOptions: ServerOptions = {
        run: { module: serverModule, transport: TransportKind.ipc },
        debug: { module: serverModule, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6009'] } }
    };
    // Files and unsaved buffers (and the prelude).
    const conversions = new ConversionMessages();
    const languageClient = client = new LanguageClient('lcpn', 'LCPN Language Server', serverOptions, lcpnClientOptions(['file', 'untitled'], conversions));
    context.subscriptions.push(registerPreludeProvider(context), languageClient, conversions, ...registerCommands(context, languageClient, conversions));

    await languageClient.start();
    return { client: languageClient, diagramPanel: () => DiagramPanel.current };
}

export async function deactivate(): Promise<void> {
    await client?.stop();
    client = undefined;
}
