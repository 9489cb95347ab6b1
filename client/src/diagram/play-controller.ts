/**
 * The panel's Play view without `vscode`: once the view is opened, it sends the webview the
 * games of the LCPN file being edited (`lcpn/playGames`), again after each edit of that file
 * (debounced) and when another LCPN file becomes the one edited. The webview plays them
 * (client/webview/play-view.ts); answers to older requests are dropped.
 */
import type { PlayGamesParams, PlayGamesResult } from '../../../server/src/lsp/protocol.js';
import type { ToWebview } from './messages.js';

export interface PlayControllerDeps {
    request(params: PlayGamesParams): Promise<PlayGamesResult | null>;
    post(message: ToWebview): void;
    /** The LCPN file being edited, if any. */
    uri(): string | undefined;
    /** The file's name as the user knows it (relative to the workspace). */
    label(uri: string): string;
    /** Milliseconds to wait after an edit before asking again. */
    delayMs: number;
}

export class PlayController {
    private opened = false;
    private generation = 0;
    private timer: ReturnType<typeof setTimeout> | undefined;
    /** The file whose games the view has: it stays when no LCPN file is being edited (the panel has the focus). */
    private file: string | undefined;

    constructor(private readonly deps: PlayControllerDeps) {}

    get isOpen(): boolean {
        return this.opened;
    }

    /** The view was opened: send the games. */
    async open(): Promise<void> {
        this.opened = true;
        await this.refresh();
    }

    /** A document changed or another editor became active: ask again after the delay (only while the view is open). */
    schedule(): void {
        if (!this.opened) return;
        clearTimeout(this.timer);
        this.timer = setTimeout(() => void this.refresh(), this.deps.delayMs);
    }

    async refresh(): Promise<void> {
        this.file = this.deps.uri() ?? this.file;
        const uri = this.file;
        if (!uri) {
            this.deps.post({ type: 'play-status', message: 'Open an LCPN file that declares a game to play it.', kind: 'info' });
            return;
        }
        const generation = ++this.generation;
        let result: PlayGamesResult | null;
        try {
            result = await this.deps.request({ uri });
        } catch (error) {
            if (generation === this.generation) this.deps.post({ type: 'play-status', message: `The language server could not read the games: ${error instanceof Error ? error.message : String(error)}`, kind: 'error' });
            return;
        }
        if (generation !== this.generation) return;
        if (!result) {
            this.deps.post({ type: 'play-status', message: 'The language server does not know this document yet.', kind: 'info' });
            return;
        }
        this.deps.post({ type: 'play-games', file: this.deps.label(uri), games: Array.isArray(result.games) ? result.games : [] });
    }

    dispose(): void {
        this.generation++;
        clearTimeout(this.timer);
    }
}
