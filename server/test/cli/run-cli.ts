/** Runs the bundled `lcpn` command (dist/cli.cjs, built by `npm test`'s build step) as a user runs it. */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '../../..');
const cli = join(root, 'bin/lcpn.cjs');

export interface CliResult {
    code: number | null;
    stdout: string;
    stderr: string;
    /** Set when the process was killed by the hang guard. */
    signal: NodeJS.Signals | null;
}

export function requireBundle(): void {
    if (!existsSync(join(root, 'dist/cli.cjs'))) throw new Error('dist/cli.cjs is missing: run `npm run build` (npm test does)');
}

/**
 * `lcpn ARGS` in `cwd`, with `input` on standard input (empty by default: never the test's own).
 * The 60 s bound only detects a hang (a FIFO read would block forever); a normal run takes about a second.
 */
export function runLcpn(cwd: string, args: readonly string[], input = ''): CliResult {
    const result = spawnSync(process.execPath, [cli, ...args], { cwd, encoding: 'utf8', input, timeout: 60_000, maxBuffer: 64 * 1024 * 1024 });
    return { code: result.status, stdout: result.stdout, stderr: result.stderr, signal: result.signal };
}
