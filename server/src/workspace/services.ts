/** The shared (workspace-wide) services lcpn adds to Langium's; semantics/module.ts fills the group. */
import type { LangiumSharedServices } from 'langium/lsp';
import type { LcpnPrelude } from './prelude.js';

export interface LcpnSharedAddedServices {
    lcpn: {
        Prelude: LcpnPrelude;
    };
}

export type LcpnSharedServices = LangiumSharedServices & LcpnSharedAddedServices;
