/**
 * The web worker's file system (server/src/browser/client-file-system.ts) against a client
 * written here: what the client answers becomes Langium's file nodes and texts; a file over the
 * size limit, a directory or a device is refused in words before its text is asked for; a
 * client that refuses (or does not know the request) becomes an UnreadableFile, which the
 * workspace manager reports and skips. And the worker's Buffer stand-in writes the same base64
 * as Node's for the diagrams' data URIs.
 */
import { URI } from 'langium';
import type { Connection } from 'vscode-languageserver';
import { describe, expect, test } from 'vitest';
import { ClientFileSystemProvider } from '../../src/browser/client-file-system.js';
import type { ClientDirectoryEntry, ClientFileStat } from '../../src/lsp/protocol.js';
import { Buffer as ShimBuffer } from '../../src/browser/node-shims.js';
import { UnreadableFile } from '../../src/workspace/file-system.js';
import { MAX_LCPN_FILE_BYTES } from '../../src/workspace/limits.js';

interface Entry { stat: ClientFileStat; text?: string; children?: ClientDirectoryEntry[] }

function clientOf(files: Record<string, Entry>): { provider: ClientFileSystemProvider; asked: string[] } {
    const asked: string[] = [];
    const connection = {
        sendRequest: async (method: string, params: { uri: string }) => {
            asked.push(`${method} ${params.uri}`);
            const entry = files[params.uri];
            if (!entry) throw new Error('does not exist');
            if (method === 'lcpn/fs/stat') return entry.stat;
            if (method === 'lcpn/fs/readFile') return entry.text;
            if (method === 'lcpn/fs/readDirectory') return entry.children;
            throw new Error(`unhandled method ${method}`);
        }
    } as unknown as Connection;
    return { provider: new ClientFileSystemProvider(connection), asked };
}

const ROOT = 'vscode-remote://host/ws';

describe('the web worker reads files through the client', () => {
    test('a folder listing and a file', async () => {
        const { provider } = clientOf({
            [ROOT]: { stat: { type: 'directory', size: 0 }, children: [{ uri: `${ROOT}/a.lcpn`, type: 'file' }, { uri: `${ROOT}/sub`, type: 'directory' }, { uri: `${ROOT}/fifo.lcpn`, type: 'other' }] },
            [`${ROOT}/a.lcpn`]: { stat: { type: 'file', size: 14 }, text: '(def a [1 2])\n' }
        });
        const entries = await provider.readDirectory(URI.parse(ROOT));
        expect(entries.map((e) => [e.uri.toString(), e.isFile, e.isDirectory])).toEqual([
            [`${ROOT}/a.lcpn`, true, false], [`${ROOT}/sub`, false, true], [`${ROOT}/fifo.lcpn`, false, false]
        ]);
        expect(await provider.readFile(URI.parse(`${ROOT}/a.lcpn`))).toBe('(def a [1 2])\n');
        expect(await provider.exists(URI.parse(`${ROOT}/a.lcpn`))).toBe(true);
        expect(await provider.exists(URI.parse(`${ROOT}/gone.lcpn`))).toBe(false);
    });

    test('too large, a directory, a device: refused in words, the text never asked for', async () => {
        const { provider, asked } = clientOf({
            [`${ROOT}/huge.lcpn`]: { stat: { type: 'file', size: MAX_LCPN_FILE_BYTES + 1 }, text: 'x' },
            [`${ROOT}/dir.lcpn`]: { stat: { type: 'directory', size: 0 } },
            [`${ROOT}/pipe.lcpn`]: { stat: { type: 'other', size: 0 } }
        });
        await expect(provider.readFile(URI.parse(`${ROOT}/huge.lcpn`))).rejects.toThrow(/is too large \(16,777,217 bytes; files over 16,777,216 bytes are not read\)/);
        await expect(provider.readFile(URI.parse(`${ROOT}/dir.lcpn`))).rejects.toThrow('is a directory, not a file');
        await expect(provider.readFile(URI.parse(`${ROOT}/pipe.lcpn`))).rejects.toThrow('is not a regular file');
        expect(asked.filter((a) => a.startsWith('lcpn/fs/readFile'))).toEqual([]);
    });

    test("the client's refusal is an UnreadableFile naming the file; synchronous reads say they cannot", async () => {
        const { provider } = clientOf({});
        const refusal = await provider.readFile(URI.parse(`${ROOT}/gone.lcpn`)).catch((e: unknown) => e);
        expect(refusal).toBeInstanceOf(UnreadableFile);
        expect((refusal as UnreadableFile).reason).toBe('does not exist');
        expect(() => provider.readFileSync(URI.parse(`${ROOT}/a.lcpn`))).toThrow('cannot be read synchronously in a browser');
        expect(provider.existsSync()).toBe(false);
    });
});

describe("the worker's Buffer stand-in", () => {
    test('UTF-8 base64 as Node writes it (non-ASCII text in a diagram title)', () => {
        for (const text of ['<svg/>', 'é ♞ 漢 🐎 "&<', 'x'.repeat(100_000)]) {
            expect(ShimBuffer.from(text, 'utf8').toString('base64')).toBe(Buffer.from(text, 'utf8').toString('base64'));
        }
    });
});
