/** The server's file reads: regular files within the size limit only, refusals in words. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { URI } from 'langium';
import { afterAll, describe, expect, test } from 'vitest';
import { LcpnFileSystemProvider, UnreadableFile } from '../../src/workspace/file-system.js';
import { MAX_LCPN_FILE_BYTES } from '../../src/workspace/limits.js';

const folder = mkdtempSync(join(tmpdir(), 'lcpn-fs-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const file = (name: string) => URI.file(join(folder, name));

writeFileSync(join(folder, 'good.lcpn'), '(def a [1 2])\n');
mkdirSync(join(folder, 'dir.lcpn'));
execFileSync('mkfifo', [join(folder, 'pipe.lcpn')]);
symlinkSync(join(folder, 'missing.lcpn'), join(folder, 'dangling.lcpn'));
symlinkSync(join(folder, 'loop-b.lcpn'), join(folder, 'loop-a.lcpn'));
symlinkSync(join(folder, 'loop-a.lcpn'), join(folder, 'loop-b.lcpn'));
symlinkSync(join(folder, 'good.lcpn'), join(folder, 'link.lcpn'));
execFileSync('truncate', ['-s', String(MAX_LCPN_FILE_BYTES + 1), join(folder, 'big.lcpn')]);
execFileSync('truncate', ['-s', String(MAX_LCPN_FILE_BYTES), join(folder, 'limit.lcpn')]);

const provider = new LcpnFileSystemProvider();

describe.each([
    ['readFile', (uri: URI) => provider.readFile(uri)],
    ['readFileSync', async (uri: URI) => provider.readFileSync(uri)]
])('%s', (_name, read) => {
    test('a regular file, and a link to one, are read', async () => {
        expect(await read(file('good.lcpn'))).toBe('(def a [1 2])\n');
        expect(await read(file('link.lcpn'))).toBe('(def a [1 2])\n');
        expect((await read(file('limit.lcpn'))).length).toBe(MAX_LCPN_FILE_BYTES);
    });

    test.each([
        ['dir.lcpn', 'is a directory, not a file'],
        ['pipe.lcpn', 'is not a regular file (a pipe, socket or device)'],
        ['dangling.lcpn', 'does not exist (or is a broken link)'],
        ['loop-a.lcpn', 'is a link in a loop of links'],
        ['big.lcpn', 'is too large (16,777,217 bytes; files over 16,777,216 bytes are not read)']
    ])('%s is refused: it %s', async (name, reason) => {
        const error = await Promise.resolve().then(() => read(file(name))).then(() => undefined, (e: unknown) => e);
        expect(error).toBeInstanceOf(UnreadableFile);
        expect((error as UnreadableFile).reason).toBe(reason);
        expect((error as UnreadableFile).message).toContain(join(folder, name));
    });
});
