/**
 * The file system as the server reads `.lcpn` files: only regular files (a FIFO blocks a read
 * forever, `/dev/zero` never ends) of at most MAX_LCPN_FILE_BYTES (a 600 MB file exceeds
 * Node's string limit; long before that it exhausts memory). A refused file throws an
 * `UnreadableFile` whose message says why in plain words; callers skip the file and report it.
 */
import { promises as fs, statSync, type Stats } from 'node:fs';
import type { URI } from 'langium';
import { NodeFileSystemProvider } from 'langium/node';
import { describeOverLimit, MAX_LCPN_FILE_BYTES } from './limits.js';

export class UnreadableFile extends Error {
    constructor(readonly uri: URI, readonly reason: string) {
        super(`${uri.fsPath}: ${reason}`);
    }
}

export class LcpnFileSystemProvider extends NodeFileSystemProvider {
    override async readFile(uri: URI): Promise<string> {
        await this.checkReadable(uri);
        try {
            return await super.readFile(uri);
        } catch (error) {
            throw new UnreadableFile(uri, describeReadError(error));
        }
    }

    override readFileSync(uri: URI): string {
        let stat: Stats;
        try {
            stat = statSync(uri.fsPath);
        } catch (error) {
            throw new UnreadableFile(uri, describeReadError(error));
        }
        refuse(uri, stat);
        try {
            return super.readFileSync(uri);
        } catch (error) {
            throw new UnreadableFile(uri, describeReadError(error));
        }
    }

    /** Throws an UnreadableFile unless `uri` is a regular file within the size limit. */
    async checkReadable(uri: URI): Promise<void> {
        let stat: Stats;
        try {
            stat = await fs.stat(uri.fsPath);
        } catch (error) {
            throw new UnreadableFile(uri, describeReadError(error));
        }
        refuse(uri, stat);
    }
}

/** Throws an UnreadableFile for anything but a regular file within the size limit (`stat` follows links). */
function refuse(uri: URI, stat: Stats): void {
    if (stat.isDirectory()) throw new UnreadableFile(uri, 'is a directory, not a file');
    if (!stat.isFile()) throw new UnreadableFile(uri, 'is not a regular file (a pipe, socket or device)');
    if (stat.size > MAX_LCPN_FILE_BYTES) {
        const { size, limit } = describeOverLimit(stat.size);
        throw new UnreadableFile(uri, `is too large (${size}; files over ${limit} are not read)`);
    }
}

/** `node:fs` errors in words: "cannot be read (permission denied)". */
export function describeReadError(error: unknown): string {
    const code = (error as { code?: string } | undefined)?.code;
    switch (code) {
        case 'ENOENT': return 'does not exist (or is a broken link)';
        case 'EACCES': case 'EPERM': return 'cannot be read (permission denied)';
        case 'ELOOP': return 'is a link in a loop of links';
        case 'EISDIR': return 'is a directory, not a file';
        case 'ERR_STRING_TOO_LONG': return 'is too large to read';
        default: return `cannot be read (${error instanceof Error ? error.message : String(error)})`;
    }
}

/** The server's file system, for `createLcpnServices({ connection, ...LcpnFileSystem })`. */
export const LcpnFileSystem = {
    fileSystemProvider: () => new LcpnFileSystemProvider()
};
