/**
 * The playground's LSP client: one document, full-text sync, diagnostics pushed by the server,
 * hover, and the `lcpn/pieceDiagram` and `lcpn/playGames` requests. Only what the page uses, over vscode-jsonrpc.
 */
import { ErrorCodes, ResponseError, type MessageConnection } from 'vscode-jsonrpc/browser.js';
import {
    CLIENT_FS_READ_DIRECTORY, CLIENT_FS_READ_FILE, CLIENT_FS_STAT, PIECE_DIAGRAM_REQUEST, PLAY_GAMES_REQUEST, type Blocker, type LcpnInitializationOptions,
    type PieceDiagramParams, type PieceDiagramResult, type PlayerSide, type PlayGamesParams, type PlayGamesResult
} from '../../server/src/lsp/protocol.js';

export const DOCUMENT_URI = 'file:///playground/pieces.lcpn';
/** The playground's variants.ini document (the server serves it apart from LCPN: lsp/fsf-ini.ts). */
export const INI_URI = 'file:///playground/variants.ini';

/** What the editor holds: LCPN, or a Fairy-Stockfish variants.ini. */
export type TextMode = 'lcpn' | 'fsf-ini';

export interface LspPosition { line: number; character: number }
export interface LspRange { start: LspPosition; end: LspPosition }
export interface LspDiagnostic { range: LspRange; severity?: number; message: string; code?: string | number; data?: { code?: string } }
// The request's shapes have one home, shared with the VS Code client.
export type { Blocker, BoardSize, PlayerSide } from '../../server/src/lsp/protocol.js';
export type PieceDiagram = PieceDiagramResult;
/** What the numbers of a semantic token mean (the server's legend, from `initialize`). */
export interface SemanticTokensLegend { tokenTypes: string[]; tokenModifiers: string[] }

export class LcpnDocumentClient {
    private version = 1;
    private legend: SemanticTokensLegend | undefined;
    /** The one document open in the server: the LCPN text, or the variants.ini text. */
    private uri = DOCUMENT_URI;

    constructor(private readonly connection: MessageConnection) {}

    async initialize(text: string, onDiagnostics: (diagnostics: LspDiagnostic[]) => void): Promise<void> {
        this.connection.onNotification('textDocument/publishDiagnostics', (params: { uri: string; diagnostics: LspDiagnostic[] }) => {
            if (params.uri === this.uri) onDiagnostics(params.diagnostics);
        });
        // The server asks for settings and registrations like any client's; the answers are "none".
        this.connection.onRequest('workspace/configuration', (params: { items: unknown[] }) => params.items.map(() => null));
        this.connection.onRequest('client/registerCapability', () => null);
        this.connection.onRequest('window/workDoneProgress/create', () => null);
        // No other files: an import is told so (the server's file system asks the client, as the web extension's does).
        for (const method of [CLIENT_FS_STAT, CLIENT_FS_READ_FILE, CLIENT_FS_READ_DIRECTORY]) {
            this.connection.onRequest(method, () => new ResponseError(ErrorCodes.InvalidRequest, 'the playground has only this one file, so it can import nothing (imports work in VS Code and the CLI)'));
        }
        this.connection.onNotification('window/logMessage', (params: { message: string }) => console.debug('lcpn:', params.message));
        const initialized = await this.connection.sendRequest('initialize', {
            processId: null,
            rootUri: null,
            workspaceFolders: null,
            clientInfo: { name: 'lcpn playground' },
            initializationOptions: { diagramStyle: 'image' } satisfies LcpnInitializationOptions,
            capabilities: {
                textDocument: {
                    synchronization: { dynamicRegistration: false },
                    hover: { contentFormat: ['markdown', 'plaintext'] },
                    publishDiagnostics: { relatedInformation: false },
                    semanticTokens: {
                        requests: { full: true }, formats: ['relative'], multilineTokenSupport: false, overlappingTokenSupport: false,
                        tokenTypes: [], tokenModifiers: []
                    }
                },
                workspace: { configuration: false }
            }
        }) as { capabilities: { semanticTokensProvider?: { legend?: SemanticTokensLegend } } };
        this.legend = initialized.capabilities.semanticTokensProvider?.legend;
        await this.connection.sendNotification('initialized', {});
        await this.connection.sendNotification('textDocument/didOpen', {
            textDocument: { uri: DOCUMENT_URI, languageId: 'lcpn', version: this.version, text }
        });
    }

    /** The editor now holds the other kind of text: the server closes one document and opens the other. */
    async switchTo(mode: TextMode, text: string): Promise<void> {
        await this.connection.sendNotification('textDocument/didClose', { textDocument: { uri: this.uri } });
        this.uri = mode === 'lcpn' ? DOCUMENT_URI : INI_URI;
        this.version = 1;
        await this.connection.sendNotification('textDocument/didOpen', { textDocument: { uri: this.uri, languageId: mode, version: this.version, text } });
    }

    get mode(): TextMode {
        return this.uri === DOCUMENT_URI ? 'lcpn' : 'fsf-ini';
    }

    change(text: string): void {
        this.version += 1;
        void this.connection.sendNotification('textDocument/didChange', {
            textDocument: { uri: this.uri, version: this.version },
            contentChanges: [{ text }]
        });
    }

    async hover(position: LspPosition): Promise<string | undefined> {
        const result = await this.connection.sendRequest('textDocument/hover', { textDocument: { uri: this.uri }, position }) as
            { contents: { kind: string; value: string } | string } | null;
        if (!result) return undefined;
        return typeof result.contents === 'string' ? result.contents : result.contents.value;
    }

    /** The semantic tokens of the text as last sent; undefined from a server without them. */
    async semanticTokens(): Promise<{ data: number[]; legend: SemanticTokensLegend } | undefined> {
        if (!this.legend || this.mode !== 'lcpn') return undefined;
        const result = await this.connection.sendRequest('textDocument/semanticTokens/full', { textDocument: { uri: DOCUMENT_URI } }) as { data: number[] } | null;
        return result ? { data: result.data, legend: this.legend } : undefined;
    }

    /** Without `board` (a board spec: `hex6`, `9x10`) the server uses the board the text declares (else 9 x 9). */
    async diagram(position: LspPosition, setUp: { board?: string; blockers: Blocker[]; at?: string; side?: PlayerSide; firstMove?: boolean }): Promise<PieceDiagram | null> {
        const { board, blockers, at, side, firstMove } = setUp;
        const params: PieceDiagramParams = { uri: DOCUMENT_URI, position, blockers, ...(board ? { board } : {}), ...(at ? { at } : {}),
            ...(side === 'black' ? { side } : {}), ...(firstMove ? { firstMove } : {}) };
        return await this.connection.sendRequest(PIECE_DIAGRAM_REQUEST, params) as PieceDiagram | null;
    }

    /** The games the text declares, for the Play view. */
    async playGames(): Promise<PlayGamesResult | null> {
        const params: PlayGamesParams = { uri: DOCUMENT_URI };
        return await this.connection.sendRequest(PLAY_GAMES_REQUEST, params) as PlayGamesResult | null;
    }
}
