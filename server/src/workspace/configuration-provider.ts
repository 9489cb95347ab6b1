/**
 * Langium's configuration provider, minus one thing: at `initialized` Langium registers for
 * `workspace/didChangeConfiguration` (`client/registerCapability`) whenever the client answers
 * `workspace/configuration`, even when the client did not say it accepts that registration
 * (`workspace.didChangeConfiguration.dynamicRegistration`), which LSP requires. Eglot (Emacs)
 * does not, and warns "Server tried to register unsupported capability" at every start.
 * Such a client still sends the notification unasked (eglot and Neovim do), and the server
 * handles it whether registered or not.
 */
import { DefaultConfigurationProvider, type ConfigurationInitializedParams } from 'langium';
import type { InitializeParams } from 'vscode-languageserver';

export class LcpnConfigurationProvider extends DefaultConfigurationProvider {
    private mayRegister = false;

    override initialize(params: InitializeParams): void {
        super.initialize(params);
        this.mayRegister = params.capabilities.workspace?.didChangeConfiguration?.dynamicRegistration === true;
    }

    override initialized(params: ConfigurationInitializedParams): Promise<void> {
        return super.initialized(this.mayRegister ? params : { ...params, register: undefined });
    }
}
