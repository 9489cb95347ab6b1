/**
 * The CLI's view of files: the same Langium services and document pipeline as the
 * language server (so `lcpn check` and the editor report the same diagnostics), over
 * the real file system, with the prelude loaded.
 */
import { readdirSync, statSync } from 'node:fs';
import { resolve, join, relative } from 'node:path';
import { URI, type LangiumDocument } from 'langium';
import { NodeFileSystem } from 'langium/node';
import type { Diagnostic } from 'vscode-languageserver-types';
import type { Document } from '../language/generated/ast.js';
import { createLcpnServices, type LcpnServices } from '../language/lcpn-module.js';
import { ensurePrelude } from '../language/lcpn-prelude.js';

export interface LoadedWorkspace {
    services: LcpnServices;
    documents: LangiumDocument<Document>[];
}

/** Expands directories to the `.lcpn` files below them, sorted, and checks every path exists. */
export function collectFiles(paths: string[]): string[] {
    const files: string[] = [];
    const walk = (path: string) => {
        const stat = statSync(path, { throwIfNoEntry: false });
        if (!stat) throw new CliError(`${path}: no such file or directory`);
        if (stat.isDirectory()) {
            for (const entry of readdirSync(path).sort()) {
                if (entry.startsWith('.') || entry === 'node_modules') continue;
                const child = join(path, entry);
                if (statSync(child).isDirectory() || entry.endsWith('.lcpn')) walk(child);
            }
        } else {
            files.push(resolve(path));
        }
    };
    paths.forEach(walk);
    return files;
}

/** Loads and validates the given files (directories expand to their `.lcpn` files) together with the prelude. */
export async function loadWorkspace(files: string[]): Promise<LoadedWorkspace> {
    const { shared, Lcpn } = createLcpnServices(NodeFileSystem);
    const prelude = ensurePrelude(shared);
    const documents: LangiumDocument<Document>[] = [];
    for (const file of collectFiles(files)) {
        const document = await shared.workspace.LangiumDocuments.getOrCreateDocument(URI.file(file));
        documents.push(document as LangiumDocument<Document>);
    }
    await shared.workspace.DocumentBuilder.build([prelude, ...documents], { validation: true });
    return { services: Lcpn, documents };
}

/** Loads one text given on the command line (or read from stdin) as an in-memory document. */
export async function loadText(text: string, name = 'input.lcpn'): Promise<LoadedWorkspace> {
    const { shared, Lcpn } = createLcpnServices(NodeFileSystem);
    const prelude = ensurePrelude(shared);
    const document = shared.workspace.LangiumDocumentFactory.fromString<Document>(text, URI.file(resolve(name)));
    shared.workspace.LangiumDocuments.addDocument(document);
    await shared.workspace.DocumentBuilder.build([prelude, document], { validation: true });
    return { services: Lcpn, documents: [document] };
}

const SEVERITY = ['', 'error', 'warning', 'info', 'hint'];

/** `file:line:col: severity: message`, the format compilers use and editors can jump to. */
export function formatDiagnostic(document: LangiumDocument, diagnostic: Diagnostic): string {
    const path = relative(process.cwd(), document.uri.fsPath) || document.uri.fsPath;
    const { line, character } = diagnostic.range.start;
    return `${path}:${line + 1}:${character + 1}: ${SEVERITY[diagnostic.severity ?? 1]}: ${diagnostic.message}`;
}

/** An error the CLI reports as a message (exit code 2), never as a stack trace. */
export class CliError extends Error { }
