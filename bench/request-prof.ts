/**
 * A profiling driver for the requests VS Code sends after an edit (not part of `npm run bench`):
 * opens one generated file as an editor would (TextDocuments), then, REPEAT times, replaces a
 * line in the middle, rebuilds, and times each provider in process as the server calls it, plus
 * the size and JSON encoding of its answer (what the server process adds before sending).
 *
 *   node bench/request-prof.build.mjs && node dist/request-prof.cjs BYTES [REPEAT]
 *
 * EDIT=lines: a line break typed at the end of the middle line and deleted again, in turn (every later line moves).
 * ONLY=tokens,symbols,...: those requests alone. PROFILE=prefix: a CPU profile of each request's last sample.
 */
import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';
import { URI } from 'langium';
import { CancellationToken } from 'vscode-languageserver';
import { createLcpnServices } from '../server/src/semantics/module.js';
import { ensurePrelude } from '../server/src/semantics/prelude.js';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { generateBytes } from './generate.js';

async function main(): Promise<void> {
    const services = createLcpnServices();
    const { DocumentBuilder, LangiumDocuments, LangiumDocumentFactory, TextDocuments } = services.shared.workspace;
    await DocumentBuilder.build([ensurePrelude(services.shared)]);
    const lsp = services.Lcpn.lsp;
    const bytes = Number(process.argv[2] ?? 1_000_000);
    const repeat = Number(process.argv[3] ?? 5);
    const text = generateBytes(bytes, 'big');
    const uri = 'file:///request-profile.lcpn';
    let version = 1;
    const textDocument = TextDocument.create(uri, 'lcpn', version, text);
    TextDocuments!.set(textDocument);
    const document = LangiumDocumentFactory.fromTextDocument(textDocument);
    LangiumDocuments.addDocument(document);
    await DocumentBuilder.build([document], { validation: true });
    const lines = text.split('\n');
    const middle = Math.floor((lines.length - 2) / 2);
    let length = lines[middle].length;
    const textDocumentId = { uri };
    type Request = [string, () => Promise<unknown>];
    let previousTokens: string | undefined;
    const requests: Request[] = [
        ['tokens', async () => {
            const result = await lsp.SemanticTokenProvider!.semanticHighlight(document, { textDocument: textDocumentId }, CancellationToken.None);
            previousTokens = result.resultId;
            return result;
        }],
        ['tokens-delta', async () => {
            const provider = lsp.SemanticTokenProvider!;
            const result = previousTokens === undefined
                ? await provider.semanticHighlight(document, { textDocument: textDocumentId }, CancellationToken.None)
                : await provider.semanticHighlightDelta(document, { textDocument: textDocumentId, previousResultId: previousTokens }, CancellationToken.None);
            previousTokens = result.resultId;
            return result;
        }],
        ['symbols', async () => lsp.DocumentSymbolProvider!.getSymbols(document, { textDocument: textDocumentId }, CancellationToken.None)],
        ['folding', async () => lsp.FoldingRangeProvider!.getFoldingRanges(document, { textDocument: textDocumentId }, CancellationToken.None)]
    ];
    // Warm: VS Code asks each once the file is open.
    for (const [, run] of requests) await run();
    const only = process.env.ONLY?.split(',');
    // PROFILE=file.cpuprofile: a CPU profile of the timed requests alone (the last one's).
    const session = process.env.PROFILE ? new Session() : undefined;
    const profiles: unknown[] = [];
    if (session) {
        session.connect();
        await session.post('Profiler.enable');
        await session.post('Profiler.setSamplingInterval', { interval: 100 });
    }
    for (const [name, run] of requests) {
        if (only && !only.includes(name)) continue;
        const times: number[] = [];
        const encodes: number[] = [];
        let size = 0;
        for (let i = 0; i < repeat; i++) {
            const newLine = `(def edited-middle (/ knight (rook :${++version})))`;
            if (process.env.EDIT === 'lines' && i % 2 === 0) {
                // A line break typed at the end of the middle line: every later line moves down.
                TextDocument.update(textDocument, [{ range: { start: { line: middle, character: length }, end: { line: middle, character: length } }, text: '\n' }], version);
            } else if (process.env.EDIT === 'lines') {
                TextDocument.update(textDocument, [{ range: { start: { line: middle, character: length }, end: { line: middle + 1, character: 0 } }, text: '' }], version);
            } else {
                TextDocument.update(textDocument, [{ range: { start: { line: middle, character: 0 }, end: { line: middle, character: length } }, text: newLine }], version);
                length = newLine.length;
            }
            await DocumentBuilder.update([URI.parse(uri)], []);
            if (session) await session.post('Profiler.start');
            const start = performance.now();
            const result = await run();
            times.push(performance.now() - start);
            if (session) profiles.push((await session.post('Profiler.stop')).profile);
            const encodeStart = performance.now();
            size = JSON.stringify(result).length;
            encodes.push(performance.now() - encodeStart);
        }
        const fmt = (xs: number[]) => xs.map((x) => x.toFixed(1)).join(' ');
        if (session && profiles.length > 0) writeFileSync(`${process.env.PROFILE}-${name}.cpuprofile`, JSON.stringify(profiles[profiles.length - 1]));
        profiles.length = 0;
        console.log(`${name.padEnd(13)} best ${Math.min(...times).toFixed(2)} ms [${fmt(times)}]  json ${(size / 1e6).toFixed(2)} MB best ${Math.min(...encodes).toFixed(1)} ms`);
    }
}

void main();
