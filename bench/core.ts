/**
 * In-process benchmarks of the core: parse + link + validate throughput through the same
 * Langium pipeline the server uses, and diagram time (engine + text + SVG) per piece.
 */
import { URI } from 'langium';
import { createLcpnServices } from '../server/src/language/lcpn-module.js';
import { ensurePrelude } from '../server/src/language/lcpn-prelude.js';
import { destinations } from '../server/src/engine/report.js';
import { renderSvgDiagram } from '../server/src/diagram/svg.js';
import { renderTextDiagram } from '../server/src/diagram/text.js';
import { generateDefinitions } from './generate.js';
import type { Row } from './report.js';

async function parseAndValidate(text: string, run: number) {
    const { shared, Lcpn } = createLcpnServices();
    const prelude = ensurePrelude(shared);
    await shared.workspace.DocumentBuilder.build([prelude]);
    const document = shared.workspace.LangiumDocumentFactory.fromString(text, URI.parse(`file:///bench-${run}.lcpn`));
    shared.workspace.LangiumDocuments.addDocument(document);
    const start = performance.now();
    await shared.workspace.DocumentBuilder.build([document], { validation: true });
    return { ms: performance.now() - start, document, services: Lcpn };
}

export async function coreBenchmarks(): Promise<Row[]> {
    const rows: Row[] = [];
    let run = 0;
    for (const count of [1_000, 10_000]) {
        const text = generateDefinitions(count);
        await parseAndValidate(text, run++); // warm-up: JIT and the parser's grammar analysis
        const times: number[] = [];
        let last;
        for (let i = 0; i < 3; i++) {
            last = await parseAndValidate(text, run++);
            times.push(last.ms);
        }
        const ms = Math.min(...times);
        const mb = Buffer.byteLength(text) / 1e6;
        rows.push({ name: `parse+link+validate ${count} definitions (${(mb * 1000).toFixed(0)} KB)`, value: ms, unit: 'ms', extra: `${(mb / (ms / 1000)).toFixed(2)} MB/s, ${last!.document.diagnostics?.filter((d) => d.severity === 1).length ?? 0} errors` });

        const models = last!.services.lcpn.PieceModels;
        const resolve = models.resolverFor(last!.document.uri.toString());
        const pieces = [...models.definitions(last!.document).values()].map((d) => d.piece);
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
    const small = rows[0].value / 1_000;
    const large = rows[2].value / 10_000;
    rows.push({ name: 'validate time per definition, 10k vs 1k (1.0 = linear)', value: large / small, unit: 'ratio' });
    return rows;
}
