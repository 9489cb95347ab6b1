/**
 * Problems found while reading or writing Betza and Parlett strings. They are data, located
 * by offset and length in the input string, so the CLI and the language server can both
 * point at the offending characters.
 */
export type Severity = 'error' | 'warning' | 'info';

export interface NotationProblem {
    message: string;
    /** 0-based offset of the first offending character in the input string. */
    offset: number;
    /** Number of offending characters (at least 1, except at the end of the input). */
    length: number;
    severity: Severity;
}

/** Where a part of a notation string is written: 0-based offset and length in the input. */
export interface NotationSpan {
    offset: number;
    length: number;
}

export function problem(message: string, offset: number, length = 1, severity: Severity = 'error'): NotationProblem {
    return { message, offset, length, severity };
}

export function hasErrors(problems: readonly NotationProblem[]): boolean {
    return problems.some((p) => p.severity === 'error');
}
