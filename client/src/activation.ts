/**
 * What the desktop extension (extension.ts, the server as a Node process) and the web extension
 * (browser/extension.ts, the server in a web worker) share: the read-only prelude, the client
 * options every LCPN client sends, and the commands. Each entry point only adds its transport.
 */
import * as vscode from 'vscode';
import { ExecuteCommandRequest, type BaseLanguageClient, type LanguageClientOptions } from 'vscode-languageclient';
import { DiagramPanel, targetOf } from './diagram/panel.js';
import { exportArguments } from './diagram/export-arguments.js';
import {
    CONVERT_DOCUMENT_COMMAND, EXPORT_DIAGRAM_COMMAND, PRELUDE_SCHEME, VIRTUAL_PRELUDE_URI,
    type ConvertDocumentArguments, type LcpnInitializationOptions, type SurfaceStyle
} from '../../server/src/lsp/protocol.js';

/** Serves the prelude file the extension ships, unchanged (content providers are read-only). */
export function registerPreludeProvider(context: vscode.ExtensionContext): vscode.Disposable {
    const preludeFile = vscode.Uri.joinPath(context.extensionUri, 'dist', 'server', 'prelude', 'standard.lcpn');
    return vscode.workspace.registerTextDocumentContentProvider(PRELUDE_SCHEME, {
        provideTextDocumentContent: async () => new TextDecoder().decode(await vscode.workspace.fs.readFile(preludeFile))
    });
}

/**
 * The client options of both extensions. `schemes`: where the workspace's documents live (never
 * the copies that diff and history views open under other schemes, which would look like
 * duplicate definitions); the prelude's scheme is added here.
 */
export function lcpnClientOptions(schemes: readonly string[]): LanguageClientOptions {
    return {
        documentSelector: [...schemes, PRELUDE_SCHEME].map((scheme) => ({ scheme, language: 'lcpn' })),
        // exportCommand: this client has lcpn.exportDiagram, so hovers may link to it (Save SVG/PNG).
        initializationOptions: { preludeUri: VIRTUAL_PRELUDE_URI, exportCommand: true } satisfies LcpnInitializationOptions,
        // Hovers may link to the export command, and to nothing else.
        markdown: { isTrusted: { enabledCommands: [EXPORT_DIAGRAM_COMMAND] } },
        synchronize: {
            configurationSection: 'lcpn',
            fileEvents: vscode.workspace.createFileSystemWatcher('**/*.lcpn')
        }
    };
}

/** The extension's commands: conversions (done by the server), the diagram panel, and export. */
export function registerCommands(context: vscode.ExtensionContext, client: BaseLanguageClient): vscode.Disposable[] {
    const convert = (style: SurfaceStyle) => async (resource?: vscode.Uri): Promise<unknown> => {
        const uri = resource instanceof vscode.Uri ? resource : vscode.window.activeTextEditor?.document.uri;
        if (!uri) {
            void vscode.window.showWarningMessage('Open an LCPN file to convert it.');
            return undefined;
        }
        const args: ConvertDocumentArguments = [uri.toString(), style];
        // The server answers with a workspace/applyEdit of its own.
        return client.sendRequest(ExecuteCommandRequest.type, { command: CONVERT_DOCUMENT_COMMAND, arguments: args });
    };
    return [
        vscode.commands.registerCommand('lcpn.convertToLisp', convert('lisp')),
        vscode.commands.registerCommand('lcpn.convertToC', convert('c')),
        vscode.commands.registerCommand('lcpn.convertToSql', convert('sql')),
        vscode.commands.registerCommand('lcpn.showDiagram', async () => {
            await DiagramPanel.show(context.extensionUri, client, vscode.window.activeTextEditor);
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
            const panel = await DiagramPanel.showTarget(context.extensionUri, client, target);
            await panel.export(args?.format ?? 'svg', 'save');
        }),
        { dispose: () => DiagramPanel.current?.dispose() }
    ];
}
