/**
 * The diagram panel's behaviour without `vscode`: which piece to show, the blockers, debouncing,
 * and dropping stale answers. The panel (panel.ts) feeds it editor events and webview messages;
 * the language server computes the diagram (`lcpn/pieceDiagram`).
 */
import type { Blocker, BoardSize, PieceDiagramParams, PieceDiagramResult } from '../protocol.js';
import { parseFromWebview, type DiagramStyle, type DiagramView, type ToWebview } from './messages.js';
import { cycleBlocker, keepBlockers } from './squares.js';

export interface DiagramTarget {
    uri: string;
    position: { line: number; character: number };
}

export interface DiagramSettings {
    board: BoardSize;
    style: DiagramStyle;
    /** How long the cursor must rest before the diagram follows it. */
    delayMs: number;
}

export interface DiagramControllerDeps {
    request(params: PieceDiagramParams): Promise<PieceDiagramResult | null>;
    post(message: ToWebview): void;
    settings(): DiagramSettings;
    setTimeout?(fn: () => void, ms: number): unknown;
    clearTimeout?(handle: unknown): void;
}

export class DiagramController {
    private target: DiagramTarget | undefined;
    private blockers: Blocker[] = [];
    private view: DiagramView | undefined;
    private timer: unknown;
    private generation = 0;
    private readonly renderListeners = new Set<(view: DiagramView) => void>();

    constructor(private readonly deps: DiagramControllerDeps) {}

    /** The diagram on screen, if any. */
    get current(): DiagramView | undefined {
        return this.view;
    }

    get currentBlockers(): readonly Blocker[] {
        return this.blockers;
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
        switch (message.type) {
            case 'ready':
                if (this.view) this.post({ type: 'render', view: this.view });
                else if (this.target) await this.refresh();
                return;
            case 'toggle':
                if (!this.view) return;
                this.blockers = cycleBlocker(this.blockers, message.square);
                await this.refresh();
                return;
            case 'clear':
                this.blockers = [];
                await this.refresh();
                return;
        }
    }

    /** Asks the server again for the current target; answers to older requests are dropped. */
    async refresh(): Promise<void> {
        const target = this.target;
        if (!target) return;
        const generation = ++this.generation;
        const { board, style } = this.deps.settings();
        this.blockers = keepBlockers(this.blockers, board, this.view?.at);
        const params: PieceDiagramParams = { uri: target.uri, position: target.position, board };
        if (this.blockers.length > 0) params.blockers = this.blockers.map((b) => ({ ...b }));
        let result: PieceDiagramResult | null;
        try {
            result = await this.deps.request(params);
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
        // Blockers on the piece's own square or off the board mean nothing to the server.
        const kept = keepBlockers(this.blockers, result.board, result.at);
        const dropped = this.blockers.length - kept.length;
        this.blockers = kept;
        this.view = {
            piece: result.piece,
            at: result.at,
            board: result.board,
            svg: result.svg,
            text: result.text,
            notes: Array.isArray(result.notes) ? result.notes.map(String) : [],
            blockers: kept.map((b) => ({ ...b })),
            style,
            status: dropped > 0 ? `${dropped} blocker(s) removed: not on the board or on the piece's square.` : undefined
        };
        this.post({ type: 'render', view: this.view });
    }

    dispose(): void {
        this.cancelTimer();
        this.generation++;
        this.renderListeners.clear();
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

function describe(error: unknown): string {
    return error instanceof Error ? error.message : String(error);
}
