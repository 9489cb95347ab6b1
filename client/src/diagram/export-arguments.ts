/**
 * The argument of `lcpn.exportDiagram`, checked: a hover's command link is text that anyone
 * could write into a document, so nothing from it is used before it has the expected shape.
 */
import type { ExportDiagramArguments } from '../../../server/src/lsp/protocol.js';

/** The command's argument, if it is well-formed; undefined sends the command to the cursor instead. */
export function exportArguments(raw: unknown): (ExportDiagramArguments & { format: 'svg' | 'png' }) | undefined {
    const value = Array.isArray(raw) ? raw[0] : raw;
    if (typeof value !== 'object' || value === null) return undefined;
    const { uri, position, format } = value as Record<string, unknown>;
    const pos = position as Record<string, unknown> | null | undefined;
    if (typeof uri !== 'string' || typeof pos !== 'object' || pos === null) return undefined;
    if (!Number.isInteger(pos.line) || !Number.isInteger(pos.character) || (pos.line as number) < 0 || (pos.character as number) < 0) return undefined;
    if (format !== undefined && format !== 'svg' && format !== 'png') return undefined;
    return { uri, position: { line: pos.line as number, character: pos.character as number }, format: format ?? 'svg' };
}
