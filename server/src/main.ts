/**
 * The language server's entry point: the only module that knows about the LSP connection.
 * It wires a Node stdio/IPC connection to the LCPN services and starts Langium's server.
 */
import { startLanguageServer } from 'langium/lsp';
import { NodeFileSystem } from 'langium/node';
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node.js';
import { createLcpnServices } from './language/lcpn-module.js';

const connection = createConnection(ProposedFeatures.all);
const { shared } = createLcpnServices({ connection, ...NodeFileSystem });
startLanguageServer(shared);
