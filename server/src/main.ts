/**
 * The language server's entry point: the only module that creates the LSP connection.
 * It wires a Node stdio/IPC connection to the LCPN services over the server's file system
 * (regular files within the size limit only) and starts the server (lsp/lcpn-language-server.ts).
 *
 * No exception ends the process: an editor does not restart a server that exited, so a crash
 * loses every feature until the user reloads. Errors that escape a handler are logged (to
 * the client's output) and the server goes on.
 */
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { LcpnFileSystem } from './workspace/file-system.js';
import { createLcpnServices } from './semantics/module.js';
import { startLcpnLanguageServer } from './lsp/language-server.js';

const connection = createConnection(ProposedFeatures.all);
process.on('unhandledRejection', (reason) => {
    console.error('LCPN: an operation failed; the server goes on.', reason instanceof Error ? reason.stack ?? reason.message : reason);
});
process.on('uncaughtException', (error) => {
    console.error('LCPN: an unexpected error; the server goes on.', error.stack ?? error.message);
});
const { shared } = createLcpnServices({ connection, ...LcpnFileSystem });
startLcpnLanguageServer(shared);
