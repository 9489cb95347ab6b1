/**
 * The language server as an editor sees it: the bundled server started over stdio, files of
 * 100 KB and 1 MB opened, and the latencies a user feels measured from the client side.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node.js';
import { generateBytes } from './generate.js';
import type { Row } from './report.js';

interface PublishDiagnosticsParams { uri: string; version?: number; diagnostics: unknown[] }

export async function lspBenchmarks(serverPath: string): Promise<Row[]> {
    const child = spawn(process.execPath, [serverPath, '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
    const connection = createMessageConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
    const waiting = new Map<string, (p: PublishDiagnosticsParams) => void>();
    connection.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => waiting.get(p.uri)?.(p));
    connection.onRequest(() => null); // workspace/configuration and the like
    connection.listen();
    const rows: Row[] = [];
    try {
        const root = pathToFileURL(resolve('bench')).toString();
        await connection.sendRequest('initialize', { processId: process.pid, rootUri: root, capabilities: {}, workspaceFolders: null });
        connection.sendNotification('initialized', {});
        for (const [label, bytes] of [['100 KB', 100_000], ['1 MB', 1_000_000]] as const) {
            const text = generateBytes(bytes, label === '1 MB' ? 'big' : 'small');
            const uri = `${root}/generated-${bytes}.lcpn`;
            const diagnosed = (version: number) => new Promise<PublishDiagnosticsParams>((done) => waiting.set(uri, (p) => { if (p.version === undefined || p.version >= version) done(p); }));

            let start = performance.now();
            let next = diagnosed(1);
            connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'lcpn', version: 1, text } });
            const first = await next;
            rows.push({ name: `${label}: open -> first diagnostics`, value: performance.now() - start, unit: 'ms', extra: `${first.diagnostics.length} diagnostics` });

            // A one-line edit: the last definition changes its movement (three times; the best counts).
            const lines = text.split('\n');
            const lastLine = lines.length - 2;
            const edits: number[] = [];
            let lineLength = lines[lastLine].length;
            for (let version = 2; version <= 4; version++) {
                const newText = `(def edited-piece (/ knight (rook :${version})))`;
                start = performance.now();
                next = diagnosed(version);
                connection.sendNotification('textDocument/didChange', {
                    textDocument: { uri, version },
                    contentChanges: [{ range: { start: { line: lastLine, character: 0 }, end: { line: lastLine, character: lineLength } }, text: newText }]
                });
                await next;
                edits.push(performance.now() - start);
                lineLength = newText.length;
            }
            rows.push({ name: `${label}: one-line edit -> new diagnostics`, value: Math.min(...edits), unit: 'ms', extra: `best of ${edits.map((e) => e.toFixed(0)).join(', ')}` });

            start = performance.now();
            const hover = await connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: lastLine, character: 6 } }) as { contents?: { value?: string } } | null;
            rows.push({ name: `${label}: hover with diagrams`, value: performance.now() - start, unit: 'ms', extra: `${hover?.contents?.value?.length ?? 0} chars of markdown` });

            rows.push({ name: `${label}: server resident memory`, value: residentMegabytes(child.pid!), unit: 'MB' });
            connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
        }
        await connection.sendRequest('shutdown');
        connection.sendNotification('exit');
    } finally {
        connection.dispose();
        child.kill();
    }
    return rows;
}

function residentMegabytes(pid: number): number {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return kb / 1024;
}
