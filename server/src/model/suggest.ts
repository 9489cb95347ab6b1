/** "Did you mean" suggestions: the closest known names by edit distance. */
export function closestNames(name: string, known: Iterable<string>, max = 3): string[] {
    const limit = Math.max(1, Math.floor(name.length / 3));
    const scored: { candidate: string; distance: number }[] = [];
    for (const candidate of known) {
        if (Math.abs(candidate.length - name.length) > limit) continue;
        const distance = editDistance(name, candidate, limit);
        if (distance <= limit) scored.push({ candidate, distance });
    }
    return scored.sort((a, b) => a.distance - b.distance || a.candidate.localeCompare(b.candidate)).slice(0, max).map((s) => s.candidate);
}

/** Levenshtein distance, stopping early once every cell of a row exceeds `limit`. */
export function editDistance(a: string, b: string, limit = Infinity): number {
    let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
    for (let i = 1; i <= a.length; i++) {
        const current = [i];
        let rowMin = i;
        for (let j = 1; j <= b.length; j++) {
            const cost = a[i - 1] === b[j - 1] ? 0 : 1;
            current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
            rowMin = Math.min(rowMin, current[j]);
        }
        if (rowMin > limit) return rowMin;
        previous = current;
    }
    return previous[b.length];
}

/** "did you mean 'a' or 'b'?" or an empty string. */
export function didYouMean(suggestions: string[]): string {
    if (suggestions.length === 0) return '';
    const quoted = suggestions.map((s) => `'${s}'`);
    return `; did you mean ${quoted.length === 1 ? quoted[0] : quoted.slice(0, -1).join(', ') + ' or ' + quoted[quoted.length - 1]}?`;
}

/**
 * A suggested name written the way the user writes it there: `_` in C and SQL definitions, `-`
 * in Lisp ones (the spec's convention), and in capitals if the user typed capitals.
 */
export function spellAs(suggestion: string, typed: string, style: 'lisp' | 'c' | 'sql'): string {
    let result = style === 'lisp' ? suggestion.replace(/_/g, '-') : suggestion.replace(/-/g, '_');
    if (/[A-Z]/.test(typed) && typed === typed.toUpperCase()) result = result.toUpperCase();
    return result;
}
