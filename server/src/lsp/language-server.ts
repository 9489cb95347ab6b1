/**
 * Starts the language server on the shared services' connection: Langium's
 * `startLanguageServer`, step by step, with three differences.
 * - Handlers are registered through `guardConnection`: malformed params get InvalidParams.
 * - Diagnostics are published under the URI the client sent (see ClientUris); a file opened
 *   with syntax errors gets those as soon as it is parsed, the full list once it is validated.
 * - `lcpn/pieceDiagram`, `lcpn/positionDiagram` and `lcpn/playGames` are served like Langium's requests:
 *   checked params, after the document is linked, cancellable.
 */
import { DocumentState, isOperationCancelled, URI } from 'langium';
import {
    addCallHierarchyHandler, addCodeActionHandler, addCodeLensHandler, addCompletionHandler, addConfigurationChangeHandler,
    addDocumentHighlightHandler, addDocumentLinkHandler, addDocumentSymbolHandler, addDocumentUpdateHandler, addExecuteCommandHandler,
    addFileOperationHandler, addFindReferencesHandler, addFoldingRangeHandler, addFormattingHandler, addGoToDeclarationHandler,
    addGotoDefinitionHandler, addGoToImplementationHandler, addGoToTypeDefinitionHandler, addHoverHandler, addInlayHintHandler,
    addRenameHandler, addSemanticTokenHandler, addSignatureHelpHandler, addTypeHierarchyHandler, addWorkspaceSymbolHandler,
    type LangiumSharedServices
} from 'langium/lsp';
import { LSPErrorCodes, ResponseError, type CancellationToken, type Connection } from 'vscode-languageserver';
import { LcpnDocumentValidator } from '../semantics/document-validator.js';
import type { LcpnServices } from '../semantics/module.js';
import { serveFsfIni } from './fsf-ini.js';
import { checkedRequest, ClientUris, guardConnection } from './connection-guard.js';
import { answerPieceDiagram, PIECE_DIAGRAM_REQUEST, type PieceDiagramParams } from './diagram-request.js';
import { playGames, PLAY_GAMES_REQUEST, type PlayGamesParams } from './play-request.js';
import { positionDiagram, POSITION_DIAGRAM_REQUEST, type PositionDiagramParams } from './position-request.js';
import { PIECE_DIAGRAM_PARAMS, PLAY_GAMES_PARAMS, POSITION_DIAGRAM_PARAMS, type ParamsCheck } from './request-params.js';

export function startLcpnLanguageServer(shared: LangiumSharedServices): void {
    const connection = shared.lsp.Connection;
    if (!connection) throw new Error('the LCPN language server needs a connection');
    const clientUris = new ClientUris();
    // variants.ini documents never reach Langium's handlers (fsf-ini.ts).
    const guarded = serveFsfIni(guardConnection(connection, clientUris, (params) => untilKnown(shared, params)), (shared.ServiceRegistry.all[0] as LcpnServices).lcpn.FsfIni);

    addDocumentUpdateHandler(guarded, shared);
    addFileOperationHandler(guarded, shared);
    addDiagnosticsHandler(connection, shared, clientUris);
    addCompletionHandler(guarded, shared);
    addFindReferencesHandler(guarded, shared);
    addDocumentSymbolHandler(guarded, shared);
    addGotoDefinitionHandler(guarded, shared);
    addGoToTypeDefinitionHandler(guarded, shared);
    addGoToImplementationHandler(guarded, shared);
    addDocumentHighlightHandler(guarded, shared);
    addFoldingRangeHandler(guarded, shared);
    addFormattingHandler(guarded, shared);
    addCodeActionHandler(guarded, shared);
    addRenameHandler(guarded, shared);
    addHoverHandler(guarded, shared);
    addInlayHintHandler(guarded, shared);
    addSemanticTokenHandler(guarded, shared);
    addExecuteCommandHandler(guarded, shared);
    addSignatureHelpHandler(guarded, shared);
    addCallHierarchyHandler(guarded, shared);
    addTypeHierarchyHandler(guarded, shared);
    addCodeLensHandler(guarded, shared);
    addDocumentLinkHandler(guarded, shared);
    addConfigurationChangeHandler(guarded, shared);
    addGoToDeclarationHandler(guarded, shared);
    addWorkspaceSymbolHandler(guarded, shared);
    addDiagramHandlers(connection, shared);

    connection.onInitialize((params) => shared.lsp.LanguageServer.initialize(params));
    connection.onInitialized((params) => shared.lsp.LanguageServer.initialized(params));
    shared.workspace.TextDocuments.listen(guarded);
    connection.listen();
}

/**
 * A request about a document the client has just opened or edited can arrive before the
 * build of that text has started: Langium then answered "No document found" (ServerCancelled;
 * a hover right after opening a file showed nothing), or answered from the previous parse
 * measured against the new text. Such a request waits until the build of the editor's text
 * has begun (the builder has reset the document), then Langium's own wait for the state the
 * request needs (parsed for the outline, linked for a hover) applies: it no longer waits for
 * the whole build (the checks of a large file) when a keystroke arrives during an earlier
 * build. At the latest it goes on once the builds queued so far have run. A command whose
 * first argument is a document's URI (`lcpn.convertDocument`) waits the same way (its read
 * of the workspace then waits for the build): converting the previous parse sent the editor
 * edits outside its text.
 */
function untilKnown(shared: LangiumSharedServices, params: unknown): Promise<void> | undefined {
    const request = params as { textDocument?: { uri?: unknown }; command?: unknown; arguments?: unknown } | undefined;
    const uri = request?.textDocument?.uri ?? (typeof request?.command === 'string' && Array.isArray(request.arguments) ? request.arguments[0] : undefined);
    const text = typeof uri === 'string' ? shared.workspace.TextDocuments.get(uri) : undefined;
    if (!text) return undefined;
    const documentUri = URI.parse(text.uri);
    // Built from the editor's current text, or being built (not parsed yet: Langium waits for that itself).
    const known = (): boolean => {
        const document = shared.workspace.LangiumDocuments.getDocument(documentUri);
        return document !== undefined && (document.state < DocumentState.Parsed || document.parseResult.value.$cstNode?.root.fullText === text.getText());
    };
    if (known()) return undefined;
    return new Promise<void>((resolve) => {
        let waiting = true;
        const finish = () => {
            if (!waiting) return;
            waiting = false;
            // Not while the builder calls its update listeners (removing one then skips another).
            queueMicrotask(() => started.dispose());
            resolve();
        };
        const started = shared.workspace.DocumentBuilder.onUpdate(() => {
            if (known()) finish();
        });
        void new Promise<void>((next) => setImmediate(next))
            .then(() => shared.workspace.WorkspaceLock.read(() => undefined))
            .then(finish, finish);
    });
}

/** Langium's, with the client's URIs; a deleted document's URI is forgotten once its diagnostics are cleared. */
function addDiagnosticsHandler(connection: Connection, shared: LangiumSharedServices, clientUris: ClientUris): void {
    const builder = shared.workspace.DocumentBuilder;
    /** Documents whose full list was published (the early syntax list is for a first build only). */
    const validated = new Set<string>();
    builder.onUpdate(async (_changed, deleted) => {
        for (const uri of deleted) {
            const normalized = uri.toString();
            validated.delete(normalized);
            await connection.sendDiagnostics({ uri: clientUris.of(normalized), diagnostics: [] });
            clientUris.forget(normalized);
        }
    });
    // A file the editor opens with syntax errors gets them as soon as it is parsed (they come
    // from its parse and text alone; not after the other documents of the build are parsed, nor
    // after indexing); linking and the checks take seconds more on a large file. The full list
    // replaces them when it is validated. Only before a document's first full list: after an
    // edit, publishing the syntax errors alone would hide its other diagnostics until the build
    // ends (a flicker at each keystroke).
    builder.onDocumentPhase(DocumentState.Parsed, async (document) => {
        if (validated.has(document.uri.toString())) return;
        const uri = clientUris.of(document.uri.toString());
        if (!shared.workspace.TextDocuments.get(uri)) return;
        const validator = shared.ServiceRegistry.getServices(document.uri).validation.DocumentValidator;
        if (!(validator instanceof LcpnDocumentValidator)) return;
        const syntax = validator.syntaxDiagnostics(document);
        if (syntax.length > 0) await connection.sendDiagnostics({ uri, diagnostics: clientUris.toClient(syntax) });
    });
    builder.onDocumentPhase(DocumentState.Validated, async (document) => {
        validated.add(document.uri.toString());
        if (document.diagnostics) {
            await connection.sendDiagnostics({ uri: clientUris.of(document.uri.toString()), diagnostics: clientUris.toClient(document.diagnostics) });
        }
    });
}

function addDiagramHandlers(connection: Connection, shared: LangiumSharedServices): void {
    addDocumentRequest<PieceDiagramParams>(connection, shared, PIECE_DIAGRAM_REQUEST, PIECE_DIAGRAM_PARAMS, (params) => answerPieceDiagram(shared, params));
    addDocumentRequest<PositionDiagramParams>(connection, shared, POSITION_DIAGRAM_REQUEST, POSITION_DIAGRAM_PARAMS, (params) => positionDiagram(shared, params));
    addDocumentRequest<PlayGamesParams>(connection, shared, PLAY_GAMES_REQUEST, PLAY_GAMES_PARAMS, (params) => playGames(shared, params));
}

/**
 * A custom request about one document, served like Langium's: checked params, after the
 * workspace is ready and the document is linked; null for a document the server does not have.
 */
function addDocumentRequest<P extends { uri: string }>(connection: Connection, shared: LangiumSharedServices, method: string, paramsCheck: ParamsCheck, answer: (params: P) => unknown): void {
    connection.onRequest(method, checkedRequest(paramsCheck, async (params, token) => {
        const request = params as P;
        const uri = URI.parse(request.uri);
        try {
            await shared.workspace.WorkspaceManager.ready;
            if (!shared.workspace.LangiumDocuments.hasDocument(uri)) return null;
            await shared.workspace.DocumentBuilder.waitUntil(DocumentState.Linked, uri, token as CancellationToken);
        } catch (error) {
            if (isOperationCancelled(error)) return new ResponseError(LSPErrorCodes.RequestCancelled, 'The request has been cancelled.');
            if (error instanceof ResponseError) return error;
            throw error;
        }
        return answer(request);
    }));
}
