/**
 * What the desktop extension (extension.ts, the server as a Node process) and the web extension
 * (browser/extension.ts, the server in a web worker) share: the read-only prelude, the client
 * options every LCPN client sends, and the commands. Each entry point only adds its transport.
 */
import * as vscode from 'vscode';
import { ExecuteCommandRequest, type BaseLanguageClient, type LanguageClientOptions } from 'vscode-languageclient';
import { DiagramPanel, targetOf } from './diagram/panel.js';
import { exportArguments } from './diagram/export-arguments.js';
import { conversionReport } from './conversion-report.js';
import {
    CONVERT_DOCUMENT_COMMAND, EXPORT_DIAGRAM_COMMAND, FSF_INI_LANGUAGE, FSF_SECTION_COMMAND, OPEN_FSF_SECTION_COMMAND, PRELUDE_SCHEME, VIRTUAL_PRELUDE_URI,
    type ConvertDocumentArguments, type ConvertDocumentResult, type FsfSectionArguments, type FsfSectionResult, type LcpnInitializationOptions, type SurfaceStyle
} from '../../server/src/lsp/protocol.js';

/** Serves the prelude file the extension ships, unchanged (content providers are read-only). */
export function registerPreludeProvider(context: vscode.ExtensionContext): vscode.Disposable {
    const preludeFile = vscode.Uri.joinPath(context.extensionUri, 'dist', 'server', 'prelude', 'standard.lcpn');
    return vscode.workspace.registerTextDocumentContentProvider(PRELUDE_SCHEME, {
        provideTextDocumentContent: async () => new TextDecoder().decode(await vscode.workspace.fs.readFile(preludeFile))
    });
}

/**
 * Tells the user what a whole-file conversion did: a short notification, and with a "Show
 * Details" button when definitions were left as written, the list in the LCPN output channel.
 */
export class ConversionMessages implements vscode.Disposable {
    private channel: vscode.OutputChannel | undefined;

    async show(result: unknown, args: readonly unknown[]): Promise<void> {
        const [uri, style] = args;
        if (!isConvertDocumentResult(result) || typeof uri !== 'string' || (style !== 'lisp' && style !== 'c' && style !== 'sql')) return;
        const file = vscode.workspace.asRelativePath(vscode.Uri.parse(uri));
        const report = conversionReport(result, file, style);
        if (report.details.length === 0) {
            void (report.severity === 'info' ? vscode.window.showInformationMessage(report.message) : vscode.window.showWarningMessage(report.message));
            return;
        }
        if (await vscode.window.showWarningMessage(report.message, 'Show Details') !== 'Show Details') return;
        this.channel ??= vscode.window.createOutputChannel('LCPN');
        this.channel.clear();
        this.channel.appendLine(report.details.join('\n'));
        this.channel.show(true);
    }

    dispose(): void {
        this.channel?.dispose();
    }
}

function isConvertDocumentResult(value: unknown): value is ConvertDocumentResult {
    const result = value as ConvertDocumentResult | null | undefined;
    return typeof result?.message === 'string' && typeof result.applied === 'boolean' && Array.isArray(result.leftAsWritten);
}

/**
 * The client options of both extensions. `schemes`: where the workspace's documents live (never
 * the copies that diff and history views open under other schemes, which would look like
 * duplicate definitions); the prelude's scheme is added here. A conversion run from a code
 * action (the server's command, run by the client) is reported through `conversions`.
 */
export function lcpnClientOptions(schemes: readonly string[], conversions: ConversionMessages): LanguageClientOptions {
    const initializationOptions: LcpnInitializationOptions = {
        preludeUri: VIRTUAL_PRELUDE_URI,
        // This client has lcpn.exportDiagram, so hovers may link to it (Save SVG/PNG).
        exportCommand: true,
        showsConversionResult: true,
        // It opens a converted variants.ini section as a new document (lcpn.convertIniSection).
        openSectionCommand: true
    };
    return {
        // Fairy-Stockfish variants.ini files too (the server serves them apart from LCPN: lsp/fsf-ini.ts).
        documentSelector: [
            ...[...schemes, PRELUDE_SCHEME].map((scheme) => ({ scheme, language: 'lcpn' })),
            ...schemes.map((scheme) => ({ scheme, language: FSF_INI_LANGUAGE }))
        ],
        initializationOptions,
        // Hovers may link to the export command, and to nothing else.
        markdown: { isTrusted: { enabledCommands: [EXPORT_DIAGRAM_COMMAND] } },
        synchronize: {
            configurationSection: 'lcpn',
            fileEvents: vscode.workspace.createFileSystemWatcher('**/*.lcpn')
        },
        middleware: {
            executeCommand: async (command, args, next) => {
                const result: unknown = await next(command, args);
                if (command === CONVERT_DOCUMENT_COMMAND) void conversions.show(result, args);
                return result;
            }
        }
    };
}

/** The extension's commands: conversions (done by the server), the diagram panel, and export. */
export function registerCommands(context: vscode.ExtensionContext, client: BaseLanguageClient, conversions: ConversionMessages): vscode.Disposable[] {
    const convert = (style: SurfaceStyle) => async (resource?: vscode.Uri): Promise<unknown> => {
        const uri = resource instanceof vscode.Uri ? resource : vscode.window.activeTextEditor?.document.uri;
        if (!uri) {
            void vscode.window.showWarningMessage('Open an LCPN file to convert it.');
            return undefined;
        }
        const args: ConvertDocumentArguments = [uri.toString(), style];
        // The server answers with a workspace/applyEdit of its own, then with what it did.
        const result: unknown = await client.sendRequest(ExecuteCommandRequest.type, { command: CONVERT_DOCUMENT_COMMAND, arguments: args });
        void conversions.show(result, args);
        return result;
    };
    return [
        vscode.commands.registerCommand(OPEN_FSF_SECTION_COMMAND, (uri?: unknown, line?: unknown, style?: unknown) => openSection(client, uri, line, style)),
        vscode.commands.registerCommand('lcpn.convertToLisp', convert('lisp')),
        vscode.commands.registerCommand('lcpn.convertToC', convert('c')),
        vscode.commands.registerCommand('lcpn.convertToSql', convert('sql')),
        vscode.commands.registerCommand('lcpn.showDiagram', async () => {
            await DiagramPanel.show(context.extensionUri, client, vscode.window.activeTextEditor);
        }),
        vscode.commands.registerCommand('lcpn.play', async () => {
            await DiagramPanel.showPlay(context.extensionUri, client, vscode.window.activeTextEditor);
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

/**
 * A variants.ini section as a new untitled LCPN document: from a code action (`[uri, line,
 * style]`) or from the palette (the section under the cursor, the style chosen).
 */
async function openSection(client: BaseLanguageClient, uri: unknown, line: unknown, style: unknown): Promise<void> {
    let args: FsfSectionArguments;
    if (typeof uri === 'string' && typeof line === 'number') {
        args = [uri, line, style === 'c' || style === 'sql' ? style : 'lisp'];
    } else {
        const editor = vscode.window.activeTextEditor;
        if (editor?.document.languageId !== FSF_INI_LANGUAGE) {
            void vscode.window.showWarningMessage('Put the cursor in a section of a variants.ini file to convert it to LCPN.');
            return;
        }
        const styles: { label: string; style: SurfaceStyle }[] = [{ label: 'Lisp style', style: 'lisp' }, { label: 'C style', style: 'c' }, { label: 'SQL style', style: 'sql' }];
        const chosen = await vscode.window.showQuickPick(styles, { placeHolder: 'Convert the section to LCPN in which style?' });
        if (!chosen) return;
        args = [editor.document.uri.toString(), editor.selection.active.line, chosen.style];
    }
    try {
        const result = await client.sendRequest(ExecuteCommandRequest.type, { command: FSF_SECTION_COMMAND, arguments: args }) as FsfSectionResult;
        const document = await vscode.workspace.openTextDocument({ language: 'lcpn', content: result.text });
        await vscode.window.showTextDocument(document, { preview: false });
    } catch (error) {
        void vscode.window.showWarningMessage(`The section was not converted: ${error instanceof Error ? error.message : String(error)}`);
    }
}
