/**
 * The Play view (docs/play.md), the same in the VS Code panel's webview, the web extension's
 * and the playground: a game of the file on a board, played with the game layer in this page
 * (play/session.ts: only legal moves are offered), the computer opponent in a Web Worker of its
 * own (play/client.ts), so neither the page nor the language server ever waits for a search.
 * What differs between hosts (where games come from, saving and opening files) is the `host`.
 */
import { OpponentClient, type OpponentPort } from '../../server/src/play/client.js';
import { LEVELS } from '../../server/src/play/opponent.js';
import type { FromOpponent } from '../../server/src/play/protocol.js';
import { PlaySession, type LegalMove, type PlaySide } from '../../server/src/play/session.js';
import { gameOf, type GameSpec } from '../../server/src/play/spec.js';
import type { PlayGame } from '../../server/src/lsp/protocol.js';
import { playMarkup } from './play-markup.js';
import { drawPlayBoard, squareAtPoint, squareOfEvent, type BoardMarks } from './play-board.js';

export interface PlayHost {
    /** Starts the opponent's worker. */
    startWorker(): Worker;
    /** Saves a PGN (a save dialog, or a download). */
    savePgn(text: string, fileName: string): void;
    /** Opens a PGN file and gives its text (undefined: cancelled); absent where the page pastes PGNs only. */
    openPgn?(): Promise<string | undefined>;
    copyText(text: string): Promise<void>;
}

type Player = 'human' | 'computer';

/** One game of the file as the view keeps it: the rules it is played with, and the game in progress. */
interface Table {
    /** The file the game is declared in (the playground's one text: ''). */
    file: string;
    name: string;
    spec: GameSpec;
    session: PlaySession;
    /** Newer rules the file gives for this game, not yet taken (the game in progress keeps its own). */
    newer?: GameSpec;
    /** Why the file's game can no longer be played, or that it is gone. */
    gone?: string;
}

export class PlayPane {
    private readonly root: HTMLElement;
    private readonly tables = new Map<string, Table>();
    private games: PlayGame[] = [];
    private file = '';
    private current: Table | undefined;
    private players: Record<PlaySide, Player> = { white: 'human', black: 'computer' };
    private level = 1;
    private flipped = false;
    /** The piece chosen to move: a square, or a letter of the side to move's hand. */
    private chosen: { from: string } | { drop: string } | undefined;
    /** Several moves fit the squares clicked (promotions, paths): the view asks which. */
    private choosing: LegalMove[] | undefined;
    private thinking = false;
    /** Bumped whenever the game on screen changes: a computer's answer for an older one is dropped. */
    private generation = 0;
    private readonly opponent: OpponentClient;
    private message: { text: string; kind: 'info' | 'error' } | undefined;
    private readonly el: {
        game: HTMLSelectElement; status: HTMLElement; notice: HTMLElement; board: HTMLElement; topHand: HTMLElement; bottomHand: HTMLElement;
        chooser: HTMLElement; moves: HTMLOListElement; fen: HTMLInputElement; pgn: HTMLTextAreaElement; undo: HTMLButtonElement; redo: HTMLButtonElement;
        pass: HTMLButtonElement; white: HTMLSelectElement; black: HTMLSelectElement; level: HTMLSelectElement; problems: HTMLUListElement;
    };
    /** Called after each render (tests and screenshots wait on it). */
    onRender: () => void = () => undefined;

    constructor(container: HTMLElement, private readonly host: PlayHost) {
        this.opponent = new OpponentClient(() => webWorkerPort(host.startWorker()));
        this.root = container;
        container.classList.add('lcpn-play');
        container.replaceChildren(...playMarkup());
        const q = <T extends HTMLElement>(name: string) => container.querySelector<T>(`[data-play=${name}]`)!;
        this.el = {
            game: q('game'), status: q('status'), notice: q('notice'), board: q('board'), topHand: q('top-hand'), bottomHand: q('bottom-hand'),
            chooser: q('chooser'), moves: q('moves'), fen: q('fen'), pgn: q('pgn'), undo: q('undo'), redo: q('redo'), pass: q('pass'),
            white: q('white'), black: q('black'), level: q('level'), problems: q('problems')
        };
        this.wire();
        this.render();
    }

    /**
     * The games of `file` (from the language server), each time they change. A game in progress
     * is kept (also when another file's games come, for when that file comes back); newer rules
     * for it are offered, never taken silently.
     */
    setGames(games: readonly PlayGame[], file = ''): void {
        this.games = [...games];
        this.file = file;
        for (const table of this.tables.values()) {
            if (table.file !== file) continue;
            const game = games.find((g) => g.name === table.name);
            delete table.newer;
            delete table.gone;
            if (!game) table.gone = `The file no longer declares ${table.name}: this game goes on with the rules it started with.`;
            else if (!game.spec) table.gone = `${table.name} cannot be played with the file's rules now (${game.problems.join('; ')}): this game goes on with the rules it started with.`;
            else if (JSON.stringify(game.spec) !== JSON.stringify(table.spec)) table.newer = game.spec as GameSpec;
        }
        if (this.current?.file !== file) {
            const kept = [...this.tables.values()].find((t) => t.file === file);
            const first = games.find((g) => g.spec);
            if (kept) this.open(kept.name);
            else if (first) this.open(first.name);
            else {
                this.current = undefined;
                this.afterChange();
            }
        }
        this.message = undefined;
        this.render();
    }

    /** A line from the host (no file open, the server not ready). */
    setStatus(text: string, kind: 'info' | 'error'): void {
        this.say(text, kind);
    }

    private wire(): void {
        const on = (name: string, action: () => void) => this.root.querySelector(`[data-play=${name}]`)!.addEventListener('click', action);
        on('new', () => this.newGame());
        on('undo', () => this.undo());
        on('redo', () => this.redo());
        on('flip', () => {
            this.flipped = !this.flipped;
            this.render();
        });
        on('pass', () => {
            const pass = this.current?.session.legalMoves().find((m) => m.kind === 'pass');
            if (pass) this.play(pass.uci);
        });
        on('copy-fen', () => this.copy(this.current?.session.fen, 'FEN'));
        on('load-fen', () => this.loadFen(this.el.fen.value));
        on('copy-pgn', () => this.copy(this.pgn(), 'PGN'));
        on('save-pgn', () => {
            const table = this.current;
            if (table) this.host.savePgn(this.pgn()!, `${table.name}.pgn`);
        });
        const openPgn = this.root.querySelector<HTMLButtonElement>('[data-play=open-pgn]')!;
        openPgn.hidden = !this.host.openPgn;
        openPgn.addEventListener('click', () => void this.host.openPgn?.().then((text) => {
            if (text !== undefined) this.loadPgnText(text);
        }));
        on('load-pgn', () => this.loadPgnText(this.el.pgn.value));
        this.el.fen.addEventListener('keydown', (event) => {
            if (event.key === 'Enter') this.loadFen(this.el.fen.value);
        });
        this.el.game.addEventListener('change', () => this.open(this.el.game.value));
        for (const side of ['white', 'black'] as const) {
            this.el[side].addEventListener('change', () => {
                this.players[side] = this.el[side].value === 'computer' ? 'computer' : 'human';
                this.afterChange();
            });
        }
        this.el.level.value = String(this.level);
        this.el.level.addEventListener('change', () => {
            this.level = Number(this.el.level.value) || 0;
        });
        this.el.notice.addEventListener('click', (event) => {
            if ((event.target as Element).closest('[data-play=restart]')) this.restartWithNewRules();
        });
        this.el.board.addEventListener('click', (event) => {
            const square = squareOfEvent(event);
            if (square) this.clickSquare(square);
        });
        this.el.board.addEventListener('keydown', (event) => {
            const square = squareOfEvent(event);
            if (square && (event.key === 'Enter' || event.key === ' ')) {
                event.preventDefault();
                this.clickSquare(square);
            }
        });
        // Drag and drop: a piece pressed on one square and released on another is that move (the
        // click that follows goes to the board itself, not to a square, and is not a choice).
        let pressed: string | undefined;
        this.el.board.addEventListener('pointerdown', (event) => {
            pressed = squareOfEvent(event);
        });
        this.el.board.addEventListener('pointerup', (event) => {
            const released = squareAtPoint(event);
            const from = pressed;
            pressed = undefined;
            if (!from || !released || released === from || !this.mayMove()) return;
            this.chosen = { from };
            this.clickSquare(released);
        });
        for (const hand of [this.el.topHand, this.el.bottomHand]) {
            hand.addEventListener('click', (event) => {
                const letter = (event.target as Element).closest('[data-drop]')?.getAttribute('data-drop');
                if (letter) this.chooseDrop(letter);
            });
        }
        this.el.chooser.addEventListener('click', (event) => {
            const uci = (event.target as Element).closest('[data-uci]')?.getAttribute('data-uci');
            if (uci) this.play(uci);
            else if ((event.target as Element).closest('[data-play=cancel]')) {
                this.choosing = undefined;
                this.render();
            }
        });
    }

    private open(name: string): void {
        const key = `${this.file}\n${name}`;
        let table = this.tables.get(key);
        if (!table) {
            const game = this.games.find((g) => g.name === name);
            if (!game?.spec) return;
            const spec = game.spec as GameSpec;
            try {
                table = { file: this.file, name, spec, session: new PlaySession(gameOf(spec)) };
            } catch (error) {
                this.say(`${name} cannot be played: ${errorText(error)}`, 'error');
                return;
            }
            this.tables.set(key, table);
        }
        this.current = table;
        this.afterChange();
    }

    private newGame(): void {
        const table = this.current;
        if (!table) return;
        table.session = new PlaySession(table.session.game);
        this.message = undefined;
        this.afterChange();
    }

    /** Takes back a move; against the computer, back to a position where a person is to move. */
    private undo(): void {
        const session = this.current?.session;
        if (!session?.undo()) return;
        if (this.players[session.toMove] === 'computer' && this.players[other(session.toMove)] === 'human' && session.canUndo) session.undo();
        this.afterChange();
    }

    /** Plays again a move taken back; against the computer, its answer too (else it would play a move of its own). */
    private redo(): void {
        const session = this.current?.session;
        if (!session?.redo()) return;
        if (this.players[session.toMove] === 'computer' && this.players[other(session.toMove)] === 'human' && session.canRedo) session.redo();
        this.afterChange();
    }

    private restartWithNewRules(): void {
        const table = this.current;
        if (!table?.newer) return;
        try {
            table.session = new PlaySession(gameOf(table.newer));
        } catch (error) {
            this.say(`The new rules cannot be played: ${errorText(error)}`, 'error');
            return;
        }
        table.spec = table.newer;
        delete table.newer;
        this.message = undefined;
        this.afterChange();
    }

    private loadFen(text: string): void {
        const table = this.current;
        if (!table) return;
        try {
            table.session = new PlaySession(table.session.game, text.trim());
        } catch (error) {
            this.say(`That FEN is not a position of ${table.name}: ${errorText(error)}`, 'error');
            return;
        }
        this.message = undefined;
        this.afterChange();
    }

    /** Loads a PGN of the game on screen (refused with the reason and the move number when it is not one). */
    loadPgnText(text: string): void {
        const table = this.current;
        if (!table) return;
        try {
            const { session, record } = PlaySession.fromPgn(table.session.game, text);
            table.session = session;
            this.say(record.notes.length > 0 ? `PGN loaded (${record.notes.join('; ')}).` : `PGN loaded: ${session.history.length} moves.`, 'info');
        } catch (error) {
            this.say(`This PGN was not loaded: ${errorText(error)}`, 'error');
            return;
        }
        this.afterChange();
    }

    private pgn(): string | undefined {
        const table = this.current;
        if (!table) return undefined;
        const name = (side: PlaySide) => (this.players[side] === 'computer' ? `lcpn (${LEVELS[this.level]!.name})` : '?');
        return table.session.pgn({ White: name('white'), Black: name('black'), Site: 'lcpn Play view' });
    }

    private copy(text: string | undefined, what: string): void {
        if (text === undefined) return;
        this.host.copyText(text).then(() => this.say(`${what} copied.`, 'info'), (error: unknown) => this.say(`${what} not copied: ${errorText(error)}`, 'error'));
    }

    private clickSquare(square: string): void {
        const session = this.current?.session;
        if (!session || !this.mayMove()) return;
        this.choosing = undefined;
        const chosen = this.chosen;
        if (chosen) {
            const moves = session.movesOf(chosen).filter((m) => m.to === square && m.kind !== 'pass');
            if (moves.length === 1) return this.play(moves[0]!.uci);
            if (moves.length > 1) {
                this.choosing = moves;
                this.render();
                return;
            }
        }
        const own = session.board().cells.find((c) => c.square === square && c.side === session.toMove);
        this.chosen = own && !(chosen && 'from' in chosen && chosen.from === square) ? { from: square } : undefined;
        this.render();
    }

    /** Whether a person is to move now. */
    private mayMove(): boolean {
        const session = this.current?.session;
        return session !== undefined && !this.thinking && this.players[session.toMove] === 'human' && session.legalMoves().length > 0;
    }

    private chooseDrop(letter: string): void {
        if (!this.mayMove()) return;
        this.choosing = undefined;
        this.chosen = this.chosen && 'drop' in this.chosen && this.chosen.drop === letter ? undefined : { drop: letter };
        this.render();
    }

    private play(uci: string): void {
        const session = this.current?.session;
        if (!session) return;
        try {
            session.play(uci);
        } catch (error) {
            this.say(errorText(error), 'error');
            return;
        }
        this.message = undefined;
        this.afterChange();
    }

    /** The game on screen changed: stop any search for the old one, draw, and let the computer move if it is its turn. */
    private afterChange(): void {
        this.generation++;
        this.chosen = undefined;
        this.choosing = undefined;
        if (this.thinking) {
            this.thinking = false;
            this.opponent.stop();
        }
        this.render();
        this.computerTurn();
    }

    private computerTurn(): void {
        const table = this.current;
        if (!table || this.thinking) return;
        const session = table.session;
        if (session.result() || this.players[session.toMove] !== 'computer') return;
        const generation = this.generation;
        this.thinking = true;
        this.render();
        this.opponent.bestMove(session.question(table.spec, LEVELS[this.level]!.movetime)).then((answer) => {
            if (generation !== this.generation) return;
            this.thinking = false;
            if (answer.move === null) {
                this.render();
                return;
            }
            this.play(answer.move);
        }, (error: unknown) => {
            if (generation !== this.generation) return;
            this.thinking = false;
            this.say(`The computer could not move: ${errorText(error)}`, 'error');
        });
    }

    private say(text: string, kind: 'info' | 'error'): void {
        this.message = { text, kind };
        this.render();
    }

    private render(): void {
        this.renderGames();
        const table = this.current;
        const { status, notice, problems } = this.el;
        problems.replaceChildren(...this.games.filter((g) => !g.spec).map((g) => item(`${g.name} cannot be played: ${g.problems.join('; ')}`)));
        notice.hidden = !table?.newer && !table?.gone;
        if (table?.newer) {
            notice.replaceChildren(`The file's rules for ${table.name} changed. The game in progress goes on with the rules it started with until you `,
                button('Restart with the new rules', 'restart'), '.');
        } else if (table?.gone) {
            notice.replaceChildren(table.gone);
        }
        if (!table) {
            status.textContent = this.message?.text ?? (this.games.length === 0
                ? 'The file declares no game. Declare one, as in examples/chess.lcpn: (def chess (game (pieces ...) (start "...") ...)).'
                : 'No game of the file can be played yet.');
            status.className = this.message?.kind === 'error' ? 'error' : '';
            this.el.board.replaceChildren();
            this.el.moves.replaceChildren();
            this.onRender();
            return;
        }
        const session = table.session;
        const result = session.result();
        const mover = session.toMove;
        status.className = this.message?.kind === 'error' ? 'error' : '';
        status.textContent = this.message?.text ?? (result
            ? `${session.resultText()}: ${result.winner ? `${capital(result.winner)} wins` : 'a draw'} (${result.reason}).`
            : this.thinking ? `${capital(mover)} to move: the computer is thinking…`
                : `${capital(mover)} to move${this.players[mover] === 'computer' ? ' (the computer)' : ''}.`);
        this.root.dataset.result = result ? session.resultText() : '';
        this.root.dataset.reason = result?.reason ?? '';
        this.root.dataset.plies = String(session.history.length);
        this.root.dataset.thinking = String(this.thinking);

        const view = session.board();
        const offered = this.chosen ? session.movesOf(this.chosen) : [];
        const marks: BoardMarks = {
            ...(this.chosen && 'from' in this.chosen ? { selected: this.chosen.from } : {}),
            targets: new Set(offered.map((m) => m.to)),
            ...(view.lastMove ? { lastMove: view.lastMove } : {})
        };
        const names = new Map(table.session.game.model.pieces.map((p) => [p.letter.toUpperCase(), p.piece]));
        const focused = (document.activeElement as Element | null)?.getAttribute?.('data-square') ?? undefined;
        const figures = this.games.find((g) => g.name === table.name)?.figures;
        this.el.board.replaceChildren(drawPlayBoard(view, { flipped: this.flipped, marks, names, ...(figures ? { figures } : {}) }));
        if (focused) this.el.board.querySelector<SVGElement>(`[data-square="${focused}"]`)?.focus();
        const [top, bottom]: PlaySide[] = this.flipped ? ['white', 'black'] : ['black', 'white'];
        this.renderHand(this.el.topHand, view.hands?.[top], top, names);
        this.renderHand(this.el.bottomHand, view.hands?.[bottom], bottom, names);
        this.el.undo.disabled = !session.canUndo;
        this.el.redo.disabled = !session.canRedo;
        this.el.pass.hidden = !session.legalMoves().some((m) => m.kind === 'pass') || this.players[mover] === 'computer';
        this.el.white.value = this.players.white;
        this.el.black.value = this.players.black;
        this.el.chooser.hidden = !this.choosing;
        if (this.choosing) {
            this.el.chooser.replaceChildren('Which move? ', ...this.choosing.map((m) => {
                const b = button(m.promotion ? `${m.san} (${names.get(m.promotion) ?? m.promotion})` : m.san);
                b.dataset.uci = m.uci;
                return b;
            }), button('Cancel', 'cancel'));
        }
        this.el.moves.replaceChildren(...session.moveList().map((row) => {
            const li = document.createElement('li');
            li.value = row.number;
            li.textContent = `${row.white ?? '…'} ${row.black ?? ''}`.trim();
            return li;
        }));
        this.el.moves.scrollTop = this.el.moves.scrollHeight;
        if (document.activeElement !== this.el.fen) this.el.fen.value = session.fen;
        this.onRender();
    }

    private renderGames(): void {
        const select = this.el.game;
        const kept = [...this.tables.values()].filter((t) => t.file === this.file).map((t) => t.name);
        const names = [...new Set([...this.games.filter((g) => g.spec).map((g) => g.name), ...kept])];
        if (select.options.length !== names.length || names.some((n, i) => select.options[i]!.value !== n)) {
            select.replaceChildren(...names.map((n) => new Option(n, n)));
        }
        if (this.current) select.value = this.current.name;
        select.disabled = names.length < 2;
    }

    private renderHand(element: HTMLElement, hand: { letter: string; count: number }[] | undefined, side: PlaySide, names: ReadonlyMap<string, string>): void {
        element.hidden = hand === undefined;
        if (!hand) return;
        const chosen = this.chosen && 'drop' in this.chosen ? this.chosen.drop : undefined;
        const own = side === this.current?.session.toMove;
        element.replaceChildren(`${capital(side)}'s hand: `, ...(hand.length === 0 ? ['empty'] : hand.map((p) => {
            const b = button(`${side === 'white' ? p.letter : p.letter.toLowerCase()} ×${p.count}`);
            b.title = `${capital(side)} ${names.get(p.letter) ?? p.letter} in hand: click, then click an empty square to drop it`;
            b.disabled = !own;
            if (own) b.dataset.drop = p.letter;
            if (own && chosen === p.letter) b.classList.add('chosen');
            return b;
        })));
    }
}

/** A Web Worker as the opponent client's port. */
function webWorkerPort(worker: Worker): OpponentPort {
    return {
        postMessage: (message) => worker.postMessage(message),
        listen: (listener, failed) => {
            worker.addEventListener('message', (event: MessageEvent<FromOpponent>) => listener(event.data));
            worker.addEventListener('error', (event) => failed(new Error(event.message || 'the opponent\'s worker failed')));
        },
        terminate: () => worker.terminate()
    };
}

function other(side: PlaySide): PlaySide {
    return side === 'white' ? 'black' : 'white';
}

function capital(text: string): string {
    return text.charAt(0).toUpperCase() + text.slice(1);
}

function errorText(error: unknown): string {
    return error instanceof Error ? error.message : String(error);
}

function button(text: string, name?: string): HTMLButtonElement {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = text;
    if (name) b.dataset.play = name;
    return b;
}

function item(text: string): HTMLLIElement {
    const li = document.createElement('li');
    li.textContent = text;
    return li;
}
