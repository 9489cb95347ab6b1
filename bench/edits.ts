/**
 * Nothing quadratic on the edit path: one file and one twice its size, each opened as the
 * server opens it (TextDocuments, in process) and edited one line in the middle (every later
 * line moves); the time of the edit to new diagnostics, and of each request VS Code sends after
 * an edit (each sample follows a fresh edit, so no answer cached for the document's version
 * counts), when the file doubles. Linear work gives 2.0; the goal is <= 2.2.
 */
import { URI, type LangiumDocument } from 'langium';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { collectGarbage, createServices, type Services } from './core.js';
import { generateChained, generateChainedBytes, generateDefinitions, generateToBytes } from './generate.js';
import type { Case, Row } from './report.js';

/**
 * Edits per file (best of): a longer operation is more likely to be hit by load or a collection,
 * so a few samples favour the smaller file and raise the ratio; nine keep both near their floor.
 */
const EDITS = 9;
const REQUEST_SAMPLES = 5;

const REQUESTS = ['semantic tokens', 'document symbols', 'folding ranges', 'code actions', 'hover with diagrams'] as const;
type Request = (typeof REQUESTS)[number];

/** One file opened in its own services, as the server opens it, with its middle line edited on demand. */
interface Subject {
    bytes: number;
    /** The open: a full build. */
    full: number;
    /** One edit of the middle line to new diagnostics (ms). */
    edit(): Promise<number>;
    /** The least CPU time (ms, the process's, all threads) of the edits so far: load moves it far less than the wall time. */
    leastEditCpu(): number;
    /** One request after a fresh edit (ms, the request alone). */
    request(request: Request): Promise<number>;
    close(): Promise<void>;
}

async function open(text: string): Promise<Subject> {
    const services: Services = await createServices();
    const { DocumentBuilder, LangiumDocuments, LangiumDocumentFactory, TextDocuments } = services.shared.workspace;
    const uri = `file:///bench-edits-${text.length}.lcpn`;
    let version = 1;
    // As the server holds an open document: one TextDocument, updated in place by ranged changes (the editor's window reaches the splice).
    const textDocument = TextDocument.create(uri, 'lcpn', version, text);
    TextDocuments!.set(textDocument);
    const fullStart = performance.now();
    const document = LangiumDocumentFactory.fromTextDocument(textDocument);
    LangiumDocuments.addDocument(document);
    await DocumentBuilder.build([document], { validation: true });
    const full = performance.now() - fullStart;

    // The edited line: a Lisp-style definition near the middle keeps its name (later definitions use it) and changes its movement.
    const lines = text.split('\n');
    let line = Math.floor(lines.length / 2);
    while (line < lines.length - 1 && !/^\(def \S+/.test(lines[line])) line++;
    const name = /^\(def (\S+)/.exec(lines[line])?.[1] ?? 'edited-piece';
    let leastCpu = Infinity;
    const edit = async (): Promise<number> => {
        version++;
        const previous = lines[line].length;
        lines[line] = `(def ${name} (/ knight (rook :${version % 9})))`;
        TextDocument.update(textDocument, [{ range: { start: { line, character: 0 }, end: { line, character: previous } }, text: lines[line] }], version);
        collectGarbage('minor'); // the young generation the last sample left is not this one's cost
        const cpu = process.cpuUsage();
        const start = performance.now();
        await DocumentBuilder.update([URI.parse(uri)], []);
        const ms = performance.now() - start;
        const used = process.cpuUsage(cpu);
        leastCpu = Math.min(leastCpu, (used.user + used.system) / 1000);
        return ms;
    };
    const { lsp } = services.Lcpn;
    const params = { uri };
    const send: Record<Request, (d: LangiumDocument) => Promise<unknown>> = {
        'semantic tokens': async (d) => lsp.SemanticTokenProvider!.semanticHighlight(d, { textDocument: params }),
        'document symbols': async (d) => lsp.DocumentSymbolProvider!.getSymbols(d, { textDocument: params }),
        'folding ranges': async (d) => lsp.FoldingRangeProvider!.getFoldingRanges(d, { textDocument: params }),
        'code actions': async (d) => lsp.CodeActionProvider!.getCodeActions(d, { textDocument: params, range: { start: { line, character: 0 }, end: { line, character: lines[line].length } }, context: { diagnostics: [] } }),
        'hover with diagrams': async (d) => lsp.HoverProvider!.getHoverContent(d, { textDocument: params, position: { line, character: 6 } })
    };
    // As VS Code asks once the file is open: what a provider keeps from that answer is warm before the first edit.
    const opened = LangiumDocuments.getDocument(URI.parse(uri))!;
    for (const request of REQUESTS) await send[request](opened);
    for (let i = 0; i < 2; i++) await edit(); // warm-up: the edit path's JIT
    leastCpu = Infinity;
    return {
        bytes: Buffer.byteLength(text),
        full,
        edit,
        leastEditCpu: () => leastCpu,
        async request(request) {
            await edit();
            const current = LangiumDocuments.getDocument(URI.parse(uri))!;
            collectGarbage('minor');
            const start = performance.now();
            await send[request](current);
            return performance.now() - start;
        },
        close: () => DocumentBuilder.update([], [URI.parse(uri)]).then(() => undefined)
    };
}

/** Best of `samples` of `measure` on each subject, alternating between them (load on a shared machine hits both alike). */
async function alternate(subjects: Subject[], samples: number, measure: (s: Subject) => Promise<number>): Promise<number[]> {
    const best = subjects.map(() => Infinity);
    for (let i = 0; i < samples; i++) {
        for (const [k, subject] of subjects.entries()) best[k] = Math.min(best[k], await measure(subject));
    }
    return best;
}

/**
 * `generate(bytes)` makes the smaller file; the larger is `byCount` definitions sized to exactly
 * twice its bytes (generateToBytes), so linear work gives 2.0.
 */
async function editDoubling(kind: string, generate: (bytes: number) => string, byCount: (count: number) => string, bytes: number, requests: boolean): Promise<Row[]> {
    const smallText = generate(bytes);
    const small = await open(smallText);
    const large = await open(generateToBytes(2 * smallText.length, byCount));
    const subjects = [small, large];
    const rows: Row[] = [];
    try {
        const kb = (s: Subject) => `${(s.bytes / 1000).toFixed(0)} KB`;
        const both = `${kb(large)} / ${kb(small)} (${(large.bytes / small.bytes).toFixed(3)}x the bytes)`;
        const edits = await alternate(subjects, EDITS, (s) => s.edit());
        for (const [k, s] of subjects.entries()) {
            rows.push({ name: `${kind} ${kb(s)}: one-line edit in the middle -> new diagnostics`, value: edits[k], unit: 'ms', extra: `${(edits[k] / s.full).toFixed(3)} of a full rebuild (${s.full.toFixed(0)} ms); best of ${EDITS}` });
        }
        rows.push({ name: `${kind}: edit time ratio when the file doubles`, value: edits[1] / edits[0], unit: 'ratio', goal: 2.2, extra: `${both}: ${edits[1].toFixed(1)} / ${edits[0].toFixed(1)} ms; least cpu ${large.leastEditCpu().toFixed(1)} / ${small.leastEditCpu().toFixed(1)} ms, ${(large.leastEditCpu() / small.leastEditCpu()).toFixed(2)}` });
        for (const request of requests ? REQUESTS : []) {
            const [ms, doubled] = await alternate(subjects, REQUEST_SAMPLES, (s) => s.request(request));
            rows.push({ name: `${kind}: ${request} after an edit, time ratio when the file doubles`, value: doubled / ms, unit: 'ratio', goal: 2.2, extra: `${both}: ${doubled.toFixed(1)} / ${ms.toFixed(1)} ms; best of ${REQUEST_SAMPLES}, each after a fresh edit` });
        }
    } finally {
        for (const s of subjects) await s.close();
    }
    return rows;
}

/** LCPN_BENCH_EDIT_BYTES sets the smaller shallow file's size (to see whether a ratio holds at other sizes). */
const SHALLOW_BYTES = Number(process.env.LCPN_BENCH_EDIT_BYTES ?? 250_000);

export function editCases(): Case[] {
    return [
        { name: 'doubling edits shallow', run: () => editDoubling('shallow', (bytes) => generateDefinitions(Math.round(bytes / 55)), generateDefinitions, SHALLOW_BYTES, true) },
        // The requests read the syntax (and one definition's model): the shallow file tells their growth; the chained one the edit's.
        { name: 'doubling edits chained', run: () => editDoubling('chained', (bytes) => generateChainedBytes(bytes), generateChained, 50_000, false) }
    ];
}
