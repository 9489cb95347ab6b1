// The browser bundles (imported by esbuild.mjs): the language server as a web worker, the
// computer opponent as a web worker (play/worker.js), the VS Code web extension's client, and the
// playground page. Modules shared with the node
// server import node:* at the top; here they get browser-safe stand-ins
// (server/src/browser/node-shims.ts), and prelude-file.ts (a read-only copy in the
// user's cache directory) is replaced by server/src/browser/prelude-file.ts.
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import { resolve } from 'node:path';

const shims = resolve('server/src/browser/node-shims.ts');

const browserSafe = {
    name: 'browser-safe',
    setup(build) {
        build.onResolve({ filter: /^node:|^langium\/node$/ }, () => ({ path: shims }));
        const preludeFile = resolve('server/src/workspace/prelude-file.js');
        build.onResolve({ filter: /[/\\]prelude-file\.js$/ }, (args) =>
            resolve(args.resolveDir, args.path) === preludeFile ? { path: resolve('server/src/browser/prelude-file.ts') } : undefined);
    }
};

/** `import text from './x.lcpn?raw'`, as in esbuild.mjs. */
const rawText = {
    name: 'raw-text',
    setup(build) {
        build.onResolve({ filter: /\?raw$/ }, (args) => ({ path: resolve(args.resolveDir, args.path.replace(/\?raw$/, '')), namespace: 'raw-text' }));
        build.onLoad({ filter: /.*/, namespace: 'raw-text' }, async (args) => ({ contents: await readFile(args.path, 'utf8'), loader: 'text' }));
    }
};

/** The playground starts the worker from its text (blob: URL), so it also runs from file://. */
const workerSource = {
    name: 'lcpn-worker-source',
    setup(build) {
        build.onResolve({ filter: /^lcpn-worker-source$/ }, () => ({ path: resolve('dist/server/browser.js'), namespace: 'worker-source' }));
        build.onLoad({ filter: /.*/, namespace: 'worker-source' }, async (args) => ({ contents: await readFile(args.path, 'utf8'), loader: 'text' }));
    }
};

/**
 * `import source from 'lcpn-opponent-worker-source'`: the computer opponent's Web Worker
 * (server/src/play/worker-web.ts) bundled as text, for pages that start it from a blob: URL
 * (the Play view in VS Code's webview and in the playground: a webview may not start a worker
 * from the extension's files, a page from file:// none at all).
 */
export function opponentWorkerSource(esbuild, { minify }) {
    return {
        name: 'lcpn-opponent-worker-source',
        setup(build) {
            build.onResolve({ filter: /^lcpn-opponent-worker-source$/ }, () => ({ path: resolve('server/src/play/worker-web.ts'), namespace: 'opponent-worker-source' }));
            build.onLoad({ filter: /.*/, namespace: 'opponent-worker-source' }, async (args) => {
                const worker = await esbuild.build({ ...browserOptions(minify), entryPoints: [args.path], write: false, metafile: true, outdir: 'dist/play' });
                return { contents: worker.outputFiles[0].text, loader: 'text', watchFiles: Object.keys(worker.metafile?.inputs ?? {}) };
            });
        }
    };
}

function browserOptions(minify) {
    return {
        bundle: true,
        platform: 'browser',
        target: 'es2022',
        format: 'iife',
        sourcemap: false,
        minify,
        logLevel: 'warning',
        // Langium reads import.meta.url only to find files; a browser bundle has none.
        define: { 'import.meta.url': '"file:///lcpn-web/"', 'process.env.NODE_ENV': '"production"' },
        plugins: [browserSafe, rawText]
    };
}

export async function buildWeb(esbuild, { minify }) {
    const browser = browserOptions(minify);
    // The worker first: the playground embeds it.
    await esbuild.build({ ...browser, entryPoints: { 'server/browser': 'server/src/browser/main.ts' }, outdir: 'dist' });
    await Promise.all([
        esbuild.build({ ...browser, entryPoints: { 'play/worker': 'server/src/play/worker-web.ts' }, outdir: 'dist' }),
        esbuild.build({
            ...browser,
            // A CommonJS module for VS Code's web worker host, named .js: that host loads the
            // entry with '.js' appended unless it ends so, and takes the package for CommonJS
            // because `main` ends in .cjs (despite "type": "module").
            format: 'cjs',
            entryPoints: { 'client/browser': 'client/src/browser/extension.ts' },
            outdir: 'dist',
            external: ['vscode']
        }),
        esbuild.build({
            ...browser,
            plugins: [...browser.plugins, workerSource, opponentWorkerSource(esbuild, { minify })],
            entryPoints: { playground: 'playground/src/main.ts' },
            outdir: 'dist/playground'
        })
    ]);
    await mkdir('dist/playground', { recursive: true });
    await copyFile('playground/index.html', 'dist/playground/index.html');
    await copyFile('playground/playground.css', 'dist/playground/playground.css');
}
