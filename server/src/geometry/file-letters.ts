/**
 * Board file names as letters: a..z, then aa, ab, ... (bijective base-N over an alphabet). One
 * home for the square board's 26 letters and the hexagon's 25 (no j), so both go on past z alike.
 */

/** The name of file `index` (0-based) over `alphabet`. */
export function lettersOf(index: number, alphabet: string): string {
    const base = alphabet.length;
    let name = '';
    let n = index;
    do {
        name = alphabet[n % base] + name;
        n = Math.floor(n / base) - 1;
    } while (n >= 0);
    return name;
}

/** The file index of `letters` over `alphabet` (`lettersOf`'s inverse); undefined for empty text or a letter not in the alphabet. */
export function indexOfLetters(letters: string, alphabet: string): number | undefined {
    let index = 0;
    for (const letter of letters) {
        const digit = alphabet.indexOf(letter);
        if (digit < 0) return undefined;
        index = index * alphabet.length + digit + 1;
    }
    return letters.length > 0 ? index - 1 : undefined;
}
