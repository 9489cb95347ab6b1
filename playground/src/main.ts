/**
 * The playground page: a CodeMirror 6 editor, the LCPN language server in a web worker, the
 * live diagram of the piece under the cursor, and the Play view for the games the text declares
 * (the VS Code panel's, client/webview/play-view.ts). Diagnostics, hovers and colours come from the
 * server exactly as in VS Code (comments and strings from VS Code's TextMate grammar); nothing
 * here knows LCPN.
 */
import { basicSetup, EditorView } from 'codemirror';
import { setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { hoverTooltip, type Tooltip } from '@codemirror/view';
import { Compartment, type Text } from '@codemirror/state';
import MarkdownIt from 'markdown-it';
import { DiagramPane } from './diagram-pane.js';
import { PlayPane } from '../../client/webview/play-view.js';
import opponentSource from 'lcpn-opponent-worker-source';
import { lcpnLexical } from './lexical-language.js';
import { SemanticHighlighter } from './semantic-highlight.js';
import { LcpnDocumentClient, type LspDiagnostic, type LspPosition, type PieceDiagram, type TextMode } from './lsp.js';
import { startServer } from './server.js';

const EXAMPLE = `; Type a piece; the diagram follows the cursor.
; Click a square for a friend, then an enemy blocker; shift-click to move the piece there.
(def my-piece (/ knight (wazir :rider)))

horse := wazir => [1, 1]:outward
`;

/** The variants.ini mode's first text: a section with a custom piece (hover its line) and a key written with ':' (a diagnostic). */
const INI_EXAMPLE = `# A Fairy-Stockfish variants.ini, served by the same language server:
# diagnostics, and a hover on each piece line.
[archchess:chess]
customPiece1 = a:BN
pieceToCharTable = -
startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
castling: false
`;

const started = performance.now();
const { connection } = startServer();
const client = new LcpnDocumentClient(connection);
const highlighter = new SemanticHighlighter(client);

/** Hovers are the server's markdown; images only as data URIs of the server's own diagrams. */
const markdown = new MarkdownIt({ html: false, linkify: false });
const defaultValidateLink = markdown.validateLink.bind(markdown);
// VS Code command links (the hover's "save as SVG/PNG") mean nothing here: they stay text.
markdown.validateLink = (url: string) => /^data:image\/svg\+xml;base64,/i.test(url) || (!/^command:/i.test(url) && defaultValidateLink(url));
// VS Code's image size suffix, `(data:...|width=120,height=120)`: made width and height attributes.
const defaultImage = markdown.renderer.rules.image!;
markdown.renderer.rules.image = (tokens, index, options, env, self) => {
    const token = tokens[index]!;
    const [src, size] = (token.attrGet('src') ?? '').split(/\||%7C/i);
    token.attrSet('src', src ?? '');
    for (const [, name, value] of (size ?? '').matchAll(/(width|height)=(\d+)/g)) token.attrSet(name!, value!);
    return defaultImage(tokens, index, options, env, self);
};

const toOffset = (doc: Text, p: LspPosition): number => {
    const line = doc.line(Math.min(doc.lines, p.line + 1));
    return Math.min(line.to, line.from + p.character);
};
const toPosition = (doc: Text, offset: number): LspPosition => {
    const line = doc.lineAt(offset);
    return { line: line.number - 1, character: offset - line.from };
};
const SEVERITY: Record<number, Diagnostic['severity']> = { 1: 'error', 2: 'warning', 3: 'info', 4: 'hint' };

let view: EditorView;
let followTimer: ReturnType<typeof setTimeout> | undefined;
/** LCPN's colours (comments and strings, then the server's tokens), not a variants.ini's. */
const lcpnColours = new Compartment();
const follow = () => {
    clearTimeout(followTimer);
    if (client.mode !== 'lcpn') return;
    followTimer = setTimeout(() => pane.follow(toPosition(view.state.doc, view.state.selection.main.head)), 200);
};

view = new EditorView({
    parent: document.getElementById('editor')!,
    doc: EXAMPLE,
    extensions: [
        basicSetup,
        lcpnColours.of([lcpnLexical, highlighter.extension]),
        hoverTooltip(async (v, offset): Promise<Tooltip | null> => {
            const contents = await client.hover(toPosition(v.state.doc, offset)).catch(() => undefined);
            if (!contents) return null;
            return {
                pos: offset,
                above: true,
                create: () => {
                    const dom = document.createElement('div');
                    dom.className = 'lcpn-hover';
                    dom.innerHTML = markdown.render(contents); // html: false, so only markdown's own tags
                    return { dom };
                }
            };
        }),
        EditorView.updateListener.of((update) => {
            if (update.docChanged) client.change(update.state.doc.toString());
            if (update.docChanged) refreshGamesLater();
            if (update.docChanged || update.selectionSet) follow();
        })
    ]
});

const pane = new DiagramPane(client, {
    picture: document.getElementById('diagram')!,
    title: document.getElementById('diagram-title')!,
    notes: document.getElementById('diagram-notes')!,
    boardChoice: document.getElementById('board-choice') as HTMLSelectElement,
    boardSpec: document.getElementById('board-spec') as HTMLInputElement,
    boardSource: document.getElementById('board-source')!,
    black: document.getElementById('black') as HTMLInputElement,
    firstMove: document.getElementById('first-move') as HTMLInputElement,
    firstMoveLabel: document.getElementById('first-move-label')!
});

/** The Play view: its games are the text's, asked for again after each pause in typing while it is open. */
let opponentUrl: string | undefined;
const playPane = new PlayPane(document.getElementById('play-root')!, {
    // A worker ended to stop a search (the page has no shared memory) is started again from the same URL.
    startWorker: () => new Worker(opponentUrl ??= URL.createObjectURL(new Blob([opponentSource], { type: 'text/javascript' })), { name: 'lcpn-opponent' }),
    savePgn: (text, fileName) => {
        const link = document.createElement('a');
        link.href = URL.createObjectURL(new Blob([text], { type: 'application/vnd.chess-pgn' }));
        link.download = fileName;
        link.click();
        setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    },
    openPgn: () => new Promise((resolve) => {
        const input = document.createElement('input');
        input.type = 'file';
        input.accept = '.pgn,text/plain';
        input.addEventListener('change', () => {
            const file = input.files?.[0];
            if (file) void file.text().then(resolve);
            else resolve(undefined);
        });
        input.click();
    }),
    copyText: (text) => navigator.clipboard.writeText(text)
});
let playOpen = false;
let gamesTimer: ReturnType<typeof setTimeout> | undefined;
const refreshGames = async () => {
    if (client.mode !== 'lcpn') {
        playPane.setStatus('A variants.ini is not played here: convert a section to LCPN (lcpn convert FILE.ini --from fsf), then play its game.', 'info');
        return;
    }
    try {
        const answer = await client.playGames();
        if (answer) playPane.setGames(answer.games);
    } catch (error) {
        playPane.setStatus(`The language server could not read the games: ${error instanceof Error ? error.message : String(error)}`, 'error');
    }
};
function refreshGamesLater(): void {
    if (!playOpen || client.mode !== 'lcpn') return;
    clearTimeout(gamesTimer);
    gamesTimer = setTimeout(() => void refreshGames(), 400);
}
playPane.onRender = () => {
    document.body.dataset.playRenders = String(Number(document.body.dataset.playRenders ?? 0) + 1);
};
const tabs = { diagram: document.getElementById('tab-diagram')!, play: document.getElementById('tab-play')! };
const views = { diagram: document.getElementById('diagram-view')!, play: document.getElementById('play-view')! };
for (const which of ['diagram', 'play'] as const) {
    tabs[which].addEventListener('click', () => {
        for (const name of ['diagram', 'play'] as const) {
            tabs[name].setAttribute('aria-selected', String(name === which));
            views[name].hidden = name !== which;
        }
        if (which === 'play' && !playOpen) {
            playOpen = true;
            void refreshGames();
        }
    });
}

/**
 * The editor holds LCPN or a variants.ini: each mode keeps its own text (switching never loses
 * one); the server closes one document and opens the other.
 */
const texts: Record<TextMode, string> = { lcpn: EXAMPLE, 'fsf-ini': INI_EXAMPLE };
const modeChoice = document.getElementById('mode') as HTMLSelectElement;
modeChoice.addEventListener('change', () => void switchMode(modeChoice.value === 'fsf-ini' ? 'fsf-ini' : 'lcpn'));
async function switchMode(mode: TextMode): Promise<void> {
    if (mode === client.mode) return;
    texts[client.mode] = view.state.doc.toString();
    await client.switchTo(mode, texts[mode]);
    view.dispatch(setDiagnostics(view.state, []));
    view.dispatch({
        changes: { from: 0, to: view.state.doc.length, insert: texts[mode] },
        effects: lcpnColours.reconfigure(mode === 'lcpn' ? [lcpnLexical, highlighter.extension] : [])
    });
    document.body.dataset.mode = mode;
    if (mode === 'lcpn') {
        follow();
        void refreshGames();
    } else {
        pane.showMessage('Hover a piece line (customPiece1 = a:BN, knight = n) to see its moves.');
        if (playOpen) void refreshGames();
    }
}

let firstDiagram = true;
pane.onRender = (diagram: PieceDiagram | null) => {
    if (diagram && firstDiagram) {
        firstDiagram = false;
        const ms = Math.round(performance.now() - started);
        document.body.dataset.firstDiagramMs = String(ms);
        console.info(`lcpn: first diagram ${ms} ms after the page started`);
    }
    document.body.dataset.diagrams = String(Number(document.body.dataset.diagrams ?? 0) + 1);
};

void client.initialize(view.state.doc.toString(), (diagnostics: LspDiagnostic[]) => {
    const doc = view.state.doc;
    view.dispatch(setDiagnostics(view.state, diagnostics.map((d) => {
        const from = toOffset(doc, d.range.start);
        return {
            from,
            to: Math.max(from, toOffset(doc, d.range.end)),
            severity: SEVERITY[d.severity ?? 1] ?? 'error',
            source: d.data?.code ?? (typeof d.code === 'string' ? d.code : undefined),
            message: d.message
        };
    })));
    document.body.dataset.diagnostics = String(diagnostics.length);
    // The server has built the text: its colours are ready.
    void highlighter.refresh(view);
}).then(() => {
    document.body.dataset.ready = 'true';
    // The first diagram: the piece on the example's first definition.
    const first = view.state.doc.toString().indexOf('my-piece');
    view.dispatch({ selection: { anchor: first + 2 } });
    view.focus();
}).catch((error: unknown) => {
    document.getElementById('diagram')!.textContent = `The language server did not start: ${error instanceof Error ? error.message : String(error)}`;
});
