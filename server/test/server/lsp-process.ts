/**
 * Test support: the bundled language server (`dist/server/main.cjs --stdio`, built by
 * `node esbuild.mjs`) as a child process, driven over JSON-RPC like an editor drives it.
 * Everything the server says is kept: diagnostics per URI, log and window messages, its stderr,
 * and whether the process exited.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
    createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection
} from 'vscode-languageserver/node';
import type { Diagnostic, InitializeResult } from 'vscode-languageserver';

export const root = resolve(import.meta.dirname, '../../..');
export const serverBundle = join(root, 'dist/server/main.cjs');

export interface ServerProcess {
    process: ChildProcess;
    connection: MessageConnection;
    initializeResult: InitializeResult;
    /** Diagnostics as last published, by the URI string the server used. */
    diagnostics: Map<string, Diagnostic[]>;
    /** `window/logMessage` and `window/showMessage` texts, in order. */
    messages: string[];
    stderr: () => string;
    exited: () => { code: number | null; signal: NodeJS.Signals | null } | undefined;
    /** Resolves when diagnostics for `uri` are published and `accept` them (default: any). */
    diagnosticsFor(uri: string, accept?: (diagnostics: Diagnostic[]) => boolean, timeoutMs?: number): Promise<Diagnostic[]>;
    open(uri: string, text: string, languageId?: string): void;
    close(uri: string): void;
    stop(): Promise<void>;
}

export function bundleExists(): boolean {
    return existsSync(serverBundle);
}

/** Starts the server on `folder` (a workspace folder path, or none) and initializes it (with `initializationOptions`, if given). */
export async function startServer(folder?: string, initializationOptions?: unknown): Promise<ServerProcess> {
    const child = spawn(process.execPath, [serverBundle, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
    let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
    child.on('exit', (code, signal) => { exit = { code, signal }; });
    const connection = createMessageConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
    const diagnostics = new Map<string, Diagnostic[]>();
    const waiters: (() => void)[] = [];
    const messages: string[] = [];
    connection.onNotification('textDocument/publishDiagnostics', (params: { uri: string; diagnostics: Diagnostic[] }) => {
        diagnostics.set(params.uri, params.diagnostics);
        waiters.splice(0).forEach((wake) => wake());
    });
    connection.onNotification('window/logMessage', (params: { message: string }) => { messages.push(params.message); });
    connection.onNotification('window/showMessage', (params: { message: string }) => { messages.push(params.message); });
    connection.onRequest('client/registerCapability', () => null);
    connection.onRequest('workspace/configuration', (params: { items: unknown[] }) => params.items.map(() => null));
    // Edits the server asks for (a conversion) are accepted, not applied: the tests read the server's answers.
    connection.onRequest('workspace/applyEdit', () => ({ applied: true }));
    connection.listen();
    const folderUri = folder ? pathToFileURL(folder).toString() : undefined;
    const initializeResult = await connection.sendRequest<InitializeResult>('initialize', {
        processId: process.pid,
        rootUri: folderUri ?? null,
        capabilities: {},
        workspaceFolders: folderUri ? [{ uri: folderUri, name: 'workspace' }] : null,
        ...(initializationOptions === undefined ? {} : { initializationOptions })
    });
    await connection.sendNotification('initialized', {});
    const versions = new Map<string, number>();
    return {
        process: child,
        connection,
        initializeResult,
        diagnostics,
        messages,
        stderr: () => stderr,
        exited: () => exit,
        diagnosticsFor(uri, accept = () => true, timeoutMs = 20_000) {
            return new Promise((resolveDiagnostics, reject) => {
                const timer = setTimeout(() => reject(new Error(`no diagnostics for ${uri} within ${timeoutMs} ms; stderr: ${stderr}`)), timeoutMs);
                const check = () => {
                    const found = diagnostics.get(uri);
                    if (found && accept(found)) {
                        clearTimeout(timer);
                        resolveDiagnostics(found);
                    } else {
                        waiters.push(check);
                    }
                };
                check();
            });
        },
        open(uri, text, languageId = 'lcpn') {
            const version = (versions.get(uri) ?? 0) + 1;
            versions.set(uri, version);
            void connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version, text } });
        },
        close(uri) {
            void connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
        },
        async stop() {
            if (!exit) {
                try {
                    await Promise.race([connection.sendRequest('shutdown'), new Promise((r) => setTimeout(r, 2000))]);
                    void connection.sendNotification('exit');
                } catch { /* already gone */ }
                await new Promise((r) => setTimeout(r, 200));
                if (!exit) child.kill();
            }
            connection.dispose();
        }
    };
}
