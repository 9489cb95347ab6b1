/** The shared (workspace-wide) services lcpn adds to Langium's; semantics/module.ts fills the group. */
import type { LangiumSharedServices } from 'langium/lsp';
import type { LcpnImports } from './imports.js';
import type { LcpnPrelude } from './prelude.js';

export interface LcpnSharedAddedServices {
    lcpn: {
        Prelude: LcpnPrelude;
        /** Which files each file imports (imports.ts). */
        Imports: LcpnImports;
    };
}

export type LcpnSharedServices = LangiumSharedServices & LcpnSharedAddedServices;
