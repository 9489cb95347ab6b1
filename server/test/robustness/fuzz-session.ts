/**
 * One black-box fuzz session against the built language server: the client side of the
 * documents (text, version), the actions (open, incremental edits, requests at random
 * positions, cancellations, close), the checks on every answer and notification, and the
 * reproductions of failures (shrunk in the same server where possible, written to a JSON file
 * that `LCPN_FUZZ_REPLAY=<file>` replays against a fresh server).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { EmptyFileSystem } from 'langium';
import { createLcpnServices } from '../../src/semantics/module.js';
import { CHARS, TOKENS, type Random } from './fuzz-inputs.js';
import { randomDocument } from './fuzz-generate.js';
import { LspProcess, type Action, type Answer } from './lsp-process.js';
import { activeSvg, foreignMarkup, markdownIn } from './markdown-check.js';
import { shrink } from './shrink.js';

export interface Position { line: number; character: number }
interface Range { start: Position; end: Position }
interface TextEditLike { range: Range; newText: string }

export interface Reproduction {
    /** What failed, in one line; failures of one kind are reported once. */
    kind: string;
    detail: string;
    uri?: string;
    languageId?: string;
    text?: string;
    request?: { method: string; params: unknown };
    /** For failures that depend on history (exits, hangs): the last actions, oldest first. */
    history?: string[];
    /** All actions since the server started, as JSON (`Action[]`), for `replayActions`. */
    actionsFile?: string;
    /** The workspace folder of the run (a replay substitutes its own). */
    workspace?: string;
}

export interface Stats {
    documents: number;
    edits: number;
    requests: number;
    cancellations: number;
    restarts: number;
    answers: Record<string, number>;
}

/** LSP and JSON-RPC error codes a server may answer with; InternalError is never acceptable. */
const ACCEPTED_CODES = new Map<number, string>([
    [-32602, 'InvalidParams'], [-32800, 'RequestCancelled'], [-32801, 'ContentModified'], [-32802, 'ServerCancelled'], [-32803, 'RequestFailed']
]);

/** Lexer of the real grammar (in process): formatting must change whitespace and comments only. */
const lexer = createLcpnServices(EmptyFileSystem).Lcpn.parser.Lexer;
function tokenImages(text: string): string[] {
    return lexer.tokenize(text).tokens.map((t) => t.image);
}

function lspLines(text: string): string[] {
    return text.split(/\r\n|\r|\n/);
}

function validPosition(lines: string[], p: Position | undefined): boolean {
    return !!p && Number.isInteger(p.line) && Number.isInteger(p.character) && p.line >= 0 && p.line < lines.length
        && p.character >= 0 && p.character <= lines[p.line].length;
}

function rangeProblem(lines: string[], range: Range | undefined): string | undefined {
    if (!range || !validPosition(lines, range.start) || !validPosition(lines, range.end)) return `range outside the document: ${JSON.stringify(range)}`;
    const { start, end } = range;
    if (start.line > end.line || (start.line === end.line && start.character > end.character)) return `reversed range: ${JSON.stringify(range)}`;
    return undefined;
}

interface OpenDocument {
    uri: string;
    languageId: string;
    document: TextDocument;
    /** Text at didOpen and the edits since, for reproductions that need the history. */
    history: string[];
}

export interface SessionOptions {
    server: string;
    workspace: string;
    boundMs: number;
    /** Where reproductions are written. */
    reportDir: string;
    log?: (line: string) => void;
}

export class FuzzSession {
    proc!: LspProcess;
    readonly stats: Stats = { documents: 0, edits: 0, requests: 0, cancellations: 0, restarts: 0, answers: {} };
    readonly failures: Reproduction[] = [];
    private readonly kinds = new Set<string>();
    private readonly open = new Map<string, OpenDocument>();
    /** URIs the client sent (and the workspace's files): diagnostics may be published for these only. */
    readonly knownUris = new Set<string>();
    private notificationsSeen = 0;
    /** The versions of each document when the commands about it still running were sent. */
    private readonly commandVersions = new Map<string, number[]>();
    private readonly recent: string[] = [];
    /** Every action since the server started, for failures that depend on history (replayed by `replayActions`). */
    private actions: Action[] = [];
    private counter = 0;
    private shrinking = false;

    constructor(private readonly options: SessionOptions, private readonly r: Random) {}

    // ------------------------------------------------------------------ lifecycle

    async start(): Promise<void> {
        this.proc = new LspProcess(this.options.server);
        this.proc.applyEdit = (params) => this.applyServerEdit(params);
        this.notificationsSeen = 0;
        this.actions = [];
        const folder = `file://${this.options.workspace}`;
        const init = await this.proc.request('initialize', {
            processId: process.pid,
            clientInfo: { name: 'lcpn-fuzz' },
            // Both diagram styles: hovers then carry the server's own images and text diagrams.
            initializationOptions: { diagramStyle: 'both' },
            rootUri: folder,
            workspaceFolders: [{ uri: folder, name: 'fuzz' }],
            capabilities: {
                general: { markdown: { parser: 'marked', version: '1.1.0' } },
                workspace: { applyEdit: true, workspaceEdit: { documentChanges: false }, symbol: {}, executeCommand: {}, configuration: true, workspaceFolders: true },
                textDocument: {
                    synchronization: { didSave: false },
                    hover: { contentFormat: ['markdown', 'plaintext'] },
                    completion: { completionItem: { snippetSupport: true, documentationFormat: ['markdown', 'plaintext'] } },
                    definition: { linkSupport: true },
                    rename: { prepareSupport: true },
                    codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix', 'refactor', 'refactor.rewrite', 'source'] } } },
                    semanticTokens: { requests: { full: true, range: true }, tokenTypes: [], tokenModifiers: [], formats: ['relative'], multilineTokenSupport: false, overlappingTokenSupport: false },
                    publishDiagnostics: { relatedInformation: true }
                }
            }
        }, 30_000);
        if (!init.result) throw new Error(`initialize failed: ${JSON.stringify(init)} ${this.proc.stderr}`);
        this.proc.notify('initialized', {});
        this.open.clear();
    }

    async stop(): Promise<void> {
        await this.proc.shutdown();
    }

    /** After an exit or a hang: record it, and start a new server so that the run goes on. */
    private async restart(): Promise<void> {
        this.stats.restarts++;
        // What the old process said before it went is judged too.
        this.checkNotifications();
        await this.proc.shutdown().catch(() => undefined);
        await this.start();
    }

    // ------------------------------------------------------------------ failures

    fail(failure: Reproduction): void {
        if (this.shrinking) return;
        if (this.kinds.has(failure.kind)) return;
        this.kinds.add(failure.kind);
        const n = this.failures.length + 1;
        mkdirSync(this.options.reportDir, { recursive: true });
        const file = join(this.options.reportDir, `failure-${n}.json`);
        failure = { ...failure, workspace: this.options.workspace };
        if (failure.history) {
            failure = { ...failure, actionsFile: join(this.options.reportDir, `failure-${n}.actions.json`) };
            writeFileSync(failure.actionsFile!, JSON.stringify(this.actions));
        }
        writeFileSync(file, JSON.stringify(failure, null, 2));
        this.failures.push({ ...failure, detail: `${failure.detail}\n  (reproduction: ${file})` });
        this.options.log?.(`FAILURE ${failure.kind}`);
    }

    private note(action: string): void {
        this.recent.push(action.length > 4000 ? action.slice(0, 2000) + ' … ' + action.slice(-2000) : action);
        if (this.recent.length > 30) this.recent.shift();
    }

    // ------------------------------------------------------------------ documents

    uriFor(kind: number): { uri: string; languageId: string } {
        const n = ++this.counter;
        const ws = `file://${this.options.workspace}`;
        const uris = [
            `${ws}/fuzz-${n}.lcpn`, `${ws}/fuzz-${n}.lcpn`, `${ws}/fuzz-${n}.lcpn`, `${ws}/sub/fuzz ${n}.lcpn`.replace(/ /g, '%20'),
            `untitled:Untitled-${n}`, `${ws}/A-${n}.LCPN`, `${ws}/notes-${n}.txt`, `${ws}/caf%E9-${n}.lcpn`, `untitled:/fuzz/Untitled-${n}`
        ];
        return { uri: uris[kind % uris.length], languageId: 'lcpn' };
    }

    openDocument(uri: string, languageId: string, text: string): OpenDocument {
        const doc: OpenDocument = { uri, languageId, document: TextDocument.create(uri, languageId, 1, text), history: [text] };
        this.open.set(uri, doc);
        this.knownUris.add(uri);
        this.stats.documents++;
        this.note(`didOpen ${uri} ${JSON.stringify(text)}`);
        this.actions.push({ open: { uri, languageId, text } });
        this.proc.notify('textDocument/didOpen', { textDocument: { uri, languageId, version: 1, text } });
        return doc;
    }

    closeDocument(uri: string): void {
        if (!this.open.delete(uri)) return;
        this.note(`didClose ${uri}`);
        this.actions.push({ close: uri });
        this.proc.notify('textDocument/didClose', { textDocument: { uri } });
    }

    get openUris(): string[] {
        return [...this.open.keys()];
    }

    /** Incremental edits (applied in order, each against the text the previous one left). */
    change(doc: OpenDocument, edits: TextEditLike[]): void {
        let document = doc.document;
        for (const edit of edits) document = TextDocument.update(document, [{ range: edit.range, text: edit.newText }], document.version);
        doc.document = TextDocument.create(doc.uri, doc.languageId, doc.document.version + 1, document.getText());
        doc.history.push(`edit ${JSON.stringify(edits)}`);
        this.stats.edits++;
        this.note(`didChange ${doc.uri} v${doc.document.version} ${JSON.stringify(edits.map((e) => ({ range: e.range, text: e.newText })))}`);
        const changes = edits.map((e) => ({ range: e.range, text: e.newText }));
        this.actions.push({ change: { uri: doc.uri, version: doc.document.version, changes } });
        this.proc.notify('textDocument/didChange', { textDocument: { uri: doc.uri, version: doc.document.version }, contentChanges: changes });
    }

    /** A random edit, the way typing, pasting and deleting make them. */
    randomEdit(doc: OpenDocument): TextEditLike[] {
        const r = this.r;
        const text = doc.document.getText();
        const a = r.int(text.length + 1);
        const b = Math.min(text.length, a + (r.int(3) === 0 ? r.int(40) : 0));
        const range = { start: doc.document.positionAt(a), end: doc.document.positionAt(b) };
        switch (r.int(6)) {
            case 0: return [{ range, newText: r.pick(CHARS) }];
            case 1: return [{ range, newText: ` ${r.pick(TOKENS)} ` }];
            case 2: return [{ range, newText: '' }];
            case 3: return [{ range, newText: `\n${randomDocument(r, 2).text}\n` }];
            case 4: {
                // Typing a word one character at a time: several changes in one notification.
                const word = r.pick(['knight', 'rook :rider', '(def ', ':= ', ' IS ', '"[x](https://evil.example)"']);
                const edits: TextEditLike[] = [];
                let p = range.start;
                for (const ch of word) { edits.push({ range: { start: p, end: p }, newText: ch }); p = { line: p.line, character: p.character + ch.length }; }
                return edits;
            }
            default: return [{ range: { start: { line: 0, character: 0 }, end: doc.document.positionAt(text.length) }, newText: randomDocument(r).text }];
        }
    }

    /** The client's side of `workspace/applyEdit` (the convert command): apply, then tell the server. */
    private applyServerEdit(params: unknown): { applied: boolean } {
        const changes = (params as { edit?: { changes?: Record<string, TextEditLike[]> } })?.edit?.changes ?? {};
        for (const [uri, edits] of Object.entries(changes)) {
            const doc = this.open.get(uri);
            if (!doc) {
                this.fail({ kind: 'applyEdit for a document that is not open', detail: uri, history: [...this.recent] });
                return { applied: false };
            }
            // A command still running was sent before an edit the client made since: the edits may be for
            // that older text; refuse them (a client with versioned edits does the same).
            if ((this.commandVersions.get(uri) ?? []).some((v) => v !== doc.document.version)) return { applied: false };
            const lines = lspLines(doc.document.getText());
            const bad = edits.map((e) => rangeProblem(lines, e.range)).find(Boolean);
            if (bad) {
                this.fail({ kind: 'applyEdit: an edit outside the document', detail: bad, uri, text: doc.document.getText(), history: [...this.recent] });
                return { applied: false };
            }
            // Descending start offsets: each edit leaves the positions before it unchanged.
            const sorted = [...edits].sort((x, y) => doc.document.offsetAt(y.range.start) - doc.document.offsetAt(x.range.start));
            queueMicrotask(() => { if (this.open.get(uri) === doc) this.change(doc, sorted); });
        }
        return { applied: true };
    }

    // ------------------------------------------------------------------ requests

    /** A position in the document: random, at an edge, or (rarely) past its end. */
    randomPosition(doc: OpenDocument): Position {
        const r = this.r;
        const text = doc.document.getText();
        const choice = r.int(20);
        if (choice === 0) return { line: doc.document.lineCount + r.int(3), character: r.int(5) };
        if (choice === 1) return { line: r.int(doc.document.lineCount), character: 10_000 };
        if (choice === 2) return doc.document.positionAt(text.length);
        // Prefer identifiers: that is where the deep features (hover diagrams, rename, definition) run.
        const words = [...text.matchAll(/[A-Za-z_\u00C0-\uFFFF][\w\u00C0-\uFFFF-]*/g)];
        if (choice < 14 && words.length > 0) {
            const w = r.pick(words);
            return doc.document.positionAt(w.index + r.int(w[0].length + 1));
        }
        return doc.document.positionAt(r.int(text.length + 1));
    }

    /** A random advertised request about `doc` (method and params). */
    randomRequest(doc: OpenDocument): { method: string; params: Record<string, unknown> } {
        const r = this.r;
        const textDocument = { uri: doc.uri };
        const position = this.randomPosition(doc);
        const lines = doc.document.lineCount;
        const someRange = () => { const a = this.randomPosition(doc); const b = this.randomPosition(doc); return a.line < b.line || (a.line === b.line && a.character <= b.character) ? { start: a, end: b } : { start: b, end: a }; };
        const requests: [number, () => { method: string; params: Record<string, unknown> }][] = [
            [6, () => ({ method: 'textDocument/hover', params: { textDocument, position } })],
            [5, () => ({ method: 'textDocument/completion', params: { textDocument, position, context: { triggerKind: 1 } } })],
            [3, () => ({ method: 'textDocument/definition', params: { textDocument, position } })],
            [2, () => ({ method: 'textDocument/references', params: { textDocument, position, context: { includeDeclaration: r.int(2) === 0 } } })],
            [2, () => ({ method: 'textDocument/documentHighlight', params: { textDocument, position } })],
            [2, () => ({ method: 'textDocument/prepareRename', params: { textDocument, position } })],
            [2, () => ({ method: 'textDocument/rename', params: { textDocument, position, newName: r.pick(['renamed-piece', 'Renamed_Piece', 'ü-ber', '9bad', '', 'a b', '$if', 'x'.repeat(300), '[x](https://evil.example)']) } })],
            [2, () => ({ method: 'textDocument/documentSymbol', params: { textDocument } })],
            [1, () => ({ method: 'workspace/symbol', params: { query: r.pick(['', 'a', 'knight', 'rook', 'zz', '馬', '*', '.*']) } })],
            [2, () => ({ method: 'textDocument/foldingRange', params: { textDocument } })],
            [2, () => ({ method: 'textDocument/semanticTokens/full', params: { textDocument } })],
            [1, () => ({ method: 'textDocument/semanticTokens/range', params: { textDocument, range: someRange() } })],
            [2, () => ({ method: 'textDocument/formatting', params: { textDocument, options: { tabSize: r.pick([2, 4, 8]), insertSpaces: r.int(4) !== 0 } } })],
            [1, () => ({ method: 'textDocument/rangeFormatting', params: { textDocument, range: someRange(), options: { tabSize: 4, insertSpaces: true } } })],
            [3, () => ({ method: 'textDocument/codeAction', params: { textDocument, range: someRange(), context: { diagnostics: this.lastDiagnostics(doc.uri) } } })],
            [1, () => ({ method: 'workspace/executeCommand', params: { command: 'lcpn.convertDocument', arguments: [doc.uri, r.pick(['lisp', 'c', 'sql'])] } })],
            [4, () => ({ method: 'lcpn/pieceDiagram', params: { uri: doc.uri, position, blockers: r.int(2) ? [{ square: r.pick(['e6', 'd5', 'zz99', '', 'a1']), side: r.pick(['friend', 'enemy']) }] : [], board: r.int(3) === 0 ? { files: r.pick([1, 8, 26, 0, -3, 1e9]), ranks: r.pick([1, 8, 26, 0]) } : undefined, at: r.int(4) === 0 ? r.pick(['a1', 'e4', 'z26', 'x']) : undefined } })],
            // Malformed requests a buggy client can send: the answer is an error code, never an internal error.
            [1, () => r.pick([
                { method: 'textDocument/hover', params: { textDocument } },
                { method: 'textDocument/completion', params: { textDocument, position: { line: -1, character: -1 } } },
                { method: 'textDocument/definition', params: { textDocument, position: { line: lines + 5, character: 0 } } },
                { method: 'textDocument/rename', params: { textDocument, position } },
                { method: 'lcpn/pieceDiagram', params: { uri: doc.uri } },
                { method: 'lcpn/pieceDiagram', params: { uri: 'file:///nowhere/x.lcpn', position } },
                { method: 'textDocument/hover', params: { textDocument: { uri: 'untitled:never-opened' }, position } },
                { method: 'workspace/executeCommand', params: { command: 'lcpn.convertDocument', arguments: ['file:///nowhere/x.lcpn', 'lisp'] } },
                { method: 'workspace/executeCommand', params: { command: 'lcpn.convertDocument', arguments: [doc.uri, 'cobol'] } }
            ])]
        ];
        const total = requests.reduce((n, [w]) => n + w, 0);
        let k = r.int(total);
        for (const [w, make] of requests) { if (k < w) return make(); k -= w; }
        return requests[0][1]();
    }

    private lastDiagnostics(uri: string): unknown[] {
        for (let i = this.proc.notifications.length - 1; i >= 0; i--) {
            const n = this.proc.notifications[i];
            if (n.method === 'textDocument/publishDiagnostics' && (n.params as { uri: string }).uri === uri) return (n.params as { diagnostics: unknown[] }).diagnostics;
        }
        return [];
    }

    /**
     * Sends a request and checks its answer. `doc` is the document it is about; `textKnown`
     * says that its text is the one the server answers on (no edit in flight), so that ranges
     * can be checked.
     */
    async send(method: string, params: unknown, doc?: OpenDocument, cancelAfterMs?: number, textKnown = cancelAfterMs === undefined): Promise<Answer> {
        this.stats.requests++;
        if (cancelAfterMs !== undefined) this.stats.cancellations++;
        this.note(`request ${method} ${JSON.stringify(params)}${cancelAfterMs !== undefined ? ` (cancelled after ${cancelAfterMs} ms)` : ''}`);
        const text = doc?.document.getText();
        this.actions.push({ request: { method, params, cancelAfterMs } });
        const command = method === 'workspace/executeCommand' && doc ? { uri: doc.uri, version: doc.document.version } : undefined;
        if (command) this.commandVersions.set(command.uri, [...(this.commandVersions.get(command.uri) ?? []), command.version]);
        const answer = await this.proc.request(method, params, this.options.boundMs, cancelAfterMs);
        if (command) {
            const versions = this.commandVersions.get(command.uri) ?? [];
            versions.splice(versions.indexOf(command.version), 1);
        }
        const outcome = answer.timedOut ? 'timeout' : answer.lost ? 'lost' : answer.error ? `error ${answer.error.code}` : answer.result === null || answer.result === undefined ? 'null' : 'result';
        this.stats.answers[`${method} ${outcome}`] = (this.stats.answers[`${method} ${outcome}`] ?? 0) + 1;
        const repro = (kind: string, detail: string): Reproduction => ({ kind, detail, uri: doc?.uri, languageId: doc?.languageId, text, request: { method, params } });
        if (answer.lost || !this.proc.alive) {
            this.fail({ ...repro('the server process exited', `exit ${JSON.stringify(this.proc.exit)} while answering ${method}; stderr: ${this.proc.stderr.slice(-1500)}`), history: [...this.recent] });
            await this.restart();
            return answer;
        }
        if (answer.timedOut) {
            const logs = this.proc.notifications.filter((n) => n.method === 'window/logMessage').slice(-5).map((n) => JSON.stringify(n.params).slice(0, 400));
            this.fail({ ...repro(`${method}: no answer within ${this.options.boundMs} ms`, `no answer within ${this.options.boundMs} ms; last log messages: ${logs.join(' | ') || 'none'}; stderr: ${this.proc.stderr.slice(-500)}`), history: [...this.recent] });
            await this.restart();
            return answer;
        }
        if (answer.error) {
            const { code, message } = answer.error;
            if (code === -32603) await this.reportShrunk(repro(`${method}: InternalError`, `InternalError: ${message.slice(0, 500)}`), doc, params, (a) => a.error?.code === -32603);
            else if (!ACCEPTED_CODES.has(code)) this.fail(repro(`${method}: error code ${code}`, `error code ${code} (not an LSP code for this): ${message.slice(0, 300)}`));
            return answer;
        }
        for (const problem of this.checkResult(method, answer.result, textKnown ? text : undefined, doc?.uri)) {
            const kind = `${method}: ${problem.replace(/".*$|\{.*$|\d+/g, '#').slice(0, 80)}`;
            await this.reportShrunk(repro(kind, problem), doc, params, (a) => this.checkResult(method, a.result, undefined, undefined, true).some((p) => p.replace(/".*$|\{.*$|\d+/g, '#').slice(0, 80) === problem.replace(/".*$|\{.*$|\d+/g, '#').slice(0, 80)));
        }
        return answer;
    }

    /** Problems in a result; `text` (when known) is the document the result is about. */
    private checkResult(method: string, result: unknown, text: string | undefined, uri: string | undefined, replay = false): string[] {
        const problems: string[] = [];
        if (result === null || result === undefined) return problems;
        for (const markdown of markdownIn(method === 'textDocument/completion' || method === 'textDocument/hover' ? result : undefined)) {
            for (const found of foreignMarkup(markdown)) problems.push(`user text rendered as markup, ${found}`);
        }
        if (method === 'lcpn/pieceDiagram') {
            const svg = (result as { svg?: unknown }).svg;
            if (typeof svg !== 'string' || !svg.startsWith('<svg')) problems.push('pieceDiagram: no SVG');
            else for (const found of activeSvg(svg)) problems.push(`pieceDiagram: active content in the SVG: ${found}`);
        }
        if (replay) { text = this.replayText; uri = this.replayUri; }
        if (text === undefined) return problems;
        const lines = lspLines(text);
        const range = (what: string, r: Range | undefined) => { const p = rangeProblem(lines, r); if (p) problems.push(`${what}: ${p}`); };
        const items = (x: unknown) => (Array.isArray(x) ? x : []) as Record<string, unknown>[];
        switch (method) {
            case 'textDocument/hover': if ((result as { range?: Range }).range) range('hover range', (result as { range: Range }).range); break;
            case 'textDocument/documentHighlight': for (const h of items(result)) range('highlight', h.range as Range); break;
            case 'textDocument/prepareRename': range('prepareRename', ((result as { range?: Range }).range ?? result) as Range); break;
            case 'textDocument/foldingRange':
                for (const f of items(result)) if (!(Number(f.startLine) >= 0 && Number(f.startLine) <= Number(f.endLine) && Number(f.endLine) < lines.length)) problems.push(`folding range outside the document: ${JSON.stringify(f)}`);
                break;
            case 'textDocument/semanticTokens/full':
            case 'textDocument/semanticTokens/range': {
                const data = (result as { data?: number[] }).data ?? [];
                let line = 0; let character = 0;
                for (let i = 0; i + 4 < data.length; i += 5) {
                    line += data[i]; character = data[i] === 0 ? character + data[i + 1] : data[i + 1];
                    if (line >= lines.length || character + data[i + 2] > lines[line].length) { problems.push(`semantic token past its line's end (line ${line}, character ${character}, length ${data[i + 2]}, line length ${lines[line]?.length})`); break; }
                }
                break;
            }
            case 'textDocument/documentSymbol': {
                const visit = (symbols: Record<string, unknown>[]) => { for (const s of symbols) { range('symbol', s.range as Range); range('symbol selection', s.selectionRange as Range); visit(items(s.children)); } };
                visit(items(result));
                break;
            }
            case 'textDocument/formatting':
            case 'textDocument/rangeFormatting': {
                const edits = items(result) as unknown as TextEditLike[];
                for (const e of edits) range('formatting edit', e.range);
                if (problems.length === 0) {
                    const formatted = TextDocument.applyEdits(TextDocument.create('x', 'lcpn', 1, text), edits);
                    const before = tokenImages(text); const after = tokenImages(formatted);
                    const i = before.findIndex((t, k) => t !== after[k]);
                    if (i >= 0 || before.length !== after.length) problems.push(`formatting changed the tokens: token ${i >= 0 ? i : before.length} ${JSON.stringify(before[i >= 0 ? i : before.length])} became ${JSON.stringify(after[i >= 0 ? i : before.length])}`);
                }
                break;
            }
            case 'textDocument/rename': {
                const changes = (result as { changes?: Record<string, TextEditLike[]> }).changes ?? {};
                for (const [u, edits] of Object.entries(changes)) if (u === uri) for (const e of edits) range('rename edit', e.range);
                break;
            }
            default:
        }
        return problems;
    }

    /** While shrinking, the candidate's URI and text (the checks read them). */
    private replayUri?: string;
    private replayText?: string;

    /**
     * Records a failure with the smallest document text (in a fresh untitled-free file URI in the
     * same server) on which the same request still fails the same way.
     */
    private async reportShrunk(failure: Reproduction, doc: OpenDocument | undefined, params: unknown, same: (a: Answer) => boolean): Promise<void> {
        if (this.shrinking || this.kinds.has(failure.kind)) return;
        if (!doc || failure.text === undefined || failure.text.length > 200_000) { this.fail(failure); return; }
        const SENTINEL = '\uE000';
        const position = (params as { position?: Position }).position;
        let marked = failure.text;
        if (position && validPosition(lspLines(marked), position)) {
            const offset = TextDocument.create('x', 'lcpn', 1, marked).offsetAt(position);
            marked = marked.slice(0, offset) + SENTINEL + marked.slice(offset);
        }
        this.shrinking = true;
        const method = failure.request!.method;
        const replay = async (candidate: string): Promise<Answer | undefined> => {
            const offset = candidate.indexOf(SENTINEL);
            const text = candidate.replace(SENTINEL, '');
            // The same kind of URI as the failing one (some failures depend on it).
            const uri = doc.uri.replace(/(\.[^./]*)?$/, (ext) => `-shrink${++this.counter}${ext}`);
            const probe = TextDocument.create(uri, 'lcpn', 1, text);
            const p = JSON.parse(JSON.stringify(params)) as Record<string, unknown>;
            if (p.textDocument) p.textDocument = { uri };
            if ('uri' in p) p.uri = uri;
            if (position) p.position = offset >= 0 ? probe.positionAt(offset) : position;
            if (method === 'workspace/executeCommand') (p.arguments as unknown[])[0] = uri;
            this.replayUri = uri; this.replayText = text;
            this.knownUris.add(uri);
            this.proc.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'lcpn', version: 1, text } });
            const answer = await this.proc.request(method, p, this.options.boundMs);
            this.proc.notify('textDocument/didClose', { textDocument: { uri } });
            return answer.timedOut || answer.lost ? undefined : answer;
        };
        try {
            const first = await replay(marked);
            if (first && same(first)) {
                const small = await shrink(marked, async (candidate) => { if (!candidate.includes(SENTINEL) && position) return false; const a = await replay(candidate); return !!a && same(a); }, 150);
                const offset = small.indexOf(SENTINEL);
                const text = small.replace(SENTINEL, '');
                const request = { method, params: { ...(params as object), ...(position ? { position: TextDocument.create('x', 'lcpn', 1, text).positionAt(Math.max(0, offset)) } : {}) } };
                failure = { ...failure, text, request, detail: `${failure.detail} [shrunk from ${failure.text!.length} to ${text.length} characters]` };
            }
        } finally {
            this.shrinking = false;
            this.replayUri = undefined; this.replayText = undefined;
        }
        if (!this.proc.alive) { this.fail({ ...failure, kind: 'the server process exited', history: [...this.recent] }); await this.restart(); return; }
        this.fail(failure);
    }

    /**
     * A canary: a new buffer with one definition must still get a hover. A server whose
     * document updates are stuck answers every later request wrongly (or never); this finds
     * the first action after which that happens.
     */
    async canary(): Promise<void> {
        const uri = `untitled:Canary-${++this.counter}`;
        this.proc.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'lcpn', version: 1, text: '(def canary-piece [1 2])\n' } });
        this.knownUris.add(uri);
        // A request that overtakes the document's first build may be answered ServerCancelled (Langium's
        // rule; the client may retry): retry those, within the bound.
        const start = performance.now();
        let answer = await this.proc.request('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 6 } }, this.options.boundMs);
        while (answer.error && [-32802, -32801, -32800].includes(answer.error.code) && performance.now() - start < this.options.boundMs) {
            await new Promise((resolve) => setTimeout(resolve, 20));
            answer = await this.proc.request('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 6 } }, this.options.boundMs);
        }
        this.proc.notify('textDocument/didClose', { textDocument: { uri } });
        const value = (answer.result as { contents?: { value?: string } } | null)?.contents?.value;
        if (!value?.includes('canary-piece')) {
            this.fail({ kind: 'a new buffer gets no hover any more (the server is stuck)', detail: `hover of a fresh buffer answered ${JSON.stringify(answer).slice(0, 500)}`, history: [...this.recent] });
            if (!answer.result) await this.restart();
        }
    }

    // ------------------------------------------------------------------ notifications

    /** Diagnostics and log messages since the last look. */
    checkNotifications(): void {
        const fresh = this.proc.notifications.slice(this.notificationsSeen);
        this.notificationsSeen = this.proc.notifications.length;
        for (const { method, params } of fresh) {
            if (method === 'window/logMessage' || method === 'window/showMessage') {
                const { type, message } = params as { type: number; message: string };
                if (type === 1) this.fail({ kind: `${method} of type Error: ${message.replace(/\d+|'.*?'|".*?"/g, '#').slice(0, 60)}`, detail: message.slice(0, 2000), history: [...this.recent] });
            }
            if (method === 'textDocument/publishDiagnostics') {
                const { uri, diagnostics } = params as { uri: string; diagnostics: { message: string; range: Range; relatedInformation?: { location: { uri: string } }[] }[] };
                if (!this.knownUris.has(uri) && !/prelude[^/]*\/standard\.lcpn$/.test(uri)) {
                    this.fail({ kind: 'diagnostics published under a URI the client never used', detail: `${uri} (known: ${[...this.knownUris].filter((k) => k.includes('%')).slice(-3).join(', ')})`, history: [...this.recent] });
                }
                for (const d of diagnostics) {
                    for (const related of d.relatedInformation ?? []) {
                        const other = related.location.uri;
                        if (!this.knownUris.has(other) && !/prelude[^/]*\/standard\.lcpn$/.test(other)) {
                            this.fail({ kind: 'related information under a URI the client never used', detail: `${other} in a diagnostic of ${uri}: ${d.message.slice(0, 200)}`, history: [...this.recent] });
                        }
                    }
                    if (/An error occurred|Maximum call stack|TypeError|RangeError|ReferenceError|internal error/i.test(d.message)) {
                        const doc = this.open.get(uri);
                        this.fail({ kind: `diagnostic reports an internal error: ${d.message.replace(/\d+|'.*?'/g, '#').slice(0, 60)}`, detail: d.message.slice(0, 2000), uri, text: doc?.document.getText(), history: [...this.recent] });
                    }
                }
            }
        }
    }

    /** Waits until the server is idle enough to have published diagnostics for `uri` (or `ms` passed). */
    async diagnosticsFor(uri: string, ms: number, from = this.proc.notifications.length): Promise<boolean> {
        const start = performance.now();
        while (performance.now() - start < ms && this.proc.alive) {
            if (this.proc.since(from, 'textDocument/publishDiagnostics').some((n) => (n.params as { uri: string }).uri === uri)) return true;
            await new Promise((resolve) => setTimeout(resolve, 5));
        }
        return false;
    }

    openDoc(uri: string): OpenDocument | undefined {
        return this.open.get(uri);
    }
}
