/**
 * A diagnostic of a `variants.ini` file: located (0-based line and character, as LSP counts them,
 * and the offset in the text), with a stable code (codes.ts) and a message in plain words that
 * says what Fairy-Stockfish does with the text.
 */
export interface Span {
    line: number;
    character: number;
    offset: number;
    length: number;
}

export type FsfSeverity = 'error' | 'warning' | 'info';

export interface FsfDiagnostic {
    code: string;
    severity: FsfSeverity;
    message: string;
    span: Span;
}

export function diagnostic(code: string, severity: FsfSeverity, span: Span, message: string): FsfDiagnostic {
    return { code, severity, message, span };
}

/** A span inside another one (`offset` characters in, `length` long): a letter of a value. */
export function within(span: Span, offset: number, length: number): Span {
    return { line: span.line, character: span.character + offset, offset: span.offset + offset, length };
}

/** `line:column` (1-based), as the CLI prints a location. */
export function where(span: Span): string {
    return `${span.line + 1}:${span.character + 1}`;
}
