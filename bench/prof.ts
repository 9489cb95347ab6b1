/**
 * A profiling driver (not part of `npm run bench`): builds one generated file in process and
 * prints the time of each build phase, with the heap it keeps when run with --expose-gc.
 *
 *   node esbuild.mjs && node --expose-gc dist/prof.cjs KIND BYTES [RUNS]
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof dist/prof.cjs chained 50000
 *
 * KIND: shallow (the bench's generator), chained (each definition uses two of the fifty before
 * it), lsp (the file the bench's server sessions open: 1,027,608 bytes for 1000000), unclosed
 * (one line of unclosed Lisp definitions), unclosedlines (one per line).
 * The cpu figure is the process's (all threads: the collector's helpers too); load on a shared
 * machine moves it far less than the wall time.
 * Phases are Langium's DocumentState numbers: 2 IndexedContent, 3 ComputedScopes, 4 Linked,
 * 5 IndexedReferences, 6 Validated.
 */
import { URI } from 'langium';
import { createLcpnServices } from '../server/src/semantics/module.js';
import { generateKind as generate } from './generate.js';

async function main(): Promise<void> {
    const services = createLcpnServices();
    const { DocumentBuilder, LangiumDocuments, LangiumDocumentFactory } = services.shared.workspace;
    await DocumentBuilder.build([services.shared.lcpn.Prelude.document()]);
    const kind = process.argv[2] ?? 'chained';
    const bytes = Number(process.argv[3] ?? 25_000);
    const text = generate(kind, bytes);
    const gc = (globalThis as { gc?: () => void }).gc;
    let phases: string[] = [];
    let last = 0;
    for (const state of [2, 3, 4, 5, 6]) {
        DocumentBuilder.onBuildPhase(state as never, () => {
            const now = performance.now();
            phases.push(`${state}:${(now - last).toFixed(0)}`);
            last = now;
        });
    }
    for (let run = 0; run < Number(process.argv[4] ?? 1); run++) {
        gc?.();
        const heapBefore = process.memoryUsage().heapUsed;
        const cpuStart = process.cpuUsage();
        const start = performance.now();
        const document = LangiumDocumentFactory.fromString(text, URI.parse(`file:///profile-${run}.lcpn`));
        last = performance.now();
        phases = [`parse:${(last - start).toFixed(0)}`];
        LangiumDocuments.addDocument(document);
        await DocumentBuilder.build([document], { validation: true });
        const total = performance.now() - start;
        const cpu = process.cpuUsage(cpuStart);
        gc?.();
        const heap = gc ? `, heap kept ${((process.memoryUsage().heapUsed - heapBefore) / text.length).toFixed(0)}x the text` : '';
        const { parserErrors } = document.parseResult;
        console.log(`${kind} ${text.length} bytes: ${total.toFixed(0)} ms (${phases.join(' ')}; cpu ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms, all threads), ${parserErrors.length} parser errors, ${document.diagnostics?.length} diagnostics${heap}`);
        await DocumentBuilder.update([], [document.uri]);
    }
}

void main();
