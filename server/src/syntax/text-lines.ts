/**
 * Line starts and sorted-offset search, shared by every module that maps offsets to lines.
 * Lines end at `\n`, `\r\n` or `\r`, as LSP counts them.
 */

/** Offsets where lines start (`\n`, `\r\n` or `\r` end a line, as LSP counts them). */
export function lineStarts(text: string): number[] {
    const starts = [0];
    for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c === 10) starts.push(i + 1);
        else if (c === 13) {
            if (text.charCodeAt(i + 1) === 10) i++;
            starts.push(i + 1);
        }
    }
    return starts;
}

/** The file's line break: its first one, `\n` if it has none (what edits write between lines). */
export function lineEnding(text: string): string {
    const at = text.search(/\r\n?|\n/);
    return at < 0 ? '\n' : text[at] === '\n' ? '\n' : text[at + 1] === '\n' ? '\r\n' : '\r';
}

/** The index of the last element <= value in a sorted array, or -1. */
export function lastAtOrBefore(sorted: ArrayLike<number>, value: number): number {
    let lo = 0;
    let hi = sorted.length - 1;
    let found = -1;
    while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        if (sorted[mid] <= value) {
            found = mid;
            lo = mid + 1;
        } else {
            hi = mid - 1;
        }
    }
    return found;
}
