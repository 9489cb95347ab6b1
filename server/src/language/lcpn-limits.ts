/**
 * Limits shared by the language server and the `lcpn` CLI, so both refuse the same inputs.
 */

/**
 * The largest `.lcpn` file that is read (bytes). The biggest realistic file, a variant
 * collection of thousands of pieces, is a few hundred KB; a 1 MB file already takes seconds
 * to build. Larger files (a stray log, a 600 MB dump renamed .lcpn) are skipped with a
 * message instead of exhausting memory or Node's string limit.
 */
export const MAX_LCPN_FILE_BYTES = 16 * 1024 * 1024;

/** `bytes` in words for a message: "16 MB", "600 MB", "2.1 KB". */
export function describeSize(bytes: number): string {
    if (bytes >= 1024 * 1024) return `${formatNumber(bytes / (1024 * 1024))} MB`;
    if (bytes >= 1024) return `${formatNumber(bytes / 1024)} KB`;
    return `${bytes} bytes`;
}

function formatNumber(n: number): string {
    return n >= 10 ? String(Math.round(n)) : String(Math.round(n * 10) / 10);
}
