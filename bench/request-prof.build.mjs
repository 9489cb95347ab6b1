// Bundles bench/request-prof.ts to dist/request-prof.cjs (as esbuild.mjs bundles the other drivers).
import * as esbuild from 'esbuild';
import { readFile } from 'node:fs/promises';

await esbuild.build({
    entryPoints: { 'request-prof': 'bench/request-prof.ts' },
    outdir: 'dist',
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    outExtension: { '.js': '.cjs' },
    sourcemap: true,
    logLevel: 'warning',
    plugins: [{
        name: 'raw-text',
        setup(build) {
            build.onResolve({ filter: /\?raw$/ }, (args) => ({ path: new URL(args.path.replace(/\?raw$/, ''), 'file://' + args.resolveDir + '/').pathname, namespace: 'raw-text' }));
            build.onLoad({ filter: /.*/, namespace: 'raw-text' }, async (args) => ({ contents: await readFile(args.path, 'utf8'), loader: 'text' }));
        }
    }],
    define: { 'import.meta.url': 'importMetaUrl' },
    banner: { js: "const importMetaUrl = require('url').pathToFileURL(__filename).href;" }
});
