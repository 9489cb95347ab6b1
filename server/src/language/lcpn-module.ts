import { EmptyFileSystem, inject, type Module } from 'langium';
import {
    createDefaultModule, createDefaultSharedModule,
    type DefaultSharedModuleContext, type LangiumServices, type LangiumSharedServices, type PartialLangiumServices
} from 'langium/lsp';
import { LcpnGeneratedModule, LcpnGeneratedSharedModule } from './generated/module.js';

/** Services added by LCPN on top of Langium's. */
export type LcpnAddedServices = Record<string, never>;

export type LcpnServices = LangiumServices & LcpnAddedServices;

/** All LCPN overrides of Langium's default services; one line each, logic lives in the named files. */
export const LcpnModule: Module<LcpnServices, PartialLangiumServices & LcpnAddedServices> = {
};

export function createLcpnServices(context: DefaultSharedModuleContext = EmptyFileSystem): {
    shared: LangiumSharedServices;
    Lcpn: LcpnServices;
} {
    const shared = inject(createDefaultSharedModule(context), LcpnGeneratedSharedModule);
    const Lcpn = inject(createDefaultModule({ shared }), LcpnGeneratedModule, LcpnModule);
    shared.ServiceRegistry.register(Lcpn);
    return { shared, Lcpn };
}
