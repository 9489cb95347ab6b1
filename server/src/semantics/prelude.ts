/**
 * The prelude: standard pieces (wazir, ferz, knight, rook, king, ...) written in LCPN and
 * shipped inside the server, so that spec examples using `ferz` or `king` resolve.
 * It is loaded as one more workspace document. When the server runs from its bundle, the
 * prelude also exists as a file next to it (copied by esbuild.mjs) and its URI is that
 * file's, so editors can open it on go-to-definition; VS Code names it with a read-only URI of
 * its own instead (see usePreludeUri).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { URI, type LangiumDocument, type LangiumSharedCoreServices } from 'langium';
import preludeText from '../../prelude/standard.lcpn?raw';

export const PRELUDE_FILE_NAME = 'standard.lcpn';
const VIRTUAL_PRELUDE_URI = 'lcpn-prelude:/standard.lcpn';

export { preludeText };

let uri: string | undefined;

/**
 * A client that can show a read-only document for a URI of its own (VS Code, through a content
 * provider) names it in `initializationOptions.preludeUri`; it is used instead of the file.
 */
export function usePreludeUri(clientUri: string): void {
    uri = clientUri;
}

/** The prelude's URI: the client's choice, else the shipped file when there is one, else a virtual URI. */
export function preludeUri(): string {
    if (uri === undefined) {
        const candidates = ['./prelude/standard.lcpn', '../../prelude/standard.lcpn'].map((p) => new URL(p, import.meta.url));
        const file = candidates.find((c) => c.protocol === 'file:' && existsSync(fileURLToPath(c)));
        uri = file ? URI.file(fileURLToPath(file)).toString() : VIRTUAL_PRELUDE_URI;
    }
    return uri;
}

export function isPreludeUri(candidate: string): boolean {
    return candidate === preludeUri() || candidate.startsWith('lcpn-prelude:');
}

/** Adds the prelude document to the workspace unless it is there already; returns it. */
export function ensurePrelude(shared: LangiumSharedCoreServices): LangiumDocument {
    const documents = shared.workspace.LangiumDocuments;
    const parsed = URI.parse(preludeUri());
    if (documents.hasDocument(parsed)) return documents.getDocument(parsed)!;
    const document = shared.workspace.LangiumDocumentFactory.fromString(preludeText, parsed);
    documents.addDocument(document);
    return document;
}
