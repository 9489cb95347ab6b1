/**
 * The server registers for `workspace/didChangeConfiguration` only with a client that accepts
 * that registration (LSP: `workspace.didChangeConfiguration.dynamicRegistration`). Eglot (Emacs)
 * does not, and warned "Server tried to register unsupported capability" at every start
 * (issue 25); VS Code does, and keeps its registration. Both still get their settings read.
 */
import { EmptyFileSystem } from 'langium';
import type { InitializeParams } from 'vscode-languageserver';
import { describe, expect, test } from 'vitest';
import { createLcpnServices } from '../../src/semantics/module.js';

async function start(workspace: InitializeParams['capabilities']['workspace']) {
    const provider = createLcpnServices(EmptyFileSystem).shared.workspace.ConfigurationProvider;
    provider.initialize({ processId: null, rootUri: null, capabilities: { workspace } });
    const registered: unknown[] = [];
    const asked: unknown[] = [];
    await provider.initialized({
        register: (options) => { registered.push(options); },
        fetchConfiguration: async (items) => { asked.push(...items); return items.map(() => ({ diagram: { board: 'hex6' } })); }
    });
    return { registered, asked, board: await provider.getConfiguration('lcpn', 'diagram') };
}

describe('registration for workspace/didChangeConfiguration', () => {
    test("eglot's capabilities (configuration, no dynamic registration): no registration, the settings still read", async () => {
        const eglot = await start({ configuration: true, didChangeWatchedFiles: { dynamicRegistration: true } });
        expect(eglot.registered).toEqual([]);
        expect(eglot.asked).toEqual([{ section: 'lcpn' }]);
        expect(eglot.board).toEqual({ board: 'hex6' });
    });

    test("VS Code's capabilities (dynamic registration accepted): registered for the lcpn section", async () => {
        const code = await start({ configuration: true, didChangeConfiguration: { dynamicRegistration: true } });
        expect(code.registered).toEqual([{ section: ['lcpn'] }]);
        expect(code.asked).toEqual([{ section: 'lcpn' }]);
    });
});
