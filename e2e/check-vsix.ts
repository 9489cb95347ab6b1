/**
 * What Open VSX would check of the packaged VSIX, offline (`vsce package` has already run the
 * Marketplace's own checks when e2e/run.sh built it):
 *  1. the `ovsx` CLI publishes it, unchanged, to a stand-in registry on 127.0.0.1: ovsx reads the
 *     VSIX and its manifest (publisher = namespace) and uploads it exactly as it would to
 *     open-vsx.org (the real registry needs the network and an access token);
 *  2. the manifest inside the VSIX passes the rules the Open VSX server applies on publishing
 *     (its ExtensionValidator: name and namespace characters, version characters, field lengths,
 *     no control characters, URLs that are URLs, allowed values), restated here;
 *  3. it has a license (Open VSX refuses unlicensed extensions: ovsx's own `isLicenseOk`).
 * Usage: tsx e2e/check-vsix.ts FILE.vsix. Prints each check; exits non-zero on the first failure.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { openVsxIssues, type Manifest } from './open-vsx-rules.js';

const require = createRequire(import.meta.url);
const vsix = process.argv[2];
if (!vsix) {
    console.error('usage: tsx e2e/check-vsix.ts FILE.vsix');
    process.exit(2);
}

function body(request: IncomingMessage): Promise<Buffer> {
    return new Promise((resolve, reject) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => resolve(Buffer.concat(chunks)));
        request.on('error', reject);
    });
}

/** Check 1: `ovsx publish` to a registry on 127.0.0.1 that keeps what it is sent. */
async function publishOffline(manifest: Manifest): Promise<void> {
    let received: Buffer | undefined;
    let path = '';
    const server = createServer((request, response) => {
        void body(request).then((data) => {
            path = request.url ?? '';
            if (request.method === 'POST' && path.startsWith('/api/-/publish')) {
                received = data;
                response.writeHead(201, { 'content-type': 'application/json' });
                response.end(JSON.stringify({ namespace: manifest.publisher, name: manifest.name, version: manifest.version, targetPlatform: 'universal' }));
            } else {
                response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: `unexpected ${request.method} ${path}` }));
            }
        });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
        const cli = require.resolve('ovsx/bin/ovsx');
        const output = await new Promise<{ code: number | null; text: string }>((resolve) => {
            const child = spawn(process.execPath, [cli, 'publish', vsix, '--pat', 'offline-check', '--registryUrl', `http://127.0.0.1:${port}`],
                { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, OVSX_PAT: '' } });
            let text = '';
            child.stdout.on('data', (d: Buffer) => { text += d.toString(); });
            child.stderr.on('data', (d: Buffer) => { text += d.toString(); });
            const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
            child.on('close', (code) => { clearTimeout(timer); resolve({ code, text }); });
        });
        if (output.code !== 0) throw new Error(`ovsx publish failed (exit ${output.code}): ${output.text.trim()}`);
        if (!received) throw new Error(`ovsx uploaded nothing (last request ${path}): ${output.text.trim()}`);
        if (!received.equals(readFileSync(vsix))) throw new Error(`ovsx uploaded ${received.length} bytes that are not the VSIX`);
        if (!/token=offline-check/.test(path)) throw new Error(`ovsx did not send the access token: ${path}`);
        console.log(`ok: ovsx publish read the VSIX and uploaded it unchanged (${received.length} bytes): ${output.text.trim().split('\n').pop()}`);
    } finally {
        server.close();
    }
}

async function main(): Promise<void> {
    const { readVSIXPackage } = require('ovsx/lib/zip') as { readVSIXPackage(path: string): Promise<Manifest> };
    const { isLicenseOk } = require('ovsx') as { isLicenseOk(packagePath: string, manifest?: Manifest): Promise<boolean> };
    const manifest = await readVSIXPackage(vsix);
    console.log(`VSIX manifest: ${String(manifest.publisher)}.${String(manifest.name)}@${String(manifest.version)}`);
    await publishOffline(manifest);
    const issues = openVsxIssues(manifest);
    if (issues.length > 0) throw new Error(`the manifest breaks Open VSX's rules:\n  ${issues.join('\n  ')}`);
    console.log("ok: the manifest passes Open VSX's publishing rules (names, version, field sizes and characters, URLs, allowed values)");
    // ovsx asks for a license before packaging for open-vsx.org; the VSIX's manifest must have one.
    if (!(await isLicenseOk(process.cwd(), manifest))) throw new Error('no license: Open VSX refuses unlicensed extensions');
    console.log(`ok: licensed (${String(manifest.license)})`);
}

main().then(() => console.log('check-vsix: Open VSX checks passed'), (error: unknown) => {
    console.error(`check-vsix: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
});
