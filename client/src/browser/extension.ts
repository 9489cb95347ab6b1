/**
 * The VS Code web extension (vscode.dev, github.dev, code-server): package.json's `browser`
 * entry. The same client as client/src/extension.ts, except that the language server is a
 * web worker (dist/server/browser.js, server/src/browser/main.ts) and the client is
 * vscode-languageclient's browser one. Commands, the prelude's read-only URI and the diagram
 * panel are the desktop extension's.
 */
import * as vscode from 'vscode';
import { ExecuteCommandRequest, LanguageClient, type LanguageClientOptions } from 'vscode-languageclient/browser.js';
import { DiagramPanel, targetOf } from '../diagram/panel.js';
import { answerFileRequests } from './file-system.js';
import { CONVERT_DOCUMENT_COMMAND, EXPORT_DIAGRAM_COMMAND, type ConvertDocumentArguments, type ExportDiagramArguments, type SurfaceStyle } from '../protocol.js';

/** The web extension host's globals (this project's TypeScript has no DOM library). */
declare const Worker: new (url: string, options?: { name?: string }) => ConstructorParameters<typeof LanguageClient>[3];
declare const Blob: new (parts: string[], options: { type: string }) => unknown;
declare const URL: { createObjectURL(blob: unknown): string };

const PRELUDE_SCHEME = 'lcpn-prelude';

let client: LanguageClient | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<{ readonly client: LanguageClient }> {
    const worker = new Worker(await workerUrl(vscode.Uri.joinPath(context.extensionUri, 'dist', 'server', 'browser.js')), { name: 'LCPN Language Server' });
    const preludeFile = vscode.Uri.joinPath(context.extensionUri, 'dist', 'server', 'prelude', 'standard.lcpn');
    context.subscriptions.push(vscode.workspace.registerTextDocumentContentProvider(PRELUDE_SCHEME, {
        provideTextDocumentContent: async () => new TextDecoder().decode(await vscode.workspace.fs.readFile(preludeFile))
    }));
    const clientOptions: LanguageClientOptions = {
        // In a browser, a workspace's files come under other schemes than file: (github.dev's
        // vscode-vfs, code-server's vscode-remote, test hosts' memfs); never the copies that diff
        // and history views open (git:, ...), which would look like duplicate definitions.
        documentSelector: ['file', 'untitled', 'vscode-vfs', 'vscode-remote', 'memfs', 'vscode-test-web', PRELUDE_SCHEME]
            .map((scheme) => ({ scheme, language: 'lcpn' })),
        // exportCommand: this client has lcpn.exportDiagram, so hovers may link to it (Save SVG/PNG).
        initializationOptions: { preludeUri: `${PRELUDE_SCHEME}:/standard.lcpn`, exportCommand: true },
        markdown: { isTrusted: { enabledCommands: [EXPORT_DIAGRAM_COMMAND] } },
        synchronize: {
            configurationSection: 'lcpn',
            fileEvents: vscode.workspace.createFileSystemWatcher('**/*.lcpn')
        }
    };
    const languageClient = client = new LanguageClient('lcpn', 'LCPN Language Server', clientOptions, worker);

    const convert = (style: SurfaceStyle) => async (resource?: vscode.Uri): Promise<unknown> => {
        const uri = resource instanceof vscode.Uri ? resource : vscode.window.activeTextEditor?.document.uri;
        if (!uri) {
            void vscode.window.showWarningMessage('Open an LCPN file to convert it.');
            return undefined;
        }
        const args: ConvertDocumentArguments = [uri.toString(), style];
        return languageClient.sendRequest(ExecuteCommandRequest.type, { command: CONVERT_DOCUMENT_COMMAND, arguments: args });
    };

    context.subscriptions.push(
        languageClient,
        // The worker reads the workspace's .lcpn files through VS Code (a browser has no disk).
        ...answerFileRequests(languageClient),
        vscode.commands.registerCommand('lcpn.convertToLisp', convert('lisp')),
        vscode.commands.registerCommand('lcpn.convertToC', convert('c')),
        vscode.commands.registerCommand('lcpn.convertToSql', convert('sql')),
        vscode.commands.registerCommand('lcpn.showDiagram', async () => {
            await DiagramPanel.show(context.extensionUri, languageClient, vscode.window.activeTextEditor);
        }),
        vscode.commands.registerCommand(EXPORT_DIAGRAM_COMMAND, async (raw?: unknown) => {
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

/** The export command's argument, if well-formed (as client/src/extension.ts checks it: a hover link is text anyone could write). */
function exportArguments(raw: unknown): (ExportDiagramArguments & { format: 'svg' | 'png' }) | undefined {
    const value = Array.isArray(raw) ? raw[0] : raw;
    if (typeof value !== 'object' || value === null) return undefined;
    const { uri, position, format } = value as Record<string, unknown>;
    const pos = position as Record<string, unknown> | null | undefined;
    if (typeof uri !== 'string' || typeof pos !== 'object' || pos === null) return undefined;
    if (!Number.isInteger(pos.line) || !Number.isInteger(pos.character) || (pos.line as number) < 0 || (pos.character as number) < 0) return undefined;
    if (format !== undefined && format !== 'svg' && format !== 'png') return undefined;
    return { uri, position: { line: pos.line as number, character: pos.character as number }, format: format ?? 'svg' };
}

export async function deactivate(): Promise<void> {
    await client?.stop();
    client = undefined;
}
