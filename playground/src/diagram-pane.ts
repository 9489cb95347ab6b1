/**
 * The live diagram beside the editor: the piece under the cursor, drawn by the server
 * (`lcpn/pieceDiagram`). Clicking a square cycles a blocker there (none, friend, enemy), as in
 * the VS Code panel; shift-click puts the piece on that square. Blockers, square, side and
 * first-move state belong to the piece they were set on (not carried over silently to the next
 * piece). The board is the one the text declares unless one is chosen or typed (a board spec:
 * the server reads it and offers the choices; this page reads neither specs nor cell names).
 */
import { cycleBlocker, keepBlockers } from '../../client/src/diagram/blockers.js';
import type { Blocker, LcpnDocumentClient, LspPosition, PieceDiagram, PlayerSide } from './lsp.js';

/** Per piece, like the VS Code panel: square, blockers, side, first-move state. */
interface SetUp { blockers: Blocker[]; at?: string; side?: PlayerSide; firstMove?: boolean }

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
        private readonly elements: {
            picture: HTMLElement; title: HTMLElement; notes: HTMLElement; boardChoice: HTMLSelectElement; boardSpec: HTMLInputElement;
            boardSource: HTMLElement; black: HTMLInputElement; firstMove: HTMLInputElement; firstMoveLabel: HTMLElement;
        }
    ) {
        elements.picture.addEventListener('click', (event) => this.clicked(event));
        elements.boardChoice.addEventListener('change', () => {
            elements.boardSpec.value = elements.boardChoice.value;
            void this.refresh();
        });
        elements.boardSpec.addEventListener('change', () => void this.refresh());
        elements.black.addEventListener('change', () => this.changeSetUp({ side: elements.black.checked ? 'black' : undefined }));
        elements.firstMove.addEventListener('change', () => this.changeSetUp({ firstMove: elements.firstMove.checked || undefined }));
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
            diagram = await this.client.diagram(this.position, { ...setUp, board });
            // The piece under the cursor changed: ask again with that piece's own set-up.
            if (diagram && diagram.piece !== this.piece) {
                this.piece = diagram.piece;
                const own = this.setUpOf(diagram.piece);
                // (Also when its own is empty: the first answer used the previous piece's square and blockers.)
                if (!sameSetUp(own, setUp)) diagram = await this.client.diagram(this.position, { ...own, board });
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
        // The server placed the blockers on its board (none off it, none on the piece).
        const own = this.setUpOf(diagram.piece);
        own.blockers = keepBlockers(own.blockers, Array.isArray(diagram.blockers) ? diagram.blockers : undefined, diagram.at);
        this.elements.title.textContent = `${diagram.piece}${diagram.side === 'black' ? ' (Black)' : ''} on ${diagram.at}`;
        this.showBoardChoice(diagram);
        this.showBoardSource(diagram, board);
        this.elements.black.checked = diagram.side === 'black';
        this.elements.firstMove.checked = diagram.firstMove === true;
        this.elements.firstMoveLabel.hidden = !diagram.firstMoveMatters && !diagram.firstMove;
        // The SVG comes from our own server's renderer (no script, escaped text).
        this.elements.picture.innerHTML = diagram.svg;
        // A broken definition behind the diagram and what of the text's board does not apply here first, as the VS Code panel says them.
        const said = [...(diagram.definitionNotes ?? []), ...(diagram.boardNotes ?? []), ...diagram.notes, ...(diagram.facts ?? [])];
        this.elements.notes.replaceChildren(...said.map((line) => {
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
            setUp.blockers = setUp.blockers.filter((b) => b.square !== square);
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

    /** The board chosen or typed next to the diagram, as a spec; empty: the server's choice (the text's board). */
    private board(): string | undefined {
        const spec = this.elements.boardSpec.value.trim();
        return spec === '' ? undefined : spec.slice(0, 64);
    }

    /**
     * The server's offers in the chooser (the text's board first), the board on screen selected.
     * A typed spec the server could not use is not selected or offered: the board drawn is.
     */
    private showBoardChoice(diagram: PieceDiagram): void {
        const { boardChoice } = this.elements;
        if (document.activeElement === boardChoice) return;
        const offers = Array.isArray(diagram.boardOffers) ? diagram.boardOffers : [];
        const options = [new Option('the text\'s board', ''), ...offers.map((offer) => new Option(offer.label, offer.spec))];
        const typed = this.board();
        const used = diagram.boardProblem ? undefined : typed;
        if (used !== undefined && !offers.some((offer) => offer.spec === used)) options.push(new Option(used, used));
        boardChoice.replaceChildren(...options);
        boardChoice.value = used ?? '';
    }

    /** Where the board drawn comes from; for a spec the server could not use, why, and the board drawn instead. */
    private showBoardSource(diagram: PieceDiagram, requested: string | undefined): void {
        const { boardSource, boardSpec } = this.elements;
        const declared = diagram.boardSource === 'declared' && diagram.declaredBoard ? `the board ${diagram.declaredBoard.name} declares` : undefined;
        const problem = typeof diagram.boardProblem === 'string' ? diagram.boardProblem : undefined;
        boardSpec.setAttribute('aria-invalid', String(problem !== undefined));
        boardSource.classList.toggle('problem', problem !== undefined);
        if (problem) {
            const drawn = [declared ?? 'the default board', diagram.boardLabel].filter((s) => s !== undefined).join(', ');
            boardSource.textContent = `${problem} Drawn on ${drawn} instead.`;
        } else {
            boardSource.textContent = declared ?? (requested ? 'chosen here' : 'the default board');
        }
    }

    private changeSetUp(change: Partial<SetUp>): void {
        if (!this.piece) return;
        Object.assign(this.setUpOf(this.piece), change);
        void this.refresh();
    }

    /** A line in place of the diagram (also when the editor holds no LCPN). */
    showMessage(text: string): void {
        this.elements.title.textContent = '';
        this.elements.notes.replaceChildren();
        const message = document.createElement('p');
        message.className = 'message';
        message.textContent = text;
        this.elements.picture.replaceChildren(message);
    }
}

function sameSetUp(a: SetUp, b: SetUp): boolean {
    return a.at === b.at && a.side === b.side && a.firstMove === b.firstMove && a.blockers.length === b.blockers.length
        && a.blockers.every((x, i) => x.square === b.blockers[i]!.square && x.side === b.blockers[i]!.side);
}
