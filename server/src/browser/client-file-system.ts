/**
 * The web worker's file system: the client's. A browser has no disk; the VS Code web
 * extension answers these requests through `vscode.workspace.fs` (client/src/browser/
 * file-system.ts), so the workspace's `.lcpn` files and the files they import load as on the
 * desktop (an import of a file that is not open is read here). The same rules as file-system.ts: only regular
 * files of at most MAX_LCPN_FILE_BYTES; a refusal is an UnreadableFile, which callers report.
 * A client that does not answer (the playground has no folder) gets nothing loaded.
 * Langium's synchronous methods cannot wait for the client: they say so.
 */
import { URI, type FileSystemNode, type FileSystemProvider } from 'langium';
import type { Connection } from 'vscode-languageserver';
import { UnreadableFile } from '../workspace/file-system.js';
import { describeOverLimit, MAX_LCPN_FILE_BYTES } from '../workspace/limits.js';
import {
    CLIENT_FS_READ_DIRECTORY, CLIENT_FS_READ_FILE, CLIENT_FS_STAT, type ClientDirectoryEntry, type ClientFileStat
} from '../lsp/protocol.js';


export class ClientFileSystemProvider implements FileSystemProvider {
    constructor(private readonly connection: Connection) {}

    async stat(uri: URI): Promise<FileSystemNode> {
        const stat = await this.request<ClientFileStat>(CLIENT_FS_STAT, uri);
        return { uri, isFile: stat.type === 'file', isDirectory: stat.type === 'directory' };
    }

    async exists(uri: URI): Promise<boolean> {
        return this.stat(uri).then(() => true, () => false);
    }

    async readFile(uri: URI): Promise<string> {
        const stat = await this.request<ClientFileStat>(CLIENT_FS_STAT, uri);
        if (stat.type === 'directory') throw new UnreadableFile(uri, 'is a directory, not a file');
        if (stat.type !== 'file') throw new UnreadableFile(uri, 'is not a regular file (a pipe, socket or device)');
        if (stat.size > MAX_LCPN_FILE_BYTES) {
            const { size, limit } = describeOverLimit(stat.size);
            throw new UnreadableFile(uri, `is too large (${size}; files over ${limit} are not read)`);
        }
        return this.request<string>(CLIENT_FS_READ_FILE, uri);
    }

    async readBinary(uri: URI): Promise<Uint8Array> {
        return new TextEncoder().encode(await this.readFile(uri));
    }

    async readDirectory(uri: URI): Promise<FileSystemNode[]> {
        const entries = await this.request<ClientDirectoryEntry[]>(CLIENT_FS_READ_DIRECTORY, uri);
        return entries.map((entry) => ({ uri: URI.parse(entry.uri), isFile: entry.type === 'file', isDirectory: entry.type === 'directory' }));
    }

    statSync(uri: URI): FileSystemNode {
        throw new UnreadableFile(uri, 'cannot be read synchronously in a browser');
    }

    existsSync(): boolean {
        return false;
    }

    readBinarySync(uri: URI): Uint8Array {
        throw new UnreadableFile(uri, 'cannot be read synchronously in a browser');
    }

    readFileSync(uri: URI): string {
        throw new UnreadableFile(uri, 'cannot be read synchronously in a browser');
    }

    readDirectorySync(uri: URI): FileSystemNode[] {
        throw new UnreadableFile(uri, 'cannot be listed synchronously in a browser');
    }

    /** The client's answer; its refusal (or a client that does not know the request) as an UnreadableFile. */
    private async request<T>(method: string, uri: URI): Promise<T> {
        try {
            return await this.connection.sendRequest(method, { uri: uri.toString() }) as T;
        } catch (error) {
            throw new UnreadableFile(uri, error instanceof Error ? error.message : String(error));
        }
    }
}
