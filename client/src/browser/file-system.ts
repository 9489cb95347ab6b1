/**
 * The web extension's answers to the server worker's file requests (server/src/browser/
 * client-file-system.ts): VS Code's file system, which in a browser is the only way to the
 * workspace's files (github.dev's repository, code-server's remote disk, ...).
 */
import * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import {
    CLIENT_FS_READ_DIRECTORY, CLIENT_FS_READ_FILE, CLIENT_FS_STAT, type ClientDirectoryEntry, type ClientFileStat
} from '../../../server/src/lsp/protocol.js';

type EntryType = ClientFileStat['type'];

/** A symbolic link is followed: VS Code's stat already does, and marks it with the SymbolicLink bit. */
function typeOf(type: vscode.FileType): EntryType {
    if (type & vscode.FileType.File) return 'file';
    if (type & vscode.FileType.Directory) return 'directory';
    return 'other';
}

function uriOf(params: unknown): vscode.Uri {
    const uri = (params as { uri?: unknown } | null)?.uri;
    if (typeof uri !== 'string') throw new Error('no uri given');
    return vscode.Uri.parse(uri, true);
}

export function answerFileRequests(client: BaseLanguageClient): vscode.Disposable[] {
    return [
        client.onRequest(CLIENT_FS_STAT, async (params: unknown): Promise<ClientFileStat> => {
            const stat = await vscode.workspace.fs.stat(uriOf(params));
            return { type: typeOf(stat.type), size: stat.size };
        }),
        client.onRequest(CLIENT_FS_READ_FILE, async (params: unknown) =>
            new TextDecoder().decode(await vscode.workspace.fs.readFile(uriOf(params)))),
        client.onRequest(CLIENT_FS_READ_DIRECTORY, async (params: unknown): Promise<ClientDirectoryEntry[]> => {
            const folder = uriOf(params);
            const entries = await vscode.workspace.fs.readDirectory(folder);
            return entries.map(([name, type]) => ({ uri: vscode.Uri.joinPath(folder, name).toString(), type: typeOf(type) }));
        })
    ];
}
