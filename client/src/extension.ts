/**
 * The VS Code client: starts the bundled LCPN language server and forwards a few commands to
 * it. It knows nothing of LCPN itself; everything about the language lives in the server.
 */
import * as vscode from 'vscode';
import {
    ExecuteCommandRequest,
    LanguageClient,
    TransportKind,
    type LanguageClientOptions,
    type ServerOptions
} from 'vscode-languageclient/node.js';
import { DiagramPanel, targetOf } from './diagram/panel.js';
import { exportArguments } from './diagram/export-arguments.js';
import type { DiagramView } from './diagram/messages.js';
import { CONVERT_DOCUMENT_COMMAND, EXPORT_DIAGRAM_COMMAND, type ConvertDocumentArguments, type SurfaceStyle } from './protocol.js';

/** What `activate` returns: used by the integration tests, and by other extensions if they like. */
export interface LcpnExtensionApi {
    readonly client: LanguageClient;
    /** The open movement diagram panel, if any. */
    diagramPanel(): { readonly view: DiagramView | undefined; receive(message: unknown): Promise<void>; onDidRender(listener: (view: DiagramView) => void): vscode.Disposable; setUpOf(piece: string): { at?: string; blockers: { square: string; side: string }[] } } | undefined;
}

let client: LanguageClient | undefined;

const PRELUDE_SCHEME = 'lcpn-prelude';

export async function activate(context: vscode.ExtensionContext): Promise<LcpnExtensionApi> {
    const serverModule = context.asAbsolutePath('dist/server/main.cjs');
    const serverOptions: ServerOptions = {
        run: { module: serverModule, transport: TransportKind.ipc },
        debug: { module: serverModule, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6009'] } }
    };
    // The standard prelude opens read-only: the server names it with this scheme, and the
    // client serves the file the server ships, unchanged (content providers are read-only).
    const preludeFile = vscode.Uri.joinPath(context.extensionUri, 'dist', 'server', 'prelude', 'standard.lcpn');
    context.subscriptions.push(vscode.workspace.registerTextDocumentContentProvider(PRELUDE_SCHEME, {
        provideTextDocumentContent: async () => new TextDecoder().decode(await vscode.workspace.fs.readFile(preludeFile))
    }));
    const clientOptions: LanguageClientOptions = {
        // Files, unsaved buffers and the prelude; not the copies that diff and history views
        // open under other schemes, which would look like duplicate definitions.
        documentSelector: [{ scheme: 'file', language: 'lcpn' }, { scheme: 'untitled', language: 'lcpn' }, { scheme: PRELUDE_SCHEME, language: 'lcpn' }],
        initializationOptions: { preludeUri: `${PRELUDE_SCHEME}:/standard.lcpn`, exportCommand: true },
        // Hovers may link to the export command, and to nothing else.
        markdown: { isTrusted: { enabledCommands: [EXPORT_DIAGRAM_COMMAND] } },
        synchronize: {
            configurationSection: 'lcpn',
            fileEvents: vscode.workspace.createFileSystemWatcher('**/*.lcpn')
        }
    };
    const languageClient = client = new LanguageClient('lcpn', 'LCPN Language Server', serverOptions, clientOptions);

    const convert = (style: SurfaceStyle) => async (resource?: vscode.Uri): Promise<unknown> => {
        const uri = resource instanceof vscode.Uri ? resource : vscode.window.activeTextEditor?.document.uri;
        if (!uri) {
            void vscode.window.showWarningMessage('Open an LCPN file to convert it.');
            return undefined;
        }
        const args: ConvertDocumentArguments = [uri.toString(), style];
        // The server answers with a workspace/applyEdit of its own.
        return languageClient.sendRequest(ExecuteCommandRequest.type, { command: CONVERT_DOCUMENT_COMMAND, arguments: args });
    };

    context.subscriptions.push(
        languageClient,
        vscode.commands.registerCommand('lcpn.convertToLisp', convert('lisp')),
        vscode.commands.registerCommand('lcpn.convertToC', convert('c')),
        vscode.commands.registerCommand('lcpn.convertToSql', convert('sql')),
        vscode.commands.registerCommand('lcpn.showDiagram', async () => {
            await DiagramPanel.show(context.extensionUri, languageClient, vscode.window.activeTextEditor);
        }),
        vscode.commands.registerCommand(EXPORT_DIAGRAM_COMMAND, async (raw?: unknown) => {
            // From a hover link (arguments given) or the palette (the piece under the cursor).
            const args = exportArguments(raw);
            const editor = vscode.window.activeTextEditor;
            const target = args ?? (editor?.document.languageId === 'lcpn' ? targetOf(editor) : undefined);
            if (!target) {
                void vscode.window.showWarningMessage('Put the cursor on a piece in an LCPN file to export its diagram.');
                return;
            }
            const panel = await DiagramPanel.showTarget(context.extensionUri, languageClient, target);
            await panel.export(args?.format ?? 'svg', 'save');
        }),
        { dispose: () => DiagramPanel.current?.dispose() }
    );

    await languageClient.start();
    return { client: languageClient, diagramPanel: () => DiagramPanel.current };
}

export async function deactivate(): Promise<void> {
    await client?.stop();
    client = undefined;
}
