/**
 * The browser's prelude-file.ts (esbuild substitutes it in the web worker bundle): a
 * browser has no cache directory to hold a read-only copy, so the prelude is the client's
 * URI if it names one (the VS Code web extension serves it read-only), else the virtual
 * `lcpn-prelude:/standard.lcpn` (the playground asks the server for nothing else).
 */
import type { InitializeParams } from 'vscode-languageserver';
import { VIRTUAL_PRELUDE_URI } from '../lsp/protocol.js';

export function choosePreludeUri(params: InitializeParams): string | undefined {
    const clientUri = (params.initializationOptions as { preludeUri?: unknown } | null | undefined)?.preludeUri;
    return typeof clientUri === 'string' ? clientUri : VIRTUAL_PRELUDE_URI;
}
