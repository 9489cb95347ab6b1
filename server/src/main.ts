/**
 * The language server's entry point: the only module that knows about the LSP connection.
 * It wires a Node stdio/IPC connection to the LCPN services, starts Langium's server, and
 * registers the one custom request (`lcpn/pieceDiagram`, for the editor's diagram panel).
 */
import { startLanguageServer } from 'langium/lsp';
import { NodeFileSystem } from 'langium/node';
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node.js';
import { createLcpnServices } from './language/lcpn-module.js';
import { pieceDiagram, PIECE_DIAGRAM_REQUEST, type PieceDiagramParams } from './language/lsp/lcpn-diagram-request.js';

const connection = createConnection(ProposedFeatures.all);
const { shared } = createLcpnServices({ connection, ...NodeFileSystem });
startLanguageServer(shared);
connection.onRequest(PIECE_DIAGRAM_REQUEST, (params: PieceDiagramParams) => pieceDiagram(shared, params));
