/** The shared (workspace-wide) services lcpn adds to Langium's; semantics/module.ts fills the group. */
import type { LangiumDocument } from 'langium';
import type { LangiumSharedServices } from 'langium/lsp';
import type { Diagnostic } from 'vscode-languageserver-types';
import type { LcpnImports } from './imports.js';
import type { LcpnPrelude } from './prelude.js';

export interface LcpnSharedAddedServices {
    lcpn: {
        Prelude: LcpnPrelude;
        /** Which files each file imports (imports.ts). */
        Imports: LcpnImports;
        /** What a validation's result says once the files a file imports are looked at (the builder applies it). */
        AcrossImports: LcpnDiagnosticsAcrossImports;
    };
}

/**
 * Diagnostics that depend on the texts of the files a file imports, which the checks (one file
 * each) cannot know: semantics/broken-elsewhere.ts fills it, document-builder.ts applies it to
 * each validation's result.
 */
export interface LcpnDiagnosticsAcrossImports {
    /** `diagnostics` (a validation's result for `document`) as they read with its imports known; the same array when nothing changes. */
    amend(document: LangiumDocument, diagnostics: Diagnostic[]): Diagnostic[];
}

export type LcpnSharedServices = LangiumSharedServices & LcpnSharedAddedServices;
