/**
 * `npm run bench`: prints the figures the issues ask for, with ratios.
 * Core figures run in process; LSP figures drive the bundled server over stdio.
 */
import { join } from 'node:path';
import { coreBenchmarks } from './core.js';
import { lspBenchmarks } from './lsp.js';
import { printRows } from './report.js';

async function main(): Promise<void> {
    printRows('core (in process, best of 3)', await coreBenchmarks());
    printRows('language server over stdio (dist/server/main.cjs)', await lspBenchmarks(join(__dirname, 'server', 'main.cjs')));
}

main().catch((error: unknown) => {
    process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exitCode = 1;
});
