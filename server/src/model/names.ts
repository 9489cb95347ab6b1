/**
 * Name normalization. LCPN names are case-insensitive, `-` and `_` are the same
 * character, and `$` escapes a name that is also a keyword (`$is`).
 * Invariant: every comparison of piece names, function names or keywords goes through here.
 */
export function normalizeName(text: string): string {
    // Most names are written normalized already: no new string for them.
    if (isNormalized(text)) return text;
    return (text.startsWith('$') ? text.slice(1) : text).toLowerCase().replace(/_/g, '-');
}

/** Lower-case ASCII letters, digits and '-' only: what `normalizeName` leaves as it is (a loop: every name read passes here). */
function isNormalized(text: string): boolean {
    for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (!((c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 45)) return false;
    }
    return true;
}

/** A keyword's name without its colons, normalized: `:Forward_Most` -> `forward-most`. */
export function normalizeKeyword(text: string): string {
    return normalizeName(text.charCodeAt(0) === 58 ? text.replace(/^:+/, '') : text);
}

/** True if a name contains a digit (the spec forbids them; Roman numerals are the way). */
export function hasDigit(text: string): boolean {
    return /[0-9]/.test(text);
}
