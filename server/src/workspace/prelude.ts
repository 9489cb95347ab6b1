/**
 * The prelude: standard pieces (wazir, ferz, knight, rook, king, ...) written in LCPN and
 * shipped inside the server, so that spec examples using `ferz` or `king` resolve. It is one
 * more workspace document, under a URI chosen once, at `initialize`: the client's (VS Code
 * serves it read-only under a scheme of its own), else a read-only copy in the user's cache
 * (prelude-file.ts, for editors that open a go-to-definition target as a file), else the file
 * shipped next to the server bundle, else a virtual URI.
 *
 * A service of the shared container (`shared.lcpn.Prelude`, semantics/module.ts): the URI is
 * the workspace's, and every server has its own.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { URI, type LangiumDocument, type LangiumSharedCoreServices } from 'langium';
import type { InitializeParams } from 'vscode-languageserver';
import preludeText from '../../prelude/standard.lcpn?raw';
import { PRELUDE_SCHEME, VIRTUAL_PRELUDE_URI } from '../lsp/protocol.js';
import { choosePreludeUri } from './prelude-file.js';

export { preludeText };

export class LcpnPrelude {
    /** The prelude's text (the server's own copy: the client's URI may be one no file system serves). */
    readonly text = preludeText;
    private chosen: string | undefined;

    constructor(private readonly shared: LangiumSharedCoreServices) { }

    /** At `initialize`: the URI the client names, else a read-only copy (prelude-file.ts); else the default stays. */
    initialize(params: InitializeParams): void {
        const uri = choosePreludeUri(params, preludeText);
        if (uri !== undefined) this.chosen = uri;
    }

    /** The prelude's URI: the one chosen at `initialize`, else the shipped file when there is one, else a virtual URI. */
    get uri(): string {
        return this.chosen ??= shippedPreludeUri();
    }

    isPrelude(uri: string | URI): boolean {
        const text = uri.toString();
        return text === this.uri || text.startsWith(`${PRELUDE_SCHEME}:`);
    }

    /** The prelude's document, added to the workspace unless it is there already. */
    document(): LangiumDocument {
        const documents = this.shared.workspace.LangiumDocuments;
        const parsed = URI.parse(this.uri);
        if (documents.hasDocument(parsed)) return documents.getDocument(parsed)!;
        const document = this.shared.workspace.LangiumDocumentFactory.fromString(preludeText, parsed);
        documents.addDocument(document);
        return document;
    }
}

/** The prelude file next to the server (the bundle's copy, or the source tree's), else the virtual URI. */
function shippedPreludeUri(): string {
    const candidates = ['./prelude/standard.lcpn', '../../prelude/standard.lcpn'].map((p) => new URL(p, import.meta.url));
    const file = candidates.find((c) => c.protocol === 'file:' && existsSync(fileURLToPath(c)));
    return file ? URI.file(fileURLToPath(file)).toString() : VIRTUAL_PRELUDE_URI;
}
