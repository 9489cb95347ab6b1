/**
 * In-process benchmarks of the core: parse + link + validate throughput through the same
 * Langium pipeline the server uses, and diagram time (engine + text + SVG) per piece.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { URI } from 'langium';
import { createLcpnServices } from '../server/src/language/lcpn-module.js';
import { ensurePrelude } from '../server/src/language/lcpn-prelude.js';
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
    await services.shared.workspace.DocumentBuilder.build([ensurePrelude(services.shared)]);
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

/** A turn of the event loop: objects a WeakRef handed out during the async chain are kept until the chain yields. */
const nextTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The heap one document keeps once built: fresh services (nothing of an earlier document is
 * still held; a removed document may stay reachable until the next build), the garbage
 * collected after a turn of the event loop, before and after the build. `around` is called just
 * before the heap is first read and just after it is read again (heap-prof.ts writes snapshots
 * there: the same measurement as this row's).
 */
export async function heapKept(text: string, around?: (moment: 'before' | 'after') => void): Promise<{ mb: number; diagnostics: number }> {
    const services = await createServices();
    services.Lcpn.parser.LangiumParser.parse('');
    await nextTurn();
    collectGarbage();
    if (around) {
        around('before');
        collectGarbage();
    }
    const before = process.memoryUsage().heapUsed;
    const document = services.shared.workspace.LangiumDocumentFactory.fromString(text, URI.parse('file:///bench-heap.lcpn'));
    services.shared.workspace.LangiumDocuments.addDocument(document);
    await services.shared.workspace.DocumentBuilder.build([document], { validation: true });
    await nextTurn();
    collectGarbage();
    const kept = process.memoryUsage().heapUsed - before;
    around?.('after');
    if (!document.diagnostics) throw new Error('the heap document was not validated'); // and keeps it reachable until here
    return { mb: kept / 1e6, diagnostics: document.diagnostics.length };
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
        const kept = (await heapKept(text)).mb;
        rows.push({ name: `  heap kept per document (AST, CST, index, models)`, value: kept, unit: 'MB', extra: `${(kept / mb).toFixed(0)}x the text` });

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
    const heap = Math.max(...rows.filter((r) => r.name.includes('heap kept')).map((r) => Number(/^(\d+)x/.exec(r.extra ?? '')?.[1] ?? 0)));
    rows.push({ name: 'heap kept per document / text', value: heap, unit: 'ratio', goal: 60, extra: 'the larger of the two files; a full build keeps it all' });
    return rows;
}

/** The in-process parts of the bench, in the order they run. */
export function coreCases(): Case[] {
    return [
        { name: 'build', run: builds },
        { name: 'doubling shallow', run: () => doubling('shallow', (bytes) => generateDefinitions(Math.round(bytes / 55)), 250_000, 2, undefined, generateDefinitions) },
        { name: 'doubling chained', run: () => doubling('chained', (bytes) => generateChainedBytes(bytes), 25_000, 2, undefined, generateChained) },
        // processParsingErrors was quadratic in the number of errors (8,000 unclosed brackets: 2.5 s).
        { name: 'doubling errors', run: () => doubling('8,000 unclosed brackets', (bytes) => '(def a (/ '.repeat(Math.round(bytes / 10)), 80_000, 1, '16,000') }
    ];
}

/**
 * Full builds of a file and of one twice its size (best of `best` after a warm-up each): the
 * ratio is 2.0 for linear work; the goal is <= 2.2. With `byCount`, the larger file is
 * that many definitions sized to exactly twice the smaller's bytes (generateToBytes).
 */
async function doubling(kind: string, generate: (bytes: number) => string, bytes: number, best = 2, doubled?: string, byCount?: (count: number) => string): Promise<Row[]> {
    const rows: Row[] = [];
    const times: number[] = [];
    let run = 1_000;
    let smallBytes = 0;
    for (const size of [bytes, bytes * 2]) {
        const text = size === bytes || !byCount ? generate(size) : generateToBytes(2 * smallBytes, byCount);
        smallBytes ||= text.length;
        const services = await createServices();
        await parseAndValidate(services, text, run++);
        let ms = Infinity;
        for (let i = 0; i < best; i++) ms = Math.min(ms, (await parseAndValidate(services, text, run++)).ms);
        times.push(ms);
        const label = size === bytes || !doubled ? kind : kind.replace(/^[\d,]+/, doubled);
        rows.push({ name: `${label} file ${(Buffer.byteLength(text) / 1000).toFixed(0)} KB: full build`, value: ms, unit: 'ms' });
    }
    rows.push({ name: `${kind}: time ratio when the file doubles`, value: times[1] / times[0], unit: 'ratio', goal: 2.2, extra: `${times[1].toFixed(0)} / ${times[0].toFixed(0)} ms, full builds` });
    return rows;
}
