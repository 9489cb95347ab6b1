/** Bracket balance of LCPN text, skipping strings and comments (for messages and quick fixes about unclosed brackets). */
import { skipLiteral } from './comments.js';

export interface OpenBracket {
    char: string;
    /** Offset in the scanned text. */
    offset: number;
    closer: string;
}

const PAIRS: Record<string, string> = { '(': ')', '[': ']', '{': '}' };

/**
 * The brackets still open at the end of `text` (or of text[from, to)), outermost first. Strings,
 * comments and words (comments.ts) are stepped over whole.
 */
export function openBrackets(text: string, from = 0, to = text.length): OpenBracket[] {
    const stack: OpenBracket[] = [];
    for (let i = from; i < to; i++) {
        const skipped = skipLiteral(text, i, to);
        if (skipped > i) {
            i = skipped - 1;
            continue;
        }
        const c = text[i];
        if (PAIRS[c]) {
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
