// Bundles and runs speed.ts (perft speed, lcpn against ffish): node server/test/game/speed.mjs [rounds]
// A bundle, as the bench's (esbuild.mjs): the prelude is imported as text (`?raw`), which plain Node cannot load.
import * as esbuild from 'esbuild';
import { readFile } from 'node:fs/promises';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const raw = {
    name: 'raw-text',
    setup(build) {
        build.onResolve({ filter: /\?raw$/ }, (args) => ({ path: new URL(args.path.replace(/\?raw$/, ''), 'file://' + args.resolveDir + '/').pathname, namespace: 'raw' }));
        build.onLoad({ filter: /.*/, namespace: 'raw' }, async (args) => ({ contents: await readFile(args.path, 'utf8'), loader: 'text' }));
    }
};
const out = join(tmpdir(), `lcpn-speed-${process.pid}.mjs`);
await esbuild.build({
    entryPoints: [new URL('./speed.ts', import.meta.url).pathname], bundle: true, platform: 'node', target: 'node20', format: 'esm',
    outfile: out, plugins: [raw], logLevel: 'warning', external: ['ffish'],
    // The fixtures find examples/ from their own folder.
    define: { 'import.meta.dirname': JSON.stringify(new URL('.', import.meta.url).pathname) },
    banner: { js: "import { createRequire as __cr } from 'module'; const require = __cr(import.meta.url);" }
});
const run = spawnSync(process.execPath, [...(process.env.LCPN_PROF ? ['--cpu-prof', '--cpu-prof-dir=' + process.env.LCPN_PROF] : []), out, ...process.argv.slice(2)], { stdio: 'inherit', cwd: process.cwd(), env: { ...process.env, NODE_PATH: join(process.cwd(), 'node_modules') } });
await import('node:fs/promises').then((fs) => fs.rm(out, { force: true }));
process.exit(run.status ?? 1);
