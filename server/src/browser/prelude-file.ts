/**
 * The browser's prelude-file.ts (esbuild substitutes it in the web worker bundle): a
 * browser has no cache directory to hold a read-only copy, so the prelude is the client's
 * URI if it names one (the VS Code web extension serves it read-only), else the virtual
 * `lcpn-prelude:/standard.lcpn` (the playground asks the server for nothing else).
 */
import type { InitializeParams } from 'vscode-languageserver';
import { preludeText, usePreludeUri } from '../semantics/prelude.js';

export const VIRTUAL_PRELUDE_URI = 'lcpn-prelude:/standard.lcpn';

export function preludeFileText(): string {
    return preludeText;
}

export function readOnlyPreludeFile(): string | undefined {
    return undefined;
}

export function choosePreludeUri(params: InitializeParams): void {
    const clientUri = (params.initializationOptions as { preludeUri?: unknown } | null | undefined)?.preludeUri;
    usePreludeUri(typeof clientUri === 'string' ? clientUri : VIRTUAL_PRELUDE_URI);
}
