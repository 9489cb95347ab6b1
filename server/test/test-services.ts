/** Test services: the real LCPN services over an in-memory file system, with the prelude built. */
import { EmptyFileSystem } from 'langium';
import { createLcpnServices } from '../src/semantics/module.js';

export async function createTestServices() {
    const services = createLcpnServices(EmptyFileSystem);
    const prelude = services.shared.lcpn.Prelude.document();
    await services.shared.workspace.DocumentBuilder.build([prelude]);
    return services;
}
