/**
 * The integration suite's entry point, in the form VS Code's test runner expects: the extension
 * host loads this file (`extensionTestsPath`) and awaits `run()`. It runs under code-server
 * (e2e/run.sh) and under @vscode/test-electron (run-electron.ts).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import Mocha from 'mocha';

export function run(): Promise<void> {
    const mocha = new Mocha({ ui: 'tdd', color: false, timeout: 60_000, reporter: 'spec' });
    const grep = process.env.LCPN_E2E_GREP;
    if (grep) mocha.grep(grep);
    const suiteDir = join(__dirname, 'suite');
    for (const file of readdirSync(suiteDir).filter((f) => f.endsWith('.test.cjs')).sort()) mocha.addFile(join(suiteDir, file));
    return new Promise((resolve, reject) => {
        mocha.run((failures) => {
            console.log(`${mocha.suite.total() - failures} passed, ${failures} failed`);
            if (failures > 0) reject(new Error(`${failures} integration test(s) failed.`));
            else resolve();
        });
    });
}
