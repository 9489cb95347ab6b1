/**
 * What the web worker bundle gets for `node:*` modules (esbuild-web.mjs maps them here). Modules
 * shared with the node server import them at the top; in a browser the server reads files
 * through the client (client-file-system.ts), so a file function here is never reached, and if
 * one were it says so instead of failing somewhere later. `Buffer` is the one piece used for real: the diagram's
 * data URI (base64 of UTF-8).
 */
function noFileSystem(): never {
    throw new Error('lcpn in a browser has no file system');
}

export const existsSync = (): boolean => false;
export const statSync = noFileSystem;
export const readFileSync = noFileSystem;
export const writeFileSync = noFileSystem;
export const mkdirSync = noFileSystem;
export const renameSync = noFileSystem;
export const chmodSync = noFileSystem;
export const readdirSync = noFileSystem;
export const promises = { stat: noFileSystem, readFile: noFileSystem, readdir: noFileSystem };
export const fileURLToPath = noFileSystem;
export const pathToFileURL = noFileSystem;
export const homedir = noFileSystem;
export const tmpdir = noFileSystem;
export const isAbsolute = (): boolean => false;
export const join = (...parts: string[]): string => parts.join('/');
export const createHash = noFileSystem;
function base64(bytes: Uint8Array): string {
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(binary);
}

/** Only `Buffer.from(text, 'utf8').toString('base64')` (the SVG data URI). */
export const Buffer = {
    from(text: string, _encoding: 'utf8'): { toString(encoding: 'base64'): string } {
        const bytes = new TextEncoder().encode(text);
        return { toString: () => base64(bytes) };
    }
};

/** langium/node's provider, for file-system.ts's subclass (never instantiated in a browser). */
export class NodeFileSystemProvider {
    readFile(): Promise<string> {
        return Promise.reject(new Error('lcpn in a browser has no file system'));
    }
    readFileSync(): string {
        return noFileSystem();
    }
    readDirectory(): Promise<never[]> {
        return Promise.resolve([]);
    }
}
export const NodeFileSystem = { fileSystemProvider: () => new NodeFileSystemProvider() };
