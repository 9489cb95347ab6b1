/**
 * Name normalization. LCPN names are case-insensitive, `-` and `_` are the same
 * character, and `$` escapes a name that is also a keyword (`$is`).
 * Invariant: every comparison of piece names, function names or keywords goes through here.
 */
export function normalizeName(text: string): string {
    return (text.startsWith('$') ? text.slice(1) : text).toLowerCase().replace(/_/g, '-');
}

/** A keyword's name without its colons, normalized: `:Forward_Most` -> `forward-most`. */
export function normalizeKeyword(text: string): string {
    return normalizeName(text.replace(/^:+/, ''));
}

/** True if a name contains a digit (the spec forbids them; Roman numerals are the way). */
export function hasDigit(text: string): boolean {
    return /[0-9]/.test(text);
}
