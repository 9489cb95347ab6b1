/**
 * A profiling driver for the server process's open of a large file (not part of `npm run bench`):
 * each sample spawns a server, warms it as the bench's earlier sessions do (a 100 KB file opened,
 * edited and closed), then opens the large file and times didOpen -> its diagnostics, in wall time
 * and in the server's CPU time (user + system of all its threads, 10 ms resolution; load on a
 * shared machine barely moves it). Configurations (a bundle and node flags) are sampled in
 * turn, so load hits them alike.
 *
 *   node esbuild.mjs && node dist/open-prof.cjs [--runs N] [--bytes B] [--warm B] [--config LABEL=BUNDLE[,FLAG...]]...
 *
 * Without --config: this build's bundle, as the bench spawns it.
 */
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { generateBytes } from './generate.js';
import { processCpuMs, startServer, type Server } from './lsp.js';

interface Config { label: string; bundle: string; flags: string[] }

function parseArgs(argv: string[]): { runs: number; bytes: number; warm: number; configs: Config[] } {
    const configs: Config[] = [];
    let runs = 3;
    let bytes = 1_000_000;
    let warm = 100_000;
    for (let i = 0; i < argv.length; i++) {
        const value = argv[i + 1];
        if (argv[i] === '--runs') { runs = Number(value); i++; }
        else if (argv[i] === '--bytes') { bytes = Number(value); i++; }
        else if (argv[i] === '--warm') { warm = Number(value); i++; }
        else if (argv[i] === '--config') {
            const [label, rest] = value.split(/=(.*)/s);
            const [bundle, ...flags] = rest.split(',');
            configs.push({ label, bundle: resolve(bundle), flags });
            i++;
        }
    }
    if (configs.length === 0) configs.push({ label: 'this build', bundle: join(__dirname, 'server', 'main.cjs'), flags: [] });
    return { runs, bytes, warm, configs };
}

async function openAndWait(server: Server, uri: string, text: string): Promise<{ wall: number; cpu: number; diagnostics: number }> {
    const diagnosed = server.diagnosed(uri, 1);
    const cpuBefore = processCpuMs(server.pid);
    const start = performance.now();
    server.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'lcpn', version: 1, text } });
    const published = await diagnosed;
    const wall = performance.now() - start;
    return { wall, cpu: processCpuMs(server.pid) - cpuBefore, diagnostics: published.diagnostics.length };
}

/** The bench's 1 MB session runs after its 100 KB one in the same process: open, a few edits, close. */
async function warmUp(server: Server, root: string, text: string): Promise<void> {
    const uri = `${root}/warm.lcpn`;
    await openAndWait(server, uri, text);
    const line = Math.floor(text.split('\n').length / 2);
    for (let version = 2; version < 8; version++) {
        const diagnosed = server.diagnosed(uri, version);
        server.connection.sendNotification('textDocument/didChange', {
            textDocument: { uri, version },
            contentChanges: [{ range: { start: { line, character: 0 }, end: { line: line + 1, character: 0 } }, text: `(def warm-piece (/ knight (rook :${version})))\n` }]
        });
        await diagnosed;
    }
    server.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
}

async function main(): Promise<void> {
    const { runs, bytes, warm, configs } = parseArgs(process.argv.slice(2));
    const root = pathToFileURL(resolve('bench')).toString();
    const text = generateBytes(bytes, 'big');
    const warmText = generateBytes(warm, 'small');
    const results = new Map<string, { wall: number; cpu: number }[]>(configs.map((c) => [c.label, []]));
    for (let run = 0; run < runs; run++) {
        for (const config of configs) {
            const server = await startServer(config.bundle, root, config.flags);
            try {
                if (warm > 0) await warmUp(server, root, warmText);
                const sample = await openAndWait(server, `${root}/generated-open-${run}.lcpn`, text);
                results.get(config.label)!.push(sample);
                console.log(`${config.label}: open ${text.length} bytes -> ${sample.diagnostics} diagnostics: ${sample.wall.toFixed(0)} ms, cpu ${sample.cpu} ms`);
            } finally {
                await server.close();
            }
        }
    }
    for (const [label, samples] of results) {
        const best = (key: 'wall' | 'cpu') => Math.min(...samples.map((s) => s[key]));
        const median = (key: 'wall' | 'cpu') => samples.map((s) => s[key]).sort((a, b) => a - b)[Math.floor(samples.length / 2)];
        console.log(`${label}: best wall ${best('wall').toFixed(0)} ms (median ${median('wall').toFixed(0)}), best cpu ${best('cpu')} ms (median ${median('cpu')})`);
    }
}

main().catch((error: unknown) => {
    process.stderr.write(`open-prof failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exitCode = 1;
});
