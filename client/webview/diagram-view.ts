/**
 * The script inside the movement diagram webview. It draws what the extension sends and reports
 * clicks on squares; all state (the blockers, which piece) lives in the extension.
 * The SVG comes from the language server; it is parsed as XML and stripped of anything active
 * before it is inserted, and the page's CSP allows no script but this one.
 */
import type { DiagramView, FromWebview, ToWebview } from '../src/diagram/messages.js';
import { PlayPane } from './play-view.js';
import { PositionPane } from './position-view.js';
import opponentSource from 'lcpn-opponent-worker-source';

declare function acquireVsCodeApi(): { postMessage(message: FromWebview): void };

const vscode = acquireVsCodeApi();
const byId = (id: string): HTMLElement => document.getElementById(id)!;
const title = byId('title');
const status = byId('status');
const board = byId('board');
const text = byId('text');
const help = byId('help');
const clickLegend = byId('click-mode').querySelector('legend')!;
const clear = byId('clear') as HTMLButtonElement;
const blockers = byId('blockers');
const facts = byId('facts');
const notes = byId('notes');
const controls = byId('controls') as HTMLFormElement;
const boardChoice = byId('board-choice') as HTMLSelectElement;
const boardSpec = byId('board-spec') as HTMLInputElement;
const boardDefault = byId('board-default') as HTMLButtonElement;
const boardSource = byId('board-source');
const firstMoveLabel = byId('first-move-label');
const firstMove = byId('first-move') as HTMLInputElement;
const exportBar = byId('export');
const canvas = byId('canvas') as HTMLCanvasElement;
let current: DiagramView | undefined;

/** What a click on a square does: the webview's own choice, it never changes the diagram by itself. */
function clickMode(): 'blockers' | 'piece' {
    return (controls.querySelector<HTMLInputElement>('input[name=mode]:checked')?.value === 'piece') ? 'piece' : 'blockers';
}

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

/** What a click on the board does in the chosen mode, on a board whose cells are called `cell` (square when the server does not say). */
function helpText(cell = 'square'): string {
    return clickMode() === 'piece'
        ? `Click a ${cell} to put the piece there, or drag the piece.`
        : `Click a ${cell} to place a friendly piece, again for an enemy piece, once more to clear it. Drag the piece to move it.`;
}

function render(view: DiagramView): void {
    current = view;
    title.textContent = `${view.piece}${view.side === 'black' ? ' (Black)' : ''} on ${view.at}`;
    controls.hidden = false;
    renderBoardChoice(view);
    // Offered whenever a board is chosen here (also one the server could not use).
    boardDefault.hidden = view.boardFromSettings;
    boardDefault.textContent = view.declaredBoard ? `Use the file's board (${view.declaredBoard.name})` : 'Use the setting';
    boardSource.textContent = boardSourceText(view);
    for (const radio of Array.from(controls.querySelectorAll<HTMLInputElement>('input[name=side]'))) radio.checked = radio.value === view.side;
    // The switch only where it changes something (or once it is on, so that it can be turned off).
    firstMoveLabel.hidden = !view.firstMoveMatters && !view.firstMove;
    firstMove.checked = view.firstMove;
    setStatus(view.status);
    const focused = squareOf(document.activeElement);
    const svg = view.style === 'text' ? undefined : sanitizeSvg(view.svg);
    board.replaceChildren(...(svg ? [svg] : []));
    for (const square of Array.from(board.querySelectorAll<SVGElement>('[data-square]'))) {
        const name = square.getAttribute('data-square') ?? '';
        const blocker = view.blockers.find((b) => b.square === name);
        square.setAttribute('tabindex', '0');
        square.setAttribute('role', 'button');
        square.setAttribute('aria-label', name === view.at ? `${name}: ${view.piece}` : blocker ? `${name}: ${blocker.side === 'friend' ? 'friendly' : 'enemy'} piece` : name);
        if (name === view.at) square.setAttribute('data-piece', '');
        if (name === focused) square.focus();
    }
    if (view.style !== 'image' || !svg) text.textContent = view.text;
    text.hidden = view.style === 'image' && svg !== undefined;
    if (view.style !== 'text' && !svg) setStatus('The server sent a diagram image that could not be read; showing it as text.', 'error');
    help.hidden = !svg;
    // The board's own word for a cell (the server says it: this script knows no board shape).
    clickLegend.textContent = `A click on a ${view.cellWord ?? 'square'}`;
    help.textContent = helpText(view.cellWord);
    clear.hidden = view.blockers.length === 0;
    // Each blocker may be named (for conditions that test what stands there, `(occupied-by P)`).
    // (Not while the user is typing a name: that would take the input away from under the cursor.)
    if (!blockers.contains(document.activeElement)) {
        blockers.replaceChildren(...view.blockers.map((b) => {
            const li = document.createElement('li');
            li.append(`${b.side === 'friend' ? 'Friendly' : 'Enemy'} piece on ${b.square} `);
            const name = document.createElement('input');
            name.type = 'text';
            name.className = 'blocker-name';
            name.dataset.square = b.square;
            name.placeholder = 'unnamed';
            name.maxLength = 200;
            name.value = b.piece ?? '';
            name.setAttribute('aria-label', `name of the piece on ${b.square}`);
            li.append(name);
            return li;
        }));
    }
    list(facts, view.facts ?? []);
    list(notes, view.notes);
    exportBar.hidden = !svg;
}

/**
 * The board chooser: the server's offers (the file's board, rectangles, a cylinder, hexagons of
 * each side in both orientations), and a box for any spec. Specs are the server's strings: this
 * script never reads one.
 */
function renderBoardChoice(view: DiagramView): void {
    const spec = view.boardSpec ?? `${view.board.files}x${view.board.ranks}`;
    const offers = Array.isArray(view.boardOffers) ? view.boardOffers : [];
    if (document.activeElement !== boardChoice) {
        const options = offers.map((offer) => new Option(offer.label, offer.spec));
        // A board that is not among the offers (typed, or from the settings) is shown as itself.
        if (!offers.some((offer) => offer.spec === spec)) options.unshift(new Option(view.boardLabel ?? spec, spec));
        boardChoice.replaceChildren(...options);
        boardChoice.value = spec;
    }
    // Do not overwrite a spec the user is typing.
    if (document.activeElement !== boardSpec) boardSpec.value = spec;
}

function boardSourceText(view: DiagramView): string {
    switch (view.boardChoice) {
        case 'declared': return `declared in the file (${view.declaredBoard?.name ?? 'board'})`;
        case 'settings': return 'from the lcpn.diagram settings';
        case 'default': return 'the default board';
        default: return 'chosen here';
    }
}

function squareOf(target: EventTarget | null): string | undefined {
    const element = target instanceof Element ? target.closest('[data-square]') : null;
    return element?.getAttribute('data-square') ?? undefined;
}

/** A click (or Enter/Space) on a square: a blocker, or the piece moves there, by the chosen mode. */
function activate(square: string): void {
    if (clickMode() === 'piece') {
        if (square !== current?.at) vscode.postMessage({ type: 'place', square });
    } else {
        vscode.postMessage({ type: 'toggle', square });
    }
}

// Dragging the piece's own square onto another square moves the piece, in either mode.
let dragFrom: string | undefined;
let dragged = false;
board.addEventListener('pointerdown', (event) => {
    const square = squareOf(event.target);
    dragFrom = square !== undefined && square === current?.at ? square : undefined;
    dragged = false;
});
board.addEventListener('pointerup', (event) => {
    const from = dragFrom;
    dragFrom = undefined;
    const to = squareOf(document.elementFromPoint(event.clientX, event.clientY));
    if (from && to && to !== from) {
        dragged = true;
        vscode.postMessage({ type: 'place', square: to });
    }
});
board.addEventListener('click', (event) => {
    if (dragged) {
        dragged = false;
        return;
    }
    const square = squareOf(event.target);
    if (square) activate(square);
});
board.addEventListener('keydown', (event) => {
    const square = squareOf(event.target);
    if (square && (event.key === 'Enter' || event.key === ' ')) {
        event.preventDefault();
        activate(square);
    }
});
clear.addEventListener('click', () => vscode.postMessage({ type: 'clear' }));
blockers.addEventListener('change', (event) => {
    const input = event.target;
    if (input instanceof HTMLInputElement && input.dataset.square) vscode.postMessage({ type: 'name-blocker', square: input.dataset.square, piece: input.value });
});
controls.addEventListener('change', (event) => {
    if (event.target instanceof HTMLInputElement && event.target.name === 'side') {
        vscode.postMessage({ type: 'side', side: event.target.value === 'black' ? 'black' : 'white' });
        return;
    }
    if (event.target === firstMove) {
        vscode.postMessage({ type: 'first-move', firstMove: firstMove.checked });
        return;
    }
    if (event.target instanceof HTMLInputElement && event.target.name === 'mode') {
        board.classList.toggle('piece-mode', clickMode() === 'piece');
        help.textContent = helpText(current?.cellWord);
        return;
    }
    // Which boards exist is the server's answer: it says what is wrong with a spec it cannot read.
    const chosen = event.target === boardChoice ? boardChoice.value : event.target === boardSpec ? boardSpec.value.trim() : undefined;
    if (chosen) vscode.postMessage({ type: 'board', board: chosen });
    else if (event.target === boardSpec) setStatus('Type a board, such as 8x8, 9x10, 8x8-cylinder, hex6 or hex6-rows.', 'error');
});
controls.addEventListener('submit', (event) => event.preventDefault());
boardDefault.addEventListener('click', () => vscode.postMessage({ type: 'board', board: undefined }));
byId('save-svg').addEventListener('click', () => vscode.postMessage({ type: 'export', format: 'svg', action: 'save' }));
byId('copy-svg').addEventListener('click', () => vscode.postMessage({ type: 'export', format: 'svg', action: 'copy' }));
byId('save-png').addEventListener('click', () => vscode.postMessage({ type: 'export', format: 'png', action: 'save' }));
byId('copy-png').addEventListener('click', () => void copyPng());

/** The diagram drawn on a canvas at twice its size (the server's SVG is self-contained). */
async function drawPng(): Promise<Blob> {
    const svg = board.querySelector('svg');
    if (!svg || !current) throw new Error('there is no diagram image');
    const box = svg.viewBox.baseVal;
    const width = box && box.width > 0 ? box.width : svg.getBoundingClientRect().width;
    const height = box && box.height > 0 ? box.height : svg.getBoundingClientRect().height;
    const image = new Image();
    image.src = `data:image/svg+xml;base64,${base64(new TextEncoder().encode(current.svg))}`;
    await image.decode();
    canvas.width = Math.ceil(width * 2);
    canvas.height = Math.ceil(height * 2);
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the canvas made no PNG'))), 'image/png'));
}

function base64(bytes: Uint8Array): string {
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(binary);
}

async function sendPng(action: 'save' | 'copy'): Promise<void> {
    try {
        vscode.postMessage({ type: 'png', action, data: base64(new Uint8Array(await (await drawPng()).arrayBuffer())) });
    } catch (error) {
        setStatus(`Could not draw the PNG: ${error instanceof Error ? error.message : String(error)}`, 'error');
    }
}

async function copyPng(): Promise<void> {
    try {
        await navigator.clipboard.write([new ClipboardItem({ 'image/png': drawPng() })]);
        setStatus(`Copied the PNG of ${current?.piece} on ${current?.at}.`);
    } catch (error) {
        setStatus(`This editor does not let the panel put images on the clipboard (${error instanceof Error ? error.message : String(error)}); use Save PNG.`, 'error');
    }
}

window.addEventListener('message', (event: MessageEvent<ToWebview>) => {
    const message = event.data;
    if (message.type === 'render') render(message.view);
    else if (message.type === 'status') setStatus(message.message, message.kind);
    else if (message.type === 'make-png') void sendPng(message.action);
    else if (message.type === 'position') positionPane.render(message.view);
    else if (message.type === 'position-status') positionPane.setStatus(message.message, message.kind);
    else if (message.type === 'play-games') {
        byId('play-file').textContent = message.file ? `(${message.file})` : '';
        playPane.setGames(message.games, message.file);
    } else if (message.type === 'play-pgn') playPane.loadPgnText(message.text);
    else if (message.type === 'play-status') playPane.setStatus(message.message, message.kind);
    else if (message.type === 'show-tab') showTab(message.tab);
});

// The two views: the piece on its own, and a position of several pieces.
const positionPane = new PositionPane((message) => vscode.postMessage(message), sanitizeSvg);
// The Play view plays in this page; the extension sends the file's games and saves and opens PGN files.
let opponentUrl: string | undefined;
const playPane = new PlayPane(byId('play-root'), {
    // A worker ended to stop a search (no shared memory in a webview) is started again from the same URL.
    startWorker: () => new Worker(opponentUrl ??= URL.createObjectURL(new Blob([opponentSource], { type: 'text/javascript' })), { name: 'lcpn-opponent' }),
    savePgn: (text, fileName) => vscode.postMessage({ type: 'play-save-pgn', fileName, text }),
    openPgn: () => {
        vscode.postMessage({ type: 'play-open-pgn' });
        // The answer comes as a `play-pgn` message.
        return Promise.resolve(undefined);
    },
    copyText: (text) => {
        vscode.postMessage({ type: 'play-copy', text });
        return Promise.resolve();
    }
});
const TABS = ['piece', 'position', 'play'] as const;
const tabs = { piece: byId('tab-piece'), position: byId('tab-position'), play: byId('tab-play') };
const views = { piece: byId('piece-view'), position: byId('position-view'), play: byId('play-view') };
const opened = new Set<string>();
function showTab(which: (typeof TABS)[number]): void {
    for (const name of TABS) {
        tabs[name].setAttribute('aria-selected', String(name === which));
        views[name].hidden = name !== which;
    }
    if (which !== 'piece' && !opened.has(which)) {
        opened.add(which);
        vscode.postMessage({ type: which === 'position' ? 'position-open' : 'play-open' });
    }
}
for (const name of TABS) tabs[name].addEventListener('click', () => showTab(name));

vscode.postMessage({ type: 'ready' });
