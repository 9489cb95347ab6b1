/**
 * The panel's position view without `vscode`: several pieces of both sides on one board, given
 * as a position string (docs/position.md). A click on a square shows the moves of the piece
 * there, puts the panel's piece there (for White or Black), empties it, or lists the pieces that
 * attack it. The server reads and edits the position string (`lcpn/positionDiagram` with
 * `edit`), so the client never parses it; it keeps the string, the selected square and the
 * attacked square, and drops stale answers.
 */
import type { PositionDiagramParams, PositionDiagramResult } from '../../../server/src/lsp/protocol.js';
import type { PositionMessage } from './messages.js';

/** What a click on a square of the position does (the webview's choice). */
export type PositionAction = 'select' | 'place-white' | 'place-black' | 'remove' | 'attacked';

export const POSITION_ACTIONS: readonly PositionAction[] = ['select', 'place-white', 'place-black', 'remove', 'attacked'];

/** The longest position string the panel sends (the server refuses longer ones anyway). */
export const MAX_POSITION_TEXT = 100_000;

/** What the webview shows for the position. */
export interface PositionView {
    /** The position string as the server wrote it (or as typed, when it cannot be read). */
    text: string;
    result: PositionDiagramResult;
    /** The piece a placing click puts on the board (the panel's piece), if any. */
    placing?: string;
    /** The square whose piece's moves are shown, and the square whose attackers are listed. */
    selected?: string;
    attacked?: string;
    /** Whether the selected piece is shown as not having moved yet. */
    firstMove: boolean;
    status?: string;
}

export interface PositionControllerDeps {
    request(params: PositionDiagramParams): Promise<PositionDiagramResult | null>;
    post(view: PositionView | { status: string; kind: 'info' | 'error' }): void;
    /** The document whose names the pieces are: the panel's current one. */
    uri(): string | undefined;
    /** The piece a placing click puts on the board: the one the panel shows. */
    piece(): string | undefined;
}

export class PositionController {
    private text = '';
    private selected: string | undefined;
    private attacked: string | undefined;
    /** The selected piece has not moved yet. */
    private firstMove = false;
    private generation = 0;
    private opened = false;
    private last: PositionView | undefined;

    constructor(private readonly deps: PositionControllerDeps) {}

    /** The position on screen, if any. */
    get current(): PositionView | undefined {
        return this.last;
    }

    /** Whether the user has opened the position view (only then is it recomputed when documents change). */
    get isOpen(): boolean {
        return this.opened;
    }

    /** A message of the position view (see messages.ts). */
    async handleMessage(message: PositionMessage): Promise<void> {
        switch (message.type) {
            case 'position-open': return this.open();
            case 'position-text': return this.setText(message.text);
            case 'position-click': return this.click(message.square, message.action);
            case 'position-first-move': return this.setFirstMove(message.firstMove);
        }
    }

    /** The user opened the position view: show the position (an empty board of the file's size at first). */
    async open(): Promise<void> {
        this.opened = true;
        await this.refresh();
    }

    /** The user typed a position string. */
    async setText(text: string): Promise<void> {
        this.text = text.slice(0, MAX_POSITION_TEXT);
        this.selected = undefined;
        this.attacked = undefined;
        this.opened = true;
        await this.refresh();
    }

    /** Whether the selected piece has not moved yet. */
    async setFirstMove(firstMove: boolean): Promise<void> {
        this.firstMove = firstMove;
        await this.refresh();
    }

    /** A click on a square of the position. */
    async click(square: string, action: PositionAction): Promise<void> {
        this.opened = true;
        switch (action) {
            case 'select':
                this.selected = this.selected === square ? undefined : square;
                return this.refresh();
            case 'attacked':
                this.attacked = this.attacked === square ? undefined : square;
                return this.refresh();
            case 'remove':
                if (this.selected === square) this.selected = undefined;
                return this.refresh({ square });
            case 'place-white':
            case 'place-black': {
                const piece = this.deps.piece();
                if (piece === undefined) {
                    this.deps.post({ status: 'Put the cursor on a piece in an LCPN file: that piece is the one placed.', kind: 'info' });
                    return;
                }
                return this.refresh({ square, piece, side: action === 'place-black' ? 'black' : 'white' });
            }
        }
    }

    /** Asks the server for the position (after `edit`); answers to older requests are dropped. */
    async refresh(edit?: PositionDiagramParams['edit']): Promise<void> {
        const uri = this.deps.uri();
        if (!uri) {
            this.deps.post({ status: 'Open an LCPN file: the position\'s pieces are the names it sees.', kind: 'info' });
            return;
        }
        const generation = ++this.generation;
        const params: PositionDiagramParams = { uri, position: this.text };
        if (this.selected) params.select = this.selected;
        if (this.attacked) params.attacked = this.attacked;
        if (this.firstMove) params.firstMove = true;
        if (edit) params.edit = edit;
        let result: PositionDiagramResult | null;
        try {
            result = await this.deps.request(params);
        } catch (error) {
            if (generation === this.generation) this.deps.post({ status: `The language server could not read the position: ${error instanceof Error ? error.message : String(error)}`, kind: 'error' });
            return;
        }
        if (generation !== this.generation) return;
        if (!result) {
            this.deps.post({ status: 'The language server does not know this document yet.', kind: 'info' });
            return;
        }
        // A readable answer is the position from now on (the server wrote it, edit included).
        if (!result.error && typeof result.position === 'string') this.text = result.position;
        if (result.error) this.selected = this.attacked = undefined;
        const selectedGone = this.selected !== undefined && !result.selected;
        const view: PositionView = {
            text: this.text,
            result: { ...result, pieces: Array.isArray(result.pieces) ? result.pieces : [] },
            placing: this.deps.piece(),
            selected: result.selected ? this.selected : undefined,
            attacked: result.attackers ? this.attacked : undefined,
            firstMove: this.firstMove,
            // What of the file's board does not apply on the position's board, as `lcpn show --position` notes it.
            status: [...(selectedGone ? [`No piece stands on ${this.selected}.`] : []), ...(Array.isArray(result.boardNotes) ? result.boardNotes.map(String) : [])].join(' ') || undefined
        };
        if (selectedGone) this.selected = undefined;
        this.last = view;
        this.deps.post(view);
    }

    dispose(): void {
        this.generation++;
    }
}
