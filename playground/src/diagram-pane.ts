/**
 * The live diagram beside the editor: the piece under the cursor, drawn by the server
 * (`lcpn/pieceDiagram`). Clicking a square cycles a blocker there (none, friend, enemy), as in
 * the VS Code panel; shift-click puts the piece on that square. Blockers and square belong to
 * the piece they were set on (the issue: not carried over silently to the next piece).
 */
import { cycleBlocker, keepBlockers } from '../../client/src/diagram/squares.js';
import type { Blocker, BoardSize, LcpnDocumentClient, LspPosition, PieceDiagram } from './lsp.js';

interface SetUp { blockers: Blocker[]; at?: string }

export class DiagramPane {
    private position: LspPosition | undefined;
    private piece: string | undefined;
    private readonly setUps = new Map<string, SetUp>();
    private request = 0;
    /** The square the shown piece stands on (the server's centre unless placed). */
    private shownAt: string | undefined;
    /** Called after each diagram is shown (the browser test and the page's timing read it). */
    onRender: (diagram: PieceDiagram | null) => void = () => undefined;

    constructor(
        private readonly client: LcpnDocumentClient,
        private readonly elements: { picture: HTMLElement; title: HTMLElement; notes: HTMLElement; files: HTMLInputElement; ranks: HTMLInputElement }
    ) {
        elements.picture.addEventListener('click', (event) => this.clicked(event));
        for (const input of [elements.files, elements.ranks]) input.addEventListener('change', () => void this.refresh());
    }

    /** Follows the cursor (the page debounces). */
    follow(position: LspPosition): void {
        this.position = position;
        void this.refresh();
    }

    async refresh(): Promise<void> {
        if (!this.position) return;
        const request = ++this.request;
        const board = this.board();
        const setUp = this.piece ? this.setUpOf(this.piece) : { blockers: [] };
        let diagram: PieceDiagram | null;
        try {
            diagram = await this.client.diagram(this.position, board, setUp.blockers, setUp.at);
            // The piece under the cursor changed: ask again with that piece's own set-up.
            if (diagram && diagram.piece !== this.piece) {
                this.piece = diagram.piece;
                const own = this.setUpOf(diagram.piece);
                if (own.blockers.length > 0 || own.at) diagram = await this.client.diagram(this.position, board, own.blockers, own.at);
            }
        } catch (error) {
            if (request === this.request) this.showMessage(`The server could not draw this piece: ${error instanceof Error ? error.message : String(error)}`);
            return;
        }
        if (request !== this.request) return; // a newer request is on its way
        if (!diagram) {
            this.showMessage('Put the cursor on a piece to see its moves.');
            this.onRender(null);
            return;
        }
        this.shownAt = diagram.at;
        this.elements.title.textContent = `${diagram.piece} on ${diagram.at}`;
        // The SVG comes from our own server's renderer (no script, escaped text).
        this.elements.picture.innerHTML = diagram.svg;
        this.elements.notes.replaceChildren(...[...diagram.notes, ...(diagram.facts ?? [])].map((line) => {
            const item = document.createElement('li');
            item.textContent = line;
            return item;
        }));
        this.onRender(diagram);
    }

    private clicked(event: MouseEvent): void {
        const square = (event.target as Element | null)?.closest?.('[data-square]')?.getAttribute('data-square');
        if (!square || !this.piece) return;
        const setUp = this.setUpOf(this.piece);
        if (event.shiftKey) {
            setUp.at = square;
            setUp.blockers = keepBlockers(setUp.blockers, this.board(), square);
        } else if (square !== this.shownAt) {
            setUp.blockers = cycleBlocker(setUp.blockers, square);
        }
        void this.refresh();
    }

    private setUpOf(piece: string): SetUp {
        let setUp = this.setUps.get(piece);
        if (!setUp) this.setUps.set(piece, setUp = { blockers: [] });
        return setUp;
    }

    private board(): BoardSize {
        const side = (input: HTMLInputElement) => Math.min(26, Math.max(1, Math.round(Number(input.value)) || 9));
        return { files: side(this.elements.files), ranks: side(this.elements.ranks) };
    }

    private showMessage(text: string): void {
        this.elements.title.textContent = '';
        this.elements.notes.replaceChildren();
        const message = document.createElement('p');
        message.className = 'message';
        message.textContent = text;
        this.elements.picture.replaceChildren(message);
    }
}
