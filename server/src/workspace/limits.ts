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

/**
 * A size and the limit it exceeds, in words for a message. Just over the limit, rounded sizes
 * look equal ("16 MB; the limit is 16 MB"), so then both are said in bytes.
 */
export function describeOverLimit(size: number, limit = MAX_LCPN_FILE_BYTES): { size: string; limit: string } {
    if (describeSize(size) !== describeSize(limit)) return { size: describeSize(size), limit: describeSize(limit) };
    const bytes = (n: number) => `${n.toLocaleString('en-US')} bytes`;
    return { size: bytes(size), limit: bytes(limit) };
}

function formatNumber(n: number): string {
    return n >= 10 ? String(Math.round(n)) : String(Math.round(n * 10) / 10);
}
