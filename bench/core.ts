/**
 * In-process benchmarks of the core: parse + link + validate throughput through the same
 * Langium pipeline the server uses, and diagram time (engine + text + SVG) per piece.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { URI } from 'langium';
import { createLcpnServices } from '../server/src/semantics/module.js';
import { destinations } from '../server/src/engine/report.js';
import { renderSvgDiagram } from '../server/src/diagram/svg.js';
import { renderTextDiagram } from '../server/src/diagram/text.js';
import { generateChained, generateChainedBytes, generateDefinitions, generateToBytes } from './generate.js';
import type { Case, Row } from './report.js';

/**
 * `global.gc`, when the bench can have it (for retained-memory figures). A major collection is
 * `gc()` without options: on Node 20 `gc({ type: 'major' })` runs a scavenge (see `--trace-gc`),
 * which left the build's garbage already promoted to old space in the heap-kept figure (~70x the text).
 */
export function collectGarbage(type: 'major' | 'minor' = 'major'): void {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as (options?: { type: string }) => void;
    if (type === 'major') gc();
    else gc({ type });
}

export type Services = ReturnType<typeof createLcpnServices>;

export async function createServices(): Promise<Services> {
    const services = createLcpnServices();
    await services.shared.workspace.DocumentBuilder.build([services.shared.lcpn.Prelude.document()]);
    return services;
}

/**
 * Parse + index + link + validate one file, timed from the text (the document factory parses
 * when it creates the document). The same services are reused, as in the server; the previous
 * run's document is removed first.
 */
async function parseAndValidate({ shared, Lcpn }: Services, text: string, run: number) {
    const previous = URI.parse(`file:///bench-${run - 1}.lcpn`);
    if (shared.workspace.LangiumDocuments.hasDocument(previous)) await shared.workspace.DocumentBuilder.update([], [previous]);
    Lcpn.parser.LangiumParser.parse(''); // a parser may hold on to its last result until the next parse
    collectGarbage(); // no earlier run's garbage collected during this one
    const start = performance.now();
    const document = shared.workspace.LangiumDocumentFactory.fromString(text, URI.parse(`file:///bench-${run}.lcpn`));
    const parsed = performance.now();
    shared.workspace.LangiumDocuments.addDocument(document);
    await shared.workspace.DocumentBuilder.build([document], { validation: true });
    const end = performance.now();
    return { ms: end - start, parseMs: parsed - start, document };
}

/** Removes a built document from its services (the doubling rows alternate two services). */
async function dropAfter({ shared }: Services, { document }: { document: { uri: URI } }): Promise<void> {
    await shared.workspace.DocumentBuilder.update([], [document.uri]);
}

/** A turn of the event loop: objects a WeakRef handed out during the async chain are kept until the chain yields. */
const nextTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** What heapKept measures around (heap-prof.ts writes heap snapshots at these moments). */
export interface HeapKeptOptions {
    /**
     * The text of a document built first with the same services (the same generator with other
     * names), so that what a process's or a services instance's first full build leaves behind
     * (compiled code and type feedback of the parser's rule closures, lookahead and other caches)
     * is in the heap before the measurement starts. Dropped and collected before the measurement
     * unless `keepWarmUp`.
     */
    warmUp?: string;
    /** Keep the warm-up document open: the measured document is then the second one open. */
    keepWarmUp?: boolean;
    /** Called just before the heap is first read and just after it is read again. */
    around?: (moment: 'before' | 'after') => void;
}

export interface HeapKeptResult {
    mb: number;
    diagnostics: number;
    /**
     * Whether the dropped warm-up document (its LangiumDocument and its AST root) was collected
     * before the measurement: if something still held it, it could be freed during the measured
     * build and make the figure too small. Undefined without a dropped warm-up.
     */
    warmUpCollected?: boolean;
}

/**
 * Collects the garbage until the heap stops shrinking (at most ten rounds): an earlier
 * measurement's services were at times still held through one turn of the event loop and a
 * collection, and freed during the measured build (-1.4 to -2.4 MB in 1 of 2 runs of a second
 * measurement in one process, 200 definitions).
 */
async function settle(): Promise<void> {
    let last = Infinity;
    for (let round = 0; round < 10; round++) {
        await nextTurn();
        collectGarbage();
        await new Promise<void>((resolve) => setTimeout(resolve, 5));
        const used = process.memoryUsage().heapUsed;
        if (used > last - 64_000) break;
        last = used;
    }
    collectGarbage();
}

/** Calls each object's callback once the object is collected (module-level: a collected registry calls nothing). */
const collected = new FinalizationRegistry<() => void>((callback) => callback());

/**
 * Builds the warm-up document; unless `keep`, removes it again (as the server does when a file
 * is deleted) and answers the set its LangiumDocument and its AST root are added to when they
 * are collected. A FinalizationRegistry, not a WeakRef: creating or reading a WeakRef keeps its
 * object alive until the current job ends (it did, in 1 of 5 runs, through the garbage
 * collection before the measurement, and was freed during the measured build). A function of
 * its own so that no local of the caller holds the document.
 */
async function buildWarmUp({ shared }: Services, text: string, keep: boolean): Promise<Set<string> | undefined> {
    const uri = URI.parse('file:///bench-heap-warm-up.lcpn');
    const warm = shared.workspace.LangiumDocumentFactory.fromString(text, uri);
    shared.workspace.LangiumDocuments.addDocument(warm);
    await shared.workspace.DocumentBuilder.build([warm], { validation: true });
    if (keep) return undefined;
    const freed = new Set<string>();
    collected.register(warm, () => freed.add('document'));
    collected.register(warm.parseResult.value, () => freed.add('root'));
    await shared.workspace.DocumentBuilder.update([], [uri]);
    return freed;
}

/**
 * The heap one document keeps once built: fresh services (nothing of an earlier document is
 * still held; a removed document may stay reachable until the next build), the garbage
 * collected after a turn of the event loop, before and after the build. With `warmUp`, another
 * document is built (and dropped unless `keepWarmUp`) first: the figure is then what the
 * measured document keeps (its AST, CST, index entries, references, piece models, diagnostics),
 * without the one-time costs of the first full build of a services instance. Without it, the
 * figure is a process's first build of the file (the row printed before session 7).
 */
export async function heapKept(text: string, options: HeapKeptOptions = {}): Promise<HeapKeptResult> {
    const services = await createServices();
    const { LangiumDocumentFactory, LangiumDocuments, DocumentBuilder } = services.shared.workspace;
    let warmUpCollected: boolean | undefined;
    if (options.warmUp !== undefined) {
        const freed = await buildWarmUp(services, options.warmUp, options.keepWarmUp === true);
        if (freed) {
            services.Lcpn.parser.LangiumParser.parse(''); // a parser may hold on to its last result until the next parse
            // A finalization callback runs in a task of its own after the collection that freed its object.
            for (let round = 0; round < 10 && freed.size < 2; round++) {
                await nextTurn();
                collectGarbage();
                await new Promise<void>((resolve) => setTimeout(resolve, 5));
            }
            warmUpCollected = freed.size === 2;
        }
    }
    services.Lcpn.parser.LangiumParser.parse('');
    await settle();
    if (options.around) {
        options.around('before');
        collectGarbage();
    }
    const before = process.memoryUsage().heapUsed;
    const document = LangiumDocumentFactory.fromString(text, URI.parse('file:///bench-heap.lcpn'));
    LangiumDocuments.addDocument(document);
    await DocumentBuilder.build([document], { validation: true });
    await nextTurn();
    collectGarbage();
    const kept = process.memoryUsage().heapUsed - before;
    options.around?.('after');
    if (!document.diagnostics) throw new Error('the heap document was not validated'); // and keeps it reachable until here
    return { mb: kept / 1e6, diagnostics: document.diagnostics.length, warmUpCollected };
}

/**
 * V8 flags of the process that measures the heap kept per document: without the optimizing
 * compilers (Maglev, Turbofan) and bytecode flushing. Their code is the process's, shared by
 * every later document, but it is made while a build runs: in process, the same measurement
 * after a warm-up read 53-64x the text at 54 KB from run to run (1-3x of it code space, the rest
 * optimized code's metadata and deoptimizations), without them 53.6-53.9x. Objects' layouts do not
 * depend on the compiler tier, so the document's own objects are the same.
 */
const HEAP_KEPT_FLAGS = ['--no-opt', '--no-maglev', '--no-flush-bytecode'];

/**
 * The heap one document of `count` generated definitions keeps (heapKept after a warm-up
 * document of the same generator with other names, dropped), measured in a child process of
 * this bundle run with HEAP_KEPT_FLAGS (`--heap-kept COUNT`, answered by heapKeptChild).
 */
async function heapKeptInChild(count: number): Promise<HeapKeptResult> {
    const { stdout } = await promisify(execFile)(process.execPath, [...HEAP_KEPT_FLAGS, process.argv[1], '--heap-kept', String(count)], { maxBuffer: 1 << 20 });
    return JSON.parse(stdout.trim().split('\n').pop()!) as HeapKeptResult;
}

/** The child's side of heapKeptInChild: prints the result as JSON on the last line. */
export async function heapKeptChild(count: number): Promise<void> {
    const result = await heapKept(generateDefinitions(count), { warmUp: generateDefinitions(count, 'other') });
    process.stdout.write(`${JSON.stringify(result)}\n`);
}

/** Full builds of generated files of 1,000 and 10,000 definitions, and the heap each keeps. */
async function builds(): Promise<Row[]> {
    const rows: Row[] = [];
    let run = 0;
    for (const count of [1_000, 10_000]) {
        const text = generateDefinitions(count);
        const services = await createServices();
        await parseAndValidate(services, text, run++); // warm-up: JIT and the parser's lookahead
        const runs = [];
        for (let i = 0; i < 3; i++) runs.push(await parseAndValidate(services, text, run++));
        const best = runs.reduce((a, b) => (b.ms < a.ms ? b : a));
        const last = runs[runs.length - 1];
        const ms = best.ms;
        const mb = Buffer.byteLength(text) / 1e6;
        const parseMs = Math.min(...runs.map((r) => r.parseMs));
        rows.push({ name: `parse+link+validate ${count} definitions (${(mb * 1000).toFixed(0)} KB)`, value: ms, unit: 'ms', extra: `${(mb / (ms / 1000)).toFixed(2)} MB/s, ${last.document.diagnostics?.filter((d) => d.severity === 1).length ?? 0} errors` });
        rows.push({ name: `  of which parsing`, value: parseMs, unit: 'ms', extra: `${(mb / (parseMs / 1000)).toFixed(2)} MB/s` });
        const own = await heapKeptInChild(count);
        const collected = own.warmUpCollected ? '' : '; WARNING: the warm-up document was still held, the figure is too small';
        rows.push({ name: `  heap kept per document (its AST, CST, index entries, references, models, diagnostics)`, value: own.mb, unit: 'MB', extra: `${(own.mb / mb).toFixed(0)}x the text; after another document built and dropped, compiled code not counted${collected}` });
        const first = (await heapKept(text)).mb;
        rows.push({ name: `  heap kept by a first build (one-time costs included)`, value: first, unit: 'MB', extra: `${(first / mb).toFixed(0)}x the text; fresh services, in this process: the row before session 7` });

        const models = services.Lcpn.lcpn.PieceModels;
        const resolve = models.resolverFor(last.document.uri.toString());
        const pieces = [...models.definitions(last.document).values()].map((d) => d.piece);
        const setup = { board: { files: 9, ranks: 9 }, at: { file: 4, rank: 4 }, friends: [], enemies: [] };
        const sample = pieces.slice(0, Math.min(pieces.length, 2_000));
        const start = performance.now();
        for (const piece of sample) {
            const result = destinations(piece, setup, resolve);
            renderTextDiagram(setup, result.destinations);
            renderSvgDiagram(setup, result.destinations);
        }
        const perPiece = (performance.now() - start) / sample.length;
        rows.push({ name: `diagram (engine + text + SVG), file of ${count} definitions`, value: perPiece, unit: 'ms/piece', extra: `${sample.length} pieces` });
    }
    const small = rows.find((r) => r.name.startsWith('parse+link+validate 1000 '))!.value / 1_000;
    const large = rows.find((r) => r.name.startsWith('parse+link+validate 10000 '))!.value / 10_000;
    rows.push({ name: 'validate time per definition, 10k vs 1k (1.0 = linear)', value: large / small, unit: 'ratio' });
    const times = (label: string) => rows.filter((r) => r.name.startsWith(`  heap kept ${label}`)).map((r) => Number(/^(\d+)x/.exec(r.extra ?? '')?.[1] ?? 0));
    const [perDocument, firstBuild] = [times('per document'), times('by a first build')];
    rows.push({ name: 'heap kept per document / text', value: Math.max(...perDocument), unit: 'ratio', goal: 60, extra: `the larger of ${perDocument.map((x) => `${x}x`).join(' / ')} (54 KB / 549 KB); a first build keeps ${firstBuild.map((x) => `${x}x`).join(' / ')}` });
    return rows;
}

/** The in-process parts of the bench, in the order they run. */
export function coreCases(): Case[] {
    return [
        { name: 'build', run: builds },
        { name: 'doubling shallow', run: () => doubling('shallow', (bytes) => generateDefinitions(Math.round(bytes / 55)), 250_000, 2, undefined, generateDefinitions) },
        { name: 'doubling chained', run: () => doubling('chained', (bytes) => generateChainedBytes(bytes), 100_000, 5, undefined, generateChained) },
        // processParsingErrors was quadratic in the number of errors (8,000 unclosed brackets: 2.5 s).
        { name: 'doubling errors', run: () => doubling('8,000 unclosed brackets', (bytes) => '(def a (/ '.repeat(Math.round(bytes / 10)), 80_000, 1, '16,000') }
    ];
}

/**
 * Full builds of a file and of one twice its size (best of `best` after a warm-up each): the
 * ratio is 2.0 for linear work; the issue's goal is <= 2.2. With `byCount`, the larger file is
 * that many definitions sized to exactly twice the smaller's bytes (generateToBytes). The two
 * sizes' builds alternate (small, large, small, ...), so a slow spell of the machine or of the
 * compilers falls on both and not on one size's best: linear work has only 10% of slack here.
 */
async function doubling(kind: string, generate: (bytes: number) => string, bytes: number, best = 2, doubled?: string, byCount?: (count: number) => string): Promise<Row[]> {
    const rows: Row[] = [];
    let run = 1_000;
    const small = generate(bytes);
    const large = byCount ? generateToBytes(2 * small.length, byCount) : generate(bytes * 2);
    const sizes = [] as { text: string; services: Services; ms: number }[];
    for (const text of [small, large]) {
        const services = await createServices();
        await dropAfter(services, await parseAndValidate(services, text, run++));
        sizes.push({ text, services, ms: Infinity });
    }
    for (let i = 0; i < best; i++) {
        for (const size of sizes) {
            const built = await parseAndValidate(size.services, size.text, run++);
            size.ms = Math.min(size.ms, built.ms);
            // The other size's next build must not carry this document in its heap.
            await dropAfter(size.services, built);
        }
    }
    for (const [index, { text, ms }] of sizes.entries()) {
        const label = index === 0 || !doubled ? kind : kind.replace(/^[\d,]+/, doubled);
        rows.push({ name: `${label} file ${(Buffer.byteLength(text) / 1000).toFixed(0)} KB: full build`, value: ms, unit: 'ms' });
    }
    rows.push({ name: `${kind}: time ratio when the file doubles`, value: sizes[1].ms / sizes[0].ms, unit: 'ratio', goal: 2.2, extra: `${sizes[1].ms.toFixed(0)} / ${sizes[0].ms.toFixed(0)} ms, full builds, alternating` });
    return rows;
}
