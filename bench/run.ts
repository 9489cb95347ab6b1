/**
 * `npm run bench`: prints the figures the issues ask for, with ratios, and a last line saying how
 * many GOAL rows meet their goal. Core figures run in process; LSP figures drive the bundled
 * server over stdio.
 *
 *   node dist/bench.cjs [--only SUBSTRING]... [--list]
 *
 * `--only` (repeatable, or LCPN_BENCH_ONLY=a,b) runs only the parts whose name contains one of
 * the substrings (case-insensitive), for a quick check of one figure; `--list` names the parts.
 * `--heap-kept COUNT` is the heap row's child process (core.ts).
 */
import { join } from 'node:path';
import { coreCases, heapKeptChild } from './core.js';
import { editCases } from './edits.js';
import { lspCases } from './lsp.js';
import { printRows, printSummary, type Case, type Row } from './report.js';

function filters(argv: string[]): string[] {
    const only: string[] = (process.env.LCPN_BENCH_ONLY ?? '').split(',');
    for (let i = 0; i < argv.length; i++) {
        if (argv[i] === '--only' && i + 1 < argv.length) only.push(argv[++i]);
        else if (argv[i].startsWith('--only=')) only.push(argv[i].slice('--only='.length));
    }
    return only.map((f) => f.trim().toLowerCase()).filter((f) => f !== '');
}

async function main(): Promise<void> {
    const heap = process.argv.indexOf('--heap-kept'); // the heap row's own process (core.ts heapKeptInChild)
    if (heap >= 0) return heapKeptChild(Number(process.argv[heap + 1]));
    const only = filters(process.argv.slice(2));
    const selected = (c: Case) => only.length === 0 || only.some((f) => c.name.toLowerCase().includes(f));
    const lsp = lspCases(join(__dirname, 'server', 'main.cjs'));
    const sections: [string, Case[]][] = [
        ['core (in process, best of 3)', coreCases()],
        ['nothing quadratic on the edit path (in process, edit in the middle)', editCases()],
        ['language server over stdio (dist/server/main.cjs)', lsp.cases]
    ];
    if (process.argv.includes('--list')) {
        for (const [title, cases] of sections) process.stdout.write(`${title}\n${cases.map((c) => `  ${c.name}\n`).join('')}`);
        return;
    }
    const all: Row[] = [];
    try {
        for (const [title, cases] of sections) {
            const rows: Row[] = [];
            for (const c of cases.filter(selected)) rows.push(...await c.run());
            printRows(title, rows);
            all.push(...rows);
        }
    } finally {
        await lsp.close();
    }
    if (all.length === 0) process.stdout.write(`no part of the bench matches --only ${only.join(', ')} (--list names them)\n`);
    else printSummary(all);
}

main().catch((error: unknown) => {
    process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exitCode = 1;
});
