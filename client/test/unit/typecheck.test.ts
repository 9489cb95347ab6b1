/**
 * The root tsconfig.json type-checks the extension's sources; client/tsconfig.json adds what it
 * leaves out (the webview script with DOM types, the mocha integration suite, the tests and the
 * e2e driver). esbuild bundles without type-checking, so this is where those are checked.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

it('client, webview, tests and e2e driver type-check under strict TypeScript', () => {
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    const run = spawnSync(process.execPath, [tsc, '-p', 'client/tsconfig.json', '--noEmit', '--pretty', 'false'], { cwd: root, encoding: 'utf8', timeout: 120_000 });
    expect(`${run.stdout}${run.stderr}`.trim()).toBe('');
    expect(run.status).toBe(0);
}, 120_000);
