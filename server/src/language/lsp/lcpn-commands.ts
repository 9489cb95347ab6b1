/**
 * Server commands (workspace/executeCommand). `lcpn.convertDocument [uri, style]` converts a
 * whole file and applies the edit through the client, so the client needs no LCPN knowledge.
 */
import { AbstractExecuteCommandHandler, type ExecuteCommandAcceptor, type LangiumSharedServices } from 'langium/lsp';
import { URI } from 'langium';
import type { LcpnServices } from '../lcpn-module.js';
import { convertDocument, STYLES } from '../lcpn-convert.js';
import type { Style } from '../../model/piece.js';

export const CONVERT_DOCUMENT_COMMAND = 'lcpn.convertDocument';

export class LcpnCommandHandler extends AbstractExecuteCommandHandler {
    // The base constructor registers the commands; they read `shared` only when they run.
    constructor(private readonly shared: LangiumSharedServices) {
        super();
    }

    registerCommands(accept: ExecuteCommandAcceptor): void {
        accept(CONVERT_DOCUMENT_COMMAND, async (args) => {
            const [uri, style] = args as [unknown, unknown];
            if (typeof uri !== 'string' || !STYLES.includes(style as Style)) {
                throw new Error(`${CONVERT_DOCUMENT_COMMAND} expects [uri, 'lisp' | 'c' | 'sql']`);
            }
            const parsed = URI.parse(uri);
            const document = this.shared.workspace.LangiumDocuments.getDocument(parsed);
            if (!document) throw new Error(`${uri} is not an open LCPN document`);
            const services = this.shared.ServiceRegistry.getServices(parsed) as LcpnServices;
            const { edits, skipped } = convertDocument(services.lcpn.PieceModels, document, style as Style);
            const connection = this.shared.lsp.Connection;
            const applied = edits.length === 0 || !connection ? { applied: edits.length === 0 }
                : await connection.workspace.applyEdit({ label: `Convert to ${style} style`, edit: { changes: { [uri]: edits } } });
            return { applied: applied.applied, converted: edits.length, skipped };
        });
    }
}
