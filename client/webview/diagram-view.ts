/**
 * The script inside the movement diagram webview. It draws what the extension sends and reports
 * clicks on squares; all state (the blockers, which piece) lives in the extension.
 * The SVG comes from the language server; it is parsed as XML and stripped of anything active
 * before it is inserted, and the page's CSP allows no script but this one.
 */
import type { DiagramView, FromWebview, ToWebview } from '../src/diagram/messages.js';

declare function acquireVsCodeApi(): { postMessage(message: FromWebview): void };

const vscode = acquireVsCodeApi();
const byId = (id: string): HTMLElement => document.getElementById(id)!;
const title = byId('title');
const status = byId('status');
const board = byId('board');
const text = byId('text');
const help = byId('help');
const clear = byId('clear') as HTMLButtonElement;
const blockers = byId('blockers');
const notes = byId('notes');

/** Parses the server's SVG and removes scripts, foreign content, event handlers and script URLs. */
function sanitizeSvg(source: string): SVGSVGElement | undefined {
    const parsed = new DOMParser().parseFromString(source, 'image/svg+xml');
    const root = parsed.documentElement;
    if (root.nodeName !== 'svg' || parsed.getElementsByTagName('parsererror').length > 0) return undefined;
    for (const element of Array.from(root.querySelectorAll('script, foreignObject, iframe, object, embed'))) element.remove();
    for (const element of [root, ...Array.from(root.querySelectorAll('*'))]) {
        for (const attribute of Array.from(element.attributes)) {
            const name = attribute.name.toLowerCase();
            const value = attribute.value.trim().toLowerCase();
            if (name.startsWith('on') || ((name === 'href' || name === 'xlink:href') && !value.startsWith('#') && !value.startsWith('data:image/'))) {
                element.removeAttribute(attribute.name);
            }
        }
    }
    return document.importNode(root, true) as unknown as SVGSVGElement;
}

function setStatus(message: string | undefined, kind: 'info' | 'error' = 'info'): void {
    status.textContent = message ?? '';
    status.classList.toggle('error', kind === 'error');
}

function list(element: HTMLElement, items: string[]): void {
    element.replaceChildren(...items.map((item) => {
        const li = document.createElement('li');
        li.textContent = item;
        return li;
    }));
}

function render(view: DiagramView): void {
    title.textContent = `${view.piece} on ${view.at}`;
    setStatus(view.status);
    const focused = squareOf(document.activeElement);
    const svg = view.style === 'text' ? undefined : sanitizeSvg(view.svg);
    board.replaceChildren(...(svg ? [svg] : []));
    for (const square of Array.from(board.querySelectorAll<SVGElement>('[data-square]'))) {
        const name = square.getAttribute('data-square') ?? '';
        const blocker = view.blockers.find((b) => b.square === name);
        square.setAttribute('tabindex', '0');
        square.setAttribute('role', 'button');
        square.setAttribute('aria-label', blocker ? `${name}: ${blocker.side === 'friend' ? 'friendly' : 'enemy'} piece` : name);
        if (name === focused) square.focus();
    }
    if (view.style !== 'image' || !svg) text.textContent = view.text;
    text.hidden = view.style === 'image' && svg !== undefined;
    if (view.style !== 'text' && !svg) setStatus('The server sent a diagram image that could not be read; showing it as text.', 'error');
    help.hidden = !svg;
    clear.hidden = view.blockers.length === 0;
    list(blockers, view.blockers.map((b) => `${b.side === 'friend' ? 'Friendly' : 'Enemy'} piece on ${b.square}`));
    list(notes, view.notes);
}

function squareOf(target: EventTarget | null): string | undefined {
    const element = target instanceof Element ? target.closest('[data-square]') : null;
    return element?.getAttribute('data-square') ?? undefined;
}

board.addEventListener('click', (event) => {
    const square = squareOf(event.target);
    if (square) vscode.postMessage({ type: 'toggle', square });
});
board.addEventListener('keydown', (event) => {
    const square = squareOf(event.target);
    if (square && (event.key === 'Enter' || event.key === ' ')) {
        event.preventDefault();
        vscode.postMessage({ type: 'toggle', square });
    }
});
clear.addEventListener('click', () => vscode.postMessage({ type: 'clear' }));

window.addEventListener('message', (event: MessageEvent<ToWebview>) => {
    const message = event.data;
    if (message.type === 'render') render(message.view);
    else if (message.type === 'status') setStatus(message.message, message.kind);
});

vscode.postMessage({ type: 'ready' });
