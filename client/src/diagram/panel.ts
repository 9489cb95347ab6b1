/**
 * "Show movement diagram": a webview beside the editor for the piece under the cursor. It follows
 * the cursor and edits of LCPN documents; clicks on its squares place and remove blockers.
 */
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node.js';
import { PIECE_DIAGRAM_REQUEST, type PieceDiagramParams, type PieceDiagramResult } from '../protocol.js';
import { DiagramController, type DiagramSettings, type DiagramTarget } from './controller.js';
import { renderShell, makeNonce } from './html.js';
import { isDiagramStyle, type DiagramView } from './messages.js';
import { clampBoard } from './squares.js';

const VIEW_TYPE = 'lcpn.diagram';

export function readDiagramSettings(): DiagramSettings {
    const config = vscode.workspace.getConfiguration('lcpn.diagram');
    const style = config.get<string>('style');
    const delay = config.get<number>('updateDelay');
    return {
        board: clampBoard(config.get('files'), config.get('ranks')),
        style: isDiagramStyle(style) ? style : 'image',
        delayMs: typeof delay === 'number' && delay >= 0 ? delay : 250
    };
}

export class DiagramPanel implements vscode.Disposable {
    private static instance: DiagramPanel | undefined;

    private readonly controller: DiagramController;
    private readonly disposables: vscode.Disposable[] = [];
    private disposed = false;

    /** The open panel, if any. */
    static get current(): DiagramPanel | undefined {
        return DiagramPanel.instance;
    }

    /** Opens the panel beside the editor (or reveals it) and shows the piece under the cursor. */
    static async show(extensionUri: vscode.Uri, client: LanguageClient, editor: vscode.TextEditor | undefined): Promise<DiagramPanel> {
        let panel = DiagramPanel.instance;
        if (panel) {
            panel.panel.reveal(vscode.ViewColumn.Beside, true);
        } else {
            const webviewPanel = vscode.window.createWebviewPanel(VIEW_TYPE, 'Movement diagram',
                { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
                { enableScripts: true, localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'dist', 'client')] });
            panel = DiagramPanel.instance = new DiagramPanel(webviewPanel, extensionUri, client);
        }
        if (editor && editor.document.languageId === 'lcpn') await panel.controller.show(targetOf(editor));
        return panel;
    }

    private constructor(private readonly panel: vscode.WebviewPanel, extensionUri: vscode.Uri, client: LanguageClient) {
        this.controller = new DiagramController({
            request: (params: PieceDiagramParams) => client.sendRequest<PieceDiagramResult | null>(PIECE_DIAGRAM_REQUEST, params),
            post: (message) => void panel.webview.postMessage(message),
            settings: readDiagramSettings
        });
        const webview = panel.webview;
        panel.iconPath = vscode.Uri.joinPath(extensionUri, 'images', 'icon.png');
        webview.html = renderShell({
            cspSource: webview.cspSource,
            scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'dist', 'client', 'diagram-view.js')).toString(),
            nonce: makeNonce(),
            title: 'Movement diagram'
        });
        this.disposables.push(
            webview.onDidReceiveMessage((message) => this.controller.handleMessage(message)),
            panel.onDidDispose(() => this.dispose()),
            vscode.window.onDidChangeTextEditorSelection((event) => {
                if (event.textEditor.document.languageId === 'lcpn') this.controller.schedule(targetOf(event.textEditor));
            }),
            vscode.workspace.onDidChangeTextDocument((event) => {
                const editor = vscode.window.activeTextEditor;
                if (event.contentChanges.length > 0 && editor?.document === event.document && editor.document.languageId === 'lcpn') {
                    this.controller.schedule(targetOf(editor));
                }
            }),
            vscode.workspace.onDidChangeConfiguration((event) => {
                if (event.affectsConfiguration('lcpn.diagram')) void this.controller.refresh();
            })
        );
    }

    /** The diagram on screen. */
    get view(): DiagramView | undefined {
        return this.controller.current;
    }

    /** Fires after each diagram is sent to the webview. */
    onDidRender(listener: (view: DiagramView) => void): vscode.Disposable {
        return new vscode.Disposable(this.controller.onDidRender(listener).dispose);
    }

    /** The same path a click in the webview takes. */
    receive(message: unknown): Promise<void> {
        return this.controller.handleMessage(message);
    }

    dispose(): void {
        if (this.disposed) return;
        this.disposed = true;
        if (DiagramPanel.instance === this) DiagramPanel.instance = undefined;
        this.controller.dispose();
        for (const disposable of this.disposables.splice(0)) disposable.dispose();
        this.panel.dispose();
    }
}

function targetOf(editor: vscode.TextEditor): DiagramTarget {
    const { line, character } = editor.selection.active;
    return { uri: editor.document.uri.toString(), position: { line, character } };
}
