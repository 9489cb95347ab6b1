// Bundles every entry point into CommonJS files under dist/: the VS Code client, the
// language server, the `lcpn` CLI, the computer opponent's worker (play/worker.cjs), the bench
// (bench/run.ts, its peer server and heap probe) and the differential run (bench/differential.ts).
// `--watch` rebuilds on change, `--minify` is for the packaged extension.
import * as esbuild from 'esbuild';
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import { buildWeb, opponentWorkerSource } from './esbuild-web.mjs';

const watch = process.argv.includes('--watch');
const minify = process.argv.includes('--minify');

/** `import text from './x.lcpn?raw'` gives the file's text (vitest understands the same suffix). */
const rawTextPlugin = {
    name: 'raw-text',
    setup(build) {
        build.onResolve({ filter: /\?raw$/ }, (args) => ({
            path: new URL(args.path.replace(/\?raw$/, ''), 'file://' + args.resolveDir + '/').pathname,
            namespace: 'raw-text'
        }));
        build.onLoad({ filter: /.*/, namespace: 'raw-text' }, async (args) => ({
            contents: await readFile(args.path, 'utf8'),
            loader: 'text'
        }));
    }
};

const common = {
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    outExtension: { '.js': '.cjs' },
    sourcemap: !minify,
    minify,
    logLevel: 'warning',
    plugins: [rawTextPlugin],
    // Langium is ESM and reads import.meta.url; in a CJS bundle that is the bundle's own file.
    define: { 'import.meta.url': 'importMetaUrl' },
    banner: { js: "const importMetaUrl = require('url').pathToFileURL(__filename).href;" }
};

const contexts = await Promise.all([
    esbuild.context({
        ...common,
        entryPoints: { 'server/main': 'server/src/main.ts', cli: 'server/src/cli/main.ts', 'play/worker': 'server/src/play/worker-node.ts', bench: 'bench/run.ts', 'bench-peer-server': 'bench/peer-server.ts', 'bench-heap-probe': 'bench/heap-probe.ts', differential: 'bench/differential.ts' },
        outdir: 'dist'
    }),
    esbuild.context({
        ...common,
        entryPoints: { 'client/extension': 'client/src/extension.ts' },
        outdir: 'dist',
        external: ['vscode']
    }),
    // The script inside the movement diagram webview (a browser page): the piece, position and Play views.
    esbuild.context({
        entryPoints: { 'client/diagram-view': 'client/webview/diagram-view.ts' },
        outdir: 'dist',
        bundle: true,
        platform: 'browser',
        format: 'iife',
        target: 'es2022',
        sourcemap: !minify,
        minify,
        logLevel: 'warning',
        // The Play view's computer opponent, started from its text (esbuild-web.mjs).
        plugins: [opponentWorkerSource(esbuild, { minify })]
    }),
    // The integration suite that runs inside a real VS Code (out/, never packaged); mocha
    // comes from node_modules at run time.
    esbuild.context({
        ...common,
        entryPoints: ['client/test/e2e/**/*.ts'],
        outbase: 'client/test/e2e',
        outdir: 'out/test/e2e',
        external: ['vscode', 'mocha', '@vscode/test-electron']
    })
]);

// The prelude also ships as a file next to the server, so editors can open it on go-to-definition.
await mkdir('dist/server/prelude', { recursive: true });
await copyFile('server/prelude/standard.lcpn', 'dist/server/prelude/standard.lcpn');
// The browser bundles: server worker, web extension client, playground (esbuild-web.mjs; not watched).
await buildWeb(esbuild, { minify });

if (watch) {
    await Promise.all(contexts.map((ctx) => ctx.watch()));
} else {
    await Promise.all(contexts.map((ctx) => ctx.rebuild()));
    await Promise.all(contexts.map((ctx) => ctx.dispose()));
}
