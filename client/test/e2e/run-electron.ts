/**
 * Opt-in: runs the integration suite in a desktop VS Code downloaded by @vscode/test-electron
 * (`npm run test:e2e:electron`). It needs the network access to download VS Code that CI
 * machines here lack, so CI runs the same suite under code-server instead (e2e/run.sh).
 */
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runTests } from '@vscode/test-electron';

async function main(): Promise<void> {
    const root = resolve(__dirname, '..', '..', '..');
    const workspace = mkdtempSync(join(tmpdir(), 'lcpn-e2e-'));
    cpSync(join(root, 'client', 'test', 'fixtures', 'workspace'), workspace, { recursive: true });
    // The examples outside the workspace, opened one at a time by the suite (as e2e/run.sh does).
    const examples = mkdtempSync(join(tmpdir(), 'lcpn-e2e-examples-'));
    if (existsSync(join(root, 'examples'))) cpSync(join(root, 'examples'), examples, { recursive: true });
    process.env.LCPN_E2E_EXAMPLES = examples;
    try {
        await runTests({
            version: process.env.VSCODE_VERSION ?? 'stable',
            extensionDevelopmentPath: root,
            extensionTestsPath: join(__dirname, 'index.cjs'),
            launchArgs: [workspace, '--disable-extensions', '--disable-workspace-trust', '--skip-welcome', '--skip-release-notes']
        });
    } finally {
        rmSync(workspace, { recursive: true, force: true });
        rmSync(examples, { recursive: true, force: true });
    }
}

main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
});
