/**
 * The position view inside the diagram webview: a position string box, the position's board
 * (drawn by the server) and what a click on a square does. All state lives in the extension
 * (client/src/diagram/position-controller.ts); this draws what it is sent and reports clicks.
 */
import type { FromWebview } from '../src/diagram/messages.js';
import type { PositionAction, PositionView } from '../src/diagram/position-controller.js';

const byId = (id: string): HTMLElement => document.getElementById(id)!;

export class PositionPane {
    private readonly form = byId('position-form') as HTMLFormElement;
    private readonly input = byId('position-text') as HTMLInputElement;
    private readonly status = byId('position-status');
    private readonly board = byId('position-board');
    private readonly selected = byId('position-selected');
    private readonly notes = byId('position-moves-notes');
    private readonly attackers = byId('position-attackers');
    private readonly pieces = byId('position-pieces');
    private readonly firstMove = byId('position-first-move') as HTMLInputElement;
    private readonly legend = byId('position-mode').querySelector('legend')!;

    constructor(private readonly post: (message: FromWebview) => void, private readonly sanitizeSvg: (svg: string) => SVGSVGElement | undefined) {
        this.form.addEventListener('submit', (event) => {
            event.preventDefault();
            this.post({ type: 'position-text', text: this.input.value });
        });
        byId('position-empty').addEventListener('click', () => this.post({ type: 'position-text', text: '' }));
        this.firstMove.addEventListener('change', () => this.post({ type: 'position-first-move', firstMove: this.firstMove.checked }));
        this.board.addEventListener('click', (event) => {
            const square = squareOf(event.target);
            if (square) this.post({ type: 'position-click', square, action: this.action() });
        });
        this.board.addEventListener('keydown', (event) => {
            const square = squareOf(event.target);
            if (square && (event.key === 'Enter' || event.key === ' ')) {
                event.preventDefault();
                this.post({ type: 'position-click', square, action: this.action() });
            }
        });
    }

    setStatus(message: string, kind: 'info' | 'error' = 'info'): void {
        this.status.textContent = message;
        this.status.classList.toggle('error', kind === 'error');
    }

    render(view: PositionView): void {
        const { result } = view;
        if (document.activeElement !== this.input) this.input.value = view.text;
        this.firstMove.checked = view.firstMove;
        for (const label of Array.from(document.querySelectorAll('#position-mode .placing'))) label.textContent = view.placing ?? 'piece (put the cursor on one)';
        if (result.error) {
            this.setStatus(`Column ${result.error.column + 1}: ${result.error.message}`, 'error');
            this.board.replaceChildren();
            this.selected.textContent = '';
            this.notes.replaceChildren();
            this.attackers.textContent = '';
            this.pieces.replaceChildren();
            return;
        }
        // The board's own word for a cell (the server says it: this script knows no board shape).
        const cell = result.cellWord ?? 'square';
        this.legend.textContent = `A click on a ${cell}`;
        this.setStatus(view.status ?? (result.pieces.length === 0 ? `An empty board: choose "puts a White/Black piece there" and click ${cell}s.` : ''));
        const focused = squareOf(document.activeElement);
        const svg = this.sanitizeSvg(result.svg);
        this.board.replaceChildren(...(svg ? [svg] : []));
        const on = new Map(result.pieces.map((p) => [p.square, p]));
        // The square asked about and its attackers, outlined on the board (the list below says who).
        const attackedSquare = result.attackers?.square;
        const attackerSquares = new Set(result.attackers?.pieces.map((p) => p.square) ?? []);
        for (const square of Array.from(this.board.querySelectorAll<SVGElement>('[data-square]'))) {
            const name = square.getAttribute('data-square') ?? '';
            const piece = on.get(name);
            square.setAttribute('tabindex', '0');
            square.setAttribute('role', 'button');
            square.setAttribute('aria-label', piece ? `${name}: ${piece.side === 'white' ? 'White' : 'Black'} ${piece.name}` : name);
            square.classList.toggle('attacked', name === attackedSquare);
            square.classList.toggle('attacker', attackerSquares.has(name));
            if (name === focused) square.focus();
        }
        const chosen = result.selected;
        this.selected.textContent = chosen
            ? `${chosen.side === 'white' ? 'White' : 'Black'} ${chosen.name} on ${chosen.square}: moves to ${words(chosen.moves)}; captures on ${words(chosen.captures)}.`
            : '';
        this.notes.replaceChildren(...(chosen?.notes ?? []).map(item));
        const attack = result.attackers;
        this.attackers.textContent = attack
            ? attack.pieces.length === 0
                ? `Nothing attacks ${attack.square}.`
                : `Attacking ${attack.square}: ${attack.pieces.map((p) => `${p.side === 'white' ? 'White' : 'Black'} ${p.name} on ${p.square}${p.how === 'igui' ? ' (without moving)' : ''}`).join(', ')}.`
            : '';
        this.pieces.replaceChildren(...result.pieces.map((p) => {
            const li = item(`${p.side === 'white' ? 'White' : 'Black'} ${p.name} on ${p.square}${p.known ? '' : ' (not defined: no moves)'}`);
            if (chosen && p.square === chosen.square) li.classList.add('selected');
            return li;
        }));
    }

    private action(): PositionAction {
        const value = this.form.querySelector<HTMLInputElement>('input[name=pmode]:checked')?.value;
        return value === 'place-white' || value === 'place-black' || value === 'remove' || value === 'attacked' ? value : 'select';
    }
}

function words(squares: string[]): string {
    return squares.length === 0 ? 'none' : squares.join(', ');
}

function item(text: string): HTMLLIElement {
    const li = document.createElement('li');
    li.textContent = text;
    return li;
}

function squareOf(target: EventTarget | null): string | undefined {
    const element = target instanceof Element ? target.closest('[data-square]') : null;
    return element?.getAttribute('data-square') ?? undefined;
}
