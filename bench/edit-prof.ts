/**
 * A profiling driver for edits (not part of `npm run bench`): opens one generated file as an
 * editor would (TextDocuments), then replaces one line (at the end, in the middle, at the start)
 * and prints the time of each build phase of the update. LCPN_INCREMENTAL=0 turns the
 * incremental update off, for comparison.
 *
 *   node esbuild.mjs && node dist/edit-prof.cjs KIND BYTES [N]     (KIND: shallow or chained)
 *
 * With N: instead, two warm-up edits and N edits as the bench's doubling makes them (the Lisp definition nearest the
 * middle keeps its name and changes its movement), and the least and median CPU time of those
 * (the process's, all threads), for a profile (--cpu-prof) or a ratio between two sizes.
 */
import { URI } from 'langium';
import { createLcpnServices } from '../server/src/semantics/module.js';
import { ensurePrelude } from '../server/src/semantics/prelude.js';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { generateBytes, generateChainedBytes } from './generate.js';

async function main(): Promise<void> {
    const services = createLcpnServices();
    const { DocumentBuilder, LangiumDocuments, LangiumDocumentFactory, TextDocuments } = services.shared.workspace;
    await DocumentBuilder.build([ensurePrelude(services.shared)]);
    const kind = process.argv[2] ?? 'shallow';
    const bytes = Number(process.argv[3] ?? 100_000);
    let text = kind === 'chained' ? generateChainedBytes(bytes) : generateBytes(bytes);
    const uri = 'file:///edit-profile.lcpn';
    let version = 1;
    // As the server holds an open document: one TextDocument, updated in place by ranged changes
    // (text-changes.ts records the editor's window, which the incremental parse starts from).
    const textDocument = TextDocument.create(uri, 'lcpn', version, text);
    TextDocuments!.set(textDocument);
    const document = LangiumDocumentFactory.fromTextDocument(textDocument);
    LangiumDocuments.addDocument(document);
    let start = performance.now();
    await DocumentBuilder.build([document], { validation: true });
    console.log(`${kind} ${text.length} bytes: open ${(performance.now() - start).toFixed(0)} ms`);
    let phases: string[] = [];
    let last = 0;
    for (const state of [1, 2, 3, 4, 5, 6]) {
        DocumentBuilder.onBuildPhase(state as never, () => {
            const now = performance.now();
            phases.push(`${state}:${(now - last).toFixed(1)}`);
            last = now;
        });
    }
    const repeats = Number(process.argv[4] ?? 0);
    for (const where of repeats > 0 ? [] : ['end', 'middle', 'start', 'end']) {
        // The first line's definition keeps its name (later definitions use it).
        const lines = text.split('\n');
        const line = where === 'end' ? lines.length - 2 : where === 'middle' ? Math.floor(lines.length / 2) : 0;
        const name = /^\(def (\S+)/.exec(lines[line])?.[1] ?? `edited-piece-${where}`;
        const previous = lines[line].length;
        lines[line] = `(def ${name} (/ knight (rook :${version})))`;
        text = lines.join('\n');
        TextDocument.update(textDocument, [{ range: { start: { line, character: 0 }, end: { line, character: previous } }, text: lines[line] }], ++version);
        phases = [];
        start = last = performance.now();
        await DocumentBuilder.update([URI.parse(uri)], []);
        console.log(`edit at the ${where}: ${(performance.now() - start).toFixed(1)} ms (${phases.join(' ')}), ${document.diagnostics?.length} diagnostics`);
    }
    if (repeats > 0) {
        const lines = text.split('\n');
        let line = Math.floor(lines.length / 2);
        while (line < lines.length - 1 && !/^\(def \S+/.test(lines[line])) line++;
        const name = /^\(def (\S+)/.exec(lines[line])?.[1] ?? 'edited-piece';
        const cpu: number[] = [];
        for (let i = -2; i < repeats; i++) {
            const previous = lines[line].length;
            lines[line] = `(def ${name} (/ knight (rook :${++version % 9})))`;
            TextDocument.update(textDocument, [{ range: { start: { line, character: 0 }, end: { line, character: previous } }, text: lines[line] }], version);
            const before = process.cpuUsage();
            await DocumentBuilder.update([URI.parse(uri)], []);
            const used = process.cpuUsage(before);
            if (i >= 0) cpu.push((used.user + used.system) / 1000);
        }
        cpu.sort((a, b) => a - b);
        console.log(`${repeats} middle edits as the bench makes them: cpu least ${cpu[0].toFixed(1)} ms, median ${cpu[Math.floor(cpu.length / 2)].toFixed(1)} ms`);
    }
}

void main();
