/** Test services: the real LCPN services over an in-memory file system, with the prelude built. */
import { EmptyFileSystem } from 'langium';
import { createLcpnServices } from '../src/language/lcpn-module.js';
import { ensurePrelude } from '../src/language/lcpn-prelude.js';

export async function createTestServices() {
    const services = createLcpnServices(EmptyFileSystem);
    const prelude = ensurePrelude(services.shared);
    await services.shared.workspace.DocumentBuilder.build([prelude]);
    return services;
}
