/** Bracket balance of LCPN text, skipping strings and comments (for messages and quick fixes about unclosed brackets). */

export interface OpenBracket {
    char: string;
    /** Offset in the scanned text. */
    offset: number;
    closer: string;
}

const PAIRS: Record<string, string> = { '(': ')', '[': ']', '{': '}' };

/** The brackets still open at the end of `text`, outermost first. */
export function openBrackets(text: string): OpenBracket[] {
    const stack: OpenBracket[] = [];
    for (let i = 0; i < text.length; i++) {
        const c = text[i];
        if (c === '"') {
            for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
        } else if (c === ';' || c === '#' || (c === '/' && text[i + 1] === '/')) {
            while (i < text.length && text[i] !== '\n') i++;
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
