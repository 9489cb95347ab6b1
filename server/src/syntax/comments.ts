/**
 * What a comment is, for the scanners that read LCPN text by hand (bracket balance, syntax
 * mistakes, quick fixes, checks): the grammar's SL_COMMENT (lcpn.langium) says the same to the
 * lexer. A comment starts with `;`, `#`, `//` or `--` (SQL's marker, which users type) in every
 * style and runs to the end of the line. A `-` run inside a name is the name's (`a--b`, Lisp's
 * hyphenated names), so a scanner skips words whole, as the lexer reads them.
 */

/** A name, keyword or property as the lexer reads it (NAME, QUALIFIER, PROPERTY): a `-` run inside one is part of it. */
const WORD = /[$:]*[A-Za-z_\u00C0-\uFFFF](?:[\w\u00C0-\uFFFF-]*[\w\u00C0-\uFFFF])?/y;
const WORD_START = /[$:A-Za-z_\u00C0-\uFFFF]/;

/** True if a comment starts at text[i], where no word or string holds i (see `skipLiteral`). */
export function commentStartsAt(text: string, i: number): boolean {
    const c = text[i];
    return c === ';' || c === '#' || ((c === '/' || c === '-') && text[i + 1] === c);
}

/** The end of the line holding `i` (its line break, or `to`). */
export function lineEndFrom(text: string, i: number, to = text.length): number {
    while (i < to && text[i] !== '\n' && text[i] !== '\r') i++;
    return i;
}

/**
 * Where the string, comment or word that starts at text[i] ends (the index after it: a string's
 * closing quote, a comment's line end, a word's last character), or `i` when none starts there.
 * A scanner that steps over these whole never takes a `--` inside a name for a comment.
 */
export function skipLiteral(text: string, i: number, to = text.length): number {
    const c = text[i];
    if (c === '"') {
        let j = i + 1;
        for (; j < to && text[j] !== '"'; j++) if (text[j] === '\\') j++;
        return Math.min(j + 1, to);
    }
    if (commentStartsAt(text, i)) return lineEndFrom(text, i, to);
    if (c !== undefined && WORD_START.test(c)) {
        WORD.lastIndex = i;
        const word = WORD.exec(text);
        if (word) return Math.min(i + word[0].length, to);
    }
    return i;
}
