/**
 * "Show movement diagram": a webview beside the editor for the piece under the cursor. It follows
 * the cursor and edits of LCPN documents; clicks on its squares place and remove blockers.
 */
import * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import {
    PIECE_DIAGRAM_REQUEST, PLAY_GAMES_REQUEST, POSITION_DIAGRAM_REQUEST, type PieceDiagramParams, type PieceDiagramResult, type PlayGamesParams, type PlayGamesResult,
    type PositionDiagramParams, type PositionDiagramResult
} from '../../../server/src/lsp/protocol.js';
import { DiagramController, type DiagramSettings, type DiagramTarget, type PieceSetUp } from './controller.js';
import { renderShell, makeNonce } from './html.js';
import { isDiagramStyle, isPlayMessage, isPositionMessage, parseFromWebview, type DiagramView, type ExportAction, type ExportFormat, type PlayMessage } from './messages.js';
import { PlayController } from './play-controller.js';
import { PositionController, type PositionView } from './position-controller.js';

const VIEW_TYPE = 'lcpn.diagram';

/** The panel's own settings; the board settings are read by the server (the hover's and the panel's alike). */
export function readDiagramSettings(): DiagramSettings {
    const config = vscode.workspace.getConfiguration('lcpn.diagram');
    const style = config.get<string>('style');
    const delay = config.get<number>('updateDelay');
    return {
        style: isDiagramStyle(style) ? style : 'image',
        delayMs: typeof delay === 'number' && delay >= 0 ? delay : 250
    };
}

export class DiagramPanel implements vscode.Disposable {
    private static instance: DiagramPanel | undefined;

    private readonly controller: DiagramController;
    private readonly position: PositionController;
    private readonly play: PlayController;
    private readonly disposables: vscode.Disposable[] = [];
    private disposed = false;
    /** Resolved when the webview's script runs (a message posted before is lost). */
    private readonly ready: Promise<void>;
    private markReady: () => void = () => undefined;

    /** The open panel, if any. */
    static get current(): DiagramPanel | undefined {
        return DiagramPanel.instance;
    }

    /** Opens the panel beside the editor (or reveals it) and shows the piece under the cursor. */
    static async show(extensionUri: vscode.Uri, client: BaseLanguageClient, editor: vscode.TextEditor | undefined): Promise<DiagramPanel> {
        return DiagramPanel.showTarget(extensionUri, client, editor && editor.document.languageId === 'lcpn' ? targetOf(editor) : undefined);
    }

    /** Opens the panel (or reveals it) on its Play tab, for the games of the file in `editor`. */
    static async showPlay(extensionUri: vscode.Uri, client: BaseLanguageClient, editor: vscode.TextEditor | undefined): Promise<DiagramPanel> {
        const panel = await DiagramPanel.show(extensionUri, client, editor);
        await panel.ready;
        await panel.panel.webview.postMessage({ type: 'show-tab', tab: 'play' });
        await panel.play.open();
        return panel;
    }

    /** Opens the panel (or reveals it) on the piece at `target` (a hover's command link gives one). */
    static async showTarget(extensionUri: vscode.Uri, client: BaseLanguageClient, target: DiagramTarget | undefined): Promise<DiagramPanel> {
        let panel = DiagramPanel.instance;
        if (panel) {
            panel.panel.reveal(vscode.ViewColumn.Beside, true);
        } else {
            const webviewPanel = vscode.window.createWebviewPanel(VIEW_TYPE, 'Movement diagram',
                { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
                // The Play view's game in progress and its computer's worker live in the webview: kept while the panel is hidden.
                { enableScripts: true, retainContextWhenHidden: true, localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'dist', 'client')] });
            panel = DiagramPanel.instance = new DiagramPanel(webviewPanel, extensionUri, client);
        }
        if (target) await panel.controller.show(target);
        return panel;
    }

    private constructor(private readonly panel: vscode.WebviewPanel, extensionUri: vscode.Uri, client: BaseLanguageClient) {
        this.ready = new Promise((resolve) => {
            this.markReady = resolve;
        });
        this.controller = new DiagramController({
            request: (params: PieceDiagramParams) => client.sendRequest<PieceDiagramResult | null>(PIECE_DIAGRAM_REQUEST, params),
            post: (message) => void panel.webview.postMessage(message),
            settings: readDiagramSettings,
            save: saveExport,
            copyText: (text) => Promise.resolve(vscode.env.clipboard.writeText(text))
        });
        this.position = new PositionController({
            request: (params: PositionDiagramParams) => client.sendRequest<PositionDiagramResult | null>(POSITION_DIAGRAM_REQUEST, params),
            post: (message) => void panel.webview.postMessage('result' in message
                ? { type: 'position', view: message }
                : { type: 'position-status', message: message.status, kind: message.kind }),
            uri: () => this.controller.targetUri,
            piece: () => this.controller.current?.piece
        });
        this.play = new PlayController({
            request: (params: PlayGamesParams) => client.sendRequest<PlayGamesResult | null>(PLAY_GAMES_REQUEST, params),
            post: (message) => void panel.webview.postMessage(message),
            uri: () => {
                const editor = vscode.window.activeTextEditor;
                return editor?.document.languageId === 'lcpn' ? editor.document.uri.toString() : this.controller.targetUri;
            },
            label: (uri) => vscode.workspace.asRelativePath(vscode.Uri.parse(uri)),
            delayMs: 500
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
            webview.onDidReceiveMessage((message) => this.receive(message)),
            // The document changed or the cursor moved to another piece: the open position view follows.
            this.onDidRender(() => {
                if (this.position.isOpen) void this.position.refresh();
            }),
            panel.onDidDispose(() => this.dispose()),
            vscode.window.onDidChangeTextEditorSelection((event) => {
                if (event.textEditor.document.languageId === 'lcpn') this.controller.schedule(targetOf(event.textEditor));
            }),
            vscode.window.onDidChangeActiveTextEditor((editor) => {
                if (editor?.document.languageId === 'lcpn') this.play.schedule();
            }),
            vscode.workspace.onDidChangeTextDocument((event) => {
                if (event.contentChanges.length > 0 && event.document.languageId === 'lcpn') this.play.schedule();
                const editor = vscode.window.activeTextEditor;
                if (event.contentChanges.length > 0 && editor?.document === event.document && editor.document.languageId === 'lcpn') {
                    this.controller.schedule(targetOf(editor));
                }
            }),
            vscode.workspace.onDidChangeConfiguration((event) => {
                if (event.affectsConfiguration('lcpn.diagram')) this.controller.refreshLater();
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

    /** The square and blockers the user set up for a piece. */
    setUpOf(piece: string): PieceSetUp {
        return this.controller.setUpOf(piece);
    }

    /** Saves or copies the diagram on screen (PNG goes through the webview's canvas). */
    export(format: ExportFormat, action: ExportAction): Promise<void> {
        return this.controller.export(format, action);
    }

    /** The position on screen in the position view, if any. */
    get positionView(): PositionView | undefined {
        return this.position.current;
    }

    /** The same path a click in the webview takes. */
    receive(message: unknown): Promise<void> {
        const parsed = parseFromWebview(message);
        if (parsed?.type === 'ready') this.markReady();
        if (parsed && isPositionMessage(parsed)) return this.position.handleMessage(parsed);
        if (parsed && isPlayMessage(parsed)) return this.handlePlay(parsed);
        return this.controller.handleMessage(message);
    }

    /** The Play view's requests: its games, and PGN files and the clipboard, which the webview cannot reach. */
    private async handlePlay(message: PlayMessage): Promise<void> {
        switch (message.type) {
            case 'play-open': return this.play.open();
            case 'play-copy': return vscode.env.clipboard.writeText(message.text);
            case 'play-save-pgn': {
                const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
                const target = await vscode.window.showSaveDialog({
                    defaultUri: folder ? vscode.Uri.joinPath(folder, message.fileName) : undefined,
                    filters: { PGN: ['pgn'] },
                    saveLabel: 'Save PGN'
                });
                if (!target) return;
                await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(message.text));
                void this.panel.webview.postMessage({ type: 'play-status', message: `Saved ${vscode.workspace.asRelativePath(target)}.`, kind: 'info' });
                return;
            }
            case 'play-open-pgn': {
                const [file] = await vscode.window.showOpenDialog({ canSelectMany: false, filters: { PGN: ['pgn'] }, openLabel: 'Load PGN' }) ?? [];
                if (!file) return;
                const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(file));
                void this.panel.webview.postMessage({ type: 'play-pgn', text });
                return;
            }
        }
    }

    dispose(): void {
        if (this.disposed) return;
        this.disposed = true;
        if (DiagramPanel.instance === this) DiagramPanel.instance = undefined;
        this.controller.dispose();
        this.position.dispose();
        this.play.dispose();
        for (const disposable of this.disposables.splice(0)) disposable.dispose();
        this.panel.dispose();
    }
}

/** A save dialog next to the workspace; the file is written through VS Code's file system. */
async function saveExport(file: { name: string; format: ExportFormat; content: string | Uint8Array }): Promise<string | undefined> {
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    const target = await vscode.window.showSaveDialog({
        defaultUri: folder ? vscode.Uri.joinPath(folder, file.name) : undefined,
        filters: file.format === 'svg' ? { 'SVG image': ['svg'] } : { 'PNG image': ['png'] },
        saveLabel: `Save ${file.format.toUpperCase()}`
    });
    if (!target) return undefined;
    const bytes = typeof file.content === 'string' ? new TextEncoder().encode(file.content) : file.content;
    await vscode.workspace.fs.writeFile(target, bytes);
    return vscode.workspace.asRelativePath(target);
}

export function targetOf(editor: vscode.TextEditor): DiagramTarget {
    const { line, character } = editor.selection.active;
    return { uri: editor.document.uri.toString(), position: { line, character } };
}
