/**
 * The bench's peer (issue 22): stock Langium with lcpn's generated grammar and nothing of lcpn,
 * as a language server over stdio (`node dist/bench-peer-server.cjs --stdio`). Langium's
 * default modules, `LcpnGeneratedSharedModule`/`LcpnGeneratedModule` (the grammar, its AST
 * reflection and metadata, development mode as generated), the Node file system, and
 * `startLanguageServer`. It has no prelude (standard pieces do not resolve), no semantic
 * tokens, formatter or code actions. node-compat gives Node 20 the `Object.groupBy` that
 * Chevrotain's grammar checks call (a polyfill, not a service).
 */
import '../server/src/workspace/node-compat.js';
import { inject } from 'langium';
import { createDefaultModule, createDefaultSharedModule, startLanguageServer } from 'langium/lsp';
import { NodeFileSystem } from 'langium/node';
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { LcpnGeneratedModule, LcpnGeneratedSharedModule } from '../server/src/syntax/generated/module.js';

const connection = createConnection(ProposedFeatures.all);
const shared = inject(createDefaultSharedModule({ connection, ...NodeFileSystem }), LcpnGeneratedSharedModule);
const lcpn = inject(createDefaultModule({ shared }), LcpnGeneratedModule);
shared.ServiceRegistry.register(lcpn);
startLanguageServer(shared);
