/**
 * The diagram panel's behaviour without `vscode`: which piece to show, the blockers, debouncing,
 * and dropping stale answers. The panel (panel.ts) feeds it editor events and webview messages;
 * the language server computes the diagram (`lcpn/pieceDiagram`).
 */
import type { Blocker, PieceDiagramParams, PieceDiagramResult, PlayerSide } from '../../../server/src/lsp/protocol.js';
import { parseFromWebview, type BoardChoice, type DiagramStyle, type DiagramView, type ExportAction, type ExportFormat, type ToWebview } from './messages.js';
import { cycleBlocker, keepBlockers, nameBlocker } from './blockers.js';

export interface DiagramTarget {
    uri: string;
    position: { line: number; character: number };
}

/**
 * The client's own diagram settings. The board setting (`lcpn.diagram.board`, files, ranks) is
 * not here: the server reads it, as it does for the hover, and says where the board came from.
 */
export interface DiagramSettings {
    style: DiagramStyle;
    /** How long the cursor must rest before the diagram follows it. */
    delayMs: number;
}

export interface DiagramControllerDeps {
    request(params: PieceDiagramParams): Promise<PieceDiagramResult | null>;
    post(message: ToWebview): void;
    settings(): DiagramSettings;
    /** Saves an exported diagram (a save dialog in VS Code); resolves to where, or undefined if cancelled. */
    save?(file: { name: string; format: ExportFormat; content: string | Uint8Array }): Promise<string | undefined>;
    /** Puts text on the clipboard. */
    copyText?(text: string): Promise<void>;
    setTimeout?(fn: () => void, ms: number): unknown;
    clearTimeout?(handle: unknown): void;
}

/**
 * What the user set up for one piece: its square, the blockers around it, its side and whether
 * it has moved. Each piece keeps its own, so switching pieces never carries them over silently,
 * and coming back restores them.
 */
export interface PieceSetUp {
    /** The cell chosen for the piece; undefined is the server's default (the centre). */
    at?: string;
    blockers: Blocker[];
    /** Undefined is White. */
    side?: PlayerSide;
    /** True: the piece has not moved yet. */
    firstMove?: boolean;
}

export class DiagramController {
    private target: DiagramTarget | undefined;
    /** Set-ups by piece name; the piece on screen is `view.piece`. */
    private readonly setUps = new Map<string, PieceSetUp>();
    /** The board chosen in the panel, as a board spec; undefined follows the settings (else the file's board). */
    private chosenBoard: string | undefined;
    private view: DiagramView | undefined;
    private timer: unknown;
    private generation = 0;
    /** Whether the webview's script has said it listens; a PNG asked for before that waits for it. */
    private webviewReady = false;
    private pendingPng: ExportAction | undefined;
    private readonly renderListeners = new Set<(view: DiagramView) => void>();

    constructor(private readonly deps: DiagramControllerDeps) {}

    /** The diagram on screen, if any. */
    get current(): DiagramView | undefined {
        return this.view;
    }

    /** The document the panel follows (its last cursor position). */
    get targetUri(): string | undefined {
        return this.target?.uri;
    }

    /** The blockers of the piece on screen. */
    get currentBlockers(): readonly Blocker[] {
        return this.setUpOf(this.view?.piece).blockers;
    }

    /** The set-up the user made for a piece (empty if none). */
    setUpOf(piece: string | undefined): PieceSetUp {
        const setUp = piece === undefined ? undefined : this.setUps.get(piece);
        return setUp ? { ...setUp, blockers: setUp.blockers.map((b) => ({ ...b })) } : { blockers: [] };
    }

    /** Called with each diagram the webview is sent. */
    onDidRender(listener: (view: DiagramView) => void): { dispose(): void } {
        this.renderListeners.add(listener);
        return { dispose: () => this.renderListeners.delete(listener) };
    }

    /** The cursor moved or the document changed: follow it once the user pauses. */
    schedule(target: DiagramTarget): void {
        this.target = target;
        this.cancelTimer();
        const set = this.deps.setTimeout ?? ((fn, ms) => setTimeout(fn, ms));
        this.timer = set(() => {
            this.timer = undefined;
            void this.refresh();
        }, this.deps.settings().delayMs);
    }

    /**
     * Asks again for the same target once the usual delay has passed: a setting changed, and the
     * server (which reads the board settings) hears of it through the language client meanwhile.
     */
    refreshLater(): void {
        if (this.target) this.schedule(this.target);
    }

    /** Shows the piece at `target` now. */
    async show(target: DiagramTarget): Promise<void> {
        this.target = target;
        this.cancelTimer();
        await this.refresh();
    }

    /** A message from the webview; unknown or malformed messages are ignored. */
    async handleMessage(raw: unknown): Promise<void> {
        const message = parseFromWebview(raw);
        if (!message) return;
        const piece = this.view?.piece;
        switch (message.type) {
            case 'ready':
                this.webviewReady = true;
                if (this.view) this.post({ type: 'render', view: this.view });
                else if (this.target) await this.refresh();
                if (this.pendingPng && this.view) this.post({ type: 'make-png', action: this.pendingPng });
                this.pendingPng = undefined;
                return;
            case 'toggle': {
                if (piece === undefined) return;
                const setUp = this.setUpOf(piece);
                if (message.square === (setUp.at ?? this.view?.at)) return;
                this.setUps.set(piece, { ...setUp, blockers: cycleBlocker(setUp.blockers, message.square) });
                await this.refresh();
                return;
            }
            case 'name-blocker': {
                if (piece === undefined) return;
                const setUp = this.setUpOf(piece);
                if (!setUp.blockers.some((b) => b.square === message.square)) return;
                this.setUps.set(piece, { ...setUp, blockers: nameBlocker(setUp.blockers, message.square, message.piece) });
                await this.refresh();
                return;
            }
            case 'clear':
                if (piece === undefined) return;
                this.setUps.set(piece, { ...this.setUpOf(piece), blockers: [] });
                await this.refresh();
                return;
            case 'place': {
                if (piece === undefined) return;
                const setUp = this.setUpOf(piece);
                // A piece put where a blocker stood replaces it.
                this.setUps.set(piece, { ...setUp, at: message.square, blockers: setUp.blockers.filter((b) => b.square !== message.square) });
                await this.refresh();
                return;
            }
            case 'side':
                if (piece === undefined) return;
                this.setUps.set(piece, { ...this.setUpOf(piece), side: message.side === 'black' ? 'black' : undefined });
                await this.refresh();
                return;
            case 'first-move':
                if (piece === undefined) return;
                this.setUps.set(piece, { ...this.setUpOf(piece), firstMove: message.firstMove || undefined });
                await this.refresh();
                return;
            case 'board':
                this.chosenBoard = message.board;
                await this.refresh();
                return;
            case 'export':
                await this.export(message.format, message.action);
                return;
            case 'png':
                await this.deliverPng(message.data, message.action);
                return;
        }
    }

    /** Saves or copies the diagram on screen; PNG is drawn by the webview, which answers with `png`. */
    async export(format: ExportFormat, action: ExportAction): Promise<void> {
        const view = this.view;
        if (!view) {
            this.post({ type: 'status', kind: 'info', message: 'There is no diagram to export yet: put the cursor on a piece.' });
            return;
        }
        if (format === 'png') {
            if (this.webviewReady) this.post({ type: 'make-png', action });
            else this.pendingPng = action;
            return;
        }
        if (action === 'copy') {
            if (!this.deps.copyText) return;
            await this.deps.copyText(view.svg);
            this.post({ type: 'status', kind: 'info', message: `Copied the SVG of ${view.piece} on ${view.at}.` });
            return;
        }
        await this.saveFile({ name: exportName(view, 'svg'), format: 'svg', content: view.svg });
    }

    /** Asks the server again for the current target; answers to older requests are dropped. */
    async refresh(): Promise<void> {
        const target = this.target;
        if (!target) return;
        const generation = ++this.generation;
        const { style } = this.deps.settings();
        const board = this.chosenBoard;
        let piece = this.view?.piece;
        let setUp = this.setUpOf(piece);
        let result: PieceDiagramResult | null;
        try {
            result = await this.deps.request(this.params(target, board, setUp));
            // Another piece answered: ask again with that piece's own set-up, unless it is the same.
            if (generation === this.generation && result && result.piece !== piece) {
                piece = result.piece;
                const own = this.setUpOf(piece);
                if (!sameSetUp(own, setUp)) result = await this.deps.request(this.params(target, board, own));
                setUp = own;
            }
        } catch (error) {
            if (generation !== this.generation) return;
            this.post({ type: 'status', kind: 'error', message: `The language server could not draw the diagram: ${describe(error)}` });
            return;
        }
        if (generation !== this.generation) return;
        if (!result) {
            // Keep the last diagram so that the user can still click on it.
            const message = this.view
                ? `No piece under the cursor: still showing ${this.view.piece}.`
                : 'Put the cursor on a piece name in an LCPN file.';
            this.post({ type: 'status', kind: 'info', message });
            return;
        }
        // Blockers on the piece's own cell or off the board mean nothing to the server: it placed the others.
        const requested = this.setUpOf(result.piece);
        const kept = keepBlockers(setUp.blockers, Array.isArray(result.blockers) ? result.blockers : undefined, result.at);
        const dropped = requested.blockers.length - kept.length;
        const movedOff = requested.at !== undefined && requested.at !== result.at;
        this.setUps.set(result.piece, { ...requested, at: movedOff ? undefined : requested.at, blockers: kept });
        const status = [
            typeof result.boardProblem === 'string' ? result.boardProblem : undefined,
            // A broken definition behind the diagram, and what of the file's board does not apply on the board drawn (the CLI notes both).
            ...(Array.isArray(result.definitionNotes) ? result.definitionNotes.map(String) : []),
            ...(Array.isArray(result.boardNotes) ? result.boardNotes.map(String) : []),
            // The server says why (a hole is not "off the board"); an older server does not.
            movedOff ? (typeof result.atProblem === 'string' ? result.atProblem : `${requested.at} is not on this board: ${result.piece} stands on ${result.at}.`) : undefined,
            dropped > 0 ? `${dropped} blocker(s) removed: not on the board or on the piece's cell.` : undefined
        ].filter((s) => s !== undefined).join(' ');
        this.view = {
            ...result,
            notes: Array.isArray(result.notes) ? result.notes.map(String) : [],
            facts: Array.isArray(result.facts) ? result.facts.map(String) : [],
            blockers: kept.map((b) => ({ ...b })),
            style,
            side: result.side ?? 'white',
            firstMove: result.firstMove ?? false,
            firstMoveMatters: result.firstMoveMatters === true,
            boardFromSettings: this.chosenBoard === undefined,
            boardChoice: boardChoice(this.chosenBoard !== undefined, result.boardSource),
            status: status || undefined
        };
        this.post({ type: 'render', view: this.view });
    }

    dispose(): void {
        this.cancelTimer();
        this.generation++;
        this.renderListeners.clear();
    }

    /** Without a board the server uses the board setting, else the document's declared board, else its default. */
    private params(target: DiagramTarget, board: string | undefined, setUp: PieceSetUp): PieceDiagramParams {
        const params: PieceDiagramParams = { uri: target.uri, position: target.position };
        if (board) params.board = board;
        if (setUp.at !== undefined) params.at = setUp.at;
        if (setUp.blockers.length > 0) params.blockers = setUp.blockers.map((b) => ({ ...b }));
        if (setUp.side === 'black') params.side = 'black';
        if (setUp.firstMove) params.firstMove = true;
        return params;
    }

    private async deliverPng(base64: string, action: ExportAction): Promise<void> {
        const view = this.view;
        if (!view) return;
        if (action === 'copy') return; // the webview copies PNG itself; nothing to do here
        await this.saveFile({ name: exportName(view, 'png'), format: 'png', content: Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)) });
    }

    private async saveFile(file: { name: string; format: ExportFormat; content: string | Uint8Array }): Promise<void> {
        if (!this.deps.save) return;
        try {
            const where = await this.deps.save(file);
            if (where) this.post({ type: 'status', kind: 'info', message: `Saved ${where}.` });
        } catch (error) {
            this.post({ type: 'status', kind: 'error', message: `Could not save the diagram: ${describe(error)}` });
        }
    }

    private post(message: ToWebview): void {
        this.deps.post(message);
        if (message.type === 'render') for (const listener of this.renderListeners) listener(message.view);
    }

    private cancelTimer(): void {
        if (this.timer === undefined) return;
        (this.deps.clearTimeout ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>)))(this.timer);
        this.timer = undefined;
    }
}

/** `rook-on-d4.svg` (`pawn-black-on-e7.svg` for Black): the piece's name kept to letters, digits and dashes. */
export function exportName(view: Pick<DiagramView, 'piece' | 'at'> & { side?: DiagramView['side'] }, format: ExportFormat): string {
    const name = view.piece.normalize('NFKD').replace(/\p{M}+/gu, '').replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'piece';
    return `${name}${view.side === 'black' ? '-black' : ''}-on-${view.at}.${format}`;
}

/**
 * Where the board on screen came from, as the server says: a board chosen in the panel that the
 * server could not use is not the one on screen (the status line says why).
 */
function boardChoice(chosenInPanel: boolean, source: PieceDiagramResult['boardSource']): BoardChoice {
    if (source === 'request' || (source === undefined && chosenInPanel)) return 'panel';
    return source === 'settings' || source === 'declared' ? source : 'default';
}

function sameSetUp(a: PieceSetUp, b: PieceSetUp): boolean {
    return a.at === b.at && a.side === b.side && a.firstMove === b.firstMove && a.blockers.length === b.blockers.length
        && a.blockers.every((x, i) => x.square === b.blockers[i].square && x.side === b.blockers[i].side && x.piece === b.blockers[i].piece);
}

function describe(error: unknown): string {
    return error instanceof Error ? error.message : String(error);
}
