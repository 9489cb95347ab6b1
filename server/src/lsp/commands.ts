/**
 * Server commands (workspace/executeCommand). `lcpn.convertDocument [uri, style]` converts a
 * whole file and applies the edit through the client, so the client needs no LCPN knowledge.
 * The user is told what happened with a `window/showMessage` notification: how many definitions
 * were converted, and which were left as written because they have errors; except where the
 * client shows the result itself (`initializationOptions.showsConversionResult`: the VS Code
 * extension, whose notifications cut a long message off). The result carries the same facts.
 */
import { AbstractExecuteCommandHandler, type ExecuteCommandAcceptor, type LangiumSharedServices } from 'langium/lsp';
import { DocumentState, URI } from 'langium';
import { ErrorCodes, MessageType, ResponseError, ShowMessageNotification } from 'vscode-languageserver';
import type { LcpnServices } from '../semantics/module.js';
import { conversionSummary, STYLE_NAMES, STYLES } from '../semantics/convert.js';
import type { Style } from '../model/piece.js';
import { CONVERT_DOCUMENT_COMMAND, type ConvertDocumentResult } from './protocol.js';

export class LcpnCommandHandler extends AbstractExecuteCommandHandler {
    // The base constructor registers the commands; they read `shared` only when they run.
    constructor(private readonly shared: LangiumSharedServices) {
        super();
    }

    registerCommands(accept: ExecuteCommandAcceptor): void {
        accept(CONVERT_DOCUMENT_COMMAND, async (args, cancelToken) => {
            const [uri, style] = (Array.isArray(args) ? args : []) as [unknown, unknown];
            if (typeof uri !== 'string' || !STYLES.includes(style as Style)) {
                throw new ResponseError(ErrorCodes.InvalidParams, `${CONVERT_DOCUMENT_COMMAND} expects [uri, 'lisp' | 'c' | 'sql']`);
            }
            const parsed = URI.parse(uri);
            const documents = this.shared.workspace.LangiumDocuments;
            // Bad arguments are the client's mistake: InvalidParams, not an internal error.
            if (!documents.hasDocument(parsed)) throw new ResponseError(ErrorCodes.InvalidParams, `${uri} is not an open LCPN document`);
            // Convert what the user sees: the current text, parsed and validated (errors decide what is left as written).
            await this.shared.workspace.DocumentBuilder.waitUntil(DocumentState.Validated, parsed, cancelToken);
            const document = documents.getDocument(parsed);
            if (!document) throw new ResponseError(ErrorCodes.InvalidParams, `${uri} is not an open LCPN document`);
            const services = this.shared.ServiceRegistry.getServices(parsed) as LcpnServices;
            const conversion = services.lcpn.Conversion.convertDocument(document, style as Style);
            const connection = this.shared.lsp.Connection;
            const { edits } = conversion;
            const applied = edits.length === 0 || !connection ? { applied: edits.length === 0 }
                : await connection.workspace.applyEdit({ label: `Convert to ${STYLE_NAMES[style as Style]} style`, edit: { changes: { [uri]: edits } } });
            // Without a connection (tests, embedding) nothing is applied, but the summary says what would be.
            const refused = !applied.applied && !!connection;
            const message = refused ? `The conversion to ${STYLE_NAMES[style as Style]} style was not applied (the editor refused the edit).` : conversionSummary(conversion, style as Style);
            // A notification, not window/showMessageRequest (which waits for a choice: Neovim prompts for one).
            const type = conversion.leftAsWritten.length > 0 || refused ? MessageType.Warning : MessageType.Info;
            if (connection && !services.lcpn.Client.showsConversionResult) void connection.sendNotification(ShowMessageNotification.type, { type, message });
            const result: ConvertDocumentResult = {
                applied: applied.applied,
                converted: conversion.converted,
                leftAsWritten: conversion.leftAsWritten.map((l) => ({ name: l.name, line: l.range.start.line + 1, reason: l.reason })),
                skipped: conversion.skipped,
                message
            };
            return result;
        });
    }
}
