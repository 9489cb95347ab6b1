/** Bracket balance of LCPN text, skipping strings and comments (for messages and quick fixes about unclosed brackets). */

export interface OpenBracket {
    char: string;
    /** Offset in the scanned text. */
    offset: number;
    closer: string;
}

const PAIRS: Record<string, string> = { '(': ')', '[': ']', '{': '}' };

/**
 * The brackets still open at the end of `text` (or of text[from, to)), outermost first. A comment
 * ends at `\n` or `\r`, as the grammar's SL_COMMENT does.
 */
export function openBrackets(text: string, from = 0, to = text.length): OpenBracket[] {
    const stack: OpenBracket[] = [];
    for (let i = from; i < to; i++) {
        const c = text[i];
        if (c === '"') {
            for (i++; i < to && text[i] !== '"'; i++) if (text[i] === '\\') i++;
        } else if (c === ';' || c === '#' || (c === '/' && text[i + 1] === '/')) {
            while (i < to && text[i] !== '\n' && text[i] !== '\r') i++;
        } else if (PAIRS[c]) {
            stack.push({ char: c, offset: i, closer: PAIRS[c] });
        } else if (c === ')' || c === ']' || c === '}') {
            stack.pop();
        }
    }
    return stack;
}

/** The closing brackets a text needs, innermost first. */
export function unclosedBrackets(text: string): string[] {
    return openBrackets(text).map((b) => b.closer).reverse();
}
