/**
 * What the extension tells the user after `lcpn.convertDocument` converted a file: a message
 * short enough for a VS Code notification to show whole (a long one was cut off), and the
 * details (each definition left as written, with its line and why) for the output channel,
 * shown when the user asks.
 */
import type { ConvertDocumentResult, SurfaceStyle } from '../../server/src/lsp/protocol.js';

const STYLE_NAMES: Record<SurfaceStyle, string> = { lisp: 'Lisp', c: 'C', sql: 'SQL' };

export interface ConversionReport {
    severity: 'info' | 'warning';
    message: string;
    /** Lines for the output channel; none when the message says everything. */
    details: string[];
}

export function conversionReport(result: ConvertDocumentResult, file: string, style: SurfaceStyle): ConversionReport {
    const left = result.leftAsWritten;
    // Refused by the editor, or nothing left as written: the server's sentence is short.
    if (!result.applied || left.length === 0) return { severity: result.applied ? 'info' : 'warning', message: result.message, details: [] };
    const converted = `Converted ${result.converted} definition${result.converted === 1 ? '' : 's'} of ${file} to ${STYLE_NAMES[style]} style`;
    return {
        severity: 'warning',
        message: `${converted}; ${left.length} left as written because ${left.length === 1 ? 'it has' : 'they have'} errors.`,
        details: [
            `${converted}.`,
            `Left as written because ${left.length === 1 ? 'it has' : 'they have'} errors:`,
            ...left.map((l) => `  line ${l.line}: ${l.name ? `'${l.name}'` : 'a definition without a name'}: ${l.reason}`)
        ]
    };
}
