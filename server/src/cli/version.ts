/** The version `lcpn --version` prints: package.json's, found next to the bundle or the sources. */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export function cliVersion(): string {
    // dist/cli.cjs -> ../package.json; server/src/cli/version.ts -> ../../../package.json
    for (const candidate of ['../package.json', '../../../package.json']) {
        const url = new URL(candidate, import.meta.url);
        if (url.protocol !== 'file:' || !existsSync(fileURLToPath(url))) continue;
        try {
            const manifest = JSON.parse(readFileSync(fileURLToPath(url), 'utf8')) as { name?: string; version?: string };
            if (manifest.name === 'lcpn' && manifest.version) return manifest.version;
        } catch {
            // Not ours or not readable: try the next place.
        }
    }
    return 'unknown';
}
